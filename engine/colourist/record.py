"""Game records, `colourist-record/1` (rules §8): export a table, check a record, summarise it.

Replay needs neither the RNG nor the word list: the draws are in the record and ids are checked
by form. The checks run in the page's table order and the first failure decides; every failure
is a `RecordError("CODE: text")`, whatever JSON (or text) comes in.
"""

from __future__ import annotations

from itertools import compress, count, cycle
from operator import itemgetter
from typing import Any, cast

from ..protocol import Json
from ..records import JsonRules, NotJson, read_json, value_of
from .errors import RecordError
from .game import (
    ADJECTIVE,
    CARDS,
    DOUBLE,
    DRAWS,
    JOKER,
    KINDS,
    LENGTHS,
    NOUN,
    SEAT_RANGE,
    Choose,
    ColouristState,
    Keep,
    Length,
    Move,
    colourist_of,
    from_draws,
    track,
)

FORMAT = "colourist-record/1"
KEYS = frozenset({"format", "players", "options", "decks", "first", "rounds"})
DECK_RANGE = (2, 999)


def export_record(state: ColouristState) -> dict[str, Json]:
    """The record of a table: every revealed round, never a card still secret."""
    rounds: list[dict[str, Json]] = []
    for r in state.rounds:
        entry: dict[str, Json] = {"drawn": list(r.drawn)}
        if r.chosen is not None:
            entry["chosen"] = list(r.chosen)
        entry["cards"] = {s: r.cards[s] for s in state.seats}
        rounds.append(entry)
    return {
        "format": FORMAT,
        "players": list(state.seats),
        "options": {"length": state.length},
        "decks": {k: state.deck_sizes[k] for k in KINDS},
        "first": state.first,
        "rounds": rounds,
    }


# --- Reading: strict JSON ---------------------------------------------------------------------

# §8: strict JSON (no NaN or Infinity), nested no deeper than the reader goes, no number too
# long for it; a repeated key's last value counts (the page names no other way).
READING = JsonRules()


def parse_record(text: str | bytes) -> Json:
    """A record's JSON text (UTF-8), read strictly as §8 says; RecordError `format` else."""
    try:
        return read_json(text, READING)
    except NotJson as e:
        raise RecordError("format", str(e)) from None


def _describe(value: object) -> str:
    """A short name for a JSON value in a message (never a deep repr)."""
    if isinstance(value, str):
        return repr(value[:30] + ("…" if len(value) > 30 else ""))
    names = {dict: "an object", list: "a list", bool: "a boolean", type(None): "null"}
    return names.get(type(value), "a number")


def _is_int(value: object) -> bool:
    """A JSON integer (not true, not 2.0)."""
    return type(value) is int


# --- Replay -----------------------------------------------------------------------------------


def replay_summary(record: object) -> dict[str, Json]:
    """The page's summary of a record (parsed JSON, its text, or a `Reading` of its text);
    raises RecordError."""
    if isinstance(record, str | bytes | bytearray):
        return _replay(parse_record(bytes(record) if isinstance(record, bytearray) else record))
    try:
        return _replay(value_of(record, READING))
    except NotJson as e:
        raise RecordError("format", str(e)) from None


def _replay(record: Json) -> dict[str, Json]:
    players, length, decks, first = _check_header(record)
    rounds = record["rounds"]
    if not isinstance(rounds, list):
        raise RecordError("round", "rounds must be a list")
    summaries, positions, jokers = _play_rounds(players, length, decks, first, rounds)
    finish = LENGTHS[length]
    if max(positions.values()) < finish:
        raise RecordError(
            "unfinished", f"after {len(rounds)} round(s) no pawn is on the finish (field {finish})"
        )
    return {
        "rounds": summaries,
        "positions": dict(positions),
        "winners": [p for p in players if positions[p] >= finish],
        "jokers": jokers,
    }


