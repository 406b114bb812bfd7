"""Pop's AI decides exactly as it did when decisions.json.gz was written: every `choose_cards`,
`announce` and ceiling decision of 117 seeded games over every mode, seat count, variant,
difficulty, kind of table talk and level (see tests/ai/decisions.py for how it was made)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.pop.ai import LEVELS

from .decisions import FIXTURE, check_game, load

GAMES = load()


def _name(game: dict[str, Any]) -> str:
    s = game["setup"]
    return f"{s['mode']}-{len(s['levels'])}-{s['seed']}"


def test_the_fixture_covers_every_mode_level_and_kind_of_talk():
    setups = [g["setup"] for g in GAMES]
    assert {s["mode"] for s in setups} == {"competitive", "trick", "coop", "solo", "enigma"}
    for mode in ("competitive", "trick", "coop", "solo", "enigma"):
        levels = {lv for s in setups if s["mode"] == mode for lv in s["levels"]}
        assert set(LEVELS) <= levels, mode
    assert {len(s["levels"]) for s in setups if s["mode"] == "trick"} == {2, 3, 4, 5}
    assert {s["two_player_variant"] for s in setups if len(s["levels"]) == 2} == {True, False}
    assert {len(s["levels"]) for s in setups if s["mode"] == "coop"} == {3, 4, 5}
    assert {s["talk"] for s in setups if s["mode"] == "coop"} == {"none", "all", "some"}
    assert {s["difficulty"] for s in setups if s["mode"] == "solo"} == {1, 2, 3, 4}
    assert sum(len(g["ceiling"]) for g in GAMES) >= 30
    heard = [d for g in GAMES for t in g["turns"] for d in t if d["signals"]]
    assert len(heard) >= 300  # co-op decisions made with table talk
    assert sum(len(t) for g in GAMES for t in g["turns"]) >= 2000
    assert FIXTURE.stat().st_size < 200_000


def test_a_changed_decision_is_reported():
    game = next(g for g in GAMES if g["setup"]["talk"] == "all")
    # The first pick of a talk turn is picked again later, so the game stays the same.
    tampered = copy.deepcopy(game)
    first = tampered["turns"][0][0]
    first["cards"] = [1 if first["cards"] != [1] else 2]
    assert len(check_game(tampered)) == 1
    tampered = copy.deepcopy(game)
    tampered["turns"][-1][-1]["said"] = None
    assert len(check_game(tampered)) == 1


@pytest.mark.parametrize("game", GAMES, ids=_name)
def test_every_recorded_decision_is_made_again(game):
    assert check_game(game) == []
