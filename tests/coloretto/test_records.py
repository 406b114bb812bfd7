"""coloretto-record/1 (§7): export, replay, the summary, and every error code in its order."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.coloretto import ai, game
from engine.coloretto import cards as C
from engine.coloretto.errors import RecordError
from engine.coloretto.record import (
    FORMAT,
    export_record,
    parse_record_text,
    replay,
    replay_line,
    replay_summary,
    replay_text,
    summary,
)
from engine.coloretto.view import view

from .helpers import draw, play, position


def finished(players: int = 3, seed: int = 1, level: str = "normal", expert: bool = False):
    """A whole game played by the AI."""
    state = game.new_game([f"p{i}" for i in range(players)], expert, seed)
    step = 0
    while not state.over:
        move = ai.choose(view(state, state.turn), level, seed + step)
        game.check(state, state.turn, move)
        game.apply_in_place(state, move, [])
        step += 1
    return state


@pytest.fixture(scope="module")
def record3() -> dict:
    return export_record(finished(3, 11))


def code_of(record) -> str:
    with pytest.raises(RecordError) as err:
        replay_summary(record)
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"{err.value.code}: ")
    return err.value.code


def mutated(record: dict, **changes) -> dict:
    out = copy.deepcopy(record)
    out.update(changes)
    return out


# --- Export and summary -----------------------------------------------------------------------


def test_export_has_the_eight_keys_in_the_pages_order(record3):
    assert list(record3) == [
        "format",
        "players",
        "options",
        "removed",
        "start",
        "first",
        "deck",
        "actions",
    ]
    assert record3["format"] == FORMAT
    assert record3["options"] == {"expert": False}
    assert len(record3["removed"]) == 1
    assert len(record3["deck"]) == 65
    assert all(list(a) in (["draw"], ["take"]) for a in record3["actions"])


def test_the_pages_example_header_replays_its_first_round():
    """§7's example: ana, ben, cai; purple removed; red, blue, yellow; ben first."""
    state = position(
        ("ana", "ben", "cai"),
        removed=["purple"],
        first="ben",
        start={"ana": ["red"], "ben": ["blue"], "cai": ["yellow"]},
        top=["green", "cotton", "red"],
    )
    state, _ = play(state, *draw(1), *draw(3), game.Take(1), *draw(2))
    rec = export_record(state)
    assert rec["actions"] == [{"draw": 1}, {"draw": 3}, {"take": 1}, {"draw": 2}]
    assert rec["start"] == {"ana": ["red"], "ben": ["blue"], "cai": ["yellow"]}
    assert rec["deck"][:3] == ["green", "cotton", "red"]
    replayed = replay(rec, partial=True)
    assert replayed.rounds[0].first == "ben"
    assert [(t.player, t.row, t.cards) for t in replayed.rounds[0].takes] == [("ana", 1, ["green"])]
    assert code_of(rec) == "unfinished"


def test_summary_shape_and_card_accounting(record3):
    s = replay_summary(record3)
    assert list(s) == ["rounds", "deck_left", "collections", "scores", "winners"]
    players = record3["players"]
    assert list(s["collections"]) == players
    assert list(s["scores"]) == players
    for p in players:
        assert list(s["collections"][p]) == [n for n in C.CARD_NAMES if n in s["collections"][p]]
        assert all(v > 0 for v in s["collections"][p].values())
        sc = s["scores"][p]
        assert list(sc) == ["jokers", "plus", "minus", "cotton", "total"]
        assert sc["total"] == sum(sc["plus"].values()) + sum(sc["minus"].values()) + sc["cotton"]
        assert len(sc["jokers"]) == s["collections"][p].get("joker", 0) + s["collections"][p].get(
            "golden", 0
        )
    every = sum(sum(c.values()) for c in s["collections"].values())
    every += sum(len(r["discarded"]) for r in s["rounds"]) + len(s["deck_left"])
    every += 9 * len(record3["removed"]) + 1
    assert every == 77
    best = max(sc["total"] for sc in s["scores"].values())
    assert s["winners"] == [p for p in players if s["scores"][p]["total"] == best]
    assert all(t["extra"] != "last" for r in s["rounds"] for t in r["takes"])
    json.dumps(s)


def test_duplicate_keys_last_value_counts(record3):
    text = json.dumps(record3)
    twice = '{"first": "nobody", ' + text[1:]
    assert replay_text(twice) == replay_summary(record3)


# --- Every code, and the order of the checks --------------------------------------------------


def test_format(record3):
    assert code_of([]) == "format"
    assert code_of("x") == "format"
    assert code_of(None) == "format"
    assert code_of(mutated(record3, format="coloretto-record/2")) == "format"
    no_deck = mutated(record3)
    del no_deck["deck"]
    assert code_of(no_deck) == "format"
    assert code_of(mutated(record3, extra=1)) == "format"
    for text in (
        "{",
        "[1, 2",
        '{"format": NaN}',
        '{"a": Infinity}',
        "-Infinity",
        "",
        b"\xff\xfe{}",
        "{'a': 1}",
    ):
        with pytest.raises(RecordError, match=r"^format: "):
            replay_text(text)