# Ids by form: `n` or `a` and three ASCII digits, each with its kind (quicker than matching).
_KIND_OF = {f"{kind[0]}{i:03d}": kind for kind in (NOUN, ADJECTIVE) for i in range(1000)}
# A field's draw, card by card (nouns first), and how the page writes that shape.
_DRAWN_KINDS = {
    symbol: tuple(k for k, count in DRAWS[symbol].items() for _ in range(count)) for symbol in DRAWS
}
_SHAPES = {symbol: ", ".join(kinds) for symbol, kinds in _DRAWN_KINDS.items()}
_COUNTS = {symbol: tuple(DRAWS[symbol].items()) for symbol in DRAWS}
_CARD_SET = frozenset(CARDS)
_ROUND_KEYS = frozenset({"drawn", "cards", "chosen"})
_TRACKS = {length: track(length) for length in LENGTHS}
_MATCHES = {colour: frozenset({colour, JOKER}).__contains__ for colour in CARDS}  # §4
_ROUND_FORM = 'a round is {"drawn": [...], "cards": {...}} and, on a double field, "chosen"'


def _play_rounds(
    players: list[str], length: str, decks: dict[str, int], first: str, rounds: list[Json]
) -> tuple[list[dict[str, Json]], dict[str, int], dict[str, int | None]]:
    """Every round in order, checked in the page's order and scored: the rounds' summaries,
    the positions and each seat's Joker round. This loop is what `pop-bot replay` spends its
    time on: each check is a quick test, and an error helper only says what a failed one means."""
    start = players.index(first)
    order = players[start:] + players[:start]
    symbols, finish = _TRACKS[length], LENGTHS[length]  # a colourist's field is before the finish
    cards_of = itemgetter(*players)  # a round's cards in seat order (3 seats or more: a tuple)
    draws = _Draws(decks)
    positions = dict.fromkeys(players, 0)
    jokers: dict[str, int | None] = dict.fromkeys(players)
    summaries: list[dict[str, Json]] = []
    for number, raw, colourist in zip(count(1), rounds, cycle(order)):
        if finish in positions.values():  # a pawn is on the finish (none goes past it)
            raise _fail("after-end", "a round follows the end of the game", number, colourist)
        field_ = positions[colourist]
        symbol = symbols[field_]
        reshuffled, words = draws.take(raw, field_, symbol, number, colourist)
        cards = raw["cards"]
        hand = _hand_of(cards, cards_of, players, number, colourist)
        if JOKER in hand:
            _play_jokers(cards, players, jokers, number, colourist)
        colour = cards[colourist]
        moved, matched = _movers(players, colourist, colour, hand)
        for seat in moved:
            positions[seat] += 1
        summaries.append(
            {
                "round": number,
                "colourist": colourist,
                "field": field_,
                "symbol": symbol,
                "reshuffled": reshuffled,
                "words": words,
                "colour": colour,
                "matched": matched,
                "moved": moved,
                "positions": positions.copy(),
            }
        )
    return summaries, positions, jokers


def _hand_of(
    cards: Json, cards_of: itemgetter[Any], players: list[str], number: int, colourist: str
) -> tuple[str, ...]:
    """A round's cards in seat order, once they are one known card for each player and no one
    else; otherwise the error that says which check failed."""
    if type(cards) is not dict or len(cards) != len(players):
        raise _fail("cards", "cards name exactly the players", number, colourist)
    try:
        hand: tuple[str, ...] = cards_of(cards)  # as many cards as players, one of each: theirs
        known = _CARD_SET.issuperset(hand)
    except KeyError:
        raise _fail("cards", "cards name exactly the players", number, colourist) from None
    except TypeError:  # a list or an object: unhashable, and no card
        known = False
    if not known:
        raise _card_error(cards, players, number, colourist)
    return hand


def _movers(
    players: list[str], colourist: str, colour: str, hand: tuple[str, ...]
) -> tuple[list[str], list[str]]:
    """The seats that move and those that matched (§4, as game.score_round says it, in fewer
    steps: replay is hot): the seats whose card is the colourist's colour or a Joker, the
    colourist among them, move; if nobody matched, everybody does."""
    moved = list(compress(players, map(_MATCHES[colour], hand)))
    matched = moved.copy()
    matched.remove(colourist)
    if not matched:
        moved = players.copy()
    return moved, matched


def _fail(
    code: str, text: str, number: int, colourist: str, seat: str | None = None
) -> RecordError:
    return RecordError(code, text, round_number=number, colourist=colourist, seat=seat)


