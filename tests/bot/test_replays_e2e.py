"""Replays end to end: a finished game of each of the four games offers Replay on its results
post, which opens a private message stepping through the very pictures `pop-bot render` draws
for the game's record (First, Back, Forward, Last, Turn…, each edit in place); a game being
played is refused, with no secret; a forged or stale replay id is refused without a
traceback; a restart between two presses changes nothing; after a rematch the first game's
Replay still works; and /history says where each game's Replay is."""

from __future__ import annotations

import json
import logging
import re

import pytest

from bot.games import GAMES
from bot.games.entry import RenderRequest
from bot.texts.i18n import t
from tests.bot.story import start_table, thread_of

pytestmark = pytest.mark.asyncio

UPDATE_MESSAGE = 7
DEFERRED_UPDATE = 6
FIRST, BACK, FORWARD, LAST, TURN = "⏮ First", "◀ Back", "Forward ▶", "Last ⏭", "Turn…"
TABLES = {  # each game at its smallest: the host and AI seats, the AI at its quickest
    "pop": ({"sets": 1}, 2),
    "coloretto": ({}, 1),
    "colorpop": ({}, 1),
    "colourist": ({"length": "short"}, 2),
}
POSITION = re.compile(r"Turn (\d+)/(\d+) · picture (\d+)/(\d+)")


def results_with_replay(actor, thread, after=0):
    """The newest public message after `after` that offers Replay (a game's results)."""
    return next(
        (
            m
            for m in reversed(actor.visible_messages(thread))
            if not m.ephemeral and m.id > after and "Replay" in m.button_labels
        ),
        None,
    )


async def refused_with(result, text):
    answer = await result.wait_message(timeout=5)
    assert answer.ephemeral
    assert answer.text == text, answer.text
    return answer


async def play_to_the_end(emu, world, game, joiners=()):
    """The host (and `joiners`) open a table of `game` with AI seats; before anyone moves a
    forged Replay of the game is refused; then every person leaves and the AI plays every seat
    to the end. (table number, thread, results message)."""
    ana = world.ana
    options, ai = TABLES[game]
    number, thread = await start_table(
        emu, world, ana, joiners, ai, game, ai_level="easy", **options
    )
    first = ana.visible_messages(thread)[0]
    for custom_id in (f"{game}:{number}:1:replay:1", f"{game}:{number}:0:rnext:1.1"):
        await refused_with(await ana.forge_click(first, custom_id), t("replay.running", "en"))
    for person in (ana, *joiners):
        left = await (await person.at(thread).slash("table", "leave")).wait_message()
        assert "left the table" in left.text
    results = await emu.wait_for(lambda: results_with_replay(ana, thread), 60, "the results")
    return number, thread, results


async def recorded_pictures(actor, thread, game, bot, number):
    """What `pop-bot render` draws of the record `/table record` gives, the seats named as
    the table names them."""
    asked = await actor.at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    record = json.loads(await actor.download(message.attachments[0]))
    names = (await bot.client.tables.held.live(number)).table.plain_names()
    tools = GAMES[game].tools
    assert tools.render is not None
    return tools.render(RenderRequest(record, "en", names))


def position(message):
    """(turn, turns, picture, pictures) the replay's message says it shows."""
    found = POSITION.search(message.text)
    assert found, message.text
    return tuple(int(n) for n in found.groups())


async def press(emu, actor, replay, label, wanted):
    """Press one of the replay's buttons: the message is edited in place (UPDATE_MESSAGE)
    until it shows picture `wanted` (counted from 1)."""
    result = await actor.click(replay, label=label)
    await emu.wait_for(lambda: position(replay)[2] == wanted, 10, f"picture {wanted}")
    # In place: at once, or (a record drawn again after a restart on a busy machine) deferred
    # within the 3 s and edited after, as every slow answer is
    assert result.response_type in (UPDATE_MESSAGE, DEFERRED_UPDATE)
    return replay


def assert_shows(replay, picture, at, total):
    assert replay.gallery_names == [picture.filename]
    assert replay.alt_texts[-1] == picture.alt[:1024]
    assert position(replay)[2:] == (at + 1, total)


def enabled(replay):
    return [b["label"] for b in replay.buttons if not b.get("disabled")]


