"""Ratings without a database: how a finished game's seats are placed (each game's rule and pool,
ties, people who left, partners, AI levels once a game), what openskill makes of the places (a
loss never raises the number shown, a win never lowers it), time away, and how a change
reads."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

import bot.games  # noqa: F401  (every game registers its rating rule)
from bot.model.posts import Post
from bot.model.table import Seat
from bot.posting import composer
from bot.ratings import rules as ratings
from bot.ratings.reads import Board, board_of
from bot.ratings.rows import Change
from bot.ratings.rules import Placed, entries, rated_seats, signed
from bot.ratings.skill import Entry, Rating, aged, rate
from bot.ratings.texts import changes_line, player_name, rating_text, results_line
from bot.texts.i18n import t
from engine.protocol import Outcome, SeatOutcome
from tests.factories import a_table, people

MODEL = PlackettLuce()


def seats_of(*names: str, ai: int = 0) -> list[Seat]:
    return people(*names) + [Seat(id=f"ai-{n}", name=f"Robo {n}", ai=True) for n in range(ai)]


def outcome(mode: str, *results: tuple[str, bool, int]) -> Outcome:
    return Outcome(mode, tuple(SeatOutcome(seat, won, score) for seat, won, score in results))


def places(found: Placed | None) -> dict[str, int]:
    assert found is not None
    return {e.player: e.place for e in found.seats}


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
    competitive = rated_seats(table, outcome("competitive", *results))
    assert places(competitive) == {"1": 1, "2": 2, "3": 3}
    trick = rated_seats(
        table, outcome("trick", *(("1", True, 12), ("2", False, 5), ("3", False, 9)))
    )
    assert places(trick) == {"1": 1, "3": 2, "2": 3}
    assert (competitive.pool, trick.pool) == ("competitive", "trick")  # opposite goals: apart


@pytest.mark.parametrize(("game", "mode"), [("pop", "coop"), ("pop", "solo"), ("pop", "enigma")])
def test_pop_cooperative_solo_and_enigma_games_are_not_rated(game, mode):
    table = a_table(game, seats=seats_of("ana", "ben", "cleo"))
    assert rated_seats(table, outcome(mode, ("1", True, 0), ("2", True, 0), ("3", True, 0))) is None


def test_colorpop_partners_are_one_side_and_solo_is_not_rated():
    table = a_table("colorpop", seats=seats_of("ana", "ben", "cleo", ai=1))
    game = outcome("teams", ("1", False, 40), ("2", True, 55), ("3", False, 40), ("ai-0", True, 55))
    rated = rated_seats(table, game)
    found = {e.seat: e for e in rated.seats}
    assert found["2"].side == found["ai-0"].side != found["1"].side == found["3"].side
    assert (found["2"].place, found["1"].place) == (1, 2)
    assert found["ai-0"].player == "ai:normal@1"
    assert rated.pool == "teams"
    duel = a_table("colorpop", seats=seats_of("ana", "ben"))
    assert rated_seats(duel, outcome("duel", ("1", True, 9), ("2", False, 5))).pool == "duel"
    solo = a_table("colorpop", seats=seats_of("ana"))
    assert rated_seats(solo, outcome("solo", ("1", True, 20))) is None


def test_a_seat_whose_person_left_is_last_below_everyone_who_played_on():
    seats = seats_of("ana", "ben", "cleo", "dan")
    seats[0].ai = True  # Ana left: the AI played her seat, and won it
    seats[2].ai = True  # so did Cleo's
    table = a_table("coloretto", seats=seats)
    game = outcome("normal", ("1", True, 40), ("2", False, 20), ("3", False, 30), ("4", False, 10))
    found = {e.player: e for e in rated_seats(table, game).seats}
    assert {p: e.place for p, e in found.items()} == {"2": 1, "4": 2, "1": 3, "3": 3}
    assert found["1"].left
    assert found["3"].left
    assert not found["2"].left


def test_a_partner_who_left_is_placed_alone_and_the_other_keeps_the_sides_place():
    seats = seats_of("ana", "ben", "cleo", "dan")
    seats[1].ai = True
    table = a_table("colorpop", seats=seats)
    game = outcome("teams", ("1", True, 50), ("2", False, 30), ("3", True, 50), ("4", False, 30))
    found = {e.seat: e for e in rated_seats(table, game).seats}
    assert (found["1"].place, found["4"].place, found["2"].place) == (1, 2, 3)
    assert found["2"].side not in (found["4"].side, found["1"].side)


def test_an_ai_level_on_two_seats_is_rated_once_from_its_best_and_never_against_itself():
    """Ana third behind two hard AI chairs: the game is Ana against the AI's best seat; the
    AI's other seat (second) is left out, so the AI beating itself moves nothing."""
    table = a_table("coloretto", seats=seats_of("ana", ai=2))
    table.settings.ai_level = "hard"
    game = outcome("normal", ("1", False, 5), ("ai-0", True, 9), ("ai-1", False, 7))
    rated = rated_seats(table, game)
    assert [(e.seat, e.player, e.place) for e in rated.seats] == [
        ("ai-0", "ai:hard@1", 1),
        ("1", "1", 3),
    ]
    after = rate({}, rated.seats)
    [[ai], [ana]] = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 3])
    assert after == {"ai:hard@1": Rating(ai.mu, ai.sigma, 1), "1": Rating(ana.mu, ana.sigma, 1)}
    only_ai = a_table("coloretto", seats=seats_of(ai=2))
    assert rated_seats(only_ai, outcome("normal", ("ai-0", True, 9), ("ai-1", False, 7))) is None


