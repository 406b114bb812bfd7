"""pop-record/1 (rules §7): the replay summary, every record rule, and `pop-bot replay`.

records/competitive-3-seats.json is a seeded three-seat game (a Chief that explodes, a seat that
takes the Chief's pile, cards discarded at the end); its .summary.json pins the public output.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.pop.errors import RecordError
from engine.pop.record import export_record, replay, replay_summary

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
COMPETITIVE = json.loads((HERE / "records" / "competitive-3-seats.json").read_text())
COMPETITIVE_SUMMARY = json.loads(
    (HERE / "records" / "competitive-3-seats.summary.json").read_text()
)
SEATS = ["ana", "ben", "cai"]


def symbols(card: int) -> int:
    """§1, written out again here so the summary is checked against the rules, not the table."""
    if card <= 5 or card >= 46:
        return 3
    if 16 <= card <= 20 or 31 <= card <= 35:
        return 2
    return 1


def competitive() -> dict:
    return copy.deepcopy(COMPETITIVE)


def rest(*used) -> list[int]:
    taken = {c for group in used for c in group}
    return [c for c in range(1, 51) if c not in taken]


ROW = [[11], [12], [13], [14], [15]]  # red, yellow, green, blue, purple; no arrows


def enigma_record() -> dict:
    """Each of 21-25 lands under the card of its own colour: the whole grid explodes."""
    return {
        "format": "pop-record/1",
        "mode": "enigma",
        "seats": ["sol"],
        "sets": [
            {
                "grid": copy.deepcopy(ROW),
                "hands": {"sol": [25, 24, 23, 22, 21, 40]},
                "draw_pile": [],
                "turns": [{"plays": {"sol": [21, 22, 23, 24, 25]}}],
            }
        ],
    }


def solo_record() -> dict:
    """The same clearing turn from a Beginner solo deal: won on turn 1."""
    hand = [21, 22, 23, 24, 25, 36, 37, 38, 39, 40]
    return {
        "format": "pop-record/1",
        "mode": "solo",
        "seats": ["sol"],
        "sets": [
            {
                "grid": copy.deepcopy(ROW),
                "hands": {"sol": hand},
                "draw_pile": rest(hand, *ROW),
                "turns": [{"plays": {"sol": [21, 22, 23, 24, 25]}}],
            }
        ],
    }


def coop_record() -> dict:
    """Three seats; the Chief takes 49 face up and 50 face down. Turn 1 reveals 21 27 28 49 50:
    two arrows, so A first: ana's 21 (red) lands under 11 (red) and the game ends there."""
    hands = {
        "ana": [21, 1, 2, 3, 4, 5, 6, 7, 8],
        "ben": [27, 9, 10, 16, 17, 18, 19, 20, 22],
        "cai": [28, 23, 24, 25, 26, 29, 30, 31, 32],
    }
    pile = [49, 50, *rest(*hands.values(), *ROW, [49, 50])]
    return {
        "format": "pop-record/1",
        "mode": "coop",
        "seats": SEATS,
        "sets": [
            {
                "grid": copy.deepcopy(ROW),
                "hands": hands,
                "draw_pile": pile,
                "turns": [{"plays": {"ana": [21], "ben": [27], "cai": [28]}}],
            }
        ],
    }


def error_of(record: object, *, partial: bool = False) -> str:
    with pytest.raises(RecordError) as info:
        replay(record, partial=partial)
    return str(info.value)


# --- The summary, field by field (§7) ----------------------------------------------------------


def test_competitive_summary_has_the_documented_shape_and_values():
    summary = replay_summary(competitive())
    assert list(summary) == ["sets", "totals", "winners"]
    (the_set,) = summary["sets"]
    assert list(the_set) == ["turns", "scores"]
    assert len(the_set["turns"]) == 8
    previous = {seat: [] for seat in SEATS}
    for number, turn in enumerate(the_set["turns"], 1):
        assert list(turn) == ["grid", "queues", "collected"]
        assert len(turn["grid"]) == 5
        # §2: a one-row start puts the Queue cards at row 1; each whole turn moves them down 1.
        assert turn["queues"] == [1 + number] * 5
        assert list(turn["collected"]) == [*SEATS, "chief"]
        for seat, cards in turn["collected"].items():
            assert cards == sorted(cards)
            if seat != "chief":  # cumulative in the set
                assert set(previous[seat]) <= set(cards)
                previous[seat] = cards
    scores = {seat: sum(map(symbols, previous[seat])) for seat in SEATS}
    assert the_set["scores"] == scores == {"ana": 24, "ben": 10, "cai": 9}
    assert summary["totals"] == scores
    assert summary["winners"] == ["cai"]  # lowest total
    assert summary == COMPETITIVE_SUMMARY