@pytest.mark.parametrize("game", list(TABLES))
async def test_every_picture_of_a_finished_game_is_reachable_privately(
    emu, world, roomy_channels, pop_bot, game
):
    ana, ben = world.ana, world.ben
    number, thread, results = await play_to_the_end(emu, world, game)
    expected = await recorded_pictures(ana, thread, game, pop_bot, number)
    total = len(expected)
    opened = await ana.click(results, label="Replay")
    replay = await opened.wait_message(lambda m: m.buttons, timeout=30)
    assert replay.ephemeral
    assert replay.visible_to(ana.user)
    assert not replay.visible_to(ben.user)
    assert f"table #{number}, game 1" in replay.text
    assert enabled(replay) == [FORWARD, LAST, TURN]
    assert_shows(replay, expected[0], 0, total)
    seen_turns = [position(replay)[0]]
    for at in range(1, total):  # Forward to the end: every picture, in order
        await press(emu, ana, replay, FORWARD, at + 1)
        assert_shows(replay, expected[at], at, total)
        seen_turns.append(position(replay)[0])
    assert enabled(replay) == [FIRST, BACK, TURN]
    turns = seen_turns[-1]
    assert seen_turns == sorted(seen_turns)
    assert set(seen_turns) == set(range(1, turns + 1))
    assert position(replay)[1] == turns
    last = await ana.download(replay.gallery[0])
    assert last == expected[-1].png  # the very picture `pop-bot render` draws
    await press(emu, ana, replay, FIRST, 1)
    await press(emu, ana, replay, LAST, total)
    await press(emu, ana, replay, BACK, total - 1)
    assert_shows(replay, expected[total - 2], total - 2, total)
    # Turn…: a modal; the turn typed shows its first picture
    jump = min(2, turns)
    asked = await ana.click(replay, label=TURN)
    await ana.submit_modal(asked, turn=str(jump))
    want = seen_turns.index(jump)
    await emu.wait_for(lambda: position(replay)[2] == want + 1, 10, f"turn {jump}")
    assert_shows(replay, expected[want], want, total)
    asked = await ana.click(replay, label=TURN)
    wrong = await ana.submit_modal(asked, turn="999")
    await refused_with(wrong, t("replay.no_turn", "en", turns=turns))
    assert position(replay)[2] == want + 1  # unchanged


async def test_forged_and_stale_ids_a_restart_a_rematch_and_history(
    emu, world, roomy_channels, pop_bot, caplog
):
    ana, ben = world.ana, world.ben
    caplog.set_level(logging.INFO)
    number, thread, results = await play_to_the_end(emu, world, "pop", joiners=[ben])
    opened = await ben.click(results, label="Replay")
    replay = await opened.wait_message(lambda m: m.buttons, timeout=30)
    assert replay.visible_to(ben.user)
    assert not replay.visible_to(ana.user)
    await press(emu, ben, replay, FORWARD, 2)
    await pop_bot.restart()  # the buttons carry all they need
    await press(emu, ben, replay, FORWARD, 3)
    await press(emu, ben, replay, BACK, 2)
    invalid, gone = t("refusal.invalid_button", "en"), t("refusal.no_table", "en")
    for forged, said in (
        (f"pop:{number}:0:rnext:1.99999", invalid),  # past the end
        (f"pop:{number}:0:rnext:9.1", invalid),  # no such game
        (f"pop:{number}:0:rnext:x", invalid),
        (f"pop:{number}:0:rnext:1", invalid),  # no position
        (f"pop:{number + 50}:0:rnext:1.1", gone),  # no such table
    ):
        answer = await refused_with(await ben.forge_click(replay, forged), said)
        assert answer.visible_to(ben.user)
    assert position(replay)[2] == 2
    # A rematch: the first game's results keep Replay, and it still shows the first game
    await ana.click(results, label="Rematch")
    second = await emu.wait_for(
        lambda: results_with_replay(ana, thread, after=results.id), 60, "the second results"
    )
    assert "Replay" in results.button_labels
    assert "Rematch" not in results.button_labels
    again = await (await ana.click(results, label="Replay")).wait_message(lambda m: m.buttons)
    assert "game 1" in again.text
    assert position(again)[2] == 1
    newer = await (await ana.click(second, label="Replay")).wait_message(lambda m: m.buttons)
    assert "game 2" in newer.text
    # /history: the game's line links its results, where its Replay is (Ana was away when
    # the second was dealt: it is not hers)
    history = await (await ana.at(thread).slash("history")).wait_message()
    link = f"https://discord.com/channels/{world.guild.id}/{thread.id}/{results.id}"
    assert history.text.endswith(f"[results and Replay]({link})"), history.text
    tracebacks = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert tracebacks == [], [r.getMessage() for r in tracebacks]
    assert thread_of(world, number) is thread
