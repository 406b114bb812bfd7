"""One test per rule of docs/rules/pop.md, on hand-built grids.

Colours by card number: red 1, 6, 11 ...; yellow 2, 7, 12 ...; green 3, 8, 13 ...;
blue 4, 9, 14 ...; purple 5, 10, 15 ... Arrows on 1-10 and 41-50. Symbols: 3 on 1-5 and 46-50,
2 on 16-20 and 31-35, 1 elsewhere.
"""

import random

import pytest

from engine.pop.cards import ARROW, COLOUR, SYMBOLS, colour_name
from engine.pop.errors import AlreadyRevealed, GameOver, NotASeat, NotInHand, WrongCount
from engine.pop.events import ChiefKept, Collected, Exploded, Fell, Placed, Revealed, SetEnded
from engine.pop.game import (
    Deal,
    choose,
    from_deal,
    lay_out,
    legal_choices,
    new_game,
    play_turn,
    solo_title,
)
from engine.pop.grid import adjacent_same_colour_pair, place
from engine.pop.results import CoopResult, SoloResult

RYGBP = [[11], [12], [13], [14], [15]]  # one row: red, yellow, green, blue, purple


def test_card_table_matches_the_rules():
    assert [colour_name(n) for n in (1, 2, 3, 4, 5, 12, 42)] == [
        "red",
        "yellow",
        "green",
        "blue",
        "purple",
        "yellow",
        "yellow",
    ]
    assert sum(ARROW[1:]) == 20
    assert ARROW[10]
    assert ARROW[41]
    assert not ARROW[11]
    assert not ARROW[40]
    assert sum(SYMBOLS[1:]) == 80
    assert (SYMBOLS[5], SYMBOLS[46], SYMBOLS[16], SYMBOLS[35], SYMBOLS[36]) == (3, 3, 2, 2, 1)


# --- §2-§3: the grid -------------------------------------------------------------------------


def test_card_beside_a_column_not_yet_served_is_not_adjacent_to_its_lowest_card():
    cols, queues = [c[:] for c in RYGBP], [1] * 5
    # 23 (green) goes under A, at row 1; B's lowest card 13 (green) is still at row 0.
    cols[1] = [13]
    assert place(cols, queues, 0, 23, "ana") == []
    assert cols[0] == [11, 23]
    assert queues == [2, 1, 1, 1, 1]


def test_card_beside_a_column_already_served_this_turn_is_adjacent():
    cols, queues = [c[:] for c in RYGBP], [1] * 5
    assert place(cols, queues, 0, 23, "ana") == []  # green under A, row 1
    exploded = place(cols, queues, 1, 28, "ben")  # green under B, row 1: touches 23
    assert sorted(exploded) == [23, 28]
    assert cols[0] == [11]
    assert cols[1] == [12]
    assert queues == [2, 2, 1, 1, 1]


def test_queue_cards_are_level_again_after_a_turn():
    state = from_deal(
        "solo",
        ["sol"],
        Deal(
            [c[:] for c in RYGBP],
            {"sol": [31, 32, 33, 34, 35, 36, 37, 38, 39, 40]},
            [1, 2, 3, 4, 5],
        ),
    )
    play_turn(state, {"sol": [36, 37, 38, 39, 40]})
    assert len(set(state.queues)) == 1


def test_chain_after_a_fall_explodes_and_reports_its_depth():
    # Three full rows (A: red, yellow, green; B: blue, green, red), Queue cards under row 2.
    cols = [[31, 12, 23], [24, 38, 36], [], [], []]
    queues = [3, 3, 3, 3, 3]
    assert not adjacent_same_colour_pair(cols, queues)
    events: list = []
    exploded = place(cols, queues, 0, 28, "ana", events)  # green under 23: they explode
    # A falls: 31 (red) lands in row 2 beside 36 (red) in B: the chain explodes them too.
    assert sorted(exploded) == [23, 28, 31, 36]
    assert cols == [[12], [24, 38], [], [], []]
    explosions = [e for e in events if isinstance(e, Exploded)]
    assert [(sorted(e.cards), e.depth) for e in explosions] == [([23, 28], 0), ([31, 36], 1)]
    assert all(e.owner == "ana" for e in explosions)
    assert [type(e) for e in events] == [Placed, Exploded, Fell, Exploded, Fell]
    assert explosions[1].positions == ((0, 2), (1, 2))


