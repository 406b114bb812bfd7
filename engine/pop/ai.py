"""Computer players. They see only their own seat's view: never another hand, never a
face-down Chief card, never the draw pile's order.

`choose_cards(view, level, rng, signals=())` is the one entry point, for every mode:

- competitive: collect as few explosion symbols as possible (relative to the others);
- Trick: collect as many as possible;
- cooperative: avoid every explosion, this turn and the turns after; teammates' public signals
  `(seat, colour, queue letter)` (the table talk of §6) narrow down what they are about to play,
  and `announce` gives this seat's own (a colour and a letter, never a number);
- solo and Enigma: clear the grid.

Levels:

- "hard": determinization (Monte Carlo). The cards this seat cannot see are the 50 minus what
  the view shows (its hand, the grid, the Chief's face-up card, every collected card, the Chief's
  pile); each sample deals the others' picks and the Chief's face-down cards from them, and every
  candidate pick is played out on a copy of the grid with the engine's own `place_turn` (common
  random numbers: every candidate meets the same samples). Solo and Enigma have no hidden card
  in a turn, so every 5-card pick is played out exactly and the grids it leaves are judged.
- "normal": a one-ply heuristic. Each card is placed alone in every column on a copy of the grid,
  and the outcomes are weighted by the chance that the card lands in that column (its rank among
  the five revealed cards, from the hypergeometric law of the unseen cards).
- Cooperative tables, normal and hard alike (`_coop_plan_pick`): samples of the unseen cards
  that fit the signals; first many cheap "is this card safe this turn?" samples (`COOP_NOW`),
  then only the candidates within `COOP_SAFE_SLACK` of the safest are judged by how many turns
  a team could then survive (a depth-first search over whole turns); hard takes more samples
  than normal.
- "easy": mostly random among the legal picks (a normal pick one time in four).

Everything is deterministic given `rng`; nothing here changes the view.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product
from math import comb

from .cards import ALL_CARDS, COLOUR, COLOUR_NAMES, COLUMN_LETTERS, SYMBOLS
from .events import CHIEF
from .game import place_turn, placement_order, settle
from .grid import NUM_COLUMNS, place
from .modes import MODES
from .view import TableView

LEVELS = ("easy", "normal", "hard")
Signal = tuple[str, "str | int", "str | None"]  # (seat, colour, queue letter A-E or None)

# How many single-placement simulations a hard decision may spend (about 6 us each): the
# decision-time budget is p95 <= 200 ms on one core (`pop-bot bench ai` measures it).
HARD_SIMULATIONS = 2000
HARD_MIN_SAMPLES, HARD_MAX_SAMPLES = 30, 250
EASY_RANDOM_SHARE = 0.75
COOP_CONVENTION = 0.5
# Cooperative planning (`_coop_plan_pick`): per level, (fewest samples, search nodes per
# decision); late in the game, when plans are short, up to COOP_MAX_SAMPLES samples. A
# teammate who has not signalled yet is modelled as picking among COOP_WIDTH of its cards.
COOP_PLAN = {"easy": (6, 600), "normal": (12, 1200), "hard": (16, 1600)}
# Samples of "is this card safe this turn?" (cheap, no planning), per level; candidates within
# COOP_SAFE_SLACK of the safest are then planned.
COOP_NOW = {"easy": 20, "normal": 120, "hard": 160}
COOP_SAFE_SLACK = 0.05
COOP_MAX_SAMPLES = 100
COOP_WIDTH = 3
# Co-op table talk: picks stay open until the turn is revealed, so once every AI seat has picked
# and spoken, each thinks again with what was said after its pick (a changed pick is announced),
# for at most this many rounds in all, the first pick included. The bot's tables and
# `bench ai` both play it so.
TALK_ROUNDS = 3
SOLO_LOOKAHEAD_PICKS, SOLO_LOOKAHEAD_DRAWS = 4, 2
# Whether hard samples assume the other seats pick with care (level-1) rather than at random
# (off in every mode).
MODEL_OTHERS = False


def choose_cards(
    view: TableView, level: str, rng: random.Random, signals: Iterable[Signal] = ()
) -> list[int]:
    """Exactly `view.cards_to_choose` cards of `view.hand`, sorted; [] when the seat cannot act."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; one of {', '.join(LEVELS)}")
    need = view.cards_to_choose
    if need == 0 or view.seat is None or len(view.hand) < need:
        return []
    table = _Table(view, signals)
    if level == "easy" and rng.random() < EASY_RANDOM_SHARE:
        return sorted(rng.sample(table.hand, need))
    if table.spec.alone:
        return sorted(_solo_pick(table, level, rng))
    if table.spec.cooperative and need == 1:
        samples, budget = COOP_PLAN[level]
        return [_coop_plan_pick(table, view, rng, samples, budget, COOP_NOW[level])]
    if level == "hard":
        return sorted(_monte_carlo_pick(table, rng))
    return sorted(_heuristic_pick(table, rng))


