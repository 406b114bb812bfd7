"""What a table's thread holds after a whole game (issue 33's measure): the messages the bot
posted there and the pictures they show, the messages it created and edited, and the game's
turns. Pop is played by clicks (the host picks a card from each turn's message, four AI seats
beside her), so each turn's message is out before its turn is revealed, as with people; the
other games play every seat as an AI (the host hands her seat over once the game is dealt).
`tests/bot/test_thread_counts_e2e.py` holds the goal and prints the figures (`pytest -s`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.bot.story import card_buttons, open_hand, pick, start_table


@dataclass(frozen=True)
class ThreadCount:
    game: str
    messages: int  # the bot's public messages in the thread (the lobby and results included)
    pictures: int  # the pictures they show at the end
    posts: int  # messages created in the thread (requests)
    edits: int  # messages edited there (requests)
    turns: int  # the game's turns (a seat's turn in games played one seat at a time)

    def row(self) -> str:
        return (
            f"{self.game}: {self.messages} messages, {self.pictures} pictures, "
            f"{self.posts} posts, {self.edits} edits, {self.turns} turns"
        )


def _results(actor, thread):
    return next((m for m in actor.visible_messages(thread) if "Rematch" in m.button_labels), None)


async def play_by_ai(emu, world, thread) -> None:
    """The host's seat goes to the AI: the game plays itself to its results."""
    await (await world.ana.at(thread).slash("table", "leave")).wait_message()
    await emu.wait_for(lambda: _results(world.ana, thread), 240, "the results")


async def play_pop_by_clicks(emu, world, thread) -> None:
    """The host picks her first card from each turn's message until the results are out."""
    ana, played = world.ana, set()

    def next_turn():
        for m in ana.visible_messages(thread):
            if "Rematch" in m.button_labels:
                return m
            if "My hand" in m.button_labels and not m.ephemeral and m.id not in played:
                return m
        return None

    while "Rematch" not in (message := await emu.wait_for(next_turn, 60, "a turn")).button_labels:
        played.add(message.id)
        hand = await open_hand(ana, message)
        await pick(ana, hand, card_buttons(hand)[0])


async def count_game(
    emu, world, bot, label: str, game: str, ai: int, *, by_ai: bool = False, **options
) -> ThreadCount:
    """Deal a game of the host and `ai` AI seats, play it (`by_ai`: Pop too is played by AI
    seats alone, so its turns are revealed before their messages go out), and count its thread
    once the results are out and the outbox is idle."""
    ana = world.ana
    number, thread = await start_table(emu, world, ana, (), ai=ai, game=game, **options)
    if game == "pop" and not by_ai:
        await play_pop_by_clicks(emu, world, thread)
    else:
        await play_by_ai(emu, world, thread)
    tables = bot.client.tables
    await tables.outboxes.of(number).idle(60)
    mine = [
        m
        for m in ana.visible_messages(thread)
        if m.author.id == emu.bot_user.id and not m.ephemeral
    ]
    path = re.compile(rf"/api/v10/channels/{thread.id}/messages(/\d+)?$")
    asked = [(method, p) for method, p, status in emu.requests if path.match(p) and status < 300]
    table, state = await tables.store.load(number)
    rules = tables.held.faces[table.game].game
    return ThreadCount(
        label,
        len(mine),
        sum(len(m.attachments) for m in mine),
        sum(method == "POST" for method, _ in asked),
        sum(method == "PATCH" for method, _ in asked),
        rules.turn(rules.load_state(state)),
    )
