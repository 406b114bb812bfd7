"""`pop-bot render RECORD --out DIR`: every step of a recorded game as numbered PNG files.

Writes 001-board-s1-t1.png, 002-s1-t1-01-placed.png, … (a board before each reveal, then
one picture per placement step), then the results, and alt.txt listing every file's alt text.

A folder that already holds pictures from an earlier `render` or `demo` is cleared of those
pictures first (the files its alt.txt or index.txt lists, and that list), so old and new
pictures never mix; any other file in the folder is left alone.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from engine.pop.errors import RecordError
from engine.protocol import RecordError as UnreadableRecord
from engine.replay import parse_record

from .kit import Picture
from .pop.records import record_pictures

INDEXES = ("alt.txt", "index.txt")  # the lists of pictures `render` and `demo` write
# A picture named in an index: "001-board-s1-t1.png<TAB>…" or "001-start.png: …".
OUR_PICTURE = re.compile(r"^(\d{3}-[^\t/\\:]+\.png)(?:\t|: )")


class OutputError(Exception):
    """The pictures cannot be written where asked; the message is one line for the operator."""


def prepare_out(out_dir: str | Path) -> Path:
    """The folder for the pictures, created if needed and cleared of the pictures an earlier
    run wrote there (only those). OutputError when it is a file or cannot be created."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise OutputError(f"--out {out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name in INDEXES:
            index = out / name
            if not index.is_file():
                continue
            for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
                match = OUR_PICTURE.match(line)
                if match:
                    (out / match.group(1)).unlink(missing_ok=True)
            index.unlink()
    except OSError as e:
        raise OutputError(f"cannot write pictures to {out}: {e.strerror or e}") from None
    return out


def write_pictures(pictures: Sequence[Picture], out_dir: str | Path) -> list[Path]:
    """Write numbered PNG files and alt.txt (one "file<TAB>alt text" line each) into
    `out_dir`, after clearing an earlier run's pictures there; returns the files written.
    OutputError (one line) when the folder cannot be written."""
    out = prepare_out(out_dir)
    files, index = [], []
    try:
        for i, picture in enumerate(pictures, 1):
            path = out / f"{i:03d}-{picture.filename}"
            path.write_bytes(picture.png)
            files.append(path)
            index.append(f"{path.name}\t{' '.join(picture.alt.split())}")
        (out / "alt.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    except OSError as e:
        raise OutputError(f"cannot write pictures to {out}: {e.strerror or e}") from None
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
    except (OSError, UnicodeDecodeError) as e:
        print(f"{record_path}: cannot read: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return 1
    try:
        record = parse_record(text)
    except UnreadableRecord as e:
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
    except RecursionError:
        print(f"{record_path}: not a record that can be read: nested too deeply", file=sys.stderr)
        return 1
    try:
        write_pictures(pictures, out_dir)
    except OutputError as e:
        print(f"pop-bot render: {e}", file=sys.stderr)
        return 2
    print(f"{len(pictures)} pictures written to {Path(out_dir)}")
    return 0
