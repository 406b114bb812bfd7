"""Coloretto's face without Discord: its texts, controls and picture words in every language."""

from __future__ import annotations

import pytest

from bot.games.coloretto.face import ColorettoFace
from bot.games.coloretto.words import picture_labels
from bot.model.posts import Refusal
from bot.model.table import LiveTable, Seat, Table
from bot.texts.i18n import catalogue, languages, place
from engine.coloretto import ai, game
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.game import Draw, Place, Take
from render.coloretto.labels import ENGLISH, LABELS_EN
from render.kit import has_glyph

FACE = ColorettoFace()


def a_table(players: int = 3, moves: int = 0, seed: int = 3) -> LiveTable:
    seats = [Seat(id=f"s{i}", name=f"Player {i}") for i in range(players)]
    table = Table(
        id=7,
        game="coloretto",
        guild_id=1,
        channel_id=2,
        host_id=1,
        seats=seats,
        options={"expert": False},
    )
    table.status = "playing"
    state = game.new_game([s.id for s in seats], False, seed)
    for n in range(moves):
        state, _ = game.apply(
            state, state.turn, ai.choose(COLORETTO.view(state, state.turn), "normal", n)
        )
    return LiveTable(table, state)


def test_the_controls_follow_the_legal_moves():
    live = a_table()
    view = COLORETTO.view(live.state, None)
    assert [b.verb for b in FACE.controls(view, "en")] == ["draw"]  # empty rows: no take
    state, _ = game.apply(live.state, live.state.turn, Draw())
    controls = FACE.controls(COLORETTO.view(state, None), "en")
    assert [(b.label, b.arg, b.disabled) for b in controls] == [
        ("Row 1", "1", False),
        ("Row 2", "2", False),
        ("Row 3", "3", False),
    ]
    state, _ = game.apply(state, state.turn, Place(2))
    controls = FACE.controls(COLORETTO.view(state, None), "en")
    assert [(b.verb, b.arg) for b in controls] == [("draw", None), ("take", "2")]


def test_a_full_or_taken_row_cannot_be_chosen():
    state = game.new_game(["a", "b"], False, 1)  # two seats: rows of 1, 2 and 3
    for row in (1, 1):  # a's card fills row 1; b's card then must go elsewhere
        state, _ = game.apply(state, state.turn, Draw())
        if row in [m.row for m in game.legal_moves(state) if isinstance(m, Place)]:
            state, _ = game.apply(state, state.turn, Place(row))
    placing = FACE.controls(COLORETTO.view(state, None), "en")
    assert placing[0].label == "Row 1"
    assert placing[0].disabled
    assert not placing[1].disabled
    assert not placing[2].disabled


def test_a_button_names_its_move_and_junk_is_no_button():
    assert FACE.named_move("draw", None) == Draw()
    assert FACE.named_move("place", "3") == Place(3)
    assert FACE.named_move("take", "1") == Take(1)
    assert FACE.named_move("rematch", None) is None  # not a move: the table layer's verb
    for verb, arg in (("place", None), ("take", "x"), ("draw", "1"), ("take", "12")):
        with pytest.raises(Refusal) as no:
            FACE.named_move(verb, arg)
        assert no.value.key == "refusal.invalid_button"
    buttons = FACE.controls(
        COLORETTO.view(COLORETTO.start(COLORETTO.options_model(), ["a", "b"], 3), None), "en"
    )
    assert [(b.verb, b.arg) for b in buttons] == [COLORETTO.move_name(Draw())]


@pytest.mark.parametrize("lang", languages())
def test_the_table_text_shows_rows_collections_pile_and_turn(lang):
    live = a_table(moves=15)
    text = FACE.table_text(live, lang)
    view = COLORETTO.view(live.state, None)
    assert f"{live.table.id}**" in text
    assert str(view.pile_size) in text
    assert all(f"Player {i}" in text for i in range(3))
    assert text.count("\n") >= len(view.rows) + len(view.players)


@pytest.mark.parametrize("lang", languages())
def test_picture_words_are_translated_or_drawable(lang):
    labels = picture_labels(lang)
    assert set(labels) == set(ENGLISH)
    assert all(has_glyph(ch) for text in labels.values() for ch in text if not ch.isspace())
    if lang != "en":
        assert labels["final_scores"] != LABELS_EN["final_scores"]
    else:
        assert labels == ENGLISH  # the English reference is the catalogue's English
    # the words for a result are every game's (bot.texts.i18n), not Coloretto's own
    assert labels["result.shared_win"] == str(catalogue(lang)["result.shared_win"])
    assert labels["result.place.1"] == place(1, lang)


def test_the_last_round_is_said_once_revealed():
    live = a_table(moves=0)
    while not live.state.last_round:
        state = live.state
        move = ai.choose(COLORETTO.view(state, state.turn), "normal", state.version)
        live.state, _ = game.apply(state, state.turn, move)
        assert ("last round" in FACE.table_text(live, "en")) == live.state.last_round


def test_stats_lines_average_best_and_expert_games():
    rows = [("normal", True, 30, {}), ("expert", False, 10, {})]
    assert FACE.stats_lines(rows, "en") == [
        "Average score 20.0 · best 30",
        "Games with expert scoring: 1",
    ]
    assert FACE.stats_lines([], "en") == []


@pytest.mark.parametrize("lang", languages())
def test_the_symbols_of_the_table_text_are_named_once(lang):
    from bot.games.coloretto.words import SYMBOL, card_name
    from bot.texts.i18n import t

    key_word = t("coloretto.legend", lang, cards="@").split("@")[0]
    live = a_table(moves=40)
    text = FACE.table_text(live, lang)
    held = {c for cards in COLORETTO.view(live.state, None).collections.values() for c in cards}
    assert held
    assert all(f"{SYMBOL[c]}×" in text for c in held)
    (line,) = [x for x in text.splitlines() if x.startswith(key_word)]
    for card in held:
        assert card_name(card, lang) in line, card  # "◆ blue": its symbol and its name


def test_the_results_name_their_symbols():
    from bot.games.coloretto.words import results_text

    live = a_table(moves=0)
    state = live.state
    while COLORETTO.outcome(state) is None:
        view = COLORETTO.view(state, state.turn)
        state, _ = game.apply(state, state.turn, ai.choose(view, "normal", 1))
    text = results_text(
        COLORETTO.view(state, None), COLORETTO.outcome(state), live.table.names(), "en"
    )
    key = next(x for x in text.splitlines() if x.startswith("Key: "))
    assert "◆ blue" in key or "▬ brown" in key
    assert "Plus and minus: each colour's symbol" in text
