"""Cooperative AI partners and the see-all ceiling of `pop-bot bench ai`: the planner's safe
turns are the engine's, signals name colours and Queue letters only, choices are fixed by the
seed, and the ceiling plays legal cards and finds the way through a deal it can see whole."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.pop import ai as pop_ai
from engine.pop.ai import Signal, _safe_rows, _safe_with, announce, choose_cards, public_columns
from engine.pop.ai.rows import row_if_safe
from engine.pop.bench_ai import _coop, bench_ai_main, play
from engine.pop.bench_versus import versus_main
from engine.pop.cards import ALL_CARDS, COLOUR, COLOUR_NAMES
from engine.pop.ceiling import ceiling_plays
from engine.pop.game import new_game, place_turn, placement_order, play_turn
from engine.pop.modes import MODES
from engine.pop.view import TableView, view

NAMES = ("ana", "ben", "cai", "dov", "eve")
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def explodes(cols, picks):
    """The engine's verdict on one co-op turn of these cards."""
    cols = [c[:] for c in cols]
    queues = [len(c) for c in cols]
    placing = sorted((card, "x") for card in picks)
    _, order = placement_order(placing)
    fatal, _ = place_turn(cols, queues, placing, order, MODES["coop"], lambda *_: None)
    return fatal


def plain_walk(hands, fixed, bottom):
    """The turns in the order the planner's search counts on, by the plainest depth-first walk
    (column by column: the next fixed card, then each hand in seat order, its cards in hand
    order): what `_safe_rows` prunes must leave this list as it is."""
    fixed, found = sorted(fixed), []

    def walk(column, last, prev, picks, next_fixed, row):
        if column == 5:
            if len(picks) == len(hands):
                found.append((sorted(picks.items()), row))
            return
        cap = fixed[next_fixed] if next_fixed < len(fixed) else 51
        if cap < 51 and COLOUR[cap] not in (bottom[column], prev):
            walk(column + 1, cap, COLOUR[cap], picks, next_fixed + 1, [*row, COLOUR[cap]])
        for s, hand in enumerate(hands):
            for card in hand if s not in picks else ():
                if last < card < cap and COLOUR[card] not in (bottom[column], prev):
                    walk(column + 1, card, COLOUR[card], picks | {s: card}, next_fixed,
                         [*row, COLOUR[card]])  # fmt: skip

    walk(0, 0, -1, {}, 0, [])
    return [([card for _, card in picks], row) for picks, row in found]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([3, 4, 5]), size=st.integers(1, 6))
def test_the_planner_lists_the_turns_in_the_plain_walks_order(seed, seats, size):
    rnd = random.Random(seed)
    cards = rnd.sample(ALL_CARDS, seats * size + 5 - seats)
    hands = [cards[k * size : (k + 1) * size] for k in range(seats)]
    fixed = cards[seats * size :]
    bottom = [rnd.randrange(5) for _ in range(5)]
    assert list(_safe_rows(hands, fixed, bottom)) == plain_walk(hands, fixed, bottom)


@FAST
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([3, 4, 5]))
def test_the_planner_lists_exactly_the_turns_the_engine_survives(seed, seats):
    rnd = random.Random(seed)
    state = new_game("coop", NAMES[:seats], seed=seed)
    hands = [rnd.sample(state.hands[s], 3) for s in state.seats]
    fixed = list(state.chief_face_up) + list(state.chief_face_down)
    bottom = [COLOUR[c[-1]] for c in state.columns]
    listed = {tuple(picks): row for picks, row in _safe_rows(hands, fixed, bottom)}
    for h0 in hands[0]:
        for h1 in hands[1]:
            for h2 in hands[2]:
                for rest in _rest(hands[3:]):
                    picks = (h0, h1, h2, *rest)
                    cards = [*picks, *fixed]
                    safe = not explodes(state.columns, cards)
                    assert (picks in listed) == safe, (picks, fixed, state.columns)
                    if safe:
                        assert listed[picks] == [COLOUR[c] for c in sorted(cards)]


