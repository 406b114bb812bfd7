"""A fingerprint of the pictures: the SHA-256 of every PNG and every alt text of a fixed set of
games, for every game and mode `pop-bot demo` plays, Pop's `render` of recorded games, and each
game's pictures with its labels in other languages.

A change to the drawing code that is meant to leave the pictures alone (a refactoring) is
checked against fingerprints.json by tests/render/test_fingerprint.py. Pillow draws the same
bytes for the same inputs, so any difference is a real change.

The labels in other languages are frozen in fingerprint_labels.json, so that a new translation
does not change a fingerprint. Regenerate, only when pictures are meant to change (and look at
them first):
    .venv/bin/python -m tests.render.fingerprint            # the fingerprints
    .venv/bin/python -m tests.render.fingerprint --labels   # the frozen labels, then both
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.coloretto import events as coloretto_events
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.view import view as coloretto_view
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colorpop.events import GroupRemoved, TokensFell
from engine.pop.game import choose
from engine.pop.view import view as pop_view
from render.coloretto import demo as coloretto_demo
from render.coloretto.alt import results_alt, table_alt
from render.coloretto.labels import english
from render.coloretto.pictures import results_picture, table_picture
from render.colorpop import demo as colorpop_demo
from render.colorpop.board import board_picture as colorpop_board
from render.colourist.demo import play_pictures
from render.folder import write_pictures
from render.kit import Picture
from render.pop import pictures as pop
from render.pop.demo import play_demo
from render.pop.records import record_pictures

from .games import NAMES, enigma, game, play

HERE = Path(__file__).parent
FIXTURE = HERE / "fingerprints.json"
LABELS = HERE / "fingerprint_labels.json"
RECORDS = HERE.parent / "engine" / "records"
LANGUAGES = ("de", "ja", "pl")  # long words, the Japanese font, diacritics

Drawn = list[tuple[str, bytes, str]]  # (file name, PNG, alt text) in order


def _sha(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def _of(pictures: Iterable[Picture]) -> Drawn:
    return [(p.filename, p.png, p.alt) for p in pictures]


def _folder(pictures: list[Picture], first: int) -> Drawn:
    """A demo's pictures written into a fresh folder as `pop-bot demo` writes them: its PNG
    files, each with its line in alt.txt."""
    with tempfile.TemporaryDirectory() as out:
        write_pictures(pictures, out, first)
        lines = (Path(out) / "alt.txt").read_text(encoding="utf-8").splitlines()
        said = dict(line.split("\t", 1) for line in lines)
        files = sorted(Path(out).glob("*.png"))
        assert sorted(said) == [f.name for f in files]
        return [(f.name, f.read_bytes(), said[f.name]) for f in files]


@cache
def frozen_labels() -> dict[str, dict[str, dict[str, str]]]:
    """{game: {language: labels}}, as the bot gave them when the fixture was made."""
    frozen: dict[str, dict[str, dict[str, str]]] = json.loads(LABELS.read_text("utf-8"))
    return frozen


# --- Pop ------------------------------------------------------------------------------------


def pop_demo(mode: str, seats: int, level: str, seed: int, sets: int = 1) -> Drawn:
    """What `pop-bot demo` draws of a Pop game (bot/games/pop/tools.py)."""
    return _of(record_pictures(play_demo(mode, seats, level, seed, sets)))


def pop_record(name: str) -> Drawn:
    """What `pop-bot render` draws of a recorded game."""
    return _of(record_pictures(json.loads((RECORDS / f"{name}.json").read_text())))


def _pop_game(state: Any, labels: Mapping[str, str]) -> list[Picture]:
    """Every board, step and the results of a game, drawn as the bot draws them."""
    pictures = []
    for before, events in play(state):
        pictures.append(pop.board_picture(before, NAMES, labels))
        pictures += pop.step_pictures(before, events, NAMES, labels)
    pictures.append(pop.results_picture(pop_view(state), NAMES, labels))
    return pictures


def pop_labelled(lang: str) -> Drawn:
    """Pop in `lang`: two competitive sets, co-op, solo and an Enigma puzzle."""
    labels = frozen_labels()["pop"][lang]
    states = [game("competitive", 3, 11, sets=2), game("coop", 4, 5), game("solo", 1, 3)]
    pictures = [p for state in states for p in _pop_game(state, labels)]
    puzzle = enigma()
    before = pop_view(puzzle)
    pictures.append(pop.board_picture(before, NAMES, labels, puzzle="1"))
    events: list[Any] = []
    choose(puzzle, "ana", [11, 17, 31, 41, 50], events=events)  # clears the grid
    pictures += pop.step_pictures(before, events, NAMES, labels)
    pictures.append(pop.results_picture(pop_view(puzzle), NAMES, labels))
    return _of(pictures)


# --- Coloretto ------------------------------------------------------------------------------


def coloretto_demo_game(seats: int, seed: int) -> Drawn:
    return _folder(coloretto_demo.demo_game(seats=seats, seed=seed)[1], first=0)


def coloretto_labelled(lang: str, seats: int = 4, seed: int = 4, every: int = 4) -> Drawn:
    """Every `every`th step of a Coloretto game, and its results, with `lang`'s labels (alt
    texts in English: their words come from the bot)."""
    labels = frozen_labels()["coloretto"][lang]
    names = coloretto_demo.NAMES
    kinds = (coloretto_events.CardDrawn, coloretto_events.CardPlaced, coloretto_events.RowTaken)
    steps = coloretto_demo.steps(seats, seed)
    shown = [(s, e) for s, e in steps if isinstance(e, kinds)][::every]
    drawn: Drawn = []
    for i, (state, event) in enumerate(shown):
        v = coloretto_view(state)
        png = table_picture(v, names, event, labels)
        drawn.append((f"step-{i}", png, table_alt(v, names, event, english)))
    state = steps[-1][0]
    outcome = COLORETTO.outcome(state)
    assert outcome is not None
    v = coloretto_view(state)
    png = results_picture(v, outcome, names, labels)
    drawn.append(("results", png, results_alt(v, outcome, names, english)))
    return drawn


# --- Colorpop -------------------------------------------------------------------------------


def colorpop_demo_game(seats: int, seed: int, mode: str | None = None) -> Drawn:
    return _folder(colorpop_demo.demo_game(seats=seats, seed=seed, mode=mode)[1], first=0)


def colorpop_labelled(lang: str, seats: int = 3, seed: int = 2) -> Drawn:
    """Colorpop's titles in `lang`, as the bot words them: the first move of a game (its board,
    the group picked, the fall), then the rail shift's and the final board's titles."""
    titles = frozen_labels()["colorpop"][lang]
    names = colorpop_demo.NAMES
    state = COLORPOP.start(ColorpopOptions(), [f"p{i}" for i in range(seats)], seed)
    before = COLORPOP.view(state, None)
    seat = before.on_turn
    assert seat is not None
    pick = COLORPOP.ai_move(COLORPOP.view(state, seat), "hard", seed)
    state, events = COLORPOP.apply(state, seat, pick)
    after = COLORPOP.view(state, None)
    picked = next(e for e in events if isinstance(e, GroupRemoved))
    fell = next(e for e in events if isinstance(e, TokensFell))
    boards = [
        (titles["turn"].format(move=1, name=names[seat]), before, (), None),
        (titles["picked"].format(move=1, name=names[seat]), before, picked.cells, picked.board),
        (titles["fell"].format(move=1), after, (), fell.board),
        (titles["shifted"].format(move=1), after, (), None),
        (titles["final"], after, (), None),
    ]
    return [
        (title, colorpop_board(view, cells, {"title": title}, names, board), "")
        for title, view, cells, board in boards
    ]


# --- Colourist ------------------------------------------------------------------------------


def colourist_game(seats: int, seed: int, lang: str = "en") -> Drawn:
    """What `pop-bot demo --game colourist` draws (in English), or the same in `lang`."""
    if lang == "en":
        return _of(play_pictures(seats, seed)[1])
    labels = frozen_labels()["colourist"][lang]
    return _of(play_pictures(seats, seed, lang=lang, labels=labels)[1])


# --- The cases ------------------------------------------------------------------------------

CASES: dict[str, Callable[[], Drawn]] = {
    "pop-competitive-3-hard-s1-2sets": lambda: pop_demo("competitive", 3, "hard", 1, 2),
    "pop-competitive-4-normal-s2": lambda: pop_demo("competitive", 4, "normal", 2),
    "pop-competitive-5-easy-s3": lambda: pop_demo("competitive", 5, "easy", 3),
    "pop-trick-4-hard-s1": lambda: pop_demo("trick", 4, "hard", 1),
    "pop-trick-3-normal-s2-2sets": lambda: pop_demo("trick", 3, "normal", 2, 2),
    "pop-coop-3-hard-s1": lambda: pop_demo("coop", 3, "hard", 1),
    "pop-coop-4-normal-s2": lambda: pop_demo("coop", 4, "normal", 2),
    "pop-solo-hard-s1": lambda: pop_demo("solo", 1, "hard", 1),
    "pop-solo-normal-s5": lambda: pop_demo("solo", 1, "normal", 5),
    "pop-enigma-hard-s1": lambda: pop_demo("enigma", 1, "hard", 1),
    "pop-enigma-hard-s2": lambda: pop_demo("enigma", 1, "hard", 2),
    "pop-render-competitive-3-seats": lambda: pop_record("competitive-3-seats"),
    "pop-render-card-in-hand": lambda: pop_record("competitive-3-seats-card-in-hand"),
    "pop-render-5-seats-shared": lambda: pop_record("competitive-5-seats-shared"),
    "coloretto-2-s2": lambda: coloretto_demo_game(2, 2),
    "coloretto-5-s3": lambda: coloretto_demo_game(5, 3),
    "colorpop-competitive-3-s1": lambda: colorpop_demo_game(3, 1),
    "colorpop-solo-s3": lambda: colorpop_demo_game(1, 3),
    "colourist-4-s1": lambda: colourist_game(4, 1),
    "colourist-3-s2": lambda: colourist_game(3, 2),
    "colourist-6-s3": lambda: colourist_game(6, 3),
}
for _lang in LANGUAGES:
    CASES[f"pop-labels-{_lang}"] = lambda lang=_lang: pop_labelled(lang)
    CASES[f"coloretto-labels-{_lang}"] = lambda lang=_lang: coloretto_labelled(lang)
    CASES[f"colorpop-labels-{_lang}"] = lambda lang=_lang: colorpop_labelled(lang)
    CASES[f"colourist-labels-{_lang}"] = lambda lang=_lang: colourist_game(4, 1, lang)


def fingerprint(case: str) -> dict[str, str]:
    """{"NNN name": "sha256-of-PNG sha256-of-alt"} for every picture of a case, in order."""
    return {
        f"{i:03d} {name}": f"{_sha(png)} {_sha(alt)}"
        for i, (name, png, alt) in enumerate(CASES[case](), 1)
    }


def freeze_labels() -> None:
    """Write fingerprint_labels.json: the bot's picture labels and titles in LANGUAGES."""
    from bot.games.coloretto.words import picture_labels as coloretto_labels
    from bot.games.colourist.words import labels as colourist_labels
    from bot.games.pop.words import picture_labels as pop_labels
    from bot.texts.i18n import catalogue

    def titles(lang: str) -> dict[str, str]:
        words = {**catalogue("en"), **catalogue(lang)}
        keys = ("turn", "picked", "fell", "shifted", "final")
        return {key: str(words[f"colorpop.picture.{key}"]) for key in keys}

    frozen = {
        "pop": {lang: pop_labels(lang) for lang in LANGUAGES},
        "coloretto": {lang: coloretto_labels(lang) for lang in LANGUAGES},
        "colorpop": {lang: titles(lang) for lang in LANGUAGES},
        "colourist": {lang: colourist_labels(lang) for lang in LANGUAGES},
    }
    text = json.dumps(frozen, ensure_ascii=False, indent=1, sort_keys=True)
    LABELS.write_text(text + "\n", encoding="utf-8")


def main(argv: list[str]) -> None:
    if "--labels" in argv:
        freeze_labels()
        frozen_labels.cache_clear()
    prints = {case: fingerprint(case) for case in CASES}
    FIXTURE.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{sum(map(len, prints.values()))} pictures of {len(prints)} cases in {FIXTURE}")


if __name__ == "__main__":
    main(sys.argv[1:])
