"""Typed errors: moves the rules forbid (a stable `code` each) and broken colorpop records."""

from __future__ import annotations

from .. import protocol


class ColorpopRuleError(protocol.RuleError):
    """Any move Colorpop forbids; `values` may hold `cell` (e.g. "C3")."""

    code = "rule"


class NotSeated(ColorpopRuleError):
    code = "not_seated"


class GameOver(ColorpopRuleError):
    code = "not_playing"  # the same situation, the same code, in every game


class NotYourTurn(ColorpopRuleError):
    code = "not_your_turn"


class EmptyCell(ColorpopRuleError):
    code = "empty_cell"


class JokerCell(ColorpopRuleError):
    code = "joker_cell"


class NoGroup(ColorpopRuleError):
    """The picked token is alone: no neighbour of its colour and no joker (§3)."""

    code = "no_group"


class RecordError(protocol.RecordError):
    """A colorpop-record/1 that breaks a rule: the page's one line (§8), e.g.
    `move 7 (ben): C9 is empty`."""

    def __init__(self, line: str, *, move: int | None = None, seat: str | None = None):
        super().__init__(line)
        self.move, self.seat = move, seat
