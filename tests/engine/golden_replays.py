"""Writes tests/engine/golden_replays.jsonl.gz: records of seeded AI games over every mode, plus
broken records, each with the exact line `pop-bot replay --jsonl` printed for it.

The file pins the replay command's output byte for byte while the engine is refactored
(tests/engine/test_golden_replays.py). It was written once by the engine it pins; regenerate
it (`python -m tests.engine.golden_replays`) only when the summary is meant to change.
"""

from __future__ import annotations

import contextlib
import copy
import gzip
import io
import json
import random
import tempfile
from pathlib import Path

from bot.games import recorded
from engine.pop.ai import announce, choose_cards
from engine.pop.enigma import load_pack, puzzle_deal
from engine.pop.game import new_game, play_turn
from engine.pop.record import export_record
from engine.pop.view import view
from engine.replay_cli import replay_main

GOLDEN = Path(__file__).parent / "golden_replays.jsonl.gz"
NAMES = ("ana", "ben", "cai", "dee", "eli")
LEVELS = ("easy", "easy", "normal")  # mostly random play: it reaches the odd corners


def ai_game(
    mode: str,
    seats: int,
    seed: int,
    *,
    sets: int = 1,
    two_player_variant: bool | None = None,
    difficulty: int | None = None,
) -> dict:
    """The record of a whole game among AI seats of mixed levels."""
    names = list(NAMES[:seats])
    if mode == "enigma":
        pack = load_pack()
        state = new_game(
            "enigma", names, seed=0, puzzle=puzzle_deal(pack[seed % len(pack)], names[0])
        )
    else:
        state = new_game(
            mode,
            names,
            seed=seed,
            sets=sets,
            two_player_variant=two_player_variant,
            difficulty=difficulty,
        )
    rng = random.Random(seed)
    levels = {name: rng.choice(LEVELS) for name in names}
    while state.phase == "choosing":
        plays: dict[str, list[int]] = {}
        signals: list = []
        for name in names:
            seen = view(state, name)
            plays[name] = choose_cards(seen, levels[name], rng, signals)
            if mode == "coop":
                said = announce(seen, plays[name])
                if said and rng.random() < 0.7:
                    signals.append(said)
        play_turn(state, plays, steps=False)
    return export_record(state)


def good_records() -> list[dict]:
    """300 finished games: every mode, seat count, number of sets, variant and difficulty."""
    out = []
    seed = 1000
    for _ in range(6):
        for mode in ("competitive", "trick"):
            for seats in (2, 3, 4, 5):
                for sets in (1, 2, 3):
                    seed += 1
                    out.append(ai_game(mode, seats, seed, sets=sets))
            for sets in (1, 2, 3):  # two people without the variant
                seed += 1
                out.append(ai_game(mode, 2, seed, sets=sets, two_player_variant=False))
    for _ in range(10):
        for seats in (3, 4, 5):
            seed += 1
            out.append(ai_game("coop", seats, seed))
    for _ in range(6):
        for difficulty in (1, 2, 3, 4):
            seed += 1
            out.append(ai_game("solo", 1, seed, difficulty=difficulty))
    for _ in range(18):
        seed += 1
        out.append(ai_game("enigma", 1, seed))
    return out


