"""`pop-bot demo`: a whole game among AI seats, offline — no Discord at all.

The pictures (the board before each reveal, every placement step, the results) go to a folder
as numbered PNG files with alt.txt, exactly as `pop-bot render` draws a record; the game's
pop-record/1 JSON goes to stdout, so `pop-bot demo | pop-bot replay -` checks it.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from engine.pop.ai import announce, choose_cards
from engine.pop.enigma import load_pack, puzzle_deal
from engine.pop.game import new_game, play_turn
from engine.pop.modes import MODES
from engine.pop.record import export_record
from engine.pop.view import view

from .cli import record_pictures

AI_NAMES = ("ada", "bo", "cy", "dee", "eli")


def play_demo(mode: str = "competitive", seats: int = 4, level: str = "hard", seed: int = 1,
              sets: int = 1) -> dict:
    """Play a game among AI seats of one level; returns its pop-record/1."""
    spec = MODES.get(mode)  # None: new_game says what is wrong with the mode
    if spec is not None and spec.alone:
        seats = 1
    names = list(AI_NAMES[:seats])
    if spec is not None and spec.needs_puzzle:
        pack = load_pack()
        puzzle = pack[seed % len(pack)]
        state = new_game(mode, names, seed=0, puzzle=puzzle_deal(puzzle, names[0]))
    else:
        difficulties = spec.difficulties if spec is not None else ()
        state = new_game(mode, names, seed=seed, sets=sets,
                         difficulty=difficulties[seed % len(difficulties)] if difficulties
                         else None)
    rngs = {name: random.Random(seed * 101 + i) for i, name in enumerate(names)}
    while state.phase == "choosing":
        plays: dict[str, list[int]] = {}
        signals: list = []
        for name in names:
            v = view(state, name)  # an AI sees its own view only
            plays[name] = choose_cards(v, level, rngs[name], signals)
            if state.spec.cooperative:
                said = announce(v, plays[name])
                if said:
                    signals.append(said)
        play_turn(state, plays, steps=False)
    return export_record(state)


def write_pictures(record: dict, out_dir: str | Path) -> list[Path]:
    """Draw every picture of a record into `out_dir`; returns the files written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files, index = [], []
    for i, picture in enumerate(record_pictures(record), 1):
        path = out / f"{i:03d}-{picture.filename}"
        path.write_bytes(picture.png)
        files.append(path)
        index.append(f"{path.name}\t{picture.alt}")
    (out / "alt.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    return files


def demo_main(out_dir: str, *, mode: str = "competitive", seats: int = 4, level: str = "hard",
              seed: int = 1, sets: int = 1) -> int:
    try:
        record = play_demo(mode, seats, level, seed, sets)
    except ValueError as e:  # e.g. a seat count the mode does not allow
        print(f"demo: {e}", file=sys.stderr)
        return 2
    files = write_pictures(record, out_dir)
    print(json.dumps(record))
    print(f"{len(files)} pictures written to {out_dir}", file=sys.stderr)
    return 0
