"""Typed errors: what a player tried that the rules do not allow, and broken game records."""

from __future__ import annotations

from .. import protocol

RuleError = protocol.RuleError


class NotASeat(RuleError):
    code = "not_seated"


class NotInHand(RuleError):
    code = "not_in_hand"

    def __init__(self, message: str, seat: str | None = None, card: int | None = None):
        super().__init__(message, seat, card=card)
        self.card = card


class WrongCount(RuleError):
    code = "pick_count"


class GameOver(RuleError):
    code = "not_playing"


class BadSignal(RuleError):
    """Table talk the rules do not allow: not a co-op table, a colour not held, no such column."""

    code = "bad_signal"


class AlreadyRevealed(RuleError):
    """The choice names a turn whose cards are already revealed (a stale click)."""

    code = "stale"


class RecordError(protocol.RecordError):
    """A pop-record/1 that breaks a rule: one line naming set, turn and seat where they apply."""

    def __init__(
        self,
        message: str,
        *,
        set_number: int | None = None,
        turn_number: int | None = None,
        seat: str | None = None,
    ):
        where = []
        if set_number is not None:
            where.append(f"set {set_number}")
        if turn_number is not None:
            where.append(f"turn {turn_number}")
        if seat is not None:
            where.append(f"seat {seat}")
        line = f"{', '.join(where)}: {message}" if where else message
        super().__init__(line)
        self.set_number, self.turn_number, self.seat = set_number, turn_number, seat
