"""The load benchmark: many four-seat tables at once against the loopback Discord; one JSON line.

Run from a checkout: `.venv/bin/python -m tests.load --tables 100` (options: `--help`).

The bot is the real one (`create_bot`, as `pop-bot run` builds it), in a subprocess of its own so
that its memory and event loop are measured alone: a real SQLite database (or PostgreSQL with
--database-url), real pictures, Discord's pacing (`POP_STEP_DELAY` 1.5 s, 120 s turn timer). This
process runs the emulator from tests/discord_emulator — enforcing Discord's per-channel (5 messages
per 5 s) and global (50 requests per s) rate limits and the 3 s answer deadline — and the players:
per table two humans (each opens their hand, thinks 2-10 s at random, picks a card) and two AI
seats, three-set competitive games, a rematch when one ends.

Measured over the window (--seconds, once every table is playing):

- answer latency p50/p99: an interaction's creation to the bot's initial response, as the emulator
  saw them (`Interaction.created_at` / `answered_at`); missed 3 s deadlines;
- event-loop lag p99: in the bot process, a task sleeps 50 ms again and again; lag is how much
  later than asked it wakes;
- RSS: the bot process's resident memory (peak of samples every 0.5 s, from /proc); its worker
  processes (bot/tables/workers.py: pictures, AI) apart, by proportional set size (shared pages
  counted once), as `workers_mb`;
- step pictures posted per second;
- the bot's requests (issue #17): rate-limited requests (every REST request with the bot token,
  interaction routes aside) per completed turn (a turn resolved in the window); 429s per minute,
  per route and of the global limit; invalid requests (401, 403, 429) per 10 minutes (the
  window's count scaled to 10 minutes: Discord bans at 10,000); turns completed per table (p10,
  p50, p90: do tables slow down evenly?);
- RSS per table over time: the bot's RSS and its workers' memory divided by the tables, sampled every `rss_every`
  seconds of the window (`--duration` runs a soak of that many seconds);
- picture delay p99: from a turn's resolution to each of its step pictures being posted. The
  resolution time is recorded in the bot when the pick that reveals the turn is committed (the
  engine resolves every step of a turn then; the bot wraps `store.save` to note the time). The
  pictures of the k-th revealed turn of a table are its k-th run of `s<set>-t<turn>-*` files.
  This includes the deliberate pacing (`step_delay` between steps), so a turn of n steps cannot
  show its last picture before (n-1) x 1.5 s.

With --find-max, trials of growing (then bisected) table counts find the largest that still meets
every criterion in `CRITERIA`. --flood, --idle, --paused and --tournament add tables of another
kind beside the playing ones (`tests.load.flood`, `tests.load.idle`, `tests.load.paused`,
`tests.load.tournament`: with --paused, the bot's invalid requests since it started, in all and
in the last minute; with --tournament, a Swiss round opened amid the load).

The emulator is test code, not part of the installed distribution, so this developer tool lives
beside it in tests/ and is run from a checkout; the bot subprocess gets the checkout on its
PYTHONPATH to find this module (its `--serve-bot` entry).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from .flood import Flood
from .idle import DUE_WITHIN, IdleTables, deadline_lines
from .paused import PausedTables
from .tournament import TournamentNight, tournament_comparison

ROOT = Path(__file__).resolve().parents[2]
FLOOD_WARM_UP = 15.0  # seconds the flood runs before the window opens

#: What a table count must meet (--find-max looks for the largest that does).
CRITERIA = {
    "answer_ms_p99": 250.0,
    "missed_deadlines": 0,
    "global_429": 0,
    "rate_limited_per_turn": 2.5,
    "loop_lag_ms_p99": 50.0,
    "rss_mb": 400.0,
    "picture_delay_s_p99": 10.0,
}
PROBE_PERIOD = 0.05  # seconds the lag probe sleeps
STEP_FILE = re.compile(r"^(s\d+-t\d+)-\d+-\w+\.png$")
TABLES_PER_GUILD = 25
#: Paths with the interaction token, exempt from the global limit (as the emulator has them).
TOKEN_ROUTES = ("/api/v10/interactions/", "/api/v10/webhooks/")


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank q-th percentile (None for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def _rounded(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


# --- The bot's side (a subprocess: `python -m tests.load.bench_load --serve-bot STATS`) ----


def serve_bot(stats_path: str) -> int:
    """Run the bot as `pop-bot run` does, plus two probes writing lines to `stats_path`:
    ``L <time> <lag>`` from the loop-lag probe, ``R <table> <time>`` when a turn resolves."""
    from bot.running.logs import configure_logging
    from bot.running.main import create_bot, load_settings

    settings = load_settings()
    if settings is None:
        return 2
    token = settings.discord_token.get_secret_value()
    configure_logging(settings.log_level, settings.log_json, secrets=[token])

    async def main() -> None:
        bot = create_bot(settings)
        out = open(stats_path, "a", buffering=1 << 16)  # noqa: SIM115 (closed below)
        _note_resolutions(bot.store, out)
        _note_resuming(bot.tables, out)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        probe = asyncio.create_task(_lag_probe(out))
        try:
            async with bot:
                running = asyncio.create_task(bot.start(token))
                stopping = asyncio.create_task(stop.wait())
                await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
                stopping.cancel()
                await bot.close()
                with contextlib.suppress(Exception):
                    await running
        finally:
            probe.cancel()
            out.close()

    profile_path = os.environ.get("POP_BENCH_PROFILE")
    if not profile_path:
        asyncio.run(main())
        return 0
    import cProfile

    profiler = cProfile.Profile()  # the event loop's thread only (renders run in threads)
    profiler.enable()
    try:
        asyncio.run(main())
    finally:
        profiler.disable()
        profiler.dump_stats(profile_path)
    return 0


async def _lag_probe(out) -> None:
    flushed = time.monotonic()
    while True:
        start = time.monotonic()
        await asyncio.sleep(PROBE_PERIOD)
        now = time.monotonic()
        out.write(f"L {time.time():.4f} {now - start - PROBE_PERIOD:.5f}\n")
        if now - flushed > 1.0:  # the lines survive a kill, less than a second lost
            out.flush()
            flushed = now


def _note_resolutions(store, out) -> None:
    """Wrap the store's `save`: note how long each took (waiting for the store included), and
    when a move revealed a turn (a public move: its pictures are due)."""
    save = store.save

    async def timed_save(table, state, **kwargs):
        began = time.monotonic()
        await save(table, state, **kwargs)
        took = time.monotonic() - began
        kind = "move" if kwargs.get("move") is not None else "table"
        out.write(f"S {time.time():.4f} {kind} {took:.5f}\n")
        if kwargs.get("posts_due"):
            out.write(f"R {table.id} {time.time():.4f}\n")
        if table.expired and (table.id, table.epoch) not in timed_out:  # its timer acted
            timed_out.add((table.id, table.epoch))
            out.write(f"D {table.id} {time.time():.4f}\n")

    timed_out: set[tuple[int, int]] = set()
    store.save = timed_save


def _note_resuming(tables, out) -> None:
    """Wrap the table service's `resume_all`: note when the bot began to carry on (``Y``)."""
    resume_all = tables.resume_all

    async def noted() -> None:
        out.write(f"Y {time.time():.4f}\n")
        out.flush()
        await resume_all()

    tables.resume_all = noted


