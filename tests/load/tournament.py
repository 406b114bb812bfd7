"""The tournament of `python -m tests.load --tournament N`: one more server runs a Swiss
tournament of Coloretto (tables of 4) while the other servers play, and starts it a few
seconds into the measured window, so that round 1 opens its tables (N / 4 of them, each in its
own thread with its first turn's message) amid the others' load (issue 36: a 32-player Swiss
round opens eight tables without a 429 storm, and the other servers hardly notice).

The sign-up is done before the window: the host (who may manage the channel) opens it, the
N players join, a few a second; the window opens once the message counts them all. What the
round's opening costs the others is the comparison `tournament_comparison` makes: the same
trial without and with the tournament, in turn.
"""

from __future__ import annotations

import asyncio
import gc
import math
import re
import time
from typing import Any

GAME, MODE, SEATS = "coloretto", "standard", 4
TIMER = "24h"  # a week-long event: no timer fires while the bench measures
JOINS_PER_SECOND = 10.0  # the players join a few at a time, not in one instant
START_AFTER = 5.0  # seconds into the window the host presses Start
OPENING_AFTERMATH = 5.0  # the opening's 429s counted this long after its last table showed
FIRST_TURN = "Draw"  # Coloretto's first move (its rows are empty): on the first turn's message


class TournamentNight:
    """The tournament's server: its channel, its host, its players, and what the round did."""

    def __init__(self, emu, players: int) -> None:
        from tests.discord_emulator import Perm  # here: the bot's process never imports it

        self.emu = emu
        guild = emu.add_guild("Tournament")
        self.channel = emu.add_text_channel(guild, "tournament")
        organiser = emu.add_role(guild, "organiser", Perm.MANAGE_CHANNELS, dispatch=False)
        self.host = emu.add_user("tournament-host")
        emu.add_member(guild, self.host, roles=[organiser], dispatch=False)
        self.players = emu.add_people(guild, [f"entrant-{i}" for i in range(players)])
        self.user_ids = {self.host.id} | {user.id for user in self.players}
        self.expected = math.ceil(players / SEATS)
        self.sign_up: Any = None
        self.errors: list[str] = []
        self.started_at: float | None = None
        self.opened_at: float | None = None  # the last table's first turn message
        self.pinged_at: float | None = None

    async def sign_up_everyone(self, timeout: float = 60.0) -> None:
        """The host opens the sign-up; every player joins; back once the message says so."""
        host = self.emu.actor(self.host, self.channel)
        options = {"game": GAME, "mode": MODE, "format": "swiss", "rounds": 1}
        await host.slash("tournament", "new", **options, timer=TIMER, seats=SEATS)
        self.sign_up = await self.emu.next_message(
            self.channel, lambda m: "Join" in m.button_labels, timeout=timeout
        )
        joining = []
        for user in self.players:
            actor = self.emu.actor(user, self.channel)
            joining.append(asyncio.create_task(actor.click(self.sign_up, label="Join")))
            await asyncio.sleep(1 / JOINS_PER_SECOND)
        await asyncio.gather(*joining)
        counted = f"**Players: {len(self.players)}**"
        await self.emu.wait_for(lambda: counted in self.sign_up.text, timeout, "every sign-up")

    async def start(self, timeout: float = 120.0) -> None:
        """The host presses Start; back once every table of round 1 shows its first turn."""
        await asyncio.sleep(START_AFTER)
        self.started_at = time.time()
        try:
            await self.emu.actor(self.host, self.channel).click(self.sign_up, label="Start")
            await self.emu.wait_for(
                lambda: len(self.first_turns()) >= self.expected and self.ping() is not None,
                timeout,
                "round 1's tables",
            )
        except (AssertionError, TimeoutError) as e:
            self.errors.append(f"{type(e).__name__}: {e}")
            return
        self.opened_at = max(self.first_turns().values())
        self.pinged_at = posted_at(self.ping().id)  # type: ignore[union-attr]

    def threads(self) -> list[Any]:
        """The threads the bot opened in the tournament's channel: the round's tables."""
        return [t for t in self.emu.threads.values() if t.parent is self.channel]

    def first_turns(self) -> dict[int, float]:
        """Each table thread with its first turn's message → when that message was posted."""
        found = {}
        for thread in self.threads():
            message = next(
                (
                    m
                    for m in self.emu.by_channel[thread.id]
                    if m.author is self.emu.bot_user and FIRST_TURN in m.button_labels
                ),
                None,
            )
            if message is not None:
                found[thread.id] = posted_at(message.id)
        return found

    def ping(self) -> Any:
        """The round's one message: each player with their table's thread."""
        return next(
            (m for m in self.emu.by_channel[self.channel.id] if "**Round 1**" in (m.text or "")),
            None,
        )

    def figures(self, start: float, end: float) -> dict[str, Any]:
        """What the round did; and the other servers' answers in the seconds it opened (from
        Start to its last table's first turn, and `OPENING_AFTERMATH` more) against the rest
        of the window (`start`, `end`): what the opening itself costs them, within one run."""
        from .bench_load import _rounded, percentile  # here: bench_load imports this module

        threads = self.threads()
        ping = self.ping()
        linked = set(map(int, re.findall(r"<#(\d+)>", ping.text))) if ping is not None else set()
        began = self.started_at or 0.0
        until = (self.opened_at or time.time()) + OPENING_AFTERMATH
        opening = [r for r in self.emu.request_log if began <= r.at < until]
        own = {str(self.channel.id)} | {str(t.id) for t in threads}  # its channel, its threads
        ours = [r for r in opening if own & set(r.path.split("/"))]
        figures = {
            "tournament_players": len(self.players),
            "round_tables_expected": self.expected,
            "round_tables_opened": len(threads),
            "round_tables_with_first_turn": len(self.first_turns()),
            "round_tables_in_ping": len(linked & {t.id for t in threads}),
            "round_pinged_players": len(ping.pinged) if ping is not None else 0,
            "round_opened_s": _since(self.opened_at, self.started_at),
            "round_pinged_s": _since(self.pinged_at, self.started_at),
            "round_own_requests": len(ours),  # the tournament's, from Start to every turn shown
            "round_requests_all_servers": len(opening),  # every server's, the same seconds
            "round_global_429": sum(1 for r in opening if r.global_limit),
            "round_errors": self.errors,
        }
        others: dict[bool, list[float]] = {True: [], False: []}
        for i in self.emu.interactions.values():
            if i.user.id not in self.user_ids and i.responded and start <= i.created_at < end:
                during = began <= i.created_at < until
                others[during].append((i.answered_at - i.created_at) * 1000)
        return figures | {
            "round_others_answers_while_opening": len(others[True]),
            "round_others_answer_ms_p99_while_opening": _rounded(percentile(others[True], 99)),
            "round_others_answer_ms_p99_rest_of_window": _rounded(percentile(others[False], 99)),
        }


