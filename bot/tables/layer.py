"""The table layer, put together: every part built here with the narrow services it uses,
once, when the bot starts. No part holds the whole or calls it back; what runs is what the
constructors below say.

A press goes `bot.posting.controls` (the id, parsed once) → `bot.tables.presses` (the user's pace; the
lobby's verbs, a face's verb, or a move the game names) → `bot.tables.moves` (admitted, applied and
committed under the table's lock, with `bot.tables.held`) → the table's outbox (`bot.posting.outbox`), which
turns the move's events into posts through the game's face and posts them, paced, exactly
once (`bot.posting.transport`). AI seats and turn timers (`bot.tables.ai_seats`, `bot.tables.timers`), the
lobby (`bot.tables.lobby`), a finished game's replay and review (`bot.tables.replays`,
`bot.tables.reviews`), a turn's hint (`bot.tables.hints`), what Discord says
of a table's channel (`bot.tables.channels`), a server's rating seasons (`bot.tables.seasons`)
and the restart (`bot.tables.resume`) are parts beside them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

import discord

from bot.model.limits import ClickRate, Limits
from bot.model.table import LiveTable
from bot.posting.budget import Budget, InvalidRequests
from bot.posting.controls import control_class
from bot.posting.layout_view import view_for
from bot.posting.outbox import Outbox, Outboxes
from bot.posting.services import Posting
from bot.posting.shares import FairGate
from bot.storage.store import SqlStore

from . import workers
from .ai_seats import AiSeats
from .background import Background, finish_or_cancel
from .challenges import Challenges
from .channels import ChannelEvents
from .clock import Clock
from .faces import FaceServices, TableFace
from .held import TableCache
from .hints import Hints
from .lobby import Lobby
from .moves import MovePath
from .paused_retries import PausedRetries
from .presses import Presses
from .private_posts import PrivatePosts
from .replay_view import ReplayTools
from .replays import Replays
from .resume import resume_all
from .reviews import Reviews
from .seasons import Seasons
from .timers import IDLE_AFTER, Timekeeping
from .tournament_rounds import Rounds
from .tournaments import Tournaments


@dataclass(frozen=True)
class Options:
    """How the table layer runs: the bot's settings that reach it."""

    step_delay: float = 1.5  # seconds between two step pictures
    limits: Limits = field(default_factory=Limits)
    idle_after: float = IDLE_AFTER  # seconds untouched before a table in play leaves memory
    share: float = 1.0  # this process's part of the bot token's shards
    reads_chat: bool = True  # the message content intent