# --- The players' side: emulator and drivers in this process -------------------------------


def _import_emulator():
    """tests.discord_emulator, imported when a trial starts (not by the bot's subprocess)."""
    from tests.discord_emulator import server

    return server


def _load_emulator(server):
    class LoadEmulator(server.Emulator):
        """The emulator, plus per-channel message lists the drivers wait on (scanning every
        message of a busy emulator for each wait would cost more than the bot), attachments
        kept without their bytes, and the posting time of every step picture."""

        def __init__(self) -> None:
            super().__init__()
            self.by_channel: dict[int, list] = defaultdict(list)
            self.wakeups: dict[Any, asyncio.Event] = defaultdict(asyncio.Event)
            self.threads: dict[str, Any] = {}
            #: table number -> [(posted at, "s<set>-t<turn>")] for every step picture
            self.pictures: dict[int, list[tuple[float, str]]] = defaultdict(list)

        def _wake(self, key: Any) -> None:
            self.wakeups.pop(key, asyncio.Event()).set()

        def create_message(self, channel, author, **kwargs):
            message = super().create_message(channel, author, **kwargs)
            self.by_channel[channel.id].append(message)
            self._wake(channel.id)
            return message

        def new_attachment(self, channel, filename, _data, content_type, description=None):
            """Every step picture uploaded (with a new message, or with an edit of its turn's
            message: the bot's, in a table's thread), and when."""
            number = re.search(r"#(\d+)", getattr(channel, "name", "") or "")
            step = STEP_FILE.match(filename)
            if step and number and getattr(channel, "is_thread", False):
                self.pictures[int(number.group(1))].append((time.time(), step.group(1)))
            return super().new_attachment(channel, filename, b"", content_type, description)

        def add_thread(self, parent, name, **kwargs):
            thread = super().add_thread(parent, name, **kwargs)
            self.threads[name] = thread
            self._wake("threads")
            return thread

        async def next_message(self, channel, predicate, after_id: int = 0, timeout: float = 60.0):
            deadline = time.monotonic() + timeout
            seen = 0
            while True:
                messages = self.by_channel[channel.id]
                for message in messages[seen:]:
                    if message.id > after_id and predicate(message):
                        return message
                seen = len(messages)
                await self._sleep_until(channel.id, deadline)

        async def thread_named(self, name: str, timeout: float = 60.0):
            deadline = time.monotonic() + timeout
            while name not in self.threads:
                await self._sleep_until("threads", deadline)
            return self.threads[name]

        async def _sleep_until(self, key: Any, deadline: float) -> None:
            """Until something happens under `key`; TimeoutError at the deadline. (Not
            asyncio.wait_for: on 3.11 it can swallow a cancellation, and a driver then never
            stops.)"""
            waiter = asyncio.ensure_future(self.wakeups[key].wait())
            try:
                done, _ = await asyncio.wait(
                    {waiter}, timeout=max(0.0, deadline - time.monotonic())
                )
            finally:
                waiter.cancel()
            if not done:
                raise TimeoutError(f"nothing new in {key} before the deadline")

    return LoadEmulator()


def _epoch(custom_id: str) -> int:
    return int(custom_id.split(":")[2])


