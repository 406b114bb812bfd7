"""Helpers that make end-to-end tests read like a story of people at a table."""

from __future__ import annotations

import re

COLOURS = "red|yellow|green|blue|purple"


def thread_of(world, table_no: int):
    """The thread the bot opened for table #N (None if there is none yet)."""
    return next((c for c in world.guild.threads if c.name == f"Pop table #{table_no}"), None)


def cards_mentioned(message) -> set[int]:
    """Card numbers a message shows in words: alt texts ("23 green") and captions ("**23**",
    "💥 12, 22 explode", "The Chief shows: 7")."""
    found = set()
    for attachment in message.attachments:
        found |= {int(n) for n in re.findall(rf"\b(\d+) (?:{COLOURS})\b",
                                             attachment.description or "")}
    text = message.content
    found |= {int(n) for n in re.findall(r"\*\*(\d+)\*\*", text)}
    for group in re.findall(r"💥(?: Chain ×\d+:)? ([\d, ]+) explode", text):
        found |= {int(n) for n in re.findall(r"\d+", group)}
    for group in re.findall(r"shows: ([\d, ]+)", text):
        found |= {int(n) for n in re.findall(r"\d+", group)}
    return found


def table_number(message) -> int:
    return int(re.search(r"#(\d+)", message.content).group(1))


def card_buttons(message) -> list[int]:
    return [int(b["custom_id"].rsplit(":", 1)[1]) for b in message.buttons
            if ":card:" in b["custom_id"]]


async def open_table(emu, world, host, **options):
    opened = await host.slash("pop", "new", **options)
    message = await opened.wait_message()
    number = table_number(message)
    thread = await emu.wait_for(lambda: thread_of(world, number), 10, "the table's thread")
    lobby = await emu.wait_for(
        lambda: next((m for m in host.visible_messages(thread) if "Join" in m.button_labels),
                     None), 10, "the lobby message")
    return number, thread, lobby


async def play_turn(emu, players, thread, header, pick=lambda hand: hand[:1]):
    """Every player opens their hand from the table message of this turn and picks.
    Returns the table message, and what each player held and picked."""
    turn_message = await emu.wait_for(
        lambda: next((m for m in reversed(players[0].visible_messages(thread))
                      if "My hand" in m.button_labels and header in m.content), None),
        20, f"the table message of {header}")
    held, picked = {}, {}
    for player in players:
        opened = await player.click(turn_message, label="My hand")
        hand_message = await opened.wait_message(lambda m: m.buttons)
        assert hand_message.ephemeral and hand_message.visible_to(player.user)
        held[player.name] = hand = card_buttons(hand_message)
        picked[player.name] = pick(hand)
        for card in picked[player.name]:
            result = await player.click(hand_message, custom_id=next(
                b["custom_id"] for b in hand_message.buttons
                if b["custom_id"].endswith(f":card:{card}")))
            assert result.responded
        if any(b.get("label") == "Confirm" for b in hand_message.buttons):
            want = f"{len(picked[player.name])} of {len(picked[player.name])}"
            await emu.wait_for(lambda m=hand_message, w=want: w in m.content, 10,
                               "the selection")
            await player.click(hand_message, label="Confirm")
    return turn_message, held, picked


def assert_no_secret_shown(public, turns):
    """While a card is in a hand, no public message mentions it (text or picture alt text).

    `turns` are (table message, cards held, cards picked) per turn, in order; a card held but
    not picked in a turn stays secret until the next turn's table message (to the end for the
    last turn, which covers the cards left in hand when the game ends)."""
    public = sorted(public, key=lambda m: m.id)
    for i, (turn_message, held, picked) in enumerate(turns):
        secret = set().union(*map(set, held.values())) - set().union(*map(set, picked.values()))
        until = turns[i + 1][0].id if i + 1 < len(turns) else float("inf")
        for message in public:
            if turn_message.id <= message.id < until:
                assert not cards_mentioned(message) & secret, message.content


