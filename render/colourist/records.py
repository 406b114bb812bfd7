"""Every picture a Colourist table shows, move by move, drawn as the bot draws them: the track
and the word card of each turn, every reveal, the results. Of a recorded game (`pop-bot render`,
`record_pictures`) and of a game being played (`pop-bot demo`, render/colourist/demo.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST
from engine.colourist.events import ChoicesRevealed, GameEnded, WordsShown
from engine.colourist.game import ColouristState
from engine.colourist.record import moves_of, replay_summary

from ..kit import Picture
from .labels import LABELS_EN
from .pictures import results_picture, reveal_picture, turn_picture


def table_pictures(
    state: ColouristState, names: Mapping[str, str], lang: str, labels: Mapping[str, str]
) -> list[Picture]:
    """The table message's picture: the word card (who keeps a phrase, while the colourist
    keeps one) over the track, its words in `lang` (drawn in English where no font has them)."""
    v = COLOURIST.view(state, None)
    text = W.shown(COLOURIST.words, v.words, lang) if v.words else None
    english = W.shown(COLOURIST.words, v.words, "en") if v.words else None
    return [turn_picture(v, text, names, labels, english)]


def pictures_after(
    state: ColouristState,
    events: Sequence[object],
    names: Mapping[str, str],
    lang: str,
    labels: Mapping[str, str],
) -> list[Picture]:
    """What a move shows: a reveal, the results, and the table's pictures when it begins a
    turn (a word shown, or a phrase to keep). `state` is after the move."""
    v = COLOURIST.view(state, None)
    pictures = []
    for event in events:
        if isinstance(event, ChoicesRevealed):
            assert v.last is not None
            said = W.shown(COLOURIST.words, v.last.words, lang)
            english = W.shown(COLOURIST.words, v.last.words, "en")
            pictures.append(reveal_picture(v, v.last, said, names, labels, english))
        elif isinstance(event, GameEnded):
            pictures.append(results_picture(v, names, labels))
    if any(isinstance(e, WordsShown) for e in events) or (events and v.phase == "picking"):
        pictures += table_pictures(state, names, lang, labels)
    return pictures


def record_pictures(
    record: object,
    lang: str = "en",
    labels: Mapping[str, str] = LABELS_EN,
    names: Mapping[str, str] | None = None,
) -> list[Picture]:
    """Every picture of a recorded game, in order, its words in `lang` (the pictures' own
    words `labels`); the seats named by `names`, else by their ids. RecordError for a broken
    record."""
    replay_summary(record)  # the whole record checked before anything is drawn
    state, moves = moves_of(record)
    names = {seat: (names or {}).get(seat, seat) for seat in state.seats}
    pictures = table_pictures(state, names, lang, labels)
    for seat, move in moves:
        state, events = COLOURIST.apply(state, seat, move)
        pictures += pictures_after(state, events, names, lang, labels)
    return pictures
