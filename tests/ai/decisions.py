"""Writes tests/ai/decisions.json.gz: every decision of seeded games played by Pop's AI seats
(and by the co-op ceiling), so that a reorganisation of the AI can be shown to decide exactly
as before (tests/ai/test_decisions.py).

Each game is played from a fixed set-up; every `choose_cards(view, level, Random(seed),
signals)` call is recorded with its seed, the signals it heard, the cards it chose and, at
co-op tables, what `announce` says of them; every `ceiling_plays(state, Random(seed))` call
with the plays it chose. The check replays each game with the recorded cards (so one changed
decision does not change the positions after it) and recomputes every decision.

It was written once by the code it pins; regenerate it (`python -m tests.ai.decisions`) only
when the AI is meant to decide differently.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.pop.ai import LEVELS, TALK_ROUNDS, announce, choose_cards
from engine.pop.ceiling import ceiling_plays
from engine.pop.enigma import load_pack, puzzle_deal
from engine.pop.game import new_game, play_turn
from engine.pop.state import PopState
from engine.pop.view import view

FIXTURE = Path(__file__).parent / "decisions.json.gz"
NAMES = ("ana", "ben", "cai", "dee", "eli")
# In "some" talk a teammate hears each announcement only now and then, as at a human table.
HEARD_SHARE = 0.6


@dataclass(frozen=True)
class Setup:
    """One seeded game: its mode, table and the AI level of each seat."""

    mode: str
    levels: tuple[str, ...]
    seed: int
    two_player_variant: bool | None = None
    difficulty: int | None = None
    talk: str = "none"  # co-op: "none", "all" (every announcement heard) or "some"
    ceiling: bool = False  # co-op: the see-all team plays every turn

    def start(self) -> PopState:
        """The game's first position."""
        names = list(NAMES[: len(self.levels)])
        if self.mode == "enigma":
            pack = load_pack()
            puzzle = puzzle_deal(pack[self.seed % len(pack)], names[0])
            return new_game("enigma", names, seed=0, puzzle=puzzle)
        return new_game(
            self.mode,
            names,
            seed=self.seed,
            sets=1,
            two_player_variant=self.two_player_variant,
            difficulty=self.difficulty,
        )


def _rotations(seats: int, games: int) -> Iterator[tuple[str, ...]]:
    """Mixed levels, rotating so that every level sits in every chair."""
    for k in range(games):
        yield tuple(LEVELS[(k + i) % len(LEVELS)] for i in range(seats))


def setups() -> list[Setup]:
    """Every mode, seat count, variant, difficulty, kind of table talk and level."""
    out: list[Setup] = []
    seed = 4000
    for mode in ("competitive", "trick"):
        for seats, variant in ((2, True), (2, False), (3, None), (4, None), (5, None)):
            for levels in _rotations(seats, 3):
                seed += 1
                out.append(Setup(mode, levels, seed, two_player_variant=variant))
    for seats in (3, 4, 5):
        for level in LEVELS:
            for talk in ("none", "all"):
                for _ in range(2):
                    seed += 1
                    out.append(Setup("coop", (level,) * seats, seed, talk=talk))
        for levels in _rotations(seats, 3):
            seed += 1
            out.append(Setup("coop", levels, seed, talk="some"))
        for _ in range(2):
            seed += 1
            out.append(Setup("coop", ("ceiling",) * seats, seed, ceiling=True))
    for difficulty in (1, 2, 3, 4):
        for level in LEVELS:
            for _ in range(2):
                seed += 1
                out.append(Setup("solo", (level,), seed, difficulty=difficulty))
    for level in LEVELS:
        for _ in range(4):
            seed += 1
            out.append(Setup("enigma", (level,), seed))
    return out