def test_an_ai_level_on_both_teams_moves_once_and_its_other_seat_keeps_its_partners_side_whole():
    table = a_table("colorpop", seats=seats_of("ana", "ben", ai=2))  # Ana + AI against Ben + AI
    game = outcome(
        "teams", ("1", False, 40), ("2", True, 55), ("ai-0", False, 40), ("ai-1", True, 55)
    )
    rated = rated_seats(table, game)
    found = {e.seat: e for e in rated.seats}
    assert (found["ai-1"].counted, found["ai-0"].counted) == (True, False)  # its best: Ben's side
    after = rate({}, rated.seats)
    [[ana, _], [ben, ai]] = MODEL.rate(
        [[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[2, 1]
    )
    assert after == {
        "1": Rating(ana.mu, ana.sigma, 1),
        "2": Rating(ben.mu, ben.sigma, 1),
        "ai:normal@1": Rating(ai.mu, ai.sigma, 1),
    }


def test_an_ai_level_is_named_by_its_games_ai_version():
    table = a_table("coloretto", seats=seats_of("ana", ai=1))
    table.settings.ai_level = "easy"
    game = outcome("normal", ("1", True, 9), ("ai-0", False, 5))
    old = ratings.AI_VERSIONS["coloretto"]
    try:
        ratings.AI_VERSIONS["coloretto"] = 2  # a stronger AI: a rating of its own
        assert places(rated_seats(table, game)) == {"1": 1, "ai:easy@2": 2}
    finally:
        ratings.AI_VERSIONS["coloretto"] = old


def test_a_game_without_its_rule_is_not_rated():
    table = a_table("no-such-game", seats=seats_of("ana", "ben"))
    assert rated_seats(table, outcome("m", ("1", True, 1), ("2", False, 0))) is None


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


def test_one_player_on_two_seats_of_one_side_moves_once():
    game = [
        Entry("1", "1", 0, 2),
        Entry("ai-0", "ai:easy@1", 1, 1),
        Entry("ai-1", "ai:easy@1", 1, 1),
    ]
    after = rate({}, game)
    [[_], [x, _]] = MODEL.rate([[MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[2, 1])
    assert after["ai:easy@1"] == Rating(x.mu, x.sigma, 1)


def test_the_number_shown_is_1500_plus_30_a_unit_of_mu():
    assert Rating().shown == 1500
    assert Rating(30.0, 5.0).shown == 1650
    assert Rating(30.0, 1.0).shown == 1650  # the uncertainty does not move it
    assert Rating(30.0, 5.0).ordinal == pytest.approx(MODEL.rating(mu=30.0, sigma=5.0).ordinal())


def test_two_equal_players_who_alternate_wins_stay_near_1500():
    """The issue's case: alternating wins climbed 1500 -> 2689 in 200 games as sigma shrank."""
    ana, ben = Rating(), Rating()
    for n in range(200):
        first, second = ("a", "b") if n % 2 == 0 else ("b", "a")
        after = rate({"a": ana, "b": ben}, [Entry("1", first, 0, 1), Entry("2", second, 1, 2)])
        ana, ben = after["a"], after["b"]
    assert abs(ana.shown - 1500) < 60
    assert abs(ben.shown - 1500) < 60


def test_a_rating_is_provisional_until_ten_games_and_a_settled_sigma():
    assert Rating(sigma=6.5, games=9).provisional
    assert not Rating(sigma=6.5, games=10).provisional
    assert Rating(sigma=7.5, games=40).provisional  # long away: uncertain again
    assert rating_text(Rating(sigma=6.5, games=9), "en") == "1500?"
    assert rating_text(Rating(sigma=6.5, games=10), "en") == "1500"
    assert rating_text(Rating(games=3), "ja") == "1500？"  # full-width, as Japanese writes it


def test_time_away_grows_sigma_by_a_tau_a_day_up_to_a_newcomers():
    settled = Rating(27.0, 4.0, 40)
    assert aged(settled, 0) == settled
    assert aged(settled, 30) == Rating(27.0, math.sqrt(16 + 30 * 0.25), 40)
    assert not aged(settled, 120).provisional
    assert aged(settled, 140).provisional  # some four months away: provisional again
    assert aged(settled, 10_000) == Rating(27.0, 25 / 3, 40)


def test_a_leaderboard_ranks_the_settled_and_lists_the_provisional_apart():
    board = board_of(
        [
            ("new", Rating(40.0, 7.5, 3)),
            ("b", Rating(27.0, 5.0, 20)),
            ("a", Rating(29.0, 6.0, 12)),
            ("away", Rating(35.0, 7.2, 90)),
        ]
    )
    assert board == Board(
        [("a", Rating(29.0, 6.0, 12)), ("b", Rating(27.0, 5.0, 20))],
        [("new", Rating(40.0, 7.5, 3)), ("away", Rating(35.0, 7.2, 90))],
    )


def test_openskill_alone_can_lower_a_tied_winner_and_the_number_shown_does_not():
    """openskill moves the stronger of two players sharing a win down (it expected better):
    a win never lowers the number shown, so its mu is held."""
    strong, weak = Rating(35.0, 4.0, 30), Rating(20.0, 4.0, 30)
    game = [Entry("1", "s", 0, 1), Entry("2", "w", 1, 1), Entry("3", "x", 2, 3)]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in (strong, weak, Rating())]
    [[s], _, _] = MODEL.rate(teams, ranks=[1, 1, 3])
    assert s.mu < strong.mu  # what openskill alone does
    after = rate({"s": strong, "w": weak}, game)
    assert after["s"].mu == strong.mu
    assert after["s"].sigma == s.sigma


@st.composite
def a_rated_game(draw) -> tuple[dict[str, Rating], list[Entry]]:
    """A game of 2-5 sides (ties often, partners sometimes) between players of any rating."""
    sides = draw(st.integers(2, 5))
    ratings = {}
    game = []
    places = sorted(draw(st.lists(st.integers(1, sides), min_size=sides, max_size=sides)))
    for side in range(sides):
        for member in range(draw(st.integers(1, 2))):
            player = f"p{side}-{member}"
            ratings[player] = Rating(
                draw(st.floats(5.0, 45.0)), draw(st.floats(0.5, 25 / 3)), draw(st.integers(0, 50))
            )
            game.append(Entry(player, player, side, places[side]))
    return ratings, game


@settings(max_examples=400, deadline=None)
@given(a_rated_game())
def test_a_loss_never_raises_the_number_shown_and_a_win_never_lowers_it(played):
    before, game = played
    after = rate(before, game)
    best, worst = min(e.place for e in game), max(e.place for e in game)
    for e in game:
        moved = after[e.player].shown - before[e.player].shown
        if e.place == best < worst:  # first, someone below: a win
            assert moved >= 0
        if e.place == worst > best:  # last, someone above: a loss
            assert moved <= 0
        assert after[e.player].games == before[e.player].games + 1


def test_a_fixed_sequence_rated_by_the_bot_is_openskills():
    """Ten games of four players (no shared place: openskill's own moves stand), rated by the
    bot one after another and by openskill directly: the same numbers."""
    orders = ["abcd", "badc", "cabd", "dcba", "abdc", "bcad", "acbd", "dabc", "cdab", "abcd"]
    bot: dict[str, Rating] = {}
    direct = {p: MODEL.rating() for p in "abcd"}
    for order in orders:
        game = [Entry(p, p, order.index(p), order.index(p) + 1) for p in "abcd"]
        bot |= rate(bot, game)
        teams = [[direct[p]] for p in "abcd"]
        rated = MODEL.rate(teams, ranks=[order.index(p) + 1 for p in "abcd"])
        direct = {p: team[0] for p, team in zip("abcd", rated, strict=True)}
    assert bot == {p: Rating(direct[p].mu, direct[p].sigma, 10) for p in "abcd"}


def test_a_change_reads_with_its_sign_and_a_real_minus():
    assert [signed(n) for n in (31, -12, 0)] == ["+31", "\u221212", "±0"]


# --- Words ---------------------------------------------------------------------------------


def changes(table_seats: list[Seat]) -> list[Change]:
    # a first game of two newcomers, as openskill rates it
    new, up, down = Rating(), Rating(27.635389493140497, 8.0659014), Rating(22.3646105, 8.0659014)
    return [
        Change(table_seats[1].id, "2", 2, False, new, down),
        Change(table_seats[0].id, "1", 1, False, new, up),
        Change(table_seats[2].id, "ai:hard@1", 3, True, new, down),
    ]


def test_the_results_line_names_every_seat_in_seat_order_with_its_change():
    table = a_table("coloretto", seats=seats_of("ana", "ben", ai=1))
    line = changes_line(table, changes(table.seats), "en")
    assert line == "📈 Ratings: Ana 1579 (+79) · Ben 1421 (\u221279) · Robo 0 1421 (\u221279, left)"
    ja = changes_line(table, changes(table.seats), "ja")
    assert ja.startswith("📈 レーティング\uff1aAna 1579（+79）")  # full-width


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
    assert shown[1].content.startswith("🏆 Ana wins\n📈 Ratings: Ana 1579 (+79)")


async def test_an_unrated_game_has_no_changes_line():
    class Store:
        async def rating_changes(self, _table_id, _game_no):
            return []

    assert await results_line(Store(), a_table("coloretto"), 1, "en") is None


def test_players_are_named_by_mention_or_by_ai_level():
    assert player_name("42", "en") == "<@42>"
    assert player_name("ai:hard@1", "en") == "🤖 AI (hard, v1)"
    assert player_name("ai:easy@2", "de") == "🤖 KI (" + t("choice.ai_level.easy", "de") + ", v2)"
    assert ratings.ai_player("normal") == "ai:normal@1"


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

    from bot.commands.record_texts import history_text
    from bot.ratings.reads import Played

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

        async def tournaments_played(self, *_asked):  # (guild, user, game)
            return []

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


class BoardStore:
    """Competitive Pop's board: a settled AI level, and a newcomer."""

    async def rating_board(self, *_asked, **_named):
        return board_of(
            [("1", Rating(mu=30.0, sigma=7.5, games=3)), ("ai:hard@1", Rating(20.0, 2.0, 12))]
        )

    async def rated_pools(self, _guild, _game=None, _season=None):
        return [("pop", "competitive")]


def boards(lang):
    """The boards of a server without seasons, from `BoardStore`."""
    from bot.commands.record_texts import current_boards
    from bot.model.seasons import SeasonSetting

    return current_boards(BoardStore(), 5, SeasonSetting(5), lang)


@pytest.mark.parametrize("lang", ["en", "it", "ja", "fr", "es", "pl", "de"])
@pytest.mark.parametrize("game", ["pop", None])
async def test_the_leaderboard_says_what_a_rating_means_once_in_small_text(lang, game):
    from bot.commands.record_texts import leaderboard_text

    text = await leaderboard_text(boards(lang), {"pop": None}, game, lang)
    lines = text.splitlines()
    assert lines[1] == "-# " + t("leaderboard.rating", lang)  # right under the title
    assert "1500" in lines[1]  # the number a newcomer has: what the scale is measured from
    assert t("rating.provisional", lang, rating="") in lines[1]  # the mark the rows use: "?"
    assert sum("1500" in line for line in lines) == 1
    assert not [word for word in JARGON if word in text]


async def test_the_leaderboard_lists_the_provisional_apart_below_the_ranked():
    from bot.commands.record_texts import leaderboard_text

    text = await leaderboard_text(boards("en"), {"pop": None}, "pop", "en")
    assert text.splitlines()[0] == "🏆 **Pop · competitive leaderboard**"
    assert text.splitlines()[2:] == [
        "1. 🤖 AI (hard, v1) — 1350 · 12 rated games",
        "*Still provisional* (not ranked yet):",
        "· <@1> — 1650? · 3 rated games",
    ]
