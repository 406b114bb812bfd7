"""`pop-bot render` and `pop-bot demo` for every game: a game's pictures drawn offline through its
registration (`GameTools.render`, `GameTools.demo`), written into a folder as every game's are
(render/folder.py: numbered PNG files and alt.txt), then one line saying how many and where.

Nothing here loads discord.py: the games' tools draw with render/ and their words' catalogues.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.games.entry import DemoRequest, GameEntry, GameTools, RenderRequest
from render.folder import OutputError, prepare_out, write_pictures

if TYPE_CHECKING:
    from engine.fair import Proof
    from render.kit import Picture


def written(count: int, out_dir: str | Path) -> str:
    """The line both commands end with, whatever the game."""
    return f"{count} pictures written to {Path(out_dir)}"


def render_main(
    record_path: str, out_dir: str, games: dict[str, GameEntry], lang: str = "en"
) -> int:
    """Draw a recorded game of any of `games` (its `format` says which) into `out_dir`."""
    record = _read_record(record_path)
    if record is None:
        return 1
    entry = next((e for e in games.values() if e.rules.record_format == _format(record)), None)
    if entry is None:
        from engine.games import RecordedGames
        from engine.replay import unknown_format

        known = RecordedGames(e.rules for e in games.values())
        print(f"{record_path}: {unknown_format(record, known)}", file=sys.stderr)
        return 1
    if entry.tools.render is None:
        print(f"pop-bot render: not available for {entry.key}", file=sys.stderr)
        return 2
    pictures = _drawn(record_path, entry.tools, RenderRequest(record, lang))
    if pictures is None:
        return 1
    try:
        write_pictures(pictures, out_dir)
    except OutputError as e:
        print(f"pop-bot render: {e}", file=sys.stderr)
        return 2
    print(written(len(pictures), out_dir))
    return 0


def _read_record(record_path: str) -> Any:
    """The record's JSON ('-': standard input), or None once its one error line is said."""
    from engine.protocol import RecordError
    from engine.replay import parse_record

    try:
        text = sys.stdin.read() if record_path == "-" else Path(record_path).read_text()
    except (OSError, UnicodeDecodeError) as e:
        print(f"{record_path}: cannot read: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return None
    try:
        return parse_record(text)
    except RecordError as e:
        print(f"{record_path}: cannot read a JSON record: {e}", file=sys.stderr)
        return None


def _format(record: Any) -> object:
    return record.get("format") if isinstance(record, dict) else None


def _drawn(record_path: str, tools: GameTools, request: RenderRequest) -> list[Picture] | None:
    """The game's pictures of the record, or None once why it cannot be drawn is said."""
    assert tools.render is not None
    try:
        return tools.render(request)
    except ValueError as e:  # the game's RecordError: the record breaks its rules page
        print(f"{record_path}: {e}", file=sys.stderr)
    except RecursionError:
        print(f"{record_path}: not a record that can be read: nested too deeply", file=sys.stderr)
    return None


def demo_main(tools: GameTools, request: DemoRequest) -> int:
    """Play the game among AI seats: its pictures into `request.out`, its record on standard
    output, and (a game dealt from a seed) its deal's proof, fairness.json, beside them."""
    assert tools.demo is not None
    problem = tools.demo_problem(request) if tools.demo_problem else None
    if problem:
        print(problem, file=sys.stderr)
        return 2
    try:  # a folder that cannot be written is one line, before playing
        prepare_out(request.out)
    except OutputError as e:
        print(f"pop-bot demo: {e}", file=sys.stderr)
        return 2
    seats = tools.demo_table(request) if tools.demo_table else None
    proof = None
    if seats is not None:  # dealt as a table is, from a proof (whose secret is the --seed's)
        from engine.fair import demo_proof

        proof = demo_proof(request.seed, seats)
        request = dataclasses.replace(request, deal_seed=proof.seed)
    try:
        played = tools.demo(request)
        files = write_pictures(played.pictures, request.out, played.first)
    except (OutputError, ValueError) as e:  # ValueError: e.g. flags the game does not allow
        print(f"pop-bot demo: {e}", file=sys.stderr)
        return 2
    print(json.dumps(played.record))
    print(written(len(files), request.out), file=sys.stderr)
    _write_proof(Path(request.out) / "fairness.json", proof)
    return 0


def _write_proof(path: Path, proof: Proof | None) -> None:
    """The demo's fairness.json (`pop-bot verify RECORD` it); an older one goes when this
    game was not dealt from a seed."""
    if proof is None:
        path.unlink(missing_ok=True)
        return
    path.write_text(json.dumps(proof.to_json(), indent=1) + "\n", encoding="utf-8")
    print(f"its deal's proof: {path} (pop-bot verify RECORD {path})", file=sys.stderr)
