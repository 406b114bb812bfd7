"""`pop-bot demo --game colourist`: a whole Colourist game among AI seats, offline (`demo_game`):
its record, and every picture its table showed (the track and card of every turn, every reveal,
the results), drawn as render/colourist/records.py draws a recorded game's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.game import ColouristState
from engine.protocol import Json

from ..kit import Picture
from .labels import LABELS_EN
from .records import pictures_after, table_pictures

NAMES = ("Ana", "Benedikt the Long-Named", "Cai", "Dörte", "Eun-ji", "Fumiko")
LEVELS = ("hard", "normal", "easy")


def play_pictures(
    seats: int,
    seed: int,
    length: Literal["short", "normal", "long"] = "short",
    lang: str = "en",
    labels: Mapping[str, str] = LABELS_EN,
    deal_seed: int | None = None,
) -> tuple[ColouristState, list[Picture]]:
    """Play a seeded AI game (levels mixed by seat) and draw every picture it shows; dealt
    from `deal_seed` (a fair-deal proof's), else from `seed`, which also seeds the AI."""
    ids = [f"s{i + 1}" for i in range(seats)]
    names = dict(zip(ids, NAMES, strict=False))
    dealt = seed if deal_seed is None else deal_seed
    state, _ = COLOURIST.start_with_events(ColouristOptions(length=length), ids, dealt)
    pictures = table_pictures(state, names, lang, labels)
    n = 0
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state), key=ids.index)[0]
        level = LEVELS[ids.index(seat) % len(LEVELS)]
        move = COLOURIST.ai_move(COLOURIST.view(state, seat), level, seed * 1000 + n)
        n += 1
        state, events = COLOURIST.apply(state, seat, move)
        pictures += pictures_after(state, events, names, lang, labels)
    return state, pictures


def demo_game(
    *,
    seats: int = 4,
    seed: int = 1,
    lang: str = "en",
    labels: Mapping[str, str] = LABELS_EN,
    deal_seed: int | None = None,
) -> tuple[dict[str, Json], list[Picture]]:
    """A whole AI game: its record and its pictures (the words of `lang`, the pictures' own
    words `labels`). ValueError for a seat count the game does not allow."""
    state, pictures = play_pictures(seats, seed, lang=lang, labels=labels, deal_seed=deal_seed)
    return COLOURIST.export_record(state), pictures
