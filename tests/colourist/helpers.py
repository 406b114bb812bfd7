"""Shared test helpers: small decks, hand-built positions, and games played to the end."""

from __future__ import annotations

import random
from typing import Any

from engine.colourist import game
from engine.colourist.game import ColouristState

SEATS = ["ana", "ben", "cai"]


def deck(kind: str, size: int) -> list[str]:
    """`size` ids of a kind: n001… or a001…"""
    return [f"{kind[0]}{i:03d}" for i in range(1, size + 1)]


def hand_built(
    *,
    seats: list[str] | None = None,
    positions: dict[str, int] | None = None,
    first: str = "ana",
    round_number: int = 1,
    length: str = "normal",
    drawn: list[str] | None = None,
    phase: str = "choosing",
    choices: dict[str, str] | None = None,
    jokers: dict[str, int | None] | None = None,
    nouns: int = 6,
    adjectives: int = 6,
) -> ColouristState:
    """A position built by hand: decks of the given sizes, `drawn` out of their piles."""
    seats = seats or list(SEATS)
    drawn = drawn if drawn is not None else ["n001"]
    piles = {
        game.NOUN: [c for c in deck("noun", nouns) if c not in drawn],
        game.ADJECTIVE: [c for c in deck("adjective", adjectives) if c not in drawn],
    }
    state = ColouristState(
        seats=seats,
        length=length,  # type: ignore[arg-type]
        rng_seed=1,
        rng_state=1,
        first=first,
        deck_sizes={game.NOUN: nouns, game.ADJECTIVE: adjectives},
        piles=piles,
        discards={game.NOUN: [], game.ADJECTIVE: []},
        positions=positions or dict.fromkeys(seats, 0),
        jokers=jokers or dict.fromkeys(seats),
        phase=phase,  # type: ignore[arg-type]
        round_number=round_number,
        drawn=list(drawn),
        words=list(drawn) if phase == "choosing" else [],
        choices=dict(choices or {}),
    )
    return state  # no earlier rounds are kept: the record starts here


def random_move(state: ColouristState, rnd: random.Random) -> tuple[str, game.Move]:
    """Any legal move of any seat that must act, chosen by `rnd`."""
    seat = rnd.choice(sorted(game.to_act(state)))
    if state.phase == "picking":
        return seat, game.Keep(rnd.randrange(2), rnd.randrange(2))
    return seat, game.Choose(rnd.choice(game.playable(state, seat)))


def play_out(
    state: ColouristState, rnd: random.Random, limit: int = 10_000
) -> tuple[ColouristState, list[Any]]:
    """Random legal moves until the game ends; every event, in order."""
    events: list[Any] = []
    for _ in range(limit):
        if state.phase == "over":
            return state, events
        seat, move = random_move(state, rnd)
        state, new = game.apply(state, seat, move)
        events += new
    raise AssertionError("the game did not end")
