"""Colourist's face and pictures without Discord: controls, AI jobs, refusals, alt texts."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.colourist.face import ColouristFace
from bot.games.colourist.words import labels
from bot.model.table import LiveTable, Seat, Table, TableSettings
from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.game import CARDS, COLOURS, Choose
from render.colourist import pictures as P
from render.colourist.labels import LABELS_EN

FACE = ColouristFace()
SEATS = ["s1", "s2", "s3"]
LONG = ["Ana " + "x" * 60, "Benedikt the Very Long-Named Player " * 2, "ダ" * 40]


def a_table(lang: str = "en", seats=SEATS) -> Table:
    table = Table(
        game="colourist",
        guild_id=1,
        channel_id=2,
        host_id=3,
        options={"length": "short"},
        settings=TableSettings(language=lang),
        seats=[Seat(id=s, name=n) for s, n in zip(seats, LONG, strict=False)],
    )
    table.status, table.games = "playing", 1
    return table


def live(lang: str = "en", seats=SEATS) -> LiveTable:
    state = COLOURIST.start(ColouristOptions(length="short"), seats, 3)
    return LiveTable(a_table(lang, seats), state)


def test_the_ai_job_does_not_depend_on_the_language():
    jobs = {lang: FACE.ai_job(live(lang), live(lang).table.seats[0]) for lang in ("en", "ja", "pl")}
    fn, (game, _view, level, _seed) = jobs["en"]
    assert game is COLOURIST
    assert level == "normal"
    assert all(job[1] == jobs["en"][1] for job in jobs.values())
    assert len({str(fn(*job[1])) for job in jobs.values()}) == 1


def test_a_table_of_ai_seats_only_is_refused_and_one_human_is_enough():
    only_ai = a_table(seats=["ai-1", "ai-2", "ai-3"])
    no = FACE.start_refusal(only_ai)
    assert no is not None
    assert no.key == "colourist.refusal.no_human"
    assert FACE.start_refusal(a_table(seats=["123", "ai-1", "ai-2"])) is None


def test_a_broken_word_list_is_refused_at_start(tmp_path, monkeypatch):
    broken = tmp_path / "words.json"
    broken.write_text("{}", encoding="utf-8")
    monkeypatch.setattr(W, "DEFAULT_PATH", broken)
    W.shipped_words.cache_clear()
    try:
        no = FACE.start_refusal(a_table())
    finally:
        W.shipped_words.cache_clear()
    assert no is not None
    assert no.key == "colourist.refusal.words"
    assert "format" in str(no.values)


def test_a_choice_begins_no_turn_until_the_last_one_reveals():
    state = live().state
    assert state.phase == "choosing"  # seed 3 starts on a triangle: no phrase to pick
    for seat in SEATS:
        applied = FACE.apply(state, seat, Choose("red"))
        state = applied.after
        assert applied.new_turn == (seat == SEATS[-1])
    assert COLOURIST.view(state, None).round_number == 2


def test_the_private_buttons_follow_the_colour_order_without_a_joker_for_the_colourist():
    table = live()
    v = COLOURIST.view(table.state, None)
    for seat in table.table.seats:
        post = FACE.private_post(table, seat, "pl")
        args = [c.arg for c in post.controls]
        if seat.id == v.colourist:
            assert args == list(COLOURS)
        else:
            assert args == list(CARDS)
            assert post.controls[-1].label == "🃏 Joker"
            assert post.controls[0].label == "⚫ czarny"


def test_pictures_and_alt_texts_every_language():
    table = live()
    v = COLOURIST.view(table.state, None)
    names = table.table.names()
    for lang in ("en", "it", "ja", "fr", "es", "pl", "de"):
        words = labels(lang)
        text = W.shown(COLOURIST.words, v.words, lang)
        for picture in (
            P.track_picture(v, names, words),
            P.card_picture(v, text, names, words, W.shown(COLOURIST.words, v.words, "en")),
        ):
            assert 0 < len(picture.alt) <= 1024
            assert Image.open(io.BytesIO(picture.png)).width == P.WIDTH
        assert text in P.card_alt(v, text, names, words)


def test_the_nine_colours_have_nine_shapes():
    shapes = [P.TILE_STYLE[c].shape for c in CARDS]
    assert len(set(shapes)) == len(CARDS)
    assert set(LABELS_EN) >= set(CARDS)
