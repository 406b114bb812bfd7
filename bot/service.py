"""TableService: every table action, from a click to the committed state to the answer.

One click goes: check (table, epoch, seat) → engine → commit the action and the new state in
one transaction → answer the interaction (always within Discord's 3 s, before any picture work)
→ hand the slow work (pictures, posts) to the table's outbox. One lock per table: two clicks at
once never apply twice, and tables never wait on each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import io
import json
import logging
import random
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import discord

from engine.pop.ai import announce, choose_cards
from engine.pop.cards import COLOUR, COLOUR_NAMES, COLUMN_LETTERS
from engine.pop.enigma import GRADE_NAMES, Puzzle, load_pack, puzzle_deal
from engine.pop.errors import AlreadyRevealed, NotInHand, RuleError, WrongCount
from engine.pop.game import apply, cards_to_choose, new_game
from engine.pop.record import export_record
from engine.pop.view import view
from render.style import COLOUR_STYLE

from . import pictures
from .i18n import dynamic_key, resolve, t
from .outbox import Outbox
from .stats import outcome_of, summarise_player
from .storage import Store
from .table import HandMessage, Options, Reveal, Seat, Signal, Table
from .table_talk import reveals_numbers
from .ui import hand_view, lobby_view, signal_view

log = logging.getLogger("pop.service")

AI_NAMES = ("Robo Ada", "Robo Bo", "Robo Cy", "Robo Di", "Robo Ed")
TIMEOUTS_BEFORE_AI = 3


@functools.cache
def enigma_pack() -> dict[str, Puzzle]:
    return {p.id: p for p in load_pack()}


def daily_puzzle(guild_id: int, day: str) -> Puzzle:
    """The server's puzzle of the day: the same for everyone there, all day (UTC)."""
    pack = sorted(enigma_pack().values(), key=lambda p: p.id)
    digest = hashlib.sha256(f"{guild_id}:{day}".encode()).digest()
    return pack[int.from_bytes(digest[:8], "big") % len(pack)]


