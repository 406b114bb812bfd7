"""`pop-bot render RECORD --out DIR`: every step of a recorded game as numbered PNG files.

Writes 001-board-s1-t1.png, 002-s1-t1-01-placed.png, … (a board before each reveal, then
one picture per placement step), then the results, and alt.txt listing every file's alt text.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from engine.pop.errors import RecordError

from .kit import Picture
from .pop.records import record_pictures


def write_pictures(pictures: Sequence[Picture], out_dir: str | Path) -> list[Path]:
    """Write numbered PNG files and alt.txt (one "file<TAB>alt text" line each) into
    `out_dir`; returns the files written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files, index = [], []
    for i, picture in enumerate(pictures, 1):
        path = out / f"{i:03d}-{picture.filename}"
        path.write_bytes(picture.png)
        files.append(path)
        index.append(f"{path.name}\t{picture.alt}")
    (out / "alt.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    return files


def _record_pictures_of(game: str) -> Callable[[object], list[Picture]] | None:
    """A game's own `render.<game>.records.record_pictures`, if it has one."""
    if not game.isidentifier():
        return None
    try:
        module = importlib.import_module(f"render.{game}.records")
    except ModuleNotFoundError:
        return None
    draw: Callable[[object], list[Picture]] | None = getattr(module, "record_pictures", None)
    return draw


def render_main(record_path: str, out_dir: str) -> int:
    try:
        text = sys.stdin.read() if record_path == "-" else Path(record_path).read_text()
        record = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        print(f"{record_path}: cannot read a JSON record: {e}", file=sys.stderr)
        return 1
    fmt = record.get("format") if isinstance(record, dict) else None
    if isinstance(fmt, str) and not fmt.startswith("pop-record/"):
        game = fmt.split("-record/")[0]
        draw = _record_pictures_of(game)
        if draw is None:
            print(
                f"{record_path}: pictures of {fmt} records are not drawn by `pop-bot render`"
                f" yet; `pop-bot demo --game {game}` draws a whole game",
                file=sys.stderr,
            )
            return 2
    else:
        draw = record_pictures
    try:
        pictures = draw(record)
    except (RecordError, ValueError) as e:
        print(f"{record_path}: {e}", file=sys.stderr)
        return 1
    write_pictures(pictures, out_dir)
    print(f"{len(pictures)} pictures written to {Path(out_dir)}")
    return 0
