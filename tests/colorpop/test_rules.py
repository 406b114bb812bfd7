"""One test per rule of docs/rules/colorpop.md, on hand-built boards."""

from __future__ import annotations

import pytest

from engine import rng
from engine.colorpop import errors, events, game, record, rules
from engine.colorpop.adapter import ColorpopMove
from engine.colorpop.rules import legal_groups, parse_cell

from .helpers import board_from, table


def cell(name: str) -> tuple[int, int]:
    found = parse_cell(name)
    assert found is not None
    return found


def names(cells) -> list[str]:
    return [rules.cell_name(c) for c in cells]


# §1–§2: components, cells, set-up


def test_the_box_holds_19_of_each_colour_and_5_jokers():
    tokens = rules.full_board_tokens()
    assert len(tokens) == rules.NUM_TOKENS == 100
    assert {c: tokens.count(c) for c in rules.LETTERS} == {
        "R": 19,
        "Y": 19,
        "G": 19,
        "B": 19,
        "P": 19,
        "W": 5,
    }


def test_cells_are_named_rail_then_row_from_the_bottom():
    board = board_from("""
        Y.
        RG
    """)
    assert rules.token_at(board, cell("A1")) == "R"
    assert rules.token_at(board, cell("A2")) == "Y"
    assert rules.token_at(board, cell("B1")) == "G"
    assert rules.token_at(board, cell("B2")) is None
    assert cell("J10") == (9, 9)
    for bad in ("K1", "A0", "A11", "c3", "C3\n", " C3", "C03", "", "A", 3, None):
        assert parse_cell(bad) is None, bad


def test_the_setup_rule_counts_one_colour_only_and_jokers_connect_nothing():
    seven_and_two = board_from("R\nR\nW\nR\nR\nR\nR\nR\nR\nR")  # rows 1-7, W, rows 9-10
    assert rules.largest_setup_group(seven_and_two) == (7, "R", cell("A1"))
    split = board_from("R\nR\nR\nW\nR\nR\nR")  # rows 1-3 R, W, rows 5-7 R
    assert rules.largest_setup_group(split) == (3, "R", cell("A1"))
    assert rules.setup_is_legal(split)
    six = board_from("""
        GRR
        RRR
    """)
    assert rules.largest_setup_group(six) == (5, "R", cell("A1"))
    assert rules.setup_is_legal(six)
    assert not rules.setup_is_legal(
        board_from("""
        RRR
        RRR
    """)
    )


def test_the_largest_setup_group_is_reported_at_its_lowest_rail_then_row():
    board = board_from("""
        .YY
        GYY
        GGY
    """)  # G: A1 A2 B1 (3); Y: B2 B3 C1 C2 C3 (5)
    assert rules.largest_setup_group(board) == (5, "Y", cell("B2"))


def test_a_dealt_board_is_full_legal_and_seeded():
    state_a, board = rules.deal_board(12345, 0)
    assert all(len(rail) == 10 for rail in board)
    assert rules.counts(board) == {"R": 19, "Y": 19, "G": 19, "B": 19, "P": 19, "W": 5}
    assert rules.setup_is_legal(board)
    assert rules.deal_board(12345, 0) == (state_a, board)
    assert rules.deal_board(54321, 0)[1] != board


def test_about_60_percent_of_shuffles_pass_the_setup_rule_as_the_page_says():
    drawn, passed = 0, 0
    tokens = rules.full_board_tokens()
    for _ in range(400):
        drawn, order = rng.shuffled(2026, drawn, range(100))
        letters = "".join(tokens[i] for i in order)
        passed += rules.setup_is_legal(tuple(letters[r * 10 : r * 10 + 10] for r in range(10)))
    assert 0.5 < passed / 400 < 0.7


# §3: groups


def test_adjacency_is_orthogonal_never_diagonal():
    board = board_from("""
        RY
        YR
    """)
    group = rules.group_at(board, cell("A2"))
    assert group is not None
    assert group.size == 1
    assert legal_groups(board) == []


def test_a_group_runs_through_its_colour_and_jokers_even_joker_to_joker():
    board = board_from("RWWRGR")
    group = rules.group_at(board, cell("A1"))
    assert group is not None
    assert names(group.cells) == ["A1", "B1", "C1", "D1"]
    assert group.jokers == 2
    assert group.size == 4
    assert group.anchor == cell("A1")


