"""`pop-bot demo --game colorpop`: a whole seeded Colorpop game among AI seats, drawn offline.

Every step the table would post becomes a PNG in `out_dir`, numbered in order: the board of
the turn, the picked group highlighted, the board after the fall, after the rail shift (when a
rail emptied), and the final board with every secret colour revealed. Titles are English (the
bot translates its own); `index.txt` lists the files with what each shows.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colorpop.events import GameEnded, GroupRemoved, RailsShifted, TokensFell
from engine.colorpop.rules import cell_name

from .board import board_picture

NAMES = {"p0": "Ana", "p1": "Benedikt the Long-Named", "p2": "Cai", "p3": "Dörte", "p4": "Eun-ji"}


def demo_main(
    out_dir: str, *, seats: int = 3, seed: int = 1, mode: str | None = None, level: str = "hard"
) -> int:
    """Play a seeded game of `level` AIs on `seats` seats (1: solo) and write its pictures.
    Prints one JSON line (the folder, the number of pictures, the result); returns 0."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    chosen = mode or ("solo" if seats == 1 else "competitive")
    seat_ids = [f"p{i}" for i in range(seats)]
    state = COLORPOP.start(ColorpopOptions.model_validate({"mode": chosen}), seat_ids, seed)
    written: list[str] = []

    def write(name: str, png: bytes, what: str) -> None:
        path = out / f"{len(written):03d}-{name}.png"
        path.write_bytes(png)
        written.append(f"{path.name}\t{what}")

    move = 0
    while not state.over:
        public = COLORPOP.view(state, None)
        seat = public.on_turn
        assert seat is not None
        move += 1
        write(
            f"move{move}-turn",
            board_picture(public, (), {"title": f"Move {move} · {NAMES[seat]} to pick"}, NAMES),
            "the table message",
        )
        pick = COLORPOP.ai_move(COLORPOP.view(state, seat), level, seed * 1000 + move)
        before = public
        state, events = COLORPOP.apply(state, seat, pick)
        after = COLORPOP.view(state, None)
        for e in events:
            if isinstance(e, GroupRemoved):
                write(
                    f"move{move}-picked",
                    board_picture(
                        before,
                        e.cells,
                        {"title": f"Move {move} · {NAMES[seat]} picks {e.pick}"},
                        NAMES,
                        board=e.board,
                    ),
                    f"{NAMES[seat]} picks {e.pick}: {e.colour} ×{len(e.cells)} "
                    f"({', '.join(cell_name(c) for c in e.cells)})",
                )
            elif isinstance(e, TokensFell):
                write(
                    f"move{move}-fell",
                    board_picture(
                        after,
                        (),
                        {"title": f"Move {move} · the tokens slide down"},
                        NAMES,
                        board=e.board,
                    ),
                    "after the fall",
                )
            elif isinstance(e, RailsShifted):
                write(
                    f"move{move}-shifted",
                    board_picture(
                        after,
                        (),
                        {"title": f"Move {move} · empty rails to the right"},
                        NAMES,
                        board=e.board,
                    ),
                    "after the rail shift",
                )
            elif isinstance(e, GameEnded):
                write(
                    "final",
                    board_picture(after, (), {"title": "The final board"}, NAMES),
                    f"{e.end}; winners {list(e.winners)}; tie-break {e.tie_break}",
                )
    (out / "index.txt").write_text("\n".join(written) + "\n", encoding="utf-8")
    print(
        json.dumps(
            {
                "demo": "colorpop",
                "out": str(out),
                "pictures": len(written),
                "moves": move,
                "mode": chosen,
                "end": state.end,
                "winners": [NAMES[s] for s in state.winners],
                "tie_break": state.tie_break,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(demo_main(sys.argv[1] if len(sys.argv) > 1 else "colorpop-demo"))
