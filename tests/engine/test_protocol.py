"""The game protocol's promises, for every game, over seeded random games:

- `legal_moves` is exactly what `apply` accepts (every other move of the game's kind is a
  `RuleError`), and `apply` never changes the state it is given;
- the seats the game waits for (`to_act`) each have something to do, and nobody does once the
  game is over;
- `turn` goes up exactly when a new turn begins: never for a secret choice, table talk, or
  what a seat reveals within its turn (a Coloretto draw); always for a reveal, the end of a
  seat's turn, or the end of the game.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from engine.coloretto.adapter import COLORETTO, ColorettoOptions
from engine.coloretto.events import CardDrawn, LastRoundRevealed
from engine.coloretto.game import Draw, Place, Take
from engine.colorpop.adapter import COLORPOP, ColorpopMove, ColorpopOptions
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.events import SeatChose
from engine.colourist.game import CARDS, Choose, Keep
from engine.pop.adapter import POP, PopOptions, Talk
from engine.pop.cards import ALL_CARDS, COLOUR_NAMES, COLUMN_LETTERS
from engine.pop.events import Signalled
from engine.protocol import Game, RuleError


def _pop_universe(state: Any, seat: str) -> list[Any]:
    """Picks of the right size from the hand and two cards elsewhere; every possible talk."""
    hand = sorted(state.hands.get(seat, ()))
    others = [c for c in ALL_CARDS if c not in hand][:2]
    need = max(1, POP.view(state, seat).cards_to_choose)
    picks = list(itertools.islice(itertools.combinations(hand + others, need), 60))
    return [*picks, *(Talk(c, col) for c in COLOUR_NAMES for col in COLUMN_LETTERS)]


def _coloretto_universe(_state: Any, _seat: str) -> list[Any]:
    return [Draw(), *(Place(r) for r in range(1, 6)), *(Take(r) for r in range(1, 6))]


def _colorpop_universe(_state: Any, _seat: str) -> list[Any]:
    return [ColorpopMove.at((rail, row)) for rail in range(10) for row in range(10)]


def _colourist_universe(_state: Any, _seat: str) -> list[Any]:
    return [*(Keep(n, a) for n in (0, 1) for a in (0, 1)), *(Choose(c) for c in CARDS)]


# (game, options, seats, every move of the game's kind a seat could send, the event types a
# move within a turn has: a secret choice, table talk, a card drawn before it is placed)
CASES: list[tuple[Game[Any, Any, Any, Any], Any, int, Callable[[Any, str], list[Any]], tuple]] = [
    (POP, PopOptions(mode="competitive", sets=1), 3, _pop_universe, ()),
    (POP, PopOptions(mode="competitive", sets=1), 2, _pop_universe, ()),
    (POP, PopOptions(mode="coop"), 4, _pop_universe, (Signalled,)),
    (POP, PopOptions(mode="solo", difficulty=1), 1, _pop_universe, ()),
    (COLORETTO, ColorettoOptions(), 3, _coloretto_universe, (CardDrawn, LastRoundRevealed)),
    (COLORPOP, ColorpopOptions(mode="teams"), 4, _colorpop_universe, ()),
    (COLOURIST, ColouristOptions(length="short"), 3, _colourist_universe, (SeatChose,)),
]


def _check_state(game: Game[Any, Any, Any, Any], state: Any, seats: list[str], universe) -> None:
    to_act = game.to_act(state)
    assert (game.outcome(state) is None) == bool(to_act)
    for seat in seats:
        legal = list(game.legal_moves(state, seat))
        if seat in to_act:
            assert legal, f"{seat} must act but has no legal move"
        dumped = game.dump_state(state)
        for move in universe(state, seat):
            try:
                game.apply(state, seat, move)
                accepted = True
            except RuleError:
                accepted = False
            assert accepted == (move in legal), f"{seat} {move!r}: legal {move in legal}"
        assert game.dump_state(state) == dumped, "apply changed the state it was given"


@pytest.mark.parametrize("case", range(len(CASES)))
def test_legal_moves_to_act_and_turns_agree_with_apply(case):
    game, options, count, universe, within = CASES[case]
    rng = random.Random(case)
    seats = [f"s{i}" for i in range(count)]
    state = game.start(options, seats, seed=100 + case)
    moves = 0
    while game.outcome(state) is None and moves < 400:
        if moves % 3 == 0:
            _check_state(game, state, seats, universe)
        seat = rng.choice(sorted(game.to_act(state)))
        legal = list(game.legal_moves(state, seat))
        talk = [m for m in legal if isinstance(m, Talk)]
        picks = [m for m in legal if not isinstance(m, Talk)]
        move = rng.choice(talk) if talk and rng.random() < 0.2 else rng.choice(picks)
        before = game.turn(state)
        state, events = game.apply(state, seat, move)
        turn_ends = [e for e in events if not isinstance(e, within)]
        assert game.turn(state) >= before
        assert (game.turn(state) != before) == bool(turn_ends), f"move {moves}: {events!r:.200}"
        moves += 1
    assert game.outcome(state) is not None, "the game did not end"
    _check_state(game, state, seats, universe)
    assert not any(game.legal_moves(state, s) for s in seats)


@pytest.mark.parametrize("case", range(len(CASES)))
def test_every_move_a_seat_could_send_has_a_name_that_reads_back(case):
    """A button carries a move as its name and argument (`move_name`), and the table layer
    reads it back with `named_move`: every move of the game's kind, legal or not, survives
    the trip, and fits a control id (`[A-Za-z0-9_.-]`, at most 40 characters)."""
    game, options, count, universe, _ = CASES[case]
    seats = [f"s{i}" for i in range(count)]
    state = game.start(options, seats, seed=100 + case)
    for move in universe(state, seats[0]):
        name, arg = game.move_name(move)
        assert game.named_move(name, arg) == move
        assert arg is None or re.fullmatch(r"[A-Za-z0-9_.\-]{1,40}", arg), arg


@pytest.mark.parametrize("game", [POP, COLORETTO, COLORPOP, COLOURIST], ids=lambda g: g.key)
def test_a_name_that_is_no_move_is_none_and_a_bad_argument_is_refused(game):
    assert game.named_move("rematch", None) is None  # a control that is no move
    assert game.named_move("hand", "3") is None
    for name, _ in {game.move_name(m) for m in _some_moves(game)}:
        for junk in ("", "x" * 41, "-1", "A11", "7.7.7.7.7.7", "red..C", None):
            try:
                move = game.named_move(name, junk)
            except ValueError:
                continue
            assert game.move_name(move)[0] == name  # read as a move of that name, or refused


def _some_moves(game: Game[Any, Any, Any, Any]) -> list[Any]:
    case = next(c for c in CASES if c[0] is game)
    state = game.start(case[1], [f"s{i}" for i in range(case[2])], seed=1)
    return case[3](state, "s0")