def test_competitive_summary_turn_one_worked_by_hand():
    # Row 0: 37 yellow, 38 green, 45 purple, 21 red, 39 blue. The Chief takes 7 face up and 2
    # face down. Revealed: 2 (Chief), 3 (cai), 7 (Chief), 36 (ben), 41 (ana): four arrows, so
    # E first. E: 41 under 39, nothing. D: 36 (red) under 21 (red) and beside 41 (red, row 1):
    # ben takes 21 36 41 and 39 falls. C: 7 under 45. B: 3 (green) under 38: cai takes both.
    # A: 2 (yellow) under 37 (yellow): the Chief's explosion waits beside it.
    turns = replay_summary(competitive())["sets"][0]["turns"]
    assert turns[0] == {
        "grid": [[], [], [45, 7], [], [39]],
        "queues": [2, 2, 2, 2, 2],
        "collected": {"ana": [], "ben": [21, 36, 41], "cai": [3, 38], "chief": [2, 37]},
    }
    # Turn 2: ana's explosion takes the Chief's 2 and 37 too; the Chief's pile is not cumulative.
    assert {2, 37} <= set(turns[1]["collected"]["ana"])
    assert turns[1]["collected"]["chief"] == []


def test_chief_pile_in_the_last_turn_shows_what_is_about_to_be_discarded():
    summary = replay_summary(competitive())
    last = summary["sets"][0]["turns"][-1]
    assert last["collected"]["chief"] == [1, 26]
    assert sum(symbols(c) for c in (1, 26)) > 0  # and they count for nobody:
    assert sum(summary["totals"].values()) == sum(
        symbols(c) for seat in SEATS for c in last["collected"][seat]
    )


def load(name: str) -> dict:
    return json.loads((HERE / "records" / f"{name}.json").read_text())


def left_in_hand(record: dict) -> dict[str, list[int]]:
    (the_set,) = record["sets"]
    return {
        seat: sorted(set(hand) - {c for t in the_set["turns"] for c in t["plays"][seat]})
        for seat, hand in the_set["hands"].items()
    }


def test_five_seats_shared_victory_in_seat_order():
    record = load("competitive-5-seats-shared")
    summary = replay_summary(record)
    # Five seats: no Chief, so nothing ever waits beside it.
    assert all(t["collected"]["chief"] == [] for t in summary["sets"][0]["turns"])
    totals = summary["totals"]
    assert totals == {"ana": 3, "ben": 3, "cai": 8, "dov": 10, "eve": 18}
    # ana and ben tie on 3; both keep a 3-symbol card (4 and 5): a shared victory.
    assert left_in_hand(record)["ana"] == [4]
    assert left_in_hand(record)["ben"] == [5]
    assert summary["winners"] == ["ana", "ben"]
    record["seats"] = ["eve", "ben", "dov", "ana", "cai"]  # same game, other seat order
    summary = replay_summary(record)
    assert summary["winners"] == ["ben", "ana"]
    assert list(summary["totals"]) == record["seats"]
    assert list(summary["sets"][0]["scores"]) == record["seats"]
    assert list(summary["sets"][0]["turns"][0]["collected"]) == [*record["seats"], "chief"]


def test_a_tie_is_broken_by_the_card_left_in_hand():
    record = load("competitive-3-seats-card-in-hand")
    summary = replay_summary(record)
    assert summary["totals"] == {"ana": 0, "ben": 25, "cai": 0}
    assert left_in_hand(record) == {"ana": [25], "ben": [23], "cai": [5]}  # 1 symbol vs 3
    assert summary["winners"] == ["ana"]
    record["mode"] = "trick"  # highest wins: the same plays give other scores, checked by rule
    trick = replay_summary(record)
    best = max(trick["totals"].values())
    assert trick["winners"] == [s for s in SEATS if trick["totals"][s] == best]


