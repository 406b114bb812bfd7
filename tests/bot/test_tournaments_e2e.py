"""Tournaments end to end (issue 36), on the test clock: the players are away, so each turn's
timer lets the AI play for them (after three turns in a row it plays their seat for good),
and the clock alone carries every game to its end.

An 8-player Swiss tournament of Coloretto (3 rounds, tables of 3, the short table filled by
an AI seat, said in the round's ping) is played to its end through a restart in the middle of
a round; its one message, edited in place, ends with standings that the test computes again
from the stored games themselves. A 4-player round robin of Colorpop duels goes through a
restart between two rounds (the process stopping after a round was paired and before its
tables opened) and a player dropped by the host mid-game: an AI finishes their game, which
they lose, and they play no more (their opponents get a bye). A one-round Swiss of Pop and one
of Colourist (the secret-choice games) play to their ends; a mode a game does not offer is
refused, naming the game's own."""

from __future__ import annotations

import asyncio
import io
import re
from datetime import UTC, datetime
from fractions import Fraction

import pytest
from PIL import Image

from bot.running.main import create_bot, load_settings
from bot.tables.tournament_rounds import Rounds
from bot.texts.i18n import t
from engine.coloretto.adapter import COLORETTO
from engine.colorpop.adapter import COLORPOP
from engine.colourist.adapter import COLOURIST
from engine.pop.adapter import POP
from tests.clock import TestClock
from tests.discord_emulator.model import Perm

pytestmark = pytest.mark.asyncio

ENGINES = {"coloretto": COLORETTO, "colorpop": COLORPOP, "pop": POP, "colourist": COLOURIST}


@pytest.fixture
def host(emu, world):
    """A member who may manage the channel (not an administrator)."""
    manager = emu.add_role(world.guild, "organiser", Perm.MANAGE_CHANNELS)
    user = emu.add_user("hana")
    emu.add_member(world.guild, user, roles=[manager])
    return emu.actor(user, world.games)


def players(emu, world, count):
    """Ana, Ben, Cleo, then new members up to `count`."""
    found = [world.ana, world.ben, world.cleo]
    for k in range(count - len(found)):
        user = emu.add_user(f"player{k}")
        emu.add_member(world.guild, user)
        found.append(emu.actor(user, world.games))
    return found[:count]


@pytest.fixture
async def bot(host, fast_bot_env, start_bot):
    return await start_bot(lambda: create_bot(load_settings()))


def board(actor, world):
    """The tournament's one message in #games."""
    found = [m for m in actor.visible_messages(world.games) if m.text.startswith("🏆 **Tour")]
    assert len(found) <= 1, "posted once, then edited in place"
    return found[0] if found else None


def pings(actor, world):
    return [m for m in actor.visible_messages(world.games) if "of tournament #" in m.text]


async def sign_up(emu, world, host, people, **options):
    """The host opens the tournament; everyone joins; the host starts it."""
    refused = await (await people[0].slash("tournament", "new", **options)).wait_message()
    assert refused.text == t("tournament.refusal.manager_only", "en")
    said = await (await host.slash("tournament", "new", **options)).wait_message()
    assert said.ephemeral
    assert "Tournament #1" in said.text, said.text
    message = await emu.wait_for(lambda: board(host, world), 10, "the sign-up")
    assert "No one has joined yet." in message.text
    for player in people:
        answer = await (await player.click(message, label="Join")).wait_message()
        assert answer.text == t("tournament.joined", "en", id=1)
    await emu.wait_for(lambda: f"**Players: {len(people)}**" in message.text, 10, "sign-ups")
    early = await (await people[0].click(message, label="Start")).wait_message()
    assert early.text == t("tournament.refusal.host_only", "en")
    await host.click(message, label="Start")
    return message


async def play_on(emu, clock, until, what, timeout=120):
    """Let every turn's time run out, again and again, until `until()`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not until():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        clock.advance(minutes=3)
        await asyncio.sleep(0.05)


async def stored_games(bot, number, rounds):
    """Every finished game of the tournament, from the stored tables: (users, places), an
    AI seat as None, each place computed here from the engine's outcome."""
    store = bot.client.tables.store
    games = []
    for round_no in range(1, rounds + 1):
        for table_id in (await store.round_tables(number, round_no)).values():
            table, state = await store.load(table_id)
            assert table.status == "finished"
            outcome = ENGINES[table.game].outcome(ENGINES[table.game].load_state(state))
            gone = {s.id for s in table.seats if s.user_id in table.removed}
            keys = {s.seat: (not s.won, -s.score) for s in outcome.seats if s.seat not in gone}
            places = [
                len(keys) + 1 if s.id in gone else 1 + sum(k < keys[s.id] for k in keys.values())
                for s in table.seats
            ]
            games.append(([s.user_id for s in table.seats], places))
    return games


