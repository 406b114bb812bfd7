"""Fixed games for the render tests: every mode, played by a simple deterministic policy."""

from __future__ import annotations

from engine.pop.game import Deal, choose, from_deal, legal_choices, new_game
from engine.pop.view import view

NAMES = {"ana": "Ana", "ben": "Бен", "cai": "Καίτη", "dev": "Dev", "eli": "Eli"}


def pick(state, seat, turn: int) -> list[int]:
    """A fixed, varied policy: cards spread across the hand, rotating with the turn."""
    spec = legal_choices(state, seat)
    cards = list(spec.cards)
    start = (turn * 3 + len(seat)) % len(cards)
    return [cards[(start + 2 * i) % len(cards)] for i in range(spec.count)]


def play_turn(state) -> tuple[object, list]:
    """Play one turn; returns (public view before the reveal, the turn's events)."""
    before = view(state)
    events: list = []
    for seat in state.seats:
        choose(state, seat, pick(state, seat, state.turn_number), events=events)
    return before, events


def play(state, turns: int | None = None) -> list[tuple[object, list]]:
    out = []
    while state.phase == "choosing" and (turns is None or len(out) < turns):
        out.append(play_turn(state))
    return out


def game(mode: str, seats: int, seed: int, **options):
    return new_game(mode, list(NAMES)[:seats], seed=seed, **options)


ENIGMA = Deal(
    grid=[[7, 1], [2], [8, 3], [], [5]], hands={"ana": [11, 17, 31, 41, 44, 50]}, draw_pile=[]
)


def enigma():
    return from_deal("enigma", ["ana"], ENIGMA)
