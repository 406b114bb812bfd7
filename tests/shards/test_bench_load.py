"""`python -m tests.load` runs end to end (bot subprocess, emulator, players) and prints one JSON
object with every figure measured, not just its keys: the small run must actually play. It is run
from a checkout; the installed `pop-bot bench load` only points there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import BENCH_LOAD_MOVED, main
from tests.load.bench_load import CRITERIA, meets, percentile, soak_verdict

ROOT = Path(__file__).resolve().parents[2]
FIGURES = (
    "answer_ms_p50",
    "answer_ms_p99",
    "missed_deadlines",
    "loop_lag_ms_p99",
    "rss_mb",
    "pictures_per_s",
    "picture_delay_s_p99",
    "global_429",
    "global_429_per_min",
    "invalid_requests",
    "invalid_per_10_min",
    "rate_limited_requests_per_s",
    "turns_completed",
)


def test_bench_load_prints_one_json_object_with_every_figure(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("POP_")}
    done = subprocess.run(
        [sys.executable, "-m", "tests.load", "--tables", "3", "--seconds", "15"],
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)},  # its work folder here
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    [line] = done.stdout.splitlines()
    figures = json.loads(line)
    assert figures["tables"] == 3
    assert figures["tables_not_started"] == 0
    for key in FIGURES:
        assert isinstance(figures[key], (int, float)), (key, figures)
    assert figures["interactions"] > 0
    assert figures["pictures_per_s"] > 0
    assert 0 < figures["answer_ms_p50"] <= figures["answer_ms_p99"]
    assert 30 < figures["rss_mb"] < 2000
    assert figures["turns_completed"] > 0
    assert 0 < figures["rate_limited_per_turn"] < 20
    assert sum(figures["rate_limited_per_turn_by_route"].values()) == pytest.approx(
        figures["rate_limited_per_turn"], abs=0.1
    )
    assert figures["global_429"] == 0
    assert isinstance(figures["route_429_per_min"], dict)
    p10, p50, p90 = figures["turns_per_table_p10_p50_p90"]
    assert 0 <= p10 <= p50 <= p90
    samples = figures["rss_mb_per_table"]  # every 10 s of the window: 0 s and 10 s
    assert [at for at, _ in samples] == pytest.approx([0, 10], abs=1)
    assert all(10 < mb * 3 < 2000 for _, mb in samples)
    assert figures["workers_mb"] > 10  # the picture processes drew this run's pictures
    assert "soak" not in figures  # 15 s is no soak
    assert figures["criteria"] == CRITERIA
    assert figures["meets"] == meets(figures)


async def test_idle_tables_wait_in_the_database_and_answer_their_clicks_and_deadlines(
    monkeypatch, tmp_path
):
    """`--idle`, small: the copies are written, the bot starts on them loading none, their
    clicks are answered and every deadline after the restart fires (overdue ones too)."""
    import tempfile

    from tests.load import idle
    from tests.load.bench_load import run_trial

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(idle, "DUE_AT_START", 2)
    monkeypatch.setattr(idle, "DUE_LATER", 2)
    monkeypatch.setattr(idle, "DUE_WITHIN", (1.0, 3.0))
    monkeypatch.setattr(idle, "CLICKS_PER_SECOND", 8.0)
    monkeypatch.setattr(idle, "TEMPLATE_TURNS", 1)
    figures = await run_trial(2, 3, idle=20)
    assert figures["tables"] == 2
    assert figures["tables_not_started"] == 0
    assert figures["idle_tables"] == 20
    assert figures["tables_resumed_at_start"] == 0  # none owes work: none is loaded
    assert figures["idle_clicks"] >= 10
    assert figures["idle_clicks_unanswered"] == 0
    assert figures["idle_click_ms_p50"] <= figures["idle_click_ms_p99"] < 3000
    assert figures["deadlines_after_restart"] == figures["deadlines_fired"] == 4
    assert 0 <= figures["deadline_late_s_max"] < 30


async def test_paused_tables_pressed_by_their_players_keep_within_the_budget_of_tries(
    monkeypatch, tmp_path
):
    """`--paused`, small: 30 paused tables load at start and are pressed 30 times a second;
    the bot's refused tries stay within its budget (10 at once, then 1 a second), and every
    press is answered."""
    import tempfile

    from bot.tables.paused_retries import TRIES_AT_ONCE, TRIES_PER_SECOND
    from tests.load import idle, paused
    from tests.load.bench_load import run_trial

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(idle, "TEMPLATE_TURNS", 1)
    monkeypatch.setattr(paused, "PRESSES_PER_SECOND", 30.0)
    figures = await run_trial(1, 8, paused=30)
    assert figures["paused_tables"] == 30
    assert figures["paused_presses"] >= 100
    assert figures["paused_presses_unanswered"] == 0
    tries = figures["invalid_403_since_start"]
    assert 0 < tries <= TRIES_AT_ONCE + TRIES_PER_SECOND * figures["seconds_since_start"]
    assert figures["invalid_requests_since_start"] == tries  # no 401, no 429


async def test_the_flood_comparison_takes_the_median_of_its_pairs(monkeypatch):
    from tests.load import bench_load

    answers = iter([40.0, 90.0, 80.0, 45.0, 60.0, 70.0])  # quiet, flooded, quiet, flooded, …

    async def trial(tables, seconds, flood=False, **options):
        figures = dict.fromkeys(bench_load.FLOOD_KEYS + bench_load.FLOOD_CAUSES, 1)
        return figures | {"answer_ms_p99": next(answers), "flood_clicks": 9 if flood else None}

    monkeypatch.setattr(bench_load, "run_trial", trial)
    got = await bench_load.flood_comparison(5, 1, pairs=3)
    assert got["answer_ms_p99_each_pair"] == [[40.0, 90.0], [80.0, 45.0], [60.0, 70.0]]
    assert got["without_flood"]["answer_ms_p99"] == 60.0  # medians, not one pair's
    assert got["with_flood"]["answer_ms_p99"] == 70.0
    assert got["ratio_with_to_without"]["answer_ms_p99"] == 1.17
    assert got["within_20_percent"]
    assert got["flood_clicks"] == 9
    answers = iter([40.0, 90.0])
    assert not (await bench_load.flood_comparison(5, 1))["within_20_percent"]  # 2.25x


async def test_a_tournament_round_opens_every_table_amid_the_load(monkeypatch, tmp_path):
    """`--tournament`, small: 8 players sign up beside a playing table; the host's Start opens
    round 1's two tables of 4, each in its own thread with its first turn's message and in the
    round's ping, every player pinged, with no global 429; the players' clicks are not counted
    among the other servers' answers."""
    import tempfile

    from tests.load import tournament
    from tests.load.bench_load import run_trial

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(tournament, "START_AFTER", 0.0)
    figures = await run_trial(1, 1, tournament=8)
    assert figures["round_errors"] == []
    assert figures["tournament_players"] == 8
    assert figures["round_tables_expected"] == 2
    assert figures["round_tables_opened"] == 2
    assert figures["round_tables_with_first_turn"] == 2
    assert figures["round_tables_in_ping"] == 2
    assert figures["round_pinged_players"] == 8
    assert 0 < figures["round_opened_s"] < 60
    assert 0 < figures["round_own_requests"] <= figures["round_requests_all_servers"]
    assert figures["round_global_429"] == figures["global_429"] == 0
    assert figures["interactions"] < 8  # the table's own, not the 8 joins nor the Start