class _Draws:
    """A round's form, its draw and its word, checked against the two decks as a replay sees
    them (§3.7): per deck the ids drawn since its last shuffle, every id shown so far, and
    its size."""

    __slots__ = ("decks",)

    def __init__(self, sizes: dict[str, int]) -> None:
        self.decks: dict[str, tuple[set[str], set[str], int]] = {
            kind: (set(), set(), sizes[kind]) for kind in KINDS
        }

    def take(
        self, raw: Json, field_: int, symbol: str, number: int, colourist: str
    ) -> tuple[list[str], list[str]]:
        """The decks reshuffled before this round's draw (noun first), and its word."""
        if type(raw) is not dict or "drawn" not in raw or "cards" not in raw:
            raise _fail("round", _ROUND_FORM, number, colourist)
        if len(raw) > 2 and not _ROUND_KEYS.issuperset(raw):
            raise _fail("round", _ROUND_FORM, number, colourist)
        drawn, kinds = raw["drawn"], _DRAWN_KINDS[symbol]
        if len(kinds) > 1:
            return self._take_double(raw, drawn, field_, number, colourist)
        # A triangle or a circle (most rounds): one card from one deck, shuffled when empty.
        card = drawn[0] if type(drawn) is list and len(drawn) == 1 else None
        if type(card) is not str or _KIND_OF.get(card) != kinds[0]:
            raise _draw_error(field_, symbol, number, colourist)
        in_cycle, seen, size = self.decks[kinds[0]]
        reshuffled = []
        if len(in_cycle) >= size:
            reshuffled.append(kinds[0])
            in_cycle.clear()
        if card in in_cycle:
            raise _drawn_again(card, kinds[0], number, colourist)
        in_cycle.add(card)
        seen.add(card)
        if len(seen) > size:
            raise _too_many(kinds[0], size, number, colourist)
        if "chosen" in raw:
            return reshuffled, _words(raw, drawn, field_, symbol, number, colourist)
        return reshuffled, [card]

    def _take_double(
        self, raw: dict[str, Json], drawn: Json, field_: int, number: int, colourist: str
    ) -> tuple[list[str], list[str]]:
        """A double field's draw: two nouns, then two adjectives, and the phrase kept."""
        kinds = _DRAWN_KINDS[DOUBLE]
        try:
            fits = type(drawn) is list and tuple(map(_KIND_OF.get, drawn)) == kinds
        except TypeError:  # a list or an object among the cards: no id
            fits = False
        if not fits:
            raise _draw_error(field_, DOUBLE, number, colourist)
        decks = self.decks
        reshuffled = []
        for kind, needed in _COUNTS[DOUBLE]:
            in_cycle, _, size = decks[kind]
            if size - len(in_cycle) < needed:  # the pile is too short: it is shuffled
                reshuffled.append(kind)
                in_cycle.clear()
        for card, kind in zip(drawn, kinds, strict=True):
            in_cycle, seen, size = decks[kind]
            if card in in_cycle:
                raise _drawn_again(card, kind, number, colourist)
            in_cycle.add(card)
            seen.add(card)
            if len(seen) > size:
                raise _too_many(kind, size, number, colourist)
        return reshuffled, _words(raw, drawn, field_, DOUBLE, number, colourist)


def _drawn_again(card: str, kind: str, number: int, colourist: str) -> RecordError:
    text = f"{card} was already drawn since the {kind} deck was last shuffled"
    return _fail("deck", text, number, colourist)


def _too_many(kind: str, size: int, number: int, colourist: str) -> RecordError:
    text = f"the record shows more {kind}s than the {size} of the deck"
    return _fail("deck", text, number, colourist)


def _draw_error(field_: int, symbol: str, number: int, colourist: str) -> RecordError:
    text = f"a {symbol} field (field {field_}) draws [{_SHAPES[symbol]}] (ids n or a and 3 digits)"
    return _fail("drawn", text, number, colourist)


def _words(
    raw: dict[str, Json], drawn: list[str], field_: int, symbol: str, number: int, colourist: str
) -> list[str]:
    """The word shown: on a double field the phrase kept, [adjective, noun] of the four cards
    drawn; on another field the card drawn (and no phrase)."""
    if symbol != DOUBLE:
        if "chosen" in raw:
            text = f"only a double field keeps a phrase; field {field_} is a {symbol}"
            raise _fail("chosen", text, number, colourist)
        return list(drawn)
    chosen = raw.get("chosen")
    if (
        type(chosen) is not list
        or len(chosen) != 2
        or chosen[0] not in drawn[2:]
        or chosen[1] not in drawn[:2]
    ):
        text = "a double field keeps [adjective, noun] of the cards drawn"
        raise _fail("chosen", text, number, colourist)
    return list(chosen)