def test_whole_same_colour_group_explodes_including_horizontal_neighbours():
    cols, queues = [[11], [12], [13], [14], [15]], [1] * 5
    place(cols, queues, 0, 22, "x")  # yellow in A row 1
    place(cols, queues, 2, 27, "x")  # yellow in C row 1
    exploded = place(cols, queues, 1, 17, "x")  # yellow in B row 1: touches 12, 22 and 27
    assert sorted(exploded) == [12, 17, 22, 27]


# --- §4-§5: a turn, the Chief ---------------------------------------------------------------


def four_seats(grid, hands, pile, mode="competitive", **kw):
    return from_deal(mode, ["ana", "ben", "cai", "dan"], Deal(grid, hands, pile), **kw)


def test_placement_order_ascending_with_two_arrows_or_fewer():
    hands = {"ana": [22], "ben": [28], "cai": [29], "dan": [30]}
    state = four_seats([c[:] for c in RYGBP], hands, [1])  # Chief's face-up 1: one arrow
    events: list = []
    play_turn(state, {"ana": [22], "ben": [28], "cai": [29], "dan": [30]}, events=events)
    placed = [e for e in events if isinstance(e, Placed)]
    assert [e.column for e in placed] == [0, 1, 2, 3, 4]
    assert [e.card for e in placed] == [1, 22, 28, 29, 30]


def test_placement_order_descending_with_three_arrows():
    hands = {"ana": [2], "ben": [43], "cai": [29], "dan": [30]}
    state = four_seats([c[:] for c in RYGBP], hands, [8])
    events: list = []
    play_turn(state, {"ana": [2], "ben": [43], "cai": [29], "dan": [30]}, events=events)
    (revealed,) = [e for e in events if isinstance(e, Revealed)]
    assert revealed.arrows == 3
    assert revealed.descending
    placed = [e for e in events if isinstance(e, Placed)]
    assert [e.column for e in placed] == [4, 3, 2, 1, 0]
    assert [e.card for e in placed] == [43, 30, 29, 8, 2]


def test_chief_pile_goes_to_the_next_seat_that_explodes():
    # Every column receives a card of its own colour: each explodes, in the order A..E.
    hands = {"ana": [22], "ben": [23], "cai": [24], "dan": [25]}
    state = four_seats([c[:] for c in RYGBP], hands, [21])  # the Chief's 21 goes to A
    events: list = []
    play_turn(state, {"ana": [22], "ben": [23], "cai": [24], "dan": [25]}, events=events)
    kept = [e for e in events if isinstance(e, ChiefKept)]
    assert [sorted(e.cards) for e in kept] == [[11, 21]]
    assert not kept[0].lost
    first = next(e for e in events if isinstance(e, Collected))
    assert first.seat == "ana"
    assert sorted(first.from_chief) == [11, 21]
    assert sorted(state.collected["ana"]) == [11, 12, 21, 22]
    assert sorted(state.collected["ben"]) == [13, 23]
    assert state.chief_pile == []


def test_trick_loses_what_the_chief_explodes():
    hands = {"ana": [22], "ben": [23], "cai": [24], "dan": [25]}
    state = four_seats([c[:] for c in RYGBP], hands, [21], mode="trick")
    events: list = []
    play_turn(state, {"ana": [22], "ben": [23], "cai": [24], "dan": [25]}, events=events)
    assert [e.lost for e in events if isinstance(e, ChiefKept)] == [True]
    assert sorted(state.collected["ana"]) == [12, 22]
    assert sorted(state.discarded) == [11, 21]
    assert state.chief_pile == []


