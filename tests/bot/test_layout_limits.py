"""Every message a game shows fits Discord's Components V2 limits as the composer lays it out
(at most 40 components, 4,000 characters of text, 10 pictures a gallery, 5 controls a row),
with the longest names Discord allows and the most seats (up to six) in every language: a whole
game of each hosted game (AI moves through the protocol) in one language, every turn's message
(with the pings and the Hint of a table with hints too) and every move's posts; in every language, the first turn's message, every seat's private
message, the first move's and the last move's posts, the results with the rating changes and the deal's
reveal, a move's posts merged with the next turn riding on them, a secret-choice turn's
story (its status and every step's caption), and a seat's review of the game (its costliest
decisions in words, each with a picture)."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import faces
from bot.model import layout
from bot.model.table import LiveTable, Pending, Seat
from bot.posting import composer
from bot.posting.layout_view import layout_view
from bot.tables.review_view import WORST, Decision, line_of, review_layout
from engine.protocol import Judged, Judgement
from render.kit import Picture
from tests.bot.test_views_only import NoRatings
from tests.factories import a_table

LANGS = ("en", "it", "ja", "fr", "es", "pl", "de")
# 32 characters, Discord's longest display name; wide scripts and combining marks.
NAMES = [
    "Żanetta Wiśniewska-Kowalczykówna",
    "中村さくら中村さくら中村さくら中村さくら中村さくら中村さくら中村",
    "Bénédicte-Anne de La Rochefouca",
    "Maximilian Alexander von Habsbur",
    "Guadalupe Fernández-Villanuevas",
    "Ólafur Þórðarson-Guðmundsdóttir",
]
MOST_MOVES = 400
ENDING = composer.Ending(
    rematch="Rematch",
    rating=" · ".join(f"{name} 1706 (+206)" for name in NAMES),
    fair=("🔐 " + "f" * 64, "🔑 " + "e" * 64 + " · " + ", ".join(NAMES)),
    replay="Replay",
    game_no=1,
    review="Review",
)


def fits(post, where: str) -> None:
    laid = composer.laid_out(post, 0x8C6090)
    assert len(post.content) <= layout.MAX_TEXT, (where, len(post.content))
    assert laid.count() <= layout.MAX_COMPONENTS, (where, laid.count())
    assert len(laid.pictures) <= layout.MAX_GALLERY, where
    rows = [b for b in laid.blocks if isinstance(b, layout.Row)]
    assert all(len(r.controls) <= layout.BUTTONS_PER_ROW for r in rows), where
    layout_view(laid, "pop", 1, 1)  # discord.py refuses more than 40 components itself


def seats_for(face) -> list[Seat]:
    options = face.game.options_model()
    _low, high = face.game.seat_range(options)
    return [Seat(id=str(n), user_id=n, name=name) for n, name in enumerate(NAMES[:high], 1)]


# The language each game is played through in (its other languages: the first turn, every
# seat's hand, the first move and the last move with the results).
PLAYED_IN = {"pop": "ja", "coloretto": "de", "colorpop": "pl", "colourist": "fr"}


@pytest.mark.parametrize("key", sorted(faces()))
def test_every_message_of_a_whole_game_fits_discords_limits(key):
    face = faces()[key]
    game = face.game
    options = game.options_model()
    seats = seats_for(face)
    table = a_table(key, id=3, status="playing", options=options.model_dump(), seats=seats)
    table.games, table.epoch = 1, 1
    start = state = game.start(options, [s.id for s in seats], 7)
    played_in = PLAYED_IN.get(key, "en")
    moves = []
    for move_no in range(1, MOST_MOVES):
        live = LiveTable(table, state)
        turn = face.table_post(live, played_in)
        fits(turn, "turn")
        fits(composer.turn(turn, [s.user_id for s in seats], played_in, hints=True), "hinted")
        if game.outcome(state) is not None:
            break
        before = state
        for seat_id in sorted(game.to_act(state)):
            move = game.ai_move(game.view(state, seat_id), "easy", move_no)
            state, events = game.apply(state, seat_id, move)
            moves.append((Pending(1, move_no, before, list(events), state), turn))
            check_move(face, table, moves[-1], played_in)
            before = state
    assert game.outcome(state) is not None, "the game did not end"
    for lang in LANGS:
        check_review(face, table, moves[-WORST:], lang)
        live = LiveTable(table, start)
        fits(face.table_post(live, lang), "turn")
        fits(composer.turn(face.table_post(live, lang), [], lang, hints=True), "hinted")
        for seat in seats:
            fits(face.private_post(live, seat, lang), "private")
        if lang != played_in:
            check_move(face, table, moves[0], lang)
            check_move(face, table, moves[-1], lang)


def check_review(face, table, played, lang: str) -> None:
    """A review listing the last moves as the costliest, their words the face's, each with a
    picture whose alt text is as long as Discord allows."""
    lines = []
    for k, (pending, _turn) in enumerate(played, 1):
        seat = sorted(face.game.to_act(pending.before))[0]
        move = face.game.ai_move(face.game.view(pending.before, seat), "easy", k)
        judged = Judgement("points", Judged(move, 99.9), None, Judged(move, -1234.5))
        decision = Decision(k, 1000 + k, pending.before, judged)
        live = LiveTable(table, pending.before)
        words = face.move_words(live, move, lang)
        picture = Picture(b"", "x" * 1024, "table.png")
        lines.append(
            line_of(decision, (face.decision_when(live, lang), words, words), picture, k, lang)
        )
    laid = review_layout(table, 999, table.seats[0], lines, len(lines), lang)
    assert len(laid.text) <= layout.MAX_TEXT, len(laid.text)
    assert laid.count() <= layout.MAX_COMPONENTS, laid.count()
    layout_view(laid, face.key, 1, 0)


def check_move(face, table, played, lang: str) -> None:
    """A move's posts (the results finished), merged, with the next turn riding, as a story."""
    pending, turn = played
    live = LiveTable(table, pending.after)
    posts = asyncio.run(face.move_posts(NoRatings(), live, pending, lang))
    for post in composer.finished(posts, ENDING):
        fits(post, "move")
    if posts:
        fits(composer.merged(posts), "merged")
        riding = composer.with_turn(composer.merged(posts), composer.bare(turn))
        if riding is not None:
            fits(riding, "riding")
    closed = face.closed_turn_text(live, pending.before, lang)
    if closed is not None:
        story = composer.turn_story(closed, [p.content for p in posts if p.step])
        assert len(story) <= layout.MAX_TEXT, len(story)