@FAST
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([3, 4, 5]))
def test_the_quick_safety_check_agrees_with_the_engine(seed, seats):
    """`_safe_with` (the co-op AI's cheap first stage) says a card is safe exactly when one of
    the given turns of four other cards, with it, explodes nothing in the engine."""
    rnd = random.Random(seed)
    state = new_game("coop", NAMES[:seats], seed=seed)
    unseen = [c for c in ALL_CARDS if c not in {c for col in state.columns for c in col}]
    rnd.shuffle(unseen)
    candidates, rest = unseen[:9], unseen[9:]
    turns = [rest[4 * k : 4 * k + 4] for k in range(rnd.randint(1, 6))]
    bottom = [COLOUR[c[-1]] for c in state.columns]
    quick = _safe_with(candidates, turns, bottom)
    for card, safe in zip(candidates, quick, strict=True):
        engine = any(not explodes(state.columns, [card, *turn]) for turn in turns)
        assert safe == engine, (card, turns, state.columns)
    # A turn short of a card (a teammate's card could not be dealt) makes nothing safe.
    assert _safe_with(candidates, [turn[:3] for turn in turns], bottom) == [False] * 9


def _rest(hands):
    if not hands:
        yield ()
        return
    for card in hands[0]:
        for more in _rest(hands[1:]):
            yield (card, *more)


@FAST
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([3, 4, 5]), turns=st.integers(0, 5))
def test_signals_name_a_colour_and_a_letter_that_grows_with_the_number(seed, seats, turns):
    state = new_game("coop", NAMES[:seats], seed=seed)
    rnd = random.Random(seed)
    for _ in range(turns):  # random turns; a lost game keeps its last position
        before = state.copy()
        play_turn(state, {s: [rnd.choice(state.hands[s])] for s in state.seats}, steps=False)
        if state.phase != "choosing":
            state = before
            break
    seat = state.seats[turns % seats]
    v = view(state, seat)
    card = choose_cards(v, "normal", random.Random(seed))
    said = announce(v, card)
    assert said is not None
    who, colour, letter = said
    assert who == seat
    assert colour == COLOUR_NAMES[COLOUR[card[0]]]
    assert letter in "ABCDE"
    assert not any(ch.isdigit() for ch in f"{colour}{letter}")
    # The letter is read from public facts: every seat maps the same card to the same letter,
    # and a higher card never gets an earlier letter, so a signal names a range, not a number.
    letters = public_columns(v)
    assert letters == public_columns(view(state, state.seats[(turns + 1) % seats]))
    ordered = [letters[c] for c in sorted(letters)]
    assert ordered == sorted(ordered)


def test_a_cooperative_choice_is_fixed_by_the_seed_and_the_view():
    state = new_game("coop", NAMES[:4], seed=7)
    v = view(state, "cai")
    signals = [("ana", "red", "B"), ("ben", "blue", "D")]
    for level in ("normal", "hard"):
        picks = {tuple(choose_cards(v, level, random.Random(3), signals)) for _ in range(3)}
        assert len(picks) == 1
    a = play("coop", ["hard"] * 3, 11, talk=True)
    b = play("coop", ["hard"] * 3, 11, talk=True)
    assert a.records[0].turns == b.records[0].turns


def test_the_ceiling_plays_one_card_from_each_hand_and_wins_a_deal_it_sees_whole():
    # Five seats: no Chief, every card is in a hand or on the grid, so a team that sees every
    # hand can plan all nine turns.
    for seed in (1, 2, 3):
        state = new_game("coop", NAMES[:5], seed=seed)
        rnd = random.Random(seed)
        while state.phase == "choosing":
            plays = ceiling_plays(state, rnd)
            assert set(plays) == set(state.seats)
            for seat, cards in plays.items():
                assert len(cards) == 1
                assert cards[0] in state.hands[seat]
            play_turn(state, plays, steps=False)
        assert state.result is not None
        assert state.result.won