def last_turn_of_set(mode="competitive", hands=None, pile=(21,)):
    hands = hands or {"ana": [28, 40], "ben": [29, 39], "cai": [30, 38], "dan": [36, 37]}
    state = four_seats([c[:] for c in RYGBP], hands, list(pile), mode=mode)
    state.turn_number = 8  # the set's last turn (a competitive set is 8 turns)
    return state


def test_chief_pile_is_discarded_at_the_end_of_a_set():
    state = last_turn_of_set()
    events: list = []
    # The Chief's 21 explodes with 11; nobody explodes after it in this last turn.
    play_turn(state, {"ana": [28], "ben": [29], "cai": [30], "dan": [36]}, events=events)
    (ended,) = [e for e in events if isinstance(e, SetEnded)]
    assert sorted(ended.discarded) == [11, 21]
    assert ended.scores == {"ana": 0, "ben": 0, "cai": 0, "dan": 0}
    assert state.phase == "over"
    assert state.chief_pile == []


def test_lowest_total_wins_competitive():
    state = last_turn_of_set()
    state.collected["ben"], state.collected["cai"], state.collected["dan"] = [1], [12], [14]
    play_turn(state, {"ana": [28], "ben": [29], "cai": [30], "dan": [36]})
    assert state.winners == ["ana"]
    assert state.tiebreak is None
    assert state.set_scores == [{"ana": 0, "ben": 3, "cai": 1, "dan": 1}]


def test_shared_victory_when_the_cards_in_hand_tie_too():
    state = last_turn_of_set()
    state.collected["ben"], state.collected["ana"] = [1], [12]
    play_turn(state, {"ana": [28], "ben": [29], "cai": [30], "dan": [36]})
    # cai and dan tie on 0, and their last cards (38, 37) carry one symbol each.
    assert state.tiebreak == "shared"
    assert state.winners == ["cai", "dan"]


def test_tie_broken_by_the_card_left_in_hand():
    hands = {"ana": [28, 40], "ben": [29, 31], "cai": [30, 38], "dan": [36, 37]}
    state = last_turn_of_set(hands=hands)
    state.collected["ana"], state.collected["dan"] = [12], [14]
    play_turn(state, {"ana": [28], "ben": [29], "cai": [30], "dan": [36]})
    # ben (31: 2 symbols) and cai (38: 1 symbol) tie on 0 points: cai wins.
    assert state.winners == ["cai"]
    assert state.tiebreak == "card_in_hand"


def test_trick_highest_total_wins():
    state = last_turn_of_set(mode="trick")
    state.collected["ben"] = [1, 2]
    play_turn(state, {"ana": [28], "ben": [29], "cai": [30], "dan": [36]})
    assert state.winners == ["ben"]
    assert state.tiebreak is None


def test_three_sets_are_dealt_afresh_and_totals_add_up():
    state = new_game("competitive", ["a", "b", "c"], seed=11, sets=3)
    pick = random.Random(1)
    grids = []
    while state.phase == "choosing":
        if state.turn_number == 1 and all(s not in state.choices for s in state.seats):
            grids.append([c[:] for c in state.columns])
        for seat in state.seats:
            if state.phase != "choosing":
                break
            spec = legal_choices(state, seat)
            choose(state, seat, pick.sample(spec.cards, spec.count))
    assert len(state.set_scores) == 3
    assert len(state.records) == 3
    assert len({str(g) for g in grids}) == 3
    totals = {s: sum(x[s] for x in state.set_scores) for s in state.seats}
    best = min(totals.values())
    assert all(totals[w] == best for w in state.winners)


# --- Two-player variant ---------------------------------------------------------------------


