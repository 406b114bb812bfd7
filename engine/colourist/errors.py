"""Typed errors: moves the rules forbid (a stable `code` each) and broken game records."""

from __future__ import annotations

from .. import protocol

RuleError = protocol.RuleError


class NotSeated(RuleError):
    code = "not_seated"


class GameOver(RuleError):
    code = "not_playing"


class NotColourist(RuleError):
    """Only the colourist keeps the phrase on a double field."""

    code = "not_colourist"


class NotPicking(RuleError):
    """A phrase is kept only on a double field, before the word is shown."""

    code = "not_picking"


class PhrasePending(RuleError):
    """Cards are chosen once the word is shown; the colourist is still keeping the phrase."""

    code = "phrase_pending"


class NoSuchWord(RuleError):
    """The kept noun or adjective is not one of the two drawn (index 0 or 1)."""

    code = "no_such_word"


class NotACard(RuleError):
    """The card is neither one of the nine colours nor the Joker."""

    code = "not_a_card"


class AlreadyChosen(RuleError):
    """Choices are final once made (rules §3.4: a card laid face down)."""

    code = "already_chosen"


class ColouristNoJoker(RuleError):
    code = "colourist_no_joker"


class JokerUsed(RuleError):
    """A seat's Joker is played once per game (rules §3.6)."""

    code = "joker_used"


class RecordError(protocol.RecordError):
    """A colourist-record/1 that breaks a rule: `CODE: text`, one line, naming the round (from
    1), the colourist and the seat where they apply (rules §8)."""

    def __init__(
        self,
        code: str,
        text: str,
        *,
        round_number: int | None = None,
        colourist: str | None = None,
        seat: str | None = None,
    ) -> None:
        where = []
        if round_number is not None:
            where.append(
                f"round {round_number}"
                + (f" (colourist {colourist})" if colourist is not None else "")
            )
        if seat is not None:
            where.append(f"seat {seat}")
        line = f"{code}: {', '.join(where)}: {text}" if where else f"{code}: {text}"
        super().__init__(" ".join(line.split()))  # one line, whatever a name holds
        self.code = code