class TableDriver:
    """One table from /pop new on: the host opens it, a second human joins, two AI seats, start;
    then every turn each human picks after thinking; a finished game gets a rematch (or, with
    `churn`, the table is left and a new one opened: finished tables must leave the bot's
    memory)."""

    def __init__(
        self,
        emu,
        channel,
        humans: list,
        ai_seats: int,
        rng: random.Random,
        stats: dict[str, int],
        churn: bool = False,
    ) -> None:
        self.emu, self.channel, self.humans = emu, channel, humans
        self.ai_seats, self.rng, self.stats = ai_seats, rng, stats
        self.churn = churn
        self.hands: dict[int, Any] = {}
        self.playing = asyncio.Event()
        self.numbers: set[int] = set()  # the tables it opened

    async def run(self, stagger: float) -> None:
        await asyncio.sleep(stagger)
        while await self.one_table() and self.churn:
            self.stats["tables_finished"] += 1
            self.hands.clear()

    async def one_table(self) -> bool:
        """Open a table and play it; True when its game ended (churn), else plays forever."""
        emu, host = self.emu, self.humans[0]
        try:
            opened = await host.slash("pop", "new", mode="competitive", sets=1 if self.churn else 3)
            message = await opened.wait_message(timeout=30)
            number = int(re.search(r"#(\d+)", message.text).group(1))
            self.numbers.add(number)
            thread = await emu.thread_named(f"Pop table #{number}")
            lobby = await emu.next_message(thread, lambda m: "Join" in m.button_labels)
            for guest in self.humans[1:]:
                await guest.click(lobby, label="Join")
            for _ in range(self.ai_seats):
                await host.click(lobby, label="Add AI")
            await host.click(lobby, label="Start")
        except (AssertionError, TimeoutError, AttributeError):
            self.stats["tables_not_started"] += 1
            self.playing.set()  # the trial goes on without this table (and says so)
            return False
        after = lobby.id
        while True:
            try:
                message = await emu.next_message(
                    thread,
                    lambda m: "My hand" in m.button_labels or "Rematch" in m.button_labels,
                    after_id=after,
                    timeout=120,
                )
                after = message.id
                if "Rematch" in message.button_labels:
                    if self.churn:
                        return True
                    await host.click(message, label="Rematch")
                    continue
                self.playing.set()
                epoch = _epoch(
                    next(b["custom_id"] for b in message.buttons if b.get("label") == "My hand")
                )
                await asyncio.gather(*(self.play(h, message, epoch) for h in self.humans))
            except (AssertionError, TimeoutError, KeyError, StopIteration):
                self.stats["driver_errors"] += 1

    async def play(self, human, turn_message, epoch: int) -> None:
        """Open the hand (or use the one the bot redrew for this turn), think, pick a card."""
        await asyncio.sleep(self.rng.uniform(0.3, 1.0))
        hand = self.hands.get(human.user.id)
        if hand is None or not any(
            _epoch(b["custom_id"]) == epoch
            for b in hand.buttons
            if ":card:" in b.get("custom_id", "")
        ):
            opened = await human.click(turn_message, label="My hand")
            if not opened.responded:
                return
            hand = await opened.wait_message(
                lambda m: any(":card:" in b.get("custom_id", "") for b in m.buttons), 30
            )
            self.hands[human.user.id] = hand
        await asyncio.sleep(self.rng.uniform(2.0, 10.0))
        cards = [
            b["custom_id"]
            for b in hand.buttons
            if ":card:" in b.get("custom_id", "")
            and _epoch(b["custom_id"]) == epoch
            and not b.get("disabled")
        ]
        if not cards:
            return
        await human.click(hand, custom_id=self.rng.choice(cards))
        if any(b.get("label") == "Confirm" for b in hand.buttons):
            await human.click(hand, label="Confirm")


TRIALS = iter(range(1, 1 << 30))


def _fresh_schema(database_url: str) -> str:
    """The URL with a schema of this trial's own as its search_path (the bot creates it):
    every trial starts on an empty PostgreSQL database, as one on SQLite starts on a new file."""
    schema = f"bench_load_{os.getpid()}_{next(TRIALS)}"
    return database_url + ("&" if "?" in database_url else "?") + f"search_path={schema}"


def _bot_env(emu, database: str, database_url: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("POP_")}
    env |= {
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
        "DISCORD_TOKEN": emu.token,
        "POP_DISCORD_API_BASE": emu.api_base,
        "POP_DISCORD_GATEWAY_URL": emu.gateway_url,
        "POP_DATABASE_PATH": database,
        "POP_LOG_LEVEL": "INFO",
    }
    if database_url:
        env["POP_DATABASE_URL"] = database_url
    return env


def _progress(text: str) -> None:
    print(f"bench load: {text}", file=sys.stderr, flush=True)


def _descendants(pid: int) -> list[int]:
    """Every process under `pid` (the bot's picture and AI workers, and their forkserver)."""
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{parent}/task"):
                with open(f"/proc/{parent}/task/{task}/children") as f:
                    children = [int(child) for child in f.read().split()]
                found += children
                todo += children
    return found


def _cpu_seconds(pid: int) -> tuple[float, float, float]:
    """(event-loop thread, all other threads, worker processes) CPU seconds so far, from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    main = others = workers = 0.0
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            used = (int(fields[11]) + int(fields[12])) / tick
            if int(task) == pid:
                main += used
            else:
                others += used
    for child in _descendants(pid):
        with contextlib.suppress(OSError), open(f"/proc/{child}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
            workers += (int(fields[11]) + int(fields[12])) / tick
    return main, others, workers


def _rss_mb(pid: int) -> float | None:
    """The bot process's resident memory."""
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return None


