"""The Coloretto benchmarks and demo the CLI runs (`pop-bot bench … --game coloretto`,
`pop-bot demo --game coloretto`): their JSON and files, on a small scale."""

from __future__ import annotations

import json

from bot.cli import main
from engine.coloretto import record
from engine.coloretto.bench import ai_records, bench_engine_main
from engine.coloretto.bench_ai import bench_ai_main
from engine.stats import wilson


def test_bench_engine_prints_the_replay_rate(capsys):
    code = bench_engine_main(seconds=0.3)
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "coloretto"
    assert report["games_per_second"] > 0
    assert code == (0 if report["target_met"] else 1)
    assert report["target_met"] == (report["games_per_second"] >= 4000)


def test_the_benchmarked_records_are_whole_games_that_replay():
    for rec in ai_records(8):
        summary = record.replay_summary(rec)
        assert len(summary["scores"]) == len(rec["players"])
        assert summary["winners"]


def test_bench_ai_prints_head_to_head_intervals_and_decision_times(capsys):
    code = bench_ai_main(games=6, jobs=1, vs_games=0)  # the versus section: test_expert.py
    report = json.loads(capsys.readouterr().out)
    assert set(report["head_to_head"]) == {"hard_vs_normal", "normal_vs_easy"}
    for result in report["head_to_head"].values():
        low, high = result["ci95"]
        assert result["games"] == 6
        assert low <= result["rate"] <= high
        assert result["beats"] == (low > 0.5)
    assert set(report["decision_ms"]) == {"easy", "normal", "hard"}
    assert all(d["decisions"] > 0 and d["p95"] <= d["max"] for d in report["decision_ms"].values())
    assert code == (
        0 if report["hard_beats_normal_beats_easy"] and report["meets_time_target"] else 1
    )


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404
    assert round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)


def test_demo_writes_a_whole_game(tmp_path, capsys):
    assert (
        main(["demo", "--game", "coloretto", "--seats", "2", "--seed", "3", "--out", str(tmp_path)])
        == 0
    )
    pictures = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pictures[0] == "000-start.png"
    assert pictures[-1].endswith("-results.png")
    assert any("rowtaken" in p for p in pictures)
    assert any("cardplaced" in p for p in pictures)
    alts = (tmp_path / "alt.txt").read_text().splitlines()
    assert [line.split("\t")[0] for line in alts] == pictures
    assert "final scores" in alts[-1]
    assert all((tmp_path / p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pictures)