def record_game(setup: Setup) -> dict[str, Any]:
    """Play a whole game with the AI and note every decision."""
    state = setup.start()
    turns: list[list[dict[str, Any]]] = []
    ceiling: list[dict[str, Any]] = []
    while state.phase == "choosing":
        rng_seed = setup.seed * 1000 + len(turns) * 20 + len(ceiling)
        if setup.ceiling:
            plays = ceiling_plays(state, random.Random(rng_seed))
            ceiling.append({"seed": rng_seed, "plays": plays})
            play_turn(state, plays, steps=False)
            continue
        decisions = _play_one_turn(state, setup, rng_seed)
        turns.append(decisions)
        play_turn(state, _final_plays(decisions), steps=False)
    return {"setup": asdict(setup), "turns": turns, "ceiling": ceiling}


def _play_one_turn(state: PopState, setup: Setup, rng_seed: int) -> list[dict[str, Any]]:
    """Every seat picks (and, with talk, hears the others and may pick again)."""
    seats = state.seats
    level_of = dict(zip(seats, setup.levels, strict=True))
    heard_by = random.Random(rng_seed)
    signals: list[list[Any]] = []
    plays: dict[str, list[int]] = {}
    decisions: list[dict[str, Any]] = []
    rounds = TALK_ROUNDS if setup.talk != "none" else 1
    for _ in range(rounds):
        changed = False
        for seat in seats:
            v = view(state, seat)
            heard = [s for s in signals if setup.talk == "all" or heard_by.random() < HEARD_SHARE]
            seed = rng_seed * 10 + len(decisions)
            cards = choose_cards(v, level_of[seat], random.Random(seed), [tuple(s) for s in heard])
            said = announce(v, cards) if state.spec.cooperative else None
            decisions.append(
                {"seat": seat, "seed": seed, "signals": heard, "cards": cards, "said": said}
            )
            if plays.get(seat) != cards:
                changed = True
                plays[seat] = cards
                if setup.talk != "none" and said is not None:
                    signals.append(list(said))
        if not changed:
            break
    return decisions


def _final_plays(decisions: list[dict[str, Any]]) -> dict[str, list[int]]:
    """Each seat's last pick of the turn."""
    return {d["seat"]: list(d["cards"]) for d in decisions}


def check_game(game: dict[str, Any]) -> list[str]:
    """Recompute every recorded decision of a game; one line per decision that differs."""
    setup = Setup(**{**game["setup"], "levels": tuple(game["setup"]["levels"])})
    state = setup.start()
    level_of = dict(zip(state.seats, setup.levels, strict=True))
    wrong: list[str] = []
    for n, entry in enumerate(game["ceiling"]):
        plays = ceiling_plays(state, random.Random(entry["seed"]))
        if plays != entry["plays"]:
            wrong.append(f"seed {setup.seed} turn {n}: ceiling {plays} != {entry['plays']}")
        play_turn(state, entry["plays"], steps=False)
    for n, decisions in enumerate(game["turns"]):
        for d in decisions:
            v = view(state, d["seat"])
            heard = [tuple(s) for s in d["signals"]]
            cards = choose_cards(v, level_of[d["seat"]], random.Random(d["seed"]), heard)
            said = announce(v, d["cards"]) if state.spec.cooperative else None
            if cards != d["cards"] or (list(said) if said else None) != d["said"]:
                wrong.append(
                    f"seed {setup.seed} turn {n} {d['seat']}: {cards} {said}"
                    f" != {d['cards']} {d['said']}"
                )
        play_turn(state, _final_plays(decisions), steps=False)
    return wrong


def load() -> list[dict[str, Any]]:
    """The recorded games."""
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        games: list[dict[str, Any]] = json.load(f)["games"]
    return games


def main() -> None:
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor() as pool:
        games = list(pool.map(record_game, setups()))
    text = json.dumps({"games": games}, separators=(",", ":"))
    with gzip.GzipFile(FIXTURE, "wb", mtime=0) as f:
        f.write(text.encode())
    decisions = sum(len(t) for g in games for t in g["turns"]) + sum(
        len(g["ceiling"]) for g in games
    )
    print(f"{len(games)} games, {decisions} decisions -> {FIXTURE}")


if __name__ == "__main__":
    main()