def test_talking_ai_partners_survive_longer_than_silent_ones():
    # Seeded games: the figures are fixed (8.5 safe turns against 0.5 over these two deals;
    # 8.8 against 0.3 over six; under 1 silent in `bench ai`).
    def turns(talk):
        total = 0
        for seed in range(2):
            state = play("coop", ["normal"] * 5, 300 + seed, talk=talk)
            total += state.turn_number - (0 if state.result.won else 1)
        return total / 2

    talking, silent = turns(True), turns(False)
    assert talking >= silent + 2, (talking, silent)
    assert talking >= 4, talking


def test_every_card_gets_a_letter():
    state = new_game("coop", NAMES[:3], seed=5)
    letters = public_columns(view(state, "ana"))
    hidden = [c for c in ALL_CARDS if c not in set().union(*state.columns, state.chief_face_up)]
    assert sorted(letters) == hidden


def test_bench_ai_reports_the_ceiling_beside_each_level_per_seat_count(capsys, monkeypatch):
    # One short run for every part of the report (a bench run costs seconds per co-op game):
    # the levels search with small budgets here (the report's shape is the subject; the bench's
    # worker process is forked, so it plays with them too).
    monkeypatch.setattr(pop_ai, "COOP_PLAN", dict.fromkeys(pop_ai.LEVELS, (2, 120)))
    monkeypatch.setattr(pop_ai, "COOP_NOW", dict.fromkeys(pop_ai.LEVELS, 10))
    monkeypatch.setattr(pop_ai, "HARD_SIMULATIONS", 100)
    code = bench_ai_main(
        games=2, trick_games=2, solo_games=1, coop_games=1, coop_games_3=2, jobs=1, vs_games=0
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["coop"]) == {"3_seats", "4_seats", "5_seats"}
    for people in (3, 4, 5):
        table = report["coop"][f"{people}_seats"]
        games = 2 if people == 3 else 1  # more games at 3 seats, where the ceiling rarely wins
        assert table["ceiling"]["games"] == games
        assert 0 <= table["ceiling"]["mean_safe_turns"] <= 9
        for level in ("easy", "normal", "hard"):
            assert set(table[level]) == {"silent", "with_table_talk"}
            assert table[level]["with_table_talk"]["games"] == games
        assert set(report["coop_targets"][f"{people}_seats"]) == {"normal", "hard"}
        assert set(report["coop_targets_with_margin"][f"{people}_seats"]) == {"normal", "hard"}
    ceiling = report["coop"]["5_seats"]["ceiling"]
    assert ceiling["rate"] == 1.0  # it sees a whole deal
    assert ceiling["turns_ci95"] == [9.0, 9.0]  # one game, won: no spread
    assert ceiling["safe_after_turn"] == [1.0] * 9
    assert report["coop_decision_ms"]["hard"]["decisions"] > 0
    assert report["head_to_head_competitive"]["hard_vs_normal"]["games"] == 2


def test_the_coop_report_tells_after_which_turn_games_were_lost():
    # (won, safe turns): lost on turn 1, lost on turn 3, won.
    report = _coop([(0.0, 0), (0.0, 2), (1.0, 9)])
    assert report["safe_after_turn"] == [0.6667, 0.6667] + [0.3333] * 7
    assert report["safe_after_turn"][-1] == report["rate"]
    assert _coop([])["safe_after_turn"] is None  # no game, no shares (and no rate)
    assert _coop([])["rate"] is None


def test_bench_ai_plays_only_the_seat_counts_asked_for(capsys):
    code = bench_ai_main(
        games=0,
        trick_games=0,
        solo_games=0,
        coop_games=1,
        coop_games_3=1,
        jobs=1,
        coop_seats=(3,),
        vs_games=0,
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["coop"]) == {"3_seats"}
    assert report["head_to_head_competitive"]["hard_vs_normal"]["games"] == 0