def _mutants(records: list[dict]) -> list[str]:
    """Broken records, one rule each, as the text lines given to the command."""
    rng = random.Random(7)
    by_mode: dict[str, list[dict]] = {}
    for r in records:
        by_mode.setdefault(r["mode"], []).append(r)
    comp = by_mode["competitive"]
    out: list[object] = []

    def take(mode: str = "competitive") -> dict:
        return copy.deepcopy(rng.choice(by_mode[mode]))

    r = take()
    r["format"] = "pop-record/2"
    out.append(r)
    r = take()
    r["mode"] = "chess"
    out.append(r)
    r = take()
    r["two_player_variant"] = "yes"
    out.append(r)
    r = take()
    r["seats"] = r["seats"][:1] * 2
    out.append(r)
    r = take()
    r["seats"][0] = "chief"
    out.append(r)
    r = take()
    r["seats"] = ["a", "b", "c", "d", "e", "f"]
    out.append(r)
    r = take()
    r["sets"] = r["sets"] * 4
    out.append(r)
    r = take()
    r["sets"] = []
    out.append(r)
    r = take()
    r["sets"][0] = "set"
    out.append(r)
    r = take("coop")
    r["two_player_variant"] = True
    out.append(r)
    # Turns: cut short, one too many, a seat missing or extra, wrong card counts or kinds.
    for _ in range(4):
        r = take(rng.choice(("competitive", "trick", "coop", "solo")))
        r["sets"][-1]["turns"] = r["sets"][-1]["turns"][:-1]
        out.append(r)
    r = take()
    r["sets"][-1]["turns"].append(r["sets"][-1]["turns"][-1])
    out.append(r)
    r = take("enigma")
    r["sets"][0]["turns"] *= 2
    out.append(r)
    r = take()
    r["sets"][0]["turns"] = "all"
    out.append(r)
    r = take()
    r["sets"][0]["turns"][2] = ["plays"]
    out.append(r)
    r = take()
    r["sets"][0]["turns"][2] = {"plays": [1]}
    out.append(r)
    for bad in ([], [1, 2], [0], [51], [True], [1.0], "7", None, [99, 98]):
        r = take()
        plays = r["sets"][0]["turns"][3]["plays"]
        plays[rng.choice(r["seats"])] = bad
        out.append(r)
    r = take()
    r["sets"][0]["turns"][1]["plays"].pop(r["seats"][-1])
    out.append(r)
    r = take()
    r["sets"][0]["turns"][1]["plays"]["zed"] = [1]
    out.append(r)
    r = take("solo")
    r["sets"][0]["turns"][0]["plays"]["ana"] = r["sets"][0]["turns"][0]["plays"]["ana"][:4]
    out.append(r)
    r = take("solo")
    pick = r["sets"][0]["turns"][0]["plays"]["ana"]
    pick[1] = pick[0]
    out.append(r)
    # Deals: grids, hands and piles that break the set-up.
    r = take()
    r["sets"][0]["grid"] = r["sets"][0]["grid"][:4]
    out.append(r)
    r = take()
    r["sets"][0]["grid"][0].append(r["sets"][0]["draw_pile"].pop())
    out.append(r)
    r = take()
    r["sets"][0]["grid"][2] = [r["sets"][0]["grid"][1][0]]
    out.append(r)
    r = take()
    r["sets"][0]["hands"]["ana"].pop()
    out.append(r)
    r = take()
    r["sets"][0]["hands"]["ana"].append(0)
    out.append(r)
    r = take()
    del r["sets"][0]["hands"]["ana"]
    out.append(r)
    r = take()
    r["sets"][0]["draw_pile"] = r["sets"][0]["draw_pile"][1:]
    out.append(r)
    r = take()
    r["sets"][0]["draw_pile"] = "pile"
    out.append(r)
    r = take()
    r["sets"][0]["draw_pile"][0] = r["sets"][0]["draw_pile"][1]
    out.append(r)
    r = take("solo")
    r["sets"][0]["grid"][0] = r["sets"][0]["grid"][0][:-1]
    out.append(r)
    r = take("enigma")
    r["sets"][0]["grid"] = [[], [], [], [], []]
    out.append(r)
    r = take("enigma")
    r["sets"][0]["hands"]["ana"] = r["sets"][0]["hands"]["ana"][:4]
    out.append(r)
    # Sets: two-set games whose second set is cut off or follows a game already over.
    many = [x for x in comp if len(x["sets"]) == 3]
    r = copy.deepcopy(rng.choice(many))
    r["sets"][1]["turns"] = r["sets"][1]["turns"][:5]
    out.append(r)
    r = copy.deepcopy(rng.choice(many))
    r["sets"][0]["turns"] = r["sets"][0]["turns"][:7]
    out.append(r)
    r = take()  # a card from another seat's hand
    first, second = r["seats"][:2]
    r["sets"][0]["turns"][0]["plays"][first] = [r["sets"][0]["hands"][second][0]]
    out.append(r)
    r = copy.deepcopy(rng.choice([x for x in comp if len(x["sets"]) == 1]))
    r["sets"].append(r["sets"][0])
    out.append(r)
    lines = [json.dumps(x) for x in out]
    lines += ["{not json", "[1, 2, 3]", "42", '"pop"', "{}", "1" * 5000, "[" * 100000]
    return lines


def replay_lines(lines: list[str]) -> list[str]:
    """What `pop-bot replay --jsonl` prints for these input lines, one output line each (every
    game the bot registers read)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            replay_main([str(path)], recorded(), jsonl=True)
    return out.getvalue().splitlines()


def load_golden(path: Path = GOLDEN) -> list[tuple[str, str]]:
    """(input line, expected output line) pairs."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [(row["record"], row["summary"]) for row in map(json.loads, f)]


def write_golden(path: Path = GOLDEN) -> int:
    records = good_records()
    lines = [json.dumps(r, separators=(",", ":")) for r in records] + _mutants(records)
    outputs = replay_lines(lines)
    assert len(outputs) == len(lines)
    with gzip.GzipFile(path, "wb", compresslevel=9, mtime=0) as raw:
        raw.write(
            "".join(
                json.dumps({"record": i, "summary": o}) + "\n"
                for i, o in zip(lines, outputs, strict=True)
            ).encode()
        )
    return len(lines)


if __name__ == "__main__":
    n = write_golden()
    print(f"wrote {n} records to {GOLDEN} ({GOLDEN.stat().st_size} bytes)")