def test_two_player_variant_draws_then_chief_takes_one_face_up_card():
    state = new_game("competitive", ["ana", "ben"], seed=5)
    assert state.two_player_variant  # on by default for two people
    assert [len(h) for h in state.hands.values()] == [10, 10]
    assert len(state.chief_face_up) == 1
    assert state.chief_face_down == []
    assert len(state.draw_pile) == 50 - 5 - 18 - 3
    first_pile = state.records[0].draw_pile
    assert state.hands["ana"][-1] == first_pile[0]
    assert state.hands["ben"][-1] == first_pile[1]
    assert state.chief_face_up == [first_pile[2]]
    assert legal_choices(state, "ana").count == 2
    with pytest.raises(WrongCount):
        choose(state, "ana", state.hands["ana"][:1])


def test_two_player_variant_set_is_eight_turns_ending_with_one_card_each():
    state = new_game("competitive", ["ana", "ben"], seed=9, sets=1)
    pick = random.Random(3)
    turns = 0
    while state.phase == "choosing":
        turns += 1
        for seat in state.seats:
            spec = legal_choices(state, seat)
            choose(state, seat, pick.sample(spec.cards, 2))
    assert turns == 8
    assert [len(h) for h in state.hands.values()] == [1, 1]
    assert len(state.draw_pile) == 27 - 8 * 3


def test_without_the_variant_two_people_give_the_chief_one_face_up_and_two_face_down():
    state = new_game("competitive", ["ana", "ben"], seed=5, two_player_variant=False)
    assert (len(state.chief_face_up), len(state.chief_face_down)) == (1, 2)
    assert legal_choices(state, "ana").count == 1


@pytest.mark.parametrize(("people", "up", "down"), [(3, 1, 1), (4, 1, 0), (5, 0, 0)])
def test_chief_cards_by_number_of_people(people, up, down):
    state = new_game("competitive", [f"p{i}" for i in range(people)], seed=1)
    assert (len(state.chief_face_up), len(state.chief_face_down)) == (up, down)


# --- Set-up ---------------------------------------------------------------------------------


def test_setup_puts_a_card_matching_its_left_neighbour_at_the_bottom():
    deck = [11, 16, 12, 13, 18, 14, 15, 20, 30]
    grid, rest = lay_out(deck, 1)
    # 16 (red) matches 11 on its left: bottom of the deck; 18 (green) matches 13: bottom too.
    assert grid == [[11], [12], [13], [14], [15]]
    assert rest == [20, 30, 16, 18]


def test_solo_setup_also_avoids_the_card_above():
    deck = [11, 12, 13, 14, 15, 21, 17, 22, 18, 23, 19, 24, 20, 25, 40, 41]
    grid, rest = lay_out(deck, 2)
    # 21 would sit under 11 (both red): bottom. 17 goes under 11 instead.
    assert grid == [[11, 17], [12, 18], [13, 19], [14, 20], [15, 41]]
    assert rest == [21, 22, 23, 24, 25, 40]
    assert not adjacent_same_colour_pair(grid, [2] * 5)


def test_the_same_seed_deals_the_same_game():
    a = new_game("competitive", ["a", "b", "c"], seed=77)
    b = new_game("competitive", ["a", "b", "c"], seed=77)
    c = new_game("competitive", ["a", "b", "c"], seed=78)
    assert a == b
    assert a.hands != c.hands


@pytest.mark.parametrize("people", [2, 3, 4, 5])
def test_competitive_deal_uses_every_card_once(people):
    state = new_game("competitive", [f"p{i}" for i in range(people)], seed=people)
    rec = state.records[0]
    cards = (
        [x for c in rec.grid for x in c]
        + rec.draw_pile
        + [x for h in rec.hands.values() for x in h]
    )
    assert sorted(cards) == list(range(1, 51))
    assert all(len(h) == 9 for h in rec.hands.values())
    assert not adjacent_same_colour_pair(rec.grid, [1] * 5)


# --- Cooperative ----------------------------------------------------------------------------


def coop_state(hand_size, turn_number=1):
    used = {11, 12, 13, 14, 15, 21, 28, 29, 40, 45}
    spare = [c for c in range(1, 51) if c not in used]
    k = hand_size - 1
    hands = {
        "ana": [21, *spare[:k]],
        "ben": [28, *spare[8 : 8 + k]],
        "cai": [29, *spare[16 : 16 + k]],
    }
    # Three people: the Chief takes 40 face up and 45 face down.
    state = from_deal("coop", ["ana", "ben", "cai"], Deal([c[:] for c in RYGBP], hands, [40, 45]))
    state.turn_number = turn_number
    return state


