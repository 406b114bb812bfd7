"""Deals anyone can verify: commit to a secret seed, deal from it and Discord's ids, reveal it.

docs/fair-deals.md is the contract; in short:

- `commitment(secret)` is SHA-256 of the 32-byte secret seed, in lower-case hex: shown when a
  table opens (or a game ends, for its rematch), before any id the deal depends on exists;
- `deal_seed(secret, joins, start)` is HMAC-SHA256 with the secret as key over
  `b"fair-deal/1"`, then each seat's join id, then the start id, each as 8 bytes big-endian: the
  seed (read as a big-endian integer) every random draw of the game comes from (`engine.rng`);
- the proof (`fairness.json`, format `fair-deal/1`) holds the secret, its commitment and those
  ids; `check(record, proof, game)` redoes the deal and compares it with the record's.

Pure: nothing here draws a secret (the table layer does, with `secrets`).
"""

from __future__ import annotations

import hashlib
import hmac
import importlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .protocol import Json
from .records import JsonRules, NotJson, read_json

PROOF_FORMAT = "fair-deal/1"
DERIVATION = 1  # the version of the derivation below (and of engine.rng's stream)
LABEL = b"fair-deal/1"  # the first bytes of the message the deal's seed is the HMAC of
SECRET_BYTES = 32
_HEX64 = re.compile(r"[0-9a-f]{64}")
_SNOWFLAKE = re.compile(r"0|[1-9][0-9]{0,19}")
_U64 = 1 << 64


class ProofError(ValueError):
    """A proof that cannot be checked, or a deal that is not the one proved: one line."""


@runtime_checkable
class Dealt(Protocol):
    """What checking a game's deal needs of it (`pop-bot verify`)."""

    def seat_count(self, record: Json) -> int:
        """How many seats the record's game has (one join id each)."""
        ...

    def recorded_deal(self, record: Json) -> dict[str, Json]:
        """What the record holds of its game's deal: the parts the seed decides."""
        ...

    def seeded_deal(self, record: Json, seed: int) -> dict[str, Json]:
        """The same parts as `seed` deals them to the record's table (its seats, options and,
        where a later draw depends on play, its moves). ValueError when the record's table
        cannot be read."""
        ...


class DealsFrom:
    """`Dealt` by the module that checks a game's deals (`engine.<game>.fair`), named by
    `deals` and imported when `pop-bot verify` first asks: every game delegates alike."""

    deals: str  # e.g. "engine.pop.fair"

    def seat_count(self, record: Json) -> int:
        return int(self._deals().seat_count(record))

    def recorded_deal(self, record: Json) -> dict[str, Json]:
        return dict(self._deals().recorded_deal(record))

    def seeded_deal(self, record: Json, seed: int) -> dict[str, Json]:
        return dict(self._deals().seeded_deal(record, seed))

    def _deals(self) -> Any:
        return importlib.import_module(self.deals)


def commitment(secret: bytes) -> str:
    """SHA-256 of the secret seed, lower-case hex."""
    return hashlib.sha256(secret).hexdigest()


def deal_message(joins: Sequence[int], start: int) -> bytes:
    """The message the deal's seed is the HMAC of: the label, the join ids, the start id."""
    return LABEL + b"".join(_u64(i) for i in [*joins, start])


def deal_seed(secret: bytes, joins: Sequence[int], start: int) -> int:
    """The seed of the deal: HMAC-SHA256(secret, message), read as a big-endian integer."""
    return int.from_bytes(hmac.digest(secret, deal_message(joins, start), hashlib.sha256), "big")


def _u64(value: int) -> bytes:
    if not 0 <= value < _U64:
        raise ValueError(f"an id is 0 to 2**64 - 1, not {value}")
    return value.to_bytes(8, "big")


@dataclass(frozen=True)
class Proof:
    """A deal's proof: the secret seed, and the ids it was dealt with (seat order)."""

    secret: bytes
    joins: tuple[int, ...]
    start: int
    claimed: str = field(default="")  # the commitment the proof names ("" : the secret's own)

    @property
    def commitment(self) -> str:
        return self.claimed or commitment(self.secret)

    @property
    def seed(self) -> int:
        return deal_seed(self.secret, self.joins, self.start)

    def to_json(self) -> dict[str, Json]:
        """The proof as `fairness.json` holds it (ids as decimal strings, as Discord writes
        snowflakes)."""
        return {
            "format": PROOF_FORMAT,
            "derivation": DERIVATION,
            "commitment": self.commitment,
            "secret_seed": self.secret.hex(),
            "inputs": {"joins": [str(i) for i in self.joins], "start": str(self.start)},
        }