def expected_lines(order, games, byes=(), dropped=()):
    """The standings as the rule written in the message says, computed here."""
    points = {u: Fraction(0) for u in order}
    played = dict.fromkeys(order, 0)
    met = {u: set() for u in order}
    for users, places in games:
        for k, user in enumerate(users):
            if user is None:
                continue
            others = [p for j, p in enumerate(places) if j != k]
            beaten = sum(p > places[k] for p in others) + Fraction(1, 2) * sum(
                p == places[k] for p in others
            )
            points[user] += beaten / len(others)
            played[user] += 1
            met[user] |= {u for u in users if u not in (None, user)}
    for user in byes:
        points[user] += 1
    buchholz = {u: sum((points[v] for v in met[u]), Fraction(0)) for u in order}
    ranked = sorted(order, key=lambda u: (-points[u], -buchholz[u], order.index(u)))
    lines, place = [], 0
    for k, user in enumerate(ranked):
        if k == 0 or (points[user], buchholz[user]) != (
            points[ranked[k - 1]],
            buchholz[ranked[k - 1]],
        ):
            place = k + 1
        shown = f"{round(float(points[user]), 1):.1f}".removesuffix(".0")
        word = "point" if points[user] == 1 else "points"
        bh = f"{round(float(buchholz[user]), 1):.1f}".removesuffix(".0")
        games_word = "game" if played[user] == 1 else "games"
        mark = " (dropped)" if user in dropped else ""
        lines.append(
            f"{place}. <@{user}>{mark} — {shown} {word} · Buchholz {bh} · "
            f"{played[user]} {games_word} played"
        )
    return lines, ranked[0]


def over(message) -> bool:
    """The message announces the winners (below the standings)."""
    return "**Standings**" in message.text and "🏆" in message.text.split("**Standings**")[1]


def standing_lines(message):
    return [line for line in message.text.splitlines() if line[:1].isdigit() and "<@" in line]


def standings_alt(message) -> str:
    """The alt text of the message's one picture, the standings drawn."""
    assert message.gallery_names == ["standings.png"]
    return message.gallery[0].description


def alt_names(alt: str) -> list[str]:
    """The players the alt text lists, in its order ("1. Ana: 2 points · …; 2. Ben: …")."""
    rows = alt.split(": ", 1)[1].split("; ")
    return [row.split(": ")[0].split(". ", 1)[1].removesuffix(" (dropped)") for row in rows]


def display_names(people):
    return {p.id: p.user.name.title() for p in people}  # the emulator's global names


def ranked_ids(lines):
    return [int(re.search(r"<@(\d+)>", line).group(1)) for line in lines]


async def picture_size(actor, message):
    with Image.open(io.BytesIO(await actor.download(message.gallery[0]))) as picture:
        return picture.size


