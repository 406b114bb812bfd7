"""The one record reader (engine.records) as each rules page reads a record's JSON text: depth,
repeated keys, NaN and Infinity, long numbers; and `pop-bot replay` answering `format` for a
line that is not JSON or a record whose format no game knows."""

from __future__ import annotations

import contextlib
import io
import json
import math
from importlib import import_module
from pathlib import Path

import pytest

from bot.cli import main as pop_bot_main
from bot.games import GAMES, recorded
from engine import records
from engine.coloretto.bench import ai_records as coloretto_records
from engine.coloretto.record import parse_record_text, replay_text
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.record import parse_record
from engine.games import RecordedGames
from engine.records import JsonRules, NotJson, check_value, read_json
from engine.replay import answer
from engine.replay_cli import replay_main

HERE = Path(__file__).parent
POP_RECORD = (HERE / "records" / "competitive-3-seats.json").read_text()
COLORPOP_RECORD = (HERE.parent / "colorpop" / "records" / "ended30.json").read_text()
KNOWN = "pop-record/1, coloretto-record/1, colorpop-record/1, colourist-record/1"


def nested(depth: int, inner: str = "1") -> str:
    """A JSON text of `depth` lists, one inside the other."""
    return "[" * depth + inner + "]" * depth


def with_extra(text: str, value: str) -> str:
    """A record's text with one more key, `"extra"`, holding the JSON text `value`."""
    return text.rstrip()[:-1] + f', "extra": {value}}}'


@pytest.fixture(scope="module")
def coloretto_text() -> str:
    return json.dumps(coloretto_records(1)[0])


@pytest.fixture(scope="module")
def colourist_text() -> str:
    seats = ["ana", "ben", "cai"]
    state = COLOURIST.start(ColouristOptions(length="short"), seats, 5)
    step = 0
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state), key=seats.index)[0]
        move = COLOURIST.ai_move(COLOURIST.view(state, seat), "easy", step)
        state = COLOURIST.apply(state, seat, move)[0]
        step += 1
    return json.dumps(COLOURIST.export_record(state))


def replay_line(text: str) -> dict:
    """What `pop-bot replay --jsonl` prints for one line, read back."""
    _, summary, error = answer(text, recorded())
    return summary if error is None else {"error": error}


# --- The reader's options ----------------------------------------------------------------------


def test_depth_counts_the_outer_value_as_level_one():
    rules = JsonRules(max_depth=3)
    assert read_json(nested(3), rules) == [[[1]]]
    assert read_json('{"a": [{}]}', rules) == {"a": [{}]}
    with pytest.raises(NotJson, match="nested more than 3 levels deep"):
        read_json(nested(4), rules)
    with pytest.raises(NotJson, match="nested more than 3 levels deep"):
        read_json('{"a": [{"b": []}]}', rules)


def test_a_text_deeper_than_the_reader_goes_is_one_line_not_a_recursion_error():
    with pytest.raises(NotJson, match=f"more than {records.READER_DEPTH} levels"):
        read_json(nested(100_000), JsonRules())
    with pytest.raises(NotJson, match=f"more than {records.READER_DEPTH} levels"):
        read_json(nested(records.READER_DEPTH + 1), JsonRules())
    assert read_json(nested(records.READER_DEPTH), JsonRules()) is not None


def test_no_rules_may_ask_for_more_depth_than_the_reader_has():
    with pytest.raises(ValueError, match="max_depth"):
        JsonRules(max_depth=records.READER_DEPTH + 1)


def test_repeated_keys_take_the_last_value_or_are_refused():
    text = '{"a": 1, "b": 2, "a": 3}'
    assert read_json(text, JsonRules()) == {"a": 3, "b": 2}
    with pytest.raises(NotJson, match="the key 'a' is repeated in one object"):
        read_json(text, JsonRules(repeated_keys="error"))
    assert read_json('{"a": {"b": 1}, "b": 1}', JsonRules(repeated_keys="error"))


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_unless_the_rules_read_them(constant):
    with pytest.raises(NotJson, match=f"{constant} is not a JSON number"):
        read_json(f"[1, {constant}]", JsonRules())
    value = read_json(f"[1, {constant}]", JsonRules(nan_infinity=True))[1]
    assert math.isnan(value) or math.isinf(value)


def test_numbers_beyond_the_float_range_are_refused_or_read_as_infinity():
    with pytest.raises(NotJson, match="the number 1e999 is too large"):
        read_json("[1e999]", JsonRules())
    assert read_json("[-1e999]", JsonRules(float_overflow=True)) == [-math.inf]
    assert read_json("[1.5e300]", JsonRules()) == [1.5e300]


def test_long_integers_are_refused_or_read_as_a_huge_stand_in():
    long = "7" * (records.MAX_DIGITS + 1)
    with pytest.raises(NotJson, match=f"an integer of {records.MAX_DIGITS + 1} digits"):
        read_json(f"[{long}]", JsonRules())
    assert read_json(f"[{long}, -{long}]", JsonRules(long_integers="clamp")) == [
        records.HUGE,
        -records.HUGE,
    ]
    exact = "7" * records.MAX_DIGITS
    assert read_json(f"[{exact}]", JsonRules()) == [int(exact)]
    assert read_json(f'["{long}"]', JsonRules()) == [long]  # digits in a string are text