def test_coop_summary_after_the_fatal_explosion():
    summary = replay_summary(coop_record())
    assert list(summary) == ["sets", "result"]
    (turn,) = summary["sets"][0]["turns"]
    # A was served and exploded; B-E were not: their Queue cards stay one row higher.
    assert turn == {
        "grid": [[], [12], [13], [14], [15]],
        "queues": [2, 1, 1, 1, 1],
        "collected": {"ana": [11, 21], "ben": [], "cai": [], "chief": []},
    }
    assert summary["sets"][0]["scores"] == {"ana": 2, "ben": 0, "cai": 0}
    assert summary["result"] == {"won": False, "level": "beginners", "cards_left": 8}


def test_solo_and_enigma_summaries():
    for record in (solo_record(), enigma_record()):
        summary = replay_summary(record)
        assert list(summary) == ["sets", "result"]
        assert summary["result"] == {"won": True, "turns": 1}
        (turn,) = summary["sets"][0]["turns"]
        assert turn == {
            "grid": [[], [], [], [], []],
            "queues": [2, 2, 2, 2, 2],
            "collected": {"sol": [11, 12, 13, 14, 15, 21, 22, 23, 24, 25], "chief": []},
        }
        assert summary["sets"][0]["scores"] == {"sol": 10}


def test_two_player_variant_draws_for_each_seat_then_the_chief():
    hands = {"ana": list(range(16, 25)), "ben": list(range(25, 34))}
    pile = [40, 39, 38, *rest(*hands.values(), *ROW, [40, 39, 38])]  # ana 40, ben 39, Chief 38
    record = {
        "format": "pop-record/1",
        "mode": "competitive",
        "two_player_variant": True,
        "seats": ["ana", "ben"],
        "sets": [
            {
                "grid": copy.deepcopy(ROW),
                "hands": hands,
                "draw_pile": pile,
                "turns": [{"plays": {"ana": [40, 16], "ben": [39, 25]}}],
            }
        ],
    }
    state = replay(record, partial=True).state
    placed = (
        {c for col in state.columns for c in col}
        | {c for cards in state.collected.values() for c in cards}
        | set(state.chief_pile)
    )
    assert {16, 25, 38, 39, 40} <= placed  # the Chief's face-up card was 38, the third
    record["sets"][0]["turns"][0]["plays"]["ana"] = [39, 16]
    assert error_of(record, partial=True) == "set 1, turn 1, seat ana: card 39 is not in ana's hand"


def test_export_of_a_replay_is_the_record():
    assert export_record(replay(competitive()).state) == COMPETITIVE
    assert json.loads(json.dumps(COMPETITIVE)) == COMPETITIVE


# --- One test per record rule (§7) ------------------------------------------------------------


@pytest.mark.parametrize("bad", [0, 51, -3, True, False, 1.0, "7", None, [7], {"n": 7}])
def test_cards_are_integers_from_1_to_50(bad):
    record = competitive()
    record["sets"][0]["hands"]["ben"][0] = bad
    assert error_of(record) == "set 1, seat ben: a hand must be a list of cards 1-50"
    record = competitive()
    record["sets"][0]["turns"][2]["plays"]["cai"] = [bad]
    assert error_of(record) == "set 1, turn 3, seat cai: plays must be a list of cards 1-50"
    record = competitive()
    record["sets"][0]["grid"][1] = [bad]
    assert error_of(record) == "set 1: 'grid' must be 5 columns (A-E), each a list of cards 1-50"
    record = competitive()
    record["sets"][0]["draw_pile"][-1] = bad
    assert error_of(record) == "set 1: 'draw_pile' must be a list of cards 1-50"


def test_a_card_at_most_once_in_a_set():
    record = competitive()
    record["sets"][0]["draw_pile"][0] = 11  # also in ana's hand
    assert error_of(record) == "set 1: card 11 appears more than once"


@pytest.mark.parametrize("bad", [1, 0, "true", None, []])
def test_two_player_variant_is_true_or_false(bad):
    record = competitive()
    record["two_player_variant"] = bad
    assert error_of(record) == "'two_player_variant' must be true or false"


def test_two_player_variant_only_for_two_seats():
    record = competitive()
    record["two_player_variant"] = True
    assert error_of(record) == "the two-player variant is for competitive or Trick games of 2 seats"


