"""Ratings end to end: three Pop games between Ana, Ben and a hard AI at one table (Ben leaves
the third midway) move the leaderboard of competitive Pop's pool as openskill says, every
results post shows each seat's change, /stats and /history follow, and questions nothing
answers yet get a clear private no."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from engine.pop.adapter import POP
from tests.bot.story import card_buttons, open_hand, pick_and_confirm, start_table, stored_table
from tests.bot.test_coloretto_e2e import play_out, start_coloretto

pytestmark = pytest.mark.asyncio

MODEL = PlackettLuce()
MINUS = "\u2212"


def shown(rating) -> int:
    """The rating players read: 1500 + 30 x (openskill's mu - 25), rounded."""
    return round(1500 + 30 * (rating.mu - 25))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "±0"


async def play_game(emu, thread, players, after: int, leaver=None):
    """Everyone picks their first card each turn of a one-set game (the leaver leaves after the
    first turn, an AI playing on for them); the results message, once it is out."""
    players = list(players)
    for k in range(1, 9):
        header = f"Set 1/1 · turn {k}**"
        message = await emu.wait_for(
            lambda h=header: next(
                (
                    m
                    for m in reversed(players[0].visible_messages(thread))
                    if m.id > after and "My hand" in m.button_labels and h in m.text
                ),
                None,
            ),
            30,
            f"the table message of {header}",
        )
        for player in players:
            hand = await open_hand(player, message)
            await pick_and_confirm(emu, player, hand, card_buttons(hand)[:1])
        if leaver is not None and k == 1:
            left = await (await leaver.at(thread).slash("table", "leave")).wait_message()
            assert "left the table" in left.text
            players.remove(leaver)
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in players[0].visible_messages(thread)
                if m.id > after and "Rematch" in m.button_labels
            ),
            None,
        ),
        40,
        "the results",
    )


def placed(outcome, gone: set[str]) -> list[tuple[str, int]]:
    """(seat, place) as the rules say: winners first, then the lower total (competitive Pop),
    a shared result a shared place; a seat whose person left last."""
    playing = sorted(
        (s for s in outcome.seats if s.seat not in gone), key=lambda s: (not s.won, s.score)
    )
    places = []
    for s in playing:
        first = next(i for i, o in enumerate(playing) if (o.won, o.score) == (s.won, s.score))
        places.append((s.seat, first + 1))
    return places + [(seat, len(playing) + 1) for seat in sorted(gone)]


