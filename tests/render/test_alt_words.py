"""Pop's alt texts (issue 16, "Pictures" 11): a step says what changed in that step, in the
table's language, within Discord's 1,024 characters, and never names a card still in a hand."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.pop.words import alt_words
from bot.texts.i18n import t as bot_t
from engine.pop.cards import COLUMN_LETTERS, SYMBOLS
from engine.pop.events import (
    CHIEF,
    ChiefKept,
    Collected,
    Exploded,
    Fell,
    GameEnded,
    Placed,
    Revealed,
)
from engine.pop.game import choose, legal_choices, new_game
from engine.pop.view import view
from render.pop.alt import (
    ALT_EN,
    MAX_ALT,
    board_alt,
    card_words,
    english,
    hand_alt,
    results_alt,
    step_alt,
)
from render.pop.pictures import board_picture, results_picture, step_frames
from render.pop.scene import Frame

from .games import NAMES, enigma, pick

LANGUAGES = ("en", "it", "ja", "fr", "es", "pl", "de")
LONG_NAMES = {s: f"{n} " + "Ω" * 60 for s, n in NAMES.items()}  # cut to 32 in alt texts


def pick_distinct(state, seat, turn: int) -> list[int]:
    """The render tests' fixed policy, with distinct cards also when a pick takes most of a
    hand (solo, Enigma)."""
    cards = list(legal_choices(state, seat).cards)
    count = legal_choices(state, seat).count
    chosen = pick(state, seat, turn)
    if len(set(chosen)) == count:
        return chosen
    start = (turn * 3 + len(seat)) % len(cards)
    return [cards[(start + i) % len(cards)] for i in range(count)]


def turns_of(state) -> list[tuple[object, list, set[int], set[int]]]:
    """Every turn of a game: (public view before, events, secret cards before the reveal,
    secret cards once the turn is over)."""
    out = []
    while state.phase == "choosing":
        before = view(state)
        secret_before = {c for s in state.seats for c in state.hands[s]}
        secret_before |= set(state.chief_face_down)
        events: list = []
        for seat in state.seats:
            choose(state, seat, pick_distinct(state, seat, state.turn_number), events=events)
        revealed = {card for e in events if isinstance(e, Revealed) for card, _ in e.columns}
        secret_after = secret_before - revealed  # still in a hand while the steps are shown
        out.append((before, events, secret_before, secret_after))
    return out


def a_game(mode: str, seats: int, seed: int):
    if mode == "enigma":
        return enigma()
    options = {"sets": 2} if mode in ("competitive", "trick") else {}
    return new_game(mode, list(NAMES)[:seats], seed=seed, **options)


GAMES = [
    ("competitive", 2, 3),
    ("competitive", 3, 7),
    ("competitive", 4, 11),
    ("competitive", 5, 2),
    ("trick", 3, 5),
    ("trick", 2, 21),
    ("coop", 3, 1),
    ("coop", 4, 6),
    ("coop", 5, 9),
    ("solo", 1, 8),
    ("enigma", 1, 0),
]
PLAYED = {game: turns_of(a_game(*game)) for game in GAMES}


def step_texts(before, events, t=english, names=NAMES) -> list[tuple[Frame, str]]:
    frames = step_frames(before, events, names)
    return [(f, step_alt(f, frames[i - 1] if i else None, t)) for i, f in enumerate(frames)]


def named_cards(text: str) -> set[int]:
    """The cards an English alt text names ("12 red")."""
    return {int(n) for n in re.findall(r"(\d+) (?:red|yellow|green|blue|purple)\b", text)}


# --- What a step says -------------------------------------------------------------------------


def test_a_placement_names_the_card_its_column_and_only_what_it_touches():
    checked = 0
    for turns in PLAYED.values():
        for before, events, _, _ in turns:
            for frame, text in step_texts(before, events):
                if frame.kind != "placed":
                    continue
                assert frame.highlight is not None
                column, row = frame.highlight
                assert f"placed {card_words(frame.placed_card)} in column " in text
                assert f"column {COLUMN_LETTERS[column]}," in text
                near = {
                    frame.card_at(c, r)
                    for c, r in ((column, row - 1), (column - 1, row), (column + 1, row))
                    if 0 <= c < 5
                } - {0}
                on_grid = {c for col in frame.columns for c in col}
                # not the whole grid: of the grid's cards, only the placed one and its neighbours
                assert named_cards(text) & on_grid == near | {frame.placed_card}
                assert "Columns top to bottom" not in text
                checked += 1
    assert checked > 200


def test_an_explosion_names_every_exploding_card_by_column_and_its_owner():
    checked = 0
    for turns in PLAYED.values():
        for before, events, _, _ in turns:
            for frame, text in step_texts(before, events):
                if frame.kind != "exploded":
                    continue
                for c, r in frame.marked:
                    column_words = text.split(f"column {COLUMN_LETTERS[c]}: ")[1]
                    assert column_words.startswith(card_words(frame.card_at(c, r))) or (
                        f", {card_words(frame.card_at(c, r))}" in column_words.split(";")[0]
                    )
                who = "the Chief" if frame.owner == CHIEF else NAMES[frame.owner or ""]
                assert f"explode for {who}" in text or f"explodes for {who}" in text
                if frame.depth:
                    assert f"Chain ×{frame.depth + 1}" in text
                checked += 1
    assert checked > 20


def _rows(frame: Frame) -> dict[int, tuple[int, int]]:
    """Each card on the grid: (column, absolute row)."""
    return {
        card: (c, frame.queues[c] - len(col) + i)
        for c, col in enumerate(frame.columns)
        for i, card in enumerate(col)
    }


def test_a_fall_names_what_fell_and_how_far_and_nothing_else_of_the_grid():
    checked = 0
    for turns in PLAYED.values():
        for before, events, _, _ in turns:
            texts = step_texts(before, events)
            for (exploded, _), (fell, text) in itertools.pairwise(texts):
                if fell.kind != "fell":
                    continue
                then, now = _rows(exploded), _rows(fell)
                moved = {card: now[card][1] - then[card][1] for card in now if card in then}
                sentences = text.split(". ")
                for card, drop in moved.items():
                    if drop:
                        column = COLUMN_LETTERS[now[card][0]]
                        [sentence] = [
                            s
                            for s in sentences
                            if f"In column {column}, " in s and card in named_cards(s)
                        ]
                        assert f"fell {drop} row" in sentence
                    else:
                        assert card not in named_cards(text)
                if not any(moved.values()):
                    assert "nothing fell" in text
                checked += 1
    assert checked > 20


def test_what_a_placement_scored_adds_up_to_what_the_engine_credited():
    """The "+N symbols" of a placement's falls sum to the symbols of the cards the seat
    collected (its explosion and chain, and the Chief's waiting pile)."""
    checked = 0
    for (mode, _, _), turns in PLAYED.items():
        if mode not in ("competitive", "trick"):
            continue
        for before, events, _, _ in turns:
            texts = iter(step_texts(before, events))
            said, told = 0, ""
            for event in events:
                if isinstance(event, Placed | Exploded | Fell):
                    _, text = next(texts)
                    said += sum(int(n) for n in re.findall(r"\+(\d+) symbols?", text))
                    told += text
                if isinstance(event, Collected):
                    assert said == sum(SYMBOLS[c] for c in event.cards + event.from_chief)
                    if event.from_chief:
                        assert f"includes {len(event.from_chief)} card" in told
                    said, told = 0, ""
                    checked += 1
                elif isinstance(event, ChiefKept):
                    assert said == 0
                    assert "beside the Chief" in text or "are lost" in text
                    said, told = 0, ""
    assert checked > 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cooperative_game_over_is_said_in_the_table_language(lang):
    t = alt_words(lang)
    ended = 0
    for (mode, _, _), turns in PLAYED.items():
        if mode != "coop":
            continue
        before, events, _, _ = turns[-1]
        result = next(e for e in events if isinstance(e, GameEnded)).result
        assert result is not None
        texts = step_texts(before, events, t)
        exploded = [text for frame, text in texts if frame.kind == "exploded"]
        if result.won:
            assert not exploded
            continue
        assert t("alt.coop_over") in exploded[0]
        assert texts[-1][0].kind == "fell"
        assert t("alt.game_over") in texts[-1][1]
        # symbols mean nothing in co-op: no score is told
        assert "+" not in texts[-1][1]
        ended += 1
    assert ended >= 1


# --- Languages, length, secrets ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_alt_text_is_in_the_table_language_and_fits_discord(lang):
    t = alt_words(lang)
    red = bot_t("pop.colour.red", lang)
    checked = 0
    for (mode, seats, seed), turns in PLAYED.items():
        for before, events, _, _ in turns:
            board = board_picture(before, LONG_NAMES, t=t).alt
            texts = [board] + [text for _, text in step_texts(before, events, t, LONG_NAMES)]
            for text in texts:
                assert 0 < len(text) <= MAX_ALT, (mode, len(text))
                assert "{" not in text
                checked += 1
            if lang != "en":
                english_board = board_picture(before, LONG_NAMES).alt
                assert board != english_board
        final = a_game(mode, seats, seed)
        turns_of(final)
        results = results_picture(view(final), LONG_NAMES, t=t).alt
        assert 0 < len(results) <= MAX_ALT
        if lang != "en":
            assert results != results_picture(view(final), LONG_NAMES).alt
    assert checked > 500
    if lang != "en":
        assert red != "red" or lang == "en"
        assert hand_alt([1, 12], t=t) != hand_alt([1, 12])
        assert red in hand_alt([1, 11], t=t)


def test_no_public_alt_text_names_a_card_in_a_hand():
    checked = 0
    for turns in PLAYED.values():
        for before, events, secret_before, secret_after in turns:
            board = board_picture(before, NAMES).alt
            assert not named_cards(board) & secret_before, board
            for _, text in step_texts(before, events):
                assert not named_cards(text) & secret_after, text
                checked += 1
    assert checked > 300


def test_the_english_reference_is_the_english_catalogue():
    from bot.texts.i18n import catalogue

    en = catalogue("en")
    for key, text in ALT_EN.items():
        if key.startswith("alt."):
            assert en[f"pop.alt.{key.removeprefix('alt.')}"] == text, key
        elif key.startswith("list."):
            assert en[key] == text, key  # the words every text shares
        else:
            assert en[f"pop.{key}"] == text, key  # the bot's own words: Pop's keys


STRESS_NAMES = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=80
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([("competitive", 5), ("competitive", 2), ("trick", 4), ("coop", 5)]),
    st.integers(0, 10_000),
    st.lists(STRESS_NAMES, min_size=5, max_size=5),
    st.sampled_from(LANGUAGES),
)
def test_any_game_any_names_any_language_fits_discord(game, seed, names, lang):
    mode, seats = game
    state = new_game(mode, list(NAMES)[:seats], seed=seed, sets=1)
    given_names = dict(zip(NAMES, names, strict=False))
    t: Callable[..., str] = alt_words(lang)
    for before, events, _, _ in turns_of(state):
        assert len(board_picture(before, given_names, t=t).alt) <= MAX_ALT
        for _, text in step_texts(before, events, t, given_names):
            assert 0 < len(text) <= MAX_ALT
    assert len(results_picture(view(state), given_names, t=t).alt) <= MAX_ALT


def test_a_crowded_step_still_fits():
    """The busiest frame the bot draws, as a chain explosion with long names, in every
    language: the short form (numbers without colours) keeps it within the limit."""
    from dataclasses import replace

    from render.pop.bench import ten_row_frame

    frame = ten_row_frame()
    marked = tuple((c, r) for c in range(5) for r in range(frame.queues[c] - 8, frame.queues[c]))
    exploded = replace(
        frame, kind="exploded", marked=marked, depth=3, names=tuple(LONG_NAMES.values())[:4]
    )
    for lang in LANGUAGES:
        t = alt_words(lang)
        for f, before in ((frame, None), (exploded, frame)):
            assert len(step_alt(f, before, t)) <= MAX_ALT
        assert len(board_alt(replace(frame, kind="board"), None, t)) <= MAX_ALT
        seats = tuple(NAMES)
        long = tuple(LONG_NAMES.values())
        scores = [dict.fromkeys(seats, 99)] * 3
        text = results_alt("competitive", seats, long, scores, {}, seats, "shared", None, None, t)
        assert len(text) <= MAX_ALT