def _workers_mb(pid: int) -> float:
    """The memory of the bot's worker processes (bot/tables/workers.py), by proportional set size:
    pages they share (the interpreter, the libraries) are counted once among them, not once per
    process as their RSS would."""
    total = 0.0
    for child in _descendants(pid):
        with contextlib.suppress(OSError), open(f"/proc/{child}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) / 1024
                    break
    return total


def soak_verdict(samples: list[tuple[float, float]], tables: int) -> dict[str, Any]:
    """A soak of 20 minutes or more: is RSS flat? Every sample of the last 10 minutes within 5 %
    of the RSS at the 10th minute (issue #17's bar)."""
    if not samples or samples[-1][0] < 1200:
        return {}
    tenth = min(samples, key=lambda sample: abs(sample[0] - 600))[1] * tables
    last = [mb * tables for into, mb in samples if into >= samples[-1][0] - 600]
    return {
        "soak": {
            "rss_mb_at_10_min": round(tenth, 1),
            "rss_mb_last_10_min": [round(min(last), 1), round(max(last), 1)],
            "flat_within_5_percent": all(abs(mb - tenth) <= 0.05 * tenth for mb in last),
        }
    }


async def _own_lag_probe(lags: list[tuple[float, float]]) -> None:
    while True:
        start = time.monotonic()
        await asyncio.sleep(PROBE_PERIOD)
        lags.append((time.time(), time.monotonic() - start - PROBE_PERIOD))


def _spawn_bot(env: dict[str, str], workdir: Path, stats_path: Path, log_path: Path):
    """The bot in a subprocess (`serve_bot`), its output in `log_path`."""
    with log_path.open("w") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "tests.load.bench_load", "--serve-bot", str(stats_path)],
            cwd=workdir,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a group of its own, with its workers: stopped together
        )


async def _until_ready(emu, proc, log_path: Path) -> None:
    await emu.wait_for(
        lambda: proc.poll() is not None or "ready as" in log_path.read_text(),
        60,
        "the bot to be ready",
    )
    if proc.poll() is not None:
        raise RuntimeError("the bot exited:\n" + log_path.read_text()[-3000:])


async def _stop_bot(proc) -> None:
    _progress("stopping the bot")
    proc.send_signal(signal.SIGTERM)
    try:
        await asyncio.to_thread(proc.wait, 30)
    except subprocess.TimeoutExpired:
        proc.kill()
        await asyncio.to_thread(proc.wait)
    with contextlib.suppress(ProcessLookupError):  # a worker process left behind
        os.killpg(proc.pid, signal.SIGKILL)


async def _write_idle_tables(emu, idle: IdleTables, env: dict[str, str], workdir: Path) -> None:
    """--idle (or --paused): the template table played by a bot process of its own, then
    copied into the database the measured bot will start on."""
    log_path = workdir / "template.log"

    async def start():
        unpaced = env | {"POP_STEP_DELAY": "0"}
        proc = _spawn_bot(unpaced, workdir, workdir / "template-stats.txt", log_path)
        await _until_ready(emu, proc, log_path)
        return proc

    _progress(f"playing the template of {idle.count} idle tables (its log in {log_path})")
    # The template's posts are not measured: unpaced, in a channel that never makes them wait
    # (the measured tables' channels, made later, keep Discord's limits).
    limits, emu.message_rate = emu.message_rate, (1000, 5.0)
    try:
        number, turn = await idle.play_template(start, _stop_bot)
    finally:
        emu.message_rate = limits
    from bot.running.open_store import open_store
    from bot.running.settings import Settings

    # The store the measured bot will open (its environment says which), opened here the same way.
    named = ("DISCORD_TOKEN", "POP_DATABASE_PATH", "POP_DATABASE_URL")
    store = open_store(Settings(_env_file=None, **{k: env[k] for k in named if k in env}))
    await store.open(migrate=False)
    try:
        began = time.time()
        await idle.write_copies(store, number, turn)
        _progress(f"{idle.count} idle tables written in {time.time() - began:.1f} s")
    finally:
        await store.close()


