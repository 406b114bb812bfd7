"""`pop-bot verify RECORD FAIRNESS`: is the record's deal the one its committed seed deals?

One line either way: exit 0 when the secret seed is the committed one, the record's deal is
what the seed and the recorded ids deal (docs/fair-deals.md) and the record is valid; exit 1
naming what does not match; exit 2 when a file cannot be read. The record's game is found by
its `format` among the games handed in, like `pop-bot replay`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .fair import Dealt, Proof, ProofError, check, read_proof_text
from .games import RecordedGames
from .protocol import RecordError
from .replay import answer, parse_record, unknown_format


def verify(record_text: str, proof_text: str, games: RecordedGames) -> str:
    """The success line; ProofError (one line) for anything that does not match. The record's
    game is the one of `games` its format names."""
    proof = read_proof_text(proof_text)
    try:
        record = parse_record(record_text)
    except RecordError as e:
        raise ProofError(f"the record is not JSON: {e}") from None
    game = games.of(record)
    if game is None:
        raise ProofError(f"the record is no game's: {unknown_format(record, games)}")
    if not isinstance(game, Dealt):
        raise ProofError(f"{game.record_format} records hold no deal to check")
    check(record, proof, game)
    _game, _summary, error = answer(record_text, games)
    if error is not None:  # the deal is the committed one, but the game played on it is not
        raise ProofError(f"the deal matches, but the record is not valid: {error}")
    return _said(proof, game.record_format)


def _said(proof: Proof, record_format: str) -> str:
    return (
        f"fair deal: the {record_format} record's deal is the one its secret seed (SHA-256"
        f" {proof.commitment}) deals with {len(proof.joins)} join ids and start id"
        f" {proof.start}"
    )


def verify_main(record_file: str, proof_file: str, games: RecordedGames) -> int:
    texts = []
    for name in (record_file, proof_file):
        try:
            texts.append(sys.stdin.read() if name == "-" else Path(name).read_text("utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            why = getattr(e, "strerror", None) or e
            print(f"pop-bot verify: {name}: cannot read: {why}", file=sys.stderr)
            return 2
    try:
        print(verify(texts[0], texts[1], games))
    except ProofError as e:
        print(f"not verified: {e}")
        return 1
    except RecursionError:
        print("not verified: the record is nested too deeply to read")
        return 1
    return 0
