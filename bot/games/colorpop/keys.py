"""Colorpop's families of text keys built at run time, declared from the engine's own lists."""

from engine.colorpop import errors
from engine.colorpop.rules import LETTERS
from engine.colorpop.state import MODES

from ...i18n import declare_keys

RULE_ERRORS = (
    errors.NotSeated,
    errors.GameOver,
    errors.NotYourTurn,
    errors.EmptyCell,
    errors.JokerCell,
    errors.NoGroup,
)

declare_keys(
    {
        "colorpop.mode": MODES,
        "colorpop.colour": LETTERS,
        "colorpop.tiebreak": ("none", "removed_own", "shared", "cleared"),
        # the codes of engine.colorpop.errors, as the table layer says them
        "refusal": tuple(error.code for error in RULE_ERRORS),
    }
)
