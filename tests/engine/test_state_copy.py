"""PopState.copy is a deep copy: `apply` relies on it to leave the state it was given alone."""

from __future__ import annotations

import random

from engine.pop import ai
from engine.pop.adapter import POP
from engine.pop.game import new_game
from engine.pop.state import PopState


def _mutable_ids(value: object, found: set[int]) -> set[int]:
    if isinstance(value, (list, dict)):
        found.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _mutable_ids(item, found)
    elif hasattr(value, "__slots__") and not isinstance(value, (str, bytes)):
        for name in getattr(value, "__slots__", ()):
            _mutable_ids(getattr(value, name, None), found)
    return found


def _a_game_under_way() -> PopState:
    state = new_game("competitive", ["a", "b", "c", "d"], seed=7)
    rng = random.Random(7)
    for _ in range(12):  # into the second set: records, set scores and collected cards filled
        for seat in state.seats:
            view = POP.view(state, seat)
            if view.cards_to_choose:
                state, _ = POP.apply(state, seat, tuple(ai.choose_cards(view, "easy", rng)))
    return state


def test_a_copy_is_equal_and_shares_no_list_or_dict():
    state = _a_game_under_way()
    # the nested parts are there to be copied
    assert state.records
    assert state.collected
    copied = state.copy()
    assert copied == state
    assert _mutable_ids(copied, set()).isdisjoint(_mutable_ids(state, set()))


def test_changing_a_copy_leaves_the_original_alone():
    state = _a_game_under_way()
    before = state.to_json()
    copied = state.copy()
    copied.columns[0].append(99)
    copied.records[0].turns.append({})
    next(iter(copied.hands.values())).clear()
    assert state.to_json() == before