def test_every_token_of_the_colour_in_a_group_starts_the_same_group():
    board = board_from("""
        R..
        RWR
    """)
    groups = {rules.group_at(board, cell(c)) for c in ("A1", "A2", "C1")}
    assert len(groups) == 1


def test_a_joker_next_to_two_colours_joins_the_group_of_the_picked_token():
    board = board_from("RWB")
    red = rules.group_at(board, cell("A1"))
    blue = rules.group_at(board, cell("C1"))
    assert red is not None
    assert blue is not None
    assert names(red.cells) == ["A1", "B1"]
    assert red.colour == "R"
    assert names(blue.cells) == ["B1", "C1"]
    assert blue.colour == "B"


def test_jokers_alone_never_form_a_group_and_cannot_be_picked():
    board = board_from("WWR\nWWY")
    assert rules.group_at(board, cell("A1")) is None
    assert rules.has_legal_group(board)  # R and Y touch a joker
    assert not rules.has_legal_group(board_from("WWW"))
    state = table("WWRG", [["R"], ["G"]])
    with pytest.raises(errors.JokerCell) as caught:
        game.apply(state, "ana", cell("A1"))
    assert caught.value.code == "joker_cell"


def test_a_lone_token_may_not_be_removed():
    state = table("RGRGWB", [["R"], ["G"]])
    with pytest.raises(errors.NoGroup) as caught:
        game.apply(state, "ana", cell("A1"))
    assert caught.value.code == "no_group"
    assert str(caught.value) == "A1 is a single token"


def test_an_empty_cell_cannot_be_picked():
    state = table("RR", [["R"], ["G"]])
    with pytest.raises(errors.EmptyCell) as caught:
        game.apply(state, "ana", cell("C3"))
    assert caught.value.code == "empty_cell"
    assert caught.value.values == {"cell": "C3"}


def test_legal_groups_list_in_colour_order_then_by_anchor():
    board = board_from("""
        BBY.
        RRYR
        PPGR
    """)
    listed = [(g.colour, rules.cell_name(g.anchor), g.size) for g in legal_groups(board)]
    assert listed == [
        ("R", "A2", 2),
        ("R", "D1", 2),
        ("Y", "C2", 2),
        ("B", "A3", 2),
        ("P", "A1", 2),
    ]


def test_a_groups_anchor_is_its_lowest_coloured_token_whichever_token_starts_it():
    """§7: the anchor is the group's token of its colour in the lowest rail, then the lowest
    row (a joker below it is not); every coloured token and the list of legal groups give the
    same one, and the move that picks a group from a list is made there and recorded so."""
    board = board_from("""
        .RG
        RRG
        WRY
    """)
    [red] = [g for g in legal_groups(board) if g.colour == "R"]
    assert names(red.cells) == ["A1", "A2", "B1", "B2", "B3"]
    assert red.anchor == cell("A2")  # A1 is a joker: it picks nothing
    for start in ("A2", "B1", "B2", "B3"):
        assert rules.group_at(board, cell(start)) == red
    move = ColorpopMove.picking(red)
    assert move.cell == "A2"
    state = table(".RG\nRRG\nWRY", [["Y"], ["B"]])
    after, _ = game.apply(state, "ana", move.position)
    assert after.picks[-1].cell == "A2"
    assert record.export_record(after)["moves"] == [{"seat": "ana", "pick": "A2"}]


# §4: a turn


def test_only_the_seat_on_turn_may_pick_and_turns_follow_seat_order_from_first():
    state = table("RRGGBBRRGG", [["R"], ["G"], ["B"]], first=1)
    assert game.seat_on_turn(state) == "ben"
    with pytest.raises(errors.NotYourTurn) as caught:
        game.apply(state, "ana", cell("A1"))
    assert caught.value.code == "not_your_turn"
    with pytest.raises(errors.NotSeated):
        game.apply(state, "zed", cell("A1"))
    state, _ = game.apply(state, "ben", cell("C1"))  # GG
    assert game.seat_on_turn(state) == "cai"
    state, _ = game.apply(state, "cai", cell("A1"))  # RR
    assert game.seat_on_turn(state) == "ana"


def test_the_whole_group_jokers_included_goes_to_the_pickers_pile():
    state = table("RWRGBWB", [["R"], ["B"]])
    state, out = game.apply(state, "ana", cell("C1"))
    assert state.piles["ana"]["R"] == 2
    assert state.piles["ana"]["W"] == 1
    removed = out[0]
    assert isinstance(removed, events.GroupRemoved)
    assert (removed.colour, removed.jokers, names(removed.cells)) == ("R", 1, ["A1", "B1", "C1"])
    assert removed.collected == {"ana": 3, "ben": 0}