@pytest.mark.parametrize(
    ("hand_size", "level"),
    [
        (9, "beginners"),
        (6, "beginners"),
        (5, "apprentice_guards"),
        (4, "apprentice_guards"),
        (3, "competent_guards"),
        (2, "competent_guards"),
        (1, "expert_guards"),
    ],
)
def test_cooperative_explosion_ends_the_game_with_its_level(hand_size, level):
    state = coop_state(hand_size, turn_number=9 if hand_size == 1 else 1)
    events: list = []
    # Sorted: 21 (ana) to A, under 11: both red, they explode and the game ends at once.
    play_turn(state, {"ana": [21], "ben": [28], "cai": [29]}, events=events)
    assert state.phase == "over"
    assert state.result == CoopResult(False, level, hand_size - 1)
    assert sorted(state.unplaced) == [28, 29, 40, 45]  # the rest of that turn is not placed
    assert state.queues == [2, 1, 1, 1, 1]  # columns not served keep their Queue row
    assert sum(isinstance(e, Placed) for e in events) == 1
    assert state.set_scores == [{"ana": 2, "ben": 0, "cai": 0}]  # credited as usual
    assert state.winners == []


def test_cooperative_survival_of_nine_turns_is_legendary():
    state = from_deal(
        "coop",
        ["ana", "ben", "cai"],
        Deal([c[:] for c in RYGBP], {"ana": [28], "ben": [29], "cai": [30]}, [36, 37]),
    )
    state.turn_number = 9
    play_turn(state, {"ana": [28], "ben": [29], "cai": [30]})
    assert state.result == CoopResult(True, "legendary_guards", 0)
    assert state.winners == ["ana", "ben", "cai"]


def test_cooperative_game_goes_on_without_explosions():
    state = from_deal(
        "coop",
        ["ana", "ben", "cai"],
        Deal([c[:] for c in RYGBP], {"ana": [28, 1], "ben": [29, 2], "cai": [30, 3]}, [36, 37]),
    )
    play_turn(state, {"ana": [28], "ben": [29], "cai": [30]})
    assert state.phase == "choosing"
    assert state.turn_number == 2


# --- Solo and Enigma ------------------------------------------------------------------------


def solo(grid, hand, pile):
    return from_deal("solo", ["sol"], Deal(grid, {"sol": hand}, pile))


def test_solo_win_when_the_grid_is_empty_after_the_turn():
    state = solo([c[:] for c in RYGBP], [21, 22, 23, 24, 25, 31, 32, 33, 34, 35], [36, 37])
    play_turn(state, {"sol": [21, 22, 23, 24, 25]})
    assert state.result == SoloResult(True, 1)
    assert solo_title(state) == "novice_guard"
    assert state.winners == ["sol"]


def test_solo_grid_empty_in_the_middle_of_a_turn_is_not_a_win():
    state = solo(
        [[11], [12], [], [], []], [21, 22, 23, 24, 25, 31, 32, 33, 34, 35], [36, 37, 38, 39, 40]
    )
    play_turn(state, {"sol": [21, 22, 23, 24, 25]})
    assert state.phase == "choosing"
    assert state.columns == [[], [], [23], [24], [25]]
    assert sorted(state.hands["sol"]) == [31, 32, 33, 34, 35, 36, 37, 38, 39, 40]


def test_solo_loss_when_the_hand_runs_out():
    state = solo([c[:] for c in RYGBP], [27, 28, 29, 30, 36], [])
    play_turn(state, {"sol": [27, 28, 29, 30, 36]})  # no card meets its colour: no explosion
    assert state.result == SoloResult(False, 1)
    assert solo_title(state) is None


