"""What every game's face shows players over whole seeded games, as data: texts, pictures (their
SHA-256 and alt text), controls. The fixture `transcripts.json.gz` is what the faces showed
before their code was moved onto one base; `test_transcripts.py` replays the same games and
compares, so a refactor that changes what a player sees fails, naming the game and the step.
A move's posts are the table layer's (`bot.posting.services.move_posts`): the face's, with the results
post finished by the composer (Rematch, ratings, the deal's reveal), as the outbox draws them.

`python -m tests.bot.transcripts` writes the fixture anew (only when a change is meant to be
seen by players).
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.games import faces
from bot.model.binding import seed_of
from bot.model.posts import Button, Post
from bot.model.table import LiveTable, Pending, Seat, Table
from bot.posting.services import move_posts
from bot.tables import workers

FIXTURE = Path(__file__).with_name("transcripts.json.gz")

# (name, game, options, seats, seed, language, moves): small games, every mode a face words
# differently, and the languages whose texts differ most (plural forms, CJK); a game is played
# to its end, or for its first `moves` moves (Colorpop's pictures are slow to draw).
GAMES: tuple[tuple[str, str, dict[str, Any], int, int, str, int | None], ...] = (
    ("pop-competitive", "pop", {"mode": "competitive", "sets": 2}, 3, 11, "en", None),
    ("pop-two", "pop", {"mode": "competitive", "sets": 1}, 2, 12, "pl", None),
    ("pop-trick", "pop", {"mode": "trick", "sets": 1}, 4, 13, "ja", None),
    ("pop-coop", "pop", {"mode": "coop"}, 4, 14, "fr", None),
    ("pop-solo", "pop", {"mode": "solo", "difficulty": 2}, 1, 15, "de", None),
    ("coloretto", "coloretto", {"expert": False}, 3, 21, "en", None),
    ("coloretto-expert", "coloretto", {"expert": True}, 2, 22, "es", 30),
    ("colorpop", "colorpop", {"mode": "competitive"}, 3, 31, "en", None),
    ("colorpop-teams", "colorpop", {"mode": "teams"}, 4, 32, "it", 6),
    ("colorpop-solo", "colorpop", {"mode": "solo", "solo_colours": 2}, 1, 33, "pl", 6),
    ("colourist", "colourist", {"length": "short"}, 4, 41, "en", None),
    ("colourist-ja", "colourist", {"length": "short"}, 3, 42, "ja", None),
)


class _Store:
    """What a face's move posts may ask of the database: Pop's Enigma, and a finished game's
    rating changes (none: these games are not stored, so their results show no ratings)."""

    async def results_on_day(self, *_args: object) -> list[Any]:
        return []

    async def rating_changes(self, *_args: object) -> list[Any]:
        return []


# The AI's seeds the fixture was recorded with (each face once seeded its AI its own way).
OLD_SEEDS = {"pop": False, "coloretto": True, "colorpop": False, "colourist": True}


def ai_move(game: Any, live: LiveTable, seat: str) -> Any:
    table = live.table
    with_games = (table.games,) if OLD_SEEDS[table.game] else ()
    seed = seed_of(table.id, *with_games, table.version, seat)
    return game.ai_move(game.view(live.state, seat), table.settings.ai_level, seed)


def post_data(post: Post) -> dict[str, Any]:
    return {
        "content": post.content,
        "pictures": [[hashlib.sha256(p.png).hexdigest(), p.alt, p.filename] for p in post.pictures],
        "controls": [
            ["button", c.verb, c.label, c.style, c.arg, c.disabled]
            if isinstance(c, Button)
            else ["select", c.verb, c.placeholder, [list(o) for o in c.options]]
            for c in post.controls
        ],
        "step": post.step,
        "in_channel": post.in_channel,
    }


def seated_table(
    game: str, options: dict[str, Any], seats: int, seed: int, lang: str, named: str = "Player{i}"
) -> Table:
    """A table of `seats` people (ids 100, 101, …; named by `named`) in its first game."""
    people = [
        Seat(id=f"{100 + i}", user_id=100 + i, name=named.format(i=i, id=100 + i))
        for i in range(seats)
    ]
    return Table(
        id=7,
        game=game,
        guild_id=1,
        channel_id=2,
        host_id=100,
        options=options,
        seats=people,
        settings={"turn_timer": 120, "ai_level": "normal", "language": lang},
        games=1,
        seed=seed,
        epoch=1,
    )


def _snapshot(face: Any, live: LiveTable, lang: str) -> dict[str, Any]:
    """The public table post and every seat's private post, now."""
    return {
        "table": post_data(face.table_post(live, lang)),
        "text": face.table_text(live, lang),
        "private": {s.id: post_data(face.private_post(live, s, lang)) for s in live.table.seats},
    }


async def play(name: str) -> list[Any]:
    """One seeded game, AI seats playing every move: what each step showed."""
    _, key, options, seats, seed, lang, moves = next(g for g in GAMES if g[0] == name)
    face: Any = faces()[key]
    game = face.game
    table = seated_table(key, options, seats, seed, lang)
    out: list[Any] = [
        {s: face.lobby_text(table.model_copy(update={"status": s}), lang) for s in ("lobby",)},
        face.mode_name(table, lang),
    ]
    table.status = "playing"
    live = LiveTable(table, game.start(face.options(table), [s.id for s in table.seats], seed))
    out.append(_snapshot(face, live, lang))
    step = 0
    while game.outcome(live.state) is None and (moves is None or step < moves):
        seat_id = sorted(game.to_act(live.state))[0]
        move = ai_move(game, live, seat_id)
        before = live.state
        applied = face.apply(before, seat_id, move)  # as the table layer does
        after, events = applied.after, applied.events
        table.moves += 1
        table.version += 1
        step += 1
        live = LiveTable(table, after)
        if applied.new_turn:
            table.epoch += 1
        pending = Pending(table.games, table.moves, before, events, after, applied.new_turn)
        posts = await move_posts(face, _Store(), live, pending, lang) if events else []
        if posts:  # a move that shows nothing (a secret choice) posts nothing
            out.append([post_data(p) for p in posts])
        if not applied.new_turn:
            out.append({"text": face.table_text(live, lang)})
        elif game.outcome(after) is None:
            out.append(_snapshot(face, live, lang))
    outcome = game.outcome(live.state)
    if outcome is None:
        return json.loads(json.dumps(out))
    table.status = "finished"
    details = face.outcome_details(live, outcome)
    out.append({"lobby": face.lobby_text(table, lang), "details": details})
    rows = [(outcome.mode, s.won, s.score, details) for s in outcome.seats]
    out.append(face.stats_lines(rows, lang))
    return json.loads(json.dumps(out))  # tuples as lists, as the fixture reads back


def play_all(names: Sequence[str]) -> dict[str, Any]:
    workers.PICTURES.size = 0  # draw here: the same bytes, without a process pool
    return {name: asyncio.run(play(name)) for name in names}


def main() -> int:
    found = play_all([g[0] for g in GAMES])
    FIXTURE.write_bytes(gzip.compress(json.dumps(found, indent=0, sort_keys=True).encode(), 9))
    print(f"wrote {FIXTURE} ({sum(len(v) for v in found.values())} steps)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
