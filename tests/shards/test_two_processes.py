"""Two bot processes, one shard each, one PostgreSQL: every guild is served by the process that
runs its shard, and a killed process, started again, resumes its own tables (and only those).

The processes are real: `python -m bot.cli run` with POP_SHARD_COUNT=2 and POP_SHARD_IDS=0 / 1,
against one emulator holding a guild on each shard. Which process answered an interaction is
read off the answering TCP connection (the emulator records its peer address; /proc says which
process holds that socket).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from tests.bot.story import open_table, play_turn

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """`pop-bot run` for one shard, its log in a file. It runs in a process group of its own
    with its worker processes (pictures, AI): a kill takes them all, as a container's would,
    and none is left behind on the machine after the test."""

    def __init__(self, shard: int, env: dict[str, str], log: Path) -> None:
        self.shard, self.env, self.log = shard, env, log
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "bot.cli", "run"],
                cwd=self.log.parent,
                env=self.env | {"POP_SHARD_IDS": str(self.shard)},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def _kill_group(self) -> None:
        """The bot and whatever it started (its group's id is its pid)."""
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self._kill_group()
            self.proc.wait(timeout=10)
        self._kill_group()

    def stop(self) -> None:
        """SIGTERM, as `docker stop` sends: the bot's own handler closes it. Not SIGINT: a test
        run started in the background ignores SIGINT, and so do the processes it starts; each
        stop then waited its 30 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=30)
        self.kill()  # a worker left running after the bot, or a bot that did not stop

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid


async def wait_owing_nothing(url: str, schema: str, timeout: float = 10) -> None:
    """Until no table in this schema says it owes work of its own (owes_work)."""
    import asyncpg

    con = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        for _ in range(int(timeout / 0.05)):
            if not await con.fetchval("SELECT count(*) FROM game_tables WHERE owes_work = 1"):
                return
            await asyncio.sleep(0.05)
        raise AssertionError("a table still owes work of its own")
    finally:
        await con.close()


def socket_owner(port: int, pids: list[int]) -> int | None:
    """Which of these processes holds the local TCP socket on this port (Linux /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as f:
            for line in f.read().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port:
                    inodes.add(f"socket:[{fields[9]}]")
    for pid in pids:
        with contextlib.suppress(OSError):
            for fd in os.listdir(f"/proc/{pid}/fd"):
                with contextlib.suppress(OSError):
                    if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                        return pid
    return None


def guild_with_players(emu, shard: int):
    """A guild on shard `shard` of 2 with #games and three players; a world-like namespace."""
    guild = emu.add_guild(f"Club {shard}", shard=(shard, 2))
    games = emu.add_text_channel(guild, "games")
    players = []
    for name in ("ana", "ben", "cleo"):
        user = emu.add_user(f"{name}{shard}")
        emu.add_member(guild, user)
        players.append(emu.actor(user, games))
    return SimpleNamespace(guild=guild, games=games, players=players)


async def start_table(emu, world):
    """/pop new, two joins, start; the thread and the first turn's message."""
    host, *others = world.players
    _, thread, lobby = await open_table(emu, world, host, mode="competitive", sets=1)
    for player in others:
        assert (await player.click(lobby, label="Join")).responded
    assert (await host.click(lobby, label="Start")).responded
    return thread


async def next_turn(emu, world, thread, turn: int):
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in world.players[0].visible_messages(thread)
                if "My hand" in m.button_labels and f"turn {turn}**" in m.text
            ),
            None,
        ),
        20,
        f"the table message of turn {turn}",
    )


