"""The Colorpop board picture: structure, highlight, labels, and no secret in a public picture."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageChops

from engine.colorpop import rules
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from render.colorpop.board import board_picture

from .helpers import random_game


def image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def start(seed: int = 3):
    return COLORPOP.start(ColorpopOptions(), ["ana", "ben", "cai"], seed)


def test_the_picture_is_a_png_wide_enough_for_a_phone_and_grows_with_the_seats():
    three = image(board_picture(COLORPOP.view(start(), None)))
    five = image(
        board_picture(COLORPOP.view(COLORPOP.start(ColorpopOptions(), list("abcde"), 3), None))
    )
    assert 500 <= three.width <= 700
    assert three.height > three.width
    assert five.width == three.width
    assert five.height > three.height


def test_a_highlight_changes_exactly_the_picture_around_the_group():
    state = start()
    plain = image(board_picture(COLORPOP.view(state, None)))
    group = rules.legal_groups(state.board)[0]
    ringed = image(board_picture(COLORPOP.view(state, None), group.cells))
    assert plain.size == ringed.size
    assert ImageChops.difference(plain, ringed).getbbox() is not None


def test_the_title_is_drawn_only_when_a_label_gives_it():
    view = COLORPOP.view(start(), None)
    bare = image(board_picture(view, (), {}))
    titled = image(board_picture(view, (), {"title": "Colorpop"}))
    other = image(board_picture(view, (), {"title": "Partie"}))
    assert titled.height > bare.height
    assert ImageChops.difference(titled, other).getbbox() is not None


def test_the_public_picture_shows_no_secret_colour_while_playing():
    state = random_game(11, stop_after=10)
    assert not state.over
    swapped = dataclasses.replace(state, secrets=tuple(reversed(state.secrets)))
    assert board_picture(COLORPOP.view(state, None)) == board_picture(COLORPOP.view(swapped, None))
    mine = image(board_picture(COLORPOP.view(state, state.seats[0])))
    public = image(board_picture(COLORPOP.view(state, None)))
    assert ImageChops.difference(mine, public).getbbox() is not None  # the seat's own chip


def test_an_event_board_can_be_drawn_and_odd_names_never_fail():
    state = start()
    group = rules.legal_groups(state.board)[0]
    after, out = COLORPOP.apply(
        state, state.seats[state.turn], COLORPOP.load_move({"pick": rules.cell_name(group.anchor)})
    )
    before = image(board_picture(COLORPOP.view(after, None), group.cells, board=out[0].board))
    now = image(board_picture(COLORPOP.view(after, None)))
    assert ImageChops.difference(before, now).getbbox() is not None
    names = {"ana": "\u202e🎲" * 40, "ben": "", "cai": "\ud800"}
    assert image(board_picture(COLORPOP.view(after, None), names=names)).size == now.size