def test_gravity_slides_tokens_down_their_rail_keeping_their_order():
    board = board_from("""
        P.
        B.
        GG
        YY
        RB
    """)  # pick A2-B2: YY
    removal = rules.remove(board, rules.group_at(board, cell("A2")).cells)
    assert removal.fallen[:2] == ("RGBP", "BG")
    assert [(rules.cell_name(a), rules.cell_name(b)) for a, b in removal.falls] == [
        ("A3", "A2"),
        ("A4", "A3"),
        ("A5", "A4"),
        ("B3", "B2"),
    ]


def test_empty_rails_move_to_the_right_end_in_one_step():
    board = board_from("RBBGYYPRR")  # B1-C1 and E1-F1 are groups; one removal empties two rails
    removal = rules.remove(board, (cell("B1"), cell("C1")))
    assert removal.board == ("R", "G", "Y", "Y", "P", "R", "R", "", "", "")
    assert removal.order == (0, 3, 4, 5, 6, 7, 8, 1, 2, 9)
    state = table("RBBGYYPRR", [["R"], ["G"]])
    state, out = game.apply(state, "ana", cell("C1"))
    shifted = [e for e in out if isinstance(e, events.RailsShifted)]
    assert len(shifted) == 1
    assert shifted[0].board == state.board == removal.board
    assert rules.token_at(state.board, cell("B1")) == "G"  # coordinates name the current board


# §5: the end


def test_a_side_wins_at_once_when_its_last_token_leaves_whoever_removed_it():
    state = table("RRGBGB", [["R"], ["B"]], first=1)  # ben on turn removes ana's last R
    state, out = game.apply(state, "ben", cell("A1"))
    assert state.end == "cleared"
    assert state.winners == ("ana",)
    assert state.tie_break == "none"
    cleared = [e for e in out if isinstance(e, events.SideCleared)]
    assert cleared == [events.SideCleared(("ana",), ("R",), "ben")]
    assert isinstance(out[-1], events.GameEnded)
    assert out[-1].secrets == {"ana": ("R",), "ben": ("B",)}
    assert game.seat_on_turn(state) is None
    with pytest.raises(errors.GameOver) as caught:
        game.apply(state, "ana", cell("B1"))
    assert caught.value.code == "not_playing"


def test_clearing_is_checked_before_the_blocked_end():
    state = table("RRGB", [["R"], ["B"]])  # after RR nothing is left to pick
    state, _ = game.apply(state, "ana", cell("A1"))
    assert not rules.has_legal_group(state.board)
    assert state.end == "cleared"
    assert state.winners == ("ana",)


def test_clearing_a_colour_nobody_holds_ends_nothing():
    state = table("GGRRBB", [["R"], ["B"]])
    state, out = game.apply(state, "ana", cell("A1"))
    assert not state.over
    assert out[-1] == events.TurnStarted(2, "ben")


def test_blocked_fewest_left_wins():
    state, out = game.apply(table("GGRBYB", [["R"], ["B"]]), "ana", cell("A1"))
    assert state.end == "blocked"
    assert (state.winners, state.tie_break) == (("ana",), "none")
    assert out[-1].scores == {"ana": (1, 0), "ben": (2, 0)}


def test_blocked_tie_on_left_goes_to_fewest_removed_own():
    state, out = game.apply(table("RRGRBG", [["R"], ["B"]]), "ana", cell("A1"))
    assert state.end == "blocked"
    assert out[-1].scores == {"ana": (1, 2), "ben": (1, 0)}
    assert (state.winners, state.tie_break) == (("ben",), "removed_own")


def test_blocked_still_tied_after_removed_own_is_shared():
    state, _ = game.apply(table("GGRB", [["R"], ["B"]]), "ana", cell("A1"))
    assert game.seat_scores(state) == {"ana": (1, 0), "ben": (1, 0)}
    assert (state.end, state.winners, state.tie_break) == ("blocked", ("ana", "ben"), "shared")


