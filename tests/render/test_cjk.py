"""Japanese in the pictures: the bundled subset of Noto Sans CJK JP, drawn run by run where
DejaVu Sans has no glyph, so Japanese labels, words and names never become boxes."""

from __future__ import annotations

import contextlib
import io
import json
import string
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.games.colourist.words import labels as colourist_labels
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.view import ColouristView
from engine.data import data_path
from render import kit
from render import style as S
from render.colourist import pictures as P
from render.colourist.labels import ALT_KEYS, LABELS_EN, SHARED_KEYS, label
from render.pop.pictures import board_picture

from .cases import competitive

FONTS = data_path("fonts")


def strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value)


def is_emoji(ch: str) -> bool:
    """Emoji in message texts: Discord draws them, no picture does."""
    return ord(ch) >= 0x1F000 or ch in "⌛⏳"


# Every Japanese text: the shared catalogue and each game's own (data/<game>/locales/ja.json).
JA_CATALOGUES = sorted(data_path().glob("**/locales/ja.json"))
JA = {
    key: text for path in JA_CATALOGUES for key, text in json.loads(path.read_text("utf-8")).items()
}
JA_LABELS = colourist_labels("ja")  # the game's own words and the shared words of a result
WORDS = json.loads(data_path("colourist", "words.json").read_text("utf-8"))
JA_WORDS = [concept["ja"]["text"] for concept in WORDS["concepts"]]


