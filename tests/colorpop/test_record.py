"""colorpop-record/1 (rules §8): the page's examples verbatim, every check, junk never crashes."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.colorpop import record, rules
from engine.colorpop.adapter import COLORPOP
from engine.colorpop.errors import RecordError

from .helpers import RECORDS, load_record, random_game


def error_of(data: object) -> str:
    with pytest.raises(RecordError) as caught:
        record.replay_summary(data)
    line = str(caught.value)
    assert "\n" not in line
    return line


def with_(base: dict, **changes: object) -> dict:
    out = copy.deepcopy(base)
    out.update(changes)
    return out


ENDED30 = load_record("ended30")


# The page's example lines, verbatim.


def test_page_example_move_7_ben_c9_is_empty():
    base = load_record("empty_c9")
    moves = [*base["moves"][:6], {"pick": "C9"}]
    line = error_of(with_(base, moves=moves))
    assert line == "move 7 (ben): C9 is empty"


def test_page_example_move_after_the_end():
    moves = ENDED30["moves"] + [{"pick": "A1"}]
    assert error_of(with_(ENDED30, moves=moves)) == "move 31: the game already ended after move 30"


def test_page_example_record_ends_before_the_game():
    base = load_record("long")
    assert len(base["moves"]) > 30
    line = error_of(with_(base, moves=base["moves"][:30]))
    assert line == "the record ends after move 30 but the game is not over"
    assert (
        error_of(with_(base, moves=[])) == "the record ends after move 0 but the game is not over"
    )


def test_page_example_six_connected_red_tokens_at_c3():
    board = load_record("six_r_board")
    assert error_of(with_(ENDED30, board=board)) == "6 connected R tokens (at C3)"


def test_page_example_record_shape_replays_with_optional_seat():
    # The page's example moves: `{"pick": "C3"}` and `{"seat": "cai", "pick": "A1"}`.
    moves = [{"pick": m["pick"]} if i % 2 else m for i, m in enumerate(ENDED30["moves"])]
    assert record.replay_summary(with_(ENDED30, moves=moves)) == record.replay_summary(ENDED30)


# The summary.


def test_summary_of_a_whole_game():
    summary = record.replay_summary(ENDED30)
    assert set(summary) == {"moves", "end", "winners", "tie_break", "scores"}  # no "won"
    assert len(summary["moves"]) == 30
    first = summary["moves"][0]
    assert set(first) == {"seat", "pick", "colour", "size", "jokers", "board", "collected", "left"}
    assert (first["seat"], first["pick"]) == ("ben", "J1")
    for step in summary["moves"]:
        assert len(step["board"]) == 10
        assert all(len(r) == 10 for r in step["board"])
        assert list(step["left"]) == ["R", "Y", "G", "B", "P", "W"]
        assert sum(step["left"].values()) + sum(step["collected"].values()) == 100
        rails = tuple(r.rstrip(".") for r in step["board"])
        assert rules.counts(rails) == step["left"]
    collected = [m["collected"] for m in summary["moves"]]
    for before, after, step in zip(collected, collected[1:], summary["moves"][1:], strict=False):
        assert after[step["seat"]] - before[step["seat"]] == step["size"]
    assert set(summary["scores"]) == {"ana", "ben", "cai"}
    assert summary["end"] in ("cleared", "blocked")
    golden = json.loads((RECORDS / "ended30.summary.json").read_text())
    assert summary == golden


def test_summary_of_the_first_move_by_hand():
    summary = record.replay_summary(ENDED30)
    board = tuple(ENDED30["board"])
    group = rules.group_at(board, rules.parse_cell("J1"))
    first = summary["moves"][0]
    assert (first["colour"], first["size"], first["jokers"]) == (
        group.colour,
        group.size,
        group.jokers,
    )
    assert first["collected"] == {"ana": 0, "ben": group.size, "cai": 0}
    assert first["board"] == rules.display_rows(rules.remove(board, group.cells).board)


def test_solo_summary_says_won_and_keeps_scores():
    state = random_game(3, mode="solo", seats=1, solo_colours=2)
    summary = record.replay_summary(record.export_record(state))
    assert summary["won"] is (state.end == "cleared")
    assert summary["tie_break"] == "none"
    assert summary["winners"] == (["p0"] if summary["won"] else [])
    assert set(summary["scores"]["p0"]) == {"left", "removed_own"}


def test_other_keys_are_ignored():
    extra = with_(ENDED30, comment="hi", version=2)
    extra["moves"] = [dict(m, note=[1]) for m in extra["moves"]]
    assert record.replay_summary(extra) == record.replay_summary(ENDED30)


# Every check, in the page's order.


@pytest.mark.parametrize(
    ("change", "line"),
    [
        ({"format": "colorpop-record/2"}, "format is not colorpop-record/1"),
        ({"format": None}, "format is not colorpop-record/1"),
        ({"mode": "Competitive"}, "mode is not one of competitive, solo, duel, teams"),
        ({"mode": None}, "mode is not one of competitive, solo, duel, teams"),
        ({"seats": "ana"}, "seats is not a list of strings"),
        ({"seats": ["ana", 2, "cai"]}, "seats is not a list of strings"),
        ({"seats": ["ana", " \t", "cai"]}, "a seat name is blank"),
        ({"seats": ["ana", "ana", "cai"]}, "seats are not distinct"),
        ({"seats": ["ana"], "secrets": [["R"]]}, "competitive is played by 2 to 5 seats, not 1"),
        ({"secrets": [["R"], ["B"]]}, "secrets is not a list of 3 lists, one per seat"),
        (
            {"secrets": [["R"], ["b"], ["Y"]]},
            "secrets of ben is not a list of letters among R Y G B P",
        ),
        (
            {"secrets": [["R"], ["W"], ["Y"]]},
            "secrets of ben is not a list of letters among R Y G B P",
        ),
        (
            {"secrets": [["R"], ["B", "G"], ["Y"]]},
            "secrets of ben: competitive holds 1 colour(s) per seat, not 2",
        ),
        ({"secrets": [["R"], ["R"], ["Y"]]}, "secrets: R is dealt twice"),
        ({"first": "dan"}, "first is not a seat"),
        ({"first": None}, "first is not a seat"),
        ({"board": ["RYGBPWRYGB"] * 9}, "board is not 10 strings of 10 letters among RYGBPW"),
        ({"board": None}, "board is not 10 strings of 10 letters among RYGBPW"),
        ({"moves": {"0": {"pick": "A1"}}}, "moves is not a list"),
    ],
)
def test_header_checks(change, line):
    assert error_of(with_(ENDED30, **change)) == line


def test_board_letters_and_counts():
    board = list(ENDED30["board"])
    board[0] = board[0][:9] + "."
    assert (
        error_of(with_(ENDED30, board=board))
        == "board is not 10 strings of 10 letters among RYGBPW"
    )
    board[0] = ENDED30["board"][0][:9] + ("R" if ENDED30["board"][0][9] != "R" else "Y")
    assert error_of(with_(ENDED30, board=board)).startswith("board has ")


def test_mode_seat_counts_and_secret_counts():
    solo = {
        "format": "colorpop-record/1",
        "mode": "solo",
        "seats": ["ana"],
        "secrets": [[]],
        "first": "ana",
        "board": ENDED30["board"],
        "moves": [],
    }
    assert error_of(solo) == "secrets of ana: solo holds 1 to 5 colours, not 0"
    teams = with_(solo, mode="teams", seats=["a", "b", "c"], secrets=[["R"], ["B"], ["Y"]])
    assert error_of(teams) == "teams is played by 4 seats, not 3"


@pytest.mark.parametrize(
    ("key", "line"),
    [
        ("format", "format is not colorpop-record/1"),
        ("mode", "mode is not one of competitive, solo, duel, teams"),
        ("seats", "seats is not a list of strings"),
        ("secrets", "secrets is not a list of 3 lists, one per seat"),
        ("first", "first is not a seat"),
        ("board", "board is not 10 strings of 10 letters among RYGBPW"),
        ("moves", "moves is not a list"),
    ],
)
def test_a_missing_key_is_one_line(key, line):
    missing = copy.deepcopy(ENDED30)
    del missing[key]
    assert error_of(missing) == line


def test_not_an_object():
    for junk in ([], "colorpop-record/1", None, 3):
        assert error_of(junk) == "the record is not a JSON object"


@pytest.mark.parametrize(
    ("move", "line"),
    [
        ("A1", "move 1 (ben): the move is not an object with a string pick"),
        ({"seat": "ben"}, "move 1 (ben): the move is not an object with a string pick"),
        ({"pick": 3}, "move 1 (ben): the move is not an object with a string pick"),
        (
            {"seat": "ana", "pick": "J1"},
            'move 1 (ben): the move names seat "ana", but ben is on turn',
        ),
        (
            {"seat": None, "pick": "J1"},
            "move 1 (ben): the move names seat null, but ben is on turn",
        ),
        (
            {"seat": "ana", "pick": "zz"},
            'move 1 (ben): the move names seat "ana", but ben is on turn',
        ),
        ({"pick": "C3\n"}, 'move 1 (ben): "C3\\n" is not a cell (A1 to J10)'),
        ({"pick": "c3"}, 'move 1 (ben): "c3" is not a cell (A1 to J10)'),
        ({"pick": "K1"}, 'move 1 (ben): "K1" is not a cell (A1 to J10)'),
        ({"pick": "A11"}, 'move 1 (ben): "A11" is not a cell (A1 to J10)'),
    ],
)
def test_move_checks_in_order(move, line):
    moves = [move, *ENDED30["moves"][1:]]
    assert error_of(with_(ENDED30, moves=moves)) == line


def test_a_joker_is_refused_naming_move_and_seat():
    assert ENDED30["board"][0][8] == "W"
    assert error_of(with_(ENDED30, moves=[{"pick": "A9"}])) == "move 1 (ben): A9 is a joker"


def test_a_single_token_is_refused_naming_move_and_seat():
    board = tuple(ENDED30["board"])
    after = rules.remove(board, rules.group_at(board, rules.parse_cell("J1")).cells).board
    lone = next(
        rules.cell_name((r, w))
        for r in range(10)
        for w in range(len(after[r]))
        if after[r][w] != "W" and rules.group_at(after, (r, w)).size == 1
    )
    moves = [*ENDED30["moves"][:1], {"pick": lone}]
    assert error_of(with_(ENDED30, moves=moves)) == f"move 2 (cai): {lone} is a single token"


def test_an_earlier_fault_is_reported_first():
    moves = copy.deepcopy(ENDED30["moves"])
    moves[4] = {"pick": "Z9"}
    moves[20] = "junk"
    assert error_of(with_(ENDED30, moves=moves)) == 'move 5 (cai): "Z9" is not a cell (A1 to J10)'


def test_any_token_of_the_group_may_be_picked():
    board = tuple(ENDED30["board"])
    group = rules.group_at(board, rules.parse_cell("J1"))
    other = next(c for c in group.cells if c != group.anchor and board[c[0]][c[1]] != "W")
    moves = copy.deepcopy(ENDED30["moves"])
    moves[0]["pick"] = rules.cell_name(other)
    summary = record.replay_summary(with_(ENDED30, moves=moves))
    assert summary["moves"][0]["pick"] == rules.cell_name(other)  # echoed as given
    assert summary["moves"][1:] == record.replay_summary(ENDED30)["moves"][1:]


# Never a traceback, whatever the JSON.

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["A1", "C3", "J10", "R", "W", "colorpop-record/1", "ana", "ben"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                [
                    "format",
                    "mode",
                    "seats",
                    "secrets",
                    "first",
                    "board",
                    "moves",
                    "pick",
                    "seat",
                    "x",
                ]
            )
            | st.text(max_size=5),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_junk_is_one_record_error_line(junk):
    assert "\n" not in error_of(junk)


KEYS = ["format", "mode", "seats", "secrets", "first", "board", "moves"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(KEYS), json_values, st.integers(0, 40), st.booleans())
def test_a_valid_record_with_one_part_spoiled_never_crashes(key, junk, index, in_moves):
    spoiled = copy.deepcopy(ENDED30)
    if in_moves:
        moves = spoiled["moves"]
        moves[index % len(moves)] = junk
    else:
        spoiled[key] = junk
    try:
        summary = record.replay_summary(spoiled)
    except RecordError as error:
        assert "\n" not in str(error)
    else:
        assert summary["end"] in ("cleared", "blocked")


@pytest.mark.parametrize(
    "junk",
    [
        {
            "format": "colorpop-record/1",
            "mode": "solo",
            "seats": ["a"],
            "secrets": [["R"]],
            "first": "a",
            "board": ENDED30["board"],
            "moves": [{"pick": "A" + "9" * 5000}],
        },
        {
            "format": "colorpop-record/1",
            "mode": "duel",
            "seats": ["a", "b"],
            "secrets": [["R", "R"], ["B", "G"]],
            "first": "a",
            "board": [],
            "moves": [],
        },
        with_(ENDED30, moves=[{"pick": "J1", "seat": 10**5000}]),
        with_(ENDED30, moves=[{"pick": "J1", "seat": float("nan")}]),
        with_(ENDED30, seats=["ana", "ben", "\ud800"], first="\ud800"),
    ],
)
def test_huge_ints_odd_strings_never_crash(junk):
    assert "\n" not in error_of(junk)


def test_deep_nesting_never_crashes():
    deep: object = "A1"
    for _ in range(100):
        deep = [deep]
    assert error_of(with_(ENDED30, moves=[deep])).startswith("move 1 (ben): the move is not")
    for _ in range(5000):  # deeper than the reader reads a text: the JSON is refused first
        deep = [deep]
    assert error_of(with_(ENDED30, moves=[deep])) == (
        "format: the record is nested more than 900 levels deep"
    )
    assert error_of(deep) == "format: the record is nested more than 900 levels deep"


# Export -> replay is identity.


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**64 - 1),
    st.sampled_from(
        [("competitive", 2), ("competitive", 5), ("solo", 1), ("duel", 2), ("teams", 4)]
    ),
)
def test_export_then_replay_is_identity(seed, mode_seats):
    mode, seats = mode_seats
    state = random_game(seed, mode=mode, seats=seats, solo_colours=1 + seed % 5)
    exported = record.export_record(state)
    assert json.loads(json.dumps(exported)) == exported
    replayed, _ = record.replay(exported)
    assert (
        replayed.board,
        replayed.picks,
        replayed.piles,
        replayed.end,
        replayed.winners,
        replayed.tie_break,
    ) == (state.board, state.picks, state.piles, state.end, state.winners, state.tie_break)
    summary = COLORPOP.replay_summary(exported)
    assert summary["moves"][-1]["board"] == rules.display_rows(state.board)
    assert summary["winners"] == list(state.winners)
    assert record.export_record(replayed) == exported
