"""Ratings without a database: how a finished game's seats are placed (each game's rule, ties,
people who left, partners, AI levels), what openskill makes of the places, and how a change
reads."""

from __future__ import annotations

import re

import pytest
from openskill.models import PlackettLuce

import bot.games  # noqa: F401  (every game registers its rating rule)
from bot.model.posts import Post
from bot.model.table import Seat
from bot.posting import composer
from bot.ratings import rules as ratings
from bot.ratings.rows import Change
from bot.ratings.rules import Entry, Rating, entries, rate, rated_seats, signed
from bot.ratings.texts import changes_line, player_name, rating_text, results_line
from bot.texts.i18n import t
from engine.protocol import Outcome, SeatOutcome
from tests.factories import a_table, people

MODEL = PlackettLuce()


def seats_of(*names: str, ai: int = 0) -> list[Seat]:
    return people(*names) + [Seat(id=f"ai-{n}", name=f"Robo {n}", ai=True) for n in range(ai)]


def outcome(mode: str, *results: tuple[str, bool, int]) -> Outcome:
    return Outcome(mode, tuple(SeatOutcome(seat, won, score) for seat, won, score in results))


def places(found: list[Entry]) -> dict[str, int]:
    return {e.player: e.place for e in found}


# --- Places ---------------------------------------------------------------------------------


def test_winners_first_then_the_higher_score_and_a_shared_result_shares_its_place():
    table = a_table("coloretto", seats=seats_of("ana", "ben", "cleo", "dan"))
    game = outcome("normal", ("1", False, 20), ("2", True, 18), ("3", False, 20), ("4", False, 9))
    assert places(rated_seats(table, game)) == {"2": 1, "1": 2, "3": 2, "4": 4}


def test_a_shared_win_is_a_shared_first_place():
    table = a_table("colourist", seats=seats_of("ana", "ben", "cleo"))
    game = outcome("colourist", ("1", True, 30), ("2", True, 30), ("3", False, 31))
    assert places(rated_seats(table, game)) == {"1": 1, "2": 1, "3": 3}


def test_pop_competitive_ranks_the_lower_total_first_and_trick_the_higher():
    table = a_table("pop", seats=seats_of("ana", "ben", "cleo"))
    results = (("1", True, 5), ("2", False, 9), ("3", False, 12))
    assert places(rated_seats(table, outcome("competitive", *results))) == {"1": 1, "2": 2, "3": 3}
    trick = (("1", True, 12), ("2", False, 5), ("3", False, 9))
    assert places(rated_seats(table, outcome("trick", *trick))) == {"1": 1, "3": 2, "2": 3}


@pytest.mark.parametrize(("game", "mode"), [("pop", "coop"), ("pop", "solo"), ("pop", "enigma")])
def test_pop_cooperative_solo_and_enigma_games_are_not_rated(game, mode):
    table = a_table(game, seats=seats_of("ana", "ben", "cleo"))
    assert rated_seats(table, outcome(mode, ("1", True, 0), ("2", True, 0), ("3", True, 0))) == []


def test_colorpop_partners_are_one_side_and_solo_is_not_rated():
    table = a_table("colorpop", seats=seats_of("ana", "ben", "cleo", ai=1))
    game = outcome("teams", ("1", False, 40), ("2", True, 55), ("3", False, 40), ("ai-0", True, 55))
    found = {e.seat: e for e in rated_seats(table, game)}
    assert found["2"].side == found["ai-0"].side != found["1"].side == found["3"].side
    assert (found["2"].place, found["1"].place) == (1, 2)
    assert found["ai-0"].player == "ai:normal"
    solo = a_table("colorpop", seats=seats_of("ana"))
    assert rated_seats(solo, outcome("solo", ("1", True, 20))) == []


def test_a_seat_whose_person_left_is_last_below_everyone_who_played_on():
    seats = seats_of("ana", "ben", "cleo", "dan")
    seats[0].ai = True  # Ana left: the AI played her seat, and won it
    seats[2].ai = True  # so did Cleo's
    table = a_table("coloretto", seats=seats)
    game = outcome("normal", ("1", True, 40), ("2", False, 20), ("3", False, 30), ("4", False, 10))
    found = {e.player: e for e in rated_seats(table, game)}
    assert {p: e.place for p, e in found.items()} == {"2": 1, "4": 2, "1": 3, "3": 3}
    assert found["1"].left
    assert found["3"].left
    assert not found["2"].left


def test_a_partner_who_left_is_placed_alone_and_the_other_keeps_the_sides_place():
    seats = seats_of("ana", "ben", "cleo", "dan")
    seats[1].ai = True
    table = a_table("colorpop", seats=seats)
    game = outcome("teams", ("1", True, 50), ("2", False, 30), ("3", True, 50), ("4", False, 30))
    found = {e.seat: e for e in rated_seats(table, game)}
    assert (found["1"].place, found["4"].place, found["2"].place) == (1, 2, 3)
    assert found["2"].side not in (found["4"].side, found["1"].side)


