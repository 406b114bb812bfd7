"""`pop-bot bench render` (Pop's): draw and encode a 10-row board frame of Pop (the busiest
picture the bot draws), print one JSON object."""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from ..kit import PNG_COMPRESS_LEVEL, encode
from . import art, board
from .scene import Frame

ROWS = 10


def ten_row_frame() -> Frame:
    """A busy frame: 10 rows of cards in every column, the turn's cards, a highlight, a pile."""
    columns = (
        tuple(range(1, 11)),
        tuple(range(11, 21)),
        tuple(range(21, 30)),
        tuple(range(30, 39)),
        tuple(range(39, 48)),
    )
    queues = (ROWS + 1, ROWS + 1, ROWS, ROWS, ROWS)  # A and B already received their card
    seats = ("ana", "ben", "cai", "dev")
    return Frame(
        kind="placed",
        mode="competitive",
        columns=columns,
        queues=queues,
        top_row=1,
        bottom_row=ROWS + 1,
        set_number=2,
        sets_total=3,
        turn_number=7,
        turns_total=8,
        seats=seats,
        names=("Ana", "Бен", "Καίτη", "Dev"),
        symbols=(4, 11, 0, 7),
        has_chief=True,
        chief_face_up=(),
        chief_pile=(),
        incoming=((10, "ana"), (20, "ben"), (48, "chief"), (49, "cai"), (50, "dev")),
        placed_columns=(0, 1),
        arrows=2,
        descending=False,
        highlight=(1, ROWS),
        placed_card=20,
        owner="ben",
        step=2,
    )


def measure(seconds: float = 3.0) -> dict[str, Any]:
    frame = ten_row_frame()
    art.palette()
    encode(
        art.to_palette(board.draw_board(frame))
    )  # warm the sprite caches: card faces are drawn once
    draws: list[float] = []
    encodes: list[float] = []
    totals: list[float] = []
    sizes: list[int] = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(totals) < 20:
        t0 = time.perf_counter()
        img = board.draw_board(frame)
        t1 = time.perf_counter()
        png = encode(art.to_palette(img))
        t2 = time.perf_counter()
        draws.append((t1 - t0) * 1000)
        encodes.append((t2 - t1) * 1000)
        totals.append((t2 - t0) * 1000)
        sizes.append(len(png))
    totals.sort()
    return {
        "benchmark": "render",
        "frame": f"{ROWS}-row grid, {img.width}x{img.height}, palette PNG "
        f"(compress_level {PNG_COMPRESS_LEVEL})",
        "frames": len(totals),
        "median_ms": round(statistics.median(totals), 3),
        "p95_ms": round(totals[int(0.95 * (len(totals) - 1))], 3),
        "median_draw_ms": round(statistics.median(draws), 3),
        "median_encode_ms": round(statistics.median(encodes), 3),
        "png_bytes": sizes[-1],
    }


def bench_render_main(seconds: float = 3.0) -> int:
    print(json.dumps(measure(seconds)))
    return 0
