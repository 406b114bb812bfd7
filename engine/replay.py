"""Any game's record in, its summary out: what `pop-bot replay` (and `pop-bot verify`) do to a
record's text, apart from the command line (`engine/replay_cli.py`), so that a benchmark can
measure it without importing a command.

A record names its game by its `format` (`pop-record/1`, `coloretto-record/1`, …), among the
games it is handed (`engine.games.RecordedGames`: `pop-bot` hands it every game the bot hosts). Its text is read once (`engine.records.scan`), then held to its game's rules
page by the game's `replay_summary`. A line that is not JSON, or a record whose format no game
knows, is answered with the code `format`.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from .games import RecordedGames
from .protocol import Recorded, RecordError
from .records import JsonRules, NotJson, judge, scan

# A text whose game is unknown is read strictly, so that its error says what is wrong with the
# text itself before saying that no game knows it.
UNKNOWN_GAME_READING = JsonRules()


def parse_record(text: str) -> Any:
    """A record's JSON, or RecordError (one line) when it is not JSON that can be read, nested
    too deeply included."""
    try:
        return scan(text).value
    except NotJson as e:
        raise RecordError(str(e)) from None


def unknown_format(record: Any, games: RecordedGames) -> str:
    """Why none of `games` reads this JSON value, in one line that names their formats."""
    known = ", ".join(games.formats())
    if not isinstance(record, dict):
        names = {list: "a list", str: "a string", bool: "a boolean", type(None): "null"}
        why = "a record is a JSON object naming its format, not " + names.get(
            type(record), "a number"
        )
    elif "format" not in record:
        why = "the record names no format"
    else:
        fmt = record["format"]
        shown = repr(fmt if len(fmt) <= 40 else fmt[:40] + "…") if isinstance(fmt, str) else None
        why = f"unknown record format {shown or json.dumps(fmt)[:40]}"
    return f"{why}; known formats: {known}"


def answer(
    text: str, games: RecordedGames
) -> tuple[Recorded | None, dict[str, Any] | None, str | None]:
    """One record's text replayed by its game among `games`: (its game or None, its summary,
    None) or (its game or None, None, its error line)."""
    try:
        reading = scan(text)
    except NotJson as e:
        return None, None, f"format: {e}"
    game = games.of(reading.value)
    if game is None:
        try:
            why = unknown_format(judge(reading, UNKNOWN_GAME_READING), games)
            return None, None, f"format: {why}"
        except NotJson as e:
            return None, None, f"format: {e}"
    try:  # the game holds the reading to its own page's rules
        return game, game.replay_summary(reading), None
    except RecordError as e:
        return game, None, str(e)
    except RecursionError:
        return game, None, "not a record that can be read: nested too deeply"


# A summary is a tree the replay has just built: there is no cycle for the encoder to seek.
ENCODE = json.JSONEncoder(check_circular=False).encode


def replay_text(
    text: str,
    name: str,
    games: RecordedGames,
    out: TextIO,
    err: TextIO,
    *,
    jsonl: bool = False,
) -> bool:
    """The records of a text (the whole text, or one a line with `jsonl`) replayed: a summary
    line each on `out`; an error is `{"error": "…"}` on `out`, or (a file that is no other
    game's record) `NAME: error` on `err`, as a Pop record's always was. True when all were
    valid."""
    valid = True
    for line in text.splitlines() if jsonl else [text]:
        if jsonl and (not line or line.isspace()):
            continue
        game, summary, error = answer(line, games)
        if error is None:
            out.write(ENCODE(summary) + "\n")
            continue
        valid = False
        if not jsonl and (game is None or game.key == "pop"):
            print(f"{name}: {error}", file=err)
        else:
            print(json.dumps({"error": error}), file=out, flush=False)
    return valid
