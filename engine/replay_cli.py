"""`pop-bot replay`: game records in, one summary JSON each out, whatever the game.

A record names its game by its `format` (`pop-record/1`, `coloretto-record/1`, …); a record
whose format no game knows is read as Pop's, whose first check names the format it expects.
Errors are one line, never a traceback: `{"error": "…"}` on standard output (and, for a Pop
record given as a file, `FILE: error` on standard error, as it always was).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .games import by_format
from .pop.adapter import POP
from .protocol import Recorded, RecordError


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise RecordError("not JSON that can be read: nested too deeply") from None
    except ValueError as e:  # e.g. an integer longer than Python converts (4300 digits)
        raise RecordError(f"not JSON that can be read: {e}") from None


def parse_record(text: str) -> Any:
    """A record's JSON, or RecordError (one line) when it is not JSON that can be read, nested
    too deeply included."""
    return _parse(text)


def game_of(record: Any) -> Recorded:
    fmt = record.get("format") if isinstance(record, dict) else None
    return by_format(fmt) or POP


def summary_of_text(text: str) -> tuple[Recorded, dict[str, Any]]:
    """The record's game and its summary; RecordError (the game's one line) when it is not
    valid."""
    record = _parse(text)
    game = game_of(record)
    try:
        return game, game.replay_summary(record)
    except RecursionError:
        raise RecordError("not a record that can be read: nested too deeply") from None


def replay_main(files: list[str], *, jsonl: bool = False) -> int:
    failed = False
    for name in files or ["-"]:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            print(f"{name}: cannot read: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            failed = True
            continue
        for line in text.splitlines() if jsonl else [text]:
            if jsonl and not line.strip():
                continue
            try:
                _, summary = summary_of_text(line)
                print(json.dumps(summary), flush=False)
            except RecordError as e:
                failed = True
                if not jsonl and game_of(_safe_parse(line)) is POP:
                    print(f"{name}: {e}", file=sys.stderr)
                else:
                    print(json.dumps({"error": str(e)}), flush=False)
    sys.stdout.flush()
    return 1 if failed else 0


def _safe_parse(text: str) -> Any:
    try:
        return _parse(text)
    except RecordError:
        return None