def test_hands_have_the_mode_size():
    record = competitive()
    record["sets"][0]["draw_pile"].append(record["sets"][0]["hands"]["ben"].pop())
    assert error_of(record) == "set 1, seat ben: a competitive hand has 9 cards, not 8"
    record = solo_record()
    record["sets"][0]["draw_pile"].append(record["sets"][0]["hands"]["sol"].pop())
    assert error_of(record) == "set 1, seat sol: a solo hand has 10 cards, not 9"


def test_all_50_cards_are_dealt():
    record = competitive()
    record["sets"][0]["draw_pile"].pop()
    assert (
        error_of(record) == "set 1: a competitive set deals all 50 cards exactly once; 1 is missing"
    )


def test_a_competitive_grid_is_one_row_of_five():
    record = competitive()
    record["sets"][0]["grid"][0].insert(0, record["sets"][0]["draw_pile"].pop())
    assert error_of(record) == "set 1: the starting grid must be one row of 5 cards"


@pytest.mark.parametrize("heights", [[2, 1, 1, 1, 1], [5, 5, 5, 5, 5], [0, 0, 0, 0, 0]])
def test_a_solo_grid_is_1_to_4_full_rows(heights):
    record = solo_record()
    the_set = record["sets"][0]
    pool = [c for col in the_set["grid"] for c in col] + the_set["draw_pile"]
    grid = [[pool.pop(0) for _ in range(h)] for h in heights]
    the_set["grid"], the_set["draw_pile"] = grid, pool
    assert error_of(record) == "set 1: a solo grid must be 1 to 4 full rows"


def test_an_enigma_has_a_card_on_its_grid_and_a_hand_of_5():
    record = enigma_record()
    record["sets"][0]["grid"] = [[], [], [], [], []]
    assert error_of(record) == "set 1: an Enigma grid needs at least one card"
    record = enigma_record()
    record["sets"][0]["hands"]["sol"] = [21, 22, 23, 24]
    assert error_of(record) == "set 1, seat sol: an Enigma hand has at least 5 cards"


def test_the_starting_grid_has_no_adjacent_cards_of_one_colour():
    adjacent = "set 1: the starting grid has two adjacent cards of one colour"
    record = competitive()
    the_set = record["sets"][0]
    # 37 (yellow) in A; swap B's 38 for 2 (yellow) from the pile.
    the_set["grid"][1], the_set["draw_pile"][1] = [2], 38
    assert error_of(record) == adjacent
    for grid in (
        [[11, 16], [12], [13], [14], [15]],  # red above red in A
        [[11, 12], [7], [], [], []],
    ):  # bottom-aligned: 12 and 7 (yellow) in row 1
        record = enigma_record()
        record["sets"][0]["grid"] = grid
        assert error_of(record) == adjacent
    # 12 is in row 0, 17 (yellow) in row 1 beside 11: legal only because columns are
    # bottom-aligned (§6 Enigma).
    record = enigma_record()
    record["sets"][0]["grid"] = [[12, 11], [17], [], [], []]
    assert replay_summary(record)["result"]["turns"] == 1


def test_a_turn_names_every_seat():
    record = competitive()
    del record["sets"][0]["turns"][2]["plays"]["ben"]
    assert error_of(record) == "set 1, turn 3, seat ben: the seat plays no card in this turn"
    record = competitive()
    record["sets"][0]["turns"][2]["plays"]["zed"] = [7]
    assert error_of(record) == "set 1, turn 3, seat zed: this is not a seat of the record"
    record = competitive()
    record["sets"][0]["turns"][2]["plays"]["chief"] = [7]
    assert error_of(record) == "set 1, turn 3, seat chief: this is not a seat of the record"


def test_a_turn_plays_exactly_the_cards_it_must():
    record = competitive()
    record["sets"][0]["turns"][1]["plays"]["ana"] = [35, 48]
    assert error_of(record) == "set 1, turn 2, seat ana: choose exactly one card"
    record = competitive()
    record["sets"][0]["turns"][1]["plays"]["ana"] = []
    assert error_of(record) == "set 1, turn 2, seat ana: choose exactly one card"
    record = solo_record()
    record["sets"][0]["turns"][0]["plays"]["sol"] = [21, 21, 22, 23, 24]
    assert error_of(record) == "set 1, turn 1, seat sol: choose exactly 5 different cards"


def test_a_turn_plays_only_cards_in_hand():
    record = competitive()
    record["sets"][0]["turns"][2]["plays"]["ben"] = [17]  # in the draw pile
    assert error_of(record) == "set 1, turn 3, seat ben: card 17 is not in ben's hand"
    record = competitive()
    record["sets"][0]["turns"][2]["plays"]["ben"] = [36]  # ben played it in turn 1
    assert error_of(record) == "set 1, turn 3, seat ben: card 36 is not in ben's hand"