def test_a_seat_that_hears_the_later_seats_may_change_its_card():
    # The talk rounds of `bench ai`: once every seat has spoken, the first seat thinks again
    # with what the others said, and in some of these seeded turns it picks another card.
    changed = 0
    for seed in range(6):
        state = new_game("coop", NAMES[:5], seed=40 + seed)
        signals = []
        picks = {}
        for i, seat in enumerate(state.seats):
            v = view(state, seat)
            picks[seat] = choose_cards(v, "normal", random.Random(i), signals)
            said = announce(v, picks[seat])
            assert said is not None
            signals.append(said)
        first = state.seats[0]
        again = choose_cards(view(state, first), "normal", random.Random(0), signals)
        assert len(again) == 1
        assert again[0] in state.hands[first]
        changed += again != picks[first]
    assert changed >= 1


def with_talk(v: TableView, talk: tuple[Signal, ...]) -> TableView:
    return replace(v, talk=talk)


def test_the_table_talk_may_come_with_the_view():
    # The talk a view carries is heard as if passed as `signals`; a signal passed as well is
    # heard after it, so it replaces what the same seat said in the view.
    changed = replaced = 0
    for seed in range(6):
        state = new_game("coop", NAMES[:4], seed=60 + seed)
        said = []
        for seat in state.seats[:3]:
            v = view(state, seat)
            said.append(announce(v, choose_cards(v, "normal", random.Random(seed))))
        v = view(state, "dov")
        talking = with_talk(v, tuple(said))
        heard = choose_cards(talking, "normal", random.Random(seed))
        assert heard == choose_cards(v, "normal", random.Random(seed), said)
        changed += heard != choose_cards(v, "normal", random.Random(seed))
        ben, colour, _ = said[1]
        other = next(c for c in COLOUR_NAMES if c != colour)
        fixed = [(ben, other, "E")]
        again = choose_cards(talking, "normal", random.Random(seed), fixed)
        assert again == choose_cards(v, "normal", random.Random(seed), [said[0], said[2], *fixed])
        replaced += again != heard
    assert changed >= 1
    assert replaced >= 1


@FAST
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([3, 4, 5]))
def test_the_ceilings_one_turn_check_agrees_with_the_engine(seed, seats):
    """`row_if_safe` (the ceiling's check of a turn it has chosen) gives the new bottom row
    exactly when the five cards explode nothing in the engine."""
    rnd = random.Random(seed)
    state = new_game("coop", NAMES[:seats], seed=seed)
    unseen = [c for c in ALL_CARDS if c not in {c for col in state.columns for c in col}]
    bottom = [COLOUR[c[-1]] for c in state.columns]
    # Random turns (most explode something) and safe ones, found by `_safe_rows`.
    rnd.shuffle(unseen)
    hands = [unseen[4 * k : 4 * k + 4] for k in range(5)]
    safe = [picks for picks, _ in _safe_rows(hands, [], bottom)]
    turns = [rnd.sample(unseen, 5) for _ in range(8)] + rnd.sample(safe, min(8, len(safe)))
    for cards in turns:
        row = row_if_safe(cards, bottom)
        assert (row is not None) == (not explodes(state.columns, cards)), (cards, state.columns)
        if row is not None:
            assert row == [COLOUR[c] for c in sorted(cards)]


def test_the_versus_section_plays_every_match_it_names():
    """The expert's matches against the outside players and hard (a handful of games each)."""
    out = versus_main(2, 1, seed=7, coop_games=1)
    assert out["coop"]["deals"] == 1
    matches = out["competitive"]["matches"]
    assert {"expert_vs_mc_2seats", "expert_vs_hard_2seats"} <= set(matches)
    assert matches["expert_vs_mc_2seats"]["win"]["games"] == 2
    assert "expert_beats_mc_2seats" in out["competitive"]["targets"]
    assert out["trick"]["matches"]
