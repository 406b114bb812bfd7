"""Pop's rules, top to bottom: set-up, a turn, scoring, the end of a set and of a game.

Every mode of docs/rules/pop.md lives here and only here. The functions with a trailing
underscore-free name are the public API:

- `new_game(...)` deals a table from a seed;
- `legal_choices(state, seat)` says what a seat may pick and how many;
- `choose(state, seat, cards)` records (or changes) a seat's secret pick and, once every seat
  has picked, reveals and resolves the turn, returning the events;
- `apply(state, seat, cards)` is the same without touching the given state;
- `view(state, seat)` lives in `engine.pop.view`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .. import rng
from .cards import ALL_CARDS, ARROW, COLOUR, COLOUR_NAMES, COLUMN_LETTERS, symbols_of
from .errors import AlreadyRevealed, BadSignal, GameOver, NotASeat, NotInHand, WrongCount
from .events import (
    CHIEF,
    CardDrawn,
    ChiefKept,
    ChiefTookCards,
    Collected,
    Event,
    GameEnded,
    Revealed,
    SetEnded,
    SetStarted,
    Signalled,
    TurnEnded,
    TurnStarted,
)
from .grid import NUM_COLUMNS, place, snapshot
from .modes import MODES, ModeSpec
from .results import (
    CoopResult,
    GameResult,
    SoloResult,
    SoloTitle,
    Tiebreak,
    coop_level,
    title_for,
)
from .state import PopState, SetRecord


@dataclass(frozen=True)
class Deal:
    """One set's starting position: columns top to bottom, hands, draw pile (top first)."""

    grid: list[list[int]]
    hands: dict[str, list[int]]
    draw_pile: list[int]


@dataclass(frozen=True)
class ChoiceSpec:
    cards: tuple[int, ...]  # the cards the seat may pick from
    count: int  # how many it must pick


# --- Set-up ---------------------------------------------------------------------------------


def new_game(
    mode: str,
    seats: Sequence[str],
    *,
    seed: int,
    sets: int = 3,
    two_player_variant: bool | None = None,
    difficulty: int | None = None,
    puzzle: Deal | None = None,
    events: list[Event] | None = None,
) -> PopState:
    """A new table, its first set dealt from `seed` (or, in Enigma, from the given puzzle)."""
    seats = list(seats)
    spec = check_seats(mode, seats)
    if spec.most_sets == 1:
        sets = 1
    elif not 1 <= sets <= spec.most_sets:
        raise ValueError("a game is 1, 2 or 3 sets")
    if two_player_variant is None:  # on by default where it is allowed (two people)
        two_player_variant = spec.allows_two_player_variant(len(seats))
    if two_player_variant and not spec.allows_two_player_variant(len(seats)):
        raise ValueError("the two-player variant is for competitive or Trick games of 2 people")
    if spec.difficulties:
        difficulty = 1 if difficulty is None else difficulty
        if difficulty not in spec.difficulties:
            raise ValueError("solo difficulty is 1 (Beginner) to 4 (Expert)")
    else:
        difficulty = None
    if spec.needs_puzzle and puzzle is None:
        raise ValueError("an Enigma needs a puzzle: a layout and a hand")
    seed, drawn = rng.opened(seed)
    state = PopState(
        mode=spec.name,
        seats=seats,
        sets_total=sets,
        two_player_variant=bool(two_player_variant),
        difficulty=difficulty,
        rng_seed=seed,
        rng_state=drawn,
    )
    if puzzle is not None:
        # A puzzle's hand is dealt to the one seat, whatever name the puzzle gave it.
        (hand,) = puzzle.hands.values()
        start_set(state, Deal(puzzle.grid, {seats[0]: hand}, puzzle.draw_pile), events)
    else:
        start_set(state, deal_from_rng(state), events)
    state.rng_seed = rng.kept(seed)  # the later sets' stream (a legacy seed's included)
    return state


def from_deal(
    mode: str,
    seats: Sequence[str],
    deal: Deal,
    *,
    sets: int = 1,
    two_player_variant: bool = False,
    events: list[Event] | None = None,
) -> PopState:
    """A table set up from a given deal instead of a shuffle: replays, puzzles and tests.

    Later sets are not dealt by the engine: the state waits in phase "awaiting_deal" for
    `start_set(state, next_deal)`.
    """
    seats = list(seats)
    spec = check_seats(mode, seats)
    state = PopState(
        mode=spec.name,
        seats=seats,
        sets_total=sets,
        two_player_variant=two_player_variant,
        difficulty=max(map(len, deal.grid)) if spec.difficulties else None,
        deals_from_rng=False,
        rng_seed=0,
        rng_state=0,
    )
    start_set(state, deal, events)
    return state


