"""Computer players: legal picks in every mode and level, no peeking at hidden cards, and
levels that play better than chance (seeded, so every figure here is fixed)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.pop import ai
from engine.pop.ai import LEVELS, announce, choose_cards
from engine.pop.bench_ai import play
from engine.pop.cards import COLOUR_NAMES
from engine.pop.game import Deal, choose, from_deal, legal_choices, new_game, play_turn
from engine.pop.results import SoloResult
from engine.pop.state import PopState
from engine.pop.view import view
from engine.stats import wilson

NAMES = ("ana", "ben", "cai", "dov", "eve")
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLES = [
    ("competitive", 2),
    ("competitive", 3),
    ("competitive", 4),
    ("competitive", 5),
    ("trick", 2),
    ("trick", 4),
    ("coop", 3),
    ("coop", 4),
    ("coop", 5),
    ("solo", 1),
]


def random_position(mode: str, seats: int, seed: int, turns: int) -> PopState:
    """A table after `turns` turns of random legal play (fewer if the game ends first)."""
    state = new_game(
        mode, NAMES[:seats], seed=seed, sets=1, difficulty=1 + seed % 4 if mode == "solo" else None
    )
    rnd = random.Random(seed)
    for _ in range(turns):
        if state.phase != "choosing":
            break
        snapshot = state.copy()
        plays = {}
        for seat in state.seats:
            spec = legal_choices(state, seat)
            plays[seat] = rnd.sample(spec.cards, spec.count)
        play_turn(state, plays)
        if state.phase != "choosing":  # keep a position where someone must still choose
            return snapshot
    return state


@FAST
@given(
    table=st.sampled_from(TABLES),
    level=st.sampled_from(LEVELS),
    seed=st.integers(0, 2**32),
    turns=st.integers(0, 8),
    rng_seed=st.integers(0, 99),
)
def test_every_level_picks_legal_cards_in_every_mode(table, level, seed, turns, rng_seed):
    mode, seats = table
    state = random_position(mode, seats, seed, turns)
    if level == "hard" and mode != "solo":
        ai.HARD_SIMULATIONS, saved = 300, ai.HARD_SIMULATIONS  # keep the property test fast
    else:
        saved = ai.HARD_SIMULATIONS
    try:
        for seat in state.seats:
            spec = legal_choices(state, seat)
            signals = [(NAMES[0], "red", "B")] if mode == "coop" else []
            picked = choose_cards(view(state, seat), level, random.Random(rng_seed), signals)
            assert len(picked) == spec.count
            assert len(set(picked)) == spec.count
            assert set(picked) <= set(spec.cards)
            assert picked == sorted(picked)
            choose(state, seat, picked)  # the engine accepts it
    finally:
        ai.HARD_SIMULATIONS = saved


def test_the_two_player_variant_picks_two_cards():
    state = new_game("competitive", ["ana", "ben"], seed=4, sets=1)
    assert state.two_player_variant
    for level in LEVELS:
        picked = choose_cards(view(state, "ana"), level, random.Random(1))
        assert len(picked) == 2
        assert set(picked) <= set(state.hands["ana"])


def test_nothing_to_choose_gives_no_cards_and_an_unknown_level_is_refused():
    state = new_game("competitive", NAMES[:3], seed=1, sets=1)
    assert choose_cards(view(state, None), "hard", random.Random(0)) == []  # a spectator
    with pytest.raises(ValueError, match="unknown AI level"):
        choose_cards(view(state, "ana"), "genius", random.Random(0))


def reshuffle_secrets(state: PopState, keep: str, rnd: random.Random) -> PopState:
    """The same public table, with every card `keep` cannot see dealt again at random: other
    hands, the Chief's face-down cards and the draw pile (sizes kept)."""
    other = state.copy()
    places = [other.hands[s] for s in other.seats if s != keep]
    places += [other.chief_face_down, other.draw_pile]
    pool = [c for p in places for c in p]
    rnd.shuffle(pool)
    for p in places:
        p[:], pool = pool[: len(p)], pool[len(p) :]
    return other


@settings(FAST, max_examples=25)
@given(
    table=st.sampled_from(TABLES),
    level=st.sampled_from(LEVELS),
    seed=st.integers(0, 2**32),
    turns=st.integers(0, 6),
)
def test_a_choice_depends_only_on_what_the_seat_may_see(table, level, seed, turns):
    mode, seats = table
    state = random_position(mode, seats, seed, turns)
    seat = state.seats[-1]
    twin = reshuffle_secrets(state, seat, random.Random(seed + 1))
    if twin.hands == state.hands and twin.draw_pile == state.draw_pile and seats > 1:
        return  # nothing hidden changed (e.g. a last turn with one card each)
    saved = ai.HARD_SIMULATIONS
    ai.HARD_SIMULATIONS = 300
    try:
        a = choose_cards(view(state, seat), level, random.Random(seed))
        b = choose_cards(view(twin, seat), level, random.Random(seed))
    finally:
        ai.HARD_SIMULATIONS = saved
    assert a == b


