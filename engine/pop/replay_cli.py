"""`pop-bot replay`: records in, one summary JSON each out. Errors are one line, never a trace."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..protocol import Json
from .errors import RecordError
from .record import replay_summary


def _summary_of_text(text: str) -> dict[str, Json]:
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise RecordError("not JSON that can be read: nested too deeply") from None
    except ValueError as e:  # e.g. an integer longer than Python converts (4300 digits)
        raise RecordError(f"not JSON that can be read: {e}") from None
    return replay_summary(record)


def replay_main(files: list[str], *, jsonl: bool = False) -> int:
    if not files:
        files = ["-"]
    failed = False
    for name in files:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            print(f"{name}: cannot read: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            failed = True
            continue
        if jsonl:
            for line in text.splitlines():
                if not line.strip():
                    continue
                try:
                    out = _summary_of_text(line)
                except RecordError as e:
                    out = {"error": str(e)}
                    failed = True
                print(json.dumps(out), flush=False)
            continue
        try:
            print(json.dumps(_summary_of_text(text)))
        except RecordError as e:
            print(f"{name}: {e}", file=sys.stderr)
            failed = True
    sys.stdout.flush()
    return 1 if failed else 0