async def test_a_swiss_tournament_of_coloretto_to_its_end(emu, world, host, roomy_channels, bot):
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    people = players(emu, world, 8)
    options = {
        "game": "coloretto",
        "mode": "standard",
        "format": "swiss",
        "rounds": 3,
        "timer": "2m",
        "seats": 3,
        "ai_level": "easy",
    }
    message = await sign_up(emu, world, host, people, **options)
    assert "Swiss, 3 rounds" in message.text
    assert "(fewest seats at a table: 3)" in message.text  # AI seats said up front
    assert "½" in message.text  # the points rule is written in the message
    first = await emu.wait_for(lambda: next(iter(pings(host, world)), None), 20, "round 1")
    ids = [p.id for p in people]
    # Round 1 seats in sign-up order; the short table gets an AI seat, and says so.
    assert "**Round 1** of tournament #1" in first.text
    lines = first.text.splitlines()[1:]
    assert [line.split(": ", 1)[1] for line in lines] == [
        f"<@{ids[0]}>, <@{ids[1]}>, <@{ids[2]}>",
        f"<@{ids[3]}>, <@{ids[4]}>, <@{ids[5]}>",
        f"<@{ids[6]}>, <@{ids[7]}>, 1 AI seat",
    ]
    assert sorted(u.id for u in first.pinged) == sorted(ids)  # each player once, with their table

    # Part of round 1 is played; then the bot restarts in the middle of it.
    for _ in range(3):
        clock.advance(minutes=3)
        await asyncio.sleep(0.3)
    # no table of round 1 has finished yet (the message waits for its picture: drawn apart)
    await emu.wait_for(lambda: "0 games played" in message.text, 10, "round 1's standings")
    assert "Round 1/3" in standings_alt(message)
    await bot.restart()
    bot.client.tables.use_clock(clock)

    await play_on(emu, clock, lambda: over(message), "the end")
    assert len(pings(host, world)) == 3  # one ping a round, never twice
    games = await stored_games(bot, 1, 3)
    assert len(games) == 9
    want, winner = expected_lines(ids, games)
    assert standing_lines(message) == want
    assert message.text.endswith(f"🏆 <@{winner}> wins") or "Shared win" in message.text
    assert "Join" not in message.button_labels
    # The picture of the standings, under them: the same players in the same order.
    alt = standings_alt(message)
    assert alt.startswith("Tournament #1 · Coloretto · standard — Final standings: 1. ")
    assert alt_names(alt) == [display_names(people)[u] for u in ranked_ids(want)]
    width, height = await picture_size(host, message)
    assert width == 800 >= height  # one column of 8: as wide as every game's frame

    # /history: each player's final place in it, with a link to the standings message.
    link = f"https://discord.com/channels/{world.guild.id}/{world.games.id}/{message.id}"
    for asked in (people[0], people[5]):
        place = next(int(line.split(".")[0]) for line in want if f"<@{asked.id}>" in line)
        said = await (await asked.slash("history")).wait_message()
        assert said.ephemeral
        tournaments = said.text.split("\n**Tournaments**\n", 1)[1]
        row = f"🏆 **Tournament #1** · Coloretto · place {place} of 8 · [standings]({link})"
        assert tournaments == row
    hosted = await (await host.slash("history")).wait_message()
    assert "Tournament" not in hosted.text  # the host did not play


async def test_a_round_robin_of_colorpop_duels_with_a_restart_between_rounds_and_a_drop(
    emu, world, host, roomy_channels, bot, monkeypatch
):
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    people = players(emu, world, 4)
    ids = [p.id for p in people]
    opening = Rounds.open_round

    async def dies_before_round_2(self, tournament):
        if tournament.round_no == 2:
            return None  # the process stopped after pairing round 2, before its tables
        return await opening(self, tournament)

    monkeypatch.setattr(Rounds, "open_round", dies_before_round_2)
    options = {
        "game": "colorpop",
        "mode": "duel",
        "format": "round_robin",
        "rounds": 1,
        "timer": "2m",
        "seats": 2,
        "ai_level": "easy",
    }
    message = await sign_up(emu, world, host, people, **options)
    first = await emu.wait_for(lambda: next(iter(pings(host, world)), None), 20, "round 1")
    await emu.wait_for(lambda: "**Round 1/3**" in message.text, 10, "a round for every opponent")
    # The host drops Dee (the 4th) while her first duel is being played.
    dee = people[3]
    said = await (await host.slash("tournament", "drop", player=dee.user)).wait_message()
    assert said.text == t("tournament.dropped", "en", id=1, name=f"<@{dee.id}>")
    await play_on(emu, clock, lambda: "1 game played" in message.text, "round 1 played")
    await play_on(emu, clock, lambda: message.text.count("1 game played") == 4, "round 1 over")
    await asyncio.sleep(0.5)
    stored = await bot.client.tables.store.tournament(1)
    assert stored.round_no == 2
    assert await bot.client.tables.store.round_tables(1, 2) == {}
    monkeypatch.setattr(Rounds, "open_round", opening)
    await bot.restart()  # between rounds: the new process opens round 2
    bot.client.tables.use_clock(clock)

    await play_on(emu, clock, lambda: over(message), "the end")
    rounds = pings(host, world)
    assert len(rounds) == 3
    assert all(f"<@{dee.id}>" not in r.text.split("\n", 1)[1].split("A bye")[0] for r in rounds[1:])
    assert first.text.count("<#") == 2
    games = await stored_games(bot, 1, 3)
    assert len(games) == 4  # 2 duels in round 1, then one a round without Dee
    byes = [u for r in (await bot.client.tables.store.tournament(1)).seated for u in r.byes]
    assert len(byes) == 2
    assert dee.id not in byes
    want, _ = expected_lines(ids, games, byes, dropped={dee.id})
    assert standing_lines(message) == want
    dee_line = next(line for line in want if f"<@{dee.id}>" in line)
    assert "(dropped)" in dee_line
    assert "1 game played" in dee_line
    alt = standings_alt(message)
    assert alt_names(alt) == [display_names(people)[u] for u in ranked_ids(want)]
    assert f"{dee.user.name.title()} (dropped): 0 points · " in alt


