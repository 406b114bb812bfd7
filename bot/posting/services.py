"""What a table's posting parts are built with, and the small parts they share.

Each part of posting (`bot.posting.outbox` and the parts it builds: `bot.posting.turn_message`,
`bot.posting.whole_turn`, `bot.posting.paced_steps`) is handed, when it is built, the narrow services it uses:
the held tables (`bot.tables.held.TableCache`: a table as it is now, its lock and its commit), the
request budget, the picture workers' gate, the clock, the controls as Discord components, the
channel's events (a refusal pauses or ends the table: `bot.tables.channels`). Data flows one way: the
outbox drives its parts, they use these services, and nothing calls the outbox back.

Shared by the parts of one table: `Posted` (what the table's messages going out change in its
life, `bot.model.life`, each committed under the table's lock), `Progress` (how far the outbox got,
stored apart from the table) and `MovePosts` (a move's posts, drawn once and laid out by the
composer, until they are all out).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.model import fair, life
from bot.model.posts import Post
from bot.model.table import LiveTable, Pending, Seat, Table
from bot.ratings.texts import results_line
from bot.storage.store import Delivery, SqlStore
from bot.texts.i18n import t

from . import composer
from .budget import Budget
from .layout_view import TableView
from .shares import FairGate
from .transport import ChannelLost


class Shows(Protocol):
    """What posting asks of a game's face: the posts it shows (a game's face as the table layer
    knows it, `bot.tables.faces.TableFace`, has all of them)."""

    @property
    def turn_in_one_message(self) -> bool: ...

    def to_act(self, state: object) -> frozenset[str]: ...

    def lobby_text(self, table: Table, lang: str) -> str: ...

    def table_text(self, live: LiveTable, lang: str) -> str: ...

    def table_post(self, live: LiveTable, lang: str) -> Post: ...

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post: ...

    def closed_turn_text(self, live: LiveTable, before: object, lang: str) -> str | None: ...

    async def move_posts(
        self, store: SqlStore, live: LiveTable, pending: Pending, lang: str
    ) -> list[Post]: ...

    def rematch_label(self, table: Table, lang: str) -> str: ...


class HeldTables(Protocol):
    """What posting asks of the held tables (`bot.tables.held.TableCache`): a table as it is
    now, a change of it committed under its lock, its game's face, and the store."""

    @property
    def store(self) -> SqlStore: ...

    async def live(self, table_id: int) -> LiveTable: ...

    async def update(self, table_id: int, change: Callable[[Table], None]) -> Table: ...

    async def text_shown(self, table_id: int, epoch: int, to_act: frozenset[str]) -> None: ...

    def face(self, table: Table) -> Shows: ...


class ChannelWatch(Protocol):
    """What Discord refusing a table's channel changes (`bot.tables.channels.ChannelEvents`)."""

    async def channel_lost(self, table_id: int, lost: ChannelLost, *, again: bool) -> None:
        """The table pauses, or ends if its thread is gone (`again`: refused again when a
        paused table tried, so it was told already)."""

    async def channel_back(self, table_id: int) -> bool:
        """A paused table tries again: False when it has ended meanwhile."""
        ...

    async def channel_ok(self, table_id: int) -> None:
        """A paused table's next post went out: it is paused no more."""


Views = Callable[..., TableView]  # a post (and pictures its message keeps) as V2 components


@dataclass(frozen=True)
class Posting:
    """The services every table's posting parts are built with."""

    tables: HeldTables  # the held tables: live, a change committed, their faces, the store
    client: discord.Client  # the transport's way to Discord
    budget: Budget  # Discord's global limit, shared: tight, a turn costs fewer requests
    drawing: FairGate  # the picture workers, each server in its turn
    views: Views
    channel: ChannelWatch
    now: Callable[[], float]  # the table layer's clock (deadlines start from it)
    step_delay: Callable[[], float]  # seconds between a move's step pictures
    stopping: Callable[[], bool]  # the bot is stopping: finish the message in flight, no other
    forget_if_idle: Callable[[int], None]  # a table whose posting is over may leave memory
    replays: Collection[str] = frozenset()  # the games whose results offer Replay
    reviews: Collection[str] = frozenset()  # the games whose unrated results offer Review

    @property
    def store(self) -> SqlStore:
        return self.tables.store

    def face(self, table: Table) -> Shows:
        return self.tables.face(table)


