"""Coloretto pictures and alt texts: structure, not goldens (one size, highlights, words only
from labels, every card counted once, the step's own round, alt text within Discord's 1024
characters)."""

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
from render import kit
from render import style as S
from render.coloretto import seats
from render.coloretto.alt import MAX_ALT, results_alt, table_alt
from render.coloretto.demo import steps
from render.coloretto.labels import ALT_EN, ENGLISH, english
from render.coloretto.pictures import (
    BOTTOM,
    CARD_STYLE,
    HEIGHT,
    RESULTS_TOP,
    TOP,
    WIDTH,
    results_picture,
    table_picture,
)
from render.coloretto.scene import counted, groups

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
def test_every_table_picture_of_a_game_has_one_landscape_size(games, players):
    seen = set()
    for state, event in games[players][:: max(1, len(games[players]) // 12)] + games[players][-2:]:
        assert image(table_picture(view(state), LONG, event, ENGLISH)).size == (WIDTH, HEIGHT)
        seen.add(type(event).__name__)
    assert len(seen) >= 3
    assert HEIGHT <= WIDTH


def test_a_highlight_changes_pixels(games):
    for kind in (ev.CardDrawn, ev.CardPlaced, ev.RowTaken):
        state, event = next((s, e) for s, e in games[3] if isinstance(e, kind))
        plain = image(table_picture(view(state), LONG, None, ENGLISH))
        lit = image(table_picture(view(state), LONG, event, ENGLISH))
        assert plain.size == lit.size
        assert ImageChops.difference(plain, lit).getbbox() is not None


def _golden_take() -> tuple[object, ev.RowTaken]:
    return next(
        (s, e)
        for n in range(2, 6)
        for seed in range(30)
        for s, e in steps(n, seed)
        if isinstance(e, ev.RowTaken) and e.extra
    )


def test_the_golden_jokers_extra_card_is_shown():
    state, event = _golden_take()
    with_extra = image(table_picture(view(state), LONG, event, ENGLISH))
    without = image(table_picture(view(state), LONG, event._replace(extra=None), ENGLISH))
    assert ImageChops.difference(with_extra, without).getbbox() is not None
    alt = table_alt(view(state), LONG, event, english)
    assert "The golden joker brought one more card" in alt


def test_every_card_of_a_collection_is_counted_once_jokers_in_their_colour():
    """Issue 33: the golden joker was counted twice ("×1+1" on blue, and again as a card of
    its own). A joker now counts in its colour's group only: the counts drawn add up to the
    cards held, and no joker has a group of its own."""
    state, event = _golden_take()
    v = view(state)
    with kit.recording_texts() as texts:
        table_picture(v, LONG, event, ENGLISH)
    drawn = sum(int(x.text[1:]) for x in texts if re.fullmatch(r"×\d+", x.text))
    assert drawn == sum(sum(held.values()) for held in v.collections.values())
    assert not [x.text for x in texts if re.fullmatch(r"×\d+\+\d+", x.text)]
    taker = v.collections[event.seat]
    assert taker.get(C.GOLDEN) == 1
    found = groups(v, event.seat)
    assert counted(found) == sum(taker.values())
    assert C.GOLDEN not in [g.card for g in found]
    assert any(C.GOLDEN in g.jokers for g in found)


def test_a_take_that_ends_a_round_is_shown_in_that_round(games):
    """Issue 33: "Round 6" titled the take that ended round 5."""
    state, event = next(
        (s, e) for s, e in games[5] if isinstance(e, ev.RowTaken) and e.round_number == 1
        and s.round_number == 2
    )  # fmt: skip
    with kit.recording_texts() as texts:
        table_picture(view(state), LONG, event, ENGLISH)
    said = {x.text for x in texts}
    assert "Round 1" in said
    assert "Round 2" not in said
    assert sum(x.text.startswith("taken by") for x in texts) == 5  # the round's rows, all taken
    assert "Coloretto, round 1." in table_alt(view(state), LONG, event, english)


def test_the_joker_is_a_light_card_on_the_dark_panel():
    """Issue 33: the ordinary joker was a dark card on a dark panel."""
    assert CARD_STYLE[C.JOKER].fill == S.JOKER_STYLE.hex
    assert CARD_STYLE[C.JOKER].shape == "star"
    light, dark = (sum(S.rgb(c)) / 3 for c in (CARD_STYLE[C.JOKER].fill, S.PANEL))
    assert light - dark > 100


def test_words_come_from_the_labels(games):
    state, event = games[3][len(games[3]) // 2]
    english_png = image(table_picture(view(state), LONG, event, ENGLISH))
    other = {k: v.replace("Row", "Reihe").replace("Points", "Pkt.") for k, v in ENGLISH.items()}
    assert (
        ImageChops.difference(
            english_png, image(table_picture(view(state), LONG, event, other))
        ).getbbox()
        is not None
    )
    broken = {k: "{oops}" for k in ENGLISH}  # a bad translation draws, never raises
    image(table_picture(view(state), LONG, event, broken))


def test_results_by_place_with_the_winner_headline_and_a_shared_win(games):
    state = games[5][-1][0]
    outcome = COLORETTO.outcome(state)
    assert outcome is not None
    with kit.recording_texts() as texts:
        img = image(results_picture(view(state), outcome, LONG, ENGLISH))
    assert img.size == (WIDTH, HEIGHT)
    said = [x.text for x in texts]
    assert any(text.endswith(" wins") for text in said)
    assert [p for p in said if p in ("1st", "2nd", "3rd", "4th", "5th")][:1] == ["1st"]
    alt = results_alt(view(state), outcome, LONG, english)
    assert len(alt) <= MAX_ALT
    assert "final scores" in alt
    assert "1st: " in alt
    shared = state.copy()
    for p in shared.players:
        shared.collections[p] = {"cotton": 1}
    shared_outcome = COLORETTO.outcome(shared)
    assert shared_outcome is not None
    assert len(shared_outcome.winners) == 5
    with kit.recording_texts() as texts:
        image(results_picture(view(shared), shared_outcome, LONG, ENGLISH))
    assert any(x.text.startswith("Shared win: ") for x in texts)
    assert sum(x.text == "1st" for x in texts) == 5  # a shared score, a shared place
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


def test_a_fresh_table_and_a_two_player_discard(games):
    state = game.new_game(["a", "b"], True, 3)
    img = image(table_picture(view(state), {}, None, ENGLISH))
    assert img.size == (WIDTH, HEIGHT)
    assert "Row 1 (up to 1) is empty." in table_alt(view(state), {}, None, english)
    state, event = next(
        (s, e)
        for s, e in games[2]
        if isinstance(e, ev.RowTaken) and e.round_number < s.round_number
    )
    v = view(state)
    with kit.recording_texts() as texts:
        table_picture(v, {}, event, ENGLISH)
    assert "discarded" in {x.text for x in texts}
    assert "was discarded" in table_alt(v, {}, event, english)


@pytest.mark.parametrize("results", [False, True])
def test_a_crowded_collection_stays_inside_its_panel(results):
    """Seven colours, +2 cards and three jokers on one colour: the cards narrow so that every
    group fits its seat's panel (its right margin stays bare)."""
    state = game.new_game([f"p{i}" for i in range(5)], False, 1)
    state.collections["p0"] = {
        **{colour: 1 + i % 3 for i, colour in enumerate(C.COLOURS)},
        "cotton": 4,
        "joker": 2,
        "golden": 1,
    }
    state.over, state.turn = results, "" if results else state.turn
    v = view(state)
    if results:
        outcome = COLORETTO.outcome(state)
        assert outcome is not None
        img = image(results_picture(v, outcome, LONG, ENGLISH))
    else:
        img = image(table_picture(v, LONG, None, ENGLISH))
    assert len(groups(v, "p0")) == 8
    top = seats.panels(RESULTS_TOP if results else TOP, BOTTOM, 5)[0]
    right = WIDTH - 16
    margin = img.crop((right - 13, top[0] + seats.TOP_PAD - 2, right - 5, top[1] - 5))
    assert {rgb for _, rgb in margin.getcolors()} == {S.rgb(S.PANEL)}