def check_seats(mode: str, seats: Sequence[str]) -> ModeSpec:
    """The mode's rules, once the seats are checked against them."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    spec = MODES[mode]
    low, high = spec.seats
    if not low <= len(seats) <= high:
        people = f"{low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{mode} is played by {people} people, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError("two seats have the same name")
    for seat in seats:
        if not isinstance(seat, str) or not seat or seat == CHIEF:
            raise ValueError(f"{seat!r} cannot be a seat name ('chief' is reserved)")
    return spec


def deal_from_rng(state: PopState) -> Deal:
    """Shuffle and lay out a set as the rules' set-up says, drawing on the state's RNG."""
    spec = state.spec
    rows = (state.difficulty or 1) if spec.difficulties else 1
    s, deck = rng.shuffled(state.rng_seed, state.rng_state, ALL_CARDS)
    grid, deck = lay_out(deck, rows)
    s, deck = rng.shuffled(state.rng_seed, s, deck)  # "shuffle the rest"
    state.rng_state = s
    size = spec.hand_size
    if size is None:
        raise ValueError(f"{spec.name} hands are not dealt from a shuffle")
    hands = {seat: deck[i * size : (i + 1) * size] for i, seat in enumerate(state.seats)}
    return Deal(grid, hands, deck[len(state.seats) * size :])


def lay_out(deck: list[int], rows: int) -> tuple[list[list[int]], list[int]]:
    """Lay `rows` rows from the top of the deck, row by row, left to right (rules §6).

    A card whose colour matches its left neighbour (or, in solo, the card above it) goes to the
    bottom of the deck and the next card is tried. Returns (grid, rest of the deck).
    """
    deck = list(deck)
    grid: list[list[int]] = [[] for _ in range(NUM_COLUMNS)]
    for row in range(rows):
        for c in range(NUM_COLUMNS):
            while True:
                card = deck.pop(0)
                left = COLOUR[grid[c - 1][row]] if c else -1
                up = COLOUR[grid[c][row - 1]] if row else -1
                if COLOUR[card] not in (left, up):
                    grid[c].append(card)
                    break
                deck.append(card)
    return grid, deck


def start_set(state: PopState, deal: Deal, events: list[Event] | None = None) -> None:
    """Lay out a set's deal (bottom-aligned, every Queue under the tallest column), then turn 1."""
    grid = deal.grid
    state.set_number += 1
    state.turn_number = 0
    state.columns = [grid[0][:], grid[1][:], grid[2][:], grid[3][:], grid[4][:]]
    state.queues = [max(map(len, grid))] * NUM_COLUMNS
    state.hands = {seat: deal.hands[seat][:] for seat in state.seats}
    state.draw_pile = deal.draw_pile[:]
    state.chief_pile = []
    state.collected = {seat: [] for seat in state.seats}
    # The record keeps its own copies: the live lists change as the set is played.
    state.records.append(
        SetRecord(
            [c[:] for c in grid],
            {seat: deal.hands[seat][:] for seat in state.seats},
            deal.draw_pile[:],
        )
    )
    state.phase = "choosing"
    if events is not None:
        events.append(SetStarted(state.set_number, snapshot(state.columns), tuple(state.queues)))
    _start_turn(state, events)


def _start_turn(state: PopState, events: list[Event] | None, steps: bool = True) -> None:
    state.turn_number += 1
    state.choices = {}
    state.talk = []
    pile = state.draw_pile
    if state.two_player_variant:
        for seat in state.seats:
            state.hands[seat].append(pile.pop(0))
    up, down = state.spec.chief_cards(len(state.seats), state.two_player_variant)
    if up:
        state.chief_face_up = pile[:up]
        state.chief_face_down = pile[up : up + down]
        del pile[: up + down]
    if events is not None and steps:  # a summary needs none of a turn's opening events
        events.append(TurnStarted(state.set_number, state.turn_number))
        if state.two_player_variant:
            events.extend([CardDrawn(seat, 1) for seat in state.seats])
        if up:
            events.append(ChiefTookCards(tuple(state.chief_face_up), down))


