"""Game records (`pop-record/1`, rules §7): export a table, check a record, replay it, summarise.

A replay runs the very same rules as a live table (`game.choose`), taking every random outcome
from the record; the summary is made from the events the replay emits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from ..protocol import Json
from ..records import JsonRules, NotJson, value_of
from .errors import RecordError, RuleError
from .events import CHIEF, Event, GameEnded, SetEnded, SetStarted, TurnEnded
from .game import Deal, from_deal, play_turn, start_set
from .grid import NUM_COLUMNS, adjacent_same_colour_pair
from .modes import MODES, ModeSpec
from .state import PopState

FORMAT = "pop-record/1"
# §7 says nothing of the JSON itself: it is read as the replay command always read it (NaN and
# 1e999 as floats, integers of up to 4300 digits, a repeated key's last value), no deeper than
# the reader goes.
READING = JsonRules(nan_infinity=True, float_overflow=True)


def export_record(state: PopState) -> dict[str, Json]:
    """The record of a game, finished or not: every revealed turn, never a pick still secret."""
    record: dict[str, Json] = {"format": FORMAT, "mode": state.mode}
    if state.two_player_variant:
        record["two_player_variant"] = True
    record["seats"] = list(state.seats)
    record["sets"] = [
        {
            "grid": [list(c) for c in r.grid],
            "hands": {s: list(h) for s, h in r.hands.items()},
            "draw_pile": list(r.draw_pile),
            "turns": [{"plays": {s: list(c) for s, c in t["plays"].items()}} for t in r.turns],
        }
        for r in state.records
    ]
    return record


@dataclass
class Replay:
    state: PopState
    events: list[Event]


def replay(record: object, *, partial: bool = False, steps: bool = True) -> Replay:
    """Replay a record. Raises RecordError (one clear line) when it breaks a rule.

    `partial=True` accepts a record that stops before its game ends (an export of a game still
    being played); the public replay command does not. `steps=False` leaves out the events of
    each placement step (what pictures need, not summaries).
    """
    spec, seats, variant, sets = _check_header(record)
    events: list[Event] = []
    state = from_deal(
        spec.name,
        seats,
        _check_deal(spec, seats, sets[0], 1),
        sets=len(sets),
        two_player_variant=variant,
        events=events,
    )
    for set_number, raw_set in enumerate(sets, 1):
        if set_number > 1:
            deal = _check_deal(spec, seats, raw_set, set_number)
            if state.phase != "awaiting_deal":
                raise RecordError(
                    "a set follows a set that is not finished, or a game that is over",
                    set_number=set_number,
                )
            start_set(state, deal, events)
        turns = raw_set.get("turns", [])
        if not isinstance(turns, list):
            raise RecordError("'turns' must be a list", set_number=set_number)
        for turn_number, turn in enumerate(turns, 1):
            _replay_turn(state, seats, turn, set_number, turn_number, events, steps)
        if not partial and state.phase == "choosing":
            expected = spec.turns_per_set
            played = len(turns)
            why = f"a {spec.name} set has {expected} turns" if expected else "the game is not over"
            raise RecordError(
                f"the record stops after {played} turn(s), but {why}", set_number=set_number
            )
    return Replay(state, events)


def _replay_turn(
    state: PopState,
    seats: list[str],
    turn: Any,
    set_number: int,
    turn_number: int,
    events: list[Event],
    steps: bool,
) -> None:
    plays = _checked_plays(state, seats, turn, set_number, turn_number)
    try:
        play_turn(state, plays, events=events, steps=steps)
    except RuleError as e:
        raise RecordError(
            str(e), seat=e.seat, set_number=set_number, turn_number=turn_number
        ) from None


def _checked_plays(
    state: PopState, seats: list[str], turn: object, set_number: int, turn_number: int
) -> dict[str, list[int]]:
    """A turn's plays, if the turn is open and names every seat (and no one else) with a list
    of cards; otherwise the RecordError that says what is wrong. (Whether the cards are the
    right ones is the rules' question: `play_turn` answers it.)"""
    where: dict[str, Any] = {"set_number": set_number, "turn_number": turn_number}
    if state.phase != "choosing" or state.set_number != set_number:
        raise RecordError("the game or set was already over before this turn", **where)
    plays = turn.get("plays") if isinstance(turn, dict) else None
    if not isinstance(plays, dict):
        raise RecordError('a turn must be {"plays": {seat: [cards]}}', **where)
    for seat in plays:
        if seat not in seats:
            raise RecordError("this is not a seat of the record", seat=str(seat), **where)
    for seat in seats:
        if seat not in plays:
            raise RecordError("the seat plays no card in this turn", seat=seat, **where)
        if not _are_cards(plays[seat]):
            raise RecordError("plays must be a list of cards 1-50", seat=seat, **where)
    return plays


def _are_cards(xs: object) -> bool:
    """A list of cards 1-50. (`type(...) is int`: JSON's true and 1.0 are not cards.)"""
    return type(xs) is list and all(type(x) is int and 0 < x <= 50 for x in xs)


def _check_header(record: object) -> tuple[ModeSpec, list[str], bool, list[dict[str, Json]]]:
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}")
    mode = record.get("mode")
    if not isinstance(mode, str) or mode not in MODES:
        raise RecordError(f"'mode' must be one of {', '.join(MODES)}")
    spec = MODES[mode]
    variant = record.get("two_player_variant", False)
    if type(variant) is not bool:
        raise RecordError("'two_player_variant' must be true or false")
    seats = record.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise RecordError("'seats' must be a list of seat names")
    if CHIEF in seats:
        raise RecordError("'chief' is reserved and cannot be a seat")
    if len(set(seats)) != len(seats):
        raise RecordError("two seats have the same name")
    low, high = spec.seats
    if not low <= len(seats) <= high:
        wanted = f"{low} seat" if low == high else f"{low} to {high} seats"
        raise RecordError(f"{mode} is played by {wanted}, the record has {len(seats)}")
    if variant and not spec.allows_two_player_variant(len(seats)):
        raise RecordError("the two-player variant is for competitive or Trick games of 2 seats")
    sets = record.get("sets")
    most = spec.most_sets
    if not isinstance(sets, list) or not 1 <= len(sets) <= most:
        raise RecordError(f"'sets' must list 1 to {most} set(s) for {mode}")
    for i, s in enumerate(sets, 1):
        if not isinstance(s, dict):
            raise RecordError("a set must be an object", set_number=i)
    return spec, seats, variant, sets


