"""Alt texts: what each picture shows, in words, for screen readers (at most 1024 characters)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from engine.pop.cards import COLUMN_LETTERS, SYMBOLS, colour_name
from engine.pop.events import CHIEF
from engine.pop.modes import MODES
from engine.pop.results import CoopResult, GameResult, SoloResult, Tiebreak

from .scene import Frame

MAX_ALT = 1024  # Discord's limit for an attachment description

LEVELS = {
    "beginners": "Beginners",
    "apprentice_guards": "Apprentice Guards",
    "competent_guards": "Competent Guards",
    "expert_guards": "Expert Guards",
    "legendary_guards": "Legendary Guards",
}
TITLES = {
    "novice_guard": "Novice Guard",
    "bad_guard": "Bad Guard",
    "wicked_guard": "Wicked Guard",
    "renegade_guard": "Renegade Guard",
}
MODE_NAMES = {
    "competitive": "Competitive",
    "trick": "Trick",
    "coop": "Cooperative",
    "solo": "Solo",
    "enigma": "Enigma",
}


def plain_name(name: str, limit: int = 32) -> str:
    """A display name fit for alt text: no control characters, not too long."""
    text = "".join(ch for ch in str(name) if unicodedata.category(ch) not in ("Cc", "Cs"))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_words(card: int, short: bool = False) -> str:
    return str(card) if short else f"{card} {colour_name(card)}"


def cards_words(cards: Iterable[int], short: bool = False) -> str:
    return ", ".join(card_words(c, short) for c in cards)


def _who(f: Frame, seat: str | None) -> str:
    if seat is None:
        return "?"
    return "the Chief" if seat == CHIEF else plain_name(f.name_of(seat))


def _fit(parts: list[str]) -> str:
    text = " ".join(p for p in parts if p)
    if len(text) > MAX_ALT:
        text = text[: MAX_ALT - 1] + "…"
    return text


def board_alt(f: Frame) -> str:
    """Counters, the step, every card on the board column by column, each Queue card's row."""
    head = f"Turn {f.turn_number}/{f.turns_total}." if f.turns_total else f"Turn {f.turn_number}."
    if f.sets_total > 1:
        head = f"Set {f.set_number}/{f.sets_total}, " + head[0].lower() + head[1:]
    step = ""
    if f.kind == "placed":
        assert f.placed_card is not None
        assert f.highlight is not None
        step = (
            f"Step {f.step}: {_who(f, f.owner)} placed {card_words(f.placed_card)} "
            f"in column {COLUMN_LETTERS[f.highlight[0]]} (highlighted)."
        )
    elif f.kind == "exploded":
        chain = f" (chain {f.depth})" if f.depth else ""
        step = (
            f"Step {f.step}: explosion{chain}: {cards_words(f.marked_cards)} "
            f"explode (marked), for {_who(f, f.owner)}."
        )
    elif f.kind == "fell":
        step = f"Step {f.step}: the cards above fell into the gaps."
    incoming = ""
    if f.incoming:
        order = "E to A" if f.descending else "A to E"
        incoming = (
            "This turn's cards, columns A to E: "
            + ", ".join(f"{card} ({_who(f, owner)})" for card, owner in f.incoming)
            + f"; {f.arrows} arrow{'s' if f.arrows != 1 else ''}, placed {order}."
        )
    chief = ""
    if f.has_chief:
        bits = []
        if f.chief_face_up:
            bits.append(f"face-up card {cards_words(f.chief_face_up)}")
        if f.chief_pile:
            bits.append(
                f"waiting beside it {cards_words(f.chief_pile)} "
                f"({sum(SYMBOLS[c] for c in f.chief_pile)} symbols)"
            )
        chief = "Chief: " + ("; ".join(bits) if bits else "nothing waiting") + "."
    symbols = (
        "Symbols collected: "
        + ", ".join(f"{plain_name(n)} {s}" for n, s in zip(f.names, f.symbols, strict=True))
        + "."
    )
    rows = (
        "Queue cards by row from the top: "
        + ", ".join(f"{COLUMN_LETTERS[c]} {q - f.top_row + 1}" for c, q in enumerate(f.queues))
        + "."
    )
    for short in (False, True):
        grid = (
            "Columns top to bottom: "
            + "; ".join(
                f"{COLUMN_LETTERS[c]}: {cards_words(col, short) if col else 'empty'}"
                for c, col in enumerate(f.columns)
            )
            + "."
        )
        parts = [head, step, grid, rows, chief, symbols, incoming]
        text = " ".join(p for p in parts if p)
        if len(text) <= MAX_ALT:
            return text
        if len(" ".join(parts[:-1])) <= MAX_ALT:
            return " ".join(p for p in parts[:-1] if p)
    return _fit([head, step, grid, rows])


def hand_alt(
    cards: Iterable[int], selected: Iterable[int] = (), disabled: Iterable[int] = ()
) -> str:
    chosen, unavailable = set(selected), set(disabled)
    words = []
    for c in cards:
        w = card_words(c)
        if c in chosen:
            w += " (selected)"
        elif c in unavailable:
            w += " (cannot be chosen)"
        words.append(w)
    return _fit(
        [f"Your hand, {len(words)} card{'s' if len(words) != 1 else ''}:", ", ".join(words) + "."]
    )


def results_alt(
    mode: str,
    seats: Sequence[str],
    names: Sequence[str],
    set_scores: Sequence[Mapping[str, int]],
    totals: Mapping[str, int],
    winners: Sequence[str],
    tiebreak: Tiebreak | None,
    result: GameResult | None,
    title: str | None,
) -> str:
    spec = MODES[mode]
    parts = [f"{MODE_NAMES.get(mode, mode)} game over."]
    if result is not None:
        won = result.won
        parts.append("Won." if won else "Lost.")
        if isinstance(result, CoopResult):
            parts.append(
                f"Level: {LEVELS[result.level]}; cards left in each hand: {result.cards_left}."
            )
        elif spec.needs_puzzle:
            parts.append("The Enigma is solved." if won else "The Enigma is not solved.")
        if isinstance(result, SoloResult):
            parts.append(f"Turns: {result.turns}.")
        if title:
            parts.append(f"Title: {TITLES.get(title, title)}.")
    rows = []
    for i, seat in enumerate(seats):
        scores = [str(s.get(seat, 0)) for s in set_scores]
        per_set = " + ".join(scores) if len(scores) > 1 else (scores[0] if scores else "0")
        total = totals.get(seat, 0)
        rows.append(
            f"{plain_name(names[i])} {per_set}" + (f" = {total}" if len(scores) > 1 else "")
        )
    parts.append("Symbols per set: " + "; ".join(rows) + ".")
    if result is None:
        rule = spec.scoring
        named = ", ".join(plain_name(names[seats.index(w)]) for w in winners)
        parts.append(f"Winner{'s' if len(winners) > 1 else ''} ({rule} total): {named}.")
        if tiebreak == "card_in_hand":
            parts.append("The tie was broken by the fewest symbols on the card left in hand.")
        elif tiebreak == "shared":
            parts.append("Still tied after the card left in hand: a shared victory.")
    return _fit(parts)
