"""Hints at a table, end to end through the real bot on the loopback Discord: a table opened with
`hints` says so in its lobby, its turn's message carries Hint, and a seated person with a
decision gets the expert's move (the same as `ai_move(view, "expert", seed)`) and why, privately
and within seconds; a secret the seat cannot see (the pile's order, who holds which colour)
never changes a hint; every other press is refused saying why; a table without hints has no
Hint and refuses a forged one; a table with hints is never rated; a private puzzle offers none."""

from __future__ import annotations

import asyncio
import dataclasses
import time

import pytest

from bot.model.binding import seed_of
from bot.model.posts import HINT
from bot.tables.hints import hint_text
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.game import Draw, Place
from engine.colorpop.adapter import COLORPOP
from engine.protocol import judge_json
from tests.bot.story import open_table, pin_next_deal, stored_table
from tests.bot.test_coloretto_e2e import host_starts, seed_where
from tests.discord_emulator.server import PATIENCE

pytestmark = pytest.mark.asyncio

IN_TIME = 5.0  # seconds from the click to the hint's words (Discord waits 15 minutes)
HINTS_ON = "💡 Hints on: each seat can ask the expert; this table's games are not rated."


def hint_of(message):
    """The Hint button of a message (None: it has none)."""
    return next((b for b in message.buttons if b["custom_id"].endswith(f":{HINT}")), None)


async def ask(actor, message):
    """`actor` presses Hint: the private answer's text, once it is there, and how long it
    took. The answer is ephemeral, and only `actor` sees it."""
    started = time.monotonic()
    pressed = await actor.click(message, custom_id=hint_of(message)["custom_id"])
    answer = await pressed.wait_message(lambda m: m.text, 10 * PATIENCE)
    assert answer.ephemeral
    assert answer.visible_to(actor.user)
    return answer, time.monotonic() - started


async def opened_with_hints(emu, world, game, host, joiners=(), ai=0, seed=None, **options):
    """Host opens a table of `game` with hints on; joiners join, AI seats are added, the
    host starts. Returns the thread and the lobby message."""
    _, thread, lobby = await open_table(emu, world, host, game, hints=True, **options)
    for player in joiners:
        await player.click(lobby, label="Join")
    for _ in range(ai):
        await host.click(lobby, label="Add AI")
    if seed is not None:
        pin_next_deal(seed)
    await host.click(lobby, label="Start")
    return thread, lobby


def expected_hint(bot, seat_id):
    """The hint for `seat_id` now, as the expert gives it from that seat's view with the
    hint's public seed; and the expert's move `ai_move` gives from the same view and seed."""
    held = bot.client.tables.held
    live = held.cache[1].as_now()
    table, face = live.table, held.face(live.table)
    seed = seed_of(table.id, table.games, table.moves, seat_id, "hint")
    view = face.game.view(live.state, seat_id)
    judged = face.judgement(judge_json(face.game, view, seed))
    assert judged.best.move == face.game.ai_move(view, "expert", seed)
    return hint_text(face, live, judged, "en"), judged.best.move


def colorpop_turn(held, actor, thread):
    """The Colorpop table message of this turn, once `actor`'s seat is on turn (else None)."""
    live = held.cache.get(1)
    if live is None or str(actor.id) not in COLORPOP.to_act(live.state):
        return None
    epoch = f"colorpop:1:{live.table.epoch}:"
    return next(
        (
            m
            for m in reversed(actor.visible_messages(thread))
            if not m.ephemeral and hint_of(m) and hint_of(m)["custom_id"].startswith(epoch)
        ),
        None,
    )


async def coloretto_turn(emu, actor, thread, bot, timeout=20):
    """The table message of the turn, once its move buttons (Hint aside) are the legal moves
    of the seat on turn."""
    deadline = time.monotonic() + timeout * PATIENCE
    while True:
        live = bot.client.tables.held.cache[1]
        epoch, state = live.table.epoch, live.state
        legal = {label_of(m) for m in COLORETTO.legal_moves(state, state.turn)}
        for message in reversed(actor.visible_messages(thread)):
            moves = {
                b["label"]
                for b in message.buttons
                if b["custom_id"].startswith(f"coloretto:1:{epoch}:")
                and b is not hint_of(message)
                and not b.get("disabled")
            }
            if not message.ephemeral and moves == legal and hint_of(message):
                return message
        assert time.monotonic() < deadline, "no table message for this turn"
        await asyncio.sleep(0.01)


