"""The five mode descriptions say what rules §4-§6 say, and every mode of a state has one."""

from __future__ import annotations

import pytest

from engine.pop.game import new_game
from engine.pop.modes import MODES


def test_every_mode_is_described_once_by_its_name():
    assert list(MODES) == ["competitive", "trick", "coop", "solo", "enigma"]
    assert all(name == spec.name for name, spec in MODES.items())


@pytest.mark.parametrize(
    ("mode", "seats", "hand", "turns", "sets"),
    [
        ("competitive", (2, 5), 9, 8, 3),
        ("trick", (2, 5), 9, 8, 3),
        ("coop", (3, 5), 9, 9, 1),
        ("solo", (1, 1), 10, None, 1),
        ("enigma", (1, 1), None, None, 1),
    ],
)
def test_table_sizes(mode, seats, hand, turns, sets):
    spec = MODES[mode]
    assert (spec.seats, spec.hand_size, spec.turns_per_set, spec.most_sets) == (
        seats,
        hand,
        turns,
        sets,
    )


def test_who_wins():
    assert {m: s.scoring for m, s in MODES.items()} == {
        "competitive": "lowest",
        "trick": "highest",
        "coop": "none",
        "solo": "none",
        "enigma": "none",
    }
    assert [m for m, s in MODES.items() if s.competitive] == ["competitive", "trick"]
    assert [m for m, s in MODES.items() if s.cooperative] == ["coop"]
    assert [m for m, s in MODES.items() if s.chief_loses_explosions] == ["trick"]


@pytest.mark.parametrize(("people", "cards"), [(2, (1, 2)), (3, (1, 1)), (4, (1, 0)), (5, (0, 0))])
def test_the_chief_plays_what_the_empty_seats_would(people, cards):
    for mode in ("competitive", "trick", "coop"):
        spec = MODES[mode]
        if spec.seats[0] <= people:
            assert spec.chief_cards(people, False) == cards
            assert spec.has_chief(people) == (people < 5)
    assert MODES["competitive"].chief_cards(2, True) == (1, 0)  # the two-player variant


def test_alone_modes_pick_five_and_have_no_chief():
    for mode in ("solo", "enigma"):
        spec = MODES[mode]
        assert spec.alone
        assert spec.cards_to_choose(False) == 5
        assert not spec.has_chief(1)
    assert MODES["competitive"].cards_to_choose(True) == 2
    assert MODES["coop"].cards_to_choose(False) == 1
    assert MODES["solo"].difficulties == (1, 2, 3, 4)
    assert MODES["solo"].refills
    assert MODES["enigma"].one_turn
    assert MODES["enigma"].needs_puzzle


def test_the_two_player_variant_is_for_two_people_in_a_competition():
    allowed = {
        (m, n) for m, s in MODES.items() for n in range(1, 6) if s.allows_two_player_variant(n)
    }
    assert allowed == {("competitive", 2), ("trick", 2)}


def test_a_state_and_its_view_know_their_mode():
    from engine.pop.view import view

    state = new_game("trick", ["ana", "ben", "cai"], seed=3)
    assert state.spec is MODES["trick"]
    assert view(state).spec is MODES["trick"]
