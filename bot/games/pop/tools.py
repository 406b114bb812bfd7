"""Pop's command-line tools: `pop-bot demo` (every mode) and `pop-bot bench engine|ai`. The
modules they run are imported when they run, so the command starts fast."""

from __future__ import annotations

from engine.pop.adapter import POP, PopOptions
from engine.pop.modes import MODES

from ...entry import BenchRequest, DemoRequest, GameTools, lazy, seat_problem, timed_bench

MODES_SHOWN = ("competitive", "trick", "coop", "solo", "enigma")


def demo_problem(request: DemoRequest) -> str | None:
    mode = request.mode or MODES_SHOWN[0]
    low, high = POP.seat_range(PopOptions(mode=mode))  # type: ignore[arg-type]
    return seat_problem(f"pop {mode}", seats_of(request), low, high)


def seats_of(request: DemoRequest) -> int:
    if request.seats is not None:
        return request.seats
    return 1 if MODES[request.mode or MODES_SHOWN[0]].alone else 4


def demo(request: DemoRequest) -> int:
    from .words import alt_words, picture_labels  # the table language's words

    return lazy("render.demo", "demo_main")(
        request.out,
        mode=request.mode or MODES_SHOWN[0],
        seats=seats_of(request),
        level=request.level,
        seed=request.seed,
        deal_seed=request.deal_seed,
        sets=request.sets,
        labels=picture_labels(request.lang),
        t=alt_words(request.lang),
    )


def bench_ai(request: BenchRequest) -> int:
    """`bench ai`: Pop's levels head to head, and its co-op tables against the ceiling."""
    return lazy("engine.pop.bench_ai", "bench_ai_main")(
        games=request.games,
        trick_games=request.trick_games,
        solo_games=request.solo_games,
        coop_games=request.coop_games,
        jobs=request.jobs,
        coop_games_3=request.coop_games_3,
        coop_seats=request.coop_seats,
    )


def demo_table(request: DemoRequest) -> int | None:
    """The seats a demo deals to; None for an Enigma (a given puzzle, dealt by no seed)."""
    return None if MODES[request.mode or MODES_SHOWN[0]].needs_puzzle else seats_of(request)


TOOLS = GameTools(
    MODES_SHOWN,
    demo_problem,
    demo,
    demo_table,
    timed_bench(lazy("engine.pop.bench", "bench_engine_main")),
    bench_ai,
)
