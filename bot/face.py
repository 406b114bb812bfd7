"""A game's Discord face, as the table layer sees it, and what the table layer offers it.

A face turns a game's views and events into posts (text, pictures, controls) and handles the
game's own buttons. It never reads a game's raw state for anything it shows: every text and
picture comes from `game.view(state, seat)` (the public view for public posts), so a secret can
only reach the one seat it belongs to. Controls are described here without Discord: the table
layer turns them into buttons whose ids are `<game>:<table>:<epoch>:<verb>[:<arg>]`.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import discord
from discord import app_commands

from engine.protocol import Game, Outcome
from render.kit import Picture

from .budget import Budget
from .storage import SqlStore
from .table import LiveTable, Seat, Table, TableEdit

Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Button:
    verb: str
    label: str
    style: Style = "secondary"
    arg: str | None = None
    disabled: bool = False


@dataclass(frozen=True)
class Select:
    verb: str
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (label, value)


Control = Button | Select


@dataclass
class Post:
    """One message: its text, its pictures (each with its alt text) and its controls."""

    content: str
    pictures: list[Picture] = field(default_factory=list)
    controls: list[Control] = field(default_factory=list)
    step: bool = False  # one step of a move: steps may share a message when the table is behind
    in_channel: bool = False  # posted in the channel the table was opened from (not privately)


class Refusal(Exception):
    """A polite no, shown to the person who clicked (and only to them), in their language."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values


class TableAPI(Protocol):
    """The table layer, as its parts and the games' faces use it (`bot.core.Tables`)."""

    client: discord.Client
    store: SqlStore
    step_delay: float
    budget: Budget  # the process's request budget: is it tight?
    rng: random.Random

    def face(self, table: Table) -> GameFace: ...

    async def live(self, table_id: int) -> LiveTable:
        """The table (raises Refusal("refusal.no_table") when there is none)."""
        ...

    def editing(self, table_id: int) -> contextlib.AbstractAsyncContextManager[TableEdit]:
        """Hold the table's lock and hand out a copy to change; `commit` makes it the table."""
        ...

    async def commit(self, edit: TableEdit, state: Any = None) -> Table: ...

    async def insert(self, table: Table, state: Any = None, *, kick: bool = True) -> LiveTable:
        """A new table, stored; its outbox starts (lobby message, or the first turn)."""
        ...

    async def play(
        self,
        interaction: discord.Interaction | None,
        table_id: int,
        epoch: int,
        move: Any,
        *,
        seat: Seat | None = None,
        version: int | None = None,
    ) -> bool | None:
        """Apply the clicker's move (or `seat`'s), commit, and hand its events to the outbox.
        True when the move was public; None when it was not applied (stale `version`)."""
        ...

    def seat_for_play(self, live: LiveTable, user_id: int, epoch: int) -> Seat: ...

    async def take_seat_back(self, table_id: int, seat_id: str) -> None:
        """A person back after the AI took their seat over (the turn timer): theirs again."""
        ...

    async def update_face(self, table_id: int, change: Callable[[Table], None]) -> Table:
        """Change the face's own data of a table (`change(table)` on a copy), committed."""
        ...

    def say(self, table_id: int, text: str) -> None:
        """A short notice posted in the table's channel, in order with everything else."""
        ...

    def redraw_private(self, table_id: int, seat_id: str) -> None: ...

    def refresh_lobby(self, table_id: int) -> None: ...

    def kick(self, table_id: int) -> None:
        """The outbox has something new to post."""
        ...

    async def show_private(
        self, interaction: discord.Interaction, live: LiveTable, seat: Seat, header: str = ""
    ) -> None:
        """Answer a deferred click with the seat's private post, and remember it to edit."""
        ...

    async def ai_think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a (picklable) AI function in the process pool: the event loop never waits."""
        ...

    async def drive_ai(self, table_id: int) -> None: ...

    def arm_timer(self, table: Table) -> None: ...

    def forget_if_idle(self, table_id: int) -> None: ...

    def view_for(self, table: Table, post: Post) -> discord.ui.View | None: ...

    async def refuse(self, interaction: discord.Interaction, no: Refusal) -> None: ...

    def game_started(self, live: LiveTable) -> None:
        """A game was dealt (start, rematch): AI seats act, the face says what it says."""
        ...

    def background(self, work: Awaitable[Any], name: str) -> None:
        """Run `work` on its own, keeping a reference until it is done."""
        ...


class GameFace(Protocol):
    """One game's Discord face (see the module docstring)."""

    @property
    def game(self) -> Game[Any, Any, Any]: ...

    @property
    def key(self) -> str: ...

    def forget(self, table_id: int) -> None:
        """The table left memory (finished, nothing left to post): drop what the face keeps
        of it."""
        ...

    def back_button(self, lang: str) -> str:
        """The label of the button a player presses to take back a seat the AI took over."""
        ...

    def commands(self, api: TableAPI, settings: Any) -> app_commands.Group:
        """The game's slash command group (`/<game> new`, `/<game> rules`, …)."""
        ...

    def options(self, table: Table) -> Any:
        """The table's game options, as the game's options model."""
        ...

    def lobby_text(self, table: Table, lang: str) -> str: ...

    def mode_name(self, table: Table, lang: str) -> str:
        """The table's game and mode in a few words ("cooperative")."""
        ...

    def table_post(self, live: LiveTable, lang: str) -> Post:
        """The public table message of the current turn (from the public view)."""
        ...

    def table_text(self, live: LiveTable, lang: str) -> str:
        """The table message's text alone: edited in place as seats act."""
        ...

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post:
        """A seat's own private message (from that seat's view)."""
        ...

    async def move_posts(
        self,
        api: TableAPI,
        live: LiveTable,
        before: Any,
        events: Sequence[Any],
        after: Any,
        lang: str,
    ) -> list[Post]:
        """The posts of a move's events: one picture per step, then the results if it ended
        the game. `before`/`after` are states: read only through views. Draws off the loop."""
        ...

    async def private_header(self, api: TableAPI, live: LiveTable) -> str:
        """A line above a seat's private post when it is shown anew (e.g. Pop's Enigma)."""
        ...

    def ai_job(self, live: LiveTable, seat: Seat) -> tuple[Any, ...]:
        """(function, *args) computing the AI's move for this seat, from its view only."""
        ...

    async def on_click(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        verb: str,
        arg: str | None,
    ) -> None:
        """A click on one of the game's own controls (a Refusal is answered for the face)."""
        ...

    def game_started(self, api: TableAPI, live: LiveTable) -> None:
        """A game began (start or rematch): e.g. say the table-talk rule."""
        ...

    def after_ai_move(
        self, api: TableAPI, live: LiveTable, seat: Seat, move: Any, before: Any
    ) -> None:
        """An AI seat just moved from state `before`: e.g. Pop's co-op AI signals."""
        ...

    async def on_chat(self, api: TableAPI, live: LiveTable, message: discord.Message) -> None:
        """A chat message in the table's channel (only with the message content intent)."""
        ...

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        """What the stats keep of this game beyond won and score (JSON)."""
        ...

    def stats_lines(
        self, rows: Sequence[tuple[str, bool, int, dict[str, Any]]], lang: str
    ) -> list[str]:
        """The game's own lines of /stats, from the player's (mode, won, score, details)."""
        ...
