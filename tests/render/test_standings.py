"""A tournament's standings as a picture (render/standings.py): in every language, with the
bot's own words (`bot.model.tournament_picture`) and names as long as Discord allows, for 2 to
40 players: no taller than wide, every line readable where Discord shows it (550 px wide), no
word cut but a name, the same size for a tournament from its first round to its end, every
player drawn up to 32 (then the rest counted), and an alt text within Discord's 1,024
characters listing the players in order."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import bot.games  # noqa: F401  (the games registered: their names in the titles)
from bot.model.tournament_picture import standings_drawn
from bot.model.tournament_state import Game, Round, Tournament
from bot.texts.i18n import languages
from render import kit
from render.standings import MOST_ROWS, standings_picture

from .readable import Seen, drawn_while, problems
from .standings_cases import ENGLISH, LONG_NAMES, rows

COUNTS = (2, 8, 12, 13, 32, 40)


def tournament(count: int, stage: str = "playing", lang: str = "en") -> Tournament:
    """A Swiss tournament of `count` players after two rounds at tables of four, one of
    them dropped."""
    players = list(range(1, count + 1))
    names = {p: f"{LONG_NAMES[(p - 1) % len(LONG_NAMES)]} {p}"[:32] for p in players}
    held = Tournament(
        id=12, guild_id=1, channel_id=2, host_id=3, game="coloretto", mode="standard",
        rounds=3, timer=120, seats=4, smallest=3, locale=lang, stage=stage,
        players=players, names=names, dropped=players[-2:-1],
    )  # fmt: skip
    for round_no in (1, 2):
        tables = [players[k : k + 4] for k in range(0, count, 4)]
        held.seated.append(Round(tables=tables))
        for k, table in enumerate(tables):
            turn = round_no + k
            places = [1 + (j + turn) % len(table) for j in range(len(table))]
            held.games.append(Game(round_no=round_no, table_no=k, seats=table, places=places))
    return held


def seen(count: int, stage: str, lang: str) -> tuple[Seen, str, list[kit.Cut]]:
    """The standings drawn: the picture with every line on it, its alt text, its cuts."""
    rows_, words = standings_drawn(tournament(count, stage, lang), lang)
    with kit.recording_cuts() as cuts:
        picture, texts = drawn_while(lambda: standings_picture(rows_, words))
    return Seen(f"{count}-{stage}-{lang}", picture.png, texts), picture.alt, list(cuts)


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("count", COUNTS)
def test_the_standings_read_at_550_px_and_cut_no_word(count, lang):
    pictures = []
    for stage in ("playing", "ended"):
        picture, alt, cuts = seen(count, stage, lang)
        assert cuts == [], [f"{c.text!r} drawn {c.shown!r}" for c in cuts]
        assert 0 < len(alt) <= 1024
        pictures.append(picture)
    assert problems(pictures) == []  # one size from the first round to the end


def test_every_player_is_drawn_up_to_32_then_the_rest_are_counted():
    with kit.recording_texts() as texts:
        standings_picture(rows(MOST_ROWS), ENGLISH)
    drawn = [t.text for t in texts]
    assert "32." in drawn
    assert not any(t.startswith("+") for t in drawn)
    with kit.recording_texts() as texts:
        standings_picture(rows(40), ENGLISH)
    drawn = [t.text for t in texts]
    assert "31." in drawn
    assert "32." not in drawn
    assert "+9" in drawn  # the 32nd to the 40th


@pytest.mark.parametrize(("count", "size"), [(8, (800, 438)), (12, (800, 598)), (32, (1100, 758))])
def test_one_column_up_to_twelve_players_then_two(count, size):
    png = standings_picture(rows(count), ENGLISH).png
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == size


def test_the_alt_text_lists_the_players_in_order_and_gives_way_at_1024_characters():
    held = tournament(8, "ended")
    drawn, words = standings_drawn(held, "de")
    assert words.alt.startswith("Turnier #12 · Coloretto · Standard — Endstand: 1. ")
    listed = [
        row.split(": ")[0].split(". ", 1)[1] for row in words.alt.split(": ", 1)[1].split("; ")
    ]
    assert listed == [f"{r.name} (gestrichen)" if r.dropped else r.name for r in drawn]
    assert sum(r.dropped for r in drawn) == 1
    many = standings_drawn(tournament(40), "en")[1].alt
    assert len(many) <= 1024
    assert many.endswith("; …")