async def run_trial(
    tables: int,
    seconds: float,
    *,
    humans: int = 2,
    database_url: str | None = None,
    seed: int = 1,
    profile: str | None = None,
    finish: int = 0,
    rss_every: float = 10.0,
    flood: bool = False,
    idle: int = 0,
    paused: int = 0,
    tournament: int = 0,
) -> dict[str, Any]:
    """One bot process, `tables` tables, measured for `seconds` once all of them play; with
    `finish`, tables are left when their game ends and new ones opened until that many games
    have finished (RSS noted every 50 finished tables); with `flood`, one more server floods
    the bot meanwhile (`tests.load.flood`), and the figures are the other servers'; with
    `idle`, that many slow tables wait in the database when the bot starts
    (`tests.load.idle`), and their clicks and deadlines are measured apart; with `paused`, that
    many paused tables (`tests.load.paused`), pressed by their players, and the bot's invalid
    requests since it started; with `tournament`, one more server signs that many players up
    for a Swiss tournament and opens its round 1 in the window (`tests.load.tournament`)."""
    server = _import_emulator()
    if database_url:
        database_url = _fresh_schema(database_url)
    rng = random.Random(seed)
    emu = _load_emulator(server)
    await emu.start()
    workdir = Path(tempfile.mkdtemp(prefix="pop-bench-load-"))
    stats_path, log_path = workdir / "stats.txt", workdir / "bot.log"
    drivers: list[TableDriver] = []
    stats: dict[str, Any] = defaultdict(int)
    stats["rss_mb_by_finished"] = {}
    for i in range(tables):
        if i % TABLES_PER_GUILD == 0:
            guild = emu.add_guild(f"Load {i // TABLES_PER_GUILD}")
        channel = emu.add_text_channel(guild, f"table-{i}")
        people = emu.add_people(guild, [f"p{i}-{h}" for h in range(humans)])
        actors = [emu.actor(user, channel) for user in people]
        drivers.append(
            TableDriver(
                emu,
                channel,
                actors,
                4 - humans,
                random.Random(rng.random()),
                stats,
                churn=finish > 0,
            )
        )
    flooding = Flood(emu) if flood else None  # its server exists when the bot connects
    idle_tables = IdleTables(emu, idle, seed) if idle else None
    paused_tables = PausedTables(emu, paused, seed) if paused else None
    night = TournamentNight(emu, tournament) if tournament else None
    env = _bot_env(emu, str(workdir / "pop.sqlite3"), database_url)
    if profile:
        env["POP_BENCH_PROFILE"] = str(Path(profile).resolve())
    for copies in (idle_tables, paused_tables):
        if copies is not None:
            await _write_idle_tables(emu, copies, env, workdir)
    proc = _spawn_bot(env, workdir, stats_path, log_path)
    _progress(f"{tables} tables; bot pid {proc.pid}, its log in {log_path}")
    tasks: list[asyncio.Task] = []
    rss: list[float] = []
    workers: list[float] = []  # the worker processes' memory (PSS), MB
    memory: list[tuple[int, float, float]] = []  # (seconds, the bot's RSS, its workers' PSS)
    rss_samples: list[tuple[float, float]] = []  # (seconds into the window, MB per table)
    own_lags: list[tuple[float, float]] = []  # this process's loop: is the emulator keeping up?
    own_probe = asyncio.create_task(_own_lag_probe(own_lags))
    try:
        await _until_ready(emu, proc, log_path)
        ramp = max(2.0, tables / 20)  # /pop new for every table within a few seconds
        opening = time.time()
        tasks = [asyncio.create_task(d.run(rng.uniform(0, ramp))) for d in drivers]
        waits = [asyncio.create_task(d.playing.wait()) for d in drivers]
        _, late = await asyncio.wait(waits, timeout=60 + tables)
        for wait in late:  # an overloaded bot: measure anyway, and say how many never played
            wait.cancel()
        stats["tables_not_playing"] = len(late)
        _progress(
            f"{tables - len(late)} tables play after {time.time() - opening:.1f} s; measuring"
        )
        if flooding is not None:
            tasks.append(asyncio.create_task(flooding.run()))
            await asyncio.sleep(FLOOD_WARM_UP)  # measured once the flood is in full swing
        if night is not None:
            _progress(f"{len(night.players)} players sign up for the tournament")
            await night.sign_up_everyone()
        start = time.time()
        until = start + seconds
        if idle_tables is not None:  # its clicks, and the window holds its last deadline
            tasks.append(asyncio.create_task(idle_tables.click()))
            until = max(until, idle_tables.last_deadline() + 5)
        if paused_tables is not None:
            tasks.append(asyncio.create_task(paused_tables.press()))
        round_opening = None
        if night is not None:  # its round opens a few seconds into the window
            round_opening = asyncio.create_task(night.start())
            tasks.append(round_opening)
        cpu_before = _cpu_seconds(proc.pid)
        own_cpu_before = time.process_time()
        while time.time() < until if not finish else stats["tables_finished"] < finish:
            if (value := _rss_mb(proc.pid)) is not None:
                rss.append(value)
                into = time.time() - start
                if not rss_samples or into - rss_samples[-1][0] >= rss_every:
                    workers.append(_workers_mb(proc.pid))  # the bot's memory with its workers'
                    rss_samples.append((round(into, 1), round((value + workers[-1]) / tables, 3)))
                    memory.append((round(into), round(value, 1), round(workers[-1], 1)))
                done = stats["tables_finished"] // 50 * 50
                if finish and done and done not in stats["rss_mb_by_finished"]:
                    total = value + _workers_mb(proc.pid)
                    stats["rss_mb_by_finished"][done] = round(total, 1)
                    _progress(f"{done} tables finished: RSS with the workers' {total:.1f} MB")
            await asyncio.sleep(0.5)
        end = time.time()
        cpu = [b - a for a, b in zip(cpu_before, _cpu_seconds(proc.pid), strict=True)]
        stats["cpu_loop_thread_pct"] = round(100 * cpu[0] / (end - start))
        stats["cpu_other_threads_pct"] = round(100 * cpu[1] / (end - start))
        stats["cpu_workers_pct"] = round(100 * cpu[2] / (end - start))
        stats["emulator_cpu_pct"] = round(
            100 * (time.process_time() - own_cpu_before) / (end - start)
        )
        if round_opening is not None:  # still opening: its own figures wait for it
            await asyncio.wait({round_opening})
    finally:
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=10)
        own_probe.cancel()
        await _stop_bot(proc)
        await emu.stop()
    stats["rss_mb_per_table"] = rss_samples
    stats["workers_mb"] = max(workers, default=None)
    stats["memory_mb"] = memory
    stats["emulator_lag_ms_p99"] = _rounded(
        percentile([lag * 1000 for at, lag in own_lags if start <= at < end], 99)
    )
    worst = max((lag for at, lag in own_lags if start <= at < end), default=0.0)
    stats["emulator_lag_ms_max"] = _rounded(worst * 1000)
    apart = set().union(
        *(
            side.user_ids
            for side in (flooding, idle_tables, paused_tables, night)
            if side is not None
        )
    )
    numbers = [d.numbers for d in drivers]
    figures = _figures(emu, stats_path, start, end, humans, rss, dict(stats), apart, numbers)
    if idle_tables is not None:
        figures |= idle_tables.figures(emu.interactions.values(), *deadline_lines(stats_path))
        resumed = re.search(r"resumed (\d+) tables", log_path.read_text())
        figures["tables_resumed_at_start"] = int(resumed[1]) if resumed else None
    if paused_tables is not None:
        figures |= paused_tables.paused_figures(emu, deadline_lines(stats_path)[1], end)
    if night is not None:
        figures |= night.figures(start, end)
    return figures | (flooding.figures() if flooding else {})


