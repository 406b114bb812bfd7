"""The one base every game's face stands on (`GameFace`): everything that is the same for every
game. It binds the game to the table layer (`bot.model.binding`: deal, apply a move, AI jobs, the
record), finds each of the face's own verbs (`@verb`), takes a seat back for a person the AI
stood in for, shows a seat's private message and redraws it in place, and makes the buttons of
the game's moves. Every hook has a default; a face overrides only what is its own.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Collection, Sequence
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.model import life
from bot.model.binding import M, Moved, O, S, V
from bot.model.challenge import ChallengeKind
from bot.model.posts import Button, Post, Refusal, Style
from bot.model.table import LiveTable, Pending, Seat, Table
from bot.posting.controls import Click
from bot.posting.layout_view import V2_EDIT, picture_files, view_for
from bot.storage.store import SqlStore
from bot.tables.faces import FaceServices, Press, StatsRow, Verb
from bot.tables.keyed_locks import KeyedLocks
from bot.texts.i18n import dynamic_key, listed, t
from engine.protocol import Outcome, RuleError

from .expert_words import ExpertWords


class GameFace(ExpertWords[O, S, M, V]):
    """The base of every game's face: `game` binds it to its game."""

    commands_class: Callable[[Any, Any], app_commands.Group]  # its `/<game> …` commands
    # The lobby message's texts: while seats may change, once the game has begun, cancelled.
    lobby_keys: tuple[str, ...]
    back_key: str  # the label of the button a person presses to take a seat back from the AI
    # A seat's turn is one message (its move's pictures, the next turn riding on it; what the
    # seat reveals within its turn added to it in place: `bot.posting.whole_turn`); else every step of
    # a move is a picture of its own, paced (Pop's chain reactions are its show).
    turn_in_one_message: ClassVar[bool] = False
    # What a person whose seat the AI took is told when their press only brings them back
    # (None: the press brings them back and goes on).
    back_told_key: ClassVar[str | None] = None
    # Why /table record waits for the end, naming what the record would give away.
    record_later_key: ClassVar[str] = "table.record_later"
    # Its challenges' kinds and its tournaments' modes (each its tables' options): none by default
    challenge_kinds: ClassVar[dict[str, ChallengeKind]] = {}
    tournament_modes: ClassVar[dict[str, dict[str, Any]]] = {}
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
        self._redraws = KeyedLocks()  # a seat's private redraws, one at a time

    # --- Words and posts (a face writes its own) ----------------------------------------

    def mode_name(self, table: Table, lang: str) -> str:
        """The table's game and mode in a few words ("cooperative")."""
        raise NotImplementedError

    def lobby_text(self, table: Table, lang: str) -> str:
        """The lobby message: who sits, then that the game began (or was cancelled)."""
        chosen = {"lobby": 0, "cancelled": 2}.get(table.status, 1)
        return t(self.lobby_keys[chosen], lang, **self.lobby_values(table, lang))

    def lobby_values(self, table: Table, lang: str) -> dict[str, object]:
        """What every lobby text shows: table, mode, host, who sits (AI marked), how many may."""
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

    def game_started(self, services: FaceServices, live: LiveTable) -> None:
        """A game began (start or rematch): e.g. say the table-talk rule."""

    async def answer_move(self, press: Press, move: object, moved: Moved) -> None:
        """How a press that made a move (from a control naming it) is answered, once the move
        is committed: by default the press is only acknowledged (the table shows the rest)."""
        await press.reply.defer()

    async def after_move(
        self, services: FaceServices, moved: Moved, move: object, *, by_person: bool
    ) -> None:
        """A seat just moved (a person, or the AI): e.g. Pop's co-op table talk is said."""

    async def on_chat(
        self, services: FaceServices, live: LiveTable, message: discord.Message
    ) -> None:
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

    # --- Presses --------------------------------------------------------------------------

    def why_refused(self, live: LiveTable, user_id: int, click: Click) -> Refusal | None:
        """What the rules say of a press on a control no message shows (forged, or gone):
        the rule it breaks, when its id names a move of the turn in play; else None."""
        try:
            move = self.named_move(click.verb, click.arg)
        except Refusal:
            return None
        seat = live.table.seat_of_user(user_id)
        if move is None or seat is None or live.state is None:
            return None
        if live.table.status != "playing" or click.epoch != live.table.epoch:
            return None
        try:
            self.apply(live.state, seat.id, move)  # pure: tried, not made
        except RuleError as no:
            return Refusal(dynamic_key("refusal", no.code), **no.values)
        return None

    async def seat_back(self, press: Press) -> bool:
        """A person pressing a control of their seat while the AI plays it takes the seat
        back (the timer's "three in a row" starts again); True: the press goes on (where
        `back_told_key` is set, the press only brings them back, and says so)."""
        await press.services.update(press.table.id, lambda t: life.seat_back(t, press.seat.id))
        press.live = await press.services.live(press.table.id)
        press.seat = press.table.seat(press.seat.id)
        if self.back_told_key is None:
            return True
        await press.reply.send_message(t(self.back_told_key, press.lang), ephemeral=True)
        return False

    # --- What handlers do ----------------------------------------------------------------

    def move_button(
        self, move: M, label: str, style: Style = "secondary", *, disabled: bool = False
    ) -> Button:
        """The button that makes `move`: its id names the move (the game's `move_name`)."""
        name, arg = self.game.move_name(move)
        return Button(name, label, style, arg=arg, disabled=disabled)

    async def play(self, press: Press, move: M) -> Moved:
        """The clicker's move, made by a handler of the face's own (a pick of several cards,
        a typed cell): the same path as a control naming a move."""
        services = press.services
        moved = await services.person_move(
            press.table.id, press.table.epoch, press.interaction.user.id, move
        )
        await self.after_move(services, moved, move, by_person=True)
        return moved

    async def show_private(self, press: Press) -> None:
        """Answer with the seat's private message (ephemeral: only the clicker sees it)."""
        await press.reply.defer(ephemeral=True, thinking=True)
        live = await press.services.live(press.table.id)
        await press.services.show_private(press.interaction, live, press.seat, "")

    async def redraw_here(self, press: Press) -> None:
        """Answer a click on a private message by redrawing that very message. One redraw
        at a time per seat, each from the latest state, so an older one never lands last."""
        await press.reply.defer()
        async with self._redraws.one_at_a_time((press.table.id, press.seat.id)):
            live = await press.services.live(press.table.id)
            now = live.as_now()
            post = await asyncio.to_thread(self.private_post, now, press.seat, now.table.lang())
            with contextlib.suppress(discord.HTTPException):
                await press.interaction.edit_original_response(
                    **V2_EDIT,
                    attachments=picture_files(post),
                    view=view_for(now.table, post),
                )