class Posted:
    """What a table's messages going out change in its life, each committed under its lock."""

    def __init__(self, tables: HeldTables) -> None:
        self.tables = tables

    async def _change(self, table_id: int, change: Callable[[Table], None]) -> Table:
        return await self.tables.update(table_id, change)  # a timer stored wakes the scheduler

    async def lobby_posted(self, table_id: int, message_id: int) -> None:
        await self._change(table_id, lambda table: life.lobby_posted(table, message_id))

    async def turn_posted(
        self,
        table_id: int,
        message_id: int,
        epoch: int,
        deadline: float | None,
        captions: composer.Captions = (),
        moves: int | None = None,
    ) -> Table:
        """The turn's message is out (with the captions it carries; its text drawn after
        `moves` moves): its timer runs."""

        def posted(table: Table) -> None:
            life.turn_posted(table, message_id, epoch, deadline, captions, moves)

        return await self._change(table_id, posted)

    async def text_shown(self, table_id: int, epoch: int, to_act: frozenset[str]) -> None:
        """The turn message's text, showing the turn of `epoch` waiting for `to_act`, is out
        (no new version: the stored table only stops owing work, when nothing else is owed)."""
        await self.tables.text_shown(table_id, epoch, to_act)

    async def captions_added(self, table_id: int, message_id: int, move: int, text: str) -> None:
        await self._change(
            table_id, lambda table: life.captions_added(table, message_id, move, text)
        )

    async def edit_made(self, table_id: int, message_id: int) -> None:
        """A message owed an edit (a finished turn's buttons) has had it."""
        await self._change(table_id, lambda table: life.edit_made(table, message_id))


class Progress:
    """How far a table's outbox got (`table_deliveries`), and where its results went."""

    def __init__(self, store: SqlStore, table_id: int) -> None:
        self.store = store
        self.table_id = table_id
        self.kept: Delivery | None = None

    async def now(self) -> Delivery:
        if self.kept is None:
            self.kept = await self.store.delivery(self.table_id)
        return self.kept

    async def advance(self, progress: Delivery) -> None:
        self.kept = progress
        await self.store.delivered(self.table_id, progress)

    async def results_posted(self, table: Table, game_no: int, message: discord.Message) -> None:
        """A game's results are out: where is kept, for /history to link to (a private
        table's are ephemeral: nothing to link)."""
        if not table.private:
            await self.store.results_posted(table.id, game_no, message.channel.id, message.id)


async def move_posts(
    face: Shows,
    store: SqlStore,
    live: LiveTable,
    pending: Pending,
    lang: str,
    replay: bool = False,
    review: bool = False,
) -> list[Post]:
    """A move's posts as the table shows them: the face's, its results post finished by the
    composer (Rematch, Replay when the game has one, Review when it has one and the game was
    not rated, the rating changes, the deal's reveal)."""
    posts = await face.move_posts(store, live, pending, lang)
    if not any(post.results for post in posts):
        return posts
    table = live.table
    # Rated or not, as the ratings decided when the last move was stored: a game is rated
    # exactly when it changed ratings (`bot.ratings.rules`), and a rated game is not reviewed.
    rating = await results_line(store, table, pending.game_no, lang)
    ending = composer.Ending(
        # A challenge's entry is one game, but an Enigma's may be tried again; a
        # tournament's table, one game of its round
        rematch=face.rematch_label(table, lang)
        if (table.challenge is None or table.private) and table.tournament is None
        else None,
        rating=rating,
        fair=fair.results_lines(table, pending.game_no, lang),
        replay=t("button.replay", lang) if replay else None,
        game_no=pending.game_no,
        review=t("button.review", lang) if review and rating is None else None,
    )
    return composer.finished(posts, ending)


class MovePosts:
    """A table's moves' posts, each move's drawn once (in its server's turn of the picture
    workers) and kept until they are all out."""

    def __init__(self, posting: Posting) -> None:
        self.posting = posting
        self.drawn: dict[int, list[Post]] = {}  # move number → its posts

    async def of(self, live: LiveTable, pending: Pending) -> list[Post]:
        posts = self.drawn.get(pending.seq)
        if posts is None:
            table = live.table
            async with self.posting.drawing.slot(table.guild_id):  # its server's turn
                face = self.posting.face(table)
                replay = table.game in self.posting.replays
                review = table.game in self.posting.reviews
                store, lang = self.posting.store, table.lang()
                posts = await move_posts(face, store, live, pending, lang, replay, review)
            self.drawn[pending.seq] = posts
        return posts

    def out(self, live: LiveTable, seq: int) -> None:
        """Move `seq`'s posts are all out: it owes nothing more."""
        live.pending.pop(seq, None)
        self.drawn.pop(seq, None)