def test_hidden_cards_change_nothing_for_a_hard_player_in_a_known_position():
    state = new_game("competitive", NAMES[:3], seed=11, sets=1)  # 1 up + 1 down for the Chief
    twin = reshuffle_secrets(state, "ana", random.Random(5))
    assert twin.hands["ben"] != state.hands["ben"]
    assert twin.chief_face_down != state.chief_face_down or twin.draw_pile != state.draw_pile
    assert choose_cards(view(state, "ana"), "hard", random.Random(3)) == choose_cards(
        view(twin, "ana"), "hard", random.Random(3)
    )


# --- Playing strength (seeded games: the figures are fixed) ----------------------------------


def head_to_head(a: str, b: str, games: int, mode: str = "competitive") -> float:
    score = 0.0
    for seed in range(games):
        swap = seed % 2 == 1
        state = play(mode, [b, a] if swap else [a, b], 500 + seed)
        mine = "p2" if swap else "p1"
        score += 1.0 if state.winners == [mine] else 0.5 if len(state.winners) == 2 else 0.0
    return score / games


def test_hard_beats_easy_head_to_head():
    rate = head_to_head("hard", "easy", 20)
    assert rate >= 0.7, rate  # about 0.87 over 1,000 games (pop-bot bench ai)


def test_normal_beats_easy_head_to_head():
    rate = head_to_head("normal", "easy", 200)
    assert wilson(rate * 200, 200)[0] > 0.5, rate


def random_pick(v, rnd):
    return sorted(rnd.sample(v.hand, v.cards_to_choose))


def safe_turns(level: str | None, games: int, seats: int = 3) -> float:
    """Mean number of cooperative turns survived; `level=None` plays uniformly at random."""
    total = 0
    for seed in range(games):
        state = new_game("coop", NAMES[:seats], seed=900 + seed)
        rngs = {s: random.Random(seed * 10 + i) for i, s in enumerate(state.seats)}
        while state.phase == "choosing":
            plays = {}
            for s in state.seats:
                v = view(state, s)
                plays[s] = (
                    random_pick(v, rngs[s]) if level is None else choose_cards(v, level, rngs[s])
                )
            play_turn(state, plays, steps=False)
        total += state.turn_number - (0 if state.result.won else 1)
    return total / games


def test_cooperative_hard_explodes_less_than_random_play():
    chance = safe_turns(None, 120)
    hard = safe_turns("hard", 40)
    assert hard >= chance + 0.25, (hard, chance)


def test_coop_announcements_tell_colour_and_queue_but_never_a_number():
    state = new_game("coop", NAMES[:3], seed=2)
    v = view(state, "ana")
    picked = choose_cards(v, "hard", random.Random(0))
    seat, colour, letter = announce(v, picked)
    assert seat == "ana"
    assert colour in COLOUR_NAMES
    assert letter in "ABCDE"
    # Signals are taken into account: a teammate's announced colour changes the samples.
    assert choose_cards(v, "hard", random.Random(0), [("ben", colour, letter)]) is not None


def test_solo_ai_takes_an_immediate_win_and_beats_random_play():
    # One row red, yellow, green, blue, purple; the hand can clear it (one card per colour,
    # in colour order) but most of its 252 picks do not.
    deal = Deal(
        [[11], [12], [13], [14], [15]],
        {"sol": [16, 17, 18, 19, 20, 27, 28, 29, 30, 36]},
        list(range(37, 51)),
    )
    for level in ("normal", "hard"):
        state = from_deal("solo", ["sol"], deal)
        play_turn(state, {"sol": choose_cards(view(state, "sol"), level, random.Random(0))})
        assert state.result == SoloResult(True, 1)
    wins = {level: 0 for level in ("easy", "normal")}
    for level in wins:
        for seed in range(30):
            wins[level] += play("solo", [level], 40 + seed, difficulty=1).result.won
    assert wins["normal"] >= wins["easy"] + 8, wins


def test_signals_shape_what_a_hard_player_expects_and_odd_signals_are_ignored():
    state = new_game("coop", NAMES[:3], seed=21)
    v = view(state, "ana")
    table = ai._Table(
        v, [("ben", "Blue", "c"), ("cai", 4, None), ("ana", "red", "A"), ("zed", "red", "A")]
    )
    assert table.signals == {"ben": (3, 2), "cai": (4, None)}  # own and unknown seats dropped
    rnd = random.Random(0)
    for _ in range(50):
        sample = dict((owner, card) for card, owner in table.sample_unknown(rnd))
        assert ai.COLOUR[sample["ben"]] == 3
        assert ai.COLOUR[sample["cai"]] == 4
    odd = ai._Table(v, [("ben", "octarine", "Z"), ("cai", 9, "AB")])
    assert odd.signals == {}
    picked = choose_cards(v, "hard", random.Random(0), [("ben", "octarine", "Z")])
    assert picked == choose_cards(v, "hard", random.Random(0))
