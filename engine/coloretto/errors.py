"""Typed errors: moves the rules forbid (each with a stable `code`), and broken records."""

from __future__ import annotations

from .. import protocol


class ColorettoRuleError(protocol.RuleError):
    """Any Coloretto move the rules forbid; subclasses name the reason in `code`."""

    code = "rule"


class NotSeated(ColorettoRuleError):
    code = "not_seated"


class GameOver(ColorettoRuleError):
    code = "not_playing"


class NotYourTurn(ColorettoRuleError):
    code = "not_your_turn"


class MustPlaceDrawnCard(ColorettoRuleError):
    """The seat drew a card and must place it before anything else."""

    code = "must_place_drawn_card"


class NothingToPlace(ColorettoRuleError):
    """A place move with no card drawn: draw first."""

    code = "nothing_drawn"


class PileEmpty(ColorettoRuleError):
    code = "pile_empty"


class MustTake(ColorettoRuleError):
    """A draw while every open row is full: the seat must take a row."""

    code = "must_take"


class NoSuchRow(ColorettoRuleError):
    code = "no_such_row"


class RowTaken(ColorettoRuleError):
    code = "row_taken"


class RowFull(ColorettoRuleError):
    code = "row_full"


class RowEmpty(ColorettoRuleError):
    code = "row_empty"


class RecordError(protocol.RecordError):
    """A coloretto-record/1 that breaks a rule: the message is exactly `CODE: text` (§7)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.code = code
