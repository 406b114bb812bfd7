"""The kinds of challenge Pop can be (`/challenge new game:pop mode:`): a solo deal (fewest
turns to clear the grid), an Enigma (a puzzle of the pack, tried until solved: fewest tries),
a cooperative deal played with two AI partners (the highest level), the same cooperative deal
played by groups of members (3 to 5 seats, AI seats filling the rest: each group's table
ranked once, won first, then the highest level) and a competitive deal against three AI seats
(a win, then the lowest total). One set each."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.model.challenge import ChallengeKind, Measure, turns
from engine.pop.adapter import PopOptions, enigma_pack
from engine.pop.modes import MODES
from engine.pop.results import COOP_LEVELS


def _options(mode: str) -> Any:
    return lambda _rng: PopOptions(mode=mode, sets=1).model_dump()  # type: ignore[arg-type]


def _puzzle(rng: random.Random) -> dict[str, Any]:
    puzzle = rng.choice(sorted(enigma_pack()))
    return PopOptions(mode="enigma", puzzle_id=puzzle).model_dump()


def _level(details: Mapping[str, Any]) -> int:
    """A cooperative game's level as its number, 1 (beginners) to 5 (its stars; 0: none): the
    results keep its name."""
    level = details.get("level")
    if isinstance(level, int):
        return level
    return COOP_LEVELS.index(level) + 1 if level in COOP_LEVELS else 0


def _first(won: bool) -> int:
    return 0 if won else 1


def _no_measure(_won: bool, _score: int, _details: Mapping[str, Any]) -> Measure:
    return ()


KINDS: dict[str, ChallengeKind] = {
    "solo": ChallengeKind(
        _options("solo"),
        rank=lambda won, _score, d: (_first(won), turns(d)),
        measure=lambda _won, _score, d: (("turns", turns(d)),),
    ),
    "enigma": ChallengeKind(
        _puzzle,
        rank=lambda won, _score, _d: (_first(won),),
        measure=_no_measure,
        private=True,
        tries=True,
    ),
    "coop": ChallengeKind(
        _options("coop"),
        rank=lambda won, _score, d: (_first(won), -_level(d)),
        measure=lambda _won, _score, d: (("level", _level(d)),),
        seats=3,
    ),
    "group": ChallengeKind(
        _options("coop"),
        rank=lambda won, _score, d: (_first(won), -_level(d)),
        measure=lambda _won, _score, d: (("level", _level(d)),),
        seats=3,
        group=True,
        seat_choice=MODES["coop"].seats,  # cooperative Pop's seats (rules §6): 3 to 5
    ),
    "competitive": ChallengeKind(
        _options("competitive"),
        rank=lambda won, score, _d: (_first(won), score),
        measure=lambda _won, score, _d: (("points", score),),
        seats=4,
    ),
}