# --- Choosing ---------------------------------------------------------------------------------


def cards_to_choose(state: PopState) -> int:
    return state.spec.cards_to_choose(state.two_player_variant)


def legal_choices(state: PopState, seat: str) -> ChoiceSpec:
    """What `seat` may pick from now, and how many cards it must pick (0 when it cannot act)."""
    if seat not in state.hands:
        raise NotASeat(f"{seat!r} has no seat at this table", seat)
    if state.phase != "choosing":
        return ChoiceSpec((), 0)
    return ChoiceSpec(tuple(sorted(state.hands[seat])), cards_to_choose(state))


def choose(
    state: PopState,
    seat: str,
    cards: Sequence[int],
    *,
    turn: tuple[int, int] | None = None,
    events: list[Event] | None = None,
    steps: bool = True,
) -> None:
    """Record (or replace) a seat's secret pick; the last pick reveals and resolves the turn.

    `turn` is the (set, turn) the player saw when choosing: a pick for a turn already revealed
    is refused rather than applied to the next one. Raises a RuleError and changes nothing when
    the pick is illegal. With `steps=False` only turn-level events are emitted (no placement
    steps): what a replay summary needs, at a fraction of the cost.
    """
    hands = state.hands
    if seat not in hands:
        raise NotASeat(f"{seat!r} has no seat at this table", seat)
    _check_turn(state, seat, turn)
    choices = state.choices
    choices[seat] = _checked_pick(hands[seat], seat, cards, cards_to_choose(state))
    state.version += 1
    if len(choices) == len(hands):
        state.choices = {seat: choices[seat] for seat in state.seats}  # the record's order
        _resolve_turn(state, events, steps)


def play_turn(
    state: PopState,
    plays: Mapping[str, Sequence[int]],
    *,
    events: list[Event] | None = None,
    steps: bool = True,
) -> None:
    """Every seat's pick at once, then the turn resolves: replays and AI look-ahead use this.

    The same checks as `choose`, in this order: every name is a seat, the turn is still open,
    every seat picks legally. Nothing changes when one of them fails.
    """
    hands = state.hands
    for seat in plays:
        if seat not in hands:
            raise NotASeat(f"{seat!r} has no seat at this table", seat)
    _check_turn(state, None, None)
    need = cards_to_choose(state)
    choices = {}
    for seat in state.seats:
        cards = plays.get(seat)
        if cards is None:
            raise WrongCount(f"{seat} must choose {need} card(s) too", seat)
        choices[seat] = _checked_pick(hands[seat], seat, cards, need)
    state.choices = choices
    state.version += 1
    _resolve_turn(state, events, steps)


def _checked_pick(hand: list[int], seat: str, cards: Sequence[int], need: int) -> list[int]:
    picked = sorted(cards)
    if len(picked) != need or (need > 1 and len(set(picked)) != need):
        raise WrongCount(
            "choose exactly one card" if need == 1 else f"choose exactly {need} different cards",
            seat,
        )
    for card in picked:
        if card not in hand:
            raise NotInHand(f"card {card} is not in {seat}'s hand", seat, card)
    return picked


def _check_turn(state: PopState, seat: str | None, turn: tuple[int, int] | None) -> None:
    if state.phase == "over":
        raise GameOver("the game is over", seat)
    if turn is not None and tuple(turn) != (state.set_number, state.turn_number):
        raise AlreadyRevealed(f"set {turn[0]} turn {turn[1]} is already revealed", seat)
    if state.phase != "choosing":
        raise GameOver("the set is over; the next one is not dealt yet", seat)


def apply(
    state: PopState, seat: str, cards: Sequence[int], *, turn: tuple[int, int] | None = None
) -> tuple[PopState, list[Event]]:
    """The pure form of `choose`: returns (new state, events); the given state is untouched."""
    new = state.copy()
    events: list[Event] = []
    choose(new, seat, cards, turn=turn, events=events)
    return new, events


def held_colours(state: PopState, seat: str) -> tuple[str, ...]:
    """The colours of the cards in `seat`'s hand, in the cards' colour order: what it may say."""
    return tuple(COLOUR_NAMES[c] for c in sorted({COLOUR[card] for card in state.hands[seat]}))


