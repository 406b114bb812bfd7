"""A PopState saved by an earlier engine (tests/engine/saved_states/, written by the code of
commit ecd1c0b, before the result became typed) still loads, re-dumps byte for byte, and plays on.

Tables in the database outlive engine changes: these files are what they hold.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.pop.game import choose, legal_choices
from engine.pop.record import export_record, replay_summary
from engine.pop.results import CoopResult, SoloResult
from engine.pop.state import PopState

SAVED = Path(__file__).parent / "saved_states"
FILES = sorted(SAVED.glob("*.json"))


def test_there_are_saved_states_of_every_mode():
    modes = {json.loads(f.read_text())["mode"] for f in FILES}
    assert modes == {"competitive", "trick", "coop", "solo", "enigma"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_saved_state_loads_and_dumps_the_same_bytes(path):
    text = path.read_bytes()
    state = PopState.from_json(text)
    assert state.to_json() == text


@pytest.mark.parametrize(
    "path", [p for p in FILES if p.stem.endswith("over")], ids=lambda p: p.stem
)
def test_a_finished_saved_game_keeps_its_result(path):
    saved = json.loads(path.read_text())
    state = PopState.from_json(path.read_bytes())
    assert state.phase == "over"
    summary = replay_summary(export_record(state))
    if saved["result"] is None:
        assert "result" not in summary
        assert summary["winners"] == saved["winners"]
    else:
        assert summary["result"] == saved["result"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_saved_result_dict_loads_as_its_typed_result(path):
    saved = json.loads(path.read_text())["result"]
    result = PopState.from_json(path.read_bytes()).result
    if saved is None:
        assert result is None
    elif "level" in saved:
        assert result == CoopResult(saved["won"], saved["level"], saved["cards_left"])
    else:
        assert result == SoloResult(saved["won"], saved["turns"])
        assert result.as_summary() == saved


def test_a_saved_coop_win_keeps_its_result():
    """Hand-built (the last turn of a game that starts at turn 9): a legendary coop win."""
    state = PopState.from_json((SAVED / "coop-3-seats-won-hand-built.json").read_bytes())
    assert state.phase == "over"
    assert state.winners == ["ana", "ben", "cai"]
    assert json.loads(state.to_json())["result"] == {
        "won": True,
        "level": "legendary_guards",
        "cards_left": 0,
    }


def test_a_saved_game_in_progress_plays_on():
    state = PopState.from_json(
        (SAVED / "competitive-4-seats-mid-game-one-pick-secret.json").read_bytes()
    )
    assert list(state.choices) == ["ben"]
    turn = state.turn_number
    for seat in state.seats:
        if seat not in state.choices:
            choose(state, seat, [legal_choices(state, seat).cards[0]])
    assert state.turn_number == turn + 1
    assert state.choices == {}
