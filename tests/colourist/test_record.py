"""colourist-record/1 (rules §8): the page's example, every CODE in the page's order, junk."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.colourist import game
from engine.colourist.errors import RecordError
from engine.colourist.events import RoundStarted, SeatChose
from engine.colourist.record import export_record, moves_of, replay_summary
from engine.colourist.view import view

from .helpers import SEATS, deck, play_out

# The page's two rounds, verbatim.
PAGE_ROUNDS: list[dict[str, Any]] = [
    {"drawn": ["n017"], "cards": {"ana": "red", "ben": "blue", "cai": "blue"}},
    {"drawn": ["a044"], "cards": {"ana": "joker", "ben": "green", "cai": "red"}},
]
PAGE_ROUND_2_SUMMARY = json.loads("""
    {"round": 2, "colourist": "cai", "field": 1, "symbol": "circle", "reshuffled": [],
     "words": ["a044"], "colour": "red", "matched": ["ana"], "moved": ["ana", "cai"],
     "positions": {"ana": 1, "ben": 1, "cai": 2}}
""")
# Rounds 3-16 after the page's two: who moves (the colourist always does). "all*": everyone
# matched (ana red, cai's Joker) rather than nobody.
PLAN = [
    "all",
    "ana",
    "ben",
    "all",
    "all",
    "ben",
    "all",
    "all*",
    "ben",
    "all",
    "cai",
    "ben",
    "all",
    "cai",
]


def _cards(colourist: str, movers: str) -> dict[str, str]:
    others = [s for s in SEATS if s != colourist]
    if movers == "all":  # nobody matched
        return {colourist: "red", others[0]: "blue", others[1]: "green"}
    if movers == "all*":
        return {colourist: "red", "ana": "red", "cai": "joker"}
    return {colourist: "red", **{s: ("red" if s == movers else "blue") for s in others}}


def page_game() -> dict[str, Any]:
    """The page's record header and two rounds, played on to the page's final positions."""
    record: dict[str, Any] = {
        "format": "colourist-record/1",
        "players": list(SEATS),
        "options": {"length": "normal"},
        "decks": {"noun": 120, "adjective": 120},
        "first": "ben",
        "rounds": copy.deepcopy(PAGE_ROUNDS),
    }
    positions = {"ana": 1, "ben": 1, "cai": 2}
    ids = {"n": 100, "a": 100}

    def fresh(kind: str) -> str:
        ids[kind] += 1
        return f"{kind}{ids[kind]:03d}"

    for number, movers in enumerate(PLAN, 3):
        colourist = game.colourist_of(SEATS, "ben", number)
        symbol = game.symbol_of(positions[colourist])
        cards = _cards(colourist, movers)
        if symbol == "double":
            drawn = [fresh("n"), fresh("n"), fresh("a"), fresh("a")]
            record["rounds"].append(
                {"drawn": drawn, "chosen": [drawn[3], drawn[0]], "cards": cards}
            )
        else:
            record["rounds"].append(
                {"drawn": [fresh("n" if symbol == "triangle" else "a")], "cards": cards}
            )
        for seat in game.score_round(SEATS, colourist, cards)[1]:
            positions[seat] += 1
    return record


def test_the_pages_example_round_summary_verbatim():
    summary = replay_summary(page_game())
    assert summary["rounds"][1] == PAGE_ROUND_2_SUMMARY
    assert summary["rounds"][0]["positions"] == {"ana": 0, "ben": 1, "cai": 1}


def test_the_pages_final_summary():
    # The page's summary ends {"ana": 9, "ben": 15, "cai": 15}, winners ben and cai, ana's
    # Joker in round 2. (Its cai Joker "11" cannot be: cai is colourist in round 11 when ben
    # is first; here cai plays it in round 10.)
    summary = replay_summary(page_game())
    assert summary["positions"] == {"ana": 9, "ben": 15, "cai": 15}
    assert summary["winners"] == ["ben", "cai"]
    assert summary["jokers"] == {"ana": 2, "ben": None, "cai": 10}
    assert list(summary) == ["rounds", "positions", "winners", "jokers"]
    assert list(summary["rounds"][0]) == [
        "round",
        "colourist",
        "field",
        "symbol",
        "reshuffled",
        "words",
        "colour",
        "matched",
        "moved",
        "positions",
    ]
    double = next(r for r in summary["rounds"] if r["symbol"] == "double")
    assert double["words"][0].startswith("a")
    assert double["words"][1].startswith("n")


def test_text_and_parsed_records_give_the_same_summary():
    record = page_game()
    assert replay_summary(json.dumps(record)) == replay_summary(record)
    assert replay_summary(json.dumps(record).encode()) == replay_summary(record)


def _code(record: object) -> str:
    with pytest.raises(RecordError) as e:
        replay_summary(record)
    line = str(e.value)
    assert "\n" not in line
    return line.split(":")[0]


def _edit(change) -> dict[str, Any]:
    record = page_game()
    change(record)
    return record


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "",
        "nul",
        '{"format": NaN}',
        '{"format": Infinity}',
        '{"a": -Infinity}',
        "[" * 100_000 + "]" * 100_000,
        "1" * 5000,
        '{"x": 1e999}',
        "[]",
        '"colourist-record/1"',
        "3",
        "null",
        b"\xff\xfe\x00",
    ],
)
def test_format_not_json_or_not_an_object(text):
    assert _code(text) == "format"


@pytest.mark.parametrize("value", [float("nan"), [math.inf], {1: 2}, ("format",), {"a": {3}}])
def test_format_parsed_values_that_are_not_json(value):
    assert _code(value) == "format"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda r: r.update(format="colourist-record/2"), "format"),
        (lambda r: r.pop("decks"), "format"),
        (lambda r: r.update(extra=1), "format"),
        (lambda r: r.update(players=["ana", "ben"]), "players"),
        (lambda r: r.update(players=["ana", "ben", "ana"]), "players"),
        (lambda r: r.update(players=["ana", "ben", ""]), "players"),
        (lambda r: r.update(players=["ana", "ben", 3]), "players"),
        (lambda r: r.update(players=list("abcdefg")), "players"),
        (lambda r: r.update(players="ana,ben,cai"), "players"),
        (lambda r: r.update(options={"length": "huge"}), "options"),
        (lambda r: r.update(options={"length": "short", "pace": 1}), "options"),
        (lambda r: r.update(options={}), "options"),
        (lambda r: r.update(options={"length": ["short"]}), "options"),
        (lambda r: r.update(decks={"noun": 1, "adjective": 120}), "decks"),
        (lambda r: r.update(decks={"noun": 1000, "adjective": 120}), "decks"),
        (lambda r: r.update(decks={"noun": True, "adjective": 120}), "decks"),
        (lambda r: r.update(decks={"noun": 120.0, "adjective": 120}), "decks"),
        (lambda r: r.update(decks={"noun": 120}), "decks"),
        (lambda r: r.update(first="dan"), "first"),
        (lambda r: r.update(first=["ben"]), "first"),
        (lambda r: r.update(rounds="all"), "round"),
        (lambda r: r.update(rounds={}), "round"),
        (lambda r: r["rounds"].insert(1, []), "round"),
        (lambda r: r["rounds"][1].pop("cards"), "round"),
        (lambda r: r["rounds"][1].update(note="hi"), "round"),
        (lambda r: r["rounds"].append(copy.deepcopy(r["rounds"][-1])), "after-end"),
        (lambda r: r["rounds"].append("junk"), "after-end"),
        (lambda r: r["rounds"][0].update(drawn=["a001"]), "drawn"),
        (lambda r: r["rounds"][1].update(drawn=["n001"]), "drawn"),
        (lambda r: r["rounds"][0].update(drawn=["n01"]), "drawn"),
        (lambda r: r["rounds"][0].update(drawn=["n0001"]), "drawn"),
        (lambda r: r["rounds"][0].update(drawn=["N001"]), "drawn"),
        (lambda r: r["rounds"][0].update(drawn=["n٠٠١"]), "drawn"),
        (lambda r: r["rounds"][0].update(drawn=["n001\n"]), "drawn"),
        (lambda r: r["rounds"][0].update(drawn="n001"), "drawn"),
        (lambda r: r["rounds"][0].update(drawn=["n001", "n002"]), "drawn"),
        (lambda r: r["rounds"][0].update(drawn=[17]), "drawn"),
        (lambda r: r["rounds"][2].update(drawn=["a044"]), "deck"),  # a044 again, same cycle
        (lambda r: r["rounds"][0].update(chosen=["a001", "n017"]), "chosen"),
        (lambda r: r["rounds"][0].update(cards={"ana": "red", "ben": "blue"}), "cards"),
        (lambda r: r["rounds"][0]["cards"].update(dan="red"), "cards"),
        (lambda r: r["rounds"][0]["cards"].update(ana="pink"), "cards"),
        (lambda r: r["rounds"][0]["cards"].update(ana=None), "cards"),
        (lambda r: r["rounds"][0]["cards"].update(ana=[["red"]]), "cards"),
        (lambda r: r["rounds"][0].update(cards=["red", "blue", "blue"]), "cards"),
        (lambda r: r["rounds"][0]["cards"].update(ben="joker"), "joker"),  # ben is colourist
        (lambda r: r["rounds"][2]["cards"].update(ana="joker"), "joker"),  # ana is colourist
        (lambda r: r["rounds"][3]["cards"].update(ana="joker"), "joker"),  # ana's second
        (lambda r: r["rounds"].pop(), "unfinished"),
        (lambda r: r.update(rounds=[]), "unfinished"),
    ],
)
def test_every_code(change, code):
    assert _code(_edit(change)) == code


def _double_round(record: dict[str, Any]) -> dict[str, Any]:
    return next(r for r in record["rounds"] if "chosen" in r)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.pop("chosen"), "chosen"),
        (lambda d: d.update(chosen=[d["drawn"][0], d["drawn"][3]]), "chosen"),  # noun first
        (lambda d: d.update(chosen=[d["drawn"][3], "n999"]), "chosen"),
        (lambda d: d.update(chosen=[d["drawn"][3]]), "chosen"),
        (lambda d: d.update(chosen="x"), "chosen"),
        (lambda d: d.update(drawn=d["drawn"][:3]), "drawn"),
        (
            lambda d: d.update(drawn=[d["drawn"][2], d["drawn"][3], d["drawn"][0], d["drawn"][1]]),
            "drawn",
        ),
        (
            lambda d: d.update(drawn=[d["drawn"][0], d["drawn"][0], d["drawn"][2], d["drawn"][3]]),
            "deck",
        ),  # this round included
    ],
)
def test_double_field_codes(change, code):
    def edit(record):
        change(_double_round(record))

    assert _code(_edit(edit)) == code


def test_checks_run_in_the_pages_order():
    assert _code(_edit(lambda r: r.update(players=[], options={}))) == "players"
    assert _code(_edit(lambda r: r.update(options={}, decks={}))) == "options"
    assert _code(_edit(lambda r: r.update(decks={}, first="dan"))) == "decks"
    assert _code(_edit(lambda r: r.update(first="dan", rounds="x"))) == "first"

    # Within a round: drawn before deck before chosen before cards before joker.
    def bad_round(r):
        r["rounds"][0].update(drawn=["a001"], chosen=[], cards={})

    assert _code(_edit(bad_round)) == "drawn"
    assert _code(_edit(lambda r: r["rounds"][0].update(chosen=[], cards={}))) == "chosen"

    def joker_and_cards(r):
        r["rounds"][0]["cards"].update(ben="joker", cai="pink")

    assert _code(_edit(joker_and_cards)) == "cards"
    # after-end comes before the extra round's own form.
    assert _code(_edit(lambda r: r["rounds"].append({"bad": 1}))) == "after-end"


def test_error_text_names_round_colourist_and_seat():
    with pytest.raises(RecordError) as e:
        replay_summary(_edit(lambda r: r["rounds"][3]["cards"].update(ana="joker")))
    assert str(e.value).startswith("joker: round 4 (colourist ben), seat ana: ")


def test_deck_cycles_and_reshuffles_are_detected():
    # Noun deck of 2 cards. Rounds where nobody matched: everyone moves each round, so every
    # colourist stands on field r-1: T C T C T D T C T C (short track).
    def rounds(draws: list[list[str]]) -> list[dict[str, Any]]:
        return [
            {
                "drawn": d,
                **({"chosen": [d[2], d[0]]} if len(d) == 4 else {}),
                "cards": {"ana": "red", "ben": "blue", "cai": "green"},
            }
            for d in draws
        ]

    draws = [
        ["n001"],
        ["a001"],
        ["n002"],
        ["a002"],
        ["n001"],
        ["n002", "n001", "a003", "a001"],
        ["n002"],
        ["a002"],
        ["n001"],
        ["a003"],
    ]
    record = {
        "format": "colourist-record/1",
        "players": ["ana", "ben", "cai"],
        "options": {"length": "short"},
        "decks": {"noun": 2, "adjective": 3},
        "first": "ana",
        "rounds": rounds(draws),
    }
    summary = replay_summary(record)
    assert [r["reshuffled"] for r in summary["rounds"]] == [
        [],
        [],
        [],
        [],
        ["noun"],
        ["noun", "adjective"],
        ["noun"],
        [],
        [],
        ["adjective"],
    ]
    assert summary["winners"] == ["ana", "ben", "cai"]
    # n001 twice in one cycle (round 5 with a 3-card noun deck: no reshuffle yet).
    assert _code(dict(record, decks={"noun": 3, "adjective": 3})) == "deck"
    # More different ids than the deck holds.
    more = copy.deepcopy(record)
    more["rounds"][2]["drawn"] = ["n003"]
    assert _code(more) == "deck"


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["red", "joker", "n001", "a001", "ana", "double"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "format",
                    "players",
                    "options",
                    "decks",
                    "first",
                    "rounds",
                    "drawn",
                    "cards",
                    "chosen",
                    "ana",
                    "ben",
                    "cai",
                    "length",
                    "noun",
                ]
            )
            | st.text(max_size=4),
            inner,
            max_size=6,
        )
    ),
    max_leaves=20,
)


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=150, deadline=None)
@given(JSON_VALUES)
def test_junk_json_is_a_record_error_never_a_traceback(junk):
    with pytest.raises(RecordError):
        replay_summary(junk)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40) | st.binary(max_size=40))
def test_junk_text_is_a_record_error(text):
    with pytest.raises(RecordError):
        replay_summary(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_mutated_record_replays_or_is_refused_in_one_line(data):
    record = page_game()
    path = data.draw(st.sampled_from(_paths(record)[1:]))
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(JSON_VALUES)
    try:
        summary = replay_summary(record)
    except RecordError as e:  # junk may be refused or replayed: either way, one clean line
        error = str(e)
        assert "\n" not in error
        assert error.split(":")[0] in {
            "format",
            "players",
            "options",
            "decks",
            "first",
            "after-end",
            "round",
            "drawn",
            "deck",
            "chosen",
            "cards",
            "joker",
            "unfinished",
        }
    else:
        assert json.loads(json.dumps(summary)) == summary


def test_export_of_a_finished_engine_game_replays(tmp_path):
    state = game.new_game(
        SEATS,
        [f"n{i:03d}" for i in range(1, 4)],
        [f"a{i:03d}" for i in range(1, 4)],
        length="short",
        seed=9,
    )
    import random

    from .helpers import play_out

    state, _ = play_out(state, random.Random(2))
    record = export_record(state)
    assert json.loads(json.dumps(record)) == record
    summary = replay_summary(record)
    assert summary["positions"] == state.positions
    assert summary["winners"] == state.winners


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(3, 6),
    length=st.sampled_from(["short", "normal", "long"]),
    seed=st.integers(0, 2**32),
)
def test_the_replays_rounds_score_as_the_rules_do(seats, length, seed):
    """The replay works each round's score out in its own quick way: it must be the rules'
    (game.score_round), round by round, and end with the live game's positions and Jokers."""
    import random

    from .helpers import play_out

    names = [f"s{i}" for i in range(seats)]
    state = game.new_game(
        names,
        [f"n{i:03d}" for i in range(1, 6)],
        [f"a{i:03d}" for i in range(1, 6)],
        length=length,
        seed=seed,
    )
    state, _ = play_out(state, random.Random(seed))
    summary = replay_summary(export_record(state))
    for number, (rnd, shown) in enumerate(zip(state.rounds, summary["rounds"], strict=True), 1):
        colourist = game.colourist_of(names, state.first, number)
        matched, moved = game.score_round(names, colourist, rnd.cards)
        assert (shown["matched"], shown["moved"]) == (list(matched), list(moved))
    assert summary["positions"] == state.positions
    assert summary["jokers"] == state.jokers


@pytest.mark.parametrize("seed", range(6))
def test_a_record_played_again_move_by_move_gives_the_events_and_views_it_had(seed):
    """`moves_of` (what `pop-bot render` draws from): the record's draws dealt in their order,
    its moves played by the rules give the same events and the same end; small decks, so that
    the longer games reshuffle."""
    seats = ["ana", "ben", "cai", "dee", "eli", "fay"][: 3 + seed % 4]
    length = ("short", "normal", "long")[seed % 3]
    start = game.new_game(seats, deck("noun", 5), deck("adjective", 5), length=length, seed=seed)
    state, events = play_out(start, random.Random(seed))
    record = export_record(state)
    again, moves = moves_of(record)
    replayed: list[Any] = []
    for seat, move in moves:
        again, new = game.apply(again, seat, move)
        replayed += new
    assert export_record(again) == record

    def public(events: list[Any]) -> list[Any]:
        """Not a round's start (it says what was reshuffled) nor who laid a card (a record
        keeps no order of the cards laid)."""
        return [e for e in events if not isinstance(e, RoundStarted | SeatChose)]

    assert public(replayed) == public(events)
    assert dataclasses.replace(view(again), pile_sizes={}) == dataclasses.replace(
        view(state), pile_sizes={}
    )
