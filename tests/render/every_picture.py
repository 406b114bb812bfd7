"""Every kind of picture of every game, in any shipped language, with the bot's own words (its
catalogue, through the bot's own helpers) and long but real player names: what
tests/render/test_no_word_cut.py draws to find a word cut off.

`python -m tests.render.every_picture DIR [GAME] [LANG]` writes them as PNG files, to look at.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path

from bot.games.coloretto.words import picture_labels as coloretto_labels
from bot.games.colourist.face import labels as colourist_labels
from bot.games.pop.words import picture_labels as pop_labels
from bot.texts.i18n import languages
from engine.coloretto import events as coloretto_events
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.view import view as coloretto_view
from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.events import ChoicesRevealed, WordsShown
from engine.colourist.events import GameEnded as ColouristEnded
from engine.colourist.view import ColouristView
from engine.pop.game import choose
from engine.pop.results import COOP_LEVELS, SOLO_TITLES, CoopResult, SoloResult
from engine.pop.view import view as pop_view
from engine.protocol import Outcome, SeatOutcome
from render.coloretto import demo as coloretto_demo
from render.coloretto.pictures import results_picture, table_picture
from render.colourist import pictures as colourist
from render.pop import art as pop_art
from render.pop import board as pop_board
from render.pop import pictures as pop

from . import colorpop_pictures as colorpop
from .games import enigma, game, play

# Discord display names run up to 32 characters: the longest ones, in several scripts, beside
# short ones. A name may be shortened with "…" (kit.fit_line's `names`); no other word may.
LONG_NAMES = (
    "Maximiliane Wolkenstein-Brückner",  # 32 characters
    "Ana",
    "長谷川 恵美子 (はせがわ えみこ) ボードゲーム大好き",  # 28, most of them wide
    "Zoë",
    "Wojciech Grzegorzewski-Wiśniewski",  # 33: one more than Discord allows
    "Eun-ji",
)

Drawn = Iterator[tuple[str, bytes]]  # (what the picture is, its PNG)
GAMES = ("pop", "coloretto", "colorpop", "colourist")


def names_for(seats: list[str]) -> dict[str, str]:
    return dict(zip(seats, LONG_NAMES, strict=False))


# --- Pop ------------------------------------------------------------------------------------


def _pop_game(name: str, state: object, labels: dict[str, str]) -> Drawn:
    """Every board and step of the game's first turn, of the first turn of its later sets, of
    its first turn where a seat takes the Chief's waiting cards and of its last turn; then the
    results."""
    names = names_for(list(state.seats))
    turns = play(state)
    sets = [before.set_number for before, _ in turns]
    shown = {0, len(turns) - 1} | {i for i in range(1, len(turns)) if sets[i - 1] != sets[i]}
    takes = (i for i, turn in enumerate(turns) if any(f.from_chief for f in pop.step_frames(*turn)))
    shown |= {next(takes, 0)}
    for turn in sorted(shown):
        before, events = turns[turn]
        yield f"{name}-t{turn}-board", pop.board_picture(before, names, labels).png
        for i, p in enumerate(pop.step_pictures(before, events, names, labels)):
            yield f"{name}-t{turn}-step{i}", p.png
    yield f"{name}-results", pop.results_picture(pop_view(state), names, labels).png


def _pop_results(labels: dict[str, str]) -> Drawn:
    """Every result's words: tie-breaks, each co-op level, each solo title, Enigma's."""
    state = game("competitive", 3, 11, sets=1)
    play(state)
    v, names = pop_view(state), names_for(list(state.seats))
    for tie in ("card_in_hand", "shared"):
        tied = replace(v, winners=tuple(v.seats[:2]), tiebreak=tie)
        yield f"pop-tiebreak-{tie}", pop.results_picture(tied, names, labels).png
    coop = game("coop", 4, 5)
    play(coop)
    for won in (True, False):
        for level in COOP_LEVELS:
            shown = replace(pop_view(coop), result=CoopResult(won, level, 3))
            yield f"pop-coop-{level}-{won}", pop.results_picture(shown, names, labels).png
    solo = game("solo", 1, 3, difficulty=4)
    play(solo)
    for won in (True, False):
        for difficulty in SOLO_TITLES:
            shown = replace(pop_view(solo), result=SoloResult(won, 12), difficulty=difficulty)
            yield f"pop-solo-{difficulty}-{won}", pop.results_picture(shown, names, labels).png


def pop_pictures(lang: str) -> Drawn:
    for drawn in (pop_art.text_image, pop_board.header_band, pop_board.legend_band):
        drawn.cache_clear()  # each line drawn (and fitted, so that a cut is seen) afresh
    labels = pop_labels(lang)
    yield from _pop_game("pop-2", game("competitive", 2, 4, sets=2), labels)  # face-down cards
    yield from _pop_game("pop-3", game("competitive", 3, 11, sets=2), labels)
    yield from _pop_game("pop-trick", game("trick", 4, 23, sets=1), labels)  # Chief loses
    yield from _pop_game("pop-5", game("competitive", 5, 7, sets=1), labels)  # no Chief
    yield from _pop_game("pop-coop", game("coop", 4, 5), labels)
    yield from _pop_game("pop-solo", game("solo", 1, 3), labels)
    yield from _pop_results(labels)
    puzzle = enigma()
    names = names_for(["ana"])
    before = pop_view(puzzle)
    yield "pop-enigma-board", pop.board_picture(before, names, labels, puzzle="e001").png
    events: list[object] = []
    choose(puzzle, "ana", [11, 17, 31, 41, 50], events=events)  # clears the grid
    for i, p in enumerate(pop.step_pictures(before, events, names, labels)):
        yield f"pop-enigma-step{i}", p.png
    yield "pop-enigma-results", pop.results_picture(pop_view(puzzle), names, labels).png
    lost = replace(pop_view(puzzle), result=SoloResult(False, 1))
    yield "pop-enigma-lost", pop.results_picture(lost, names, labels).png
    yield "pop-hand", pop.hand_picture(range(1, 11), [3], [4]).png


# --- Coloretto ------------------------------------------------------------------------------

COLORETTO_GAMES = ((2, 2, True), (3, 5, False), (4, 7, True), (5, 3, False))  # seats, seed, expert
_KINDS = (coloretto_events.CardDrawn, coloretto_events.CardPlaced, coloretto_events.RowTaken)
_coloretto_steps = cache(coloretto_demo.steps)  # hard AI seats think: play each game once


def _coloretto_moments(seats: int, seed: int, expert: bool) -> Iterator[tuple[object, object]]:
    """The first state, each step kind, a row taken late in a round (seats out), a golden
    joker's row, the last round, the end: (state, the step's event or None)."""
    steps = _coloretto_steps(seats, seed, expert)
    yield steps[0][0], None
    for kind in _KINDS:
        found = [(s, e) for s, e in steps if isinstance(e, kind)]
        yield found[len(found) // 2]
    taken = [(s, e) for s, e in steps if isinstance(e, _KINDS[2])]
    yield max(taken, key=lambda se: len(coloretto_view(se[0]).out))
    yield next((s, e) for s, e in taken if e.round_number < s.round_number)  # a round's end
    yield from [next((s, e) for s, e in taken if e.extra)] if any(e.extra for _, e in taken) else []
    yield next((s, e) for s, e in steps if coloretto_view(s).last_round and isinstance(e, _KINDS))
    yield taken[-1]  # the take that ended the game
    yield steps[-1][0], None


def coloretto_pictures(lang: str) -> Drawn:
    """Four games' tables, 2 to 5 seats (expert scoring at 2 and 4), and their results, single
    and shared wins."""
    labels = coloretto_labels(lang)
    for seats, seed, expert in COLORETTO_GAMES:
        players = [f"p{i}" for i in range(seats)]
        names = names_for(players)
        name = f"coloretto-{seats}"
        for i, (state, event) in enumerate(_coloretto_moments(seats, seed, expert)):
            v = coloretto_view(state)
            yield f"{name}-table{i}", table_picture(v, names, event, labels)
        final = _coloretto_steps(seats, seed, expert)[-1][0]
        outcome = COLORETTO.outcome(final)
        assert outcome is not None
        v = coloretto_view(final)
        yield f"{name}-results", results_picture(v, outcome, names, labels)
        shared = Outcome(outcome.mode, tuple(SeatOutcome(s, True, 40) for s in players))
        yield f"{name}-results-shared", results_picture(v, shared, names, labels)


# --- Colorpop -------------------------------------------------------------------------------


def colorpop_pictures(lang: str) -> Drawn:
    """Every kind of picture in every mode, as the bot draws them (tests/render/
    colorpop_pictures.py)."""
    yield from colorpop.pictures(lang)


# --- Colourist ------------------------------------------------------------------------------


@cache
def _colourist_game(seats: int, seed: int) -> list[tuple[str, ColouristView]]:
    """A game of AI seats, played once: ("table", view) whenever the table shows its track and
    card, ("reveal", view) after each reveal, ("results", view) at the end."""
    ids = [f"s{i + 1}" for i in range(seats)]
    state, _ = COLOURIST.start_with_events(ColouristOptions(length="short"), ids, seed)
    moments = [("table", COLOURIST.view(state, None))]
    n = 0
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state), key=ids.index)[0]
        move = COLOURIST.ai_move(COLOURIST.view(state, seat), "easy", seed * 1000 + n)
        n += 1
        state, events = COLOURIST.apply(state, seat, move)
        v = COLOURIST.view(state, None)
        if any(isinstance(e, ChoicesRevealed) for e in events):
            moments.append(("reveal", v))
        if any(isinstance(e, ColouristEnded) for e in events):
            moments.append(("results", v))
        elif any(isinstance(e, WordsShown) for e in events) or (events and v.phase == "picking"):
            moments.append(("table", v))
    return moments


def _colourist_sample(moments: list[tuple[str, ColouristView]]) -> list[tuple[str, ColouristView]]:
    """The moments worth drawing: the first track and card, every colourist keeping a phrase,
    each seat's first round as colourist, the first reveal with a match and without, the last
    reveal, the first reveal laying a colour not laid yet, the results."""
    shown: list[tuple[str, ColouristView]] = []
    colourists: set[str] = set()
    matched: set[bool] = set()
    laid: set[str] = set()  # every colour's name must be seen on some card
    reveals = [v for kind, v in moments if kind == "reveal"]
    for kind, v in moments:
        if kind == "table" and (v.phase == "picking" or v.colourist not in colourists):
            colourists.add(v.colourist)
            shown.append((kind, v))
        elif (
            kind == "reveal"
            and v.last is not None
            and (bool(v.last.matched) not in matched or set(v.last.cards.values()) - laid)
        ):
            matched.add(bool(v.last.matched))
            laid |= set(v.last.cards.values())
            shown.append((kind, v))
        elif kind == "results" or (kind == "reveal" and v is reveals[-1]):
            shown.append((kind, v))
    return shown


def colourist_pictures(lang: str) -> Drawn:
    """Two games' tracks, cards, reveals and results, drawn as the bot draws them."""
    labels = colourist_labels(lang)
    words = COLOURIST.words
    for seats, seed in ((6, 3), (3, 2)):
        names = names_for([f"s{i + 1}" for i in range(seats)])
        for i, (kind, v) in enumerate(_colourist_sample(_colourist_game(seats, seed))):
            name = f"colourist-{seats}-{i:02d}-{kind}"
            if kind == "table":
                text = W.shown(words, v.words, lang) if v.words else None
                english = W.shown(words, v.words, "en") if v.words else None
                yield f"{name}-turn", colourist.turn_picture(v, text, names, labels, english).png
            elif kind == "reveal" and v.last is not None:
                text, english = (W.shown(words, v.last.words, k) for k in (lang, "en"))
                png = colourist.reveal_picture(v, v.last, text, names, labels, english).png
                yield name, png
            else:
                yield name, colourist.results_picture(v, names, labels).png


PICTURES: dict[str, Callable[[str], Drawn]] = {
    "pop": pop_pictures,
    "coloretto": coloretto_pictures,
    "colorpop": colorpop_pictures,
    "colourist": colourist_pictures,
}


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    games = argv[1:2] or list(GAMES)
    langs = argv[2:3] or list(languages())
    for game_name in games:
        for lang in langs:
            folder = out / game_name / lang
            folder.mkdir(parents=True, exist_ok=True)
            for name, png in PICTURES[game_name](lang):
                (folder / f"{name}.png").write_bytes(png)


if __name__ == "__main__":
    main(sys.argv[1:])