async def test_a_single_elimination_of_colorpop_duels_ends_with_its_last_player_in(
    emu, world, host, roomy_channels, bot
):
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    people = players(emu, world, 3)
    ids = [p.id for p in people]
    options = {
        "game": "colorpop",
        "mode": "duel",
        "format": "elimination",
        "rounds": 1,
        "timer": "2m",
        "seats": 2,
        "ai_level": "easy",
    }
    refused = await (
        await host.slash("tournament", "new", **{**options, "seats": 3})
    ).wait_message()
    assert refused.text == t("tournament.refusal.seats", "en", low=2, high=2)
    # Cleo, the last to sign up, has the best duel rating here: she is seeded first.
    await bot.client.tables.store.fetch(
        "INSERT INTO ratings VALUES (?, 'colorpop', 'duel', ?, 30.0, 4.0, 12, ?)",
        world.guild.id,
        str(ids[2]),
        datetime.now(UTC).isoformat(),
    )
    message = await sign_up(emu, world, host, people, **options)
    first = await emu.wait_for(lambda: next(iter(pings(host, world)), None), 20, "round 1")
    ids = [ids[2], ids[0], ids[1]]  # the seeding
    # Three players: the first seed has a bye, the other two duel.
    assert f"<@{ids[1]}>, <@{ids[2]}>" in first.text
    assert f"A bye this round (one point): <@{ids[0]}>" in first.text
    await play_on(emu, clock, lambda: over(message), "the end")
    games = await stored_games(bot, 1, 2)
    assert len(games) == 2
    (duel, duel_places), (final, final_places) = games
    through = duel[duel_places.index(min(duel_places))]  # a draw: the higher seed
    if duel_places[0] == duel_places[1]:
        through = min(duel, key=ids.index)
    assert sorted(final) == sorted([ids[0], through])
    champion = final[final_places.index(min(final_places))]
    if final_places[0] == final_places[1]:
        champion = min(final, key=ids.index)
    assert message.text.endswith(f"🏆 <@{champion}> wins")


async def test_a_sign_up_survives_a_restart_and_the_host_stops_the_tournament(
    emu, world, host, roomy_channels, bot
):
    ana, ben = world.ana, world.ben
    options = {
        "game": "colorpop",
        "mode": "duel",
        "format": "swiss",
        "rounds": 2,
        "timer": "24h",
        "seats": 2,
        "ai_level": "easy",
    }
    said = await (await host.slash("tournament", "new", **options)).wait_message()
    assert "Tournament #1" in said.text
    message = await emu.wait_for(lambda: board(host, world), 10, "the sign-up")
    await ana.click(message, label="Join")
    await emu.wait_for(lambda: "**Players: 1**" in message.text, 10, "Ana signed up")
    await bot.restart()  # during the sign-up: its players are stored
    await ben.click(message, label="Join")
    await emu.wait_for(lambda: "**Players: 2**" in message.text, 10, "Ben signed up")
    left = await (await ben.click(message, label="Leave")).wait_message()
    assert left.text == t("tournament.left", "en", id=1)
    await ben.click(message, label="Join")
    await emu.wait_for(lambda: "**Players: 2**" in message.text, 10, "Ben back")
    cleo = world.cleo
    await cleo.click(message, label="Join")
    await emu.wait_for(lambda: "**Players: 3**" in message.text, 10, "Cleo signed up")
    await host.slash("tournament", "drop", player=cleo.user)  # before the start: she is out
    await emu.wait_for(lambda: "**Players: 2**" in message.text, 10, "Cleo dropped")
    assert f"<@{cleo.id}>" not in message.text
    await host.click(message, label="Start")
    ping = await emu.wait_for(lambda: next(iter(pings(host, world)), None), 20, "round 1")
    table_id = next(iter((await bot.client.tables.store.round_tables(1, 1)).values()))
    await emu.wait_for(lambda: not message.buttons, 10, "the sign-up's buttons gone")

    refused = await (await ana.slash("tournament", "stop")).wait_message()
    assert refused.text == t("tournament.refusal.host_only", "en")
    stopped = await (await host.slash("tournament", "stop")).wait_message()
    assert stopped.text == t("tournament.stopped_now", "en", id=1)
    await emu.wait_for(
        lambda: "The host stopped the tournament during round 1." in message.text, 10, "the end"
    )
    assert (await bot.client.tables.store.load(table_id))[0].status == "cancelled"
    thread = next(c for c in world.guild.threads if f"<#{c.id}>" in ping.text)
    await emu.wait_for(
        lambda: any("was stopped" in m.text for m in ana.visible_messages(thread)),
        10,
        "the notice in the table's thread",
    )
    assert len(pings(host, world)) == 1  # no next round
    again = await (await host.slash("tournament", "stop")).wait_message()
    assert again.text == t("tournament.refusal.none", "en")


