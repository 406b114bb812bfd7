"""The game `pop-bot demo --game pop` shows: a whole game of Pop among AI seats, whose record
bot/games/pop/tools.py draws as `pop-bot render` draws any record."""

from __future__ import annotations

import random

from engine.pop.ai import Signal, announce, choose_cards
from engine.pop.enigma import load_pack, puzzle_deal
from engine.pop.game import new_game, play_turn
from engine.pop.modes import MODES
from engine.pop.record import export_record
from engine.pop.view import view
from engine.protocol import Json

AI_NAMES = ("ada", "bo", "cy", "dee", "eli")


def play_demo(
    mode: str = "competitive",
    seats: int = 4,
    level: str = "hard",
    seed: int = 1,
    sets: int = 1,
    deal_seed: int | None = None,
) -> dict[str, Json]:
    """Play a game among AI seats of one level, dealt from `deal_seed` (else `seed`, which
    also seeds the AI and picks the puzzle or the solo rows); returns its pop-record/1."""
    spec = MODES.get(mode)  # None: new_game says what is wrong with the mode
    if spec is not None and spec.alone:
        seats = 1
    names = list(AI_NAMES[:seats])
    if spec is not None and spec.needs_puzzle:
        pack = load_pack()
        puzzle = pack[seed % len(pack)]
        state = new_game(mode, names, seed=0, puzzle=puzzle_deal(puzzle, names[0]))
    else:
        difficulties = spec.difficulties if spec is not None else ()
        state = new_game(
            mode,
            names,
            seed=seed if deal_seed is None else deal_seed,
            sets=sets,
            difficulty=difficulties[seed % len(difficulties)] if difficulties else None,
        )
    rngs = {name: random.Random(seed * 101 + i) for i, name in enumerate(names)}
    while state.phase == "choosing":
        plays: dict[str, list[int]] = {}
        signals: list[Signal] = []
        for name in names:
            v = view(state, name)  # an AI sees its own view only
            plays[name] = choose_cards(v, level, rngs[name], signals)
            if state.spec.cooperative:
                said = announce(v, plays[name])
                if said:
                    signals.append(said)
        play_turn(state, plays, steps=False)
    return export_record(state)
