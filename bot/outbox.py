"""A table's outbox: everything the table posts, in order, paced, and never dropped.

One worker task per table drains, in this order: the lobby message; short notices; the step
pictures of each revealed turn (one picture per placement step, `step_delay` apart; when the
table falls behind, several steps share one message); results; then the next turn's message,
and the hands that can still be edited in place. Progress is committed as it goes (a revealed
turn is stored with what is needed to draw it again), so a restarted bot picks up where it was.
discord.py waits out rate limits (429) itself; a lost permission or a deleted thread pauses the
table instead of hammering a failing route.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

import discord

from engine.pop.events import CHIEF, GameEnded, SetEnded
from engine.pop.game import apply, solo_title
from engine.pop.view import view

from . import pictures
from .i18n import t
from .ui import lobby_view, rematch_view, turn_view

if TYPE_CHECKING:
    from render.scene import Frame

    from .service import TableService
    from .table import HandMessage, Reveal, Table

log = logging.getLogger("pop.outbox")

MAX_FILES_PER_MESSAGE = 4  # when catching up, steps share a message (Discord allows 10)
BEHIND = 6  # step pictures waiting beyond which the outbox catches up


class Paused(Exception):
    pass


def _same_reveal(table: Table, reveal: Reveal) -> bool:
    """Is `reveal` still the oldest one the table waits to show?"""
    return bool(table.reveals) and table.reveals[0].before.version == reveal.before.version \
        and table.reveals[0].seat == reveal.seat and table.reveals[0].cards == reveal.cards


def interaction_webhook(client: discord.Client, hand: HandMessage) -> discord.Webhook:
    """The followup webhook of an earlier interaction, built the way discord.py builds
    `Interaction.followup` (an application webhook: the only kind that may post ephemeral
    messages). It lives as long as that interaction's token: 15 minutes."""
    data = {"id": hand.application_id, "type": 3, "token": hand.token}
    return discord.Webhook.from_state(data=data, state=client._connection)