def _card_error(
    cards: dict[str, Json], players: list[str], number: int, colourist: str
) -> RecordError:
    """The error of the first seat, in seat order, whose card is no colour or Joker."""
    seat = next(s for s in players if type(cards[s]) is not str or cards[s] not in _CARD_SET)
    text = f"{_describe(cards[seat])} is not a colour name or joker"
    return _fail("cards", text, number, colourist, seat)


def _play_jokers(
    cards: dict[str, str],
    players: list[str],
    jokers: dict[str, int | None],
    number: int,
    colourist: str,
) -> None:
    """The colourist plays no Joker, and no seat a second one; each Joker's round is kept."""
    for seat in players:
        if cards[seat] != JOKER:
            continue
        if seat == colourist:
            text = "the colourist plays a colour, never the Joker"
            raise _fail("joker", text, number, colourist, seat)
        if jokers[seat] is not None:
            text = f"the Joker was already played in round {jokers[seat]}"
            raise _fail("joker", text, number, colourist, seat)
    for seat in players:
        if cards[seat] == JOKER:
            jokers[seat] = number


def _check_header(record: Json) -> tuple[list[str], str, dict[str, int], str]:
    """format, players, options, decks, first: in the page's order."""
    if not isinstance(record, dict):
        raise RecordError("format", "a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError("format", f"format must be {FORMAT!r}")
    if record.keys() != KEYS:
        missing, extra = sorted(KEYS - set(record)), sorted(set(record) - KEYS)
        raise RecordError(
            "format",
            f"the keys are exactly {', '.join(sorted(KEYS))} (missing {missing}, extra {extra})",
        )
    players = record["players"]
    if (
        not isinstance(players, list)
        or not SEAT_RANGE[0] <= len(players) <= SEAT_RANGE[1]
        or {str} != set(map(type, players))
        or not all(players)
        or len(set(players)) != len(players)
    ):
        raise RecordError(
            "players", f"a list of {SEAT_RANGE[0]}-{SEAT_RANGE[1]} distinct non-empty names"
        )
    options = record["options"]
    if (
        not isinstance(options, dict)
        or options.keys() != {"length"}
        or not isinstance(options["length"], str)
        or options["length"] not in LENGTHS
    ):
        raise RecordError("options", 'exactly {"length": L}, L short, normal or long')
    decks = record["decks"]
    if (
        not isinstance(decks, dict)
        or decks.keys() != set(KINDS)
        or not all(_is_int(decks[k]) and DECK_RANGE[0] <= decks[k] <= DECK_RANGE[1] for k in KINDS)
    ):
        raise RecordError(
            "decks", f"exactly noun and adjective, each an integer {DECK_RANGE[0]}-{DECK_RANGE[1]}"
        )
    first = record["first"]
    if not isinstance(first, str) or first not in players:
        raise RecordError("first", "the first colourist is one of the players")
    return players, options["length"], {k: decks[k] for k in KINDS}, first


# --- A record move by move --------------------------------------------------------------------


def moves_of(record: Json) -> tuple[ColouristState, list[tuple[str, Move]]]:
    """The table a valid record (`replay_summary` accepts it) was dealt, as far as it tells
    (its draws), and every move played there in order: the colourist's phrase on a double
    field, then each seat's card in seat order (a record keeps no other order). Played again
    with `game.apply`, they give the views and events the table had, but for the piles' sizes
    and which decks a round reshuffled (the record tells neither)."""
    players, length, decks, first = _check_header(record)
    assert isinstance(record, dict)  # _check_header said so
    rounds: list[dict[str, Any]] = record["rounds"]
    draws = {kind: [i for r in rounds for i in r["drawn"] if i[0] == kind[0]] for kind in KINDS}
    state = from_draws(players, cast(Length, length), first, decks, draws)
    moves: list[tuple[str, Move]] = []
    for number, played in enumerate(rounds, 1):
        if played.get("chosen") is not None:  # a double field: nouns drawn first, then adjectives
            adjective, noun = played["chosen"]
            nouns, adjectives = played["drawn"][:2], played["drawn"][2:]
            colourist = colourist_of(players, first, number)
            moves.append((colourist, Keep(nouns.index(noun), adjectives.index(adjective))))
        moves += [(seat, Choose(played["cards"][seat])) for seat in players]
    return state, moves