def jis_level1() -> set[str]:
    out: set[str] = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            with contextlib.suppress(UnicodeDecodeError):  # an unassigned cell
                out.add(bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp"))
    return out


# --- The files ------------------------------------------------------------------------------


def test_the_japanese_fonts_ship_with_their_licence_and_build_script() -> None:
    total = 0
    for path in (S.FONT_CJK_REGULAR, S.FONT_CJK_BOLD):
        assert path.parent == FONTS, path
        assert path.exists(), path
        total += path.stat().st_size
        face = ImageFont.truetype(str(path), 20)
        assert face.getname()[0] == "Noto Sans CJK JP"
    assert total < 3_000_000, f"{total:,} bytes: the subset grew"
    licence = (FONTS / "LICENSE-NotoSansCJK.txt").read_text("utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence
    assert "fonts-noto-cjk 1:20220127+repack1-1" in (FONTS / "build_cjk_subset.py").read_text()


def test_regular_and_bold_differ() -> None:
    regular = S.cjk_font(40).getmask("山")
    bold = S.cjk_font(40, True).getmask("山")
    assert bytes(regular) != bytes(bold)


# --- Coverage -------------------------------------------------------------------------------


def test_every_character_of_the_japanese_catalogue_has_a_glyph() -> None:
    chars = {ch for text in strings(JA) for ch in text if not ch.isspace()}
    missing = sorted(ch for ch in chars if not kit.has_glyph(ch) and not is_emoji(ch))
    assert not missing, missing
    kana_and_kanji = {ch for ch in chars if "\u3040" <= ch <= "\u9fff"}
    assert len(kana_and_kanji) > 200  # the catalogue really is Japanese
    assert all(kit.in_cjk_font(ch) and not kit.in_latin_font(ch) for ch in kana_and_kanji)


def test_every_japanese_word_of_colourist_has_its_glyphs() -> None:
    assert len(JA_WORDS) > 50
    for text in JA_WORDS:
        assert kit.safe_text(text) == text, text
        assert P.drawable(text), text


def test_kana_and_the_level_one_kanji_have_glyphs() -> None:
    level1 = jis_level1()
    assert len(level1) == 2965
    kana = [
        chr(c) for c in (*range(0x3041, 0x3097), *range(0x30A1, 0x30FB), *range(0xFF66, 0xFF9E))
    ]
    missing = sorted(ch for ch in [*level1, *kana] if not kit.in_cjk_font(ch))
    assert not missing, "".join(missing)


def test_a_character_neither_font_has_is_still_a_box() -> None:
    assert not kit.has_glyph("한")
    assert not kit.has_glyph("\U000f0000")
    assert kit.safe_text("Ana 한국") == f"Ana {S.PLACEHOLDER}"


# --- Drawing --------------------------------------------------------------------------------


def boxed(text: str) -> str:
    """`text` as it was drawn before there was a Japanese font."""
    return "".join(ch if kit.in_latin_font(ch) else S.PLACEHOLDER for ch in text)


@pytest.mark.parametrize("text", ["ラウンド3", "誰も一致せず: 全員が1マス進む", "ｶﾀｶﾅ！"])
def test_a_japanese_label_draws_in_japanese_not_boxes(text: str) -> None:
    assert kit.safe_text(text) == text
    assert S.PLACEHOLDER not in kit.safe_text(text)
    drawn = kit.text_rgb(text, 22, False, S.TEXT, S.BACKGROUND)
    boxes = kit.text_rgb(boxed(text), 22, False, S.TEXT, S.BACKGROUND)
    assert drawn.height == boxes.height  # the line height stays DejaVu's
    assert drawn.size != boxes.size or ImageChops.difference(drawn, boxes).getbbox()
    assert any(f.path == str(S.FONT_CJK_REGULAR) for _, f in kit.text_runs(text, 22))


def test_a_japanese_name_is_drawn_with_the_japanese_font_inside_the_line() -> None:
    name = "山田 太郎"
    palette = kit.Palette(
        [S.BACKGROUND, S.TEXT], lambda: [kit.text_rgb("Ana 山田", 22, False, S.TEXT, S.BACKGROUND)]
    )
    sprite = palette.name_sprite(name, 22, 300)
    assert kit.safe_text(name) == name
    assert sprite.size != palette.name_sprite(boxed(name), 22, 300).size
    assert [run for run, _ in kit.text_runs(name, 22)] == ["山田", " ", "太郎"]
    # the glyphs are there, and not cut by the top or bottom of DejaVu's line
    ink = kit.text_rgb(name, 22, True, "#FFFFFF", "#000000").convert("L").getbbox()
    assert ink is not None
    assert ink[1] > 0
    assert ink[3] < sprite.height


def test_a_pop_board_with_a_japanese_name_draws_it() -> None:
    before = competitive()[1][0][0]
    japanese = Image.open(io.BytesIO(board_picture(before, {"ana": "山田 太郎"}).png))
    boxes = Image.open(io.BytesIO(board_picture(before, {"ana": boxed("山田 太郎")}).png))
    assert ImageChops.difference(japanese.convert("RGB"), boxes.convert("RGB")).getbbox()


LATIN = string.ascii_letters + string.digits + " .,:;!?-'ÀÉÖßçñøÅ€ΩЖ"
JAPANESE = "あいうアイウ山田太郎、。ー・！ｶﾅ"


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=LATIN, max_size=30))
def test_latin_text_is_drawn_exactly_as_pillow_draws_it(text: str) -> None:
    """Pop's golden pictures stay byte-identical: DejaVu-only text takes Pillow's own path."""
    reference = S.font(20)
    width = max(1, int(-(-reference.getlength(text) // 1)) + 2)
    ascent, descent = reference.getmetrics()
    want = Image.new("RGB", (width, ascent + descent), S.BACKGROUND)
    ImageDraw.Draw(want).text((1, 0), text, font=reference, fill=S.TEXT)
    got = kit.text_rgb(text, 20, False, S.TEXT, S.BACKGROUND)
    assert got.tobytes() == want.tobytes()
    assert got.size == want.size
    assert kit.text_length(text, 20) == reference.getlength(text)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=LATIN + JAPANESE, max_size=30))
def test_runs_put_every_character_in_a_font_that_has_it(text: str) -> None:
    runs = kit.text_runs(text, 18, True)
    assert "".join(run for run, _ in runs) == text
    for run, f in runs:
        cjk = f.path == str(S.FONT_CJK_BOLD)
        assert all(
            kit.in_cjk_font(ch) and not kit.in_latin_font(ch) if cjk else kit.in_latin_font(ch)
            for ch in run
        )
    assert all(runs[i][1].path != runs[i + 1][1].path for i in range(len(runs) - 1))
    assert kit.text_length(text, 18, True) == pytest.approx(
        sum(f.getlength(run) for run, f in runs)
    )


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm", "ls", "ld"])
def test_mixed_text_keeps_the_anchor(anchor: str) -> None:
    """A line with Japanese in it sits where the same line in Latin letters would."""

    def ink(text: str) -> tuple[int, int, int, int]:
        img = Image.new("L", (600, 120))
        kit.draw_text(ImageDraw.Draw(img), (300, 60), text, 24, False, "#FFFFFF", anchor)
        box = img.getbbox()
        assert box is not None
        return box

    latin, mixed = ink("Hxxxx"), ink("H山田太郎")  # both start with a capital H
    width = kit.text_length("H山田太郎", 24)
    left = {"l": 300, "m": 300 - width / 2, "r": 300 - width}[anchor[0]]
    assert abs(mixed[0] - left) <= 3
    assert abs(mixed[3] - latin[3]) <= 3  # the same baseline region


# --- Colourist ------------------------------------------------------------------------------


def colourist_view() -> ColouristView:
    state = COLOURIST.start(ColouristOptions(length="short"), ["s1", "s2", "s3"], 3)
    return COLOURIST.view(state, None)


NAMES = {"s1": "さくら", "s2": "山田 太郎", "s3": "Ana"}


def test_colourist_draws_every_japanese_label_in_japanese() -> None:
    for key in LABELS_EN:
        if key in ALT_KEYS or key == "separator":
            continue
        values = {
            "n": 3,
            "round": 3,
            "field": 4,
            "name": "さくら",
            "names": "さくら, Ana",
            "text": "家",
        }
        assert P.word(JA_LABELS, key, **values) == label(JA_LABELS, key, **values)
        assert P.word(JA_LABELS, key, **values) != label(LABELS_EN, key, **values)
    assert set(SHARED_KEYS) < set(JA_LABELS)


def test_colourist_pictures_in_japanese_use_japanese_not_english() -> None:
    v = colourist_view()
    word = JA_WORDS[0]
    japanese = P.turn_picture(v, word, NAMES, JA_LABELS, fallback="house")
    assert japanese.png == P.turn_picture(v, word, NAMES, JA_LABELS).png  # no English fallback
    assert japanese.png != P.turn_picture(v, "house", NAMES, JA_LABELS).png
    assert japanese.png != P.turn_picture(v, word, NAMES, LABELS_EN).png


def test_colourist_shrinks_a_long_japanese_name_to_fit() -> None:
    v = colourist_view()
    picture = P.turn_picture(v, "家", {"s1": "ダ" * 60, "s2": "山田", "s3": "Ana"}, JA_LABELS)
    assert Image.open(io.BytesIO(picture.png)).size == (P.WIDTH, P.HEIGHT)
    line = kit.fit_line("ダ" * 60, 18, max_width=200, min_size=15)
    assert line.shrunk
    assert line.cut
    assert line.width <= 200


def test_emoji_in_names_are_drawn_with_the_bundled_emoji_font_not_as_boxes():
    from render.kit import EMOJI, _runs, has_glyph, safe_text
    from render.pop import art

    name = "山田 🎲🔥"
    assert all(has_glyph(ch) for ch in "🎲🔥👍")
    assert safe_text(name) == name  # nothing replaced by the placeholder box
    assert [which for run, which in _runs(name) if run.strip()][-1] == EMOJI
    drawn = art.name_sprite("🎲", 27, 200).tobytes()
    box = art.name_sprite("\ue000", 27, 200).tobytes()  # private use: the placeholder
    assert drawn != box