def test_bytes_must_be_utf8_and_a_syntax_error_names_where():
    assert read_json('{"a": "é"}'.encode(), JsonRules()) == {"a": "é"}
    with pytest.raises(NotJson, match="not UTF-8"):
        read_json(b"\xff\xfe{}", JsonRules())
    with pytest.raises(NotJson, match=r"^not JSON: Expecting value at line 2, column 3$"):
        read_json("[1,\n  ]", JsonRules())


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ((1, 2), "a tuple is no JSON value"),
        ({"a": {3}}, "a set is no JSON value"),
        ({1: 2}, "an object key is not a string"),
        ([float("nan")], "NaN is not a JSON number"),
        ([[math.inf]], "Infinity is not a JSON number"),
    ],
)
def test_parsed_values_are_held_to_the_same_rules(value, why):
    with pytest.raises(NotJson, match=why):
        check_value(value, JsonRules())


def test_parsed_values_the_rules_allow_pass():
    check_value({"a": [1, "x", None, True, 2.5, {"b": []}]}, JsonRules(max_depth=4))
    check_value([math.inf], JsonRules(float_overflow=True))  # what 1e999 reads as
    check_value([float("nan")], JsonRules(nan_infinity=True))
    with pytest.raises(NotJson, match="nested more than 2 levels deep"):
        check_value([[[]]], JsonRules(max_depth=2))


# --- Each rules page's reading, through its record module and through `pop-bot replay` --------


def test_coloretto_nests_100_levels_at_most(coloretto_text):
    # The record is level 1, so 99 lists in one of its keys reach level 100.
    at_100 = with_extra(coloretto_text, nested(99))
    at_101 = with_extra(coloretto_text, nested(100))
    assert replay_line(at_100) == {"error": "format: unknown key 'extra'"}
    assert replay_line(at_101) == {
        "error": "format: the record is nested more than 100 levels deep"
    }
    with pytest.raises(records.NotJson):
        read_json(at_101, records.JsonRules(max_depth=100))
    with pytest.raises(ValueError, match=r"^format: the record is nested more than 100"):
        replay_text(at_101)


def test_coloretto_takes_a_repeated_keys_last_value(coloretto_text):
    twice = '{"first": "nobody", ' + coloretto_text[1:]
    assert replay_line(twice) == replay_line(coloretto_text)
    assert "rounds" in replay_line(twice)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_coloretto_refuses_nan_and_infinity(coloretto_text, constant):
    line = with_extra(coloretto_text, constant)
    assert replay_line(line) == {"error": f"format: not JSON: {constant} is not a JSON number"}
    with pytest.raises(ValueError, match=r"^format: not JSON: "):
        parse_record_text(line)


def test_coloretto_reads_integers_of_any_length_and_1e999(coloretto_text):
    record = json.loads(coloretto_text)
    record["actions"][0] = {"draw": "@"}
    text = json.dumps(record)
    for number in ("9" * 5000, "-" + "9" * 5000, "1e999"):
        error = replay_line(text.replace('"@"', number))["error"]
        assert error.startswith("action: action 1 "), number  # JSON, but no row
    assert parse_record_text("[" + "7" * 5000 + "]") == [records.HUGE]


@pytest.mark.parametrize(
    "extra",
    ["NaN", "Infinity", "1e999", "9" * 5000, nested(records.READER_DEPTH)],
)
def test_colourist_refuses_what_strict_json_does_not_read(colourist_text, extra):
    error = replay_line(with_extra(colourist_text, extra))["error"]
    assert error.startswith("format: ")
    assert "extra" not in error  # refused as JSON, before its keys are looked at
    with pytest.raises(ValueError, match=r"^format: "):
        parse_record(with_extra(colourist_text, extra))


def test_colourist_reads_deep_values_and_repeated_keys(colourist_text):
    deep = with_extra(colourist_text, nested(records.READER_DEPTH - 2))
    assert replay_line(deep)["error"].startswith("format: the keys are exactly ")
    twice = '{"first": "nobody", ' + colourist_text[1:]
    assert replay_line(twice) == replay_line(colourist_text)
    assert "rounds" in replay_line(twice)


