"""Alt texts: what each picture shows, in words, for screen readers (at most 1024 characters).

A board picture (the table while the players choose) describes the whole table. A step picture
says what changed in that step only: who placed which card where and what it touches, which
cards exploded where, which cards fell and how far, who scored what, and the end of a
cooperative game. The whole grid is in the turn's board picture; a step does not repeat it.

Every word comes from `t(key, **values)`: `ALT_EN` lists the English texts by key (a dict of
plural forms where a count `n` chooses), and the bot gives the same keys in the table's language
(`pop.alt.<word>`, and its own `colour.*`, `level.*`, `title.*`, `mode.*` and `chief`).
Only a frame's public facts are read, so a card still in someone's hand is never named.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence

from engine.pop.cards import COLUMN_LETTERS, SYMBOLS, colour_name
from engine.pop.events import CHIEF
from engine.pop.modes import MODES, ModeSpec
from engine.pop.results import CoopResult, GameResult, SoloResult, Tiebreak

from .scene import Frame

MAX_ALT = 1024  # Discord's limit for an attachment description

Translate = Callable[..., str]

# The English texts, by key. A dict gives plural forms, chosen by the value `n`.
ALT_EN: dict[str, str | dict[str, str]] = {
    # Where we are
    "alt.set_turn": "Set {set}/{sets}, turn {turn}/{turns}.",
    "alt.turn_of": "Turn {turn}/{turns}.",
    "alt.turn": "Turn {turn}.",
    "alt.step": "Step {step}:",
    "alt.card": "{n} {colour}",
    # A placement
    "alt.revealed": {
        "one": "Revealed: {cards}; {n} arrow, placed {order}.",
        "other": "Revealed: {cards}; {n} arrows, placed {order}.",
    },
    "alt.revealed_card": "{card} ({who})",
    "alt.a_to_e": "A to E",
    "alt.e_to_a": "E to A",
    "alt.placed": "{who} placed {card} in column {column}, row {row} (highlighted).",
    "alt.touches": "It touches {cards}.",
    "alt.touches_nothing": "It touches no card.",
    "alt.above": "{card} above",
    "alt.left": "{card} on the left",
    "alt.right": "{card} on the right",
    "alt.next": "Still to place: {cards}.",
    "alt.next_card": "{card} ({who}) in column {column}",
    # An explosion
    "alt.exploded": {
        "one": "{n} card explodes for {who} (marked): {cards}.",
        "other": "{n} cards explode for {who} (marked): {cards}.",
    },
    "alt.chain": {
        "one": "Chain ×{depth}: {n} card explodes for {who} (marked): {cards}.",
        "other": "Chain ×{depth}: {n} cards explode for {who} (marked): {cards}.",
    },
    "alt.in_column": "column {column}: {cards}",
    "alt.coop_over": "Any explosion ends the cooperative game: the group has lost.",
    "alt.never_placed": "Never placed: {cards}.",
    # The fall
    "alt.fell": {
        "one": "In column {column}, {cards} fell {n} row.",
        "other": "In column {column}, {cards} fell {n} rows.",
    },
    "alt.nothing_fell": "No card stood above the gaps: nothing fell.",
    "alt.fell_any": "The cards above fell into the gaps.",
    "alt.scored": {
        "one": "Cards collected by {who}: {cards}; +{n} symbol, {total} in all.",
        "other": "Cards collected by {who}: {cards}; +{n} symbols, {total} in all.",
    },
    "alt.with_chief_pile": {
        "one": "That includes {n} card that waited beside the Chief.",
        "other": "That includes {n} cards that waited beside the Chief.",
    },
    "alt.chief_keeps": {
        "one": "The cards wait beside the Chief: {n} card now.",
        "other": "The cards wait beside the Chief: {n} cards now.",
    },
    "alt.chief_loses": "The Chief's cards are lost: nobody collects them.",
    "alt.game_over": "Game over.",
    # The whole table (board pictures)
    "alt.columns": "Columns top to bottom: {columns}.",
    "alt.column": "{column}: {cards}",
    "alt.empty": "empty",
    "alt.queue_rows": "Queue cards by row from the top: {rows}.",
    "alt.queue_row": "{column} {row}",
    "alt.chief_face_up": "The Chief shows {card} face up.",
    "alt.chief_pile": {
        "one": "Beside the Chief waits {cards} ({n} symbol).",
        "other": "Beside the Chief wait {cards} ({n} symbols).",
    },
    "alt.symbols": "Symbols collected: {scores}.",
    "alt.score": "{name} {n}",
    # Hands
    "alt.hand": {"one": "Your hand, {n} card: {cards}.", "other": "Your hand, {n} cards: {cards}."},
    "alt.selected": "{card} (selected)",
    "alt.unavailable": "{card} (cannot be chosen)",
    # Results
    "alt.results": "Game over: {mode}.",
    "alt.won": "Won.",
    "alt.lost": "Lost.",
    "alt.coop_level": {
        "one": "The group reached {level}; {n} card was left in each hand.",
        "other": "The group reached {level}; {n} cards were left in each hand.",
    },
    "alt.enigma_solved": "The Enigma is solved.",
    "alt.enigma_not_solved": "The Enigma is not solved.",
    "alt.solo_turns": {"one": "{n} turn played.", "other": "{n} turns played."},
    "alt.title": "Title: {title}.",
    "alt.set_scores": "Symbols per set: {rows}.",
    "alt.seat_sets": "{name} {sets} = {total}",
    "alt.seat_set": "{name} {total}",
    "alt.lowest_wins": {
        "one": "The lowest total wins: {names}.",
        "other": "The lowest total wins, shared by {names}.",
    },
    "alt.highest_wins": {
        "one": "The highest total wins: {names}.",
        "other": "The highest total wins, shared by {names}.",
    },
    "alt.tie_card": "The tie was broken by the fewest symbols on the card left in hand.",
    "alt.tie_shared": "Still tied after the card left in hand: the victory is shared.",
    "alt.tie_cards": "Cards left in hand: {cards}.",
    # Words the bot takes from its own families, and the list separator every text shares
    "list.separator": ", ",
    "chief": "the Chief",
    "colour.red": "red",
    "colour.yellow": "yellow",
    "colour.green": "green",
    "colour.blue": "blue",
    "colour.purple": "purple",
    "mode.competitive": "competitive",
    "mode.trick": "trick",
    "mode.coop": "cooperative",
    "mode.solo": "solo",
    "mode.enigma": "enigma",
    "level.beginners": "Beginners",
    "level.apprentice_guards": "Apprentice Guards",
    "level.competent_guards": "Competent Guards",
    "level.expert_guards": "Expert Guards",
    "level.legendary_guards": "Legendary Guards",
    "title.novice_guard": "Novice Guard",
    "title.bad_guard": "Bad Guard",
    "title.wicked_guard": "Wicked Guard",
    "title.renegade_guard": "Renegade Guard",
}


def english(key: str, **values: object) -> str:
    """The English `t`: ALT_EN's text for `key` (its plural form for `n`), filled in."""
    entry = ALT_EN[key]
    if isinstance(entry, dict):
        entry = entry["one"] if values.get("n") == 1 else entry["other"]
    return entry.format(**values)