def test_ai_seats_are_their_levels_and_a_game_with_one_player_is_not_rated():
    table = a_table("coloretto", seats=seats_of("ana", ai=2))
    table.settings.ai_level = "hard"
    game = outcome("normal", ("1", False, 5), ("ai-0", True, 9), ("ai-1", False, 7))
    assert places(rated_seats(table, game)) == {"1": 3, "ai:hard": 2}  # ai-1's place: the last
    only_ai = a_table("coloretto", seats=seats_of(ai=2))
    assert rated_seats(only_ai, outcome("normal", ("ai-0", True, 9), ("ai-1", False, 7))) == []


def test_a_game_without_its_rule_is_not_rated():
    table = a_table("no-such-game", seats=seats_of("ana", "ben"))
    assert rated_seats(table, outcome("m", ("1", True, 1), ("2", False, 0))) == []


# --- Ratings -------------------------------------------------------------------------------


def test_the_ratings_are_openskills_for_the_places():
    game = [Entry("1", "1", 0, 1), Entry("2", "2", 1, 2), Entry("3", "3", 2, 2)]
    before = {"1": Rating(30.0, 5.0, 12)}
    after = rate(before, game)
    a, b, c = MODEL.rating(mu=30.0, sigma=5.0), MODEL.rating(), MODEL.rating()
    [[a2], [b2], [c2]] = MODEL.rate([[a], [b], [c]], ranks=[1, 2, 2])
    assert after == {
        "1": Rating(a2.mu, a2.sigma, 13),
        "2": Rating(b2.mu, b2.sigma, 1),
        "3": Rating(c2.mu, c2.sigma, 1),
    }


