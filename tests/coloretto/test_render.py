"""Coloretto pictures and alt texts: structure, not goldens (sizes, highlights, words only from
labels, alt text within Discord's 1024 characters)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageChops

from engine.coloretto import cards as C
from engine.coloretto import events as ev
from engine.coloretto import game
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.view import view
from render.coloretto.alt import MAX_ALT, results_alt, table_alt
from render.coloretto.demo import steps
from render.coloretto.labels import ALT_EN, LABELS_EN, english
from render.coloretto.pictures import CARD_STYLE, results_picture, table_picture

LONG = {f"p{i}": "Ωmega-" + "W" * 60 + f" {i}\u202e\x07" for i in range(5)}


def image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.fixture(scope="module")
def games():
    return {n: steps(n, 40 + n) for n in (2, 3, 5)}


def test_every_colour_has_its_own_shape():
    shapes = [CARD_STYLE[c].shape for c in C.COLOURS]
    assert len(set(shapes)) == 7
    fills = [CARD_STYLE[c].fill for c in C.COLOURS]
    assert len(set(fills)) == 7


@pytest.mark.parametrize("players", [2, 3, 5])
def test_table_picture_sizes_and_every_step_kind(games, players):
    seen = set()
    for state, event in games[players][:: max(1, len(games[players]) // 12)] + games[players][-2:]:
        img = image(table_picture(view(state), LONG, event, LABELS_EN))
        assert img.width == 820
        assert 300 <= img.height <= 1900
        seen.add(type(event).__name__)
    assert len(seen) >= 3


def test_a_highlight_changes_pixels(games):
    for kind in (ev.CardDrawn, ev.CardPlaced, ev.RowTaken):
        state, event = next((s, e) for s, e in games[3] if isinstance(e, kind))
        plain = image(table_picture(view(state), LONG, None, LABELS_EN))
        lit = image(table_picture(view(state), LONG, event, LABELS_EN))
        if kind is ev.CardPlaced:
            assert plain.size == lit.size
            assert ImageChops.difference(plain, lit).getbbox() is not None
        else:  # the step strip appears above the rows
            assert lit.height > plain.height


def test_the_golden_jokers_extra_card_is_shown():
    found = next(
        (
            (s, e)
            for n in range(2, 6)
            for seed in range(30)
            for s, e in steps(n, seed)
            if isinstance(e, ev.RowTaken) and e.extra
        ),
        None,
    )
    assert found is not None
    state, event = found
    with_extra = image(table_picture(view(state), LONG, event, LABELS_EN))
    without = image(table_picture(view(state), LONG, event._replace(extra=None), LABELS_EN))
    assert ImageChops.difference(with_extra, without).getbbox() is not None
    alt = table_alt(view(state), LONG, event, english)
    assert "from the golden joker" in alt


def test_words_come_from_the_labels(games):
    state, event = games[3][len(games[3]) // 2]
    english_png = image(table_picture(view(state), LONG, event, LABELS_EN))
    other = {k: v.replace("Row", "Reihe").replace("pts", "Pkt.") for k, v in LABELS_EN.items()}
    assert (
        ImageChops.difference(
            english_png, image(table_picture(view(state), LONG, event, other))
        ).getbbox()
        is not None
    )
    broken = {k: "{oops}" for k in LABELS_EN}  # a bad translation draws, never raises
    image(table_picture(view(state), LONG, event, broken))


def test_results_picture_and_a_shared_win(games):
    state = games[5][-1][0]
    outcome = COLORETTO.outcome(state)
    assert outcome is not None
    img = image(results_picture(view(state), outcome, LONG, LABELS_EN))
    assert img.width == 820
    assert img.height <= 1700
    alt = results_alt(view(state), outcome, LONG, english)
    assert len(alt) <= MAX_ALT
    assert "final scores" in alt
    shared = state.copy()
    for p in shared.players:
        shared.collections[p] = {"cotton": 1}
    shared_outcome = COLORETTO.outcome(shared)
    assert shared_outcome is not None
    assert len(shared_outcome.winners) == 5
    image(results_picture(view(shared), shared_outcome, LONG, LABELS_EN))
    assert "Shared win" in results_alt(view(shared), shared_outcome, LONG, english)


def test_alt_texts_fit_and_use_only_t(games):
    for states in games.values():
        for state, event in states[:: max(1, len(states) // 10)]:
            alt = table_alt(view(state), LONG, event, english)
            assert 0 < len(alt) <= MAX_ALT
            assert "\x07" not in alt
            assert "\u202e" not in alt
            keyed = table_alt(view(state), LONG, event, lambda key, **_v: f"<{key}>")
            words = re.sub(r"<[a-z_.]+>|Ωmega-W+…?|[\d\s,.…]", "", keyed)
            assert words == "", f"words not from t: {words!r}"
    assert all(f"card.{c}" in ALT_EN for c in C.CARD_NAMES if c != "last")


def test_a_fresh_table_and_a_two_player_discard():
    state = game.new_game(["a", "b"], True, 3)
    img = image(table_picture(view(state), {}, None, LABELS_EN))
    assert img.width == 820
    assert "Row 1 (up to 1) is empty." in table_alt(view(state), {}, None, english)
