"""docs/fair-deals.md implemented again from the page alone: no import of the project's code
(`test_fair_deals.py` checks that), so that a deal the engine makes and this module makes the
same is a deal anyone can redo, and a proof this module and `pop-bot verify` judge alike is
judged by the page, not by the engine.

`verify(record_text, proof_text, words)` does steps 1, 2, 4 and 5 of the page's section 5 and
answers None (verified) or why not, in a few words."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Iterator


def u64be(x: int) -> bytes:
    return x.to_bytes(8, "big")


def deal_seed(secret: bytes, joins: list[int], start: int) -> bytes:
    message = b"fair-deal/1" + b"".join(u64be(i) for i in joins) + u64be(start)
    return hmac.new(secret, message, hashlib.sha256).digest()


class Refused(Exception):
    """The page says no."""


# --- §4: the proof ------------------------------------------------------------------------------

HEX64 = re.compile(r"[0-9a-f]{64}")
ID = re.compile(r"0|[1-9][0-9]*")


def _no_repeats(pairs: list) -> dict:
    if len({k for k, _ in pairs}) != len(pairs):
        raise Refused("a key is repeated")
    return dict(pairs)


def _no_constant(name: str) -> float:
    raise Refused(f"{name} is not JSON")


def _an_id(value: object) -> int:
    if not isinstance(value, str) or not ID.fullmatch(value) or int(value) >= 2**64:
        raise Refused(f"{value!r} is not an id")
    return int(value)


def read_proof(text: str) -> tuple[bytes, str, list[int], int]:
    """(secret, commitment, joins, start) of a fairness.json text."""
    try:
        proof = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except ValueError as e:  # not JSON, or a number Python will not read
        raise Refused(f"not JSON: {e}") from None
    keys = {"format", "derivation", "commitment", "secret_seed", "inputs"}
    if not isinstance(proof, dict) or set(proof) != keys:
        raise Refused("not the proof's keys")
    if proof["format"] != "fair-deal/1":
        raise Refused("not fair-deal/1")
    if type(proof["derivation"]) is not int or proof["derivation"] != 1:
        raise Refused("derivation is not 1")
    for key in ("commitment", "secret_seed"):
        if not isinstance(proof[key], str) or not HEX64.fullmatch(proof[key]):
            raise Refused(f"{key} is not 64 lower-case hex digits")
    inputs = proof["inputs"]
    if not isinstance(inputs, dict) or set(inputs) != {"joins", "start"}:
        raise Refused("not the inputs' keys")
    if not isinstance(inputs["joins"], list):
        raise Refused("joins is not a list")
    joins = [_an_id(i) for i in inputs["joins"]]
    return bytes.fromhex(proof["secret_seed"]), proof["commitment"], joins, _an_id(inputs["start"])


# --- §3: the stream -----------------------------------------------------------------------------


class Stream:
    """The words of §3, taken in order."""

    def __init__(self, seed: bytes) -> None:
        self.words = self._words(seed)

    @staticmethod
    def _words(seed: bytes) -> Iterator[int]:
        i = 0
        while True:
            block = hmac.new(seed, u64be(i), hashlib.sha256).digest()
            for at in range(0, 32, 8):
                yield int.from_bytes(block[at : at + 8], "big")
            i += 1

    def below(self, n: int) -> int:
        while True:
            x = next(self.words)
            if x < 2**64 - (2**64 % n):
                return x % n

    def shuffle(self, items) -> list:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def pop(record: dict, seed: bytes) -> list[dict]:
    """Every set's grid, hands and draw pile."""
    if record["mode"] not in ("competitive", "trick", "coop", "solo"):
        raise Refused(f"{record['mode']!r} is not dealt")
    s, seats = Stream(seed), record["seats"]
    solo = record["mode"] == "solo"
    rows = len(record["sets"][0]["grid"][0]) if solo else 1
    h = 10 if solo else 9
    colour = lambda card: (card - 1) % 5  # noqa: E731
    sets = []
    for _ in record["sets"]:
        deck, grid = s.shuffle(range(1, 51)), [[] for _ in range(5)]
        for r in range(rows):
            for c in range(5):
                while True:
                    card = deck[0]
                    left = c > 0 and colour(grid[c - 1][r]) == colour(card)
                    up = r > 0 and colour(grid[c][r - 1]) == colour(card)
                    if not (left or up):
                        grid[c].append(deck.pop(0))
                        break
                    deck.append(deck.pop(0))
        deck = s.shuffle(deck)
        hands = {seat: deck[h * k : h * k + h] for k, seat in enumerate(seats)}
        sets.append({"grid": grid, "hands": hands, "draw_pile": deck[h * len(seats) :]})
    return sets


COLORETTO = ("blue", "brown", "green", "red", "orange", "yellow", "purple")


def coloretto(record: dict, seed: bytes) -> dict:
    s, players = Stream(seed), record["players"]
    p = len(players)
    k, n = {2: 2, 3: 1}.get(p, 0), 2 if p == 2 else 1
    order = s.shuffle(range(7))
    removed = [COLORETTO[c] for c in sorted(order[:k])]
    start = {
        player: [COLORETTO[c] for c in sorted(order[k + n * i : k + n * i + n])]
        for i, player in enumerate(players)
    }
    first = players[s.below(p)]
    given = [c for cs in start.values() for c in cs]
    pool = [c for c in COLORETTO if c not in removed for _ in range(9 - given.count(c))]
    pool = s.shuffle(pool + ["cotton"] * 10 + ["joker"] * 2 + ["golden"])
    m = len(pool)
    deck = [*pool[: m - 15], "last", *pool[m - 15 :]]
    return {"removed": removed, "start": start, "first": first, "deck": deck}