def plain_name(name: str, limit: int = 32) -> str:
    """A display name fit for alt text: no control characters, not too long."""
    text = "".join(ch for ch in str(name) if unicodedata.category(ch) not in ("Cc", "Cs"))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def card_words(card: int, short: bool = False, t: Translate = english) -> str:
    return str(card) if short else t("alt.card", n=card, colour=t(f"colour.{colour_name(card)}"))


def listed(items: Iterable[str], t: Translate = english) -> str:
    """Items one after another as the language writes a list ("12, 17"; Japanese "12、17")."""
    return t("list.separator").join(items)


def cards_words(cards: Iterable[int], short: bool = False, t: Translate = english) -> str:
    return listed((card_words(c, short, t) for c in cards), t)


def _fit(parts: Sequence[str]) -> str:
    text = " ".join(p for p in parts if p)
    if len(text) > MAX_ALT:
        text = text[: MAX_ALT - 1] + "…"
    return text


def _sentences(parts: Sequence[str], t: Translate) -> list[str]:
    """Sentences that open with "the Chief" open with a capital ("The Chief placed …")."""
    chief = t("chief")
    return [p[:1].upper() + p[1:] if p.startswith(chief) else p for p in parts]


def _first_that_fits(*versions: Sequence[str]) -> str:
    """The first version (a list of sentences) within Discord's limit; else the last, cut."""
    for parts in versions:
        text = " ".join(p for p in parts if p)
        if len(text) <= MAX_ALT:
            return text
    return _fit(versions[-1])