def test_solo_draws_up_to_five_from_the_pile():
    state = solo([c[:] for c in RYGBP], [27, 28, 29, 30, 36, 37, 38, 39, 40, 43], [44, 45])
    play_turn(state, {"sol": [27, 28, 29, 30, 36]})
    assert sorted(state.hands["sol"]) == [37, 38, 39, 40, 43, 44, 45]


@pytest.mark.parametrize(
    ("difficulty", "title"),
    [(1, "novice_guard"), (2, "bad_guard"), (3, "wicked_guard"), (4, "renegade_guard")],
)
def test_solo_difficulty_sets_rows_and_title(difficulty, title):
    state = new_game("solo", ["sol"], seed=difficulty, difficulty=difficulty)
    assert [len(c) for c in state.columns] == [difficulty] * 5
    assert len(state.hands["sol"]) == 10
    assert len(state.draw_pile) == 40 - 5 * difficulty
    assert not adjacent_same_colour_pair(state.columns, state.queues)
    state.result = SoloResult(True, 3)
    assert solo_title(state) == title


def test_enigma_is_one_turn_on_a_bottom_aligned_grid():
    puzzle = Deal([[11, 22], [], [13], [], []], {"x": [21, 12, 23, 35, 45]}, [])
    state = new_game("enigma", ["ana"], seed=0, puzzle=puzzle)
    assert state.queues == [2] * 5
    play_turn(state, {"ana": [12, 21, 23, 35, 45]})
    # 12 clears A's 22 and 11 falls beside 21; 23 meets 13; 45 meets 35: all gone.
    assert state.phase == "over"
    assert state.result == SoloResult(True, 1)
    assert state.columns == [[], [], [], [], []]


# --- Choices and their errors ---------------------------------------------------------------


def test_a_seat_may_change_its_choice_until_everyone_has_chosen():
    state = four_seats(
        [c[:] for c in RYGBP], {"ana": [22, 28], "ben": [29], "cai": [30], "dan": [36]}, [21, 40]
    )
    choose(state, "ana", [22])
    choose(state, "ana", [28])
    assert state.choices == {"ana": [28]}
    for seat, card in (("ben", 29), ("cai", 30), ("dan", 36)):
        choose(state, seat, [card])
    assert state.records[0].turns[0]["plays"]["ana"] == [28]


def test_illegal_choices_raise_typed_errors_and_change_nothing():
    state = four_seats(
        [c[:] for c in RYGBP], {"ana": [22], "ben": [29], "cai": [30], "dan": [36]}, [21]
    )
    before = state.copy()
    with pytest.raises(NotASeat):
        choose(state, "eve", [22])
    with pytest.raises(NotInHand):
        choose(state, "ana", [29])
    with pytest.raises(WrongCount):
        choose(state, "ana", [])
    with pytest.raises(AlreadyRevealed):
        choose(state, "ana", [22], turn=(1, 0))
    assert state == before


def test_choosing_after_the_game_is_over_is_refused():
    state = solo([c[:] for c in RYGBP], [27, 28, 29, 30, 36], [])
    play_turn(state, {"sol": [27, 28, 29, 30, 36]})
    with pytest.raises(GameOver):
        choose(state, "sol", [27, 28, 29, 30, 36])
    assert legal_choices(state, "sol").count == 0


def test_state_round_trips_through_json():
    state = new_game("competitive", ["ana", "ben", "cai"], seed=3)
    choose(state, "ana", state.hands["ana"][:1])
    again = type(state).from_json(state.to_json())
    assert again == state
    assert again.choices == {"ana": sorted(state.hands["ana"][:1])}


def test_colour_lookup_is_a_table_not_arithmetic():
    # Rules §1: the card table is data, one row per card.
    from engine.pop.cards import CARD_TABLE

    rows = CARD_TABLE.read_text().strip().splitlines()
    assert rows[0] == "number,colour,arrow,symbols"
    assert len(rows) == 51
    assert all(COLOUR[n] == (n - 1) % 5 for n in range(1, 51))
