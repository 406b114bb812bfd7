"""No picture cuts a word. Every kind of picture of every game is drawn in all seven languages
(Coloretto's and Colorpop's by their own picture tests, with the same pictures and this rule),
with the bot's own words (its catalogue, through its own helpers) and player names as long as
Discord allows (tests/render/every_picture.py), while the kit records every line it could not
fit (render/kit.py `recording_cuts`).

What may be shortened, by design: a player's name, with "…" (the pictures say which parts of a
text are names; that is never recorded). What must never be: every other word (the catalogue's
labels and titles, the game's words, numbers). A cut one, or one overflowing its room, fails
the test, listed with its room and the code that drew it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from bot.games.coloretto.words import picture_labels as coloretto_labels
from bot.games.colorpop.words import picture_labels as colorpop_labels
from bot.games.colourist.face import labels as colourist_labels
from bot.games.pop.words import picture_labels as pop_labels
from bot.texts.i18n import languages
from render import kit
from render.coloretto import pictures as coloretto
from render.coloretto import table as coloretto_table
from render.colorpop import picture as colorpop
from render.colourist import pictures as colourist
from render.pop import pictures as pop

from .every_picture import GAMES, LONG_NAMES, PICTURES

# Labels no picture draws (kept for the bot's other texts), or that no game drawn here reaches
# (Colourist's drawn games end in ties above a 4th place): nothing to check.
UNDRAWN = {"pop": {"set_total"}, "colourist": {"place_4", "place_5"}}


@pytest.fixture
def unencoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pictures drawn, not encoded: the words are fitted before, and PNG compression is most
    of the time a picture takes."""
    for module, encoder in (
        (coloretto, "_png"),
        (colorpop, "_png"),
        (colourist, "_png"),
        (pop, "encode"),
    ):
        monkeypatch.setattr(module, encoder, lambda *_: b"")


def cuts_of(game: str, lang: str) -> tuple[int, list[str]]:
    """How many pictures were drawn, and every text cut (or overflowing) while drawing them."""
    with kit.recording_cuts() as cuts:
        drawn = sum(1 for _ in PICTURES[game](lang))
    said = {
        f"{c.text!r} drawn {c.shown!r}, {c.size} px in {c.max_width} px: {c.caller}" for c in cuts
    }
    return drawn, sorted(said)


def test_the_names_are_as_long_as_discord_allows_and_in_several_scripts():
    assert max(map(len, LONG_NAMES)) >= 32
    assert any(all(ord(ch) < 0x3000 for ch in name) and len(name) >= 32 for name in LONG_NAMES)
    assert any(sum(ord(ch) >= 0x3000 for ch in name) >= 15 for name in LONG_NAMES)


# Coloretto's and Colorpop's own picture tests draw these same pictures in the seven languages
# and hold them to this rule too, with the sizes (tests/coloretto/test_pictures_read.py,
# tests/render/test_colorpop_pictures.py): drawn here again they only doubled the time.
CUTS_CHECKED_HERE = ("pop", "colourist")


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("game", CUTS_CHECKED_HERE)
@pytest.mark.usefixtures("unencoded")
def test_no_word_is_cut(game: str, lang: str) -> None:
    drawn, cut = cuts_of(game, lang)
    assert drawn >= 10
    assert not cut, f"{game} in {lang}: {len(cut)} texts cut\n" + "\n".join(cut)


LONGER = "et l'a laissée là jusqu'à la fin de la manche"


@pytest.mark.usefixtures("unencoded")
def test_the_check_finds_a_word_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: Coloretto's step panel drawn on one line only (no second line for
    its words, made longer still) cuts the French "… l'a posée dans la rangée 3 …", and the test
    says so."""
    monkeypatch.setattr(
        coloretto_table,
        "name_lines",
        lambda labels, key, name, *_a, **values: [
            coloretto_table.label(labels, key, name=name, **values) + " " + LONGER
        ],
    )
    _, cut = cuts_of("coloretto", "fr")
    assert any(re.match(r"\"… l'a posée dans la rangée \d .*\" drawn .*…", line) for line in cut), (
        cut
    )
    assert all("render/coloretto/table.py:" in line for line in cut)


@pytest.fixture
def fitted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the pictures fit (or wrap) while the test runs."""
    seen: list[str] = []
    fit, wrap = kit.fit_line, kit.wrap

    def fit_line(text: str, *args: Any, **kwargs: Any) -> kit.Line:
        seen.append(text)
        return fit(text, *args, **kwargs)

    def wrapped(text: str, *args: Any, **kwargs: Any) -> list[str]:
        seen.append(text)
        return wrap(text, *args, **kwargs)

    monkeypatch.setattr(kit, "fit_line", fit_line)
    monkeypatch.setattr(kit, "wrap", wrapped)
    return seen


LABELS: dict[str, Callable[[str], Mapping[str, str]]] = {
    "pop": pop_labels,
    "coloretto": coloretto_labels,
    "colorpop": colorpop_labels,
    "colourist": colourist_labels,
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.usefixtures("unencoded")
def test_the_pictures_drawn_show_every_label(game: str, fitted: list[str]) -> None:
    """The check covers every word: each label of the game is in some text the pictures fit
    (its longest part between placeholders), in German."""
    for _ in PICTURES[game]("de"):
        pass
    missing = []
    for key, text in LABELS[game]("de").items():
        parts = [p.strip() for p in re.split(r"\{[^}]*\}", text) if p.strip()]
        if key.startswith("alt") or key in UNDRAWN.get(game, ()) or not parts:
            continue
        if not any(max(parts, key=len) in drawn for drawn in fitted):
            missing.append(key)
    assert not missing, f"{game}: no picture drawn shows {missing}"
