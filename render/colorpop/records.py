"""Every picture a Colorpop table shows of a recorded game (`pop-bot render`), drawn as the bot
draws them (render/colorpop/scenes.py): the board of each turn, the group picked (ringed), the
board after the fall and after the rail shift (what left, what moved), then the results with
every secret colour. Their words, header status and alt texts are in the table's language when
`BoardWords` gives them (the bot's), else English words and the title as alt text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.colorpop.adapter import COLORPOP, ColorpopMove
from engine.colorpop.record import check_header, replay
from engine.colorpop.rules import parse_cell

from ..kit import Picture
from .labels import ENGLISH
from .picture import scene_picture
from .scenes import Scene, move_scenes, turn_scene

# What a picture shows in words (its alt text): the scene, the seats' names.
Describe = Callable[[Scene, Mapping[str, str]], str]


@dataclass(frozen=True)
class BoardWords:
    """The pictures' words (render/colorpop/labels.py's keys), the header's status of a scene
    (the move in words) and its alt text, in a table's language; by default English words, no
    status, and the title as the alt text."""

    labels: Mapping[str, str] = field(default_factory=lambda: dict(ENGLISH))
    status: Callable[[Scene], str] | None = None
    describe: Describe | None = None


def scene_shot(
    scene: Scene, names: Mapping[str, str], words: BoardWords, filename: str = ""
) -> Picture:
    """A scene as the bot posts it: `colorpop-<scene name>.png` unless `filename` is given."""
    status = words.status(scene) if words.status else ""
    png = scene_picture(scene, words.labels, names, status)
    if words.describe is not None:
        alt = words.describe(scene, names)
    else:
        name = names.get(scene.mover or "", scene.mover or "")
        alt = {**ENGLISH, **words.labels}[scene.kind].format(move=scene.move, name=name)
    return Picture(png, alt, filename or f"colorpop-{scene.name}.png")


def record_pictures(
    record: object, words: BoardWords, names: Mapping[str, str] | None = None
) -> list[Picture]:
    """Every picture of a recorded game, in order; the seats named by `names`, else by their
    ids. RecordError for a broken record."""
    replay(record)  # the whole record checked before anything is drawn
    state, moves = check_header(record)
    names = {seat: (names or {}).get(seat, seat) for seat in state.seats}
    pictures = []
    for move in moves:
        before = COLORPOP.view(state, None)
        seat = before.on_turn
        assert seat is not None  # a checked record's moves all come before its end
        pictures.append(scene_shot(turn_scene(before), names, words))
        cell = parse_cell(move["pick"])
        assert cell is not None
        state, events = COLORPOP.apply(state, seat, ColorpopMove.at(cell))
        scenes = move_scenes(before, events, COLORPOP.view(state, None))
        pictures += [scene_shot(scene, names, words) for scene in scenes]
    return pictures
