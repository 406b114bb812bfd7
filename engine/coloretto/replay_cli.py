"""Replaying coloretto-record/1 files: one line of JSON out per record, never a traceback.

`python -m engine.coloretto.replay_cli FILE...` ('-' or nothing: stdin); `--jsonl` reads one
record per line. Each output line is the summary of §7 or `{"error": "CODE: text"}`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .record import replay_line


def replay_main(files: list[str], *, jsonl: bool = False) -> int:
    """Print one line per record; 1 if any record (or file) failed, else 0."""
    failed = False
    for name in files or ["-"]:
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as e:
            print(f"{name}: cannot read: {e.strerror or e}", file=sys.stderr)
            failed = True
            continue
        texts = [line for line in data.splitlines() if line.strip()] if jsonl else [data]
        for text in texts:
            line = replay_line(text)
            failed |= line.startswith('{"error": ')
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(replay_main([a for a in args if a != "--jsonl"], jsonl="--jsonl" in args))
