"""Review without Discord: the results post offers it beside Replay and it outlives Rematch;
the costs it lists are the expert's own judgements of the seat's decisions, from that seat's
view; what was at stake is said as the player reads it (`bot.tables.reviews`,
`bot.tables.review_view`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games import faces
from bot.model.binding import seed_of
from bot.model.layout import Layout, Row, Rule, Text
from bot.model.posts import Button, Post
from bot.posting import composer
from bot.posting.shares import FairGate
from bot.tables import workers
from bot.tables.finished import Played, Step
from bot.tables.review_view import Decision, costliest, review_layout, stake
from bot.tables.reviews import Reviews
from bot.texts.i18n import t
from engine.protocol import Judged, Judgement
from tests.factories import a_table, people

REMATCH = Button("rematch", "Rematch", "success")
REPLAY = Button("replay", "Replay", "primary", "3")
REVIEW = Button("review", "Review", "secondary", "3")


def test_the_results_post_of_an_unrated_game_offers_review_after_replay():
    ending = composer.Ending("Rematch", replay="Replay", game_no=3, review="Review")
    [shown] = composer.finished([Post("🏆 Ana wins", results=True)], ending)
    assert shown.controls == [REMATCH, REPLAY, REVIEW]
    rated = composer.Ending("Rematch", rating="📈", replay="Replay", game_no=3)
    [without] = composer.finished([Post("🏆", results=True)], rated)
    assert without.controls == [REMATCH, REPLAY]


def test_review_outlives_rematch_and_a_message_whose_controls_go():
    offered = Post("🏆", controls=[REMATCH, REPLAY, REVIEW], results=True)
    playing = a_table("coloretto", status="playing", games=4)
    assert composer.offered(offered, playing, 3).controls == [REPLAY, REVIEW]
    laid = Layout(1, (Text("🏆"), Rule(), Row((REMATCH, REPLAY, REVIEW))))
    assert laid.without_controls() == Layout(1, (Text("🏆"), Rule(), Row((REPLAY, REVIEW))))


def judged(unit, cost, at=0):
    return Decision(at, at + 1, None, Judgement(unit, Judged("a", cost), None, Judged("b", 0.0)))


def test_what_was_at_stake_reads_as_a_player_reads_it():
    assert stake(judged("points", 1.04).judgement, "en") == "1 point"
    assert stake(judged("points", 1.46).judgement, "en") == "1.5 points"
    assert stake(judged("points", 1.46).judgement, "fr") == "1,5 point"
    assert stake(judged("points", 3.0).judgement, "pl") == "3 punkty"
    assert stake(judged("wins", 0.123).judgement, "en") == "12 % of the win"
    # The costliest first, a tie the earlier first; what rounds to nothing is not listed
    found = [judged("points", c, at) for at, c in enumerate([0.04, 2.0, 5.0, 2.0, 1.0])]
    assert [d.at for d in costliest(found)] == [2, 1, 3]
    assert costliest([judged("wins", 0.004)]) == []


def test_a_review_with_nothing_costly_says_the_expert_agrees():
    table = a_table("coloretto", id=5, seats=people("ana"))
    ana = table.seats[0]
    agrees = review_layout(table, 1, ana, [], 12, "it").text
    assert agrees.endswith(t("review.agrees", "it"))
    assert "#5" in agrees
    none = review_layout(table, 1, ana, [], 0, "en").text
    assert none.endswith(t("review.no_choices", "en"))


@pytest.mark.asyncio
@pytest.mark.parametrize(("game", "options"), [("coloretto", {}), ("colorpop", {"mode": "duel"})])
async def test_the_listed_costs_are_the_experts_judgements_from_the_seats_view(game, options):
    face = faces()[game]
    rules = face.game
    table = a_table(game, id=5, status="finished", games=1, seats=people("ana", "ben"))
    table.options = rules.options_model(**options).model_dump()
    state, steps = face.deal(table, 11), []
    while face.outcome(state) is None:  # a short game by the easy AI, the same every time
        seat = sorted(face.to_act(state))[0]
        move = rules.ai_move(rules.view(state, seat), "easy", len(steps))
        steps.append(Step(seat, move, state))
        state = face.apply(state, seat, move).after
    reviews = Reviews(None, [game], FairGate(1), workers.Workers(0))  # type: ignore[arg-type]
    decisions = await reviews.judged(face, table, 1, Played(tuple(steps), state), "1")
    expected = [
        (at, rules.judge(rules.view(s.before, "1"), seed_of(5, 1, at, "1", "review"), s.move))
        for at, s in enumerate(steps)
        if s.seat == "1" and len(rules.legal_moves(s.before, "1")) >= 2
    ]
    assert [(d.at, d.judgement.cost) for d in decisions] == [(at, j.cost) for at, j in expected]
    assert all(d.judgement.made.move == steps[d.at].move for d in decisions)
    worst = costliest(decisions)
    assert worst
    assert [d.judgement.cost for d in worst] == sorted((j.cost for _, j in expected), reverse=True)[
        : len(worst)
    ]


@pytest.mark.asyncio
async def test_a_secret_the_seat_could_not_see_changes_nothing_in_its_review():
    """Colorpop duel: the other seat's secret colour, planted anew in every state of the
    game, leaves every judgement of the seat's decisions as it was (the other seat's own
    judgements, which see it, change)."""
    face = faces()["colorpop"]
    rules = face.game
    table = a_table("colorpop", id=6, status="finished", games=1, seats=people("ana", "ben"))
    table.options = rules.options_model(mode="duel").model_dump()
    state, steps = face.deal(table, 12), []
    while face.outcome(state) is None:
        seat = sorted(face.to_act(state))[0]
        move = rules.ai_move(rules.view(state, seat), "easy", len(steps))
        steps.append(Step(seat, move, state))
        state = face.apply(state, seat, move).after
    mine, theirs = state.secrets
    other = next(c for c in "RYGBP" if c not in mine + theirs)
    planted = [Step(s.seat, s.move, replace(s.before, secrets=(mine, (other,)))) for s in steps]
    reviews = Reviews(None, ["colorpop"], FairGate(1), workers.Workers(0))  # type: ignore[arg-type]
    seen = await reviews.judged(face, table, 1, Played(tuple(steps), state), "1")
    told = await reviews.judged(face, table, 1, Played(tuple(planted), state), "1")
    assert [d.judgement for d in told] == [d.judgement for d in seen]
    own_secret_moved = await reviews.judged(face, table, 1, Played(tuple(planted), state), "2")
    assert own_secret_moved != await reviews.judged(
        face, table, 1, Played(tuple(steps), state), "2"
    )