async def test_three_games_move_the_leaderboard_and_every_results_post_shows_the_changes(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    _, thread = await start_table(emu, world, ana, [ben], ai=1, sets=1, ai_level="hard")
    ratings = {}  # player → openskill rating, as the test follows the games
    finals = []
    after = 0
    for game in (1, 2, 3):
        leaver = ben if game == 3 else None
        final = await play_game(emu, thread, [ana, ben], after, leaver)
        table, state = await stored_table(pop_bot)
        assert table.games == game
        seat_player = {
            s.id: str(s.user_id) if s.user_id is not None else "ai:hard@1" for s in table.seats
        }
        gone = {str(ben.id)} if leaver else set()
        order = placed(POP.outcome(state), gone)
        before = {p: ratings.get(p, MODEL.rating()) for p in seat_player.values()}
        ranks = [p for _, p in order]
        teams = MODEL.rate([[before[seat_player[s]]] for s, _ in order], ranks=ranks)
        for (seat, place), [new] in zip(order, teams, strict=True):
            old = before[seat_player[seat]]
            mu = new.mu  # a win never lowers the number, a loss never raises it
            if place == min(ranks) < max(ranks):
                mu = max(mu, old.mu)
            if place == max(ranks) > min(ranks):
                mu = min(mu, old.mu)
            ratings[seat_player[seat]] = MODEL.rating(mu=mu, sigma=new.sigma)
        # The results post names every seat with its new rating and its change.
        assert "📈 Ratings: " in final.text
        for seat in table.seats:
            player = seat_player[seat.id]
            now, was = shown(ratings[player]), shown(before[player])
            change = signed(now - was) + (", left" if seat.id in gone else "")
            assert f"{seat.name} {now} ({change})" in final.text, final.text
        finals.append(final)
        after = final.id
        if game < 3:
            await ana.click(final, label="Rematch")

    # The leaderboard of competitive Pop: three games each, so every rating is provisional
    # ("?"), listed apart, the highest number first.
    board = await (await ben.slash("leaderboard", game="pop")).wait_message()
    assert not board.ephemeral
    best = sorted(ratings.items(), key=lambda pr: (-shown(pr[1]), -pr[1].ordinal()))
    names = {
        str(ana.id): f"<@{ana.id}>",
        str(ben.id): f"<@{ben.id}>",
        "ai:hard@1": "🤖 AI (hard, v1)",
    }
    assert board.text.splitlines() == [
        "🏆 **Pop · competitive leaderboard**",
        "-# Rating: the skill your results have shown. A newcomer has 1500; a win raises it,"
        " a loss lowers it; 200 points apart, the higher wins about 3 games in 4. **?**: still"
        " provisional (fewer than 10 rated games, or long away), listed below the ranked"
        " players.",
        "*Still provisional* (not ranked yet):",
        *(f"· {names[p]} — {shown(r)}? · 3 rated games" for p, r in best),
    ]
    everything = await (await ben.slash("leaderboard")).wait_message()
    assert everything.text.splitlines()[:4] == [
        "🏆 **Leaderboards**",
        board.text.splitlines()[1],  # what a rating means, once
        "**Pop · competitive**",
        board.text.splitlines()[2],
    ]
    trick = await (await ben.slash("leaderboard", game="pop", mode="trick")).wait_message()
    assert trick.ephemeral  # no Trick game was played: its pool is empty
    assert trick.text == "No rated game of Pop · trick in this server yet."

    # /stats: Ana's rating in the pool, still provisional, her change in the last game.
    stats = await (await ana.slash("stats", game="pop")).wait_message()
    assert stats.ephemeral
    last = shown(ratings[str(ana.id)])
    line = f"Pop · competitive: Rating {last}? · still provisional, not ranked yet · last game "
    assert line in stats.text, stats.text
    assert "3 games, wins: " in stats.text

    # /history: the three games, the last first, each linked to its results post.
    history = await (await ben.slash("history")).wait_message()
    assert history.ephemeral
    rows = history.text.splitlines()
    assert rows[0] == "🕘 **Ben**: last games in this server"
    assert len(rows) == 4
    for row, final in zip(rows[1:], reversed(finals), strict=True):
        assert row.startswith("<t:")
        assert "**Pop · competitive** · Ana, Ben, Robo Ada 🤖 · " in row
        link = f"https://discord.com/channels/{world.guild.id}/{thread.id}/{final.id}"
        assert row.endswith(f"[results and Replay]({link})"), row
    assert " · left the game · " in rows[1]  # Ben left the last game: placed last
    assert ", place " in rows[2]


async def test_questions_nothing_answers_yet_get_a_clear_private_no(emu, world, pop_bot):
    ana = world.ana
    stats = await (await ana.slash("stats", game="colourist")).wait_message()
    assert stats.ephemeral
    assert stats.text == "Nobody has finished a game of Colourist in this server yet."
    mine = await (await ana.slash("stats")).wait_message()
    assert mine.ephemeral
    assert mine.text == "Ana has not finished a game in this server yet."
    board = await (await ana.slash("leaderboard", game="coloretto")).wait_message()
    assert board.ephemeral
    assert board.text == "No rated game of Coloretto in this server yet."
    none = await (await ana.slash("leaderboard")).wait_message()
    assert none.ephemeral
    assert none.text == "No rated game in this server yet."
    history = await (await ana.slash("history")).wait_message()
    assert history.ephemeral
    assert history.text == "Ana has not finished a game in this server yet."


async def test_a_coloretto_game_posts_its_changes_on_its_one_message_and_history_links_it(
    emu, world, roomy_channels, pop_bot
):
    """Coloretto posts a turn as one message (its results riding on the last move's): the
    changes are there, and /history links to that message."""
    ana = world.ana
    thread = await start_coloretto(emu, world, ana, ai=1, bot=pop_bot)  # an easy AI
    final = await play_out(emu, thread, pop_bot, [ana])
    assert "📈 Ratings: " in final.text
    assert "Robo Ada " in final.text.split("📈 Ratings: ")[1]
    history = await (await ana.slash("history", game="coloretto")).wait_message()
    [row] = history.text.splitlines()[1:]
    link = f"https://discord.com/channels/{world.guild.id}/{thread.id}/{final.id}"
    assert row.endswith(f"[results and Replay]({link})"), row
    assert "**Coloretto** · Ana, Robo Ada 🤖 · " in row
    board = await (await ana.slash("leaderboard", game="coloretto")).wait_message()
    assert "🤖 AI (easy, v1) — " in board.text