def test_blocked_ranks_only_the_tied_sides_on_removed_own():
    # ana and cai tie on 1 left; ben has 2 left and removed nothing.
    state, _ = game.apply(table("GGRBYBP", [["R"], ["B"], ["Y"]]), "ana", cell("A1"))
    assert game.seat_scores(state) == {"ana": (1, 0), "ben": (2, 0), "cai": (1, 0)}
    assert (state.winners, state.tie_break) == (("ana", "cai"), "shared")


# §6: modes


TEAM_BOARD = "RRPYYPBPG"


def test_teams_clear_over_both_colours_and_partners_win_together():
    state = table(TEAM_BOARD, [["R"], ["B"], ["Y"], ["G"]], mode="teams")
    state, _ = game.apply(state, "ana", cell("A1"))  # RR: the team still has Y
    assert not state.over
    state, out = game.apply(state, "ben", cell("B1"))  # YY, by the other team
    assert state.end == "cleared"
    assert state.winners == ("ana", "cai")
    assert events.SideCleared(("ana", "cai"), ("R", "Y"), "ben") in out


def test_teams_add_both_partners_left_and_removed_own():
    state = table("RRGGYYPRB", [["R"], ["B"], ["Y"], ["G"]], mode="teams")
    for seat in ("ana", "ben", "cai"):
        state, out = game.apply(state, seat, cell("A1"))  # RR, GG, YY
    assert state.end == "blocked"
    assert out[-1].scores == {"ana": (1, 4), "cai": (1, 4), "ben": (1, 2), "dan": (1, 2)}
    assert (state.winners, state.tie_break) == (("ben", "dan"), "removed_own")


def test_duel_clears_only_when_both_colours_are_gone():
    state = table(TEAM_BOARD, [["R", "Y"], ["B", "G"]], mode="duel")
    state, _ = game.apply(state, "ana", cell("A1"))
    assert not state.over
    state, _ = game.apply(state, "ben", cell("B1"))
    assert state.end == "cleared"
    assert state.winners == ("ana",)


def test_solo_cleared_is_won_blocked_is_lost():
    won, out = game.apply(table("RRPB", [["R"]], mode="solo"), "ana", cell("A1"))
    assert (won.end, won.winners, out[-1].won) == ("cleared", ("ana",), True)
    lost, out = game.apply(table("GGRPB", [["R"]], mode="solo"), "ana", cell("A1"))
    assert (lost.end, lost.winners, lost.tie_break, out[-1].won) == ("blocked", (), "none", False)
    assert out[-1].scores == {"ana": (1, 0)}


def test_solo_with_two_colours_needs_both_gone():
    state = table("RRPGG", [["R", "G"]], mode="solo")
    state, _ = game.apply(state, "ana", cell("A1"))
    assert not state.over
    state, _ = game.apply(state, "ana", cell("B1"))
    assert state.end == "cleared"
    assert state.winners == ("ana",)


@pytest.mark.parametrize(
    ("mode", "seats", "per_seat"),
    [("competitive", 2, 1), ("competitive", 5, 1), ("solo", 1, 3), ("duel", 2, 2), ("teams", 4, 1)],
)
def test_a_deal_gives_distinct_secret_colours_and_a_seeded_first_player(mode, seats, per_seat):
    names = [f"s{i}" for i in range(seats)]
    state = game.new_game(mode, names, 99, solo_colours=per_seat if mode == "solo" else 1)
    dealt = [c for held in state.secrets for c in held]
    assert all(len(held) == per_seat for held in state.secrets)
    assert len(set(dealt)) == len(dealt)
    assert state.turn == state.first
    assert 0 <= state.first < seats
    assert game.new_game(mode, names, 99, solo_colours=per_seat if mode == "solo" else 1) == state
    if mode != "solo":  # every seat can be drawn first
        assert {game.new_game(mode, names, seed).first for seed in range(40)} == set(range(seats))


@pytest.mark.parametrize(
    ("mode", "count"),
    [("competitive", 1), ("competitive", 6), ("solo", 2), ("duel", 3), ("teams", 3), ("teams", 5)],
)
def test_a_mode_refuses_a_wrong_number_of_seats(mode, count):
    with pytest.raises(ValueError, match=r"is played by"):
        game.new_game(mode, [f"s{i}" for i in range(count)], 1)


def test_seats_must_be_distinct_and_solo_colours_in_range():
    with pytest.raises(ValueError, match=r"distinct"):
        game.new_game("competitive", ["a", "a"], 1)
    with pytest.raises(ValueError, match=r"secret colours"):
        game.new_game("solo", ["a"], 1, solo_colours=6)
