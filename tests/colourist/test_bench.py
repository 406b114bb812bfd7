"""`pop-bot bench engine --game colourist`: its JSON, from real replays of AI games."""

from __future__ import annotations

import json

from bot.cli import main as pop_bot
from engine.colourist.bench import TARGET_GAMES_PER_SECOND, ai_records, bench_engine_main
from engine.colourist.record import replay_summary


def test_the_benchmarked_records_are_whole_games_that_replay():
    records = ai_records(4)
    assert {len(r["players"]) for r in records} == {3, 4, 5, 6}
    for record in records:
        summary = replay_summary(record)
        assert summary["winners"]
        assert len(summary["rounds"]) == len(record["rounds"])


def test_bench_engine_prints_both_replay_rates(capsys):
    code = bench_engine_main(seconds=0.4, records=ai_records(3))
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "colourist"
    assert report["records"] == 3
    assert report["lines_per_second"] > 0
    assert report["games_per_second"] > 0
    assert report["target_met"] == (report["lines_per_second"] >= TARGET_GAMES_PER_SECOND)
    assert code == (0 if report["target_met"] else 1)


def test_pop_bot_bench_engine_knows_the_colourist_bench(capsys):
    code = pop_bot(["bench", "engine", "--game", "colourist", "--seconds", "0.4"])
    report = json.loads(capsys.readouterr().out)
    assert (report["benchmark"], report["game"]) == ("engine", "colourist")
    assert code in (0, 1)
    assert report["mean_rounds_per_game"] >= 10  # whole games: the short track has 10 fields