def talk(state: PopState, seat: str, colour: str, column: str) -> list[Event]:
    """Co-op table talk (§6): `seat` says a colour it holds and the column it hopes for (never a
    number). Heard by every seat until the turn is revealed. Mutates `state`."""
    if seat not in state.hands:
        raise NotASeat(f"{seat!r} has no seat at this table", seat)
    _check_turn(state, seat, None)
    if not state.spec.cooperative:
        raise BadSignal("table talk is for cooperative tables", seat)
    if colour not in held_colours(state, seat) or column not in COLUMN_LETTERS:
        raise BadSignal(f"say a colour you hold and a column A-E, not {colour}/{column}", seat)
    state.talk.append((seat, colour, column))
    state.version += 1
    return [Signalled(seat, colour, column)]


# --- Resolving a turn -------------------------------------------------------------------------


def _resolve_turn(state: PopState, events: list[Event] | None, steps: bool = True) -> None:
    """Reveal the turn's picks (in seat order in `state.choices`), place them, score them."""
    plays = state.choices
    state.choices = {}
    state.talk = []
    state.records[-1].turns.append({"plays": plays})
    hands = state.hands
    placing: list[tuple[int, str]] = []
    for seat, picked in plays.items():
        hand = hands[seat]
        for card in picked:
            hand.remove(card)
            placing.append((card, seat))
    chief_cards = state.chief_face_up + state.chief_face_down
    if chief_cards:
        for card in chief_cards:
            placing.append((card, CHIEF))
        state.chief_face_up = []
        state.chief_face_down = []
    placing.sort()  # lowest card to column A ... highest to E
    arrows, order = placement_order(placing)
    step_events = events if steps else None
    if step_events is not None:
        shown = {seat: tuple(picked) for seat, picked in plays.items()}
        if chief_cards:
            shown[CHIEF] = tuple(chief_cards)
        step_events.append(Revealed(shown, tuple(placing), arrows, order[0] == 4))

    def credit(owner: str, exploded: list[int]) -> None:
        _credit(state, owner, exploded, step_events)

    fatal, unplaced = place_turn(
        state.columns, state.queues, placing, order, state.spec, credit, step_events
    )
    if unplaced:
        state.unplaced += unplaced
    if events is not None:
        collected = state.collected
        events.append(
            TurnEnded(
                state.set_number,
                state.turn_number,
                snapshot(state.columns),
                tuple(state.queues),
                {seat: tuple(sorted(cards)) for seat, cards in collected.items()},
                tuple(state.chief_pile),
            )
        )
    _after_turn(state, fatal, events, steps)


def placement_order(placing: Sequence[tuple[int, str]]) -> tuple[int, tuple[int, ...]]:
    """§4.4 for the 5 revealed cards sorted by number: (arrows shown, columns in placing order).

    Two arrows or fewer: A, B, C, D, E; three or more: E, D, C, B, A.
    """
    arrows = 0
    for card, _ in placing:
        arrows += ARROW[card]
    return arrows, (_DESCENDING if arrows >= 3 else _ASCENDING)


_ASCENDING = (0, 1, 2, 3, 4)
_DESCENDING = (4, 3, 2, 1, 0)


def place_turn(
    cols: list[list[int]],
    queues: list[int],
    placing: Sequence[tuple[int, str]],
    order: Sequence[int],
    spec: ModeSpec,
    on_explosion: Callable[[str, list[int]], None],
    events: list[Event] | None = None,
) -> tuple[bool, list[int]]:
    """Place a turn's sorted (card, owner) pairs, column `order[0]` first, resolving each fully.

    `on_explosion(owner, exploded)` is called after every placement that explodes, before the
    next one. A cooperative game stops at its first explosion (§6): returns (stopped, the
    cards not placed). Live turns, AI look-ahead and the Enigma solver all go through here.
    """
    for i, column in enumerate(order):
        card, owner = placing[column]
        exploded = place(cols, queues, column, card, owner, events)
        if exploded:
            on_explosion(owner, exploded)
            if spec.cooperative:
                return True, [placing[c][0] for c in order[i + 1 :]]
    return False, []


