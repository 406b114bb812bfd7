"""Game records, `colourist-record/1` (rules §8): export a table, check a record, summarise it.

Replay needs neither the RNG nor the word list: the draws are in the record and ids are checked
by form. The checks run in the page's table order and the first failure decides; every failure
is a `RecordError("CODE: text")`, whatever JSON (or text) comes in.
"""

from __future__ import annotations

import re

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
    ColouristState,
    colourist_of,
    score_round,
    symbol_of,
)

FORMAT = "colourist-record/1"
KEYS = frozenset({"format", "players", "options", "decks", "first", "rounds"})
ID_PATTERN = {NOUN: re.compile(r"n[0-9]{3}"), ADJECTIVE: re.compile(r"a[0-9]{3}")}
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
    finish = LENGTHS[length]
    positions = {p: 0 for p in players}
    jokers: dict[str, int | None] = {p: None for p in players}
    in_cycle: dict[str, set[str]] = {k: set() for k in KINDS}  # drawn since the last shuffle
    seen: dict[str, set[str]] = {k: set() for k in KINDS}  # every id of the record so far
    summaries: list[dict[str, Json]] = []
    over = False
    for number, raw in enumerate(rounds, 1):
        colourist = colourist_of(players, first, number)

        def fail(
            code: str, text: str, seat: str | None = None, _n: int = number, _c: str = colourist
        ) -> RecordError:
            return RecordError(code, text, round_number=_n, colourist=_c, seat=seat)

        if over:
            raise fail("after-end", "a round follows the end of the game")
        if (
            not isinstance(raw, dict)
            or not {"drawn", "cards"} <= set(raw)
            or not set(raw) <= {"drawn", "cards", "chosen"}
        ):
            raise fail(
                "round",
                'a round is {"drawn": [...], "cards": {...}} and, on a double field, "chosen"',
            )
        field_ = positions[colourist]
        symbol = symbol_of(field_)
        drawn = raw["drawn"]
        kinds = [k for k, count in DRAWS[symbol].items() for _ in range(count)]
        if (
            not isinstance(drawn, list)
            or len(drawn) != len(kinds)
            or not all(
                isinstance(d, str) and ID_PATTERN[k].fullmatch(d)
                for d, k in zip(drawn, kinds, strict=True)
            )
        ):
            shape = ", ".join(kinds)
            raise fail(
                "drawn",
                f"a {symbol} field (field {field_}) draws [{shape}] (ids n or a and 3 digits)",
            )
        reshuffled = [
            k for k, count in DRAWS[symbol].items() if decks[k] - len(in_cycle[k]) < count
        ]
        for kind in reshuffled:
            in_cycle[kind] = set()
        for card, kind in zip(drawn, kinds, strict=True):
            if card in in_cycle[kind]:
                raise fail(
                    "deck", f"{card} was already drawn since the {kind} deck was last shuffled"
                )
            in_cycle[kind].add(card)
            seen[kind].add(card)
            if len(seen[kind]) > decks[kind]:
                raise fail(
                    "deck", f"the record shows more {kind}s than the {decks[kind]} of the deck"
                )
        if symbol == DOUBLE:
            chosen = raw.get("chosen")
            if (
                not isinstance(chosen, list)
                or len(chosen) != 2
                or chosen[0] not in drawn[2:]
                or chosen[1] not in drawn[:2]
            ):
                raise fail("chosen", "a double field keeps [adjective, noun] of the cards drawn")
            words = list(chosen)
        else:
            if "chosen" in raw:
                raise fail(
                    "chosen", f"only a double field keeps a phrase; field {field_} is a {symbol}"
                )
            words = list(drawn)
        cards = raw["cards"]
        if not isinstance(cards, dict) or set(cards) != set(players):
            raise fail("cards", "cards name exactly the players")
        for seat in players:
            if not isinstance(cards[seat], str) or cards[seat] not in CARDS:
                raise fail("cards", f"{_describe(cards[seat])} is not a colour name or joker", seat)
        for seat in players:
            if cards[seat] == JOKER and seat == colourist:
                raise fail("joker", "the colourist plays a colour, never the Joker", seat)
            if cards[seat] == JOKER and jokers[seat] is not None:
                raise fail("joker", f"the Joker was already played in round {jokers[seat]}", seat)
        for seat in players:
            if cards[seat] == JOKER:
                jokers[seat] = number
        matched, moved = score_round(players, colourist, cards)
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
                "colour": cards[colourist],
                "matched": list(matched),
                "moved": list(moved),
                "positions": dict(positions),
            }
        )
        over = any(p >= finish for p in positions.values())
    if not over:
        raise RecordError(
            "unfinished", f"after {len(rounds)} round(s) no pawn is on the finish (field {finish})"
        )
    return {
        "rounds": summaries,
        "positions": dict(positions),
        "winners": [p for p in players if positions[p] >= finish],
        "jokers": jokers,
    }


def _check_header(record: Json) -> tuple[list[str], str, dict[str, int], str]:
    """format, players, options, decks, first: in the page's order."""
    if not isinstance(record, dict):
        raise RecordError("format", "a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError("format", f"format must be {FORMAT!r}")
    if set(record) != KEYS:
        missing, extra = sorted(KEYS - set(record)), sorted(set(record) - KEYS)
        raise RecordError(
            "format",
            f"the keys are exactly {', '.join(sorted(KEYS))} (missing {missing}, extra {extra})",
        )
    players = record["players"]
    if (
        not isinstance(players, list)
        or not SEAT_RANGE[0] <= len(players) <= SEAT_RANGE[1]
        or not all(isinstance(p, str) and p for p in players)
        or len(set(players)) != len(players)
    ):
        raise RecordError(
            "players", f"a list of {SEAT_RANGE[0]}-{SEAT_RANGE[1]} distinct non-empty names"
        )
    options = record["options"]
    if (
        not isinstance(options, dict)
        or set(options) != {"length"}
        or not isinstance(options["length"], str)
        or options["length"] not in LENGTHS
    ):
        raise RecordError("options", 'exactly {"length": L}, L short, normal or long')
    decks = record["decks"]
    if (
        not isinstance(decks, dict)
        or set(decks) != set(KINDS)
        or not all(_is_int(decks[k]) and DECK_RANGE[0] <= decks[k] <= DECK_RANGE[1] for k in KINDS)
    ):
        raise RecordError(
            "decks", f"exactly noun and adjective, each an integer {DECK_RANGE[0]}-{DECK_RANGE[1]}"
        )
    first = record["first"]
    if not isinstance(first, str) or first not in players:
        raise RecordError("first", "the first colourist is one of the players")
    return players, options["length"], {k: decks[k] for k in KINDS}, first
