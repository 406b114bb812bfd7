"""Co-op table talk (§6): a seat says a colour it holds and the Queue letter it wants, never a
number. `announce` is what an AI seat says of its pick; `heard` reads what teammates said;
`public_columns` is the letter every seat names for each card, from public facts only."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

from ..cards import ALL_CARDS, COLOUR, COLOUR_NAMES, COLUMN_LETTERS
from ..grid import NUM_COLUMNS
from ..view import TableView

Signal = tuple[str, "str | int", "str | None"]  # (seat, colour, queue letter A-E or None)

# Co-op table talk: picks stay open until the turn is revealed, so once every AI seat has picked
# and spoken, each thinks again with what was said after its pick (a changed pick is announced),
# for at most this many rounds in all, the first pick included. The bot's tables and
# `bench ai` both play it so.
TALK_ROUNDS = 3


def announce(view: TableView, cards: Sequence[int]) -> Signal | None:
    """The table talk a cooperative AI offers for the card it picked: (seat, colour, letter),
    the letter being the column the card most likely lands in. Never a number (§6)."""
    if view.seat is None or len(cards) != 1:
        return None
    card = cards[0]
    column = public_columns(view).get(card, 2)
    return view.seat, COLOUR_NAMES[COLOUR[card]], COLUMN_LETTERS[column]


def heard(
    signals: Iterable[Signal], me: str, others: Sequence[str]
) -> dict[str, tuple[int, int | None]]:
    """What each teammate said: (colour index, column index or None), the latest counting."""
    # This seat's own signals, unknown seats and unknown colours are ignored, never an error.
    out: dict[str, tuple[int, int | None]] = {}
    for seat, colour, letter in signals:
        if seat == me or seat not in others:
            continue
        c = _colour_index(colour)
        if c is None:
            continue
        out[seat] = (c, _column_index(letter))
    return out


def _colour_index(colour: object) -> int | None:
    """A colour named ("Blue") or numbered (3), or None for anything else."""
    if isinstance(colour, str) and colour.strip().lower() in COLOUR_NAMES:
        return COLOUR_NAMES.index(colour.strip().lower())
    if isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour < 5:
        return colour
    return None


def _column_index(letter: object) -> int | None:
    """A single Queue letter ("c") as a column index, or None for anything else ("?", "AB")."""
    if isinstance(letter, str) and letter.upper() in COLUMN_LETTERS and len(letter) == 1:
        return COLUMN_LETTERS.index(letter.upper())
    return None


def public_columns(view: TableView) -> dict[int, int]:
    """The Queue letter (as a column index) a cooperative seat names for each card it might hold:
    the card's most likely column among the five revealed, judged from public facts only (the
    grid, the Chief's face-up card), so every seat can tell which cards a signal may mean. The
    letter grows with the card's number: a signal tells a range of numbers, never one (§6)."""
    seen = set(view.chief_face_up).union(view.chief_pile, *view.columns, *view.collected.values())
    pool = [c for c in ALL_CARDS if c not in seen]
    face_up = view.chief_face_up
    m = 5 - 1 - len(face_up)
    u = len(pool) - 1
    out = {}
    for below, card in enumerate(pool):  # `below`: pool cards under this one
        known_below = sum(1 for c in face_up if c < card)
        best, best_p = min(known_below, 4), -1.0
        if 0 < m <= u:
            for k in range(m + 1):
                rank = known_below + k
                if rank >= NUM_COLUMNS:
                    break
                p = comb(below, k) * comb(u - below, m - k)
                if p > best_p:
                    best, best_p = rank, p
        out[card] = best
    return out