def test_a_record_does_not_end_early():
    record = competitive()
    del record["sets"][0]["turns"][7]
    assert (
        error_of(record)
        == "set 1: the record stops after 7 turn(s), but a competitive set has 8 turns"
    )
    assert replay(record, partial=True).state.turn_number == 8  # fine as a partial record
    record = enigma_record()
    record["sets"][0]["turns"] = []
    assert error_of(record) == "set 1: the record stops after 0 turn(s), but the game is not over"


def test_no_turn_after_the_game_or_set_ends():
    over = "the game or set was already over before this turn"
    record = competitive()
    record["sets"][0]["turns"].append({"plays": {"ana": [27], "ben": [5], "cai": [19]}})
    assert error_of(record) == f"set 1, turn 9: {over}"
    record = coop_record()  # exploded in turn 1
    record["sets"][0]["turns"].append({"plays": {"ana": [1], "ben": [9], "cai": [23]}})
    assert error_of(record) == f"set 1, turn 2: {over}"
    record = solo_record()  # won in turn 1
    record["sets"][0]["turns"].append({"plays": {"sol": [36, 37, 38, 39, 40]}})
    assert error_of(record) == f"set 1, turn 2: {over}"
    record = enigma_record()
    record["sets"][0]["hands"]["sol"] += [26, 27, 28, 29]
    record["sets"][0]["turns"].append({"plays": {"sol": [26, 27, 28, 29, 40]}})
    assert error_of(record) == f"set 1, turn 2: {over}"


def test_chief_is_not_a_seat():
    record = competitive()
    record["seats"][1] = "chief"
    assert error_of(record) == "'chief' is reserved and cannot be a seat"


@pytest.mark.parametrize(
    ("mode", "seats", "line"),
    [
        ("coop", ["ana", "ben"], "coop is played by 3 to 5 seats, the record has 2"),
        ("competitive", ["ana"], "competitive is played by 2 to 5 seats, the record has 1"),
        ("competitive", list("abcdef"), "competitive is played by 2 to 5 seats, the record has 6"),
        ("solo", ["ana", "ben"], "solo is played by 1 seat, the record has 2"),
    ],
)
def test_seat_count_fits_the_mode(mode, seats, line):
    record = competitive()
    record["mode"], record["seats"] = mode, seats
    assert error_of(record) == line


def test_unknown_mode_or_format_and_other_shapes():
    record = competitive()
    record["mode"] = "poker"
    assert error_of(record) == "'mode' must be one of competitive, trick, coop, solo, enigma"
    record = competitive()
    record["format"] = "pop-record/2"
    assert error_of(record) == "'format' must be 'pop-record/1'"
    assert error_of([]) == "a record must be a JSON object"
    assert error_of({}) == "'format' must be 'pop-record/1'"
    record = competitive()
    record["sets"] = record["sets"] * 4
    assert error_of(record) == "'sets' must list 1 to 3 set(s) for competitive"
    record = competitive()
    record["sets"][0]["turns"][0] = {"plays": [41, 36, 3]}
    assert error_of(record) == 'set 1, turn 1: a turn must be {"plays": {seat: [cards]}}'


def test_two_sets_each_checked_and_counted():
    record = competitive()
    record["sets"].append(copy.deepcopy(record["sets"][0]))
    summary = replay_summary(record)
    assert len(summary["sets"]) == 2
    assert summary["totals"] == {s: 2 * v for s, v in COMPETITIVE_SUMMARY["totals"].items()}
    record["sets"][1]["turns"][4]["plays"]["cai"] = [41]
    assert error_of(record) == "set 2, turn 5, seat cai: card 41 is not in cai's hand"


# --- pop-bot replay, as a real process ---------------------------------------------------------


