"""docs/fair-deals.md implemented again from the page alone: no import of the project's code
(`test_fair_deals.py` checks that), so that a deal the engine makes and this module makes the
same is a deal anyone can redo."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator


def u64be(x: int) -> bytes:
    return x.to_bytes(8, "big")


def deal_seed(secret: bytes, joins: list[int], start: int) -> bytes:
    message = b"fair-deal/1" + b"".join(u64be(i) for i in joins) + u64be(start)
    return hmac.new(secret, message, hashlib.sha256).digest()


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

    def shuffle(self, items: list) -> list:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def pop(record: dict, seed: bytes) -> list[dict]:
    """Every set's grid, hands and draw pile."""
    s, seats = Stream(seed), record["seats"]
    solo = record["mode"] == "solo"
    rows = max(map(len, record["sets"][0]["grid"])) if solo else 1
    size = 10 if solo else 9
    colour = lambda card: (card - 1) % 5  # noqa: E731
    sets = []
    for _ in record["sets"]:
        deck, grid = s.shuffle(range(1, 51)), [[] for _ in range(5)]
        for r in range(rows):
            for c in range(5):
                while True:
                    card = deck.pop(0)
                    left = c and colour(grid[c - 1][r]) == colour(card)
                    up = r and colour(grid[c][r - 1]) == colour(card)
                    if not (left or up):
                        grid[c].append(card)
                        break
                    deck.append(card)
        deck = s.shuffle(deck)
        hands = {seat: deck[size * k : size * (k + 1)] for k, seat in enumerate(seats)}
        sets.append({"grid": grid, "hands": hands, "draw_pile": deck[size * len(seats) :]})
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
    deck = [*pool[:-15], "last", *pool[-15:]]
    return {"removed": removed, "start": start, "first": first, "deck": deck}


def colorpop(record: dict, seed: bytes) -> dict:
    s, seats = Stream(seed), record["seats"]
    tokens = [c for c in "RYGBP" for _ in range(19)] + ["W"] * 5
    while True:
        t = s.shuffle(tokens)
        board = ["".join(t[10 * c : 10 * c + 10]) for c in range(10)]
        if _largest_group(board) <= 5:
            break
    m = {"duel": 2, "solo": len(record["secrets"][0])}.get(record["mode"], 1)
    order = s.shuffle(range(5))
    secrets = [
        [c for c in "RYGBP" if "RYGBP".index(c) in order[m * i : m * i + m]]
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


def colourist(record: dict, seed: bytes, nouns: list[str], adjectives: list[str]) -> dict:
    """The first colourist and every round's drawn cards, the record's rounds telling how many
    of each kind a round draws."""
    s, players = Stream(seed), record["players"]
    piles = {"n": s.shuffle(sorted(nouns)), "a": s.shuffle(sorted(adjectives))}
    discards: dict[str, list[str]] = {"n": [], "a": []}
    first = players[s.below(len(players))]
    drawn = []
    for played in record["rounds"]:
        wants = {kind: sum(i[0] == kind for i in played["drawn"]) for kind in "na"}
        for kind in "na":
            if len(piles[kind]) < wants[kind]:
                piles[kind], discards[kind] = s.shuffle(piles[kind] + discards[kind]), []
        cards = [piles[kind].pop(0) for kind in "na" for _ in range(wants[kind])]
        for card in cards:
            discards[card[0]].append(card)
        drawn.append(cards)
    return {"first": first, "drawn": drawn}
