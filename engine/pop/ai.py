"""Computer players. They see only their own seat's view: never another hand, never a
face-down Chief card, never the draw pile's order.

`choose_cards(view, level, rng, signals=())` is the one entry point, for every mode:

- competitive: collect as few explosion symbols as possible (relative to the others);
- Trick: collect as many as possible;
- cooperative: avoid every explosion; teammates' public signals `(seat, colour, queue letter)`
  (the table talk of §6) narrow down what they are about to play;
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
  the five revealed cards, from the hypergeometric law of the unseen cards). In coop, where
  the danger is the row the five cards make together, a small sample of whole turns instead.
- "easy": mostly random among the legal picks (a normal pick one time in four).

Everything is deterministic given `rng`; nothing here changes the view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
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
NORMAL_COOP_SAMPLES = 24
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
    if level == "hard":
        return sorted(_monte_carlo_pick(table, rng))
    if table.spec.cooperative:
        # Cards placed alone misjudge coop, where the danger is the row the five cards make
        # together: normal plays a small sample of whole turns instead.
        return sorted(_monte_carlo_pick(table, rng, NORMAL_COOP_SAMPLES))
    return sorted(_heuristic_pick(table, rng))


def announce(view: TableView, cards: Sequence[int]) -> Signal | None:
    """The table talk a cooperative AI offers for the card it picked: (seat, colour, letter),
    the letter being the column the card most likely lands in. Never a number (§6)."""
    if view.seat is None or len(cards) != 1:
        return None
    table = _Table(view, ())
    card = cards[0]
    chances = table.column_chances(card)
    column = max(range(NUM_COLUMNS), key=lambda c: (chances[c], -c))
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
