"""Secret colours (§6, §7): the public view and the events show no owner while playing."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.colorpop import game, rules
from engine.colorpop.adapter import COLORPOP
from engine.colorpop.state import ColorpopState
from engine.colorpop.view import view

from .helpers import random_game, table


def with_secrets(state: ColorpopState, secrets: tuple[tuple[str, ...], ...]) -> ColorpopState:
    return dataclasses.replace(state, secrets=secrets)


def rotated(secrets: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """Every seat's colours replaced by other colours (R->Y->G->B->P->R)."""
    nxt = dict(zip("RYGBP", "YGBPR", strict=True))
    return tuple(tuple(sorted((nxt[c] for c in held), key="RYGBP".index)) for held in secrets)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**64 - 1),
    st.integers(0, 40),
    st.sampled_from([("competitive", 3), ("duel", 2), ("teams", 4), ("solo", 1)]),
)
def test_the_public_view_does_not_depend_on_the_secret_colours_while_playing(seed, moves, mode):
    state = random_game(seed, mode=mode[0], seats=mode[1], stop_after=moves)
    if state.over:
        return
    public = view(state, None)
    assert public == view(with_secrets(state, rotated(state.secrets)), None)
    assert public.my_colours == ()
    assert public.secrets is None
    assert public.scores is None
    assert public.partners == ()
    assert public.winners == ()
    assert public.end is None


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 30))
def test_a_seat_sees_its_own_colours_and_nothing_of_the_others(seed, moves):
    state = random_game(seed, mode="teams", seats=4, stop_after=moves)
    if state.over:
        return
    for i, seat in enumerate(state.seats):
        own = view(state, seat)
        team = (i, (i + 2) % 4)
        assert set(own.my_colours) == {c for k in team for c in state.secrets[k]}
        assert set(own.partners) == {state.seats[k] for k in team}
        # The other team's colours change nothing in this seat's view.
        others = [k for k in range(4) if k not in team]
        swapped = list(state.secrets)
        spare = next(c for c in "RYGBP" if all(c not in s for s in state.secrets))
        swapped[others[0]] = (spare,)
        assert own == view(with_secrets(state, tuple(swapped)), seat)
        assert own == dataclasses.replace(
            view(state, None), seat=seat, partners=own.partners, my_colours=own.my_colours
        )


def test_a_competitive_seat_sees_only_its_colour():
    state = table("RRGGBBYY", [["R"], ["G"], ["B"]])
    assert [view(state, s).my_colours for s in state.seats] == [("R",), ("G",), ("B",)]
    assert view(state, "zed").my_colours == ()
    assert view(state, "zed").seat is None


def test_everything_is_revealed_once_the_game_is_over():
    state = random_game(7)
    assert state.over
    public = view(state, None)
    assert public.secrets == dict(zip(state.seats, state.secrets, strict=True))
    assert public.scores == game.seat_scores(state)
    assert public.winners == state.winners
    assert public.on_turn is None
    assert public.over


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**64 - 1))
def test_events_are_the_same_whoever_holds_which_colour_until_the_end(seed):
    state = game.new_game("competitive", ["a", "b", "c"], seed)
    other = with_secrets(state, rotated(state.secrets))
    while not state.over and not other.over:
        group = rules.legal_groups(state.board)[seed % len(rules.legal_groups(state.board))]
        seat = state.seats[state.turn]
        state, out = COLORPOP.apply(
            state, seat, COLORPOP.load_move({"pick": rules.cell_name(group.anchor)})
        )
        other, out_other = game.apply(other, seat, group.anchor)
        if not state.over and not other.over:
            assert out == out_other