def announce(view: TableView, cards: Sequence[int]) -> Signal | None:
    """The table talk a cooperative AI offers for the card it picked: (seat, colour, letter),
    the letter being the column the card most likely lands in. Never a number (§6)."""
    if view.seat is None or len(cards) != 1:
        return None
    card = cards[0]
    column = public_columns(view).get(card, 2)
    return view.seat, COLOUR_NAMES[COLOUR[card]], COLUMN_LETTERS[column]


def _colour_index(colour: object) -> int | None:
    if isinstance(colour, str) and colour.strip().lower() in COLOUR_NAMES:
        return COLOUR_NAMES.index(colour.strip().lower())
    if isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour < 5:
        return colour
    return None


# --- What the seat knows ----------------------------------------------------------------------


class _Table:
    """The public facts of a view, in the plain lists the engine's fast functions take."""

    def __init__(self, view: TableView, signals: Iterable[Signal]) -> None:
        if view.seat is None:
            raise ValueError("an AI plays from a seat's own view")
        self.spec = MODES[view.mode]
        self.me: str = view.seat
        self.need = view.cards_to_choose
        self.hand = sorted(view.hand)
        self.cols = [list(c) for c in view.columns]
        self.queues = list(view.queues)
        self.face_up = list(view.chief_face_up)
        self.face_down = view.chief_face_down_count
        self.chief_pile = list(view.chief_pile)
        self.others = [s for s in view.seats if s != self.me]
        seen = set(self.hand).union(
            self.face_up, self.chief_pile, *self.cols, *view.collected.values()
        )
        # Sorted: the same public facts give the same list, whatever the hidden order.
        self.unseen = [c for c in ALL_CARDS if c not in seen]
        self.unknown = 0 if self.spec.alone else self.need * len(self.others) + self.face_down
        self.hand_sizes = dict(view.hand_sizes)
        self.careful: dict[int, float] | None = None  # see `model_others`
        self.signals: dict[str, tuple[int, int | None]] = {}
        for seat, colour, letter in signals:
            if seat == self.me or seat not in self.others:
                continue
            c = _colour_index(colour)
            if c is None:  # not a colour this AI understands: ignored, never an error
                continue
            column = (
                COLUMN_LETTERS.index(letter.upper())
                if isinstance(letter, str) and letter.upper() in COLUMN_LETTERS and len(letter) == 1
                else None
            )
            self.signals[seat] = (c, column)

    def column_chances(self, card: int) -> list[float]:
        """P(card lands in column c): its rank among the 5 revealed cards, the other picks
        (and face-down Chief cards) drawn from the unseen cards without replacement."""
        known_below = sum(1 for c in self.face_up if c < card)
        m = 5 - 1 - len(self.face_up)
        u = len(self.unseen)
        b = sum(1 for c in self.unseen if c < card)
        chances = [0.0] * NUM_COLUMNS
        if m <= 0 or u < m:
            chances[min(known_below, 4)] = 1.0
            return chances
        total = comb(u, m)
        for k in range(m + 1):
            rank = known_below + k
            if rank < NUM_COLUMNS:
                chances[rank] += comb(b, k) * comb(u - b, m - k) / total
        return chances

    def outcome(
        self, placing: list[tuple[int, str]]
    ) -> tuple[dict[str, int], bool, list[list[int]]]:
        """Play one turn's sorted (card, owner) pairs on a copy of the grid: (symbols each seat
        collects, whether anything exploded, the grid after)."""
        cols = [c[:] for c in self.cols]
        queues = self.queues[:]
        gains: dict[str, int] = {}
        pile = self.chief_pile
        spec = self.spec
        exploded_any = False

        def on_explosion(owner: str, exploded: list[int]) -> None:
            nonlocal pile, exploded_any
            exploded_any = True
            got, pile, _ = settle(spec, owner, exploded, pile)
            if got:
                gains[owner] = gains.get(owner, 0) + sum([SYMBOLS[c] for c in got])

        _, order = placement_order(placing)
        place_turn(cols, queues, placing, order, spec, on_explosion)
        return gains, exploded_any, cols

    def utility(self, gains: dict[str, int], exploded_any: bool) -> float:
        """How good a turn's outcome is for this seat (higher is better)."""
        if self.spec.cooperative:
            return -1.0 if exploded_any else 0.0
        mine = gains.get(self.me, 0)
        others = sum(gains.get(s, 0) for s in self.others) / max(1, len(self.others))
        return others - mine if self.spec.scoring == "lowest" else mine - others

    def sample_unknown(self, rng: random.Random) -> list[tuple[int, str]]:
        """One determinization: the others' picks and the Chief's face-down cards."""
        pool = self.unseen
        if len(pool) < self.unknown:  # cannot happen in a legal table; play safe
            return []
        chosen: list[tuple[int, str]] = []
        taken: set[int] = set()
        free_seats = []
        for seat in self.others:
            signal = self.signals.get(seat) if self.need == 1 else None
            if signal is None:
                free_seats.append(seat)
                continue
            matching = [c for c in pool if COLOUR[c] == signal[0] and c not in taken]
            if not matching:
                free_seats.append(seat)
                continue
            card = matching[rng.randrange(len(matching))]
            taken.add(card)
            chosen.append((card, seat))
        if taken:
            pool = [c for c in pool if c not in taken]
        if self.careful is not None and self.need == 1:
            # Level-1 model: each other seat holds a hand drawn from the unseen cards and plays
            # the card that looks best for it placed alone (the normal level's judgement).
            care = self.careful
            for seat in free_seats:
                size = min(self.hand_sizes[seat], len(pool) - self.face_down)
                hand = rng.sample(pool, size)
                card = max(hand, key=care.__getitem__)
                chosen.append((card, seat))
                pool = [c for c in pool if c != card]
            for card in rng.sample(pool, self.face_down):
                chosen.append((card, CHIEF))
            return chosen
        rest = len(free_seats) * self.need + self.face_down
        drawn = rng.sample(pool, rest)
        i = 0
        for seat in free_seats:
            for _ in range(self.need):
                chosen.append((drawn[i], seat))
                i += 1
        for card in drawn[i:]:
            chosen.append((card, CHIEF))
        return chosen

    def model_others(self, rng: random.Random) -> None:
        """Let the samples assume the other seats pick with care, not at random."""
        scores = _heuristic_scores(self, self.unseen)
        self.careful = {c: v + rng.random() * 1e-3 for c, v in scores.items()}

    def signals_fit(self, placing: list[tuple[int, str]]) -> bool:
        """Do the sampled cards of signalling teammates land where they said they want them?"""
        for column, (_, owner) in enumerate(placing):
            signal = self.signals.get(owner)
            if signal is not None and signal[1] is not None and signal[1] != column:
                return False
        return True