class Refusal(Exception):
    """A polite no, shown to the person who clicked (and only to them)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values


def answers_refusals(handler):
    """For a click or command handler: a Refusal raised anywhere in it is answered to the
    person who clicked (and only to them), and whatever it changed inside `editing()` is not
    kept: the handler simply stops there."""
    @functools.wraps(handler)
    async def handle(self: TableService, interaction: discord.Interaction, *args, **kwargs):
        try:
            return await handler(self, interaction, *args, **kwargs)
        except Refusal as no:
            await self.refuse(interaction, no)
    return handle


class TableService:
    def __init__(self, client: discord.Client, store: Store, *, step_delay: float = 1.5) -> None:
        self.client = client
        self.store = store
        self.step_delay = step_delay
        self.tables: dict[int, Table] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.outboxes: dict[int, Outbox] = {}
        self.timers: dict[int, asyncio.Task] = {}
        self._tasks: set[asyncio.Task] = set()
        self.rng = random.Random()

    # --- Loading, locking, committing ------------------------------------------------------

    async def get(self, table_id: int) -> Table | None:
        table = self.tables.get(table_id)
        if table is None:
            table = await self.store.load(table_id)
            if table is not None:
                self.tables[table_id] = table
        return table

    @contextlib.asynccontextmanager
    async def editing(self, table_id: int) -> AsyncIterator[Table]:
        """Hold the table's lock and hand out a copy to change; `commit` makes it the table."""
        lock = self.locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = await self.get(table_id)
            if table is None:
                raise Refusal("refusal.no_table")
            yield table.model_copy(deep=True)

    async def commit(self, table: Table, kind: str, user_id: int | None = None,
                     payload: dict | None = None) -> None:
        """Store the table's next version with the action that made it (and, when a game
        just ended, its outcome for the stats), then make it the table everyone sees."""
        before = self.tables.get(table.id)
        outcome = None
        if (table.status == "finished" and table.game is not None
                and (before is None or before.status != "finished")):
            outcome = outcome_of(table, datetime.now(UTC).date().isoformat())
        table.version += 1
        await self.store.save(table, kind, user_id, payload, outcome=outcome)
        self.tables[table.id] = table

    async def resume_all(self) -> None:
        """After a start: every active table's outbox and timer carry on where they were.
        A sharded bot (bot/sharding.py) takes only the tables of the guilds its shards own."""
        owns = getattr(self.client, "owns_guild", None)
        for table in await self.store.active_tables():
            if owns is not None and not owns(table.guild_id):
                continue
            self.tables[table.id] = table
            if table.status == "playing":
                self.outbox(table.id).kick()
                self.arm_timer(table)
                # An AI seat whose pick was cut short by the stop picks now.
                self._background(self.play_ai_seats(table.id), f"ai-{table.id}")
        log.info("resumed %d active tables", len(self.tables))

    def _background(self, work, name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)  # keep a reference until it is done (asyncio holds only weak ones)
        task.add_done_callback(self._tasks.discard)

    async def shutdown(self, grace: float = 5.0) -> None:
        """Stop timers, let each outbox finish what it is posting, then stop it."""
        for task in self.timers.values():
            task.cancel()
        tasks = [box.task for box in self.outboxes.values() if box.task and not box.task.done()]
        if tasks:
            _, pending = await asyncio.wait(tasks, timeout=grace)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

    def retry_paused(self, guild_id: int) -> None:
        for table in list(self.tables.values()):
            if table.paused and table.guild_id == guild_id and table.status == "playing":
                self.outbox(table.id).kick()

    async def thread_deleted(self, thread_id: int) -> None:
        """A table's thread was deleted: the game ends, and the channel is told."""
        for table_id in [tb.id for tb in self.tables.values() if tb.thread_id == thread_id]:
            async with self.editing(table_id) as table:
                if table.status not in ("lobby", "playing"):
                    continue
                table.status = "cancelled"
                table.paused = "gone"
                table.epoch += 1
                await self.commit(table, "thread_deleted")
            timer = self.timers.pop(table_id, None)
            if timer is not None:
                timer.cancel()
            parent = self.client.get_channel(table.channel_id)
            if parent is not None:
                with contextlib.suppress(discord.HTTPException):
                    await parent.send(t("pause.thread_gone", self.lang(table), id=table.id))

    def outbox(self, table_id: int) -> Outbox:
        box = self.outboxes.get(table_id)
        if box is None:
            box = self.outboxes[table_id] = Outbox(self, table_id)
        return box

    def lang(self, table: Table, interaction: discord.Interaction | None = None) -> str:
        """A table speaks its language option, else the server's."""
        return table.options.language or table.locale

    # --- Opening a table -------------------------------------------------------------------

    async def open_table(self, interaction: discord.Interaction, options: Options) -> None:
        """/pop new: a table in its own thread (or here, where threads are not possible)."""
        user = interaction.user
        channel = interaction.channel
        host = Seat(id=str(user.id), user_id=user.id, name=user.display_name)
        locale = str(interaction.guild_locale or "en").split("-")[0]
        table = Table(guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                      host_id=user.id, options=options, seats=[host], locale=locale)
        if isinstance(channel, discord.Thread):
            table.thread_id = channel.id
        await self.store.insert_table(table)
        self.tables[table.id] = table
        lang = self.lang(table)
        await interaction.response.send_message(
            t("table.opened", lang, host=user.mention, id=table.id, mode=t(f"mode.{options.mode}",
                                                                               lang)))
        if table.thread_id is None:
            thread = await self._make_thread(interaction, table, lang)
            if thread is not None:
                async with self.editing(table.id) as table:
                    table.thread_id = thread.id
                    await self.commit(table, "thread", user.id, {"thread": thread.id})
        self.outbox(table.id).kick()

    async def _make_thread(self, interaction: discord.Interaction, table: Table,
                           lang: str) -> discord.Thread | None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            return None
        me = channel.guild.me
        if not channel.permissions_for(me).create_public_threads:
            return None
        try:
            message = await interaction.original_response()
            return await message.create_thread(name=t("table.thread_name", lang, id=table.id),
                                               auto_archive_duration=1440)
        except discord.HTTPException as e:
            log.warning("table %s: no thread (%s); playing in the channel", table.id, e.status)
            return None

    # --- Enigma: a puzzle played in the player's own ephemeral messages -----------------------

    async def open_enigma(self, interaction: discord.Interaction, grade: int | None,
                          daily: bool) -> None:
        """/pop enigma: a puzzle of the pack (or the server's puzzle of the day), privately."""
        user = interaction.user
        day = datetime.now(UTC).date().isoformat()
        if daily:
            puzzle = daily_puzzle(interaction.guild_id, day)
        else:
            choices = [p for p in enigma_pack().values() if grade is None or p.grade == grade]
            puzzle = self.rng.choice(choices)
        seat = Seat(id=str(user.id), user_id=user.id, name=user.display_name)
        table = Table(guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                      host_id=user.id, options=Options(mode="enigma", turn_timer=0),
                      seats=[seat], private=True, puzzle_id=puzzle.id,
                      daily=day if daily else None,
                      locale=str(interaction.guild_locale or "en").split("-")[0])
        self._deal(table, 0)
        await self.store.insert_table(table)
        self.tables[table.id] = table
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._show_enigma(interaction, table)

    async def _show_enigma(self, interaction: discord.Interaction, table: Table) -> None:
        """The puzzle and the hand in one private message; it is the table's only message."""
        lang = self.lang(table)
        seat = table.seats[0]
        puzzle = enigma_pack()[table.puzzle_id]
        board = await pictures.board(view(table.game), table.names())
        content, hand_file, buttons = await self.hand_message(table, seat.id, lang)
        header = t("enigma.daily" if table.daily else "enigma.header", lang, id=puzzle.id,
                   grade=t(f"grade.{GRADE_NAMES[puzzle.grade]}", lang))
        if table.daily:
            solvers = [(user, n) for user, n, solved in
                       await self.store.enigma_day(table.guild_id, table.daily) if solved]
            header += "\n" + (t("enigma.solvers", lang, names=", ".join(
                t("enigma.solver", lang, user=f"<@{user}>", n=n) for user, n in solvers))
                if solvers else t("enigma.no_solver", lang))
        message = await interaction.followup.send(
            f"{header}\n{content}", files=[pictures.discord_file(board), hand_file],
            view=buttons, ephemeral=True, wait=True)
        async with self.editing(table.id) as table:
            table.seats[0].hand = HandMessage(
                application_id=interaction.application_id, token=interaction.token,
                message_id=message.id, created=time.time())
            table.turn_message_id = message.id  # no public table message: this is it
            await self.commit(table, "hand_message", interaction.user.id)

    async def enigma_today(self, interaction: discord.Interaction) -> list[tuple[int, int, bool]]:
        day = datetime.now(UTC).date().isoformat()
        return await self.store.enigma_day(interaction.guild_id, day)

    # --- Stats -----------------------------------------------------------------------------

    async def stats_of(self, guild_id: int, user_id: int) -> dict:
        raw = await self.store.player_stats(guild_id, user_id)
        return summarise_player(raw["rows"], raw["enigmas_solved"])

    # --- Lobby ---------------------------------------------------------------------------

    @answers_refusals
    async def on_lobby_click(self, interaction: discord.Interaction, table_id: int, epoch: int,
                             verb: str) -> None:
        async with self.editing(table_id) as table:
            lang = self.lang(table, interaction)
            if table.status != "lobby" or epoch != table.epoch:
                raise Refusal("refusal.lobby_closed")
            changed = getattr(self, f"_lobby_{verb}")(table, interaction.user)
            await self.commit(table, verb, interaction.user.id, changed)
        if table.status == "lobby":
            await interaction.response.edit_message(content=self.lobby_text(table, lang),
                                                    view=lobby_view(table, lang))
        else:  # started or cancelled: the lobby's buttons are gone
            await interaction.response.edit_message(content=self.lobby_text(table, lang),
                                                    view=None)
            if table.status == "playing":
                await self.after_start(table)

    def _lobby_join(self, table: Table, user: discord.abc.User) -> dict:
        if table.seat_of_user(user.id):
            raise Refusal("refusal.already_seated")
        if table.is_full():
            raise Refusal("refusal.table_full")
        table.seats.append(Seat(id=str(user.id), user_id=user.id, name=user.display_name))
        return {"seat": str(user.id)}

    def _lobby_leave(self, table: Table, user: discord.abc.User) -> dict:
        seat = table.seat_of_user(user.id)
        if seat is None:
            raise Refusal("refusal.not_seated")
        table.seats.remove(seat)
        if not any(s.user_id for s in table.seats):
            table.status = "cancelled"
        elif user.id == table.host_id:
            table.host_id = next(s.user_id for s in table.seats if s.user_id)
        return {"seat": seat.id}

    def _lobby_addai(self, table: Table, user: discord.abc.User) -> dict:
        self._require_host(table, user)
        if table.is_full():
            raise Refusal("refusal.table_full")
        ai_id = table.next_ai_id()
        table.seats.append(Seat(id=ai_id, name=AI_NAMES[int(ai_id[3:]) - 1], ai=True))
        return {"seat": ai_id}

    def _lobby_cancel(self, table: Table, user: discord.abc.User) -> dict:
        self._require_host(table, user)
        table.status = "cancelled"
        table.epoch += 1
        return {}

    def _lobby_start(self, table: Table, user: discord.abc.User) -> dict:
        self._require_host(table, user)
        low, high = table.seat_limits()
        if not low <= len(table.seats) <= high:
            raise Refusal("refusal.seat_count", low=low, high=high, mode=table.options.mode)
        seed = self.rng.getrandbits(63)
        self._deal(table, seed)
        return {"seed": seed}

    def _deal(self, table: Table, seed: int) -> None:
        o = table.options
        seats = [s.id for s in table.seats]
        puzzle = puzzle_deal(enigma_pack()[table.puzzle_id], seats[0]) if table.puzzle_id else None
        table.game = new_game(o.mode, seats, seed=seed, sets=o.sets, puzzle=puzzle,
                              two_player_variant=o.two_player_variant, difficulty=o.difficulty)
        table.games += 1
        table.status = "playing"
        table.epoch += 1
        table.turn_deadline = None
        table.reveals = []
        table.hints = 0
        table.signals = []
        for seat in table.seats:
            seat.draft, seat.timeouts = [], 0

    def _require_host(self, table: Table, user: discord.abc.User) -> None:
        if user.id == table.host_id:
            return
        perms = getattr(user, "guild_permissions", None)
        if perms is not None and (perms.manage_threads or perms.administrator):
            return
        raise Refusal("refusal.host_only")

    def lobby_text(self, table: Table, lang: str) -> str:
        o = table.options
        low, high = table.seat_limits()
        names = ", ".join(s.name + (" 🤖" if s.ai else "") for s in table.seats) or "—"
        key = {"lobby": "lobby.text", "playing": "lobby.started",
               "cancelled": "lobby.cancelled", "finished": "lobby.started"}[table.status]
        return t(key, lang, id=table.id, mode=t(f"mode.{o.mode}", lang), sets=o.sets,
                 host=f"<@{table.host_id}>", n=len(table.seats), high=high, low=low,
                 names=names)

    async def after_start(self, table: Table) -> None:
        """A game began (start or rematch): AI seats pick, the outbox shows the first turn."""
        if table.options.mode == "coop":
            reads_chat = self.client.intents.message_content
            self.outbox(table.id).say(t("talk.rule" if reads_chat else "talk.honour",
                                        self.lang(table)))
        await self.play_ai_seats(table.id)
        self.outbox(table.id).kick()

    @answers_refusals
    async def on_rematch_click(self, interaction: discord.Interaction, table_id: int,
                               epoch: int) -> None:
        async with self.editing(table_id) as table:
            if table.status != "finished" or epoch != table.epoch:
                raise Refusal("refusal.stale")
            if table.seat_of_user(interaction.user.id) is None:
                raise Refusal("refusal.not_seated")
            seed = self.rng.getrandbits(63)
            self._deal(table, seed)
            await self.commit(table, "rematch", interaction.user.id, {"seed": seed})
        lang = self.lang(table, interaction)
        if table.private:  # Enigma: try the same puzzle again, privately
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._show_enigma(interaction, table)
            return
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(t("table.rematch", lang, user=interaction.user.mention))
        await self.after_start(table)

    # --- Hands and picks -------------------------------------------------------------------

    def _seat_for_play(self, table: Table, user_id: int, epoch: int) -> Seat:
        if table.status != "playing" or table.game is None:
            raise Refusal("refusal.not_playing")
        seat = table.seat_of_user(user_id)
        if seat is None:
            raise Refusal("refusal.not_seated")
        if epoch != table.epoch:
            raise Refusal("refusal.stale")
        return seat

    async def _table_for_play(self, table_id: int, user_id: int, epoch: int
                              ) -> tuple[Table, Seat]:
        """The table and the clicker's seat, for a click that only reads (no lock taken)."""
        table = await self.get(table_id)
        if table is None:
            raise Refusal("refusal.no_table")
        return table, self._seat_for_play(table, user_id, epoch)

    @answers_refusals
    async def on_hand_click(self, interaction: discord.Interaction, table_id: int,
                            epoch: int) -> None:
        """"My hand": an ephemeral message with the hand picture and a button per card."""
        table, seat = await self._table_for_play(table_id, interaction.user.id, epoch)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if seat.ai:  # a human back from being away takes the seat again
            async with self.editing(table_id) as table:
                table.seat(seat.id).ai = False
                table.seat(seat.id).timeouts = 0
                await self.commit(table, "back", interaction.user.id)
        content, file, hand = await self.hand_message(table, seat.id, self.lang(table))
        message = await interaction.followup.send(content, file=file, view=hand, ephemeral=True,
                                                  wait=True)
        with contextlib.suppress(Refusal):
            async with self.editing(table_id) as table:
                table.seat(seat.id).hand = HandMessage(
                    application_id=interaction.application_id, token=interaction.token,
                    message_id=message.id, created=time.time())
                await self.commit(table, "hand_message", interaction.user.id)

    async def hand_message(self, table: Table, seat_id: str, lang: str):
        """Content, picture and buttons of a seat's hand message (the picture drawn off-loop)."""
        state = table.game
        seat = table.seat(seat_id)
        me = view(state, seat_id)
        chosen = list(me.my_choice) or list(seat.draft)
        can_choose = me.cards_to_choose > 0
        picture = await pictures.hand(me.hand, chosen)
        if not can_choose:
            content = t("hand.waiting", lang)
        elif me.my_choice:
            content = t("hand.chosen", lang, cards=", ".join(map(str, me.my_choice)))
        elif seat.draft:
            content = t("hand.selecting", lang, n=me.cards_to_choose, k=len(seat.draft))
        else:
            content = t("hand.choose", lang, n=me.cards_to_choose,
                        turn=state.turn_number, set=state.set_number)
        buttons = hand_view(table, list(me.hand), chosen, me.cards_to_choose,
                            can_choose=can_choose, lang=lang)
        return content, pictures.discord_file(picture), buttons

    @answers_refusals
    async def on_card_click(self, interaction: discord.Interaction, table_id: int, epoch: int,
                            card: int) -> None:
        async with self.editing(table_id) as table:
            seat = self._seat_for_play(table, interaction.user.id, epoch)
            seat.hand = self._hand_from(interaction)
            need = cards_to_choose(table.game)
            if need == 1:
                resolved = await self._choose(table, seat, [card], interaction.user.id)
            else:
                if card not in table.game.hands[seat.id]:
                    raise Refusal("refusal.not_in_hand", card=card)
                draft = seat.draft
                if card in draft:
                    draft.remove(card)
                elif len(draft) < need:
                    draft.append(card)
                else:
                    raise Refusal("refusal.too_many", n=need)
                await self.commit(table, "draft", interaction.user.id, {"draft": draft})
                resolved = False
        await self._answer_pick(interaction, table, seat.id, resolved)

    @answers_refusals
    async def on_confirm_click(self, interaction: discord.Interaction, table_id: int,
                               epoch: int) -> None:
        async with self.editing(table_id) as table:
            seat = self._seat_for_play(table, interaction.user.id, epoch)
            seat.hand = self._hand_from(interaction)
            need = cards_to_choose(table.game)
            if len(seat.draft) != need:
                raise Refusal("refusal.pick_count", n=need)
            resolved = await self._choose(table, seat, list(seat.draft), interaction.user.id)
        await self._answer_pick(interaction, table, seat.id, resolved)

    async def _choose(self, table: Table, seat: Seat, cards: list[int],
                      user_id: int | None) -> bool:
        """Apply a seat's pick to the engine and commit. Returns True when it revealed the turn."""
        before = table.game
        try:
            after, events = apply(before, seat.id, cards, turn=(before.set_number,
                                                                 before.turn_number))
        except NotInHand as e:
            raise Refusal("refusal.not_in_hand", card=e.card) from None
        except WrongCount:
            raise Refusal("refusal.pick_count", n=cards_to_choose(before)) from None
        except AlreadyRevealed:
            raise Refusal("refusal.stale") from None
        except RuleError:  # not a seat, or the game is over: nothing left to pick for
            raise Refusal("refusal.not_playing") from None
        table.game = after
        seat.draft = []
        if user_id is not None:
            seat.timeouts = 0  # "three timeouts in a row": a pick of one's own breaks the run
        resolved = after.turn_number != before.turn_number or after.phase != before.phase \
            or after.set_number != before.set_number
        if resolved:
            table.reveals.append(Reveal(before=before, seat=seat.id, cards=cards))
            table.epoch += 1
            table.turn_deadline = None
            table.warned = False
            table.signals = []
            if after.phase == "over":
                table.status = "finished"
        await self.commit(table, "choose", user_id, {"seat": seat.id, "cards": cards})
        return resolved

    @staticmethod
    def _hand_from(interaction: discord.Interaction) -> HandMessage | None:
        """The hand message a click came from, editable through this (fresh) interaction."""
        if interaction.message is None:
            return None
        return HandMessage(application_id=interaction.application_id, token=interaction.token,
                           message_id=interaction.message.id, created=time.time())

    async def _answer_pick(self, interaction: discord.Interaction, table: Table, seat_id: str,
                           resolved: bool) -> None:
        """Acknowledge at once; the hand message is redrawn from the latest state."""
        await interaction.response.defer()
        self.outbox(table.id).redraw_hand(seat_id)
        if resolved:
            await self.play_ai_seats(table.id)
            self.outbox(table.id).kick()
        else:
            self.outbox(table.id).status_changed()

    async def play_ai_seats(self, table_id: int) -> None:
        """AI seats, seats an AI took over, and seats whose time ran out pick, one at a time.

        The AI thinks off the event loop and outside the table's lock (a hard decision takes
        up to a fifth of a second); its pick is applied only if the table has not changed
        meanwhile, otherwise it thinks again.
        """
        while True:
            table = await self.get(table_id)
            if table is None or table.status != "playing" or table.game is None:
                return
            state = table.game
            waiting = [s for s in table.seats if (s.ai or s.autoplay_epoch == table.epoch)
                       and s.id not in state.choices]
            if not waiting or state.phase != "choosing":
                return
            seat = waiting[0]
            me = view(state, seat.id)
            signals = [(s.seat, s.colour, s.column) for s in table.signals]
            rng = random.Random(f"{table.id}:{table.version}:{seat.id}")
            cards = await asyncio.to_thread(choose_cards, me, table.options.ai_level, rng,
                                            signals)
            said = None
            async with self.editing(table_id) as fresh:
                if fresh.version != table.version:
                    continue  # someone acted meanwhile: think again from the new state
                if (fresh.options.mode == "coop" and seat.ai
                        and len(state.choices) + 1 < len(state.seats)):
                    said = announce(me, cards)
                    if said is not None:
                        fresh.signals.append(Signal(seat=seat.id, colour=said[1],
                                                    column=said[2] or "?"))
                await self._choose(fresh, fresh.seat(seat.id), cards, None)
            if said is not None:
                self._say_signal(fresh, seat.name, said[1], said[2] or "?")

    @answers_refusals
    async def on_hint_click(self, interaction: discord.Interaction, table_id: int,
                            epoch: int) -> None:
        """Solo: the hard AI's pick for this turn, shown only to the player, and counted."""
        table, seat = await self._table_for_play(table_id, interaction.user.id, epoch)
        await interaction.response.defer(ephemeral=True, thinking=True)
        me = view(table.game, seat.id)
        rng = random.Random(f"hint:{table.id}:{table.version}")
        cards = await asyncio.to_thread(choose_cards, me, "hard", rng)
        async with self.editing(table_id) as table:
            table.hints += 1
            await self.commit(table, "hint", interaction.user.id, {"cards": cards})
        await interaction.followup.send(
            t("hint.text", self.lang(table), cards=", ".join(map(str, cards)), n=table.hints),
            ephemeral=True)

    # --- Cooperative table talk -------------------------------------------------------------

    @answers_refusals
    async def on_signal_click(self, interaction: discord.Interaction, table_id: int,
                              epoch: int) -> None:
        """Signal: a private menu of the colours this seat holds, each with a Queue letter."""
        table, seat = await self._table_for_play(table_id, interaction.user.id, epoch)
        lang = self.lang(table)
        held = sorted({COLOUR[c] for c in table.game.hands[seat.id]})
        colours = [COLOUR_NAMES[c] for c in held]
        await interaction.response.send_message(t("signal.choose", lang),
                                                view=signal_view(table, colours, lang),
                                                ephemeral=True)

    @answers_refusals
    async def on_signal_chosen(self, interaction: discord.Interaction, table_id: int,
                               epoch: int, value: str) -> None:
        colour, _, column = value.partition(":")
        async with self.editing(table_id) as table:
            seat = self._seat_for_play(table, interaction.user.id, epoch)
            held = {COLOUR_NAMES[COLOUR[c]] for c in table.game.hands[seat.id]}
            if colour not in held or column not in COLUMN_LETTERS:
                raise Refusal("refusal.stale")
            table.signals.append(Signal(seat=seat.id, colour=colour, column=column))
            await self.commit(table, "signal", interaction.user.id,
                              {"colour": colour, "column": column})
        await interaction.response.edit_message(content=t("signal.sent", self.lang(table)),
                                                view=None)
        self._say_signal(table, seat.name, colour, column)

    def _say_signal(self, table: Table, name: str, colour: str, column: str) -> None:
        """A cooperative signal, said publicly: a colour (with its shape) and a column."""
        lang = self.lang(table)
        self.outbox(table.id).say(t("signal.said", lang, name=name, column=column,
                                    symbol=COLOUR_STYLE[colour].symbol,
                                    colour=t(dynamic_key("colour", colour), lang)))

    def table_in(self, channel_id: int) -> Table | None:
        """The active table that plays in this thread (or channel)."""
        for table in self.tables.values():
            if table.status in ("lobby", "playing") and table.where == channel_id:
                return table
        return None

    async def on_chat(self, message: discord.Message) -> None:
        """§6 table talk: a seated player's message that reveals a number is removed (or
        answered with a reminder), and its author is reminded privately. Spectators may say
        anything; colours and Queue letters always pass."""
        table = self.table_in(message.channel.id)
        if (table is None or table.options.mode != "coop" or table.status != "playing"
                or table.seat_of_user(message.author.id) is None
                or not reveals_numbers(message.content)):
            return
        lang = self.lang(table)
        name = message.author.display_name
        removed = False
        if message.channel.permissions_for(message.guild.me).manage_messages:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
                removed = True
        log.info("table %s: a message revealing a number (removed: %s)", table.id, removed)
        if removed:
            self.outbox(table.id).say(t("talk.removed", lang, name=name))
        else:
            with contextlib.suppress(discord.HTTPException):
                await message.reply(t("talk.reminder", lang, name=name), mention_author=False)
        with contextlib.suppress(discord.HTTPException):  # DMs may be closed: the rest stands
            await message.author.send(t("talk.private_removed" if removed else "talk.private",
                                        lang, id=table.id))

    # --- Timer -----------------------------------------------------------------------------

    def arm_timer(self, table: Table) -> None:
        old = self.timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        if table.status == "playing" and table.turn_deadline is not None:
            self.timers[table.id] = asyncio.create_task(self._timer(table.id),
                                                        name=f"timer-{table.id}")

    async def _timer(self, table_id: int) -> None:
        try:
            while True:
                table = self.tables.get(table_id)
                if table is None or table.turn_deadline is None or table.status != "playing":
                    return
                epoch, deadline = table.epoch, table.turn_deadline
                warn_at = deadline - min(30.0, (table.options.turn_timer or 120) / 4)
                now = time.time()
                if not table.warned and now < deadline:
                    await asyncio.sleep(max(0.0, warn_at - now))
                    await self._warn(table_id, epoch)
                    continue
                await asyncio.sleep(max(0.0, deadline - time.time()))
                await self._time_out(table_id, epoch)
                return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the turn timer failed", table_id)

    async def _warn(self, table_id: int, epoch: int) -> None:
        async with self.editing(table_id) as table:
            if table.epoch != epoch or table.warned:
                return
            table.warned = True
            await self.commit(table, "warned")
        waiting = [s for s in table.seats if not s.ai and s.id not in table.game.choices]
        if waiting:
            seconds = max(0, round(table.turn_deadline - time.time()))
            self.outbox(table_id).say(t("timer.warning", self.lang(table), n=seconds,
                                        who=", ".join(f"<@{s.user_id}>" for s in waiting)))

    async def _time_out(self, table_id: int, epoch: int) -> None:
        """The turn timer ran out: the AI picks for every seat still thinking (announced);
        a seat that timed out three turns in a row is then played by the AI."""
        notes = []
        async with self.editing(table_id) as table:
            if table.epoch != epoch or table.status != "playing":
                return
            lang = self.lang(table)
            late = [s for s in table.seats if s.id not in table.game.choices and not s.ai]
            for seat in late:
                seat.timeouts += 1
                seat.autoplay_epoch = table.epoch
                if seat.timeouts >= TIMEOUTS_BEFORE_AI:
                    seat.ai = True
                    notes.append(t("timer.ai_takes_over", lang, name=seat.name))
                else:
                    notes.append(t("timer.chosen_for", lang, name=seat.name))
            await self.commit(table, "timeout", payload={"seats": [s.id for s in late]})
        for note in notes:
            self.outbox(table_id).say(note)
        await self.play_ai_seats(table_id)
        self.outbox(table_id).kick()

    # --- Answers -------------------------------------------------------------------------

    async def refuse(self, interaction: discord.Interaction, no: Refusal) -> None:
        lang = resolve(interaction.locale)  # the clicker's language
        values = dict(no.values)
        if "mode" in values:
            values["mode"] = t(dynamic_key("mode", values["mode"]), lang)
        text = t(no.key, lang, **values)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as e:
            log.info("could not answer a refused click (%s)", e.status)

    # --- /pop table, /pop leave -------------------------------------------------------------

    async def describe_tables(self, interaction: discord.Interaction) -> None:
        tables = await self.store.tables_in(interaction.channel_id)
        lang = self.lang(tables[0], interaction) if tables else resolve(interaction.locale)
        if not tables:
            return await interaction.response.send_message(t("table.none_here", lang),
                                                           ephemeral=True)
        lines = []
        for table in tables:
            table = self.tables.get(table.id, table)
            if table.status == "lobby":
                lines.append(self.lobby_text(table, lang))
            else:
                lines.append(self.outbox(table.id).turn_text(table, lang))
        await interaction.response.send_message("\n\n".join(lines), ephemeral=True)

    async def send_record(self, interaction: discord.Interaction) -> None:
        """/pop record: the game record as a JSON file (revealed turns only: no secrets)."""
        tables = await self.store.tables_in(interaction.channel_id,
                                            ("lobby", "playing", "finished", "cancelled"))
        games = [self.tables.get(tb.id, tb) for tb in tables]
        games = [tb for tb in games if tb.game is not None]
        if not games:
            return await interaction.response.send_message(
                t("table.none_here", resolve(interaction.locale)), ephemeral=True)
        table = games[-1]
        record = json.dumps(export_record(table.game), indent=1).encode()
        await interaction.response.send_message(
            t("table.record", self.lang(table), id=table.id),
            file=discord.File(io.BytesIO(record), filename=f"pop-table-{table.id}.json"))

    async def leave_here(self, interaction: discord.Interaction) -> None:
        """/pop leave: leave a lobby, or hand one's seat in a running game to the AI."""
        await self._unseat(interaction, interaction.user, by_host=False)

    async def remove_here(self, interaction: discord.Interaction,
                          player: discord.abc.User) -> None:
        """/pop remove: the host (or Manage Threads) takes a player's seat away."""
        await self._unseat(interaction, player, by_host=True)

    @answers_refusals
    async def _unseat(self, interaction: discord.Interaction, player: discord.abc.User, *,
                      by_host: bool) -> None:
        found = [tb for tb in await self.store.tables_in(interaction.channel_id)
                 if tb.seat_of_user(player.id)]
        if not found:
            raise Refusal("refusal.not_seated")
        async with self.editing(found[0].id) as table:
            if by_host:
                self._require_host(table, interaction.user)
            lang = self.lang(table)
            seat = table.seat_of_user(player.id)
            if table.status == "lobby":
                self._lobby_leave(table, player)
            else:
                seat.ai = True  # the game goes on: an AI plays the seat
            await self.commit(table, "remove" if by_host else "leave", interaction.user.id,
                              {"seat": seat.id})
        key = "table.removed" if by_host else "table.left"
        await interaction.response.send_message(t(key, lang, name=seat.name))
        if table.status == "lobby" and table.lobby_message_id:
            self.outbox(table.id).refresh_lobby()
        elif table.status == "playing":
            await self.play_ai_seats(table.id)
            self.outbox(table.id).kick()