@pytest.fixture
async def one_table_bot(host, fast_bot_env, start_bot, monkeypatch):
    """A server that may hold one open table at a time."""
    monkeypatch.setenv("POP_TABLES_PER_SERVER", "1")
    return await start_bot(lambda: create_bot(load_settings()))


async def test_a_rounds_tables_count_against_the_servers_limit(
    emu, world, host, roomy_channels, one_table_bot
):
    bot = one_table_bot
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    people = players(emu, world, 4)
    options = {
        "game": "colorpop",
        "mode": "duel",
        "format": "swiss",
        "rounds": 1,
        "timer": "2m",
        "seats": 2,
        "ai_level": "easy",
    }
    message = await sign_up(emu, world, host, people, **options)
    store = bot.client.tables.store
    await emu.wait_for(lambda: "**Round 1/1**" in message.text, 10, "round 1")
    await asyncio.sleep(0.5)
    assert len(await store.round_tables(1, 1)) == 1  # the second waits for room
    assert pings(host, world) == []  # the round is announced once its tables are all open
    # The finished table makes room for the next: the tournament plays on to its end.
    await play_on(emu, clock, lambda: over(message), "the end")
    assert len(pings(host, world)) == 1
    assert len(await stored_games(bot, 1, 1)) == 2


async def winners_stored(bot):
    """The users who won the one game of round 1 (from the engine's outcome)."""
    store = bot.client.tables.store
    (table_id,) = (await store.round_tables(1, 1)).values()
    table, state = await store.load(table_id)
    assert table.status == "finished"
    game = ENGINES[table.game]
    outcome = game.outcome(game.load_state(state))
    won = set(outcome.winners)
    return [s.user_id for s in table.seats if s.id in won]


@pytest.mark.parametrize(("game", "mode"), [("colourist", "standard"), ("pop", "competitive")])
async def test_a_one_round_swiss_of_a_secret_choice_game_to_its_end(
    emu, world, host, roomy_channels, bot, game, mode
):
    clock = TestClock()
    bot.client.tables.use_clock(clock)
    people = players(emu, world, 3)
    options = {
        "game": game,
        "mode": mode,
        "format": "swiss",
        "rounds": 1,
        "timer": "2m",
        "seats": 3,
        "ai_level": "easy",
    }
    message = await sign_up(emu, world, host, people, **options)
    await play_on(emu, clock, lambda: over(message), "the end", timeout=180)
    winners = await winners_stored(bot)
    assert winners, "a game has a winner"
    if len(winners) == 1:
        assert message.text.endswith(f"🏆 <@{winners[0]}> wins")
    else:
        assert "Shared win" in message.text
    assert board(host, world) is message


async def test_a_mode_a_game_does_not_offer_is_refused_with_its_own(emu, world, host, bot):
    asked = await host.slash(
        "tournament",
        "new",
        game="colourist",
        mode="duel",
        format="swiss",
        rounds=1,
        timer="2m",
        seats=3,
    )
    told = await asked.wait_message()
    assert told.ephemeral
    assert told.text == t("tournament.refusal.mode", "en", game="Colourist", modes="standard")