# --- Cooperative: read the table talk, let the later seats fit in --------------------------------


def public_columns(view: TableView) -> dict[int, int]:
    """The Queue letter (as a column index) a cooperative seat names for each card it might hold:
    the card's most likely column among the five revealed, judged from public facts only (the
    grid, the Chief's face-up card), so every seat can tell which cards a signal may mean. The
    letter grows with the card's number: a signal tells a range of numbers, never one (§6)."""
    seen = set(view.chief_face_up).union(view.chief_pile, *view.columns, *view.collected.values())
    pool = [c for c in ALL_CARDS if c not in seen]
    face_up = view.chief_face_up
    m = 5 - 1 - len(face_up)
    u = len(pool) - 1
    out = {}
    for below, card in enumerate(pool):  # `below`: pool cards under this one
        known_below = sum(1 for c in face_up if c < card)
        best, best_p = min(known_below, 4), -1.0
        if 0 < m <= u:
            for k in range(m + 1):
                rank = known_below + k
                if rank >= NUM_COLUMNS:
                    break
                p = comb(below, k) * comb(u - below, m - k)
                if p > best_p:
                    best, best_p = rank, p
        out[card] = best
    return out


def _safe_rows(
    hands: Sequence[Sequence[int]], fixed: Sequence[int], bottom: Sequence[int]
) -> Iterator[tuple[list[int], list[int]]]:
    """Every turn that explodes nothing: one card from each hand plus every `fixed` card (the
    Chief's), laid out by number. Yields (each hand's card, the new bottom row's colours), built
    column by column so that a bad colour cuts a whole branch at once."""
    seats = len(hands)
    fixed = sorted(fixed)
    picks = [0] * seats
    colours = [0] * NUM_COLUMNS

    def walk(column: int, last: int, prev: int, used: int, next_fixed: int) -> Iterator[None]:
        if column == NUM_COLUMNS:
            yield None
            return
        cap = fixed[next_fixed] if next_fixed < len(fixed) else 51
        if cap < 51:
            colour = COLOUR[cap]
            if colour != bottom[column] and colour != prev:
                colours[column] = colour
                yield from walk(column + 1, cap, colour, used, next_fixed + 1)
        for s in range(seats):
            if used >> s & 1:
                continue
            for card in hands[s]:
                if card <= last or card >= cap:
                    continue
                colour = COLOUR[card]
                if colour == bottom[column] or colour == prev:
                    continue
                picks[s] = card
                colours[column] = colour
                yield from walk(column + 1, card, colour, used | 1 << s, next_fixed)

    for _ in walk(0, 0, -1, 0, 0):
        yield picks[:], colours[:]


