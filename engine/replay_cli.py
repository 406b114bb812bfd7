"""`pop-bot replay`: game records in, one summary JSON each out, whatever the game among those
it is handed (`engine/replay.py` replays them). Errors are one line, never a traceback:
`{"error": "…"}` on standard output (and, for a file that is no other game's record,
`FILE: error` on standard error, as a Pop record's always was).
"""

from __future__ import annotations

import sys
from pathlib import Path

from .games import RecordedGames
from .replay import replay_text


def replay_main(files: list[str], games: RecordedGames, *, jsonl: bool = False) -> int:
    """Each file's records (or each line's, `jsonl`) replayed by their game among `games`."""
    failed = False
    for name in files or ["-"]:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            print(f"{name}: cannot read: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            failed = True
            continue
        if not replay_text(text, name, games, sys.stdout, sys.stderr, jsonl=jsonl):
            failed = True
    sys.stdout.flush()
    return 1 if failed else 0