async def test_the_tournament_comparison_takes_medians_and_reports_each_round(monkeypatch):
    from tests.load import bench_load, tournament

    answers = {0: iter([40.0, 50.0]), 32: iter([44.0, 70.0])}  # without, with
    order = []

    async def trial(tables, seconds, tournament=0, **options):
        order.append(tournament)
        figures = dict.fromkeys(("machine_load_1min", "picture_delay_s_p99"), 1.0)
        figures |= dict.fromkeys(bench_load_keys(), 0)
        figures["answer_ms_p99"] = next(answers[tournament])
        if tournament:
            opened = {"round_tables_expected": 8, "round_tables_opened": 8}
            figures |= opened | {"round_tables_with_first_turn": 8, "tournament_players": 32}
        return figures

    def bench_load_keys():
        return tournament.TOURNAMENT_KEYS + tournament.TOURNAMENT_CAUSES

    monkeypatch.setattr(bench_load, "run_trial", trial)
    got = await tournament.tournament_comparison(150, 60, 32, pairs=2)
    assert order == [0, 32, 32, 0]  # every other pair with the tournament first
    assert got["answer_ms_p99_each_pair"] == [[40.0, 44.0], [50.0, 70.0]]
    assert got["without_tournament"]["answer_ms_p99"] == 40.0  # the lower median of two
    assert got["with_tournament"]["answer_ms_p99"] == 44.0
    assert got["ratio_with_to_without"] == {"answer_ms_p99": 1.1}
    assert got["within_20_percent"]
    assert got["every_table_opened"]
    assert got["round_tables_opened"] == 8
    assert got["global_429"] == 0
    assert got["global_429_each_pair"] == [[0, 0], [0, 0]]
    assert len(got["rounds"]) == 2
    answers = {0: iter([40.0]), 32: iter([90.0])}
    assert not (await tournament.tournament_comparison(150, 60, 32))["within_20_percent"]


def test_percentile_and_criteria():
    assert percentile([], 99) is None
    assert percentile([5.0], 50) == 5.0
    assert percentile(list(range(1, 101)), 99) == 99
    assert percentile(list(range(1, 101)), 50) == 50
    good = {
        "answer_ms_p99": 250,
        "missed_deadlines": 0,
        "loop_lag_ms_p99": 10,
        "rss_mb": 100,
        "picture_delay_s_p99": 9.9,
        "global_429": 0,
        "rate_limited_per_turn": 2.5,
    }
    assert meets(good)
    assert not meets(good | {"missed_deadlines": 1})
    assert not meets(good | {"answer_ms_p99": 251})
    assert not meets(good | {"loop_lag_ms_p99": None})
    assert not meets(good | {"global_429": 1})
    assert not meets(good | {"rate_limited_per_turn": 2.6})


def test_a_soak_is_flat_when_its_last_ten_minutes_stay_within_5_percent_of_the_tenth():
    levelling_off = [(10.0 * i, 1.0 + 0.001 * min(i, 60)) for i in range(181)]  # 30 minutes
    assert soak_verdict(levelling_off, 100) == {
        "soak": {
            "rss_mb_at_10_min": 106.0,
            "rss_mb_last_10_min": [106.0, 106.0],
            "flat_within_5_percent": True,
        }
    }
    growing = [(10.0 * i, 1.0 + 0.001 * i) for i in range(181)]  # 118 MB at the end: +11 %
    assert soak_verdict(growing, 100)["soak"]["flat_within_5_percent"] is False
    assert soak_verdict(growing[:100], 100) == {}  # under 20 minutes: no verdict


def test_pop_bot_bench_load_points_to_the_checkout_command(capsys):
    assert main(["bench", "load", "--tables", "3"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == BENCH_LOAD_MOVED + "\n"
    assert "python -m tests.load" in BENCH_LOAD_MOVED