class Outbox:
    def __init__(self, service: TableService, table_id: int) -> None:
        self.service = service
        self.table_id = table_id
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.notices: list[str] = []
        self.status_dirty = False
        self.lobby_dirty = False
        self.hands_to_redraw: set[str] = set()
        self.hand_task: asyncio.Task | None = None

    # --- What other code asks for ------------------------------------------------------------

    def kick(self) -> None:
        self.wake.set()
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run(), name=f"outbox-{self.table_id}")

    def say(self, text: str) -> None:
        self.notices.append(text)
        self.kick()

    def refresh_lobby(self) -> None:
        self.lobby_dirty = True
        self.kick()

    def status_changed(self) -> None:
        self.status_dirty = True
        self.kick()

    def redraw_hand(self, seat_id: str) -> None:
        """Bring a seat's private hand message up to date (picture, text and buttons).

        Hand edits have their own worker, so they never wait behind the table's paced posts,
        and run one at a time from the latest state, so an older edit never lands last.
        """
        self.hands_to_redraw.add(seat_id)
        if self.hand_task is None or self.hand_task.done():
            self.hand_task = asyncio.create_task(self._redraw_hands(),
                                                 name=f"hands-{self.table_id}")

    async def _redraw_hands(self) -> None:
        while self.hands_to_redraw:
            seat_id = self.hands_to_redraw.pop()
            table = await self.service.get(self.table_id)
            if table is None or table.game is None:
                return
            try:
                await self._redraw_hand(table, seat_id, self.service.lang(table))
            except Exception:
                log.exception("table %s: hand of %s not redrawn", self.table_id, seat_id)

    async def idle(self, timeout: float = 30) -> None:
        """Wait until the worker has nothing left to do (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while self.task is not None and not self.task.done() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    # --- The worker ----------------------------------------------------------------------

    async def _run(self) -> None:
        failures = 0
        while True:
            self.wake.clear()
            try:
                worked = await self._step()
                failures = 0
            except Paused:
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table %s: outbox step failed (%d)", self.table_id, failures)
                if failures >= 5:
                    return  # the next kick tries again; do not hammer a failing route
                await asyncio.sleep(min(30, 2 ** failures))
                continue
            if not worked:
                return

    async def _step(self) -> bool:
        """Do the next thing to post; False when there is nothing left."""
        svc = self.service
        table = await svc.get(self.table_id)
        if table is None:
            return False
        if table.paused:
            await self._unpause(table)
        lang = svc.lang(table)
        if table.status == "lobby" and table.lobby_message_id is None:
            await self._post_lobby(table, lang)
            return True
        if self.lobby_dirty and table.lobby_message_id:
            self.lobby_dirty = False
            keep = {"view": lobby_view(table, lang)} if table.status == "lobby" else {"view": None}
            await self._edit(table, table.lobby_message_id,
                             content=self.service.lobby_text(table, lang), **keep)
            return True
        if self.notices:
            await self._send(table, content=self.notices.pop(0))
            return True
        if table.reveals:
            await self._post_reveal(table, lang)
            return True
        if table.status == "playing" and table.turn_message_id is None and not table.private:
            await self._post_turn(table, lang)
            return True
        if self.status_dirty and table.status == "playing" and table.turn_message_id:
            self.status_dirty = False
            await self._edit(table, table.turn_message_id, content=self.turn_text(table, lang))
            return True
        return False

    async def _post_lobby(self, table: Table, lang: str) -> None:
        message = await self._send(table, content=self.service.lobby_text(table, lang),
                                   view=lobby_view(table, lang))
        async with self.service.editing(table.id) as table:
            table.lobby_message_id = message.id
            await self.service.commit(table, "lobby_message")

    async def _post_reveal(self, table: Table, lang: str) -> None:
        """The step pictures of the oldest revealed turn, from where the outbox left off."""
        reveal = table.reveals[0]
        after, events = apply(reveal.before, reveal.seat, reveal.cards)
        names = table.names()
        drawn = await pictures.steps(view(reveal.before), events, names, reveal.posted)
        waiting = len(drawn) + sum(8 for _ in table.reveals[1:])
        per_message = MAX_FILES_PER_MESSAGE if waiting > BEHIND else 1
        if table.private:
            per_message = 10  # one's own puzzle: the whole strip at once
        posted = reveal.posted
        for i in range(0, len(drawn), per_message):
            batch = drawn[i:i + per_message]
            await self._send(
                table, content="\n".join(self.caption(f, names, lang) for f, _ in batch),
                files=[pictures.discord_file(p) for _, p in batch])
            posted += len(batch)
            async with self.service.editing(table.id) as fresh:
                if not _same_reveal(fresh, reveal):
                    return  # the table moved on meanwhile (a rematch, a deleted thread)
                fresh.reveals[0].posted = posted
                await self.service.commit(fresh, "posted", payload={"steps": posted})
            if self.service.step_delay and i + per_message < len(drawn):
                await asyncio.sleep(self.service.step_delay)
        ended = [e for e in events if isinstance(e, (SetEnded, GameEnded))]
        if ended:
            await self._post_results(table, after, events, lang)
        async with self.service.editing(table.id) as fresh:
            if not _same_reveal(fresh, reveal):
                return  # a rematch dealt anew while the results went out: nothing to pop
            fresh.reveals.pop(0)
            if not fresh.reveals:
                fresh.turn_message_id = None  # the next turn gets a fresh message below
            await self.service.commit(fresh, "revealed")
        if table.turn_message_id:
            with contextlib.suppress(discord.HTTPException):
                await self._edit(table, table.turn_message_id, view=None)

    async def _post_results(self, table: Table, after, events, lang: str) -> None:
        names = table.names()
        game_over = any(isinstance(e, GameEnded) for e in events)
        picture = await pictures.results(view(after), names)
        text = self.results_text(after, events, names, lang, table.hints)
        current = await self.service.get(table.id)
        view_ = rematch_view(current, lang) if game_over and current.status == "finished" else None
        kwargs = {"view": view_} if view_ is not None else {}
        await self._send(table, content=text, files=[pictures.discord_file(picture)],
                         **kwargs)
        if table.private and table.daily and after.result and after.result.get("won"):
            await self._announce_daily_solve(table, lang)

    async def _announce_daily_solve(self, table: Table, lang: str) -> None:
        """The server hears who solved the puzzle of the day, and in how many tries."""
        seat = table.seats[0]
        tries = next((n for user, n, _ in await self.service.store.enigma_day(
            table.guild_id, table.daily) if user == seat.user_id), 1)
        channel = self.service.client.get_channel(table.channel_id)
        if channel is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.send(t("enigma.solved_today", lang, name=seat.name, n=tries))

    async def _post_turn(self, table: Table, lang: str) -> None:
        """The table message of a new turn: the board, who has chosen, the My hand button."""
        if table.options.turn_timer and table.turn_deadline is None:
            async with self.service.editing(table.id) as table:
                table.turn_deadline = time.time() + table.options.turn_timer
                table.warned = False
                await self.service.commit(table, "timer")
        names = table.names()
        picture = await pictures.board(view(table.game), names)
        message = await self._send(table, content=self.turn_text(table, lang),
                                   files=[pictures.discord_file(picture)],
                                   view=turn_view(table, lang))
        async with self.service.editing(table.id) as table:
            table.turn_message_id = message.id
            await self.service.commit(table, "turn_message")
        self.service.arm_timer(table)
        for seat in table.seats:  # a new turn: hands that can still be edited show it
            if seat.hand is not None and seat.hand.editable() and not seat.ai:
                self.redraw_hand(seat.id)

    async def _redraw_hand(self, table: Table, seat_id: str, lang: str) -> None:
        seat = table.seat(seat_id)
        if seat.hand is None or not seat.hand.editable():
            return
        content, file, buttons = await self.service.hand_message(table, seat_id, lang)
        hook = interaction_webhook(self.service.client, seat.hand)
        try:
            await hook.edit_message(seat.hand.message_id, content=content, attachments=[file],
                                    view=buttons)
        except discord.HTTPException as e:  # expired or deleted: "My hand" still works
            log.info("table %s: hand of %s not updated (%s)", table.id, seat_id, e.status)

    # --- Texts ---------------------------------------------------------------------------

    def turn_text(self, table: Table, lang: str) -> str:
        state = table.game
        chosen = []
        for seat in table.seats:
            mark = "✅" if seat.id in state.choices else "⏳"
            chosen.append(f"{mark} {seat.name}")
        parts = [t("turn.header", lang, set=state.set_number, sets=state.sets_total,
                   turn=state.turn_number)]
        if state.chief_face_up:
            parts.append(t("turn.chief_shows", lang,
                           cards=", ".join(map(str, state.chief_face_up))))
        parts.append(" · ".join(chosen))
        if table.turn_deadline:
            parts.append(t("turn.deadline", lang, at=f"<t:{int(table.turn_deadline)}:R>"))
        return "\n".join(parts)

    def owner_name(self, owner: str | None, names: dict[str, str], lang: str) -> str:
        if owner == CHIEF:
            return t("chief", lang)
        return names.get(owner or "", owner or "?")

    def caption(self, frame: Frame, names: dict[str, str], lang: str) -> str:
        column = "ABCDE"[frame.highlight[0]] if frame.highlight else "?"
        who = self.owner_name(frame.owner, names, lang)
        if frame.kind == "placed":
            return t("step.placed", lang, who=who, card=frame.placed_card, column=column)
        if frame.kind == "exploded":
            cards = ", ".join(map(str, sorted(frame.marked_cards)))
            key = "step.chain" if frame.depth else "step.exploded"
            return t(key, lang, who=who, cards=cards, n=len(frame.marked_cards),
                     depth=frame.depth + 1)
        return t("step.fell", lang, who=who)

    def results_text(self, after, events, names: dict[str, str], lang: str,
                     hints: int = 0) -> str:
        lines = []
        for e in events:
            if isinstance(e, SetEnded):
                scores = ", ".join(f"{names.get(s, s)} {n}" for s, n in e.scores.items())
                lines.append(t("result.set", lang, set=e.set_number, scores=scores))
            elif isinstance(e, GameEnded):
                if after.mode in ("competitive", "trick"):
                    winners = ", ".join(names.get(w, w) for w in e.winners)
                    lines.append(t("result.winners", lang, n=len(e.winners), names=winners))
                    if e.tiebreak:
                        lines.append(t(f"result.tiebreak.{e.tiebreak}", lang))
                elif after.mode == "coop":
                    lines.append(t("result.coop", lang, level=t(f"level.{e.result['level']}",
                                                                  lang)))
                else:
                    key = "result.won" if e.result["won"] else "result.lost"
                    lines.append(t(key, lang, n=e.result["turns"]))
                    title = solo_title(after)
                    if title:
                        lines.append(t("result.title", lang, title=t(f"title.{title}", lang)))
                    if hints:
                        lines.append(t("result.hints", lang, n=hints))
        return "\n".join(lines)

    # --- Posting -------------------------------------------------------------------------

    async def _channel(self, table: Table) -> discord.abc.Messageable:
        client = self.service.client
        channel = client.get_channel(table.where)
        if channel is None:
            channel = await client.fetch_channel(table.where)
        return channel

    async def _send(self, table: Table, **kwargs) -> discord.Message:
        if table.private:
            return await self._send_privately(table, **kwargs)
        try:
            channel = await self._channel(table)
            return await channel.send(**kwargs)
        except (discord.Forbidden, discord.NotFound) as e:
            await self._pause(table, e)
            raise Paused from e

    async def _send_privately(self, table: Table, **kwargs) -> discord.Message:
        """A private table (Enigma) posts as ephemeral followups to its player's last click."""
        hook = interaction_webhook(self.service.client, table.seats[0].hand)
        try:
            return await hook.send(ephemeral=True, wait=True, **kwargs)
        except discord.HTTPException as e:  # the token expired: the result is in /pop stats
            log.info("table %s: private post failed (%s)", table.id, e.status)
            raise Paused from e

    async def _edit(self, table: Table, message_id: int, **kwargs) -> None:
        if table.private:
            return
        try:
            channel = await self._channel(table)
            await channel.get_partial_message(message_id).edit(**kwargs)
        except discord.NotFound:
            log.info("table %s: message %s is gone", table.id, message_id)
        except discord.Forbidden as e:
            await self._pause(table, e)
            raise Paused from e

    async def _pause(self, table: Table, error: discord.HTTPException) -> None:
        """Discord refuses to let us post: pause the table, and say so where we still can."""
        gone = isinstance(error, discord.NotFound)
        reason = "gone" if gone else "forbidden"
        log.warning("table %s paused: %s (%s %s)", table.id, reason, error.status, error.code)
        async with self.service.editing(table.id) as fresh:
            if fresh.status == "cancelled":
                return  # already ended (its thread was deleted) and announced
            if gone and fresh.thread_id:
                fresh.status = "cancelled"  # the table's thread was deleted: the game ends
            fresh.paused = reason
            await self.service.commit(fresh, "paused", payload={"reason": reason})
        if table.thread_id and table.channel_id != table.thread_id:
            lang = self.service.lang(table)
            key = "pause.thread_gone" if gone else "pause.forbidden"
            with contextlib.suppress(discord.HTTPException):
                parent = self.service.client.get_channel(table.channel_id)
                if parent is not None:
                    await parent.send(t(key, lang, id=table.id))

    async def _unpause(self, table: Table) -> None:
        async with self.service.editing(table.id) as fresh:
            if fresh.status == "cancelled":
                raise Paused
            fresh.paused = None
            await self.service.commit(fresh, "unpaused")