def _figures(
    emu,
    stats_path: Path,
    start: float,
    end: float,
    humans: int,
    rss: list[float],
    stats: dict[str, Any],
    apart: set[int],
    numbers: list[set[int]],
) -> dict[str, Any]:
    """The playing tables' figures: `numbers` are the tables each driver opened; the people
    in `apart` (a flood's, the idle tables') are not counted here."""
    tables = len(numbers)
    ours = set().union(*numbers)
    window = [
        i
        for i in emu.interactions.values()
        if start <= i.created_at < end and i.user.id not in apart
    ]
    latencies = [(i.answered_at - i.created_at) * 1000 for i in window if i.responded]
    by_kind: dict[str, list[float]] = defaultdict(list)
    for i in window:
        if i.responded:
            kind = "command" if i.type == 2 else str(i.data.get("custom_id", "")).split(":")[-1]
            kind = "card" if kind.isdigit() else kind
            by_kind[kind].append((i.answered_at - i.created_at) * 1000)
    missed = sum(
        1 for i in window if not i.responded or i.answered_at - i.created_at > emu.response_deadline
    )
    lags: list[float] = []
    saves: dict[str, list[float]] = defaultdict(list)
    resolved: dict[int, list[float]] = defaultdict(list)
    for line in stats_path.read_text().splitlines():
        kind, *fields = line.split()
        if kind == "L" and len(fields) == 2 and start <= float(fields[0]) < end:
            lags.append(float(fields[1]) * 1000)
        elif kind == "R" and len(fields) == 2:
            resolved[int(fields[0])].append(float(fields[1]))
        elif kind == "S" and len(fields) == 3 and start <= float(fields[0]) < end:
            saves[fields[1]].append(float(fields[2]) * 1000)
    delays, pictures = [], 0
    for table, posted in emu.pictures.items():
        if table not in ours:  # a flood's table, an idle one
            continue
        turn, previous = -1, None
        for at, key in posted:
            if key != previous:
                turn, previous = turn + 1, key
            if not start <= at < end:
                continue
            pictures += 1
            if turn < len(resolved[table]):
                delays.append(at - resolved[table][turn])
    minutes = max(end - start, 1e-9) / 60
    in_window = [r for r in emu.request_log if start <= r.at < end]
    budgeted = [r for r in in_window if not r.path.startswith(TOKEN_ROUTES)]
    turns_done = {
        table: sum(1 for at in times if start <= at < end) for table, times in resolved.items()
    }
    turns_per_table = [sum(turns_done.get(n, 0) for n in opened) for opened in numbers]
    completed = sum(turns_per_table)
    limited_by_route: dict[str, int] = defaultdict(int)
    for r in in_window:
        if r.status == 429 and not r.global_limit:
            limited_by_route[r.route] += 1
    invalid = sum(1 for r in in_window if r.status in (401, 403, 429))
    result = {
        "tables": tables,
        "seats_per_table": 4,
        "humans_per_table": humans,
        "seconds": round(end - start, 1),
        "interactions": len(window),
        "answer_ms_p50": _rounded(percentile(latencies, 50)),
        "answer_ms_p99": _rounded(percentile(latencies, 99)),
        "missed_deadlines": missed,
        "answer_ms_p99_by_kind": {
            k: _rounded(percentile(v, 99)) for k, v in sorted(by_kind.items())
        },
        "loop_lag_ms_p99": _rounded(percentile(lags, 99)),
        "rss_mb": _rounded(max(rss) if rss else None),
        "pictures_per_s": _rounded(pictures / max(end - start, 1e-9), 2),
        "picture_delay_s_p50": _rounded(percentile(delays, 50), 2),
        "picture_delay_s_p99": _rounded(percentile(delays, 99), 2),
        "rate_limited_429": sum(1 for _, _, status in emu.requests if status == 429),
        "turns_completed": completed,
        "turns_per_table_p10_p50_p90": [percentile(turns_per_table, q) for q in (10, 50, 90)],
        "rate_limited_requests_per_s": _rounded(len(budgeted) / (minutes * 60), 1),
        "rate_limited_per_turn": _rounded(len(budgeted) / completed, 2) if completed else None,
        "rate_limited_per_turn_by_route": {
            route: _rounded(count / completed, 2)
            for route, count in sorted(Counter(r.route for r in budgeted).items())
        }
        if completed
        else {},
        "global_429": sum(1 for r in in_window if r.global_limit),
        "global_429_per_min": _rounded(sum(1 for r in in_window if r.global_limit) / minutes, 2),
        "route_429_per_min": {
            route: _rounded(count / minutes, 2) for route, count in sorted(limited_by_route.items())
        },
        "invalid_requests": invalid,
        "invalid_per_10_min": round(invalid / minutes * 10),
        "answer_ms_max": _rounded(max(latencies, default=None)),
        "workers_mb": _rounded(stats.get("workers_mb")),  # picture and AI processes (PSS)
        "rss_mb_per_table": stats.get("rss_mb_per_table", []),
        "bot_and_workers_mb": stats.get("memory_mb", []),  # [seconds, bot RSS, workers' PSS]
        **soak_verdict(stats.get("rss_mb_per_table", []), tables),
        "driver_errors": stats.get("driver_errors", 0),
        "tables_not_started": stats.get("tables_not_started", 0),
        "tables_not_playing": stats.get("tables_not_playing", 0),
        "bot_cpu_loop_thread_pct": stats.get("cpu_loop_thread_pct"),
        "bot_cpu_other_threads_pct": stats.get("cpu_other_threads_pct"),
        "bot_cpu_workers_pct": stats.get("cpu_workers_pct"),  # its picture and AI processes
        "emulator_cpu_pct": stats.get("emulator_cpu_pct"),  # emulator and players, one process
        "machine_load_1min": round(os.getloadavg()[0], 2),  # other work on the machine too
        "emulator_lag_ms_p99": stats.get("emulator_lag_ms_p99"),
        "emulator_lag_ms_max": stats.get("emulator_lag_ms_max"),
        "bot_saves_per_s": _rounded(sum(map(len, saves.values())) / max(end - start, 1e-9)),
        "bot_save_ms_p99": {
            k: _rounded(percentile(v, 99)) for k, v in sorted(saves.items()) if len(v) >= 10
        },
    }
    if stats.get("rss_mb_by_finished"):
        result["tables_finished"] = stats.get("tables_finished", 0)
        result["rss_mb_by_finished"] = stats["rss_mb_by_finished"]
    result["meets"] = meets(result)
    return result


