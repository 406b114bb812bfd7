"""The kind of challenge Colorpop can be (`/challenge new game:colorpop mode:solo`): one solo
board with one secret colour, ranked by a win, then the most of it taken off, then the
fewest moves."""

from __future__ import annotations

from bot.model.challenge import ChallengeKind, turns
from engine.colorpop.adapter import ColorpopOptions

KINDS: dict[str, ChallengeKind] = {
    "solo": ChallengeKind(
        lambda _rng: ColorpopOptions(mode="solo", solo_colours=1).model_dump(),
        rank=lambda won, score, d: (0 if won else 1, -score, turns(d)),
        measure=lambda _won, score, d: (("score", score), ("turns", turns(d))),
    ),
}