def _safe_with(
    candidates: Sequence[int], turns: Sequence[Sequence[int]], bottom: Sequence[int]
) -> list[bool]:
    """For each candidate card: does one of `turns` (the turn's four other cards) make, with it,
    a row that explodes nothing? Each turn is checked once, then each candidate in O(1)."""
    safe = [False] * len(candidates)
    for cards in turns:
        if len(cards) != NUM_COLUMNS - 1:  # a teammate's card could not be dealt: no turn
            continue
        others = sorted(cards)
        colours = [COLOUR[c] for c in others]
        n = len(others)
        # ok_before[k]: the k lowest cards fit in columns 0..k-1; ok_after[k]: the rest fit in
        # columns k+1.. (the candidate, of rank k, takes column k).
        ok_before = [True] * (n + 1)
        for k in range(1, n + 1):
            c = colours[k - 1]
            ok_before[k] = (
                ok_before[k - 1] and c != bottom[k - 1] and (k < 2 or c != colours[k - 2])
            )
        ok_after = [True] * (n + 1)
        for k in range(n - 1, -1, -1):
            c = colours[k]
            ok_after[k] = (
                ok_after[k + 1] and c != bottom[k + 1] and (k + 1 >= n or c != colours[k + 1])
            )
        for i, card in enumerate(candidates):
            if safe[i]:
                continue
            k = bisect_left(others, card)
            if not (ok_before[k] and ok_after[k]):
                continue
            c = COLOUR[card]
            if c != bottom[k] and (k == 0 or c != colours[k - 1]) and (k == n or c != colours[k]):
                safe[i] = True
    return safe


def _plan_depth(
    hands: list[list[int]],
    bottom: list[int],
    chief: list[list[int]],
    budget: list[int],
    failed: set[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]],
) -> int:
    """How many more turns a team that sees these hands (and the Chief's `chief[t]` cards of
    each turn) can survive, searched depth first until `budget[0]` nodes are spent."""
    best = 0

    def dfs(hands: list[list[int]], bottom: list[int], t: int) -> bool:
        nonlocal best
        budget[0] -= 1
        if t > best:
            best = t
        if not hands[0] or t >= len(chief):
            return True
        if budget[0] <= 0:
            return False
        key = (tuple(map(tuple, hands)), tuple(bottom))
        if key in failed:
            return False
        for picks, row in _safe_rows(hands, chief[t], bottom):
            rest = [[c for c in h if c != p] for h, p in zip(hands, picks, strict=True)]
            if dfs(rest, row, t + 1):
                return True
            if budget[0] <= 0:
                return False
        failed.add(key)
        return False

    dfs(hands, bottom, 0)
    return best


