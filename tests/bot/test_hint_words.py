"""Hints in words: the one line a Hint answers (points with their plural and decimals in each
language, shares of wins, the only move), each game's moves said as its buttons say them in
every language, the Hint button the composer adds to a turn's message, the expert level's rated
name, and that a table with hints is never rated."""

from __future__ import annotations

import pytest

from bot.games import faces
from bot.games.coloretto.words import card_name
from bot.model.posts import HINT, Button, Post
from bot.model.table import LiveTable, Seat
from bot.posting import composer
from bot.ratings import rules
from bot.ratings.texts import player_name
from bot.tables.hints import hint_text
from bot.texts.i18n import dynamic_key, t
from engine.coloretto.game import Draw, Place, Take
from engine.colorpop.adapter import ColorpopMove
from engine.colorpop.rules import group_at
from engine.colourist.game import Choose, Keep
from engine.protocol import Judged, Judgement, Outcome, SeatOutcome
from tests.factories import a_table

LANGS = ("en", "it", "ja", "fr", "es", "pl", "de")


def live_of(key: str, seats: int = 3, seed: int = 5) -> LiveTable:
    face = faces()[key]
    options = face.game.options_model()
    people = [Seat(id=str(n), user_id=n, name=f"P{n}") for n in range(1, seats + 1)]
    table = a_table(key, id=3, status="playing", options=options.model_dump(), seats=people)
    return LiveTable(table, face.game.start(options, [s.id for s in people], seed))


def coloretto_hint(best: float, second: float | None, lang: str = "en") -> str:
    face = faces()["coloretto"]
    other = None if second is None else Judged(Draw(), second)
    judged = Judgement("points", Judged(Take(2), best), other)
    return hint_text(face, live_of("coloretto"), judged, lang)


def test_points_read_with_their_plural_and_decimals_in_each_language():
    assert coloretto_hint(3.0, 2.0) == (
        "💡 The expert's choice: **Take row 2** — about 1 point more than **Draw**."
    )
    assert coloretto_hint(3.5, 2.0).endswith("about 1.5 points more than **Draw**.")
    assert coloretto_hint(7.04, 2.0).endswith("about 5 points more than **Draw**.")
    assert coloretto_hint(2.5, 1.0, "fr").endswith("environ 1,5 point de plus que **Piocher**.")
    assert coloretto_hint(4.0, 1.0, "fr").endswith("environ 3 points de plus que **Piocher**.")
    assert "około 2 punkty więcej" in coloretto_hint(3.0, 1.0, "pl")
    assert "około 5 punktów więcej" in coloretto_hint(6.0, 1.0, "pl")
    assert "około 1,5 punktu więcej" in coloretto_hint(2.5, 1.0, "pl")
    assert "etwa 0,5 Punkte mehr" in coloretto_hint(1.5, 1.0, "de")
    assert coloretto_hint(2.0, 1.98) == (
        "💡 The expert's choice: **Take row 2** — about as good as **Draw**."
    )
    assert coloretto_hint(2.0, None) == "💡 **Take row 2** is your only move."


