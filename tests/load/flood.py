"""The flood of `python -m tests.load --flood`: one server whose members open tables and click
as fast as the bot's limits allow, while the other servers play as usual.

Each flooding member opens Pop tables with three AI seats in the flood server's channels, again
and again (the limits refuse the fourth: `bot/model/limits.py`), plays them without thinking, and
presses My hand about twice as often as the click rate allows. What the others' tables show
with and without the flood says whether one server can slow the others down.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections import Counter
from typing import Any

from bot.texts.i18n import t

FLOOD_USERS = 10
FLOOD_CHANNELS = 10
CLICKS_PER_SECOND = 10.0  # twice the default limit: the limit, not the flooder, sets the pace

# The answers a flooding member may get, by what they say.
REFUSALS = {
    "tables_per_user": t("refusal.limit.user", "en", n=3),
    "tables_per_channel": t("refusal.limit.channel", "en", n=5),
    "tables_per_server": t("refusal.limit.server", "en", n=50),
    "too_many_clicks": t("refusal.too_fast", "en"),
}


class Flood:
    """The flood server, its members and what they were told."""

    def __init__(self, emu) -> None:
        self.emu = emu
        guild = emu.add_guild("Flood")
        self.channels = [emu.add_text_channel(guild, f"flood-{i}") for i in range(FLOOD_CHANNELS)]
        self.members = emu.add_people(guild, [f"flooder-{i}" for i in range(FLOOD_USERS)])
        self.user_ids = {user.id for user in self.members}
        self.tables: set[int] = set()  # the flood's table numbers (their pictures are not counted)
        self.told: Counter[str] = Counter()
        self.errors: Counter[str] = Counter()
        self.clicks = 0

    def note(self, answer: Any) -> None:
        """Count a refusal the flood was given."""
        content = getattr(answer, "content", "") or ""
        for name, text in REFUSALS.items():
            if content == text:
                self.told[name] += 1

    async def run(self) -> None:
        await asyncio.gather(*(self._member(i, user) for i, user in enumerate(self.members)))

    async def _member(self, i: int, user) -> None:
        """Open tables in turn in the flood's channels; play each one opened at once."""
        playing: list[asyncio.Task] = []
        n = i
        try:
            while True:
                channel = self.channels[n % len(self.channels)]
                n += 1
                number = await self._open(self.emu.actor(user, channel))
                if number is not None:
                    actor = self.emu.actor(user, channel)
                    playing.append(asyncio.create_task(self._play(actor, number)))
                await asyncio.sleep(0.2)
        finally:
            for task in playing:
                task.cancel()

    async def _open(self, actor) -> int | None:
        with contextlib.suppress(AssertionError, TimeoutError):
            opened = await actor.slash("pop", "new", mode="competitive", sets=3)
            answer = await opened.wait_message(timeout=30)
            self.note(answer)
            found = re.search(r"table #(\d+)", answer.text)
            return int(found.group(1)) if found and "opened" in answer.text else None
        return None

    async def _play(self, actor, number: int) -> None:
        """Three AI seats, start, then pick at once and press My hand without pause."""
        emu = self.emu
        self.tables.add(number)
        try:
            thread = await emu.thread_named(f"Pop table #{number}")
            actor = emu.actor(actor.user, thread)
            lobby = await emu.next_message(thread, lambda m: "Join" in m.button_labels)
            for _ in range(3):
                await self._click(actor, lobby, label="Add AI")
            await self._click(actor, lobby, label="Start")
            after = lobby.id
            while True:
                turn = await emu.next_message(
                    thread, lambda m: "My hand" in m.button_labels, after_id=after, timeout=120
                )
                after = turn.id
                await self._turn(actor, turn)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a table the flood lost track of: counted, the flood goes on
            self.errors[type(e).__name__] += 1

    async def _turn(self, actor, turn) -> None:
        for _ in range(5):  # a burst of presses beyond the click rate
            opened = await self._click(actor, turn, label="My hand")
        if opened is None:
            return
        with contextlib.suppress(TimeoutError):
            hand = await opened.wait_message(
                lambda m: any(":card:" in b.get("custom_id", "") for b in m.buttons), 5
            )
            card = next(b["custom_id"] for b in hand.buttons if ":card:" in b["custom_id"])
            await self._click(actor, hand, custom_id=card)

    async def _click(self, actor, message, **which: Any):
        """A press, at the flood's own pace; what it answered is counted."""
        await asyncio.sleep(1 / CLICKS_PER_SECOND)
        self.clicks += 1
        try:
            pressed = await actor.click(message, **which)
        except Exception:  # a button gone meanwhile: the flood presses on
            return None
        if pressed.response_type == 4:  # a message (a refusal, or the hand): read it
            with contextlib.suppress(TimeoutError):
                self.note(await pressed.wait_message(timeout=2))
        return pressed

    def figures(self) -> dict[str, Any]:
        return {
            "flood_members": FLOOD_USERS,
            "flood_tables_opened": len(self.tables),
            "flood_clicks": self.clicks,
            "flood_told": dict(sorted(self.told.items())),
            "flood_errors": dict(sorted(self.errors.items())),
        }
