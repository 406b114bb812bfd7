"""`pop-bot replay` prints, byte for byte, what it printed when golden_replays.jsonl.gz was
written: 300 seeded AI games over every mode, seat count, number of sets, the two-player
variant and each solo difficulty, plus broken records and lines that are not records.

The file is the engine's behaviour pinned down while its code is reorganised; see
tests/engine/golden_replays.py for how it was made.
"""

from __future__ import annotations

import json
from collections import Counter

from .golden_replays import GOLDEN, load_golden, replay_lines

GOLDEN_ROWS = load_golden()


def test_the_golden_file_covers_every_mode_and_broken_records():
    modes: Counter[str] = Counter()
    errors = 0
    for record, summary in GOLDEN_ROWS:
        if "error" in json.loads(summary):
            errors += 1
        else:
            modes[json.loads(record)["mode"]] += 1
    assert set(modes) == {"competitive", "trick", "coop", "solo", "enigma"}
    assert sum(modes.values()) >= 250
    assert errors >= 40
    assert GOLDEN.stat().st_size < 1_000_000


def test_replay_prints_the_golden_lines_byte_for_byte():
    inputs = [record for record, _ in GOLDEN_ROWS]
    printed = replay_lines(inputs)
    assert len(printed) == len(GOLDEN_ROWS)
    different = [
        (i, want, got)
        for i, ((_, want), got) in enumerate(zip(GOLDEN_ROWS, printed, strict=True))
        if want != got
    ]
    assert not different, f"{len(different)} line(s) differ; first: {different[0]}"