def pop_bot(*args: str, stdin: str | None = None, python_flags: tuple[str, ...] = ()):
    return subprocess.run(
        [sys.executable, *python_flags, "-m", "bot.cli", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def write(tmp_path: Path, name: str, record: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return str(path)


def test_cli_prints_one_summary_per_file(tmp_path):
    files = [
        str(HERE / "records" / "competitive-3-seats.json"),
        write(tmp_path, "coop.json", coop_record()),
        write(tmp_path, "solo.json", solo_record()),
    ]
    done = pop_bot("replay", *files)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [json.loads(line) for line in lines] == [
        COMPETITIVE_SUMMARY,
        replay_summary(coop_record()),
        replay_summary(solo_record()),
    ]
    assert done.stderr == ""


def test_cli_rejects_a_broken_file_with_one_line(tmp_path):
    record = competitive()
    record["sets"][0]["turns"][2]["plays"]["ben"] = [17]
    good = str(HERE / "records" / "competitive-3-seats.json")
    bad = write(tmp_path, "bad.json", record)
    done = pop_bot("replay", bad, good)
    assert done.returncode != 0
    assert done.stderr == f"{bad}: set 1, turn 3, seat ben: card 17 is not in ben's hand\n"
    assert [json.loads(line) for line in done.stdout.splitlines()] == [COMPETITIVE_SUMMARY]
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "format: not JSON: Expecting property name enclosed in double quotes"),
        ("[" * 100_000, "format: the record is nested more than 900 levels deep"),
        ("1" * 5000, "format: not JSON that can be read: an integer of 5000 digits"),
        (
            json.dumps(
                {
                    **COMPETITIVE,
                    "sets": [{**COMPETITIVE["sets"][0], "grid": [[[37]], [38], [45], [21], [39]]}],
                }
            ),
            "set 1: 'grid' must be 5 columns (A-E), each a list of cards 1-50",
        ),
    ],
)
def test_cli_never_shows_a_traceback(tmp_path, text, message):
    path = write(tmp_path, "broken.json", text)
    done = pop_bot("replay", path)
    assert done.returncode != 0
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{path}: {message}")
    assert done.stderr.count("\n") == 1


def test_cli_jsonl_answers_every_line_in_order():
    good = json.dumps(COMPETITIVE)
    broken = competitive()
    broken["sets"][0]["turns"][2]["plays"]["ben"] = [17]
    nested = competitive()
    nested["sets"][0]["turns"][0]["plays"]["ana"] = [[41]]  # a list where a card should be
    lines = [
        good,
        "this is not json",
        "{}",
        json.dumps(broken),
        json.dumps(coop_record()),
        "[1, 2]",
        json.dumps(nested),
    ]
    done = pop_bot("replay", "--jsonl", "-", stdin="\n".join(lines) + "\n")
    assert done.returncode != 0
    assert "Traceback" not in done.stdout + done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == len(lines)
    assert out[0] == COMPETITIVE_SUMMARY
    assert out[1]["error"].startswith("format: not JSON: ")
    assert out[2]["error"].startswith("format: the record names no format; known formats: ")
    assert out[3] == {"error": "set 1, turn 3, seat ben: card 17 is not in ben's hand"}
    assert out[4] == replay_summary(coop_record())
    assert out[5]["error"].startswith("format: a record is a JSON object naming its format")
    assert out[6] == {"error": "set 1, turn 1, seat ana: plays must be a list of cards 1-50"}


def test_cli_jsonl_with_only_good_lines_exits_0():
    done = pop_bot(
        "replay",
        "--jsonl",
        "-",
        stdin=json.dumps(solo_record()) + "\n" + json.dumps(enigma_record()) + "\n",
    )
    assert done.returncode == 0, done.stderr
    assert [json.loads(x)["result"] for x in done.stdout.splitlines()] == [
        {"won": True, "turns": 1},
        {"won": True, "turns": 1},
    ]


def test_cli_missing_file_is_a_clear_error(tmp_path):
    missing = str(tmp_path / "nowhere.json")
    done = pop_bot("replay", missing)
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr == f"{missing}: cannot read: No such file or directory\n"


def test_replay_modules_do_not_import_discord():
    code = (
        "import bot.cli, engine.pop.record, engine.replay_cli; import sys; "
        "assert 'discord' not in sys.modules, 'discord imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def test_pop_bot_replay_does_not_import_discord():
    done = pop_bot(
        "replay",
        str(HERE / "records" / "competitive-3-seats.json"),
        python_flags=("-X", "importtime"),
    )
    assert done.returncode == 0
    imported = [
        line.rsplit("|", 1)[-1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    ]
    assert "engine.pop.record" in imported  # the import log is really there
    assert not [m for m in imported if m.split(".")[0] in ("discord", "aiohttp", "PIL")]
