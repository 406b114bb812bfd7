"""Every picture a Coloretto table shows, drawn as the bot draws them: the table before the first
move, one picture a move (a card drawn, placed, a row taken; the step ringed), the results. Of a
recorded game (`pop-bot render`, `record_pictures`) and of a game being played (`pop-bot demo`,
render/coloretto/demo.py)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from engine.coloretto import events as ev
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.game import Draw, Move, Place, Take
from engine.coloretto.record import replay
from engine.coloretto.state import ColorettoState

from ..kit import Picture
from .alt import results_alt, table_alt
from .labels import ENGLISH, Translate, english
from .pictures import results_picture, table_picture


def step_of(events: Sequence[object]) -> ev.Event | None:
    """The move's step a picture rings: the card drawn, the card placed or the row taken."""
    return next(
        (e for e in events if isinstance(e, ev.CardDrawn | ev.CardPlaced | ev.RowTaken)), None
    )


def table_shot(
    state: ColorettoState,
    names: Mapping[str, str],
    step: ev.Event | None,
    labels: Mapping[str, str],
    words: Translate,
    filename: str,
) -> Picture:
    """The table as it stands (public view), `step` ringed, with its alt text."""
    v = COLORETTO.view(state, None)
    return Picture(
        table_picture(v, names, step, labels), table_alt(v, names, step, words), filename
    )


def results_shot(
    state: ColorettoState,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    words: Translate,
    filename: str,
) -> Picture:
    """The results of a finished game, with their alt text."""
    v, outcome = COLORETTO.view(state, None), COLORETTO.outcome(state)
    assert outcome is not None
    return Picture(
        results_picture(v, outcome, names, labels),
        results_alt(v, outcome, names, words),
        filename,
    )


def record_pictures(
    record: object,
    labels: Mapping[str, str] = ENGLISH,
    words: Translate = english,
    names: Mapping[str, str] | None = None,
) -> list[Picture]:
    """Every picture of a recorded game, in order, named as the bot names them (the picture's
    version), in the language of `labels` (the pictures' words) and `words` (their alt texts);
    the seats named by `names`, else by their ids. RecordError for a broken record."""
    replay(record)  # the whole record checked before anything is drawn
    assert isinstance(record, dict)  # replay() said so
    state = replay({**record, "actions": []}, partial=True)  # as dealt
    names = {seat: (names or {}).get(seat, seat) for seat in state.players}
    pictures = [table_shot(state, names, None, labels, words, "coloretto-start.png")]
    for move in moves_of(record):
        assert state.turn is not None  # a checked record's moves all come before its end
        state, events = COLORETTO.apply(state, state.turn, move)
        name = f"coloretto-v{state.version:03d}.png"
        pictures.append(table_shot(state, names, step_of(events), labels, words, name))
    name = f"coloretto-v{state.version:03d}-results.png"
    pictures.append(results_shot(state, names, labels, words, name))
    return pictures


def moves_of(record: Mapping[str, object]) -> Iterator[Move]:
    """A checked record's actions as the moves a table plays: `{"draw": row}` is a draw, then
    the card placed in the row; `{"take": row}` takes the row."""
    for action in record["actions"]:  # type: ignore[attr-defined]
        ((kind, row),) = action.items()
        if kind == "draw":
            yield Draw()
            yield Place(row)
        else:
            yield Take(row)
