"""A game's Discord face, and the one base every face stands on.

A face turns its game's views and events into posts (text, pictures, controls) and handles the
game's own buttons. It never reads a game's raw state for anything it shows: every text and
picture comes from `game.view(state, seat)` (the public view for public posts), so a secret can
only reach the one seat it belongs to.

The base (`GameFace`) does everything that is the same for every game: it declares the
table layer's side of a game (`TableFace`: deal, apply a move, AI jobs, the record), loads the
table of a click, checks that the clicker is seated, on time and (for verbs that ask it) on
turn, gives a seat back to a person the AI stood in for, refuses politely in the clicker's
language, and dispatches the click to the face's handler for its verb (`@verb`). Every hook
has a default; a face overrides only what is its own.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

import discord
from discord import app_commands

from engine.protocol import Json, Outcome, RuleError

from . import life
from .controls import Click
from .game_binding import AiJob, Applied, GameBinding, M, O, S, V
from .i18n import dynamic_key, listed, t
from .posts import Post, Refusal
from .prompt import PromptResponse
from .storage import SqlStore
from .table import LiveTable, Pending, Seat, Table
from .transport import picture_files

StatsRow = tuple[str, bool, int, dict[str, Any]]  # (mode, won, score, details) of one game


def texts(*keys: str) -> tuple[str, ...]:
    """Catalogue keys a face chooses among at run time, each named here literally (so that the
    catalogue tests find every key where it is used)."""
    return keys


Reply = PromptResponse  # the clicked interaction's one answer, always in time (`bot.prompt`)


class FaceAPI(Protocol):
    """What a face may ask of the table layer (`bot.core.Tables`)."""

    client: discord.Client
    store: SqlStore  # a face's own questions to the database (Pop's daily Enigma)

    async def live(self, table_id: int) -> LiveTable:
        """The table (raises Refusal("refusal.no_table") when there is none)."""
        ...

    async def play(
        self,
        table_id: int,
        epoch: int,
        move: Json,
        *,
        seat: Seat,
        by_person: bool,
        version: int | None = None,
    ) -> bool | None:
        """Apply `seat`'s move (as JSON), commit, hand its events to the outbox. True when a
        new turn began; None when it was not applied (the table moved on: stale `version`)."""
        ...

    async def show_private(
        self, interaction: discord.Interaction, live: LiveTable, seat: Seat, header: str = ""
    ) -> None:
        """Answer a deferred click with the seat's private post, and remember it to edit."""
        ...

    def say(self, table_id: int, text: str, mentions: Sequence[int] = ()) -> None:
        """A short notice posted in the table's channel, in order with everything else;
        it pings `mentions` (user ids) and nobody else."""
        ...

    async def update_face(self, table_id: int, change: Callable[[Table], None]) -> Table:
        """Change the face's own data of a table (`change(table)` on a copy), committed."""
        ...

    def view_for(self, table: Table, post: Post) -> discord.ui.View | None: ...

    async def refuse(self, interaction: discord.Interaction, no: Refusal) -> None:
        """A private no, in the clicker's language."""
        ...

    async def ai_think(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a (picklable) AI function in the process pool: the event loop never waits."""
        ...

    def background(self, work: Awaitable[Any], name: str) -> None:
        """Run `work` on its own, keeping a reference until it is done."""
        ...

    async def drive_ai(self, table_id: int) -> None:
        """AI seats (and seats whose time ran out) act, one at a time."""
        ...

    async def insert(self, table: Table, state: object = None) -> LiveTable:
        """A new table, stored (a private game comes with its state)."""
        ...

    def now(self) -> float:
        """The table layer's clock (a test's own, in tests)."""
        ...


@dataclass
class Press:
    """One click on a game's control, checked by the base: the clicker's seat at a playing
    table, in the epoch the control was drawn for."""

    api: FaceAPI
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
    def record_later_key(self) -> str: ...

    def seat_range(self, table: Table) -> tuple[int, int]: ...

    def mode_name(self, table: Table, lang: str) -> str: ...

    def lobby_text(self, table: Table, lang: str) -> str: ...

    def start_refusal(self, table: Table) -> Refusal | None: ...

    def deal(self, table: Table, seed: int) -> object: ...

    def load_state(self, text: str) -> object: ...

    def dump_state(self, state: object) -> str: ...

    def to_act(self, state: object) -> frozenset[str]: ...

    def apply(self, state: object, seat: str, move: Json) -> Applied: ...

    def replay(self, table: Table, moves: Sequence[tuple[str, Json]]) -> list[Pending]: ...

    def outcome(self, state: object) -> Outcome | None: ...

    def export_record(self, state: object) -> dict[str, Json]: ...

    def ai_job(self, live: LiveTable, seat: Seat) -> AiJob: ...

    def table_text(self, live: LiveTable, lang: str) -> str: ...

    def table_post(self, live: LiveTable, lang: str) -> Post: ...

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post: ...

    def closed_turn_text(self, live: LiveTable, before: object, lang: str) -> str | None: ...

    def why_refused(self, live: LiveTable, user_id: int, click: Click) -> Refusal | None: ...

    async def private_header(self, store: SqlStore, live: LiveTable) -> str: ...

    async def move_posts(
        self, store: SqlStore, live: LiveTable, pending: Pending, lang: str
    ) -> list[Post]: ...

    async def on_click(
        self,
        api: FaceAPI,
        interaction: discord.Interaction,
        reply: Reply,
        click: Click,
    ) -> None: ...

    def back_button(self, lang: str) -> str: ...

    def rematch_label(self, table: Table, lang: str) -> str: ...

    def commands(self, api: Any, settings: Any) -> app_commands.Group: ...

    def game_started(self, api: FaceAPI, live: LiveTable) -> None: ...

    async def after_ai_move(
        self, api: FaceAPI, live: LiveTable, seat: Seat, move: Json, before: object
    ) -> None: ...

    async def on_chat(self, api: FaceAPI, live: LiveTable, message: discord.Message) -> None: ...

    def forget(self, table_id: int) -> None: ...

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]: ...

    def stats_lines(self, rows: Sequence[StatsRow], lang: str) -> list[str]: ...


class GameFace(GameBinding[O, S, M, V]):
    """The base of every game's face: `game` binds it to its game."""

    commands_class: Callable[[Any, Any], app_commands.Group]  # its `/<game> …` commands
    # The lobby message's texts: while seats may change, once the game has begun, cancelled.
    lobby_keys: tuple[str, ...]
    back_key: str  # the label of the button a person presses to take a seat back from the AI
    # A seat's turn is one message (its move's pictures, the next turn riding on it; what the
    # seat reveals within its turn added to it in place: `bot.whole_turn`); else every step of
    # a move is a picture of its own, paced (Pop's chain reactions are its show).
    turn_in_one_message: ClassVar[bool] = False
    # Why /table record waits for the end, naming what the record would give away.
    record_later_key: ClassVar[str] = "table.record_later"
    verbs: ClassVar[dict[str, Verb]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[str, Verb] = {}
        for klass in reversed(cls.__mro__):
            for member in vars(klass).values():
                marked = getattr(member, "__verb__", None)
                if marked is not None:
                    found[marked[0]] = Verb(member, marked[1])
        cls.verbs = found

    def __init__(self) -> None:
        # (table, seat) → the lock its private redraws take, and how many hold or wait for it
        self._redrawing: dict[tuple[int, str], tuple[asyncio.Lock, list[int]]] = {}

    # --- Words and posts (a face writes its own) ----------------------------------------

    def mode_name(self, table: Table, lang: str) -> str:
        """The table's game and mode in a few words ("cooperative")."""
        raise NotImplementedError

    def lobby_text(self, table: Table, lang: str) -> str:
        """The lobby message: who sits, then that the game began (or was cancelled)."""
        chosen = {"lobby": 0, "cancelled": 2}.get(table.status, 1)
        return t(self.lobby_keys[chosen], lang, **self.lobby_values(table, lang))

    def lobby_values(self, table: Table, lang: str) -> dict[str, object]:
        """What every lobby text shows: the table, its mode, the host, who sits (AI seats
        marked), and how many may."""
        low, high = self.seat_range(table)
        names = listed((s.text_name + (" 🤖" if s.ai else "") for s in table.seats), lang) or "—"
        return {
            "id": table.id,
            "mode": self.mode_name(table, lang),
            "host": f"<@{table.host_id}>",
            "n": len(table.seats),
            "high": high,
            "low": low,
            "names": names,
        }

    def start_refusal(self, table: Table) -> Refusal | None:
        """Why these seats cannot start a game (None: they can), said at Start and Rematch."""
        return None

    def table_text(self, live: LiveTable, lang: str) -> str:
        """The table message's text alone (edited in place as seats act): the turn's lines,
        then when the turn's time runs out (a Discord timestamp: every reader's own clock)."""
        lines = self.turn_lines(live, lang)
        deadline = live.table.turn_deadline
        if deadline:
            lines.append(t("turn.deadline", lang, at=f"<t:{int(deadline)}:R>"))
        return "\n".join(lines)

    def turn_lines(self, live: LiveTable, lang: str) -> list[str]:
        """The turn in words: whose it is, and what the table looks like."""
        raise NotImplementedError

    def chosen_line(self, live: LiveTable, chosen: Collection[str]) -> str:
        """Who has chosen (never what): ✅ or ⏳ by each seat; every seat once the turn is
        over (a closed turn's message keeps no one waiting)."""
        done = {s.id for s in live.table.seats} if live.closed else set(chosen)
        seats = live.table.seats
        return " · ".join(("✅" if s.id in done else "⏳") + f" {s.text_name}" for s in seats)

    def closed_turn_text(self, live: LiveTable, before: object, lang: str) -> str | None:
        """The last words of a secret-choice turn's message once the last choice revealed it
        (`before`: the state before that choice); None for games played one seat at a time."""
        if self.game.turns != "simultaneous":
            return None
        table = live.table.model_copy(update={"turn_deadline": None})
        return self.table_text(LiveTable(table, before, closed=True), lang)

    def table_post(self, live: LiveTable, lang: str) -> Post:
        """The public table message of the current turn (from the public view)."""
        raise NotImplementedError

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post:
        """A seat's own private message (from that seat's view); by default the table's."""
        return self.table_post(live, lang)

    async def private_header(self, store: SqlStore, live: LiveTable) -> str:
        """A line above a seat's private post when it is shown anew (e.g. Pop's Enigma)."""
        return ""

    async def move_posts(
        self, store: SqlStore, live: LiveTable, pending: Pending, lang: str
    ) -> list[Post]:
        """The posts of a move's events (read through views only); drawn off the loop."""
        before, after = self.narrow(pending.before), self.narrow(pending.after)
        return await self.posts_of(store, live, before, pending.events, after, lang)

    async def posts_of(
        self,
        store: SqlStore,
        live: LiveTable,
        before: S,
        events: Sequence[object],
        after: S,
        lang: str,
    ) -> list[Post]:
        """One picture per step, then the results if the move ended the game (`results=True`:
        the table layer adds Rematch, the rating changes and the deal's reveal to it)."""
        raise NotImplementedError

    def rematch_label(self, table: Table, lang: str) -> str:
        """The label of the button under the results that deals the table's next game."""
        return t("button.rematch", lang)

    def back_button(self, lang: str) -> str:
        """The label of the button a player presses to take back a seat the AI took over."""
        return t(self.back_key, lang)

    def commands(self, api: Any, settings: Any) -> app_commands.Group:
        """The game's slash command group (`/<game> new`, `/<game> rules`, …)."""
        return self.commands_class(api, settings)

    # --- Hooks around the game (each has a default) -------------------------------------

    def game_started(self, api: FaceAPI, live: LiveTable) -> None:
        """A game began (start or rematch): e.g. say the table-talk rule."""

    async def after_ai_move(
        self, api: FaceAPI, live: LiveTable, seat: Seat, move: Json, before: object
    ) -> None:
        """An AI seat just moved from state `before`: e.g. Pop's co-op AI talks."""

    async def on_chat(self, api: FaceAPI, live: LiveTable, message: discord.Message) -> None:
        """A chat message in the table's channel (only with the message content intent)."""

    def forget(self, table_id: int) -> None:
        """The table left memory: drop what the face keeps of it. (Not a seat's redraw lock:
        a finished table may leave while a click's redraw still holds it; its last user lets
        it go, and a redraw after it must still wait for it.)"""

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        """What the stats keep of this game beyond won and score (JSON)."""
        return {}

    def stats_lines(self, rows: Sequence[StatsRow], lang: str) -> list[str]:
        """The game's own lines of /stats, from the player's (mode, won, score, details)."""
        return []

    # --- Clicks ------------------------------------------------------------------------

    async def on_click(
        self,
        api: FaceAPI,
        interaction: discord.Interaction,
        reply: Reply,
        click: Click,
    ) -> None:
        """A click on one of the game's own controls: checked, then its verb's handler."""
        handler = self.verbs.get(click.verb)
        if handler is None:  # a verb no control of this game has: a forged or mistyped id
            raise Refusal("refusal.invalid_button")
        live = await api.live(click.table_id)
        seat = self.seat_of(live, interaction.user.id, click.epoch)
        if handler.on_turn and seat.id not in self.to_act(live.state):
            raise Refusal("refusal.not_your_turn")
        if life.still_here_due(live.table, api.now()):  # its commit moves the game's end
            await api.update_face(live.table.id, _still_here)
            live = await api.live(live.table.id)
        press = Press(api, interaction, reply, live, seat, click.arg)
        if seat.ai and not await self.seat_back(press):
            return
        await handler.handler(self, press)

    def move_of(self, verb: str, arg: str | None) -> M | None:
        """The move a control of this game stands for, when its id alone says it (Coloretto's
        Take row 2); None for a control that only opens something."""
        return None

    def why_refused(self, live: LiveTable, user_id: int, click: Click) -> Refusal | None:
        """What the rules say of a press on a control no message shows (forged, or gone):
        the rule it breaks, when its id is a move of the turn in play; else None."""
        move = self.move_of(click.verb, click.arg)
        seat = live.table.seat_of_user(user_id)
        if move is None or seat is None or live.state is None:
            return None
        if live.table.status != "playing" or click.epoch != live.table.epoch:
            return None
        try:
            self.game.apply(self.state_of(live), seat.id, move)  # pure: tried, not made
        except RuleError as no:
            return Refusal(dynamic_key("refusal", no.code), **no.values)
        return None

    def seat_of(self, live: LiveTable, user_id: int, epoch: int) -> Seat:
        """The clicker's seat at a playing table, for the epoch the control was drawn in."""
        table = live.table
        if table.paused == "gone":  # its thread was deleted: it ended for good
            raise Refusal("refusal.thread_gone")
        if table.private and table.status == "cancelled":  # left alone, or left
            raise Refusal("refusal.private_ended")
        if table.status != "playing" or live.state is None:
            raise Refusal("refusal.not_playing")
        if table.paused:  # nothing it did could be shown: it waits for its permission
            raise Refusal("refusal.paused")
        if user_id in table.removed:  # the host took their seat: no press gives it back
            raise Refusal("refusal.removed")
        seat = table.seat_of_user(user_id)
        if seat is None:
            raise Refusal("refusal.not_seated")
        if epoch != table.epoch:
            raise Refusal("refusal.stale")
        return seat

    async def seat_back(self, press: Press) -> bool:
        """A person pressing a control of their seat while the AI plays it takes the seat
        back (the timer's "three in a row" starts again); True: the press goes on."""

        def back(table: Table) -> None:
            seat = table.seat(press.seat.id)
            seat.ai, seat.timeouts, seat.away_at_deal = False, 0, False

        await press.api.update_face(press.table.id, back)
        press.live = await press.api.live(press.table.id)
        press.seat = press.table.seat(press.seat.id)
        return True

    # --- What handlers do ----------------------------------------------------------------

    async def play(self, press: Press, move: M) -> bool | None:
        """The clicker's move: applied and committed before the click is answered."""
        return await press.api.play(
            press.table.id,
            press.table.epoch,
            self.game.dump_move(move),
            seat=press.seat,
            by_person=True,
        )

    async def show_private(self, press: Press) -> None:
        """Answer with the seat's private message (ephemeral: only the clicker sees it)."""
        await press.reply.defer(ephemeral=True, thinking=True)
        await press.api.show_private(
            press.interaction, await press.api.live(press.table.id), press.seat
        )

    async def redraw_here(self, press: Press) -> None:
        """Answer a click on a private message by redrawing that very message. One redraw
        at a time per seat, each from the latest state, so an older one never lands last."""
        await press.reply.defer()
        async with self._one_redraw_at_a_time((press.table.id, press.seat.id)):
            live = await press.api.live(press.table.id)
            post = await asyncio.to_thread(self.private_post, live, press.seat, live.table.lang())
            with contextlib.suppress(discord.HTTPException):
                await press.interaction.edit_original_response(
                    content=post.content,
                    attachments=picture_files(post),
                    view=press.api.view_for(live.table, post),
                )

    @contextlib.asynccontextmanager
    async def _one_redraw_at_a_time(self, key: tuple[int, str]) -> AsyncIterator[None]:
        """A seat's redraws one after another; the lock goes once nobody holds or awaits it."""
        lock, users = self._redrawing.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self._redrawing[key]


def _still_here(_table: Table) -> None:
    """A click on a private game changes nothing of it: only its commit, which moves the
    moment it ends if left alone (`life.touched_private`)."""
