"""`engine.bench_vs` and the versus sections of `bench ai`: mirrored deals, and every field."""

from __future__ import annotations

import json

from engine import bench_vs
from engine.coloretto import bench_ai as coloretto_bench
from engine.coloretto.adapter import COLORETTO, ColorettoOptions
from engine.colorpop import bench_ai as colorpop_bench
from engine.colourist import bench_ai as colourist_bench
from engine.pop.bench_ai import bench_ai_main as pop_bench_ai_main

MATCH_FIELDS = {
    "subject",
    "opponent",
    "seats",
    "deals",
    "win",
    "mean_margin",
    "margin_ci95",
    "decision_ms",
}


def test_a_deal_is_played_once_per_seat_the_subject_takes():
    seen: list[tuple[int, str]] = []

    def subject(view, seed):
        seen.append((view.round_number, view.seat))
        return COLORETTO.ai_move(view, "easy", seed)

    def opponent(view, seed):
        return COLORETTO.ai_move(view, "easy", seed)

    wins, margins, mine, theirs = bench_vs.rotations(
        COLORETTO, ColorettoOptions(), subject, opponent, 3, [5]
    )
    assert len(wins) == len(margins) == 3  # one deal, the subject in each of the 3 seats
    assert {seat for _, seat in seen} == {"s0", "s1", "s2"}
    assert len(mine) == len(seen)
    assert theirs
    assert all(0 <= w <= 1 for w in wins)


def test_work_splits_each_match_into_deals_of_its_own_seed_range():
    jobs = bench_vs.work([("expert", "mc", 2), ("hard", "mc", 3)], 25, 100, size=5)
    deals = {
        (s, o, n): [d for j in jobs if j[:3] == (s, o, n) for d in j[3]] for s, o, n, _ in jobs
    }
    assert len(deals["expert", "mc", 2]) == 13  # 25 games at 2 seats: 13 deals, 26 games
    assert len(deals["hard", "mc", 3]) == 9
    assert bench_vs.work([("expert", "mc", 2)], 0, 100) == []


def check_versus(section, matches):
    assert set(section) == {"matches", "decision_ms_by_player", "targets"}
    for subject, opponent, seats in matches:
        m = section["matches"][f"{subject}_vs_{opponent}_{seats}seats"]
        assert set(m) == MATCH_FIELDS
        assert m["win"]["games"] == m["deals"] * seats > 0
        low, high = m["win"]["ci95"]
        assert low <= m["win"]["rate"] <= high
        assert m["win"]["fair_share"] == round(1 / seats, 4)
        assert m["margin_ci95"][0] <= m["mean_margin"] <= m["margin_ci95"][1]
        for side in ("subject", "opponent"):
            assert m["decision_ms"][side]["decisions"] > 0
    assert {"expert", "hard"} <= set(section["decision_ms_by_player"])
    json.dumps(section)  # all of it is JSON


def test_coloretto_versus_has_its_fields():
    matches = (("expert", "mc", 2), ("hard", "mc", 2), ("expert", "hard", 3))
    section = coloretto_bench.versus(2, 1, matches=matches)
    check_versus(section, matches)
    assert set(section["targets"]) == {"expert_beats_mc_2seats", "expert_better_than_hard"}
    better = section["targets"]["expert_better_than_hard"]
    assert set(better) == {"expert_vs_mc_2seats", "expert_vs_hard_3seats"}


def test_colorpop_versus_has_its_fields():
    matches = (("expert", "greedy", 2), ("hard", "random", 2), ("expert", "random", 3))
    section = colorpop_bench.versus(2, 1, matches=matches)
    check_versus(section, matches)
    assert set(section["targets"]) == {"expert_better_than_hard"}  # no Monte-Carlo match


def test_colourist_versus_has_its_fields_and_its_seat_by_seat_figure():
    matches = (("expert", "mc", 3), ("hard", "mc", 3), ("expert", "hard", 4))
    section = colourist_bench.versus(3, 1, matches=matches)
    for m in section["matches"].values():
        low, high = m["seat_by_seat"].pop("ci95")
        assert 0 <= low <= m.pop("seat_by_seat")["rate"] <= high
    check_versus(section, matches)  # the fields every game's versus has
    assert set(section["targets"]) == {
        "expert_better_than_hard",
        "expert_beats_mc_seat_by_seat_3seats",
        "expert_above_fair_vs_mc_3seats",
    }


def test_the_verdicts_follow_the_rates():
    def match(subject, opponent, rate, low):
        win = {"games": 400, "rate": rate, "ci95": [low, rate + 0.05], "above_fair": low > 0.5}
        return {"subject": subject, "opponent": opponent, "win": win}

    matches = {
        "expert_vs_mc_2seats": match("expert", "mc", 0.56, 0.51),
        "hard_vs_mc_2seats": match("hard", "mc", 0.4, 0.35),
        "expert_vs_hard_2seats": match("expert", "hard", 0.52, 0.47),
    }
    verdict = bench_vs.verdicts(matches)
    assert verdict["expert_beats_mc_2seats"] is True
    assert verdict["expert_better_than_hard"] == {
        "expert_vs_mc_2seats": True,
        "expert_vs_hard_2seats": False,
    }
    matches["expert_vs_mc_2seats"] = match("expert", "mc", 0.56, 0.49)
    assert bench_vs.verdicts(matches)["expert_beats_mc_2seats"] is False


def test_pop_bench_with_no_coop_games_plays_no_coop_table(capsys):
    code = pop_bench_ai_main(games=0, trick_games=0, solo_games=0, coop_games=0, jobs=1, vs_games=0)
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["coop"] == {}
    assert report["coop_targets"] == {}