class TableLayer:
    """Every part of the table layer, built (see the module's docstring). The client hands
    Discord's events to `presses`, `channels` and `control`; tests look at the parts."""

    def __init__(
        self,
        client: discord.Client,
        store: SqlStore,
        faces: Mapping[str, TableFace],
        options: Options = Options(),
        budget: Budget | None = None,
        invalid_requests: InvalidRequests | None = None,
        replays: Mapping[str, ReplayTools] | None = None,
        reviews: Collection[str] = (),
    ) -> None:
        self.client, self.store, self.options = client, store, options
        self.step_delay = options.step_delay  # seconds between two step pictures
        self.stopping = False  # a stop began: work in flight ends, nothing new starts
        self.work = Background(lambda: self.stopping)  # AI seats' work, beside the clicks
        self.held = TableCache(store, faces)
        self.outboxes = Outboxes(self._outbox)
        self.privates = PrivatePosts(self.held)
        self.moves = MovePath(self.held, self.outboxes, lambda table_id: self.ai.start(table_id))
        self.services = self._face_services(options.reads_chat)
        self.ai = AiSeats(self.held, self.moves, self.services, self.now, self.work.run)
        # One scheduler fires every table's timer; idle tables leave memory.
        self.time = Timekeeping(self.held, self.ai.wake, self.forget, idle_after=options.idle_after)
        retries = PausedRetries(
            self._kick, lambda: self.time.clock, options.share, invalid_requests
        )
        self.channels = ChannelEvents(
            self.held, client, self.outboxes, retries, self.services, self.forget
        )
        # A finished game's Replay, for the games that draw their records (`replays`).
        self.replays = Replays(self.held, replays or {})
        # A seat's costliest decisions in an unrated finished game, for the games in `reviews`.
        self.reviews = Reviews(self.replays.games, reviews, self.ai.thinking)
        # A turn's Hint at a table with hints on: the expert thinks in the AI seats' workers.
        self.hints = Hints(self.held, self.ai.thinking)
        self.posting = self._posting(budget or Budget.unlimited())
        self.lobby = Lobby(
            self.held, options.limits, self.outboxes, self.privates, self._dealt, self.ai.drive
        )
        self.presses = self._presses(faces, options)
        self.control = control_class(self.presses.on_control)
        self._server_wide(client, options)

    def _server_wide(self, client: discord.Client, options: Options) -> None:
        """What a server runs beyond single tables: challenges (one deal for a whole server:
        its entries, standings and end), rating seasons (their ends and champions) and
        tournaments (sign-up, rounds of tables, standings)."""
        self.challenges = Challenges(
            self.lobby, self.outboxes, client, self._dealt, lambda: self.time.clock, self.work.run
        )
        self.lobby.challenges = self.challenges
        self.presses.elsewhere["challenge"] = self.challenges.on_play  # its Play button
        # A server's rating seasons: their ends and their champions' announcements.
        self.seasons = Seasons(self.store, client, lambda: self.time.clock)
        rounds = Rounds(self.held, client, options.limits, self._dealt, self._say)
        self.tournaments = Tournaments(rounds, self.work.run, self.ai.drive)
        self.presses.elsewhere["tournament"] = self.tournaments.on_press  # its sign-up

    def _presses(self, faces: Mapping[str, TableFace], options: Options) -> Presses:
        """Every press's way in: the lobby's, Replay's, Review's and Hint's verbs beside each
        game's."""
        return Presses(
            faces,
            self.held,
            self.moves,
            {
                **self.lobby.verbs(),
                **self.replays.verbs(),
                **self.reviews.verbs(),
                **self.hints.verbs(),
            },
            self.services,
            ClickRate(options.limits.clicks_per_second),
            self.now,
            self.channels.try_again,
            {
                **dict.fromkeys(self.replays.verbs(), self.replays.why_refused),
                **dict.fromkeys(self.reviews.verbs(), self.reviews.why_refused),
                **dict.fromkeys(self.hints.verbs(), self.hints.why_refused),
            },
        )

    def _posting(self, budget: Budget) -> Posting:
        """What every table's outbox is built with (`bot.posting.services`)."""
        return Posting(
            tables=self.held,
            client=self.client,
            budget=budget,
            drawing=FairGate(workers.PICTURES.size),  # the picture workers, shared fairly
            views=view_for,
            channel=self.channels,
            now=self.now,
            step_delay=lambda: self.step_delay,
            stopping=lambda: self.stopping,
            forget_if_idle=self.forget,
            replays=frozenset(self.replays.tools),
            reviews=self.reviews.reviewed,
        )

    def _face_services(self, reads_chat: bool) -> FaceServices:
        def say(table_id: int, text: str, mentions: Sequence[int] = ()) -> None:
            self.outboxes.of(table_id).say(text, mentions)

        return FaceServices(
            store=self.store,
            live=self.held.live,
            update=self.held.update,
            insert=self.held.insert,
            person_move=self.moves.person_move,
            ai_move=lambda table_id, move, seat, epoch, version: self.moves.ai_move(
                table_id, move, seat=seat, epoch=epoch, version=version
            ),
            say=say,
            show_private=self.privates.show,
            background=self.work.run,
            reads_chat=reads_chat,
        )

    def _outbox(self, table_id: int) -> Outbox:
        return Outbox(self.posting, table_id)

    def _say(self, table_id: int, text: str) -> None:
        self.outboxes.of(table_id).say(text)

    def _kick(self, table_id: int) -> None:
        self.outboxes.of(table_id).kick()

    def _dealt(self, live: LiveTable) -> None:
        """A game was dealt (start or rematch): the face speaks, AI seats act, the outbox
        shows the first turn."""
        self.held.face(live.table).game_started(self.services, live)
        self.ai.start(live.table.id)
        self._kick(live.table.id)

    # --- Memory and time ---------------------------------------------------------------

    def forget(self, table_id: int, idle_before: float | None = None) -> None:
        """A table leaves memory once nothing of it is being posted (an active one too, when
        nobody touched it since `idle_before` and it owes nothing)."""
        if self.held.forget(table_id, lambda: self.outboxes.busy(table_id), idle_before):
            self.outboxes.drop(table_id)

    def now(self) -> float:
        """The table layer's clock (the machine's, or a test's: `use_clock`)."""
        return self.time.now()

    def use_clock(self, clock: Clock) -> None:
        self.time.use_clock(clock)
        self.channels.retries.clock_changed()
        self.challenges.clock_changed()
        self.seasons.clock_changed()

    # --- Starting, stopping --------------------------------------------------------------

    async def resume_all(self) -> None:
        owns = getattr(self.client, "owns_guild", None)
        await resume_all(self.held, self.outboxes, self.ai.start, owns)
        self.held.trimmer.now()
        count, ids = self.client.shard_count, getattr(self.client, "shard_ids", None)
        self.time.start(owns, (count, tuple(ids)) if count and ids is not None else None)
        self.challenges.start()
        self.seasons.start(owns)
        self.tournaments.start()

    async def shutdown(self, grace: float = 5.0) -> None:
        """Stop the timers; each outbox finishes the message it is posting and starts no other
        (within `grace` seconds, then it is cancelled), as do private redraws and AI seats.
        What is left stays owed in the database: the next start does it."""
        self.stopping = True
        await self.time.stop()
        await self.challenges.stop()
        await self.seasons.stop()
        await self.tournaments.stop_polling()
        await self.channels.retries.stop()
        boxes = self.outboxes.boxes.values()
        tasks = [t for box in boxes for t in (box.task, box.privates.task)]
        await finish_or_cancel([*tasks, *self.work.tasks], grace)
