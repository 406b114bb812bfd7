"""The fast replay of valid records (`record._fast_summary`, what `pop-bot bench engine`
measures) gives exactly the summary of the reference replay (`game.apply`, its events), and
every record it does not accept still gets the reference's one error line."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.colorpop import game, record, rules
from engine.colorpop.errors import RecordError


def random_record(mode: str, seats: int, seed: int, solo_colours: int = 1) -> dict:
    state = game.new_game(mode, [f"s{k}" for k in range(seats)], seed, solo_colours)
    pick = random.Random(seed)
    while not state.over:
        group = pick.choice(rules.legal_groups(state.board))
        cells = [c for c in group.cells if state.board[c[0]][c[1]] == group.colour]
        state, _ = game.apply(state, state.seats[state.turn], pick.choice(cells))
    return record.export_record(state)


def reference(data: object) -> object:
    try:
        state, per_move = record.replay(data)
    except RecordError as error:
        return ("error", str(error))
    return record.summary_of(state, data["moves"], per_move)  # type: ignore[index]


def fast(data: object) -> object:
    try:
        return record.replay_summary(data)
    except RecordError as error:
        return ("error", str(error))


GAMES = st.sampled_from(
    [
        ("competitive", 2, 1),
        ("competitive", 3, 1),
        ("competitive", 5, 1),
        ("solo", 1, 1),
        ("solo", 1, 3),
        ("duel", 2, 1),
        ("teams", 4, 1),
    ]
)


@settings(max_examples=60, deadline=None)
@given(GAMES, st.integers(0, 10**6))
def test_the_fast_summary_is_the_reference_summary(game_kind, seed):
    mode, seats, colours = game_kind
    data = random_record(mode, seats, seed, colours)
    summary = record._fast_summary(*record.check_header(data))
    assert summary is not None
    assert summary == reference(data)


@settings(max_examples=60, deadline=None)
@given(
    GAMES,
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.sampled_from(["cut", "extra", "cell", "seat", "joker", "shape"]),
)
def test_a_broken_record_gets_the_reference_error(game_kind, seed, where, fault):
    mode, seats, colours = game_kind
    data = copy.deepcopy(random_record(mode, seats, seed, colours))
    moves = data["moves"]
    k = where % len(moves)
    if fault == "cut":
        del moves[k:]
    elif fault == "extra":
        moves.append({"pick": "A1"})
    elif fault == "cell":
        moves[k]["pick"] = ["A11", "a1", "C3\n", "J10", "E5", "B1"][where % 6]
    elif fault == "seat":
        moves[k]["seat"] = None
    elif fault == "joker":
        moves[k] = {"pick": moves[k]["pick"], "extra": 1}
    else:
        moves[k] = [moves[k]]
    assert fast(data) == reference(data)