def test_partners_are_one_openskill_team():
    game = [Entry("a", "1", 0, 1), Entry("b", "2", 0, 1), Entry("c", "3", 1, 2)]
    after = rate({}, game)
    [[a, b], [c]] = MODEL.rate([[MODEL.rating(), MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
    assert (after["1"].mu, after["2"].mu, after["3"].mu) == (a.mu, b.mu, c.mu)


def test_one_ai_level_on_two_seats_moves_by_both_and_counts_one_game():
    game = [Entry("1", "1", 0, 1), Entry("ai-0", "ai:easy", 1, 2), Entry("ai-1", "ai:easy", 2, 3)]
    after = rate({}, game)
    [[_], [x], [y]] = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 2, 3])
    assert after["ai:easy"].mu == pytest.approx(25.0 + (x.mu - 25.0) + (y.mu - 25.0))
    assert after["ai:easy"].sigma == min(x.sigma, y.sigma)
    assert after["ai:easy"].games == 1


def test_the_shown_rating_is_1500_plus_60_times_the_ordinal():
    assert Rating().shown == 1500
    rating = Rating(30.0, 5.0)
    assert rating.ordinal == pytest.approx(MODEL.rating(mu=30.0, sigma=5.0).ordinal())
    assert rating.shown == round(1500 + 60 * (30.0 - 3 * 5.0))


def test_a_rating_is_provisional_until_the_tenth_game():
    assert Rating(games=9).provisional
    assert not Rating(games=10).provisional
    assert rating_text(Rating(games=9), "en") == "1500 *provisional*"
    assert rating_text(Rating(games=10), "en") == "1500"
    assert rating_text(Rating(games=3), "ja") == "1500（*暫定*）"


def test_a_change_reads_with_its_sign_and_a_real_minus():
    assert [signed(n) for n in (31, -12, 0)] == ["+31", "\u221212", "±0"]


# --- Words ---------------------------------------------------------------------------------


def changes(table_seats: list[Seat]) -> list[Change]:
    # a first game of two newcomers, as openskill rates it
    new, up, down = Rating(), Rating(27.635389493140497, 8.0659014), Rating(22.3646105, 8.0659014)
    return [
        Change(table_seats[1].id, "2", 2, False, new, down),
        Change(table_seats[0].id, "1", 1, False, new, up),
        Change(table_seats[2].id, "ai:hard", 3, True, new, down),
    ]


def test_the_results_line_names_every_seat_in_seat_order_with_its_change():
    table = a_table("coloretto", seats=seats_of("ana", "ben", ai=1))
    line = changes_line(table, changes(table.seats), "en")
    assert (
        line == "📈 Ratings: Ana 1706 (+206) · Ben 1390 (\u2212110) · Robo 0 1390 (\u2212110, left)"
    )
    ja = changes_line(table, changes(table.seats), "ja")
    assert ja.startswith("📈 レーティング\uff1aAna 1706（+206）")  # full-width


async def test_the_results_post_gets_the_changes():
    table = a_table("coloretto", id=4, seats=seats_of("ana", "ben", ai=1))
    asked = []

    class Store:
        async def rating_changes(self, table_id, game_no):
            asked.append((table_id, game_no))
            return changes(table.seats)

    line = await results_line(Store(), table, 2, "en")
    assert asked == [(4, 2)]
    step, final = Post("a step", step=True), Post("🏆 Ana wins", results=True)
    shown = composer.finished([step, final], composer.Ending("Rematch", rating=line))
    assert shown[0] == step
    assert shown[1].content.startswith("🏆 Ana wins\n📈 Ratings: Ana 1706 (+206)")


async def test_an_unrated_game_has_no_changes_line():
    class Store:
        async def rating_changes(self, _table_id, _game_no):
            return []

    assert await results_line(Store(), a_table("coloretto"), 1, "en") is None


def test_players_are_named_by_mention_or_by_ai_level():
    assert player_name("42", "en") == "<@42>"
    assert player_name("ai:hard", "en") == "🤖 AI (hard)"
    assert player_name("ai:easy", "de") == "🤖 KI (" + t("choice.ai_level.easy", "de") + ")"
    assert ratings.ai_player("normal") == "ai:normal"


def test_entries_take_the_seats_said_gone():
    table = a_table("coloretto", seats=seats_of("ana", "ben", "cleo"))
    game = outcome("normal", ("1", True, 9), ("2", False, 5), ("3", False, 1))
    rule = ratings.RULES["coloretto"]
    assert places(entries(table, game, rule, gone={"1"})) == {"2": 1, "3": 2, "1": 3}


def test_a_seat_whose_person_was_gone_before_the_deal_is_left_out():
    """A rematch after Ben left: the AI played his seat all game, which is not his to lose."""
    seats = seats_of("ana", "ben", "cleo")
    seats[1].ai, seats[1].away_at_deal = True, True
    table = a_table("coloretto", seats=seats)
    game = outcome("normal", ("1", False, 9), ("2", True, 30), ("3", False, 5))
    assert places(rated_seats(table, game)) == {"1": 1, "3": 2}


async def test_history_fits_one_message_and_names_a_game_no_longer_hosted_by_its_key():
    from types import SimpleNamespace

    from bot.commands.records import history_text
    from bot.ratings.rows import Played

    long_names = [Seat(id=str(n), user_id=n, name=f"{'N' * 30}{n}") for n in range(1, 7)]
    table = a_table("coloretto", id=3, seats=long_names)
    change = changes(long_names[:3])[0]
    games = [
        Played("coloretto", table, n, "2026-05-01T10:00:00+00:00", True, change, 10**18, 10**18)
        for n in range(10, 0, -1)
    ] + [Played("gone-game", table, 0, "2026-04-01T10:00:00", False, None, None, None)]

    class Store:
        found = games

        async def history(self, *asked):  # (guild, user, game, how many)
            return self.found[: asked[-1]]

    store, who = Store(), SimpleNamespace(id=1, display_name="Ana")
    text = await history_text(store, 5, who, None, "en")
    assert len(text) <= 2000
    assert 1 < len(text.splitlines()) < 11  # the newest games that fit
    assert text.splitlines()[1].startswith("<t:1777629600:d> · **Coloretto** · ")
    store.found = games[-1:]
    old = await history_text(store, 5, who, None, "en")
    assert "**gone-game**" in old
    assert " · not won · not rated" in old
    assert "[results]" not in old


# Words a player does not read as a number's meaning: "conservative rating" and its old
# translations.
JARGON = ("conservative", "prudente", "vorsichtige Wertung", "ostrożna ocena", "保守的")


@pytest.mark.parametrize("lang", ["en", "it", "ja", "fr", "es", "pl", "de"])
@pytest.mark.parametrize("game", ["pop", None])
async def test_the_leaderboard_says_what_a_rating_means_once_in_small_text(lang, game):
    from bot.commands.records import leaderboard_text

    class Store:
        async def rating_board(self, *_asked):
            return [
                ("1", Rating(mu=30.0, sigma=5.0, games=3)),
                ("ai:hard", Rating(mu=20.0, sigma=2.0, games=12)),
            ]

        async def rated_games(self, _guild):
            return ["pop"]

    text = await leaderboard_text(Store(), {"pop": None}, 5, game, lang)
    lines = text.splitlines()
    assert lines[1] == "-# " + t("leaderboard.rating", lang)  # right under the title
    assert "1500" in lines[1]  # the number a newcomer has: what the scale is measured from
    (provisional,) = re.findall(r"\*([^*]+)\*", t("rating.provisional", lang, rating="").lower())
    assert provisional in lines[1].lower()  # the mark the rows use, explained
    assert sum("1500" in line for line in lines) == 1
    assert not [word for word in JARGON if word in text]