def test_shares_of_wins_are_whole_percentages_of_the_play_outs():
    live = live_of("colorpop")
    face = faces()["colorpop"]
    board = face.game.view(live.state, None).board
    groups = face.game.legal_groups(face.game.view(live.state, None))
    a, b = (ColorpopMove.picking(g) for g in groups[:2])
    said = hint_text(face, live, Judgement("wins", Judged(a, 0.874), Judged(b, 1.2 - 1)), "en")
    words = face.move_words(live, a, "en")
    assert group_at(board, a.position) is not None
    assert words.endswith(f" at {a.cell}")
    assert said == (
        f"💡 The expert's choice: **{words}** — it wins about 87 % of its play-outs, against "
        f"20 % for **{face.move_words(live, b, 'en')}**."
    )
    # A value beyond a whole win (a margin's share added) reads as 100 %, never more.
    assert " 100 % of its" in hint_text(
        face, live, Judgement("wins", Judged(a, 1.1), Judged(b, 0.5)), "en"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_says_its_moves_as_its_buttons_do(lang):
    coloretto = faces()["coloretto"]
    live = live_of("coloretto")
    assert coloretto.move_words(live, Draw(), lang) == t("coloretto.button.draw", lang)
    assert coloretto.move_words(live, Take(3), lang) == t("coloretto.button.take", lang, row=3)
    on_turn = sorted(coloretto.game.to_act(live.state))[0]
    drawn, _ = coloretto.game.apply(live.state, on_turn, Draw())
    card = coloretto.game.view(drawn, None).drawn
    placed = coloretto.move_words(LiveTable(live.table, drawn), Place(2), lang)
    assert placed == t("coloretto.words.place", lang, card=card_name(card, lang), row=2)
    assert "?" not in placed
    assert coloretto.move_words(live, Take(3), lang) == t("coloretto.button.take", lang, row=3)

    colorpop, live = faces()["colorpop"], live_of("colorpop")
    view = colorpop.game.view(live.state, None)
    group = colorpop.game.legal_groups(view)[0]
    words = colorpop.move_words(live, ColorpopMove.picking(group), lang)
    colour = t(dynamic_key("colorpop.colour", group.colour), lang)
    assert colour in words
    assert f"×{group.size}" in words
    assert words.endswith(ColorpopMove.picking(group).cell)

    pop, live = faces()["pop"], live_of("pop", 3)
    seat = sorted(pop.game.to_act(live.state))[0]
    pick = next(m for m in pop.game.legal_moves(live.state, seat) if isinstance(m, tuple))
    words = pop.move_words(live, pick, lang)
    assert all(str(card) in words for card in pick)
    assert words != pop.game.move_name(pick)[1]

    colourist, live = faces()["colourist"], live_of("colourist", 3)
    red = colourist.move_words(live, Choose("red"), lang)
    assert red.endswith(t("colourist.card.red", lang))
    assert red != "card red"


def test_a_colourist_phrase_kept_reads_as_its_button_prints_it():
    colourist = faces()["colourist"]
    game = colourist.game
    live = live_of("colourist", 3, seed=0)
    for step in range(60):  # AI moves until a double field asks the colourist for a phrase
        if game.view(live.state, None).phase == "picking":
            break
        for seat in sorted(game.to_act(live.state)):
            move = game.ai_move(game.view(live.state, seat), "easy", step)
            live.state = game.apply(live.state, seat, move)[0]
    colourist_seat = game.view(live.state, None).colourist
    offered = game.view(live.state, colourist_seat).offered
    for lang in LANGS:
        labels = [
            b.label
            for b in colourist.private_post(live, live.table.seat(colourist_seat), lang).controls
        ]
        said = [colourist.move_words(live, Keep(n, a), lang) for n in (0, 1) for a in (0, 1)]
        assert said == labels, (offered, said, labels)


def test_the_composer_adds_hint_to_a_turn_at_a_table_with_hints_only():
    post = Post("turn", controls=[Button("draw", "Draw")])
    hinted = composer.turn(post, [7], "de", hints=True)
    assert [c.verb for c in hinted.controls] == ["draw", HINT]
    assert hinted.controls[-1].label == "Tipp"
    assert [c.verb for c in composer.turn(post, [7], "de").controls] == ["draw"]


def test_a_table_with_hints_is_never_rated_and_the_expert_has_its_rated_name():
    seats = [Seat(id="1", user_id=1, name="A"), Seat(id="ai-1", name="R", ai=True)]
    table = a_table("coloretto", seats=seats)
    table.settings.ai_level = "expert"
    outcome = Outcome("normal", (SeatOutcome("1", True, 10), SeatOutcome("ai-1", False, 3)))
    placed = rules.entries(table, outcome, rules.every_seat_alone)
    assert placed is not None
    assert {e.player for e in placed.seats} == {"1", rules.ai_player("expert", 1)}
    assert rules.ai_player("expert", 2) == "ai:expert@2"
    table.settings.hints = True
    assert rules.entries(table, outcome, rules.every_seat_alone) is None
    for lang in LANGS:
        assert t("choice.ai_level.expert", lang) in player_name("ai:expert@2", lang)