def colorpop(record: dict, seed: bytes) -> dict:
    s, seats = Stream(seed), record["seats"]
    tokens = [c for c in "RYGBP" for _ in range(19)] + ["W"] * 5
    while True:
        t = s.shuffle(tokens)
        board = ["".join(t[10 * c : 10 * c + 10]) for c in range(10)]
        if _largest_group(board) <= 5:
            break
    m = {"competitive": 1, "teams": 1, "duel": 2, "solo": len(record["secrets"][0])}
    per_seat = m[record["mode"]]
    if not 1 <= per_seat <= 5:
        raise Refused(f"solo is dealt 1 to 5 colours, not {per_seat}")
    order = s.shuffle(range(5))
    secrets = [
        [c for c in "RYGBP" if "RYGBP".index(c) in order[per_seat * i : per_seat * i + per_seat]]
        for i in range(len(seats))
    ]
    return {"board": board, "secrets": secrets, "first": seats[s.below(len(seats))]}


def _largest_group(board: list[str]) -> int:
    seen, largest = set(), 0
    for start in ((c, r) for c in range(10) for r in range(10)):
        colour = board[start[0]][start[1]]
        if start in seen or colour == "W":
            continue
        group, todo = 0, [start]
        seen.add(start)
        while todo:
            c, r = todo.pop()
            group += 1
            for cc, rr in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                inside = 0 <= cc < 10 and 0 <= rr < 10
                if inside and (cc, rr) not in seen and board[cc][rr] == colour:
                    seen.add((cc, rr))
                    todo.append((cc, rr))
        largest = max(largest, group)
    return largest


KINDS = ("noun", "adjective")


def word_decks(words: dict) -> tuple[list[str], list[str]]:
    """The noun and adjective decks of a colourist-words/1 list."""
    ids = {k: sorted(c["id"] for c in words["concepts"] if c["kind"] == k) for k in KINDS}
    return ids["noun"], ids["adjective"]


def symbol(field: int) -> str:
    if field == 0:
        return "triangle"
    if field % 5 == 0:
        return "double"
    return "circle" if field % 2 == 1 else "triangle"


DRAWS = {"triangle": {"n": 1}, "circle": {"a": 1}, "double": {"n": 2, "a": 2}}
FINISH = {"short": 10, "normal": 15, "long": 20}


def colourist(record: dict, seed: bytes, nouns: list[str], adjectives: list[str]) -> dict:
    """The first colourist and every round's drawn cards, each round's field worked out from
    the record's cards by the scoring of §3 (never from the record's own draws)."""
    if record["decks"] != {"noun": len(nouns), "adjective": len(adjectives)}:
        raise Refused("not the word list that dealt it")
    s, players = Stream(seed), record["players"]
    p, finish = len(players), FINISH[record["options"]["length"]]
    piles = {"n": s.shuffle(sorted(nouns)), "a": s.shuffle(sorted(adjectives))}
    discards: dict[str, list[str]] = {"n": [], "a": []}
    first = players[s.below(p)]
    f = players.index(first)
    position = dict.fromkeys(players, 0)
    drawn = []
    for r, played in enumerate(record["rounds"], 1):
        if finish in position.values():
            break  # the game is over: no later round is dealt
        colourist_ = players[(f + r - 1) % p]
        wants = DRAWS[symbol(position[colourist_])]
        for kind, count in wants.items():
            if len(piles[kind]) < count:
                piles[kind], discards[kind] = s.shuffle(piles[kind] + discards[kind]), []
        cards = []
        for kind, count in wants.items():
            cards += piles[kind][:count]
            piles[kind] = piles[kind][count:]
        for card in cards:
            discards[card[0]].append(card)
        drawn.append(cards)
        laid = played["cards"]
        c = laid[colourist_]
        matched = [q for q in players if q != colourist_ and laid[q] in (c, "joker")]
        for q in [colourist_, *matched] if matched else players:
            position[q] += 1
    return {"first": first, "drawn": drawn}


# --- §5: verifying a record ---------------------------------------------------------------------


def deal_of(record: dict) -> dict:
    """What the record holds of its deal (§5, step 5)."""
    kind = record["format"]
    if kind == "pop-record/1":
        return {"sets": [{k: s[k] for k in ("grid", "hands", "draw_pile")} for s in record["sets"]]}
    if kind == "colourist-record/1":
        return {"first": record["first"], "drawn": [r["drawn"] for r in record["rounds"]]}
    if kind == "coloretto-record/1":
        return {k: record[k] for k in ("removed", "start", "first", "deck")}
    return {k: record[k] for k in ("board", "secrets", "first")}


def dealt(record: dict, seed: bytes, words: dict) -> dict:
    """The record's table dealt from `seed` (§3)."""
    kind = record["format"]
    if kind == "pop-record/1":
        return {"sets": pop(record, seed)}
    if kind == "colourist-record/1":
        return colourist(record, seed, *word_decks(words))
    if kind == "coloretto-record/1":
        return coloretto(record, seed)
    return colorpop(record, seed)


def verify(record_text: str, proof_text: str, words: dict) -> str | None:
    """None when the record's deal is the committed one; else why not."""
    try:
        secret, commitment, joins, start = read_proof(proof_text)
        if hashlib.sha256(secret).hexdigest() != commitment:
            return "the secret is not the committed one"
        record = json.loads(record_text)
        seats = record["seats"] if "seats" in record else record["players"]
        if len(joins) != len(seats):
            return "not one join id per seat"
        if dealt(record, deal_seed(secret, joins, start), words) != deal_of(record):
            return "the deal differs"
    except Refused as e:
        return str(e)
    except (KeyError, IndexError, TypeError, ValueError) as e:
        return f"cannot deal it: {e!r}"
    return None
