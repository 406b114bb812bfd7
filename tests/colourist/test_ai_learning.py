"""The hard guesser learns, over a game, which colours each colourist favours."""

from __future__ import annotations

import dataclasses

from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.ai import choose_move, colour_weights, favourites
from engine.colourist.game import Choose
from engine.colourist.view import RoundResult
from engine.colourist.words import shipped_words

SEATS = ["ana", "ben", "cai"]


def guesser_view(words: tuple[str, ...], history: tuple[RoundResult, ...]):
    """A guesser's view of a round showing `words`, after the revealed rounds `history`."""
    state = COLOURIST.start(ColouristOptions(length="normal"), SEATS, 3)
    for seat in SEATS:
        view = COLOURIST.view(state, seat)
        if seat != view.colourist and view.phase == "choosing":
            return dataclasses.replace(view, words=words, history=history)
    raise AssertionError("no guesser in a choosing round")


def a_concept_with_a_clear_second_colour() -> tuple[str, str, str]:
    """(concept id, its first colour, its second colour)."""
    wordlist = shipped_words()
    for cid, concept in sorted(wordlist.concepts.items()):
        if cid.startswith("n") and len(concept.colours) >= 2:
            return cid, concept.colours[0], concept.colours[1]
    raise AssertionError("no concept with two colours")


def test_a_colourists_habit_changes_the_hard_guess_and_only_it():
    cid, first, second = a_concept_with_a_clear_second_colour()
    plain = guesser_view((cid,), ())
    colourist = plain.colourist
    habit = tuple(RoundResult(n, colourist, ("n999",), second, {}, (), ()) for n in (1, 2))
    learned = dataclasses.replace(plain, history=habit)
    assert favourites(learned, colourist)[second] == 2
    assert (
        colour_weights(shipped_words(), (cid,))[first]
        > colour_weights(shipped_words(), (cid,))[second]
    )
    for seed in range(5):
        assert choose_move(plain, "hard", seed) == Choose(first)
        assert choose_move(learned, "normal", seed) == Choose(first)  # normal does not learn
        assert choose_move(learned, "hard", seed) == Choose(second)


def test_another_colourists_habit_is_not_this_ones():
    cid, first, second = a_concept_with_a_clear_second_colour()
    plain = guesser_view((cid,), ())
    someone_else = next(s for s in SEATS if s != plain.colourist)
    habit = tuple(RoundResult(n, someone_else, ("n999",), second, {}, (), ()) for n in (1, 2, 3))
    learned = dataclasses.replace(plain, history=habit)
    assert choose_move(learned, "hard", 1) == Choose(first)


def test_the_view_keeps_every_revealed_round_in_order():
    state = COLOURIST.start(ColouristOptions(length="short"), SEATS, 7)
    rounds = 0
    while COLOURIST.outcome(state) is None and rounds < 4:
        for seat in sorted(COLOURIST.to_act(state)):
            state, _ = COLOURIST.apply(
                state, seat, COLOURIST.ai_move(COLOURIST.view(state, seat), "normal", rounds)
            )
        rounds = len(COLOURIST.view(state, None).history)
    history = COLOURIST.view(state, None).history
    assert [r.round_number for r in history] == list(range(1, len(history) + 1))
    assert history[-1] == COLOURIST.view(state, None).last


def test_easy_chooses_any_associated_colour_and_only_those():
    cid, first, second = a_concept_with_a_clear_second_colour()
    view = guesser_view((cid,), ())
    associated = set(shipped_words().concepts[cid].colours)
    chosen = {choose_move(view, "easy", seed) for seed in range(60)}
    colours = {move.card for move in chosen if move.card != "joker"}
    assert colours <= associated
    assert {first, second} <= colours  # not always the most likely one