def meets(figures: dict[str, Any]) -> bool:
    """Whether a trial's figures meet every criterion (a missing figure does not)."""
    for key, limit in CRITERIA.items():
        value = figures.get(key)
        if value is None or value > limit:
            return False
    return True


async def find_max(start: int, seconds: float, **options: Any) -> tuple[int, list[dict]]:
    """Grow by half until a trial fails (or shrink until one passes), then bisect to 10 %."""
    trials: list[dict] = []

    async def trial(n: int) -> bool:
        # The emulator lives in this process: the trials before leave a heap whose collection
        # paused it for 0.4-0.6 s in later trials (its requests then arrived in a bunch, a
        # global 429 the bot never caused). Collected now, and what stays is left out of the
        # collector's scans.
        gc.collect()
        gc.freeze()
        figures = await run_trial(n, seconds, **options)
        trials.append(figures)
        print(json.dumps({"trial": figures}), file=sys.stderr, flush=True)
        return figures["meets"]

    good, bad = 0, None
    n = start
    while bad is None or (good == 0 and n >= 1):
        if await trial(n):
            good = n
            if bad is not None:
                break
            n = max(n + 1, round(n * 1.5))
        else:
            bad = n
            if good:
                break
            n = n * 2 // 3
            if n < 1:
                break
    while good and bad and bad - good > max(1, good // 10):
        mid = (good + bad) // 2
        if await trial(mid):
            good = mid
        else:
            bad = mid
    return good, trials


FLOOD_KEYS = ("answer_ms_p99", "picture_delay_s_p99", "missed_deadlines", "global_429")
# What tells where a slower answer comes from: the bot's loop, or the emulator beside it.
FLOOD_CAUSES = (
    "loop_lag_ms_p99",
    "bot_cpu_loop_thread_pct",
    "bot_cpu_workers_pct",
    "emulator_lag_ms_p99",
    "emulator_cpu_pct",
)
FLOOD_MARGIN = 1.2  # the others' p99s with the flood within 20 % of theirs without it


async def flood_comparison(
    tables: int, seconds: float, pairs: int = 1, **options: Any
) -> dict[str, Any]:
    """The same trial without and with the flood, `pairs` times in turn: the other servers'
    figures side by side (each the median over the pairs: one minute's p99 rests on a few
    dozen answers, and moves by 2x between two quiet runs), and whether the flood left them
    within FLOOD_MARGIN."""
    quiet, flooded = [], []
    for _ in range(pairs):
        quiet.append(await run_trial(tables, seconds, **options))
        flooded.append(await run_trial(tables, seconds, flood=True, **options))

    def median(runs: list[dict[str, Any]], key: str) -> Any:
        values = sorted(run[key] for run in runs if run[key] is not None)
        return values[(len(values) - 1) // 2] if values else None

    keys = FLOOD_KEYS + FLOOD_CAUSES
    without = {key: median(quiet, key) for key in keys}
    within = {key: median(flooded, key) for key in keys}
    ratios = {
        key: _rounded(within[key] / without[key], 2) if without[key] and within[key] else None
        for key in ("answer_ms_p99", "picture_delay_s_p99")
    }
    return {
        "tables": tables,
        "pairs": pairs,
        "without_flood": without,
        "with_flood": within,
        "ratio_with_to_without": ratios,
        "within_20_percent": all(r is not None and r <= FLOOD_MARGIN for r in ratios.values()),
        "answer_ms_p99_each_pair": [
            [q["answer_ms_p99"], f["answer_ms_p99"]] for q, f in zip(quiet, flooded, strict=True)
        ],
        "picture_delay_s_p99_each_pair": [
            [q["picture_delay_s_p99"], f["picture_delay_s_p99"]]
            for q, f in zip(quiet, flooded, strict=True)
        ],
        **{k: v for k, v in flooded[-1].items() if k.startswith("flood_")},
    }


IDLE_MEMORY_MARGIN = 1.1  # the bot's memory with the idle tables within 10 % of without
IDLE_CLICK_MS_P99 = 250.0
IDLE_DEADLINE_LATE_S = 2.0
IDLE_KEYS = ("rss_mb", "workers_mb", "answer_ms_p99", "picture_delay_s_p99", "missed_deadlines")


async def idle_comparison(tables: int, seconds: float, idle: int, **options: Any) -> dict[str, Any]:
    """The same trial twice, without and with `idle` slow tables waiting in the database:
    the bot's memory side by side, and the idle tables' clicks and deadlines. Both measure
    as long (the idle tables' last deadline comes `DUE_WITHIN` after they are written):
    memory grows with what was played, so a shorter window would compare unlike runs."""
    seconds = max(seconds, DUE_WITHIN[1])
    alone = await run_trial(tables, seconds, **options)
    beside = await run_trial(tables, seconds, idle=idle, **options)

    def memory(figures: dict[str, Any]) -> float:
        return (figures["rss_mb"] or 0.0) + (figures["workers_mb"] or 0.0)

    ratio = memory(beside) / memory(alone) if memory(alone) else None
    late = beside["deadline_late_s_max"]
    return {
        "tables": tables,
        "database": "postgresql" if options.get("database_url") else "sqlite",
        "without_idle": {key: alone[key] for key in IDLE_KEYS},
        "with_idle": {key: beside[key] for key in IDLE_KEYS},
        "memory_mb_without_and_with": [round(memory(alone), 1), round(memory(beside), 1)],
        "memory_ratio": _rounded(ratio, 3),
        "seconds_without_and_with": [alone["seconds"], beside["seconds"]],
        # [seconds into the window, the bot's RSS, its workers' PSS] every 10 s
        "bot_and_workers_mb_without": alone["bot_and_workers_mb"],
        "bot_and_workers_mb_with": beside["bot_and_workers_mb"],
        **{k: v for k, v in beside.items() if k.startswith(("idle_", "deadline"))},
        "meets": {
            "memory_within_10_percent": ratio is not None and ratio <= IDLE_MEMORY_MARGIN,
            "idle_click_p99_within_250_ms": (beside["idle_click_ms_p99"] or math.inf)
            <= IDLE_CLICK_MS_P99,
            "every_deadline_within_2_s": beside["deadlines_fired"]
            == beside["deadlines_after_restart"]
            and late is not None
            and late <= IDLE_DEADLINE_LATE_S,
        },
    }


def bench_load_main(
    tables: int = 100,
    seconds: float = 60.0,
    *,
    find_max_tables: bool = False,
    humans: int = 2,
    database_url: str | None = None,
    profile: str | None = None,
    finish: int = 0,
    rss_every: float = 10.0,
    flood: bool = False,
    idle: int = 0,
    pairs: int = 1,
    paused: int = 0,
    tournament: int = 0,
) -> int:
    if not 1 <= humans <= 4:
        print("tests.load: --humans must be 1 to 4", file=sys.stderr)
        return 2
    options = {
        "humans": humans,
        "database_url": database_url,
        "profile": profile,
        "rss_every": rss_every,
    }
    if find_max_tables:
        best, trials = asyncio.run(find_max(tables, seconds, **options))
        first = next(t for t in trials if t["tables"] == tables)
        print(
            json.dumps(
                {
                    **first,
                    "criteria": CRITERIA,
                    "max_tables": best,
                    "trials": [{k: t[k] for k in ("tables", "meets", *CRITERIA)} for t in trials],
                }
            )
        )
        return 0
    if flood:
        comparison = flood_comparison(tables, seconds, pairs, **options)
        print(json.dumps(asyncio.run(comparison)))
        return 0
    if idle:
        print(json.dumps(asyncio.run(idle_comparison(tables, seconds, idle, **options))))
        return 0
    if tournament:
        comparison = tournament_comparison(tables, seconds, tournament, pairs, **options)
        print(json.dumps(asyncio.run(comparison)))
        return 0
    figures = asyncio.run(run_trial(tables, seconds, finish=finish, paused=paused, **options))
    print(json.dumps({**figures, "criteria": CRITERIA}))
    if profile:
        import pstats

        _progress(f"the bot's event-loop thread, by own time (whole run; {profile}):")
        pstats.Stats(profile, stream=sys.stderr).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--serve-bot":
        sys.exit(serve_bot(sys.argv[2]))
    print(
        "usage: python -m tests.load (this module's own entry is for the bot process)",
        file=sys.stderr,
    )
    sys.exit(2)