def label_of(move):
    if isinstance(move, Draw):
        return "Draw"
    return f"Row {move.row}" if isinstance(move, Place) else f"Take row {move.row}"


async def test_a_coloretto_hint_is_the_experts_move_privately_and_no_hidden_card_changes_it(
    emu, world, roomy_channels, pop_bot
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    thread, lobby = await opened_with_hints(
        emu, world, "coloretto", ana, [ben], ai=1, seed=seed_where(3, host_starts)
    )
    assert HINTS_ON in lobby.text
    first = await coloretto_turn(emu, ana, thread, pop_bot)
    assert hint_of(first)["label"] == "Hint"

    # Who may not ask, and why: no seat; a seat the game does not wait for.
    watcher, _ = await ask(cleo, first)
    assert watcher.text == "You have no seat at this table — but you are welcome to watch!"
    waiting, _ = await ask(ben, first)
    assert waiting.text == (
        "You have no decision to make right now: ask for a hint when the game waits for your move."
    )
    # The first move of a game: the rows are empty, Draw is the only move.
    only, _ = await ask(ana, first)
    assert only.text == "💡 **Draw** is your only move."
    assert not only.visible_to(ben.user)

    # Drawn: the card goes to one of three rows. The hint is the expert's, in time, privately.
    await ana.click(first, label="Draw")
    placing = await coloretto_turn(emu, ana, thread, pop_bot)
    live = pop_bot.client.tables.held.cache[1]
    seat = str(ana.id)
    expected, move = expected_hint(pop_bot, seat)
    hint, took = await ask(ana, placing)
    assert hint.text == expected
    assert hint.text.startswith("💡 The expert's choice: **Put the card (")
    assert f") in row {move.row}** — about " in hint.text
    assert " more than **Put the card (" in hint.text or "about as good as" in hint.text
    assert took < IN_TIME * PATIENCE, took
    assert not hint.visible_to(ben.user)
    assert not hint.visible_to(cleo.user)

    # A secret the seat cannot see: the pile's order. Planted otherwise, the hint is the same.
    state = live.state
    pile = state.deck[state.top :]
    planted = dataclasses.replace(state, deck=state.deck[: state.top] + pile[::-1])
    assert pile != pile[::-1]
    assert COLORETTO.view(planted, seat) == COLORETTO.view(state, seat)
    live.state = planted
    try:
        again, _ = await ask(ana, placing)
    finally:
        live.state = state
    assert again.text == hint.text

    # The hinted move is made; the turn's Hint is then stale, and says so.
    old_epoch = live.table.epoch
    await ana.click(placing, label=f"Row {move.row}")
    await emu.wait_for(lambda: live.table.epoch > old_epoch, 10, "the next turn")
    stale = await ana.forge_click(placing, f"coloretto:1:{old_epoch}:{HINT}")
    told = await stale.wait_message()
    assert told.ephemeral
    assert told.text == "That turn is over — use the latest message of the table."


async def test_a_table_with_hints_is_not_rated_and_its_expert_plays_to_the_end(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    thread, _ = await opened_with_hints(emu, world, "coloretto", ana, ai=1, ai_level="expert")
    table, _ = await stored_table(pop_bot)
    assert (table.settings.hints, table.settings.ai_level) == (True, "expert")
    left = await ana.at(thread).slash("table", "leave")  # the expert plays both seats
    await left.wait_message()
    final = await emu.wait_for(
        lambda: next(
            (
                m
                for m in ana.visible_messages(thread)
                if "Final scores" in m.text and "Rematch" in m.button_labels
            ),
            None,
        ),
        60,
        "the results message",
    )
    assert "📈" not in final.text
    assert await pop_bot.client.tables.store.rating_changes(1, 1) == []
    board = await (await ana.slash("leaderboard", game="coloretto")).wait_message()
    assert board.text == "No rated game of Coloretto in this server yet."
    assert hint_of(final) is None  # over: no Hint
    forged = await ana.forge_click(final, f"coloretto:1:{table.epoch}:{HINT}")
    told = await forged.wait_message()
    assert told.text == "This game is over: there is no move left to give a hint for."


async def test_a_colorpop_hint_never_changes_with_who_holds_which_other_colour(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    thread, _ = await opened_with_hints(emu, world, "colorpop", ana, ai=2, ai_level="easy")
    seat = str(ana.id)
    held = pop_bot.client.tables.held

    message = await emu.wait_for(lambda: colorpop_turn(held, ana, thread), 20, "Ana's turn")
    live = held.cache[1]
    expected, move = expected_hint(pop_bot, seat)
    hint, took = await ask(ana, message)
    assert hint.text == expected
    words = held.face(live.table).move_words(live, move, "en")
    assert words.endswith(f" at {move.cell}")  # "● red ×4 at C3"
    assert hint.text.startswith(f"💡 The expert's choice: **{words}** — ")
    assert "% of its play-outs, against " in hint.text or "about as good as" in hint.text
    assert took < IN_TIME * PATIENCE, took

    # The other seats' secret colours, swapped: Ana's view is the same, and so is her hint.
    state = live.state
    me = state.seats.index(seat)
    one, other = (i for i in range(len(state.seats)) if i != me)
    secrets = list(state.secrets)
    secrets[one], secrets[other] = secrets[other], secrets[one]
    planted = dataclasses.replace(state, secrets=tuple(secrets))
    assert planted.secrets != state.secrets
    assert COLORPOP.view(planted, seat) == COLORPOP.view(state, seat)
    live.state = planted
    try:
        again, _ = await ask(ana, message)
    finally:
        live.state = state
    assert again.text == hint.text


async def test_a_table_without_hints_has_no_hint_and_refuses_a_forged_one(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    _, thread, lobby = await open_table(emu, world, ana, "coloretto", ai_level="easy")
    assert "Hints on" not in lobby.text
    await ana.click(lobby, label="Add AI")
    await ana.click(lobby, label="Start")
    message = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(thread) if "Draw" in m.button_labels), None),
        20,
        "the turn's message",
    )
    assert hint_of(message) is None
    epoch = pop_bot.client.tables.held.cache[1].table.epoch
    forged = await ana.forge_click(message, f"coloretto:1:{epoch}:{HINT}")
    told = await forged.wait_message()
    assert told.ephemeral
    assert told.text == "Hints are off at this table: its host did not turn them on."


async def test_a_private_puzzle_offers_no_hints(emu, world, pop_bot):
    asked = await world.ana.slash("pop", "new", mode="enigma", hints=True)
    told = await asked.wait_message()
    assert told.ephemeral
    assert told.text == (
        "Hints are not offered in a puzzle played privately (Enigma): open it without hints."
    )
    assert await pop_bot.client.tables.store.tables_in(told.channel.id) == []


async def test_pops_solo_game_keeps_its_own_counted_hint(emu, world, pop_bot):
    asked = await world.ana.slash("pop", "new", mode="solo", hints=True)
    told = await asked.wait_message()
    assert told.ephemeral
    assert told.text == (
        "Pop's solo game has a Hint of its own, counted in its result: "
        "open it without the hints option."
    )
    assert await pop_bot.client.tables.store.tables_in(told.channel.id) == []


def synced_option(emu, world, command, option, sub="new"):
    """An option of `/<command> <sub>` as the bot synced it to Discord."""
    synced = emu.guild_commands.get(world.guild.id, []) + emu.global_commands
    found = next(c for c in synced if c["name"] == command)
    new = next(o for o in found["options"] if o["name"] == sub)
    return next(o for o in new["options"] if o["name"] == option)


async def test_every_new_table_offers_the_expert_and_hints_in_every_language(emu, world, pop_bot):
    for command in ("pop", "coloretto", "colorpop", "colourist", "challenge"):
        level = synced_option(emu, world, command, "ai_level")
        expert = next(c for c in level["choices"] if c["value"] == "expert")
        assert expert["name"] == "expert"
        assert len(expert["name_localizations"]) >= 6, expert  # every other language
        assert level["description"] == "how well AI players play: easy, normal, hard or expert"
    for command in ("pop", "coloretto", "colorpop", "colourist"):
        hints = synced_option(emu, world, command, "hints")
        assert hints["type"] == 5  # a boolean
        assert not hints.get("required")
        assert len(hints["description_localizations"]) >= 6, hints


async def test_an_expert_that_cannot_judge_is_said_and_never_leaves_the_hint_thinking(
    emu, world, roomy_channels, pop_bot, monkeypatch
):
    ana = world.ana
    thread, _ = await opened_with_hints(emu, world, "colorpop", ana, ai=1, ai_level="easy")

    async def cannot(*_args):
        raise NotImplementedError("this game's expert is being written")

    monkeypatch.setattr(pop_bot.client.tables.hints, "judged", cannot)
    held = pop_bot.client.tables.held
    message = await emu.wait_for(lambda: colorpop_turn(held, ana, thread), 20, "Ana's turn")
    answer, _ = await ask(ana, message)
    assert answer.text == "The expert cannot give a hint for this game right now — sorry!"