def posted_at(snowflake: int) -> float:
    """When a message was created: its id holds the (emulated) time, as Discord's do."""
    from tests.discord_emulator.model import DISCORD_EPOCH_MS

    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def _since(at: float | None, began: float | None) -> float | None:
    return None if at is None or began is None else round(at - began, 2)


TOURNAMENT_KEYS = ("answer_ms_p99", "picture_delay_s_p99", "missed_deadlines", "global_429")
TOURNAMENT_CAUSES = ("loop_lag_ms_p99", "bot_cpu_loop_thread_pct", "emulator_lag_ms_p99")
TOURNAMENT_MARGIN = 1.2  # the others' answer p99 with the round within 20 % of without it


async def tournament_comparison(
    tables: int, seconds: float, players: int, pairs: int = 1, **options: Any
) -> dict[str, Any]:
    """The same trial without and with the tournament, `pairs` times, in turn (every other
    pair with the tournament first: the second trial of a sitting is not always the same
    one): the other servers' figures side by side (medians over the pairs), and what each
    round did."""
    from .bench_load import _rounded, run_trial  # here: bench_load imports this module

    quiet, busy = [], []
    for pair in range(pairs):
        order = [(quiet, {}), (busy, {"tournament": players})]
        for runs, more in order if pair % 2 == 0 else order[::-1]:
            # The emulator lives in this process: a heap left by the trials before stalls it
            # (a second's requests then reach "Discord" at once: a global 429 the bot did not
            # cause). Collected now, and what stays is left out of the collector's scans.
            gc.collect()
            gc.freeze()
            runs.append(await run_trial(tables, seconds, **options, **more))

    def median(runs: list[dict[str, Any]], key: str) -> Any:
        values = sorted(run[key] for run in runs if run[key] is not None)
        return values[(len(values) - 1) // 2] if values else None

    keys = TOURNAMENT_KEYS + TOURNAMENT_CAUSES
    without = {key: median(quiet, key) for key in keys}
    within = {key: median(busy, key) for key in keys}
    ratio = (
        _rounded(within["answer_ms_p99"] / without["answer_ms_p99"], 2)
        if without["answer_ms_p99"] and within["answer_ms_p99"]
        else None
    )
    rounds = [{k: run[k] for k in run if k.startswith(("round_", "tournament_"))} for run in busy]
    every_table = all(
        r["round_tables_opened"] == r["round_tables_with_first_turn"] == r["round_tables_expected"]
        for r in rounds
    )
    return {
        "tables": tables,
        "seconds": seconds,
        "pairs": pairs,
        **rounds[-1],
        "global_429": sum(run["global_429"] for run in busy),  # every with-run's whole window
        "global_429_each_pair": [
            [q["global_429"], b["global_429"]] for q, b in zip(quiet, busy, strict=True)
        ],
        "without_tournament": without,
        "with_tournament": within,
        "ratio_with_to_without": {"answer_ms_p99": ratio},
        "answer_ms_p99_each_pair": [
            [q["answer_ms_p99"], b["answer_ms_p99"]] for q, b in zip(quiet, busy, strict=True)
        ],
        "rounds": rounds,
        "every_table_opened": every_table,
        "within_20_percent": ratio is not None and ratio <= TOURNAMENT_MARGIN,
        "machine_load_1min_each_pair": [
            [q["machine_load_1min"], b["machine_load_1min"]]
            for q, b in zip(quiet, busy, strict=True)
        ],
    }
