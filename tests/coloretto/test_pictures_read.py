"""Every picture a Coloretto table posts reads where Discord shows it (issue 33): the table at
every kind of step and the results, 2 to 5 seats, normal and expert scoring, in the seven
languages, with the longest names of the tests; one size for all of them (no height jumps),
never taller than wide, every line 10 px high or more as Discord previews it (a 550 x 400
box: the frame is 800 x 580, the width decides), no word cut. Each picture's
legend names every mark it draws, in the table's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.games.coloretto.words import alt_words, picture_labels
from bot.texts.i18n import languages
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.view import view
from render import kit
from render.coloretto.alt import MAX_ALT, results_alt, table_alt
from tests.render.every_picture import (
    COLORETTO_GAMES,
    _coloretto_moments,
    _coloretto_steps,
    coloretto_pictures,
    names_for,
)
from tests.render.readable import Seen, drawn_while, problems

NAMES = {
    "p0": "Benedikt the Long-Named",
    "p1": "Żaneta",
    "p2": "中村さくら",
    "p3": "Wojciech Grzegorzewski-Wiśniewski",
    "p4": "Maximiliane Wolkenstein-Brückner",
}


def seen(lang: str) -> Iterator[Seen]:
    """Each picture with the lines it drew."""
    pictures = coloretto_pictures(lang)
    while True:
        made, texts = drawn_while(lambda: next(pictures, None))
        if made is None:
            return
        yield Seen(f"{lang}/{made[0]}", made[1], texts)


@pytest.mark.parametrize("lang", languages())
def test_every_picture_reads_at_550_px_in_one_size_and_cuts_no_word(lang):
    with kit.recording_cuts() as cuts:
        drawn = list(seen(lang))
    assert len(drawn) >= 4 * 11
    assert problems(drawn) == []
    assert [f"{c.text!r} as {c.shown!r} at {c.caller}" for c in cuts] == []


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_legend_names_every_mark_in_the_tables_language(lang):
    labels = picture_labels(lang)
    seats, seed, expert = COLORETTO_GAMES[3]  # five seats: every colour is in play
    state, event = list(_coloretto_moments(seats, seed, expert))[3]
    v = view(state)
    from render.coloretto.pictures import table_picture

    with kit.recording_texts() as texts:
        table_picture(v, NAMES, event, labels)
    said = {x.text for x in texts}
    keys = ["key_plus2", "key_joker", "key_golden", "key_last", "key_count", "key_points"]
    assert {labels[key] for key in keys} <= said
    assert {labels[f"card.{colour}"] for colour in v.in_play} <= said
    assert len(v.in_play) == 7


@pytest.mark.parametrize("lang", languages())
def test_alt_texts_say_each_picture_in_the_tables_language(lang):
    t = alt_words(lang)
    separator = t("list.separator")
    for seats, seed, expert in COLORETTO_GAMES:
        names = names_for([f"p{i}" for i in range(seats)])
        for state, event in _coloretto_moments(seats, seed, expert):
            alt = table_alt(view(state), names, event, t)
            assert 0 < len(alt) <= MAX_ALT
            if lang == "ja":
                assert ", " not in alt.replace(names["p0"], "")
        final = _coloretto_steps(seats, seed, expert)[-1][0]
        outcome = COLORETTO.outcome(final)
        assert outcome is not None
        alt = results_alt(view(final), outcome, names, t)
        assert len(alt) <= MAX_ALT
        assert separator in alt


@pytest.mark.parametrize("lang", languages())
def test_the_legend_fits_the_room_kept_for_it(lang):
    """The legend is drawn under the columns in the room the frame keeps for it: with every
    colour in play and the last-round card, its rows end inside the picture."""
    from engine.coloretto import game
    from render import frame as F
    from render.coloretto import pictures as P

    v = view(game.new_game([f"p{i}" for i in range(5)], False, 1))
    assert len(v.in_play) == 7
    for last in (True, False):
        keys = P._keys(v, picture_labels(lang), last=last)
        assert F.legend_height(keys, P.WIDTH - 2 * F.PAD) <= P.LEGEND_ROWS * (F.CHIP + 8)
