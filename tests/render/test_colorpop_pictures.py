"""Colorpop's pictures read where Discord shows them: every picture the game posts (each seat's
turn, the group picked, the fall, the rail shift, every kind of result; every mode, 1 to 5
seats; the longest names) in the seven languages has one size, no taller than wide, every line
still 10 px high at 550 px (tests/render/readable.py), and no word cut (kit.recording_cuts)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.texts.i18n import languages
from render import kit
from render.colorpop import picture
from tests.render.readable import Seen, drawn_while, problems

from . import colorpop_pictures as every


@pytest.fixture
def quick_png(monkeypatch: pytest.MonkeyPatch) -> None:
    """The PNGs encoded fast (the test reads their size, not their bytes)."""

    def raw(img: Image.Image) -> bytes:
        out = io.BytesIO()
        img.save(out, "PNG", compress_level=0)
        return out.getvalue()

    monkeypatch.setattr(picture, "_png", raw)


@pytest.mark.parametrize("lang", languages())
@pytest.mark.usefixtures("quick_png")
def test_every_picture_has_one_size_reads_at_550_px_and_cuts_no_word(lang: str) -> None:
    seen = []
    with kit.recording_cuts() as cuts:
        for what, scene, names in every.every_scene():
            png, texts = drawn_while(lambda s=scene, n=names: every.draw(s, n, lang))
            seen.append(Seen(what, png, texts))
    assert len(seen) >= 60
    assert {s.size for s in seen} == {(picture.frame.WIDTH, picture.HEIGHT)}
    assert problems(seen) == []
    assert [f"{c.text!r} drawn {c.shown!r} at {c.size} px: {c.caller}" for c in cuts] == []


def test_the_check_finds_a_picture_of_another_size_and_small_text(monkeypatch):
    """The rule has teeth here: a frame whose height changed (800 x 600: shown 533 x 400), and a
    line drawn at 12 px (8.0 px high in that box)."""
    what, scene, names = next(every.every_scene())
    first = Seen(what, *drawn_while(lambda: every.draw(scene, names, "en")))
    monkeypatch.setattr(picture, "HEIGHT", 600)
    monkeypatch.setattr(picture.frame, "SMALL", 12)
    second = Seen(what, *drawn_while(lambda: every.draw(scene, names, "en")))
    found = problems([first, second])
    assert any(p.startswith("2 sizes: 800x528") for p in found), found
    assert any("at 12 px is 8.0 px high" in p for p in found), found
