"""`demo_main(out_dir, seats=4, seed=1)`: a whole Colourist game among AI seats, offline, its
pictures written as numbered PNG files with alt.txt (the track and card of every round, every
reveal, the results); the game's colourist-record/1 JSON goes to stdout."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Literal

from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.events import ChoicesRevealed, GameEnded, WordsShown
from engine.colourist.game import ColouristState

from .. import kit
from ..cli import write_pictures
from .labels import LABELS_EN
from .pictures import card_picture, results_picture, reveal_picture, track_picture

NAMES = ("Ana", "Benedikt the Long-Named", "Cai", "Dörte", "Eun-ji", "Fumiko")
LEVELS = ("hard", "normal", "easy")


def play_pictures(
    seats: int,
    seed: int,
    length: Literal["short", "normal", "long"] = "short",
    lang: str = "en",
    labels: Mapping[str, str] = LABELS_EN,
    deal_seed: int | None = None,
) -> tuple[ColouristState, list[kit.Picture]]:
    """Play a seeded AI game (levels mixed by seat) and draw every picture it shows; dealt
    from `deal_seed` (a fair-deal proof's), else from `seed`, which also seeds the AI."""
    ids = [f"s{i + 1}" for i in range(seats)]
    names = dict(zip(ids, NAMES, strict=False))
    words = COLOURIST.words
    dealt = seed if deal_seed is None else deal_seed
    state, _ = COLOURIST.start_with_events(ColouristOptions(length=length), ids, dealt)
    pictures: list[kit.Picture] = []

    def table_pictures() -> None:
        v = COLOURIST.view(state, None)
        pictures.append(track_picture(v, names, labels))
        text = W.shown(words, v.words, lang) if v.words else None
        english = W.shown(words, v.words, "en") if v.words else None
        pictures.append(card_picture(v, text, names, labels, english))

    table_pictures()
    n = 0
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state), key=ids.index)[0]
        level = LEVELS[ids.index(seat) % len(LEVELS)]
        move = COLOURIST.ai_move(COLOURIST.view(state, seat), level, seed * 1000 + n)
        n += 1
        state, events = COLOURIST.apply(state, seat, move)
        for event in events:
            v = COLOURIST.view(state, None)
            if isinstance(event, ChoicesRevealed):
                assert v.last is not None
                pictures.append(
                    reveal_picture(
                        v,
                        v.last,
                        W.shown(words, v.last.words, lang),
                        names,
                        labels,
                        W.shown(words, v.last.words, "en"),
                    )
                )
            elif isinstance(event, GameEnded):
                pictures.append(results_picture(v, names, labels))
        if any(isinstance(e, WordsShown) for e in events) or (
            events and COLOURIST.view(state, None).phase == "picking"
        ):
            table_pictures()
    return state, pictures


def demo_main(
    out_dir: str,
    *,
    seats: int = 4,
    seed: int = 1,
    lang: str = "en",
    labels: Mapping[str, str] = LABELS_EN,
    deal_seed: int | None = None,
) -> int:
    """Write a whole AI game's pictures into `out_dir` (the words of `lang`, the pictures'
    words `labels`); the record to stdout. 0 on success."""
    try:
        state, pictures = play_pictures(seats, seed, lang=lang, labels=labels, deal_seed=deal_seed)
    except ValueError as e:  # e.g. a seat count the game does not allow
        print(f"demo: {e}", file=sys.stderr)
        return 2
    files = write_pictures(pictures, out_dir)
    print(json.dumps(COLOURIST.export_record(state)))
    print(f"{len(files)} pictures written to {out_dir}", file=sys.stderr)
    return 0
