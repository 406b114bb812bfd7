"""Typed errors: what a player tried that the rules do not allow, and broken game records."""

from __future__ import annotations


class RuleError(Exception):
    """An action the rules forbid. The state is left exactly as it was."""

    def __init__(self, message: str, seat: str | None = None):
        super().__init__(message)
        self.seat = seat


class NotASeat(RuleError):
    pass


class NotInHand(RuleError):
    def __init__(self, message: str, seat: str | None = None, card: int | None = None):
        super().__init__(message, seat)
        self.card = card


class WrongCount(RuleError):
    pass


class GameOver(RuleError):
    pass


class AlreadyRevealed(RuleError):
    """The choice names a turn whose cards are already revealed (a stale click)."""


class RecordError(ValueError):
    """A pop-record/1 that breaks a rule: one line naming set, turn and seat where they apply."""

    def __init__(self, message: str, *, set_number: int | None = None,
                 turn_number: int | None = None, seat: str | None = None):
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
