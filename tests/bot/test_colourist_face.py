"""Colourist's face and pictures without Discord: controls, AI jobs, refusals, alt texts."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from bot.games.colourist.face import ColouristFace
from bot.games.colourist.words import labels, results_text
from bot.model.table import LiveTable, Seat, Table, TableSettings
from bot.tables import workers
from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.game import CARDS, COLOURS, Choose, Keep
from render.colourist import pictures as P
from render.colourist.labels import LABELS_EN
from render.colourist.parts import card_style
from tests.colourist.helpers import hand_built

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
        picture = P.turn_picture(v, text, names, words, W.shown(COLOURIST.words, v.words, "en"))
        assert 0 < len(picture.alt) <= 1024
        assert Image.open(io.BytesIO(picture.png)).size == (P.WIDTH, P.HEIGHT)
        assert text in picture.alt


def test_the_nine_colours_have_nine_shapes():
    shapes = [card_style(c).shape for c in CARDS]
    assert len(set(shapes)) == len(CARDS)
    assert set(LABELS_EN) >= set(CARDS)


def test_a_double_field_posts_no_picture_twice(monkeypatch):
    """The turn of a phrase being kept and the turn of the phrase kept each post their
    picture, the track drawn once with each: none of them byte-identical to another (the
    track alone was posted twice, the same bytes)."""
    monkeypatch.setattr(workers.PICTURES, "size", 0)  # drawn here, not in a pool
    state = hand_built(
        seats=SEATS,
        positions={"s1": 5, "s2": 3, "s3": 4},
        first="s1",
        length="short",
        phase="picking",
        drawn=["n001", "n002", "a001", "a002"],
    )
    table = a_table()
    picking = FACE.table_post(LiveTable(table, state), "en")
    kept = FACE.apply(state, "s1", Keep(0, 1))
    assert kept.new_turn
    choosing = FACE.table_post(LiveTable(table, kept.after), "en")
    posted = [p.png for p in (*picking.pictures, *choosing.pictures)]
    assert len(posted) == 2
    assert len(set(posted)) == len(posted)


def test_the_results_say_the_winners_and_places_in_the_shared_words():
    state = hand_built(
        seats=SEATS, first="s1", positions={"s1": 10, "s2": 7, "s3": 10}, length="short"
    )
    v = COLOURIST.view(state, None)
    v = replace(v, phase="over", winners=("s1", "s3"))
    names = {"s1": "Ana", "s2": "Ben", "s3": "Cai"}
    assert results_text(v, names, "en") == (
        "🏁 Shared win: **Ana**, **Cai**\n1st Ana 10/10 · 1st Cai 10/10 · 3rd Ben 7/10"
    )
    said = results_text(v, names, "ja")
    assert said.startswith("🏁 同点優勝：**Ana**、**Cai**\n1位 Ana")  # noqa: RUF001
    assert "on the finish" not in results_text(v, names, "en")