def test_nesting_deeper_than_100_levels_is_format(record3):
    ok = mutated(record3, actions=[record3["actions"][0], [[]]])  # depth 4: an action error
    assert code_of(ok) == "action"
    deep: list = []
    for _ in range(97):  # the record (1) > actions (2) > 98 lists: 100 levels
        deep = [deep]
    assert code_of(mutated(record3, actions=[deep])) == "action"
    assert code_of(mutated(record3, actions=[[deep]])) == "format"  # 101 levels
    with pytest.raises(RecordError, match=r"^format: "):
        replay_text("[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize(
    "players",
    [["a"], "abc", ["a", "a", "b"], ["a", ""], ["a", 1], ["a", "b", "c", "d", "e", "f"], None],
)
def test_players(record3, players):
    assert code_of(mutated(record3, players=players, options="bad")) == "players"


@pytest.mark.parametrize(
    "options",
    [{"expert": 1}, {}, {"expert": False, "x": 1}, [], {"expert": None}, {"expert": "false"}],
)
def test_options(record3, options):
    assert code_of(mutated(record3, options=options, removed="bad")) == "options"


@pytest.mark.parametrize("removed", [[], ["purple", "red"], ["pink"], "purple", [1], ["cotton"]])
def test_removed(record3, removed):
    assert code_of(mutated(record3, removed=removed, start=None)) == "removed"


def test_removed_counts_by_players():
    two = export_record(position(("a", "b")))
    assert code_of(mutated(two, removed=two["removed"][:1])) == "removed"
    assert code_of(mutated(two, removed=[two["removed"][0]] * 2)) == "removed"


def test_start(record3):
    p0, p1, _p2 = record3["players"]
    s = record3["start"]
    bad = [
        {p0: s[p0], p1: s[p1]},
        {**s, "zed": ["red"]},
        {**s, p0: s[p1]},
        {**s, p0: [*s[p0], "green"]},
        {**s, p0: []},
        {**s, p0: "red"},
        {**s, p0: record3["removed"]},
        [],
    ]
    for start in bad:
        assert code_of(mutated(record3, start=start, first=None)) == "start", start


def test_first(record3):
    for first in ("zed", None, 0, [record3["players"][0]]):
        assert code_of(mutated(record3, first=first, deck=None)) == "first"


def test_deck(record3):
    deck = record3["deck"]
    i = deck.index("last")
    swapped = list(deck)
    swapped[i], swapped[i - 1] = swapped[i - 1], swapped[i]  # 16 cards under it
    in_play = [c for c in C.COLOURS if c not in record3["removed"]]
    recoloured = [in_play[1] if c == in_play[0] else c for c in deck]
    for bad in (
        [],
        "deck",
        [*deck, "cotton"],
        deck[:-1],
        swapped,
        recoloured,
        [*deck[:-1], "pink"],
        [*deck[:-1], 3],
    ):
        assert code_of(mutated(record3, deck=bad, actions=None)) == "deck"


@pytest.mark.parametrize(
    "action",
    [
        {"draw": 1.0},
        {"draw": True},
        {"draw": "1"},
        {"draw": 0},
        {"draw": 4},
        {"draw": 1, "take": 1},
        {"drop": 1},
        [],
        {},
        {"take": -1},
        {"take": None},
        "draw",
        1,
    ],
)
def test_action_form(record3, action):
    assert code_of(mutated(record3, actions=[action])) == "action"


def test_action_form_from_text(record3):
    for raw in ("1.0", "1e0", "true", '"1"', "1" + "0" * 5000, "-" + "9" * 5000):
        text = json.dumps(mutated(record3, actions=[])).replace(
            '"actions": []', f'"actions": [{{"draw": {raw}}}]'
        )
        with pytest.raises(RecordError, match=r"^action: action 1 "):
            replay_text(text)


def test_actions_not_a_list_is_action_but_after_the_deck(record3):
    assert code_of(mutated(record3, actions={"draw": 1})) == "action"
    assert code_of(mutated(record3, actions={"draw": 1}, deck=[])) == "deck"


def test_draw_and_take_codes_name_action_round_and_player(record3):
    first = record3["first"]
    with pytest.raises(RecordError) as err:
        replay_summary(mutated(record3, actions=[{"take": 1}]))
    assert str(err.value).startswith(f"take: action 1 (round 1, {first})")
    # 3 players: three draws fill row 1; the fourth draw into it is refused.
    actions = [{"draw": 1}] * 4
    with pytest.raises(RecordError) as err:
        replay_summary(mutated(record3, actions=actions))
    assert str(err.value).startswith("draw: action 4 (round 1, ")
    assert "full" in str(err.value)
    taken = [{"draw": 1}, {"take": 1}, {"draw": 1}]
    assert code_of(mutated(record3, actions=taken)) == "draw"
    assert code_of(mutated(record3, actions=[{"draw": 1}, {"take": 1}, {"take": 1}])) == "take"


