"""A seat's costliest decisions in a finished game, privately: the Review of its results post.

    <game>:<table>:<epoch>:review:<game no>          on the results post of a game not rated

Review answers a person who held a seat in that game with an ephemeral message, in the table's
language: the few decisions that cost their seat the most according to the game's expert (the
turn, the move made, the better one and what was at stake), each over the public picture of
the table at that decision; or that the expert agrees with every choice. A rated game has no
Review (its button is not offered, and a forged id is refused): the ratings' own answer, that
the game changed ratings, decides it (`bot.ratings.rules`).

The game is found again as Replay finds it (`bot.tables.finished`: its seed and stored moves)
and each of the seat's decisions with a choice (two legal moves or more) is judged from that
seat's view alone (`GameBinding.judge_job`), in the AI workers, sharing their places fairly
with the AI seats of every server. A few reviews stay in memory: a second click answers at
once.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass

import discord

from bot.model.binding import AiJob, seed_of
from bot.model.layout import Layout
from bot.model.posts import REVIEW, Refusal
from bot.model.table import LiveTable, Seat, Table
from bot.posting.controls import Click
from bot.posting.layout_view import answer_privately
from bot.posting.shares import FairGate
from engine.protocol import Json
from render.kit import Picture

from .faces import Reply, TableFace, texts
from .finished import FinishedGames, Played, Said
from .presses import TableVerb
from .replays import where
from .review_view import Decision, Line, costliest, line_of, review_layout, review_message
from .workers import AI, Workers

log = logging.getLogger("pop.reviews")

WORDS = Said(*texts("review.running", "review.unfinished", "review.gone", "review.private"))
CACHED = 16  # reviews kept in memory (a review: its text and three pictures)
Key = tuple[int, int, str]  # (table, game number, seat)


@dataclass(frozen=True)
class Review:
    """A seat's review of one game, ready to send again: its layout and its pictures."""

    lang: str
    layout: Layout
    pictures: tuple[Picture, ...]


class Reviews:
    """The reviews of every table's finished, unrated games (of the games in `reviewed`)."""

    def __init__(
        self,
        games: FinishedGames,
        reviewed: Collection[str],
        thinking: FairGate,
        workers: Workers = AI,
        cached: int = CACHED,
    ) -> None:
        self.games = games
        self.reviewed = frozenset(reviewed)
        self.thinking = thinking  # the AI workers' places, shared with the AI seats
        self.workers = workers
        self.cached = cached
        self.done: OrderedDict[Key, Review] = OrderedDict()
        self.working: dict[Key, asyncio.Future[Review]] = {}

    def verbs(self) -> dict[str, TableVerb]:
        return {REVIEW: self.on_open}

    async def on_open(self, interaction: discord.Interaction, reply: Reply, click: Click) -> None:
        """Review on a results post: the clicker's seat's costliest decisions, privately."""
        game_no, _ = where(click, position=False)
        table, seat = await self.allowed(click, game_no, interaction.user.id)
        await reply.defer(ephemeral=True, thinking=True)  # the expert takes a moment
        review = await self.review(table, game_no, seat)
        view, files = review_message(table, review.layout, review.pictures)
        await answer_privately(interaction, view, files)

    async def allowed(self, click: Click, game_no: int, user_id: int) -> tuple[Table, Seat]:
        """The table and the clicker's seat, if they may review game `game_no`: it is over,
        it was not rated, and they held a seat in it."""
        if click.game not in self.reviewed:
            raise Refusal("refusal.invalid_button")
        table, _ = await self.games.ended(click.table_id, game_no, user_id, WORDS)
        if await self.games.held.store.rating_changes(table.id, game_no):
            raise Refusal("review.rated")
        seat = table.seat_of_user(user_id)
        if seat is None:
            raise Refusal("review.not_seated")
        return table, seat

    async def why_refused(self, click: Click, user_id: int) -> Refusal:
        """Why a review's id that is not on its message is refused: the game was rated, is
        still played, or is not theirs; else it is no valid button."""
        try:
            game_no, _ = where(click, position=False)
            await self.allowed(click, game_no, user_id)
        except Refusal as no:
            return no
        return Refusal("refusal.invalid_button")

    # --- Computing a review, once -------------------------------------------------------

    async def review(self, table: Table, game_no: int, seat: Seat) -> Review:
        """The seat's review of game `game_no` in the table's language: made once, then kept
        (presses that come at once share one)."""
        key, lang = (table.id, game_no, seat.id), table.lang()
        found = self.done.get(key)
        if found is not None and found.lang == lang:
            self.done.move_to_end(key)
            return found
        pending = self.working.get(key)
        if pending is None:
            made = self._made(key, table, game_no, seat, lang)
            pending = self.working[key] = asyncio.ensure_future(made)
        return await asyncio.shield(pending)

    async def _made(self, key: Key, table: Table, game_no: int, seat: Seat, lang: str) -> Review:
        try:
            played = await self.games.played(table, game_no, WORDS)
            face = self.games.held.face(table)
            decisions = await self.judged(face, table, game_no, played, seat.id)
            listed = await asyncio.to_thread(self._said, face, table, costliest(decisions), lang)
        except Refusal:
            raise
        except Exception:  # a game whose expert cannot judge it: said, not crashed
            log.exception("table %s: game %s cannot be reviewed", table.id, game_no)
            raise Refusal("review.gone") from None
        finally:
            self.working.pop(key, None)
        laid = review_layout(table, game_no, seat, listed, len(decisions), lang)
        pictures = tuple(s.picture for s in listed if s.picture is not None)
        review = self.done[key] = Review(lang, laid, pictures)
        while len(self.done) > self.cached:
            self.done.popitem(last=False)
        return review

    async def judged(
        self, face: TableFace, table: Table, game_no: int, played: Played, seat_id: str
    ) -> list[Decision]:
        """Every decision of `seat_id` that had a choice, judged by the expert from that
        seat's view (in the AI workers, as many at once as they have places)."""
        asked = []
        for at, step in enumerate(played.steps):
            if step.seat == seat_id and len(face.legal_moves(step.before, seat_id)) >= 2:
                seed = seed_of(table.id, game_no, at, seat_id, "review")  # public facts only
                asked.append(
                    (at, step.before, face.judge_job(step.before, seat_id, seed, step.move))
                )
        answers = await asyncio.gather(*(self._think(table, job) for _, _, job in asked))
        return [
            Decision(at, face.turn_of(before) + 1, before, face.judgement(answer))
            for (at, before, _), answer in zip(asked, answers, strict=True)
        ]

    async def _think(self, table: Table, job: AiJob) -> Json:
        fn, args = job
        async with self.thinking.slot(table.guild_id):  # its server's turn of the workers
            return await self.workers.run(fn, *args)

    @staticmethod
    def _said(face: TableFace, table: Table, worst: list[Decision], lang: str) -> list[Line]:
        """The listed decisions in words and pictures (drawn here: a worker thread)."""
        found = []
        for k, d in enumerate(worst, 1):
            live = LiveTable(table, d.before)  # the table as the seat saw it then
            made = d.judgement.made
            assert made is not None  # every decision is judged with the move made
            words = (
                face.decision_when(live, lang),
                face.move_words(live, made.move, lang),
                face.move_words(live, d.judgement.best.move, lang),
            )
            found.append(line_of(d, words, face.decision_picture(live, lang), k, lang))
        return found