def _who(f: Frame, seat: str | None, t: Translate) -> str:
    if seat is None:
        return "?"
    return t("chief") if seat == CHIEF else plain_name(f.name_of(seat))


def _head(f: Frame, t: Translate) -> str:
    if f.turns_total is None:
        return t("alt.turn", turn=f.turn_number)
    if f.sets_total > 1:
        return t(
            "alt.set_turn",
            set=f.set_number,
            sets=f.sets_total,
            turn=f.turn_number,
            turns=f.turns_total,
        )
    return t("alt.turn_of", turn=f.turn_number, turns=f.turns_total)


def _row(f: Frame, absolute: int) -> int:
    """A row as the picture counts it: 1 is the top row drawn."""
    return absolute - f.top_row + 1


def _placement_order(f: Frame) -> list[int]:
    return [4, 3, 2, 1, 0] if f.descending else [0, 1, 2, 3, 4]


def _still_to_place(f: Frame, t: Translate, short: bool) -> list[tuple[int, str]]:
    """The revealed cards not placed yet, in the order they will be placed: (column, words)."""
    cards = dict(enumerate(f.incoming))
    return [
        (
            c,
            t(
                "alt.next_card",
                card=card_words(cards[c][0], short, t),
                who=_who(f, cards[c][1], t),
                column=COLUMN_LETTERS[c],
            ),
        )
        for c in _placement_order(f)
        if c in cards and c not in f.placed_columns
    ]


def _coop_over(f: Frame) -> bool:
    """A cooperative game ends at its first explosion: this frame is part of that end."""
    return MODES[f.mode].cooperative and f.kind in ("exploded", "fell")


# --- Step pictures ----------------------------------------------------------------------------


def _placed(f: Frame, t: Translate, short: bool) -> list[str]:
    assert f.placed_card is not None
    assert f.highlight is not None
    column, row = f.highlight
    parts = []
    if f.step == 1 and f.incoming:
        order = t("alt.e_to_a" if f.descending else "alt.a_to_e")
        revealed = listed(
            (
                t("alt.revealed_card", card=card_words(card, short, t), who=_who(f, owner, t))
                for card, owner in f.incoming
            ),
            t,
        )
        parts.append(t("alt.revealed", cards=revealed, n=f.arrows, order=order))
    parts.append(
        t(
            "alt.placed",
            who=_who(f, f.owner, t),
            card=card_words(f.placed_card, short, t),
            column=COLUMN_LETTERS[column],
            row=_row(f, row),
        )
    )
    touching = []
    for key, (c, r) in (
        ("alt.above", (column, row - 1)),
        ("alt.left", (column - 1, row)),
        ("alt.right", (column + 1, row)),
    ):
        if 0 <= c < len(f.columns) and f.card_at(c, r):
            touching.append(t(key, card=card_words(f.card_at(c, r), short, t)))
    parts.append(
        t("alt.touches", cards=listed(touching, t)) if touching else t("alt.touches_nothing")
    )
    return parts


def _by_column(cells: Iterable[tuple[int, int]], f: Frame, t: Translate, short: bool) -> str:
    columns: dict[int, list[int]] = {}
    for c, r in sorted(cells):
        columns.setdefault(c, []).append(f.card_at(c, r))
    return "; ".join(
        t("alt.in_column", column=COLUMN_LETTERS[c], cards=cards_words(cards, short, t))
        for c, cards in columns.items()
    )


def _exploded(f: Frame, t: Translate, short: bool) -> list[str]:
    key = "alt.chain" if f.depth else "alt.exploded"
    return [
        t(
            key,
            n=len(f.marked),
            who=_who(f, f.owner, t),
            depth=f.depth + 1,
            cards=_by_column(f.marked, f, t, short),
        )
    ]


def _fell(f: Frame, before: Frame | None, t: Translate, short: bool) -> list[str]:
    """What fell and how far (from the explosion's frame), and what the explosion scored."""
    if before is None or before.kind != "exploded":  # alone: what fell is not known here
        return [t("alt.fell_any")] + ([t("alt.game_over")] if _coop_over(f) else [])
    parts = _what_fell(before, t, short)
    if MODES[f.mode].competitive:  # co-op, solo, Enigma: symbols score nothing
        parts.extend(_what_scored(f, before, t))
    return parts


