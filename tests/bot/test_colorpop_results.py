"""Colorpop's results and step pictures as the bot words them: the winner headline in the words
every game shares (`winners`, `place`), what decided, each seat by place with its own tokens
left and removed and its secret colours (revealed only then); the picture after a move names in
its header and alt text the group that left, and the cells it freed and the tokens that moved."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.colorpop.alt import scene_alt
from bot.games.colorpop.words import (
    colours_text,
    picture_labels,
    results_text,
    scene_status,
    token_name,
)
from bot.texts.i18n import languages, place, t, winners
from engine.colorpop.adapter import COLORPOP
from engine.colorpop.events import GameEnded
from render.colorpop.board import COLOUR_OF, LOOK
from render.colorpop.picture import scene_picture
from render.colorpop.scenes import move_scenes, turn_scene
from render.style import COLOUR_STYLE, JOKER_STYLE
from tests.colorpop.helpers import random_game

NAMES = {"p0": "Ana", "p1": "Benedikt the Long-Named", "p2": "中村さくら", "p3": "Żaneta"}


def last_move(seed: int, mode: str = "competitive", seats: int = 3):
    """The last move of a finished game: the view before it, its events, the final view."""
    state = random_game(seed, mode=mode, seats=seats)
    assert state.over
    again = random_game(seed, mode=mode, seats=seats, stop_after=len(state.picks) - 1)
    was = COLORPOP.view(again, None)
    pick = state.picks[-1].cell
    after, events = COLORPOP.apply(again, was.on_turn, COLORPOP.load_move({"pick": pick}))
    return was, events, COLORPOP.view(after, None)


def named(seats) -> dict[str, str]:
    return {s: NAMES.get(s, s) for s in seats}


@pytest.mark.parametrize("lang", languages())
def test_the_results_say_the_winners_with_the_shared_words(lang):
    for seed, mode, seats in ((11, "competitive", 3), (5, "teams", 4)):
        was, events, final = last_move(seed, mode, seats)
        names = named(final.seats)
        ended = next(e for e in events if isinstance(e, GameEnded))
        headline = winners([names[s] for s in ended.winners], lang)
        assert f"🏆 **{headline}**" in results_text(final, events, names, lang)
        scene = move_scenes(was, events, final)[-1]
        assert scene.kind == "final"
        alt = scene_alt(scene, names, lang)
        assert headline in alt
        assert place(1, lang) in alt
        for seat in final.seats:
            assert colours_text(final.secrets[seat], lang) in alt  # revealed, at the end only


def test_the_results_picture_draws_the_winner_and_the_places():
    was, events, final = last_move(11)
    scene = move_scenes(was, events, final)[-1]
    names = named(final.seats)
    other = next(s for s in final.seats if s not in final.winners)
    swapped = dataclasses.replace(scene, view=dataclasses.replace(final, winners=(other,)))
    labels = picture_labels("en")
    assert scene_picture(scene, labels, names) != scene_picture(swapped, labels, names)
    alt = scene_alt(swapped, names, "en")
    assert f"{NAMES.get(other, other)} wins" in alt
    assert "1st" in alt


def test_the_picture_after_a_move_names_the_group_and_what_moved():
    state = random_game(4, stop_after=6)
    was = COLORPOP.view(state, None)
    pick = COLORPOP.ai_move(COLORPOP.view(state, was.on_turn), "easy", 1)
    after, events = COLORPOP.apply(state, was.on_turn, pick)
    scenes = [turn_scene(was), *move_scenes(was, events, COLORPOP.view(after, None))]
    picked, fell = scenes[1], next(s for s in scenes if s.kind == "fell")
    names = named(was.seats)
    assert scene_status(scenes[0], "en") == ""
    status = scene_status(picked, "en")
    assert status == scene_status(fell, "en")
    assert f"at {picked.picked.pick}" in status
    alt = scene_alt(fell, names, "en")
    assert status in alt
    assert "Left the board (faded, ringed): " in alt
    assert "Slid down (↓): " in alt
    assert "Secret colours" not in alt  # nothing of the secrets while playing


@pytest.mark.parametrize("lang", languages())
def test_every_text_names_a_colour_with_the_shape_the_pictures_draw(lang):
    """The shared palette's shape before the colour's name, in the rules, the labels of the
    group buttons and the secret colour; the joker a star."""
    rules_text = t("colorpop.rules", lang)
    for letter, colour in COLOUR_OF.items():
        symbol = COLOUR_STYLE[colour].symbol
        name = token_name(letter, lang)
        assert name.startswith(f"{symbol} "), name
        assert name in rules_text, (lang, name)
    assert f"{JOKER_STYLE.symbol} " in rules_text
    assert LOOK["W"] == JOKER_STYLE
