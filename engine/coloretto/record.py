"""Game records (`coloretto-record/1`, rules §7): export, check, replay, summarise.

A replay runs the very same rules as a live table (`game.check` / `game.apply_in_place`); the
record brings its own deal, so no randomness is involved. A broken record raises
`RecordError("CODE: text")` with the page's codes, checked in the page's order; no JSON input
gives a traceback.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, NoReturn, cast

from ..protocol import Json
from ..records import JsonRules, NotJson, read_json, value_of
from . import cards as C
from . import game
from .errors import ColorettoRuleError, RecordError
from .game import Take
from .state import ColorettoState

FORMAT = "coloretto-record/1"
KEYS = ("format", "players", "options", "removed", "start", "first", "deck", "actions")
MAX_DEPTH = 100  # the record itself is level 1


def export_record(state: ColorettoState) -> dict[str, Json]:
    """The record of a game (finished or not: a card drawn but not yet placed is left out)."""
    return {
        "format": FORMAT,
        "players": list(state.players),
        "options": {"expert": state.expert},
        "removed": list(state.removed),
        "start": {p: list(state.start[p]) for p in state.players},
        "first": state.first,
        "deck": list(state.deck),
        "actions": [dict(a) for a in state.actions],
    }


# --- Reading JSON text as §7 says -------------------------------------------------------------

# RFC 8259 without NaN or Infinity, 100 levels at most; a repeated key's last value counts;
# integers of any length are JSON (one too long to convert reads as a huge number, which no
# row, card or name can be) and so is 1e999.
READING = JsonRules(max_depth=MAX_DEPTH, float_overflow=True, long_integers="clamp")


def parse_record_text(text: str | bytes) -> Json:
    """JSON text (UTF-8, RFC 8259) to a value; RecordError `format` when it is not JSON."""
    try:
        return read_json(text, READING)
    except NotJson as e:
        raise RecordError("format", str(e)) from None


# --- Checking the header (codes `format` to `deck`, then `actions` being a list) ---------------


def _fail(code: str, text: str) -> NoReturn:
    raise RecordError(code, text)


def _is_colour_list(value: Json) -> bool:
    return type(value) is list and all(C.is_colour(c) for c in value)


Header = tuple[list[str], bool, list[str], dict[str, list[str]], str, list[str], list[Any]]


def _check_header(record: Json) -> Header:
    """Everything before the actions, in the page's order: the record's keys, then players,
    options, removed, start, first, deck, and the actions being a list."""
    _check_keys(record)
    players = _check_players(record["players"])
    expert = _check_options(record["options"])
    removed = _check_removed(record["removed"], len(players))
    start, given = _check_start(record["start"], players, removed)
    first = record["first"]
    if type(first) is not str or first not in players:
        _fail("first", "'first' must be one of the players")
    deck = _check_deck(record["deck"], removed, given)
    actions = record["actions"]
    if type(actions) is not list:
        _fail("action", "'actions' must be a list")
    return players, expert, removed, start, first, deck, actions


def _check_keys(record: Json) -> None:
    if not isinstance(record, dict):
        _fail("format", "a record must be a JSON object")
    if record.get("format") != FORMAT:
        _fail("format", f"'format' must be {FORMAT!r}")
    missing = [k for k in KEYS if k not in record]
    if missing:
        _fail("format", f"the key {missing[0]!r} is missing")
    extra = [k for k in record if k not in KEYS]
    if extra:
        _fail("format", f"unknown key {str(extra[0])!r}")


def _check_players(players: Json) -> list[str]:
    if (
        type(players) is not list
        or not C.MIN_PLAYERS <= len(players) <= C.MAX_PLAYERS
        or not all(type(p) is str and p for p in players)
        or len(set(players)) != len(players)
    ):
        _fail("players", "'players' must be a list of 2 to 5 distinct non-empty names")
    return cast(list[str], players)


def _check_options(options: Json) -> bool:
    if (
        type(options) is not dict
        or list(options) != ["expert"]
        or type(options["expert"]) is not bool
    ):
        _fail("options", '\'options\' must be {"expert": true} or {"expert": false}')
    return bool(options["expert"])


def _check_removed(removed: Json, n: int) -> list[str]:
    wanted = C.REMOVED_COLOURS[n]
    if not _is_colour_list(removed) or len(set(removed)) != len(removed):
        _fail("removed", "'removed' must be a list of distinct colours")
    if len(removed) != wanted:
        _fail("removed", f"{n} players remove {wanted} colour(s), not {len(removed)}")
    return cast(list[str], removed)


def _check_start(
    start: Json, players: list[str], removed: list[str]
) -> tuple[dict[str, list[str]], list[str]]:
    """The starting cards by player, in seat order, and all of them in one list."""
    per_player = C.STARTING_CARDS[len(players)]
    if type(start) is not dict or set(start) != set(players):
        _fail("start", "'start' must give starting cards to every player and no one else")
    given: list[str] = []
    for p in players:
        if not _is_colour_list(start[p]) or len(start[p]) != per_player:
            _fail("start", f"{p} must start with exactly {per_player} colour(s)")
        given += start[p]
    if len(set(given)) != len(given):
        _fail("start", "a colour is given twice")
    if any(c in removed for c in given):
        _fail("start", "a starting colour is removed")
    return {p: start[p] for p in players}, given


def _check_deck(deck: Json, removed: list[str], given: list[str]) -> list[str]:
    if type(deck) is not list or not all(type(c) is str and c in C.CARD_INDEX for c in deck):
        _fail("deck", "'deck' must be a list of card names")
    counts = game.deck_counts(removed, given)
    held = Counter(deck)  # one pass, not one per card name
    for name in C.CARD_NAMES:
        if held[name] != counts[name]:
            _fail("deck", f"the deck must hold {counts[name]} {name}, not {held[name]}")
    under = len(deck) - 1 - deck.index(C.LAST)
    if under != C.UNDER_LAST:
        _fail("deck", f"{under} cards lie under the last-round card, not {C.UNDER_LAST}")
    return cast(list[str], deck)


# --- Replaying the actions --------------------------------------------------------------------


def replay(record: Json, *, partial: bool = False) -> ColorettoState:
    """The state a record leads to; RecordError with the page's code when it breaks a rule.

    `partial=True` accepts a record that stops before its game ends. The record is parsed
    JSON, or a `Reading` of its text."""
    try:
        record = value_of(record, READING)
    except NotJson as e:
        _fail("format", str(e))
    players, expert, removed, start, first, deck, actions = _check_header(record)
    state = game.from_deal(players, expert, removed, start, first, deck)
    rows = len(state.rows)
    limits = game.limits(state)
    for number, raw in enumerate(actions, 1):
        if state.over:
            _fail("after-end", f"action {number} follows the end of the game")
        if type(raw) is dict and len(raw) == 1:  # _action, inlined: replay is hot
            ((kind, row),) = raw.items()
        else:
            kind = row = None
        if kind not in ("draw", "take") or type(row) is not int or not 1 <= row <= rows:
            _fail(
                "action",
                f'{_where(state, number)} must be {{"draw": row}} or '
                f'{{"take": row}}, row an integer 1..{rows}',
            )
        try:
            if kind == "draw":
                _replay_draw(state, row, limits[row - 1])
            else:
                _replay_take(state, row)
        except ColorettoRuleError as e:  # raised before the state changed
            _fail(kind, f"{_where(state, number)}: {e}")
    if not partial and not state.over:
        _fail(
            "unfinished",
            f"the actions end in round {state.round_number}, "
            f"with {state.turn} to move, before the game does",
        )
    return state


def _where(state: ColorettoState, number: int) -> str:
    """Where an action stands, for its error (made only when there is one: replay is hot)."""
    return f"action {number} (round {state.round_number}, {state.turn or 'nobody'})"


def _replay_take(state: ColorettoState, row: int) -> None:
    """`{"take": row}`: the row must be open and hold a card (`game.check`'s words; the rest
    of its checks cannot fail here: the record names no player and draws are whole)."""
    if state.taken[row - 1]:
        raise ColorettoRuleError(f"row {row} is taken")
    if not state.rows[row - 1]:
        raise ColorettoRuleError(f"row {row} is empty")
    game.apply_in_place(state, Take(row), game.NO_EVENTS)


def _replay_draw(state: ColorettoState, row: int, limit: int) -> None:
    """`{"draw": row}`: the row must be open and below its `limit`, the pile not empty."""
    if state.top >= len(state.deck):
        raise ColorettoRuleError("the pile is empty")
    if state.taken[row - 1]:
        raise ColorettoRuleError(f"row {row} is taken")
    if len(state.rows[row - 1]) >= limit:
        raise ColorettoRuleError(f"row {row} is full")
    game.draw_and_place(state, row)


# --- The summary ------------------------------------------------------------------------------


def summary(state: ColorettoState) -> dict[str, Json]:
    """The replay summary of §7 (of a finished game; of the game so far otherwise)."""
    scores = game.scores(state)
    totals = {p: s.total for p, s in scores.items()}
    return {
        "rounds": [
            {
                "first": r.first,
                "takes": [
                    {"player": t.player, "row": t.row, "cards": list(t.cards), "extra": t.extra}
                    for t in r.takes
                ],
                "discarded": list(r.discarded),
            }
            for r in state.rounds
        ],
        "deck_left": state.deck[state.top :],
        "collections": {p: collection_in_card_order(state.collections[p]) for p in state.players},
        "scores": {
            p: {
                "jokers": list(s.jokers),
                "plus": dict(s.plus),
                "minus": dict(s.minus),
                "cotton": s.cotton,
                "total": s.total,
            }
            for p, s in scores.items()
        },
        "winners": list(game.winners(state, totals)),
    }


def collection_in_card_order(collection: dict[str, int]) -> dict[str, int]:
    """A collection by name in card order, zero counts left out."""
    return {name: collection[name] for name in C.CARD_NAMES if collection.get(name)}


def replay_summary(record: Json) -> dict[str, Json]:
    """The summary of a parsed record; raises RecordError("CODE: text")."""
    return summary(replay(record))


def replay_text(text: str | bytes) -> dict[str, Json]:
    """The summary of a record given as JSON text; raises RecordError("CODE: text")."""
    return replay_summary(parse_record_text(text))


def replay_line(text: str | bytes) -> str:
    """One line of output for one record: its summary, or {"error": "CODE: text"}."""
    try:
        return json.dumps(replay_text(text))
    except RecordError as e:
        return json.dumps({"error": str(e)})
