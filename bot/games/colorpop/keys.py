"""Colorpop's families of text keys built at run time, from the engine's own lists: its entry
declares them when the game registers."""

from engine.colorpop import errors
from engine.colorpop.rules import LETTERS
from engine.colorpop.state import MODES
from render.colorpop.labels import WORDS
from render.colorpop.scenes import KINDS

RULE_ERRORS = (
    errors.NotSeated,
    errors.GameOver,
    errors.NotYourTurn,
    errors.EmptyCell,
    errors.JokerCell,
    errors.NoGroup,
)

TIE_BREAKS = (
    "none",
    "removed_own",
    "shared",
    "cleared",
)  # what decided (`cleared`: a side cleared)

KEYS: dict[str, tuple[str, ...]] = {
    "colorpop.mode": MODES,
    "colorpop.colour": LETTERS,
    "colorpop.tiebreak": TIE_BREAKS,
    "colorpop.picture": KINDS,  # the pictures' titles
    "colorpop.label": WORDS,  # the pictures' own words (render/colorpop/labels.py)
    # the codes of engine.colorpop.errors, as the table layer says them
    "refusal": tuple(error.code for error in RULE_ERRORS),
}
