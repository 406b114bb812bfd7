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


def with_buttons(messages, label):
    return [m for m in messages if label in m.button_labels]


async def wait_turn_message(emu, actor, thread, turn_key: str, timeout: float = 20):
    """The newest public table message with a My hand button whose text mentions turn_key."""

    def find():
        found = [m for m in actor.visible_messages(thread)
                 if not m.ephemeral and "My hand" in m.button_labels and turn_key in m.content]
        return found[-1] if found else None

    return await emu.wait_for(find, timeout, f"the table message for {turn_key}")


def card_buttons(message) -> list[int]:
    return [int(b["custom_id"].rsplit(":", 1)[1]) for b in message.buttons
            if ":card:" in b["custom_id"]]
