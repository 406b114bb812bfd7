"""Pop's pictures: engine views and events in, PNG bytes and alt text out (`Picture`)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from engine.pop.events import Event
from engine.pop.results import title_for
from engine.pop.view import TableView

from ..kit import Picture, encode
from . import alt, art, board, draw, final
from .scene import Frame, Scene

__all__ = [
    "Picture",
    "board_picture",
    "frame_picture",
    "hand_picture",
    "results_picture",
    "step_frames",
    "step_pictures",
]


def frame_picture(
    frame: Frame,
    filename: str | None = None,
    labels: Mapping[str, str] | None = None,
    *,
    before: Frame | None = None,
    t: alt.Translate = alt.english,
) -> Picture:
    """Draw one frame of the board: `labels` are its words in the table's language
    (render/pop/labels.py; English when left out), `before` the previous step's frame (a step's
    alt text says what changed since), `t` the alt text's words in the table's language."""
    if filename is None:
        where = f"s{frame.set_number}-t{frame.turn_number}"
        filename = (
            f"board-{where}.png"
            if frame.kind == "board"
            else f"{where}-{frame.step:02d}-{frame.kind}.png"
        )
    image = board.draw_board(frame, labels)
    return Picture(encode(art.to_palette(image)), alt.board_alt(frame, before, t), filename)


def board_picture(
    view: TableView,
    names: Mapping[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
    puzzle: str | None = None,
    *,
    t: alt.Translate = alt.english,
) -> Picture:
    """The board as it stands (e.g. while players choose), with the Chief's face-up card."""
    scene = Scene.from_view(view, dict(names or {}), puzzle)
    return frame_picture(scene.frame("board"), labels=labels, t=t)


def step_frames(
    view_before: TableView,
    events: Iterable[Event],
    names: Mapping[str, str] | None = None,
    puzzle: str | None = None,
) -> list[Frame]:
    scene = Scene.from_view(view_before, dict(names or {}), puzzle)
    return [f for f in map(scene.apply, events) if f is not None]


def step_pictures(
    view_before: TableView,
    events: Iterable[Event],
    names: Mapping[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
    *,
    t: alt.Translate = alt.english,
) -> list[Picture]:
    """One picture per placement step of a resolved turn, in order (a comic strip)."""
    frames = step_frames(view_before, events, names)
    return [
        frame_picture(f, labels=labels, before=frames[i - 1] if i else None, t=t)
        for i, f in enumerate(frames)
    ]


def hand_picture(
    cards: Iterable[int],
    selected: Iterable[int] = (),
    disabled: Iterable[int] = (),
    t: alt.Translate = alt.english,
) -> Picture:
    """A hand for the private message: selected cards ringed and ticked, others dimmed."""
    shown, chosen, unavailable = tuple(cards), tuple(selected), tuple(disabled)
    return Picture(
        _hand_png(shown, chosen, unavailable),
        alt.hand_alt(list(shown), list(chosen), list(unavailable), t),
        "hand.png",
    )


@functools.lru_cache(maxsize=256)  # a hand is drawn again as it stands when its owner opens it
def _hand_png(
    shown: tuple[int, ...], chosen: tuple[int, ...], unavailable: tuple[int, ...]
) -> bytes:
    return encode(draw.draw_hand(list(shown), list(chosen), list(unavailable)))


def results_picture(
    view: TableView,
    names: Mapping[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
    *,
    t: alt.Translate = alt.english,
) -> Picture:
    """Scores per set, totals and winners (with the tie-break); coop level, solo title, Enigma."""
    names = dict(names or {})
    seats = tuple(view.seats)
    shown = tuple(str(names.get(s, s)) for s in seats)
    result = view.result
    title = title_for(view.difficulty, result)
    img = final.draw_results(view, names, labels or {}, title)
    text = alt.results_alt(
        view.mode,
        seats,
        shown,
        view.set_scores,
        view.totals,
        tuple(view.winners),
        view.tiebreak,
        result,
        title,
        t,
        view.tie_cards,
    )
    return Picture(encode(art.to_palette(img)), text, "results.png")