def _what_fell(before: Frame, t: Translate, short: bool) -> list[str]:
    """Per column, the cards that fell and how far, read from the explosion's frame."""
    parts = []
    gone = set(before.marked)
    for c in range(len(before.columns)):
        rows = sorted(r for col, r in gone if col == c)
        if not rows:
            continue
        # Every card above a gap falls by the number of gaps below it (bottom-anchored columns).
        top = before.queues[c] - len(before.columns[c])
        moved: dict[int, list[int]] = {}
        for r in range(top, rows[-1]):
            if (c, r) in gone:
                continue
            drop = sum(1 for g in rows if g > r)
            moved.setdefault(drop, []).append(before.card_at(c, r))
        for drop, cards in sorted(moved.items()):
            parts.append(
                t(
                    "alt.fell",
                    column=COLUMN_LETTERS[c],
                    cards=cards_words(cards, short, t),
                    n=drop,
                )
            )
    if not parts:
        parts.append(t("alt.nothing_fell"))
    return parts


def _what_scored(f: Frame, before: Frame, t: Translate) -> list[str]:
    """What the explosion earned its owner (the Chief keeps or loses it), with the Chief's
    waiting cards a seat took with it."""
    parts = []
    owner = f.owner
    if owner == CHIEF:
        if len(f.chief_pile) > len(before.chief_pile):
            parts.append(t("alt.chief_keeps", n=len(f.chief_pile)))
        else:
            parts.append(t("alt.chief_loses"))
    elif owner in f.seats:
        i = f.seats.index(owner)
        from_pile = len(before.chief_pile) if before.chief_pile and not f.chief_pile else 0
        parts.append(
            t(
                "alt.scored",
                who=_who(f, owner, t),
                cards=len(set(before.marked)) + from_pile,
                n=f.symbols[i] - before.symbols[i],
                total=f.symbols[i],
            )
        )
        if from_pile:
            parts.append(t("alt.with_chief_pile", n=from_pile))
    return parts


def step_alt(f: Frame, before: Frame | None = None, t: Translate = english) -> str:
    """A step picture in words: what changed in this step. `before` is the previous step's
    frame (what fell is read from the explosion before the fall)."""
    versions = []
    for short in (False, True):
        parts = [_head(f, t), t("alt.step", step=f.step)]
        if f.kind == "placed":
            parts += _placed(f, t, short)
        elif f.kind == "exploded":
            parts += _exploded(f, t, short)
        else:
            parts += _fell(f, before, t, short)
        coda = []
        left = [words for _, words in _still_to_place(f, t, short)]
        if _coop_over(f):
            if f.kind == "exploded" and not f.depth:
                coda.append(t("alt.coop_over"))
            elif f.kind == "fell" and before is not None:
                coda.append(t("alt.game_over"))
            if left:
                coda.append(t("alt.never_placed", cards="; ".join(left)))
        elif left:
            coda.append(t("alt.next", cards="; ".join(left)))
        versions += [_sentences(parts + coda, t), _sentences(parts, t)]
    return _first_that_fits(*versions)


# --- Board pictures ---------------------------------------------------------------------------


def table_alt(f: Frame, t: Translate = english) -> str:
    """The whole table: counters, every card column by column, each Queue card's row, the
    Chief's cards and the symbols collected."""
    head = _head(f, t)
    rows = t(
        "alt.queue_rows",
        rows=listed(
            (
                t("alt.queue_row", column=COLUMN_LETTERS[c], row=_row(f, q))
                for c, q in enumerate(f.queues)
            ),
            t,
        ),
    )
    versions = []
    for short in (False, True):
        grid = t(
            "alt.columns",
            columns="; ".join(
                t(
                    "alt.column",
                    column=COLUMN_LETTERS[c],
                    cards=cards_words(col, short, t) if col else t("alt.empty"),
                )
                for c, col in enumerate(f.columns)
            ),
        )
        chief = []
        if f.has_chief:
            if f.chief_face_up:
                chief.append(t("alt.chief_face_up", card=cards_words(f.chief_face_up, short, t)))
            if f.chief_pile:
                chief.append(
                    t(
                        "alt.chief_pile",
                        cards=cards_words(f.chief_pile, short, t),
                        n=sum(SYMBOLS[c] for c in f.chief_pile),
                    )
                )
        versions += [[head, grid, rows, *chief, _symbols(f, t)], [head, grid, rows]]
    return _first_that_fits(*versions)


