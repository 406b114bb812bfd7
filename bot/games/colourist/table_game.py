"""Colourist as the table layer plays it: the engine's game, with two table-side rules.

- A seat's choice is secret and changes nothing in public but "who has chosen": its
  `SeatChose` event is dropped unless the move also reveals the round. The table layer treats
  any event as a new turn (new epoch, new table message), which would make every other seat's
  open colour buttons stale after each choice; the table text is edited in place instead.
- A game is dealt only for at least one human seat, and only from a sound word list: both
  are refused at Start (and Rematch) with a clear message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from engine.colourist.adapter import ColouristGame
from engine.colourist.events import SeatChose
from engine.colourist.game import ColouristState, Move
from engine.colourist.words import WordListError, shipped_words

from ...face import Refusal

AI_SEAT_PREFIX = "ai-"  # bot.table.Table.next_ai_id: AI chairs are "ai-1", "ai-2", …


def word_list_problem() -> str | None:
    """What is wrong with the shipped word list (one line), or None when it is sound."""
    try:
        shipped_words()
    except WordListError as e:
        return str(e)
    return None


class TableColourist(ColouristGame):
    def start(self, options: BaseModel, seats: Sequence[str], seed: int) -> ColouristState:
        if seats and all(s.startswith(AI_SEAT_PREFIX) for s in seats):
            raise Refusal("colourist.refusal.no_human")
        problem = word_list_problem()
        if problem is not None:
            raise Refusal("colourist.refusal.words", error=problem)
        return super().start(options, seats, seed)

    def apply(
        self, state: ColouristState, seat: str, move: Move
    ) -> tuple[ColouristState, list[Any]]:
        after, events = super().apply(state, seat, move)
        if all(isinstance(e, SeatChose) for e in events):
            return after, []  # a secret laid face down: only "who has chosen" changes
        return after, events


TABLE_COLOURIST = TableColourist()