def settle(
    spec: ModeSpec, owner: str, exploded: list[int], chief_pile: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """§5 for one placement's explosion: (cards the owner collects, the Chief's pile after,
    cards lost). A seat takes the explosion and the Chief's waiting pile; the Chief's own
    explosion waits beside it, or is lost in Trick."""
    if owner == CHIEF:
        if spec.chief_loses_explosions:
            return [], chief_pile, exploded
        return [], chief_pile + exploded, []
    return exploded + chief_pile, [], []


def _credit(state: PopState, owner: str, exploded: list[int], events: list[Event] | None) -> None:
    """§5: a seat collects the explosion and the Chief's waiting pile; the Chief keeps its own."""
    waiting = state.chief_pile
    collected, state.chief_pile, lost = settle(state.spec, owner, exploded, waiting)
    state.discarded.extend(lost)
    if owner == CHIEF:
        if events is not None:
            events.append(ChiefKept(tuple(exploded), bool(lost)))
        return
    state.collected[owner].extend(collected)
    if events is not None:
        events.append(Collected(owner, tuple(exploded), tuple(waiting)))


def _after_turn(
    state: PopState, fatal: bool, events: list[Event] | None, steps: bool = True
) -> None:
    spec = state.spec
    if spec.competitive:
        if state.turn_number == spec.turns_per_set:
            _end_set(state, events)
            if state.set_number == state.sets_total:
                _end_competition(state, events)
            elif state.deals_from_rng:
                start_set(state, deal_from_rng(state), events)
            else:
                state.phase = "awaiting_deal"
            return
    elif spec.cooperative:
        if fatal or state.turn_number == spec.turns_per_set:
            _end_set(state, events)
            left = len(state.hands[state.seats[0]])
            _end_game(
                state,
                events,
                CoopResult(won=not fatal, level=coop_level(left, fatal), cards_left=left),
            )
            return
    else:  # alone: solo, Enigma
        seat = state.seats[0]
        won = not any(state.columns)
        if spec.refills and not won:
            drawn = state.draw_pile[:5]
            del state.draw_pile[:5]
            state.hands[seat].extend(drawn)
            if events is not None and steps and drawn:
                events.append(CardDrawn(seat, len(drawn)))
        if won or spec.one_turn or not state.hands[seat]:
            _end_set(state, events)
            _end_game(state, events, SoloResult(won=won, turns=state.turn_number))
            return
    _start_turn(state, events, steps)


def _end_set(state: PopState, events: list[Event] | None) -> None:
    collected = state.collected
    scores = {seat: symbols_of(collected[seat]) for seat in state.seats}
    state.set_scores.append(scores)
    discarded = tuple(state.chief_pile)
    state.discarded.extend(discarded)
    state.chief_pile = []
    if events is not None:
        events.append(SetEnded(state.set_number, scores, discarded))


def totals(state: PopState) -> dict[str, int]:
    return {seat: sum(s[seat] for s in state.set_scores) for seat in state.seats}


def best_totals(state: PopState) -> list[str]:
    """The seats with the best game total: lowest wins (highest in Trick), before any tie-break."""
    total = totals(state)
    best = (max if state.spec.scoring == "highest" else min)(total.values())
    return [seat for seat in state.seats if total[seat] == best]


def _end_competition(state: PopState, events: list[Event] | None) -> None:
    """Lowest total wins (highest in Trick); then fewest symbols on the card left in hand."""
    total = totals(state)
    leaders = best_totals(state)
    tiebreak: Tiebreak | None = None
    if len(leaders) > 1:
        in_hand = {seat: symbols_of(state.hands[seat]) for seat in leaders}
        fewest = min(in_hand.values())
        leaders = [seat for seat in leaders if in_hand[seat] == fewest]
        tiebreak = "card_in_hand" if len(leaders) == 1 else "shared"
    state.winners = leaders
    state.tiebreak = tiebreak
    _finish(state, events, total, None)


def _end_game(state: PopState, events: list[Event] | None, result: GameResult) -> None:
    state.winners = list(state.seats) if result.won else []
    _finish(state, events, totals(state), result)


def _finish(
    state: PopState, events: list[Event] | None, total: dict[str, int], result: GameResult | None
) -> None:
    state.phase = "over"
    state.result = result
    if events is not None:
        events.append(GameEnded(total, tuple(state.winners), state.tiebreak, result))


def solo_title(state: PopState) -> SoloTitle | None:
    """The title a won solo game earns, by difficulty (rules §6)."""
    return title_for(state.difficulty, state.result)
