"""Tampered copies of a record and of its proof, of every kind an auditor would try: each one
changed in one place. `record_copies` and `proof_copies` give (what was changed, the copy,
whether the page must refuse it); a copy the page may accept (a change its deal does not
depend on, such as a Pop game's mode between competitive and Trick) is there to show that both
verifiers judge it alike."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Iterator
from typing import Any

Copy = tuple[str, Any, bool]  # (what was changed, the changed copy, must it be refused)


def _swap(items: list, i: int, j: int) -> None:
    items[i], items[j] = items[j], items[i]


def _changed(record: dict, change: Callable[[dict], None]) -> dict:
    out = copy.deepcopy(record)
    change(out)
    return out


def pop_copies(record: dict) -> Iterator[Copy]:
    seats, first = record["seats"], record["sets"][0]
    a = seats[0]
    if first["draw_pile"]:
        yield (
            "pop: the pile's top and bottom swapped",
            _changed(record, lambda r: _swap(r["sets"][0]["draw_pile"], 0, -1)),
            True,
        )
    yield (
        "pop: a hand's order",
        _changed(record, lambda r: r["sets"][0]["hands"][a].reverse()),
        True,
    )
    yield (
        "pop: a grid card swapped with a hand's",
        _changed(record, lambda r: _grid_with_hand(r["sets"][0], a)),
        True,
    )
    if len(record["sets"]) > 1:
        yield "pop: two sets swapped", _changed(record, lambda r: _swap(r["sets"], 0, 1)), True
        # The record does not say how many sets the table chose: a game cut after a set is
        # dealt alike, and is a valid record of a shorter game (the page says so).
        yield "pop: the last set left out", _changed(record, lambda r: r["sets"].pop()), False
    if len(seats) > 1:
        b = seats[1]
        yield (
            "pop: two hands exchanged",
            _changed(record, lambda r: _exchange(r["sets"][0]["hands"], a, b)),
            True,
        )
        yield (
            "pop: a card moved between hands",
            _changed(record, lambda r: _between(r["sets"][0]["hands"], a, b)),
            True,
        )
        yield "pop: the seat order reversed", _changed(record, lambda r: r["seats"].reverse()), True
    other = {"competitive": "trick", "trick": "competitive", "coop": "competitive"}
    if record["mode"] in other:
        yield "pop: the mode", {**record, "mode": other[record["mode"]]}, False
    if record["mode"] == "solo":
        yield "pop: solo as competitive", {**record, "mode": "competitive"}, True
    yield "pop: an Enigma", {**record, "mode": "enigma"}, True


def _grid_with_hand(one_set: dict, seat: str) -> None:
    grid, hand = one_set["grid"], one_set["hands"][seat]
    grid[0][0], hand[0] = hand[0], grid[0][0]


def _exchange(hands: dict, a: str, b: str) -> None:
    hands[a], hands[b] = hands[b], hands[a]


def _between(hands: dict, a: str, b: str) -> None:
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]


def coloretto_copies(record: dict) -> Iterator[Copy]:
    players, deck = record["players"], record["deck"]
    i = next(i for i, card in enumerate(deck) if card not in (deck[0], "last"))
    yield (
        "coloretto: two deck cards swapped",
        _changed(record, lambda r: _swap(r["deck"], 0, i)),
        True,
    )
    at = deck.index("last")
    yield (
        "coloretto: the last-round card moved",
        _changed(record, lambda r: _swap(r["deck"], at, at - 1)),
        True,
    )
    a, b = players[0], players[1]
    yield (
        "coloretto: two starts exchanged",
        _changed(record, lambda r: _exchange(r["start"], a, b)),
        True,
    )
    other = next(p for p in players if p != record["first"])
    yield "coloretto: the first player", {**record, "first": other}, True
    yield (
        "coloretto: the seat order reversed",
        _changed(record, lambda r: r["players"].reverse()),
        True,
    )
    kept = [c for cs in record["start"].values() for c in cs] + record["removed"]
    unused = next(
        c for c in ("blue", "brown", "green", "red", "orange", "yellow", "purple") if c not in kept
    )
    yield (
        "coloretto: another colour removed",
        {**record, "removed": [*record["removed"][1:], unused]},
        True,
    )
    expert = not record["options"]["expert"]
    yield "coloretto: the expert option", {**record, "options": {"expert": expert}}, False


def colorpop_copies(record: dict) -> Iterator[Copy]:
    seats, board = record["seats"], record["board"]
    if board[9] != board[9][::-1]:
        yield (
            "colorpop: a rail reversed",
            _changed(record, lambda r: r["board"].__setitem__(9, r["board"][9][::-1])),
            True,
        )
    yield "colorpop: two rails swapped", _changed(record, lambda r: _swap(r["board"], 0, 1)), True
    if len(seats) > 1:
        yield (
            "colorpop: two seats' secrets exchanged",
            _changed(record, lambda r: _swap(r["secrets"], 0, 1)),
            True,
        )
        other = next(s for s in seats if s != record["first"])
        yield "colorpop: the first seat", {**record, "first": other}, True
        yield (
            "colorpop: the seat order reversed",
            _changed(record, lambda r: r["seats"].reverse()),
            True,
        )
    held = {c for s in record["secrets"] for c in s}
    free = [c for c in "RYGBP" if c not in held]
    if free:
        yield (
            "colorpop: a secret colour changed",
            _changed(record, lambda r: r["secrets"][0].__setitem__(0, free[0])),
            True,
        )
    swaps = {"competitive": "teams", "teams": "competitive"}
    if record["mode"] in swaps and len(seats) == 4:  # one colour a seat either way
        yield "colorpop: the mode", {**record, "mode": swaps[record["mode"]]}, False
    if record["mode"] == "solo":
        # The number of solo colours is the secrets' length: one fewer or more deals alike
        # only when the stream's order agrees, which both verifiers must see alike.
        yield (
            "colorpop: a solo colour fewer",
            _changed(record, lambda r: r["secrets"][0].pop()),
            False,
        )
        if free:
            yield (
                "colorpop: a solo colour more",
                _changed(record, lambda r: r["secrets"][0].append(free[0])),
                False,
            )


def colourist_copies(record: dict) -> Iterator[Copy]:
    rounds, players = record["rounds"], record["players"]
    nouns = [i for i, r in enumerate(rounds) if len(r["drawn"]) == 1 and r["drawn"][0][0] == "n"]
    adjectives = [
        i for i, r in enumerate(rounds) if len(r["drawn"]) == 1 and r["drawn"][0][0] == "a"
    ]
    # A noun round next to an adjective round: a verifier that took the kinds a round draws
    # from the record's own draws would find both cards on top of their piles.
    n = next((k for k in nouns if k + 1 in adjectives or k - 1 in adjectives), None)
    if n is not None:
        a = n + 1 if n + 1 in adjectives else n - 1
        yield (
            "colourist: neighbouring noun and adjective rounds' draws swapped",
            _changed(record, lambda r: _swap_draws(r["rounds"], n, a)),
            True,
        )
    if nouns and adjectives:
        i, j = nouns[0], adjectives[0]
        yield (
            "colourist: a noun round's and an adjective round's draws swapped",
            _changed(record, lambda r: _swap_draws(r["rounds"], i, j)),
            True,
        )
        yield (
            "colourist: a noun round and an adjective round swapped",
            _changed(record, lambda r: _swap(r["rounds"], i, j)),
            True,
        )
    doubles = [i for i, r in enumerate(rounds) if len(r["drawn"]) == 4]
    if doubles:
        d = doubles[0]
        yield (
            "colourist: a double's two nouns swapped",
            _changed(record, lambda r: _swap(r["rounds"][d]["drawn"], 0, 1)),
            True,
        )
    drawn = {card for r in rounds for card in r["drawn"]}
    unseen = next(f"n{k:03d}" for k in range(1, 1000) if f"n{k:03d}" not in drawn)
    at = nouns[0] if nouns else doubles[0]
    yield (
        "colourist: a drawn noun replaced",
        _changed(record, lambda r: r["rounds"][at]["drawn"].__setitem__(0, unseen)),
        True,
    )
    other = next(p for p in players if p != record["first"])
    yield "colourist: the first colourist", {**record, "first": other}, True
    yield (
        "colourist: the decks",
        {**record, "decks": {**record["decks"], "noun": record["decks"]["noun"] + 1}},
        True,
    )
    yield (
        "colourist: a round after the end",
        _changed(record, lambda r: r["rounds"].append(copy.deepcopy(r["rounds"][-1]))),
        True,
    )
    yield (
        "colourist: the seat order reversed",
        _changed(record, lambda r: r["players"].reverse()),
        False,
    )
    for k in (0, len(rounds) // 2):  # a card changed: the fields that follow may change too
        seat = players[(players.index(record["first"]) + k + 1) % len(players)]
        yield (
            f"colourist: round {k + 1}'s card of {seat}",
            _changed(record, lambda r, k=k, seat=seat: _lay_other(r["rounds"][k]["cards"], seat)),
            False,
        )


def _swap_draws(rounds: list, i: int, j: int) -> None:
    rounds[i]["drawn"], rounds[j]["drawn"] = rounds[j]["drawn"], rounds[i]["drawn"]


def _lay_other(cards: dict, seat: str) -> None:
    cards[seat] = "black" if cards[seat] != "black" else "white"


RECORD_COPIES = {
    "pop-record/1": pop_copies,
    "coloretto-record/1": coloretto_copies,
    "colorpop-record/1": colorpop_copies,
    "colourist-record/1": colourist_copies,
}


def record_copies(record: dict) -> list[Copy]:
    """The record's tampered copies, as JSON texts."""
    return [
        (what, json.dumps(r), refuse) for what, r, refuse in RECORD_COPIES[record["format"]](record)
    ]


