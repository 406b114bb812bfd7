"""Pop at the table, one entry: its rules, its Discord face (`face.py`, built when the bot
runs), its command-line tools (`tools.py`), its own texts (data/pop/locales/) and the families
of run-time keys they fill (`keys.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.entry import hosted
from bot.ratings.rules import Rated, Standing
from engine.pop.adapter import POP
from engine.pop.modes import MODES
from engine.protocol import Json, Outcome

from .keys import KEYS
from .tools import TOOLS


def rating(_options: Mapping[str, Json], _seats: Sequence[str], outcome: Outcome) -> Rated | None:
    """Competitive and Trick games are rated, each in a pool of its own (opposite goals), every
    seat on its own: the winners first, then the lower total in competitive (it wins there),
    the higher in Trick. Co-op, solo and Enigma games are not rated."""
    spec = MODES[outcome.mode]
    if not spec.competitive:
        return None
    sign = -1 if spec.scoring == "lowest" else 1
    return Rated(outcome.mode, [Standing((s.seat,), s.won, sign * s.score) for s in outcome.seats])


ENTRY = hosted(
    "pop",
    POP,
    "PopFace",
    TOOLS,
    KEYS,
    rating=rating,
    pools=tuple(m for m, spec in MODES.items() if spec.competitive),
    accent=0x8C6090,
    reviews=True,  # its expert judges a seat's decisions: an unrated game offers Review
)
