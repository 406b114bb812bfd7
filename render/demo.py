"""`pop-bot demo`: a whole game among AI seats, offline — no Discord at all.

The pictures (the board before each reveal, every placement step, the results) go to a folder
as numbered PNG files with alt.txt, exactly as `pop-bot render` draws a record; the game's
pop-record/1 JSON goes to stdout, so `pop-bot demo | pop-bot replay -` checks it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping

from .cli import OutputError, prepare_out, write_pictures
from .pop import alt
from .pop.demo import play_demo
from .pop.records import record_pictures


def demo_main(
    out_dir: str,
    *,
    mode: str = "competitive",
    seats: int = 4,
    level: str = "hard",
    seed: int = 1,
    sets: int = 1,
    deal_seed: int | None = None,
    labels: Mapping[str, str] | None = None,
    t: alt.Translate = alt.english,
) -> int:
    """`labels` and `t`: the pictures' words and alt texts in a table's language (English
    unless given); `deal_seed`: the deal's own seed (a fair-deal proof's), else `seed`."""
    try:
        prepare_out(out_dir)  # before playing: a folder that cannot be written is said at once
        record = play_demo(mode, seats, level, seed, sets, deal_seed)
        files = write_pictures(record_pictures(record, labels, t), out_dir)
    except OutputError as e:
        print(f"pop-bot demo: {e}", file=sys.stderr)
        return 2
    except ValueError as e:  # e.g. a seat count the mode does not allow
        print(f"demo: {e}", file=sys.stderr)
        return 2
    print(json.dumps(record))
    print(f"{len(files)} pictures written to {out_dir}", file=sys.stderr)
    return 0