def _check_deal(spec: ModeSpec, seats: list[str], raw: dict[str, Any], set_number: int) -> Deal:
    """The starting position of a set, checked against the rules' set-up (§6, §7)."""

    def fail(message: str, seat: str | None = None) -> NoReturn:
        raise RecordError(message, set_number=set_number, seat=seat)

    grid: Any = raw.get("grid")
    hands: Any = raw.get("hands")
    pile: Any = raw.get("draw_pile", [])
    if not isinstance(grid, list) or len(grid) != NUM_COLUMNS or not all(map(_are_cards, grid)):
        fail("'grid' must be 5 columns (A-E), each a list of cards 1-50")
    if not isinstance(hands, dict) or set(hands) != set(seats):
        fail("'hands' must give a hand to every seat and to no one else")
    for seat in seats:
        if not _are_cards(hands[seat]):
            fail("a hand must be a list of cards 1-50", seat)
    if not _are_cards(pile):
        fail("'draw_pile' must be a list of cards 1-50")
    every: list[int] = [
        *pile,
        *(card for column in grid for card in column),
        *(card for seat in seats for card in hands[seat]),
    ]
    seen = set(every)
    if len(seen) != len(every):
        twice = next(x for i, x in enumerate(every) if x in every[:i])
        fail(f"card {twice} appears more than once")

    heights = [len(c) for c in grid]
    _check_layout(spec, heights, set_number)
    _check_hand_sizes(spec, seats, hands, len(seen), set_number)
    if adjacent_same_colour_pair(grid, [max(heights)] * NUM_COLUMNS):
        fail("the starting grid has two adjacent cards of one colour")
    return Deal(grid, hands, pile)  # start_set copies what it keeps


def _check_layout(spec: ModeSpec, heights: list[int], set_number: int) -> None:
    """The starting grid's shape (§6, §7): one row of 5, full rows of the mode's difficulties,
    or, for an Enigma, any grid with a card."""
    if spec.layout == "one_row":
        if heights != [1] * NUM_COLUMNS:
            raise RecordError("the starting grid must be one row of 5 cards", set_number=set_number)
    elif spec.layout == "full_rows":
        if len(set(heights)) != 1 or heights[0] not in spec.difficulties:
            raise RecordError(
                f"a {spec.name} grid must be {spec.difficulties[0]} to "
                f"{spec.difficulties[-1]} full rows",
                set_number=set_number,
            )
    elif not any(heights):
        raise RecordError("an Enigma grid needs at least one card", set_number=set_number)


def _check_hand_sizes(
    spec: ModeSpec, seats: list[str], hands: dict[str, list[int]], dealt: int, set_number: int
) -> None:
    """Each hand holds the mode's number of cards and the set deals all 50 (§6), or, for an
    Enigma, the one hand holds enough for a turn."""
    size = spec.hand_size
    if size is None:  # a puzzle's hand: enough for one turn
        need = spec.cards_to_choose(False)
        if len(hands[seats[0]]) < need:
            text = f"an Enigma hand has at least {need} cards"
            raise RecordError(text, set_number=set_number, seat=seats[0])
        return
    for seat in seats:
        if len(hands[seat]) != size:
            text = f"a {spec.name} hand has {size} cards, not {len(hands[seat])}"
            raise RecordError(text, set_number=set_number, seat=seat)
    if dealt != 50:
        missing = 50 - dealt
        raise RecordError(
            f"a {spec.name} set deals all 50 cards exactly once; {missing} "
            f"{'is' if missing == 1 else 'are'} missing",
            set_number=set_number,
        )


# --- Summary ----------------------------------------------------------------------------------


def summarise(state: PopState, events: Iterable[Event]) -> dict[str, Json]:
    """The replay summary of rules §7, made from the replay's events."""
    sets: list[dict[str, Json]] = []
    summary: dict[str, Json] = {"sets": sets}
    turns: list[dict[str, Json]] = []
    for ev in events:
        if isinstance(ev, TurnEnded):
            collected = {seat: list(cards) for seat, cards in ev.collected.items()}
            collected[CHIEF] = sorted(ev.chief_pile)
            turns.append(
                {
                    "grid": [list(col) for col in ev.grid],
                    "queues": list(ev.queues),
                    "collected": collected,
                }
            )
        elif isinstance(ev, SetStarted):
            turns = []
            sets.append({"turns": turns})
        elif isinstance(ev, SetEnded):
            sets[-1]["scores"] = dict(ev.scores)
        elif isinstance(ev, GameEnded):
            if state.spec.competitive:
                summary["totals"] = dict(ev.totals)
                summary["winners"] = list(ev.winners)
            elif ev.result is not None:
                summary["result"] = ev.result.as_summary()
    return summary


def replay_summary(record: object) -> dict[str, Json]:
    """The summary of §7 of a parsed record; RecordError (one line) when it is not valid."""
    try:
        record = value_of(record, READING)
    except NotJson as e:
        raise RecordError(f"format: {e}") from None
    r = replay(record, steps=False)
    return summarise(r.state, r.events)
