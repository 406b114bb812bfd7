"""/history lists the tournaments a person played in the server below their last games
(issue 36): their final place as the standings message gives it, out of how many, a link to
that message, in every language; the games give way to the tournaments within Discord's 2,000
characters."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

import bot.games  # noqa: F401  (the games registered: their names)
from bot.commands.record_texts import HISTORY_TOURNAMENTS, history_text
from bot.model.layout import MAX_PLAIN
from bot.model.table import Seat
from bot.model.tournament_state import Game, Round, Tournament
from bot.ratings.reads import Played
from bot.texts.i18n import languages
from tests.factories import a_table


def ended(number: int, message_id: int | None = 900) -> Tournament:
    """A Swiss tournament of four at one table, one round: 1 won, 2 and 3 tied, 4 last."""
    return Tournament(
        id=number, guild_id=5, channel_id=77, host_id=1, game="coloretto", mode="standard",
        rounds=1, timer=120, seats=4, smallest=3, stage="ended", players=[1, 2, 3, 4],
        seated=[Round(tables=[[1, 2, 3, 4]])], message_id=message_id,
        games=[Game(round_no=1, table_no=0, seats=[1, 2, 3, 4], places=[1, 2, 2, 4])],
    )  # fmt: skip


class Store:
    def __init__(self, games, tournaments):
        self.games, self.tournaments = games, tournaments

    async def history(self, *asked):  # (guild, user, game, how many)
        return self.games[: asked[-1]]

    async def tournaments_played(self, _guild_id, user_id, _game=None):
        return [t for t in self.tournaments if user_id in t.players]


@pytest.mark.parametrize("lang", languages())
async def test_a_tournament_shows_the_final_place_of_how_many_and_its_standings(lang):
    who = SimpleNamespace(id=3, display_name="Cleo")
    text = await history_text(Store([], [ended(4)]), 5, who, None, lang)
    assert text is not None
    row = text.splitlines()[-1]
    said, link = row.split("](")
    assert sorted(re.findall(r"\d+", said)) == ["2", "4", "4"]  # #4: 2nd (shared) of 4
    assert link == "https://discord.com/channels/5/77/900)"
    stranger = SimpleNamespace(id=9, display_name="X")
    assert await history_text(Store([], [ended(4)]), 5, stranger, None, lang) is None


async def test_the_places_follow_the_standings_and_a_message_never_posted_has_no_link():
    rows = []
    for user in (1, 2, 4):
        who = SimpleNamespace(id=user, display_name=f"P{user}")
        rows.append(await history_text(Store([], [ended(4, None)]), 5, who, None, "en"))
    assert [r.splitlines()[-1] for r in rows] == [
        "🏆 **Tournament #4** · Coloretto · place 1 of 4",
        "🏆 **Tournament #4** · Coloretto · place 2 of 4",
        "🏆 **Tournament #4** · Coloretto · place 4 of 4",
    ]
    assert rows[0].splitlines()[-2] == "**Tournaments**"


async def test_long_games_give_way_to_the_tournaments_within_2000_characters():
    long_names = [Seat(id=str(n), user_id=n, name=f"{'W' * 30}{n}") for n in range(1, 7)]
    table = a_table("coloretto", id=3, seats=long_names)
    games = [
        Played("coloretto", table, n, "2026-05-01T10:00:00+00:00", True, None, 10**18, 10**18)
        for n in range(10, 0, -1)
    ]
    who = SimpleNamespace(id=1, display_name="Ana")
    tournaments = [ended(n, 10**18) for n in range(9, 0, -1)]
    text = await history_text(Store(games, tournaments), 10**18, who, None, "de")
    assert len(text) <= MAX_PLAIN
    lines = text.splitlines()
    listed = lines[lines.index("**Turniere**") + 1 :]
    assert len(listed) == HISTORY_TOURNAMENTS
    assert listed[0].startswith("🏆 **Turnier #9** · Coloretto · Platz 1 von 4 · [Rangliste](")
    assert 1 < lines.index("**Turniere**") < 11  # the newest games that fit, above