@pytest.mark.parametrize("text", [POP_RECORD, COLORPOP_RECORD], ids=["pop", "colorpop"])
def test_pop_and_colorpop_read_json_as_the_replay_always_did(text):
    summary = replay_line(text)
    assert "error" not in summary
    # Their pages say nothing of the JSON: NaN and 1e999 in a key they ignore change nothing,
    # a repeated key's last value counts...
    assert replay_line(with_extra(text, "NaN")) == summary
    assert replay_line(with_extra(text, "1e999")) == summary
    assert replay_line('{"format": "other", ' + text.lstrip()[1:]) == summary
    # ...but an integer Python cannot convert, or a text deeper than the reader goes, is no
    # JSON it reads.
    long = replay_line(with_extra(text, "9" * 5000))
    assert long == {
        "error": "format: not JSON that can be read: an integer of 5000 digits (at most 4300)"
    }
    deep = replay_line(with_extra(text, nested(records.READER_DEPTH)))
    assert deep == {
        "error": f"format: the record is nested more than {records.READER_DEPTH} levels deep"
    }
    assert replay_line(with_extra(text, nested(records.READER_DEPTH - 1))) == summary


def test_every_game_says_how_its_page_reads_its_records():
    readings = {key: import_module(f"engine.{key}.record").READING for key in GAMES}
    assert readings["coloretto"].max_depth == 100
    assert readings["coloretto"].long_integers == "clamp"
    assert not readings["coloretto"].nan_infinity
    assert readings["colourist"] == JsonRules()
    assert readings["pop"].nan_infinity
    assert readings["colorpop"].nan_infinity
    assert all(r.repeated_keys == "last" for r in readings.values())


# --- `pop-bot replay`: the code `format` for what no game reads ---------------------------------


def pop_bot(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """`pop-bot` run in this process: its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr("sys.stdin", io.StringIO(stdin))
        code = pop_bot_main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_an_unknown_format_is_a_format_error_naming_the_known_ones():
    code, out, err = pop_bot("replay", "--jsonl", "-", stdin='{"format": "coloretto-record/9"}\n')
    assert code == 1
    assert err == ""
    assert json.loads(out) == {
        "error": f"format: unknown record format 'coloretto-record/9'; known formats: {KNOWN}"
    }


def test_a_line_that_is_not_json_is_a_format_error():
    code, out, err = pop_bot("replay", "--jsonl", "-", stdin="nul\n")
    assert (code, err) == (1, "")
    assert json.loads(out) == {"error": "format: not JSON: Expecting value at line 1, column 1"}


def test_as_a_file_these_errors_go_to_standard_error_as_a_pop_records_do(tmp_path):
    unknown = tmp_path / "unknown.json"
    unknown.write_text('{"format": "coloretto-record/9"}')
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    code, out, err = pop_bot("replay", str(unknown), str(broken))
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{unknown}: format: unknown record format 'coloretto-record/9'; known formats: {KNOWN}",
        f"{broken}: format: not JSON: Expecting property name enclosed in double quotes "
        "at line 1, column 2",
    ]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{}", "the record names no format"),
        ('{"format": 7}', "unknown record format 7"),
        ('{"format": null}', "unknown record format null"),
        ('{"format": "pop-record/2"}', "unknown record format 'pop-record/2'"),
        ("[1, 2]", "a record is a JSON object naming its format, not a list"),
        ('"pop-record/1"', "a record is a JSON object naming its format, not a string"),
        ("42", "a record is a JSON object naming its format, not a number"),
    ],
)
def test_values_no_game_reads_say_why(text, why):
    assert replay_line(text) == {"error": f"format: {why}; known formats: {KNOWN}"}


def test_a_long_format_name_is_cut_short():
    error = replay_line(json.dumps({"format": "x" * 1000}))["error"]
    assert error.startswith("format: unknown record format 'xxxx")
    assert len(error) < 200


def test_the_known_formats_are_the_games_handed_in():
    class Fifth:
        key, record_format = "fifth", "fifth-record/1"

    games = RecordedGames([*(entry.rules for entry in GAMES.values()), Fifth()])
    _, _, error = answer("{}", games)
    assert error is not None
    assert error.endswith(f"known formats: {KNOWN}, fifth-record/1")
    _, _, error = answer("{}", RecordedGames())
    assert error == "format: the record names no format; known formats: "


def test_replay_knows_the_games_the_bot_registers(monkeypatch):
    """`pop-bot replay` finds a record's game among the bot's registered games, and no other
    list: a game the registration drops is a format no one knows."""
    without = {key: entry for key, entry in GAMES.items() if key != "coloretto"}
    monkeypatch.setattr("bot.games.GAMES", without)  # the registration's own order kept after
    code, out, _ = pop_bot("replay", "--jsonl", "-", stdin='{"format": "coloretto-record/1"}\n')
    assert code == 1
    known = KNOWN.replace("coloretto-record/1, ", "")
    assert json.loads(out) == {
        "error": f"format: unknown record format 'coloretto-record/1'; known formats: {known}"
    }


def test_the_function_and_the_command_agree(tmp_path):
    path = tmp_path / "lines.jsonl"
    path.write_text(
        '{"format": "coloretto-record/9"}\n\n{\n' + POP_RECORD.replace("\n", " ") + "\n"
    )
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert replay_main([str(path)], recorded(), jsonl=True) == 1
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0]["error"].startswith("format: unknown record format 'coloretto-record/9'")
    assert lines[1]["error"].startswith("format: not JSON: ")
    assert "sets" in lines[2]
