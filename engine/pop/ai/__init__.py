"""Computer players. They see only their own seat's view: never another hand, never a
face-down Chief card, never the draw pile's order.

`choose_cards(view, level, rng, signals=())` is the one entry point, for every mode:

- competitive: collect as few explosion symbols as possible (relative to the others);
- Trick: collect as many as possible;
- cooperative: avoid every explosion, this turn and the turns after; teammates' public signals
  `(seat, colour, queue letter)` (the table talk of §6) narrow down what they are about to play,
  and `announce` gives this seat's own (a colour and a letter, never a number);
- solo and Enigma: clear the grid.

Levels:

- "hard": determinization (Monte Carlo). The cards this seat cannot see are the 50 minus what
  the view shows (its hand, the grid, the Chief's face-up card, every collected card, the Chief's
  pile); each sample deals the others' picks and the Chief's face-down cards from them, and every
  candidate pick is played out on a copy of the grid with the engine's own `place_turn` (common
  random numbers: every candidate meets the same samples). Solo and Enigma have no hidden card
  in a turn, so every 5-card pick is played out exactly and the grids it leaves are judged.
- "normal": a one-ply heuristic. Each card is placed alone in every column on a copy of the grid,
  and the outcomes are weighted by the chance that the card lands in that column (its rank among
  the five revealed cards, from the hypergeometric law of the unseen cards).
- Cooperative tables, normal and hard alike (`coop.plan_pick`): samples of the unseen cards
  that fit the signals; first many cheap "is this card safe this turn?" samples (`COOP_NOW`),
  then only the candidates within `COOP_SAFE_SLACK` of the safest are judged by how many turns
  a team could then survive (a depth-first search over whole turns); hard takes more samples
  than normal.
- "easy": mostly random among the legal picks (a normal pick one time in four).

Everything is deterministic given `rng`; nothing here changes the view.

The modules: `knowledge` (what a seat knows: the unseen cards, samples of the others' picks),
`competitive` (hard and normal with hidden cards: competitive and Trick), `coop` (the
cooperative planner), `rows` (safe rows and plans, shared with the see-all ceiling), `talk`
(table talk: `announce`, what was heard, `TALK_ROUNDS`) and `solo` (solo and Enigma).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import chain

from ..cards import COLOUR
from ..view import TableView
from .competitive import heuristic_pick, monte_carlo_pick
from .coop import plan_pick
from .knowledge import KnownTable
from .rows import plan_depth, safe_rows, safe_with
from .solo import solo_pick
from .talk import TALK_ROUNDS, Signal, announce, public_columns

__all__ = [
    "ALL_LEVELS",
    "COLOUR",
    "LEVELS",
    "TALK_ROUNDS",
    "Signal",
    "_Table",
    "_plan_depth",
    "_safe_rows",
    "_safe_with",
    "announce",
    "choose_cards",
    "public_columns",
]

LEVELS = ("easy", "normal", "hard")
ALL_LEVELS = (*LEVELS, "expert")  # expert searches apart, in engine.pop.expert

# How many single-placement simulations a hard decision may spend (about 6 us each): the
# decision-time budget is p95 <= 200 ms on one core (`pop-bot bench ai` measures it).
HARD_SIMULATIONS = 2000
EASY_RANDOM_SHARE = 0.75
# Cooperative planning (`coop.plan_pick`): per level, (fewest samples, search nodes per
# decision), and the samples of "is this card safe this turn?" (cheap, no planning).
COOP_PLAN = {"easy": (6, 600), "normal": (12, 1200), "hard": (16, 1600)}
COOP_NOW = {"easy": 20, "normal": 120, "hard": 160}

# The names tests and tools imported when the AI was a single module.
_Table = KnownTable
_safe_rows, _safe_with, _plan_depth = safe_rows, safe_with, plan_depth


def choose_cards(
    view: TableView, level: str, rng: random.Random, signals: Iterable[Signal] = ()
) -> list[int]:
    """Exactly `view.cards_to_choose` cards of `view.hand`, sorted; [] when the seat cannot act.

    The table talk heard is the view's `talk`, then `signals` (what a game played without a
    table, a bench's or a demo's, says): of two signals from one seat, the later counts."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; one of {', '.join(ALL_LEVELS)}")
    need = view.cards_to_choose
    if need == 0 or view.seat is None or len(view.hand) < need:
        return []
    if level == "expert":
        from ..expert import choose  # imports this package: loaded when first asked for

        return list(choose(view, rng.getrandbits(64), signals))
    table = KnownTable(view, chain(view.talk, signals))
    if level == "easy" and rng.random() < EASY_RANDOM_SHARE:
        return sorted(rng.sample(table.hand, need))
    if table.spec.alone:
        return sorted(solo_pick(table, level, rng))
    if table.spec.cooperative and need == 1:
        samples, budget = COOP_PLAN[level]
        return [plan_pick(table, view, rng, samples, budget, COOP_NOW[level])]
    if level == "hard":
        return sorted(monte_carlo_pick(table, rng, HARD_SIMULATIONS))
    return sorted(heuristic_pick(table, rng))