def test_an_illegal_draw_beats_a_later_malformed_action(record3):
    actions = [{"draw": 1}] * 4 + [{"draw": 2}] * 4 + [{"nonsense": 1}]
    assert code_of(mutated(record3, actions=actions)) == "draw"


def test_after_end_is_checked_before_the_form(record3):
    assert code_of(mutated(record3, actions=[*record3["actions"], {"draw": 1}])) == "after-end"
    assert code_of(mutated(record3, actions=[*record3["actions"], "junk"])) == "after-end"


def test_unfinished(record3):
    assert code_of(mutated(record3, actions=record3["actions"][:-1])) == "unfinished"
    assert code_of(mutated(record3, actions=[])) == "unfinished"


def test_pile_empty_draw_in_a_five_player_last_round():
    """56 cards lie above the last-round card: the round that reveals it with its first draw
    places all 15 cards under it, and then the pile is empty (§5)."""
    state = position(("a", "b", "c", "d", "e"))
    assert state.deck.index(C.LAST) == 56
    for row in (1, 1, 2, 3, 4, 5):  # 6 draws in round 1, then 5 in each of 10 rounds
        state, _ = play(state, *draw(row))
    state, _ = play(state, *(game.Take(r) for r in range(1, 6)))
    while state.top < 56:
        state, _ = play(state, *(m for r in range(1, 6) for m in draw(r)))
        state, _ = play(state, *(game.Take(r) for r in range(1, 6)))
    assert state.top == 56
    assert not state.last_round
    fills = [{"draw": r} for r in range(1, 6) for _ in range(3)]
    takes = [{"take": r} for r in range(1, 6)]
    rec = export_record(state)
    full = mutated(rec, actions=[*rec["actions"], *fills, *takes])
    s = replay_summary(full)
    assert s["deck_left"] == []
    assert len(s["rounds"]) == 12
    with pytest.raises(RecordError, match=r"^draw: .*pile is empty"):
        replay_summary(mutated(rec, actions=[*rec["actions"], *fills, {"draw": 1}]))


# --- Export -> replay is the identity; junk never gives a traceback -------------------------


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**64 - 1),
    expert=st.booleans(),
    level=st.sampled_from(ai.LEVELS),
)
def test_export_then_replay_is_the_identity(players, seed, expert, level):
    state = finished(players, seed, level, expert)
    rec = json.loads(json.dumps(export_record(state)))
    again = replay(rec)
    for field in (
        "players",
        "expert",
        "removed",
        "start",
        "first",
        "deck",
        "top",
        "round_number",
        "rows",
        "taken",
        "out",
        "turn",
        "last_round",
        "over",
        "collections",
        "rounds",
        "actions",
    ):
        assert getattr(again, field) == getattr(state, field), field
    assert replay_summary(rec) == summary(state)
    assert json.loads(replay_line(json.dumps(rec))) == summary(state)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=JSON)
def test_junk_values_give_a_record_error(value):
    with pytest.raises(RecordError):
        replay_summary(value)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(
        ["format", "players", "options", "removed", "start", "first", "deck", "actions"]
    ),
    value=JSON,
    data=st.data(),
)
def test_junk_in_one_key_gives_a_record_error(record3, key, value, data):
    rec = mutated(record3, **{key: value})
    if key == "actions" and isinstance(value, list):
        at = data.draw(st.integers(0, len(record3["actions"])))
        rec["actions"] = [*record3["actions"][:at], *value, *record3["actions"][at:]]
    try:
        replay_summary(rec)
    except RecordError as e:
        assert str(e).split(":")[0] in {
            "format",
            "players",
            "options",
            "removed",
            "start",
            "first",
            "deck",
            "action",
            "after-end",
            "draw",
            "take",
            "unfinished",
        }


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200) | st.binary(max_size=200))
def test_junk_text_gives_one_line(text):
    line = replay_line(text)
    assert "\n" not in line
    assert set(json.loads(line)) == {"error"}


def test_parse_keeps_huge_integers_harmless():
    assert parse_record_text("[" + "7" * 5000 + "]") == [10**30]


def test_replay_cli_prints_one_line_per_record(tmp_path, capsys, record3):
    """`pop-bot replay` knows a coloretto-record/1 by its format."""
    from bot.games import recorded
    from engine.replay_cli import replay_main

    good = tmp_path / "good.json"
    good.write_text(json.dumps(record3))
    bad = tmp_path / "bad.jsonl"
    broken = dict(record3, seats=[])
    bad.write_text(json.dumps(record3) + "\n" + json.dumps(broken) + "\n")
    assert replay_main([str(good)], recorded()) == 0
    assert json.loads(capsys.readouterr().out) == replay_summary(record3)
    assert replay_main([str(bad)], recorded(), jsonl=True) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert json.loads(lines[0]) == replay_summary(record3)
    with pytest.raises(RecordError) as error:
        replay_summary(broken)
    assert json.loads(lines[1]) == {"error": str(error.value)}
