"""Colorpop at the table, one entry: its rules, its Discord face (`face.py`, built when the bot
runs), its command-line tools (`tools.py`), its own texts (data/colorpop/locales/) and the families
of run-time keys they fill (`keys.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.entry import hosted
from bot.ratings.rules import Rated, Standing
from engine.colorpop.adapter import COLORPOP
from engine.colorpop.game import sides
from engine.protocol import Json, Outcome

from .keys import KEYS
from .tools import TOOLS


def rating(_options: Mapping[str, Json], seats: Sequence[str], outcome: Outcome) -> Rated | None:
    """Competitive (free-for-all), duel and teams games are rated, each in a pool of its own;
    in teams the partners are one side (they win and score together). Solo games are not
    rated."""
    if outcome.mode == "solo":
        return None
    known = {s.seat: s for s in outcome.seats}
    standings = []
    for side in sides(outcome.mode, len(seats)):
        members = tuple(seats[i] for i in side)
        results = [known[seat] for seat in members if seat in known]
        if results:  # a side's result is any of its seats' (partners share theirs)
            won, score = any(r.won for r in results), max(r.score for r in results)
            standings.append(Standing(members, won, score))
    return Rated(outcome.mode, standings)


ENTRY = hosted(
    "colorpop",
    COLORPOP,
    "ColorpopFace",
    TOOLS,
    KEYS,
    rating=rating,
    pools=("competitive", "duel", "teams"),
    accent=0x1CB765,
    reviews=True,  # its expert judges a seat's decisions: an unrated game offers Review
)
