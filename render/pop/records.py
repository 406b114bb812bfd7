"""Every picture of a recorded game of Pop, in the order the table saw them."""

from __future__ import annotations

from collections.abc import Mapping

from engine.pop.events import Revealed
from engine.pop.record import replay
from engine.pop.state import PopState
from engine.pop.view import view

from . import alt
from .pictures import Picture, frame_picture, results_picture
from .scene import Frame, Scene


def record_pictures(
    record: object,
    labels: Mapping[str, str] | None = None,
    t: alt.Translate = alt.english,
    names: Mapping[str, str] | None = None,
) -> list[Picture]:
    """Every picture of a recorded game, in order: the board before each reveal, one picture
    per placement step, the results (in the language of `labels` and `t`: English unless
    given; the seats named by `names`, else by their ids). Raises RecordError for a broken
    record."""
    r = replay(record)
    state = r.state
    named = dict(names) if names else None
    scene = Scene.from_view(view(_start(record)), named)  # hands and pile as dealt
    scene.sets_total = state.sets_total
    pictures = []
    previous: Frame | None = None  # the turn's last step: a step's alt text says what changed
    for event in r.events:
        if isinstance(event, Revealed):  # the board the players chose from
            pictures.append(frame_picture(scene.frame("board"), None, labels, t=t))
            previous = None
        frame = scene.apply(event)
        if frame is not None:
            pictures.append(frame_picture(frame, None, labels, before=previous, t=t))
            previous = frame
    pictures.append(results_picture(view(state), named, labels, t=t))
    return pictures


def _start(record: object) -> PopState:
    """The game as dealt: the record's first set with no turn played."""
    assert isinstance(record, dict)  # replay() has checked the record
    first = dict(record["sets"][0], turns=[])
    return replay({**record, "sets": [first]}, partial=True).state