def _coop_plan_pick(
    table: _Table,
    view: TableView,
    rng: random.Random,
    samples: int,
    budget: int,
    now_samples: int = 0,
) -> int:
    """Determinization with planning, for cooperative tables.

    Each sample deals what this seat cannot see, consistent with the public facts and the table
    talk: a teammate that signalled holds, and plays now, a card of the colour it named whose
    public letter is the one it named (`public_columns`); the other hands, the Chief's face-down
    cards and the draw pile's order are dealt at random from the rest. In each sample, every
    candidate card is judged in two stages: first, over many cheap samples, how often the turn
    can still be laid out safely with it (the silent teammates adapting with any COOP_WIDTH of
    their cards); then, for the candidates about as safe as the best, how many later turns a
    team that saw the deal could survive (`_plan_depth`), in the samples where it is safe now.
    A candidate's value is the expected number of turns survived. Ties go to the colour the
    team holds most of (`keeps`).
    """
    bottom = [COLOUR[col[-1]] if col else -1 for col in table.cols]
    letters = public_columns(view)
    unseen = table.unseen
    hand = table.hand
    size = len(hand)
    people = len(view.seats)
    up, down = table.spec.chief_cards(people, False)
    signalled: list[tuple[str, list[int]]] = []
    silent: list[str] = []
    for seat in table.others:
        signal = table.signals.get(seat)
        if signal is None:
            silent.append(seat)
            continue
        colour, column = signal
        fits = [c for c in unseen if COLOUR[c] == colour and letters.get(c) == column]
        fits = fits or [c for c in unseen if COLOUR[c] == colour]
        if fits:
            signalled.append((seat, fits))
        else:  # a colour nobody can hold: as if it had said nothing
            silent.append(seat)
    # Stage 1, cheap: how often is each candidate safe this turn? Many samples of what the
    # teammates who spoke hold (within their colour and letter), the silent teammates' cards
    # (any COOP_WIDTH of theirs) and the face-down Chief cards.
    down_order = unseen[:]
    rng.shuffle(down_order)
    safe_now = [0] * size
    checks = max(1, now_samples, len(down_order) if table.face_down else 0)
    for sample in range(checks):
        taken: list[int] = []
        for _seat, fits in signalled:
            free = [c for c in fits if c not in taken]
            taken.append(free[rng.randrange(len(free))] if free else -1)
        pool = [c for c in unseen if c not in taken]
        fixed = list(table.face_up) + [c for c in taken if c > 0]
        if table.face_down:
            down_card = down_order[sample % len(down_order)]
            if down_card in pool:
                pool.remove(down_card)
                fixed.append(down_card)
            else:
                fixed.append(pool.pop(rng.randrange(len(pool))))
        width = min(size, COOP_WIDTH)
        drawn = rng.sample(pool, width * len(silent))
        # Every way the silent teammates could play (any `width` of their cards each), with
        # the turn's known cards: a candidate is safe when one of them makes a safe row.
        turns = [
            fixed + list(cards)
            for cards in product(*(drawn[k * width : (k + 1) * width] for k in range(len(silent))))
        ]
        for i, safe in enumerate(_safe_with(hand, turns, bottom)):
            if safe:
                safe_now[i] += 1
    chance = [n / checks for n in safe_now]
    # Stage 2, dear: for the candidates that are safe about as often as the best, how many
    # later turns a team could survive (`_plan_depth`) in samples where they are safe now.
    top = max(chance)
    keep = [i for i in range(size) if chance[i] >= top - COOP_SAFE_SLACK and chance[i] > 0]
    future = [0.0] * size
    counted = [0] * size
    # Late in the game a plan is short: the same budget buys more samples.
    samples = max(samples, min(COOP_MAX_SAMPLES, budget // (2 * size * max(1, len(keep)))))
    per_candidate = max(2, budget // (samples * max(1, len(keep))))
    for sample in range(samples if len(keep) > 1 else 0):
        taken = []
        for _seat, fits in signalled:
            free = [c for c in fits if c not in taken]
            taken.append(free[rng.randrange(len(free))] if free else -1)
        pool = [c for c in unseen if c not in taken]
        rng.shuffle(pool)
        if table.face_down:
            down_card = down_order[sample % len(down_order)]
            if down_card in pool:  # it goes where the face-down cards are dealt
                pool.remove(down_card)
                held = sum(size - (1 if card > 0 else 0) for card in taken) + len(silent) * size
                pool.insert(held, down_card)
        # Deal: the signalled seats' other cards, the silent seats' hands, the face-down
        # cards, then the draw pile top first.
        fixed = list(table.face_up)
        later_hands: list[list[int]] = []
        at = 0
        for card in taken:
            extra = size - (1 if card > 0 else 0)
            later_hands.append(pool[at : at + extra])
            at += extra
            if card > 0:
                fixed.append(card)
        now_hands: list[list[int]] = [[]]  # this seat's slot, filled per candidate
        silent_hands: list[list[int]] = []
        for _seat in silent:
            silent_hands.append(pool[at : at + size])
            now_hands.append(pool[at : at + min(size, COOP_WIDTH)])
            at += size
        fixed += pool[at : at + table.face_down]
        at += table.face_down
        pile = pool[at:]
        chief = [pile[t * (up + down) : (t + 1) * (up + down)] for t in range(size - 1)]
        failed: set[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = set()
        played_hands = [[c for c in h if c not in taken] for h in later_hands]
        my_rest = hand[:]
        rng.shuffle(my_rest)
        for i in keep:
            mine = hand[i]
            now_hands[0] = [mine]
            best = -1
            nodes = [per_candidate]
            for picks, row in _safe_rows(now_hands, fixed, bottom):
                rest = [[c for c in my_rest if c != mine]]
                rest += [
                    [c for c in h if c != p] for h, p in zip(silent_hands, picks[1:], strict=True)
                ]
                rest += played_hands
                best = max(best, _plan_depth(rest, row, chief, nodes, failed))
                if best >= size - 1 or nodes[0] <= 0:
                    break
            if best >= 0:
                future[i] += best
                counted[i] += 1
    totals = [
        chance[i] * (1 + (future[i] / counted[i] if counted[i] else 0.0)) if i in keep else -1.0
        for i in range(size)
    ]

    # Ties (common early, when many plans remain): play the colour the team holds most of, so
    # the cards left for the last turns are of colours as even as can be; then keep colours.
    remaining = [0] * 5
    for c in unseen:
        remaining[COLOUR[c]] += 1
    for c in hand:
        remaining[COLOUR[c]] += 1

    def keeps(i: int) -> tuple[int, int]:
        return remaining[COLOUR[hand[i]]], len({COLOUR[c] for j, c in enumerate(hand) if j != i})

    return hand[max(range(size), key=lambda i: (totals[i], keeps(i), -i))]


# --- Hard: determinization ----------------------------------------------------------------


def _monte_carlo_pick(
    table: _Table, rng: random.Random, samples: int | None = None
) -> tuple[int, ...]:
    candidates = list(combinations(table.hand, table.need))
    if samples is None:
        samples = max(HARD_MIN_SAMPLES, min(HARD_MAX_SAMPLES, HARD_SIMULATIONS // len(candidates)))
    totals = [0.0] * len(candidates)
    known = [(c, CHIEF) for c in table.face_up]
    me = table.me
    if MODEL_OTHERS:
        table.model_others(rng)
    for _ in range(samples):
        hidden = table.sample_unknown(rng)
        if table.signals:
            for _retry in range(4):  # prefer samples where the teammates' cards land as said
                probe = sorted(known + hidden + [(c, me) for c in candidates[0]])
                if table.signals_fit(probe):
                    break
                hidden = table.sample_unknown(rng)
        base = known + hidden
        for i, pick in enumerate(candidates):
            placing = sorted(base + [(c, me) for c in pick])
            gains, exploded_any, _ = table.outcome(placing)
            totals[i] += table.utility(gains, exploded_any)
    # Ties (common in coop, where many cards are always safe): the heuristic decides.
    tie_break = _heuristic_scores(table)
    best = max(
        range(len(candidates)),
        key=lambda i: (round(totals[i] / samples, 9), sum(tie_break[c] for c in candidates[i]), -i),
    )
    return candidates[best]


# --- Normal: one-ply heuristic --------------------------------------------------------------


def _heuristic_scores(table: _Table, cards: Sequence[int] | None = None) -> dict[int, float]:
    """Each card's expected value if placed alone: outcomes per column weighted by the chance
    of landing there. Higher is better for its owner."""
    scores = {}
    me = table.me
    spec = table.spec
    # Cooperative convention (a focal point every careful player can find): a new card takes
    # the colour of the lowest card of the column on its left. A row laid that way never
    # matches the row above nor itself, since no two neighbours of the row above match.
    convention = [-1] + [COLOUR[col[-1]] if col else -1 for col in table.cols[:-1]]
    for card in table.hand if cards is None else cards:
        chances = table.column_chances(card)
        value = 0.0
        for column, p in enumerate(chances):
            if p == 0.0:
                continue
            if spec.cooperative and COLOUR[card] == convention[column]:
                value += COOP_CONVENTION * p
            cols = [c[:] for c in table.cols]
            queues = table.queues[:]
            exploded = place(cols, queues, column, card, me)
            if not exploded:
                continue
            if spec.cooperative:
                value -= p
                continue
            got, _, _ = settle(spec, me, exploded, table.chief_pile)
            symbols = sum([SYMBOLS[c] for c in got])
            value += p * (symbols if spec.scoring == "highest" else -symbols)
        # Small preference, all else equal: shed cards that are worth much when exploded
        # later (competitive), keep them for later in Trick; coop plays its risky cards early.
        if spec.scoring == "lowest":
            value += 0.001 * SYMBOLS[card]
        elif spec.scoring == "highest":
            value -= 0.001 * SYMBOLS[card]
        scores[card] = value
    return scores


def _heuristic_pick(table: _Table, rng: random.Random) -> list[int]:
    scores = _heuristic_scores(table)
    noise = {card: rng.random() * 1e-6 for card in table.hand}
    ranked = sorted(table.hand, key=lambda c: -(scores[c] + noise[c]))
    return ranked[: table.need]


# --- Solo and Enigma: every pick played out -------------------------------------------------


def _grid_value(cols: list[list[int]], hand_left: Sequence[int], level: str) -> float:
    """How promising a grid is for clearing it later (higher is better)."""
    cards = sum(map(len, cols))
    if cards == 0:
        return 1000.0
    if level != "hard":
        return -float(cards)
    value = -10.0 * cards
    tallest = max(map(len, cols))
    value -= 3.0 * tallest
    # Bottom cards the kept hand can explode next turn, and colours shared by neighbours
    # one row apart (chains waiting to happen).
    colours_in_hand = {COLOUR[c] for c in hand_left}
    for c in range(NUM_COLUMNS):
        col = cols[c]
        if col and COLOUR[col[-1]] in colours_in_hand:
            value += 2.0
        for j in range(len(col) - 2):
            if COLOUR[col[j]] == COLOUR[col[j + 2]]:
                value += 1.0
    return value


def _solo_values(
    table: _Table, hand: Sequence[int], cols: list[list[int]], level: str, rng: random.Random
) -> list[tuple[float, tuple[int, ...], list[list[int]]]]:
    """Every 5-card pick of `hand` played out on `cols`: (value, pick, grid after), best first."""
    me = table.me
    queues = [max(map(len, cols))] * NUM_COLUMNS if any(cols) else [0] * NUM_COLUMNS
    out = []
    for pick in combinations(hand, table.need):
        placing = sorted((c, me) for c in pick)
        after = [c[:] for c in cols]
        q = queues[:]
        _, order = placement_order(placing)
        place_turn(after, q, placing, order, table.spec, _ignore)
        kept = [c for c in hand if c not in pick]
        out.append((_grid_value(after, kept, level) + rng.random() * 1e-6, pick, after))
    out.sort(key=lambda x: -x[0])
    return out


def _ignore(_owner: str, _exploded: list[int]) -> None:
    return None


def _solo_pick(table: _Table, level: str, rng: random.Random) -> tuple[int, ...]:
    ranked = _solo_values(table, table.hand, table.cols, level, rng)
    value, pick, _ = ranked[0]
    if level != "hard" or not table.spec.refills or value >= 1000.0 or not table.unseen:
        return pick
    # Two plies: for the most promising picks, draw the refill from the unseen cards (the
    # pile) a few times and add the best next turn's value.
    best, best_value = pick, None
    draw = min(5, len(table.unseen))
    for value, pick, after in ranked[:SOLO_LOOKAHEAD_PICKS]:
        kept = [c for c in table.hand if c not in pick]
        future = 0.0
        for _ in range(SOLO_LOOKAHEAD_DRAWS):
            hand = sorted(kept + rng.sample(table.unseen, draw))
            if len(hand) < table.need:
                future += value
                continue
            future += _solo_values(table, hand, after, level, rng)[0][0]
        total = value + future / SOLO_LOOKAHEAD_DRAWS
        if best_value is None or total > best_value:
            best, best_value = pick, total
    return best