def demo_proof(seed: int, seats: int) -> Proof:
    """`pop-bot demo`'s proof: a table whose secret seed is SHA-256 of "pop-bot demo SEED" (no
    secret: a demo is to look at, and the same flags give the same game), joined with the ids
    1 … seats and started with id seats + 1."""
    secret = hashlib.sha256(f"pop-bot demo {seed}".encode()).digest()
    return Proof(secret, tuple(range(1, seats + 1)), seats + 1)


PROOF_KEYS = ("format", "derivation", "commitment", "secret_seed", "inputs")
# A proof's text is read as strictly as a record's (engine.records), and a key repeated in one
# object is refused: a reader in another language could take the other value.
PROOF_READING = JsonRules(repeated_keys="error")


def read_proof_text(text: str | bytes) -> Proof:
    """A `fairness.json` file's text read back; ProofError (one line) when it is not a proof,
    or not JSON the strict reader reads (NaN, a repeated key, an integer too long to read)."""
    try:
        data = read_json(text, PROOF_READING)
    except NotJson as e:
        said = str(e).replace("the record is nested", "nested")  # the reader's words
        raise ProofError(f"the proof is {said}") from None
    return read_proof(data)


def read_proof(data: Json) -> Proof:
    """A `fairness.json` read back; ProofError (one line) when it is not a proof."""
    if not isinstance(data, dict) or data.get("format") != PROOF_FORMAT:
        raise ProofError(f"not a {PROOF_FORMAT} proof")
    if sorted(data) != sorted(PROOF_KEYS):
        raise ProofError(f"a {PROOF_FORMAT} proof has exactly the keys {', '.join(PROOF_KEYS)}")
    if type(data["derivation"]) is not int or data["derivation"] != DERIVATION:
        # the integer 1 itself: not 1.0 nor true, which Python's == would take for it
        raise ProofError(f"unknown derivation {_short(data['derivation'])} (this is version 1)")
    for key in ("commitment", "secret_seed"):
        if not isinstance(data[key], str) or not _HEX64.fullmatch(data[key]):
            raise ProofError(f"{key} is not 64 lower-case hex digits")
    inputs = data["inputs"]
    if not isinstance(inputs, dict) or sorted(inputs) != ["joins", "start"]:
        raise ProofError("inputs has exactly the keys joins and start")
    joins, start = inputs["joins"], inputs["start"]
    if not isinstance(joins, list) or not all(_is_id(i) for i in [*joins, start]):
        raise ProofError("inputs are ids: decimal strings below 2**64")
    return Proof(
        bytes.fromhex(data["secret_seed"]),
        tuple(int(i) for i in joins),
        int(start),
        data["commitment"],
    )


def _is_id(value: object) -> bool:
    return isinstance(value, str) and bool(_SNOWFLAKE.fullmatch(value)) and int(value) < _U64


def check(record: Json, proof: Proof, game: Dealt) -> None:
    """ProofError (one line, naming what does not match) unless the secret is the committed
    one and the record's deal is the one its seed deals to the record's seats."""
    if commitment(proof.secret) != proof.commitment:
        raise ProofError(
            f"the secret seed does not match the commitment {proof.commitment[:16]}…"
            f" (its SHA-256 is {commitment(proof.secret)[:16]}…)"
        )
    try:
        seats = game.seat_count(record)
        if len(proof.joins) != seats:
            raise ProofError(f"the proof names {len(proof.joins)} joins, the record {seats} seats")
        seeded = game.seeded_deal(record, proof.seed)
        recorded = game.recorded_deal(record)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        if isinstance(e, ProofError):
            raise
        raise ProofError(f"cannot deal the record's table again: {e}") from None
    where = first_difference(recorded, seeded)
    if where is not None:
        path, had, dealt = where
        raise ProofError(
            f"the record's {path} is {_short(had)}, the committed seed deals {_short(dealt)}"
        )


def first_difference(had: Json, dealt: Json, path: str = "") -> tuple[str, Json, Json] | None:
    """The first place two JSON values differ: (its path, one value, the other), or None."""
    if isinstance(had, Mapping) and isinstance(dealt, Mapping):
        for key in [*dealt, *(k for k in had if k not in dealt)]:
            inner = f"{path}.{key}" if path else str(key)
            found = first_difference(had.get(key), dealt.get(key), inner)
            if found is not None:
                return found
        return None
    if isinstance(had, list) and isinstance(dealt, list):
        for i in range(max(len(had), len(dealt))):
            if i >= len(had) or i >= len(dealt):
                return (
                    f"{path}[{i}]",
                    had[i] if i < len(had) else None,
                    dealt[i] if i < len(dealt) else None,
                )
            found = first_difference(had[i], dealt[i], f"{path}[{i}]")
            if found is not None:
                return found
        return None
    return None if had == dealt else (path or "deal", had, dealt)


def _short(value: Json) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 60 else text[:59] + "…"
