"""`pop-bot demo --game colorpop`: a whole seeded Colorpop game among AI seats, drawn offline.

Every picture the table would post, in order (render/colorpop/scenes.py): the board of the turn,
the picked group ringed, the board after the fall and after the rail shift (when a rail emptied),
each showing what left and what moved, and the results with every secret colour revealed. Words
are English unless words in a table's language are given (`BoardWords`, as
render/colorpop/records.py takes them), and so are the alt texts.
"""

from __future__ import annotations

from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colorpop.state import ColorpopState
from engine.protocol import Json

from ..kit import Picture
from .records import BoardWords, scene_shot
from .scenes import move_scenes, turn_scene

NAMES = {"p0": "Ana", "p1": "Benedikt the Long-Named", "p2": "Cai", "p3": "Dörte", "p4": "Eun-ji"}


def demo_game(
    *,
    seats: int = 3,
    seed: int = 1,
    mode: str | None = None,
    level: str = "hard",
    words: BoardWords | None = None,
    deal_seed: int | None = None,
) -> tuple[dict[str, Json], list[Picture]]:
    """A seeded game of `level` AIs on `seats` seats (1: solo), dealt from `deal_seed` (a
    fair-deal proof's), else from `seed`, which also seeds the AI: its record and its
    pictures (`move1-turn.png`, `move1-picked.png`, …, `final.png`)."""
    chosen = mode or ("solo" if seats == 1 else "competitive")
    seat_ids = [f"p{i}" for i in range(seats)]
    options = ColorpopOptions.model_validate({"mode": chosen})
    state = COLORPOP.start(options, seat_ids, seed if deal_seed is None else deal_seed)
    pictures: list[Picture] = []
    move = 0
    while not state.over:
        move += 1
        state = _play_move(state, move, level, seed, pictures, words or BoardWords())
    return COLORPOP.export_record(state), pictures


def _play_move(
    state: ColorpopState,
    move: int,
    level: str,
    seed: int,
    pictures: list[Picture],
    words: BoardWords,
) -> ColorpopState:
    """One AI move, its pictures added to `pictures`: the board on turn, then each step's."""
    before = COLORPOP.view(state, None)
    seat = before.on_turn
    assert seat is not None
    scenes = [turn_scene(before)]
    pick = COLORPOP.ai_move(COLORPOP.view(state, seat), level, seed * 1000 + move)
    state, events = COLORPOP.apply(state, seat, pick)
    scenes += move_scenes(before, events, COLORPOP.view(state, None))
    for scene in scenes:
        name = "final" if scene.kind == "final" else f"move{move}-{scene.kind}"
        pictures.append(scene_shot(scene, NAMES, words, f"{name}.png"))
    return state
