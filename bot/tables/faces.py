"""A game's face as the table layer knows it (`TableFace`: the game through its protocol, and
its posts), the services a face is handed (`FaceServices`), and a press on one of a face's own
controls (`Press`, `@verb`). The faces themselves stand on one base, `bot.games.base.GameFace`.

A face turns its game's views and events into posts (text, pictures, controls) and handles the
game's own buttons. It never reads a game's raw state for anything it shows: every text and
picture comes from `game.view(state, seat)` (the public view for public posts), so a secret can
only reach the one seat it belongs to.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.model.binding import AiJob, Applied, Moved
from bot.model.challenge import ChallengeKind
from bot.model.posts import Post, Refusal
from bot.model.table import LiveTable, Pending, Seat, Table
from bot.posting.controls import Click
from bot.storage.store import SqlStore
from engine.protocol import Json, Judgement, Outcome, TurnStructure
from render.kit import Picture

from .answers import PromptResponse

StatsRow = tuple[str, bool, int, dict[str, Any]]  # (mode, won, score, details) of one game


def texts(*keys: str) -> tuple[str, ...]:
    """Catalogue keys a face chooses among at run time, each named here literally (so that the
    catalogue tests find every key where it is used)."""
    return keys


Reply = (
    PromptResponse  # the clicked interaction's one answer, always in time (`bot.tables.answers`)
)


@dataclass(frozen=True)
class FaceServices:
    """What a game's face may ask of the table layer: each a narrow service of one of its
    parts, handed over when the table layer is built (`bot.tables.layer`)."""

    store: SqlStore  # a face's own questions to the database (Pop's daily Enigma)
    # The table (Refusal("refusal.no_table") when there is none).
    live: Callable[[int], Awaitable[LiveTable]]
    # Change the face's own data of a table (`change(table)` on a copy), committed.
    update: Callable[[int, Callable[[Table], None]], Awaitable[Table]]
    # A new table, stored (a private game comes with its state).
    insert: Callable[[Table, object], Awaitable[LiveTable]]
    # A person's move (table, epoch, user, move), admitted and committed (`bot.tables.moves`).
    person_move: Callable[[int, int, int, object], Awaitable[Moved]]
    # An AI seat's move (table, move, seat, epoch, version), made in the turn `epoch` (and,
    # unless None, at the table's `version`): None when the table moved on.
    ai_move: Callable[[int, object, Seat, int, int | None], Awaitable[Moved | None]]
    # A short notice in the table's channel, in order with everything else; it pings
    # `mentions` (user ids) and nobody else.
    say: Callable[[int, str, Sequence[int]], None]
    # Answer a deferred click with the seat's private post, and remember it to edit.
    show_private: Callable[[discord.Interaction, LiveTable, Seat, str], Awaitable[None]]
    # Run work on its own (an AI seat's talk), beside the clicks.
    background: Callable[[Awaitable[Any], str], None]
    reads_chat: bool  # the bot sees what players write (the message content intent)


@dataclass
class Press:
    """One click on a game's control, checked by the base: the clicker's seat at a playing
    table, in the epoch the control was drawn for."""

    services: FaceServices
    interaction: discord.Interaction
    reply: Reply
    live: LiveTable
    seat: Seat
    arg: str | None

    @property
    def table(self) -> Table:
        return self.live.table

    @property
    def lang(self) -> str:
        """The table's language (everything a table says is in it)."""
        return self.live.table.lang()


Handler = Callable[[Any, Press], Awaitable[None]]


@dataclass(frozen=True)
class Verb:
    """How the base checks a click before its handler runs."""

    handler: Handler
    on_turn: bool  # only a seat the game waits for may press it ("not your turn" otherwise)


def verb(name: str, *, on_turn: bool = False) -> Callable[[Handler], Handler]:
    """Declare a face method the handler of the control verb `name`."""

    def mark(handler: Handler) -> Handler:
        handler.__verb__ = (name, on_turn)  # type: ignore[attr-defined]  # read by the base
        return handler

    return mark


class TableFace(Protocol):
    """A game's face as the table layer sees it: the game through its protocol, and the posts."""

    @property
    def key(self) -> str: ...

    @property
    def record_format(self) -> str: ...

    @property
    def turn_in_one_message(self) -> bool: ...

    @property
    def turns(self) -> TurnStructure: ...

    @property
    def verbs(self) -> dict[str, Verb]: ...

    @property
    def back_told_key(self) -> str | None: ...

    @property
    def record_later_key(self) -> str: ...

    @property
    def challenge_kinds(self) -> Mapping[str, ChallengeKind]: ...

    @property
    def tournament_modes(self) -> Mapping[str, dict[str, Any]]: ...

    def seat_range(self, table: Table) -> tuple[int, int]: ...

    def mode_name(self, table: Table, lang: str) -> str: ...

    def lobby_text(self, table: Table, lang: str) -> str: ...

    def start_refusal(self, table: Table) -> Refusal | None: ...

    def deal(self, table: Table, seed: int) -> object: ...

    def load_state(self, text: str) -> object: ...

    def dump_state(self, state: object) -> str: ...

    def to_act(self, state: object) -> frozenset[str]: ...

    def named_move(self, name: str, arg: str | None) -> object | None: ...

    def dump_move(self, move: object) -> Json: ...

    def load_move(self, data: Json) -> object: ...

    def apply(self, state: object, seat: str, move: object) -> Applied: ...

    def replay(self, table: Table, moves: Sequence[tuple[str, Json]]) -> list[Pending]: ...

    def outcome(self, state: object) -> Outcome | None: ...

    def export_record(self, state: object) -> dict[str, Json]: ...

    def ai_job(self, live: LiveTable, seat: Seat) -> AiJob: ...

    def legal_moves(self, state: object, seat_id: str) -> list[object]: ...

    def judge_job(
        self, state: object, seat_id: str, seed: int, made: object | None = None
    ) -> AiJob: ...

    def judgement(self, data: Json) -> Judgement: ...

    def turn_of(self, state: object) -> int: ...

    def move_words(self, live: LiveTable, move: object, lang: str) -> str: ...

    def decision_picture(self, live: LiveTable, lang: str) -> Picture | None: ...

    def decision_when(self, live: LiveTable, lang: str) -> str: ...

    def table_text(self, live: LiveTable, lang: str) -> str: ...

    def table_post(self, live: LiveTable, lang: str) -> Post: ...

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post: ...

    def closed_turn_text(self, live: LiveTable, before: object, lang: str) -> str | None: ...

    def why_refused(self, live: LiveTable, user_id: int, click: Click) -> Refusal | None: ...

    async def private_header(self, store: SqlStore, live: LiveTable) -> str: ...

    async def move_posts(
        self, store: SqlStore, live: LiveTable, pending: Pending, lang: str
    ) -> list[Post]: ...

    def back_button(self, lang: str) -> str: ...

    def rematch_label(self, table: Table, lang: str) -> str: ...

    def commands(self, api: Any, settings: Any) -> app_commands.Group: ...

    def game_started(self, services: FaceServices, live: LiveTable) -> None: ...

    async def seat_back(self, press: Press) -> bool: ...

    async def answer_move(self, press: Press, move: object, moved: Moved) -> None: ...

    async def after_move(
        self, services: FaceServices, moved: Moved, move: object, *, by_person: bool
    ) -> None: ...

    async def on_chat(
        self, services: FaceServices, live: LiveTable, message: discord.Message
    ) -> None: ...

    def forget(self, table_id: int) -> None: ...

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]: ...

    def stats_lines(self, rows: Sequence[StatsRow], lang: str) -> list[str]: ...
