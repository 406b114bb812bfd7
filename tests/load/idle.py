"""The slow tables of `python -m tests.load --idle N`: N Pop tables with 24-hour turn timers, a
few moves made, waiting for a person, stored before the bot starts; their players click now and
then, and some of their deadlines come due while the others play.

Opening 10,000 tables through Discord's rate limits would take a quarter of an hour, so one
table is played for real (a bot process of its own opens it with `timer:24h`, two people and two
AI seats play two turns, then it stops) and copied N times straight into the database, each copy
with its own server, thread and players in the emulator and its own turn message there (the
template's buttons, for its own table). The bot measured is then started on that database: to
it, a restart with N tables waiting.

What it measures beside the playing tables' figures:

- a click on an idle table (My hand, pressed by a seated player on the table's turn message, at
  `CLICKS_PER_SECOND`): answer latency p50/p99, from the emulator's clocks, as for the others;
- deadlines after the restart: `DUE_AT_START` copies' turns ran out while the bot was down,
  `DUE_LATER` more run out during the trial; each is late by how long after its deadline (or,
  when that passed before the bot was back, after the bot began to resume) the bot acted on it
  (the bot notes when it stores the timed-out turn: ``D`` lines).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.model.table import Table

TABLES_PER_GUILD = 250
PLAYERS_PER_GUILD = 10  # the copies' seats are these people's, two at each table
DUE_AT_START = 20  # copies whose deadline passed while the bot was down
DUE_LATER = 40  # copies whose deadline comes during the trial, spread over DUE_WITHIN
DUE_WITHIN = (30.0, 150.0)  # seconds after the copies are written
CLICKS_PER_SECOND = 2.0
TEMPLATE_TURNS = 2  # turns played at the template table before it is copied
COPIES_PER_TRANSACTION = 500


class IdleTables:
    """The template's server, the copies' servers and people, and what their clicks saw."""

    owes_work = False  # the copies wait for a person: a restart loads none of them

    def __init__(self, emu, count: int, seed: int = 1) -> None:
        self.emu, self.count = emu, count
        self.rng = random.Random(seed)
        self.due_count = DUE_AT_START + DUE_LATER  # copies with a deadline (read now: tests)
        guild = emu.add_guild("Slow template")
        self.template_channel = emu.add_text_channel(guild, "slow-template")
        self.template_players = emu.add_people(guild, ["slow-ana", "slow-ben"])
        self.guilds: list[tuple[Any, Any, list]] = []  # (guild, channel, its people)
        for g in range(-(-count // TABLES_PER_GUILD)):
            guild = emu.add_guild(f"Slow {g}")
            channel = emu.add_text_channel(guild, f"slow-{g}")
            people = emu.add_people(guild, [f"slow-{g}-{p}" for p in range(PLAYERS_PER_GUILD)])
            self.guilds.append((guild, channel, people))
        self.user_ids = {u.id for _, _, people in self.guilds for u in people}
        self.user_ids |= {u.id for u in self.template_players}
        #: table id → (the player who clicks, the table's turn message)
        self.clickable: dict[int, tuple[Any, Any]] = {}
        self.deadlines: dict[int, float] = {}  # table id → its turn deadline
        self.due_within = DUE_WITHIN  # read now: a test may shorten it

    # --- The template, played by a bot process of its own ----------------------------------

    async def play_template(
        self, start_bot: Callable[[], Awaitable[Any]], stop_bot: Callable[[Any], Awaitable[None]]
    ) -> Any:
        """Open the template table, play `TEMPLATE_TURNS` turns, stop that bot once the AI
        seats moved in the next turn and every post is out; the next turn's message."""
        emu = self.emu
        proc = await start_bot()
        try:
            host, guest = (emu.actor(u, self.template_channel) for u in self.template_players)
            opened = await host.slash("pop", "new", mode="competitive", sets=3, timer="24h")
            message = await opened.wait_message(timeout=30)
            number = int(re.search(r"#(\d+)", message.text).group(1))
            thread = await emu.thread_named(f"Pop table #{number}")
            lobby = await emu.next_message(thread, lambda m: "Join" in m.button_labels)
            await guest.click(lobby, label="Join")
            for _ in range(2):
                await host.click(lobby, label="Add AI")
            await host.click(lobby, label="Start")
            after = lobby.id
            for played in range(TEMPLATE_TURNS + 1):
                turn = await emu.next_message(
                    thread, lambda m: "My hand" in m.button_labels, after_id=after, timeout=60
                )
                after = turn.id
                if played < TEMPLATE_TURNS:
                    for player in (host, guest):
                        await _pick(emu, player.at(thread), turn)
            await asyncio.sleep(3.0)  # the AI seats' picks, the last edits (`write_copies` checks)
            return number, turn
        finally:
            await stop_bot(proc)

    # --- The copies, written straight into the database ------------------------------------

    async def write_copies(self, store, template_id: int, turn) -> None:
        """`count` copies of the template table, each in its own thread with its own turn
        message; some with a deadline that passed, some with one soon."""
        found = await store.load(template_id)
        assert found is not None, "the template table is not stored"
        template, state = found
        [(owes,)] = await store.fetch("SELECT owes_work FROM game_tables WHERE id = ?", template_id)
        if owes:  # its AI seats had not moved, or it owed an edit: no idle table to copy
            raise RuntimeError(
                f"the template table {template_id} still owes work (an AI seat to move, an edit"
                f" to make): it cannot be copied as an idle table; its log is template.log"
            )
        now = time.time()
        due = list(range(self.due_count))
        for start in range(0, self.count, COPIES_PER_TRANSACTION):
            async with store.transaction() as tx:
                for n in range(start, min(self.count, start + COPIES_PER_TRANSACTION)):
                    deadline = None
                    if n in due:
                        early, late = self.due_within
                        deadline = (
                            now - 3600
                            if n < DUE_AT_START
                            else now + early + (late - early) * (n - DUE_AT_START) / DUE_LATER
                        )
                    await self._copy(tx, template, state, turn, n, deadline)

    def shape(self, table: Table) -> None:
        """A copy as this kind of table is stored (`tests.load.paused`: paused)."""

    def last_deadline(self) -> float:
        return max(self.deadlines.values(), default=0.0)

    async def _copy(self, tx, template: Table, state, turn, n: int, deadline) -> None:
        guild, channel, people = self.guilds[n // TABLES_PER_GUILD]
        first, second = people[n % len(people)], people[(n + 1) % len(people)]
        table = template.model_copy(deep=True)
        table.guild_id, table.channel_id, table.host_id = guild.id, channel.id, first.id
        humans = [s for s in table.seats if not s.ai]
        for seat, user in zip(humans, (first, second), strict=True):
            seat.user_id, seat.name = user.id, user.name
        if deadline is not None:
            table.turn_deadline, table.warned = deadline, True  # the deadline is the next wake
        table.id = await tx.insert(
            "INSERT INTO game_tables (game, guild_id, channel_id, status, version, data, state,"
            " created_at, updated_at, wake_at, owes_work) VALUES (?, ?, ?, ?, ?, '{}', ?, ?, ?,"
            " ?, ?)",
            table.game,
            table.guild_id,
            table.channel_id,
            table.status,
            table.version,
            state,
            "2026-12-01T00:00:00+00:00",
            "2026-12-01T00:00:00+00:00",
            table.next_wake(),
            int(self.owes_work),
        )
        emu = self.emu
        thread = emu.add_thread(channel, f"Pop table #{table.id}")
        message = emu.create_message(
            thread,
            emu.bot_user,
            content=turn.content,
            components=_for_table(turn.components, table.id),
            flags=turn.flags,  # a Components V2 turn message stays one
        )
        table.thread_id, table.turn_message_id = thread.id, message.id
        table.lobby_message_id, table.owed_edits = None, []
        self.shape(table)
        await tx.execute(
            "UPDATE game_tables SET thread_id = ?, data = ? WHERE id = ?",
            thread.id,
            table.model_dump_json(),
            table.id,
        )
        for sql in (
            "INSERT INTO game_moves (table_id, game_no, seq, seat, user_id, move, created_at)"
            " SELECT ?, game_no, seq, seat, user_id, move, created_at FROM game_moves"
            " WHERE table_id = ?",
            "INSERT INTO table_deliveries (table_id, game_no, seq, step, idle, updated_at)"
            " SELECT ?, game_no, seq, step, idle, updated_at FROM table_deliveries"
            " WHERE table_id = ?",
        ):
            await tx.execute(sql, table.id, template.id)
        if deadline is None:
            self.clickable[table.id] = (emu.actor(first, thread), message)
        else:
            self.deadlines[table.id] = deadline

    # --- While the others play ---------------------------------------------------------------

    async def click(self) -> None:
        """A seated player presses My hand on an idle table, `CLICKS_PER_SECOND`, each on
        a table not clicked before (so each click finds its table in the database)."""
        order = list(self.clickable)
        self.rng.shuffle(order)
        pressing: set[asyncio.Task] = set()
        try:
            for table_id in order:
                actor, message = self.clickable[table_id]
                task = asyncio.create_task(_press(actor, message))
                pressing.add(task)
                task.add_done_callback(pressing.discard)
                await asyncio.sleep(1 / CLICKS_PER_SECOND)
        finally:
            for task in pressing:
                task.cancel()

    def figures(self, interactions, fired: dict[int, float], resumed_at: float) -> dict[str, Any]:
        from .bench_load import _rounded, percentile  # here: bench_load imports this module

        clicks = [
            i
            for i in interactions
            if i.user.id in self.user_ids and i.type == 3 and i.created_at >= resumed_at
        ]
        latencies = [(i.answered_at - i.created_at) * 1000 for i in clicks if i.responded]
        late = [
            fired[table_id] - max(deadline, resumed_at)
            for table_id, deadline in self.deadlines.items()
            if table_id in fired
        ]
        return {
            "idle_tables": self.count,
            "idle_clicks": len(clicks),
            "idle_click_ms_p50": _rounded(percentile(latencies, 50)),
            "idle_click_ms_p99": _rounded(percentile(latencies, 99)),
            "idle_clicks_unanswered": sum(1 for i in clicks if not i.responded),
            "deadlines_after_restart": len(self.deadlines),
            "deadlines_fired": len(late),
            "deadline_late_s_p99": _rounded(percentile(late, 99), 2),
            "deadline_late_s_max": _rounded(max(late, default=None), 2),
        }


def _for_table(components: list[dict[str, Any]], table_id: int) -> list[dict[str, Any]]:
    """The template's components (rows of buttons, or a Components V2 container holding them),
    for another table (`pop:<table>:…`), without the ids Discord numbered them with."""
    copied = []
    for component in components:
        child = {k: v for k, v in component.items() if k != "id"}
        if "custom_id" in child:
            child["custom_id"] = re.sub(r"^pop:\d+:", f"pop:{table_id}:", child["custom_id"])
        if "components" in child:
            child["components"] = _for_table(child["components"], table_id)
        copied.append(child)
    return copied


async def _pick(emu, player, turn) -> None:
    """Open the hand, pick a card (and confirm, where the mode asks), at once."""
    opened = await player.click(turn, label="My hand")
    hand = await opened.wait_message(
        lambda m: any(":card:" in b.get("custom_id", "") for b in m.buttons), 30
    )
    cards = [
        b["custom_id"]
        for b in hand.buttons
        if ":card:" in b.get("custom_id", "") and not b.get("disabled")
    ]
    await player.click(hand, custom_id=cards[0])
    if any(b.get("label") == "Confirm" for b in hand.buttons):
        await player.click(hand, label="Confirm")


async def _press(actor, message) -> None:
    with contextlib.suppress(Exception):  # the answer is read from the emulator's record
        await actor.click(message, label="My hand")


def deadline_lines(stats_path: Path) -> tuple[dict[int, float], float]:
    """From the bot's stats: when it acted on each table's timed-out turn, and when it began
    to resume (``Y``)."""
    fired: dict[int, float] = {}
    resumed_at = 0.0
    for line in stats_path.read_text().splitlines():
        kind, *fields = line.split()
        if kind == "D" and len(fields) == 2:
            fired.setdefault(int(fields[0]), float(fields[1]))
        elif kind == "Y" and fields:
            resumed_at = float(fields[0])
    return fired, resumed_at