def bot_process_env(emu) -> dict[str, str]:
    """A bot process's environment: ours without our settings, pointed at the emulator."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("POP_")}
    return env | {
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": emu.token,
        "POP_DISCORD_API_BASE": emu.api_base,
        "POP_DISCORD_GATEWAY_URL": emu.gateway_url,
    }


async def test_two_processes_serve_their_own_shards_and_resume_their_own_tables(
    emu, pg_schema, tmp_path
):
    url, schema = pg_schema
    emu.message_rate = (50, 5.0)  # the subject is sharding, not Discord's per-channel limit
    worlds = [guild_with_players(emu, shard) for shard in (0, 1)]
    env = bot_process_env(emu) | {
        "POP_DATABASE_URL": f"{url}?search_path={schema}",
        "POP_SHARD_COUNT": "2",
        "POP_STEP_DELAY": "0",
        "POP_TURN_TIMER": "0",
        "POP_LOG_LEVEL": "INFO",
    }
    procs = [BotProcess(shard, env, tmp_path / f"shard-{shard}.log") for shard in (0, 1)]

    def ready(shard: int) -> bool:
        session = emu.session_for(worlds[shard].guild)
        return session is not None and session.ready and session.shard == (shard, 2)

    async def wait_ready(shard: int, starts: int = 1) -> None:
        await emu.wait_for(
            lambda: ready(shard) and procs[shard].log.read_text().count("ready as") == starts,
            25,
            f"the process of shard {shard}",
        )

    try:
        for proc in procs:
            proc.start()
        await asyncio.gather(wait_ready(0), wait_ready(1))

        # Each guild plays its first turn; both games reach turn 2.
        threads = await asyncio.gather(*(start_table(emu, w) for w in worlds))
        for world, thread in zip(worlds, threads, strict=True):
            await play_turn(emu, world.players, thread, "Set 1/1 · turn 1**")
        await asyncio.gather(
            *(next_turn(emu, w, t, 2) for w, t in zip(worlds, threads, strict=True))
        )

        # Every interaction of a guild was answered by the process running its shard.
        pids = [p.pid for p in procs]
        for shard, world in enumerate(worlds):
            mine = [i for i in emu.interactions.values() if i.guild is world.guild]
            assert len(mine) >= 6
            assert all(i.responded for i in mine)
            owners = {socket_owner(i.answered_from[1], pids) for i in mine}
            assert owners == {pids[shard]}, (shard, owners, pids)

        # Shard 0's process dies after one player chose in turn 2 ...
        ana0, ben0, cleo0 = worlds[0].players
        turn2 = await next_turn(emu, worlds[0], threads[0], 2)
        opened = await ana0.click(turn2, label="My hand")
        hand = await opened.wait_message(lambda m: m.buttons)
        assert (
            await ana0.click(
                hand,
                custom_id=next(b["custom_id"] for b in hand.buttons if ":card:" in b["custom_id"]),
            )
        ).responded
        await emu.wait_for(lambda: "✅ Ana0" in turn2.text, 10, "ana0's choice to show")
        # The text shown, the table stores that it owes nothing; a kill before that store
        # would rightly resume it to show the text again (not the subject here).
        await wait_owing_nothing(url, schema)
        procs[0].kill()
        await emu.wait_for(
            lambda: emu.session_for(worlds[0].guild) is None, 10, "shard 0 to go silent"
        )
        # ... its guild goes unanswered meanwhile; the other guild carries on.
        emu.response_deadline = 1.0
        assert not (await ben0.click(turn2, label="My hand")).responded
        emu.response_deadline = 3.0
        await play_turn(emu, worlds[1].players, threads[1], "Set 1/1 · turn 2**")
        await next_turn(emu, worlds[1], threads[1], 3)

        # Started again, it carries on with its own table where ana0 left it. The table
        # waits for people, owing nothing itself: it stays in the database until a click.
        before = set(emu.interactions)
        procs[0].start()
        await wait_ready(0, starts=2)
        log = procs[0].log.read_text()
        assert log.count("resumed 0 tables") == 2, log
        await play_turn(emu, [ben0, cleo0], threads[0], "Set 1/1 · turn 2**")
        turn3 = await next_turn(emu, worlds[0], threads[0], 3)
        assert turn3.id > turn2.id
        placed = [m for m in ana0.visible_messages(threads[0]) if "Ana0 placed" in m.text]
        assert len(placed) == 2  # turn 1, and turn 2 with the card chosen before the kill
        again = [emu.interactions[i] for i in set(emu.interactions) - before]
        assert len(again) >= 4
        assert all(i.responded for i in again)
        assert {socket_owner(i.answered_from[1], [p.pid for p in procs]) for i in again} == {
            procs[0].pid
        }
    finally:
        for proc in procs:
            proc.stop()
