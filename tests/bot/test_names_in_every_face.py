"""Every game's face names the seats in its texts as written and draws them as written: a
whole game of each hosted game, its seats named with Markdown, AI moves through the protocol;
every text shows each name letter for letter, every alt text and label shows it unescaped."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import faces
from bot.model.table import LiveTable, Pending, Seat
from tests.bot.story import read, shown_literally
from tests.bot.test_views_only import NoRatings
from tests.factories import a_table

NAMES = ["# **Ana** ||x||", "-# ~~Ben~~ `c`", "[Cleo](https://evil.example)", "> __Dan__"]
MOST_MOVES = 400


def plain_texts(post) -> list[str]:
    """What a post shows outside Markdown: its pictures' alt texts, its controls' labels."""
    texts = [p.alt for p in post.pictures]
    for control in post.controls:
        texts += [getattr(control, "label", ""), getattr(control, "placeholder", "")]
        texts += [label for label, _ in getattr(control, "options", ())]
    return texts


def check(post, counts: dict[str, int]) -> None:
    for name in NAMES:
        if name in read(post.content):
            assert shown_literally(post.content, name), post.content
            counts[name] += 1
        for text in plain_texts(post):
            assert read(text).count(name) == text.count(name), text  # nothing escaped
            counts["plain"] += name in text


@pytest.mark.parametrize("key", sorted(faces()))
def test_a_whole_game_names_its_seats_as_written(key):
    face = faces()[key]
    game = face.game
    options = game.options_model()
    low, _high = game.seat_range(options)
    seats = [Seat(id=str(n), user_id=n, name=name) for n, name in enumerate(NAMES[:low], 1)]
    table = a_table(key, id=3, status="playing", options=options.model_dump(), seats=seats)
    table.games, table.epoch = 1, 1
    state = game.start(options, [s.id for s in seats], 7)
    counts = dict.fromkeys([*NAMES, "plain"], 0)
    for move_no in range(1, MOST_MOVES):
        live = LiveTable(table, state)
        check(face.table_post(live, "en"), counts)
        for seat in seats:
            check(face.private_post(live, seat, "en"), counts)
        if game.outcome(state) is not None:
            break
        before = state
        for seat_id in sorted(game.to_act(state)):
            move = game.ai_move(game.view(state, seat_id), "easy", move_no)
            state, events = game.apply(state, seat_id, move)
            pending = Pending(1, move_no, before, list(events), state)
            for post in asyncio.run(
                face.move_posts(NoRatings(), LiveTable(table, state), pending, "en")
            ):
                check(post, counts)
            before = state
    assert game.outcome(state) is not None, "the game did not end"
    assert all(counts[name] for name in NAMES[:low]), counts  # every seat named in texts
