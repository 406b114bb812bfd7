"""Every kind of picture Colorpop posts, in every mode and from 1 to 5 seats, with the bot's own
words (bot/games/colorpop/words.py) and long names: each seat's first turn (the board, the group
picked, the fall), the first rail shift, and the results of every kind (a single and a shared
win, each tie-break, a cleared board, five places, a solo game won and lost).

tests/render/every_picture.py draws them for the no-word-cut test; tests/render/
test_colorpop_pictures.py holds them to the size rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from functools import cache

from bot.games.colorpop.words import picture_labels, scene_status
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from render.colorpop.picture import scene_picture
from render.colorpop.scenes import Scene, move_scenes, turn_scene

LONG_NAMES = (
    "Maximiliane Wolkenstein-Brückner",  # 32 characters, Discord's most
    "長谷川 恵美子 (はせがわ えみこ) ボードゲーム大好き",
    "Benedikt the Long-Named",
    "Żaneta",
    "中村さくら",
)
# (mode, seats, seed, solo colours): every mode, 1 to 5 seats.
GAMES = (
    ("competitive", 5, 2, 1),
    ("competitive", 3, 1, 1),
    ("competitive", 2, 3, 1),
    ("duel", 2, 5, 1),
    ("teams", 4, 6, 1),
    ("solo", 1, 4, 5),
    ("solo", 1, 8, 1),
)


def names_of(seats: int) -> dict[str, str]:
    return {f"p{i}": LONG_NAMES[i] for i in range(seats)}


@cache
def scenes(mode: str, seats: int, seed: int, colours: int) -> tuple[Scene, ...]:
    """A game of easy AI seats, played once: each seat's first turn and its steps, the first
    rail shift, and the results."""
    ids = [f"p{i}" for i in range(seats)]
    options = ColorpopOptions.model_validate({"mode": mode, "solo_colours": colours})
    state = COLORPOP.start(options, ids, seed)
    kept: list[Scene] = []
    shifted = False
    while not state.over:
        was = COLORPOP.view(state, None)
        seat = was.on_turn or ""
        move = COLORPOP.ai_move(COLORPOP.view(state, seat), "easy", seed + was.move_number)
        state, events = COLORPOP.apply(state, seat, move)
        steps = move_scenes(was, events, COLORPOP.view(state, None))
        if was.move_number <= seats:
            kept += [turn_scene(was), *steps]
        elif any(s.kind == "shifted" for s in steps) and not shifted:
            kept += [s for s in steps if s.kind == "shifted"]
        kept += [s for s in steps if s.kind == "final" and s not in kept]
        shifted = shifted or any(s.kind == "shifted" for s in kept)
    return tuple(kept)


def results(final: Scene) -> Iterator[Scene]:
    """The results as drawn, and every other kind of result on the same board."""
    yield final
    v = final.view
    seats = v.seats
    if v.mode == "solo":
        seat = seats[0]
        for won in (True, False):
            yield _ended(final, (seat,) if won else (), "cleared" if won else "blocked", "none")
        return
    apart = {s: (i, 3 * i) for i, s in enumerate(seats)}  # every place its own
    yield _ended(final, seats[:1], "blocked", "none", apart)
    yield _ended(final, seats[:1], "blocked", "removed_own")
    yield _ended(final, seats[:1], "cleared", "none")
    yield _ended(final, seats[:2], "blocked", "shared")


def _ended(
    final: Scene,
    winners: tuple[str, ...],
    end: str,
    tie_break: str,
    scores: dict[str, tuple[int, int]] | None = None,
) -> Scene:
    view = dataclasses.replace(
        final.view, winners=winners, end=end, tie_break=tie_break,
        scores=scores or final.view.scores,
    )  # fmt: skip
    return dataclasses.replace(final, view=view)


def every_scene() -> Iterator[tuple[str, Scene, dict[str, str]]]:
    """(what it is, the scene, the seats' names) for every picture of every game."""
    for mode, seats, seed, colours in GAMES:
        names = names_of(seats)
        game = f"colorpop-{mode}-{seats}" + (f"-{colours}colours" if mode == "solo" else "")
        for scene in scenes(mode, seats, seed, colours):
            if scene.kind != "final":
                yield f"{game}-{scene.name}-{scene.kind}", scene, names
                continue
            for i, result in enumerate(results(scene)):
                yield f"{game}-results{i}", result, names


def draw(scene: Scene, names: dict[str, str], lang: str) -> bytes:
    """A scene drawn as the bot draws it, in `lang`."""
    return scene_picture(scene, picture_labels(lang), names, scene_status(scene, lang))


def pictures(lang: str) -> Iterator[tuple[str, bytes]]:
    for what, scene, names in every_scene():
        yield what, draw(scene, names, lang)