def _symbols(f: Frame, t: Translate) -> str:
    """The symbols each seat collected this set (competitive and Trick only)."""
    if not MODES[f.mode].competitive:
        return ""
    scores = (
        t("alt.score", name=plain_name(name), n=n)
        for name, n in zip(f.names, f.symbols, strict=True)
    )
    return t("alt.symbols", scores=listed(scores, t))


def board_alt(f: Frame, before: Frame | None = None, t: Translate = english) -> str:
    """Any frame's alt text: the whole table for a board picture, the change for a step."""
    return table_alt(f, t) if f.kind == "board" else step_alt(f, before, t)


# --- Hands and results ------------------------------------------------------------------------


def hand_alt(
    cards: Iterable[int],
    selected: Iterable[int] = (),
    disabled: Iterable[int] = (),
    t: Translate = english,
) -> str:
    chosen, unavailable = set(selected), set(disabled)
    words = []
    for c in cards:
        w = card_words(c, t=t)
        if c in chosen:
            w = t("alt.selected", card=w)
        elif c in unavailable:
            w = t("alt.unavailable", card=w)
        words.append(w)
    return _fit([t("alt.hand", n=len(words), cards=listed(words, t))])


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
    t: Translate = english,
    tie_cards: Sequence[tuple[str, Sequence[int]]] = (),
) -> str:
    spec = MODES[mode]
    parts = [t("alt.results", mode=t(f"mode.{mode}"))]
    if result is not None:
        parts.extend(_outcome_words(spec, result, title, t))
    if spec.competitive:
        parts.append(_set_scores_words(seats, names, set_scores, totals, t))
        named = listed((plain_name(names[seats.index(w)]) for w in winners if w in seats), t)
        key = "alt.lowest_wins" if spec.scoring == "lowest" else "alt.highest_wins"
        parts.append(t(key, n=len(winners), names=named))
        if tiebreak == "card_in_hand":
            parts.append(t("alt.tie_card"))
        elif tiebreak == "shared":
            parts.append(t("alt.tie_shared"))
        if tiebreak and tie_cards:  # the cards that decided, as the picture draws them
            cards = "; ".join(
                f"{plain_name(names[seats.index(s)]) if s in seats else s} {cards_words(c, t=t)}"
                for s, c in tie_cards
            )
            parts.append(t("alt.tie_cards", cards=cards))
    return _fit(parts)


def _outcome_words(
    spec: ModeSpec, result: GameResult, title: str | None, t: Translate
) -> list[str]:
    """Won or lost, and what the mode adds: the co-op level reached, the Enigma solved or not,
    a solo game's turns, the title earned."""
    won = result.won
    parts = [t("alt.won" if won else "alt.lost")]
    if isinstance(result, CoopResult):
        parts.append(t("alt.coop_level", level=t(f"level.{result.level}"), n=result.cards_left))
    elif spec.needs_puzzle:
        parts.append(t("alt.enigma_solved" if won else "alt.enigma_not_solved"))
    if isinstance(result, SoloResult) and not spec.needs_puzzle:
        parts.append(t("alt.solo_turns", n=result.turns))
    if title:
        parts.append(t("alt.title", title=t(f"title.{title}")))
    return parts


def _set_scores_words(
    seats: Sequence[str],
    names: Sequence[str],
    set_scores: Sequence[Mapping[str, int]],
    totals: Mapping[str, int],
    t: Translate,
) -> str:
    """Each seat's score in every set and its total (its one score after a single set)."""
    rows = []
    for i, seat in enumerate(seats):
        scores = [str(s.get(seat, 0)) for s in set_scores]
        total = totals.get(seat, 0)
        name = plain_name(names[i])
        rows.append(
            t("alt.seat_sets", name=name, sets=" + ".join(scores), total=total)
            if len(scores) > 1
            else t("alt.seat_set", name=name, total=total)
        )
    return t("alt.set_scores", rows="; ".join(rows))