def _proof_with(proof: dict, **changes: Any) -> str:
    return json.dumps({**proof, **changes})


def _inputs(proof: dict, **changes: Any) -> str:
    return json.dumps({**proof, "inputs": {**proof["inputs"], **changes}})


def proof_copies(proof: dict) -> list[Copy]:
    """The proof's tampered copies, as texts (and two harmless ones: the same proof written
    another way)."""
    other = hashlib.sha256(b"another secret").hexdigest()
    joins, start = proof["inputs"]["joins"], proof["inputs"]["start"]
    text = json.dumps(proof)
    out: list[Copy] = [
        (
            "proof: written with indents and keys sorted",
            json.dumps(proof, indent=3, sort_keys=True),
            False,
        ),
        ("proof: written on one line, no spaces", json.dumps(proof, separators=(",", ":")), False),
        ("proof: another secret", _proof_with(proof, secret_seed=other), True),
        (
            "proof: another secret, with its own commitment",
            _proof_with(
                proof,
                secret_seed=other,
                commitment=hashlib.sha256(bytes.fromhex(other)).hexdigest(),
            ),
            True,
        ),
        ("proof: another commitment", _proof_with(proof, commitment="0" * 64), True),
        (
            "proof: the commitment in upper case",
            _proof_with(proof, commitment=proof["commitment"].upper()),
            True,
        ),
        (
            "proof: the secret in upper case",
            _proof_with(proof, secret_seed=proof["secret_seed"].upper()),
            True,
        ),
        ("proof: a later start id", _inputs(proof, start=str(int(start) + 1)), True),
        ("proof: a join id missing", _inputs(proof, joins=joins[1:]), True),
        ("proof: a join id more", _inputs(proof, joins=[*joins, start]), True),
        ("proof: a join id as 0", _inputs(proof, joins=["0", *joins[1:]]), True),
        (
            "proof: a join id with a leading zero",
            _inputs(proof, joins=["0" + joins[0], *joins[1:]]),
            True,
        ),
        ("proof: the start id with a leading zero", _inputs(proof, start="0" + start), True),
        ("proof: the start id plus 2^64", _inputs(proof, start=str(int(start) + 2**64)), True),
        ("proof: the start id as a number", _inputs(proof, start=int(start)), True),
        ("proof: the start id signed", _inputs(proof, start="+" + start), True),
        ("proof: the start id with a space", _inputs(proof, start=" " + start), True),
        ("proof: the start id empty", _inputs(proof, start=""), True),
        ("proof: the joins not a list", _inputs(proof, joins=",".join(joins)), True),
        ("proof: inputs with another key", _inputs(proof, seats=len(joins)), True),
        ("proof: derivation 1.0", _proof_with(proof, derivation=1.0), True),
        ("proof: derivation true", _proof_with(proof, derivation=True), True),
        ('proof: derivation "1"', _proof_with(proof, derivation="1"), True),
        ("proof: derivation 2", _proof_with(proof, derivation=2), True),
        ("proof: another format", _proof_with(proof, format="fair-deal/2"), True),
        ("proof: another key", _proof_with(proof, note="hi"), True),
        ("proof: no inputs", json.dumps({k: v for k, v in proof.items() if k != "inputs"}), True),
        (
            "proof: a key repeated",
            text.replace('"derivation": 1', '"derivation": 1, "derivation": 1'),
            True,
        ),
        ("proof: NaN", text.replace('"derivation": 1', '"derivation": NaN'), True),
        (
            "proof: a 5,000-digit integer",
            text.replace('"derivation": 1', '"derivation": ' + "1" * 5000),
            True,
        ),
        ("proof: a list", json.dumps([proof]), True),
        ("proof: not JSON", text[:-1], True),
    ]
    if len(set(joins)) > 1:
        out.append(("proof: the join ids reversed", _inputs(proof, joins=joins[::-1]), True))
    return out
