"""`pop-bot render RECORD --out DIR`: every step of a recorded game as numbered PNG files.

Writes 001-board-s1-t1.png, 002-s1-t1-01-placed.png, … (a board before each reveal, then
one picture per placement step), then the results, and alt.txt listing every file's alt text.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.pop.errors import RecordError
from engine.pop.events import Revealed
from engine.pop.record import replay
from engine.pop.view import view

from .pictures import Picture, frame_picture, results_picture
from .scene import Scene


def record_pictures(record: object) -> list[Picture]:
    """Every picture of a recorded game, in order. Raises RecordError for a broken record."""
    r = replay(record)
    state = r.state
    scene = Scene(state.mode, state.seats, sets_total=state.sets_total)
    pictures = []
    for event in r.events:
        if isinstance(event, Revealed):  # the board the players chose from
            pictures.append(frame_picture(scene.frame("board")))
        frame = scene.apply(event)
        if frame is not None:
            pictures.append(frame_picture(frame))
    pictures.append(results_picture(view(state)))
    return pictures


def render_main(record_path: str, out_dir: str) -> int:
    try:
        text = sys.stdin.read() if record_path == "-" else Path(record_path).read_text()
        record = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        print(f"{record_path}: cannot read a JSON record: {e}", file=sys.stderr)
        return 1
    try:
        pictures = record_pictures(record)
    except RecordError as e:
        print(f"{record_path}: {e}", file=sys.stderr)
        return 1
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for i, picture in enumerate(pictures, 1):
        name = f"{i:03d}-{picture.filename}"
        (out / name).write_bytes(picture.png)
        index.append(f"{name}\t{picture.alt}")
    (out / "alt.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    print(f"{len(pictures)} pictures written to {out}")
    return 0
