"""Pop's command-line tools: `pop-bot render`, `pop-bot demo` (every mode) and `pop-bot bench
engine|ai|render`. The modules they run are imported when they run, so the command starts
fast."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.entry import (
    BenchRequest,
    DemoGame,
    DemoRequest,
    GameTools,
    RenderRequest,
    lazy,
    seat_problem,
    timed_bench,
)
from engine.pop.adapter import POP, PopOptions
from engine.pop.modes import MODES

if TYPE_CHECKING:
    from render.kit import Picture

MODES_SHOWN = ("competitive", "trick", "coop", "solo", "enigma")


def demo_problem(request: DemoRequest) -> str | None:
    mode = request.mode or MODES_SHOWN[0]
    low, high = POP.seat_range(PopOptions(mode=mode))  # type: ignore[arg-type]
    return seat_problem(f"pop {mode}", seats_of(request), low, high)


def seats_of(request: DemoRequest) -> int:
    if request.seats is not None:
        return request.seats
    return 1 if MODES[request.mode or MODES_SHOWN[0]].alone else 4


def demo(request: DemoRequest) -> DemoGame:
    """A whole game among AI seats, its pictures drawn as `render` draws its record."""
    from render.pop.demo import play_demo

    record = play_demo(
        request.mode or MODES_SHOWN[0],
        seats_of(request),
        request.level,
        request.seed,
        request.sets,
        request.deal_seed,
    )
    return DemoGame(record, render(RenderRequest(record, request.lang)))


def render(request: RenderRequest) -> list[Picture]:
    """`pop-bot render`: every picture of a recorded game (the board before each reveal, each
    placement step, the results) in the table language asked for."""
    from render.pop.records import record_pictures

    from .words import alt_words, picture_labels

    lang = request.lang
    return record_pictures(request.record, picture_labels(lang), alt_words(lang), request.names)


def starts_turn(filename: str) -> bool:
    """A turn's pictures begin with its board, before the reveal (`board-s1-t2.png`)."""
    return filename.startswith("board-")


def bench_ai(request: BenchRequest) -> int:
    """`bench ai`: Pop's levels head to head, its co-op tables against the ceiling, and the
    expert against outside opponents and hard (`--vs-games`)."""
    code: int = lazy("engine.pop.bench_ai", "bench_ai_main")(
        games=request.games,
        trick_games=request.trick_games,
        solo_games=request.solo_games,
        coop_games=request.coop_games,
        jobs=request.jobs,
        coop_games_3=request.coop_games_3,
        coop_seats=request.coop_seats,
        vs_games=request.vs_games,
    )
    return code


def demo_table(request: DemoRequest) -> int | None:
    """The seats a demo deals to; None for an Enigma (a given puzzle, dealt by no seed)."""
    return None if MODES[request.mode or MODES_SHOWN[0]].needs_puzzle else seats_of(request)


def bench_render(request: BenchRequest) -> int:
    """`bench render`: a ten-row Pop frame drawn and encoded."""
    code: int = lazy("render.pop.bench", "bench_render_main")(seconds=request.seconds)
    return code


TOOLS = GameTools(
    MODES_SHOWN,
    demo_problem,
    demo,
    demo_table,
    render,
    timed_bench(lazy("engine.pop.bench", "bench_engine_main")),
    bench_ai,
    bench_render,
    starts_turn,
)
