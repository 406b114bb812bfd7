"""Cooperative Pop's table talk (§6): a seat may say a colour it holds and the column it hopes
for, never a number. Signal opens a private menu of the seat's legal talk; AI seats say what
they played; the chat of a co-op table is read, and a message revealing a number is removed
(or answered with a reminder)."""

from __future__ import annotations

import contextlib
import logging

import discord

from bot.model.binding import Moved
from bot.model.posts import Post, Select
from bot.model.table import LiveTable, Seat
from bot.posting.layout_view import V2_EDIT, view_for
from bot.tables import workers
from bot.tables.chat import said_in
from bot.tables.faces import FaceServices, Press, verb
from bot.texts.i18n import dynamic_key, t
from bot.texts.markdown import literal
from engine.pop import ai as pop_ai
from engine.pop.adapter import POP, Talk
from render.style import COLOUR_STYLE

from .posts import PopPosts
from .talk import reveals_numbers

log = logging.getLogger("pop.games.pop")


class PopTalk(PopPosts):
    @verb("signal")
    async def signal_menu(self, press: Press) -> None:
        """Signal: a private menu of what this seat may say, a colour with a Queue letter; each
        choice names its move (`say`, the game's `move_name`)."""
        lang = press.lang
        talk = [
            m
            for m in POP.legal_moves(self.state_of(press.live), press.seat.id)
            if isinstance(m, Talk)
        ]
        menu = Select(
            "say",
            t("pop.signal.placeholder", lang),
            tuple((self._talk_label(m, lang), POP.move_name(m)[1] or "") for m in talk),
        )
        post = Post(t("pop.signal.choose", lang), controls=[menu])
        await press.reply.send_message(ephemeral=True, view=view_for(press.table, post))

    @staticmethod
    def _talk_label(said: Talk, lang: str) -> str:
        colour = t(dynamic_key("pop.colour", said.colour), lang)
        return f"{COLOUR_STYLE[said.colour].symbol} {colour} → {said.column}"

    async def answer_move(self, press: Press, move: object, moved: Moved) -> None:
        """Table talk chosen from the menu: the menu says it was sent."""
        sent = Post(t("pop.signal.sent", press.lang))
        await press.reply.edit_message(view=view_for(press.table, sent), **V2_EDIT)

    async def after_move(
        self, services: FaceServices, moved: Moved, move: object, *, by_person: bool
    ) -> None:
        """Table talk is said in the thread (a person's: AI seats think again). A co-op AI
        says the colour it played and the column it hopes for (never a number), while others
        still have to choose; once every AI seat has, the talk rounds begin."""
        table, seat = moved.live.table, moved.seat
        said = self.narrow_move(move)
        if isinstance(said, Talk):
            self._say_talk(services, moved.live, seat, said)
            if by_person:
                services.background(self._ai_talk(services, table.id), f"talk-{table.id}")
            return
        v = POP.view(self.narrow(moved.before), seat.id)
        if by_person or not self.spec(table).cooperative or len(v.chosen) + 1 >= len(v.seats):
            return
        hoped = pop_ai.announce(v, said)
        if hoped is None:
            return
        _, colour, column = hoped
        await self._ai_says(services, moved, Talk(str(colour), column or "C"))
        chosen = {*v.chosen, seat.id}
        if all(s.id in chosen for s in table.seats if s.ai):  # every AI seat has spoken
            services.background(self._ai_talk(services, table.id), f"talk-{table.id}")

    async def _ai_says(self, services: FaceServices, moved: Moved, said: Talk) -> bool:
        """An AI seat's table talk, played (in the turn it just picked in) and said; False
        when the turn moved on."""
        table = moved.live.table
        talked = await services.ai_move(table.id, said, moved.seat, table.epoch, None)
        if talked is None:
            return False
        self._say_talk(services, talked.live, talked.seat, said)
        return True

    def _say_talk(self, services: FaceServices, live: LiveTable, seat: Seat, said: Talk) -> None:
        lang = live.table.lang()
        text = t(
            "pop.signal.said",
            lang,
            name=seat.text_name,
            column=said.column,
            symbol=COLOUR_STYLE[said.colour].symbol,
            colour=t(dynamic_key("pop.colour", said.colour), lang),
        )
        services.say(live.table.id, text, ())

    async def _ai_talk(self, services: FaceServices, table_id: int) -> None:
        """Co-op: AI seats act as soon as a turn opens, each hearing the seats before it. Once
        they all have spoken, and whenever a person signals, those that already picked think
        again with everything said (picks may change until the last one): rounds, until one
        changes nothing, at most `TALK_ROUNDS` picks in all, as `bench ai` measures them."""
        epoch = (await services.live(table_id)).table.epoch
        for _ in range(pop_ai.TALK_ROUNDS - 1):
            if not await self._ai_hear(services, table_id, epoch):
                return

    async def _ai_hear(self, services: FaceServices, table_id: int, epoch: int) -> bool:
        """One round: each AI seat that picked this turn (`epoch`) thinks again; a changed pick
        is played and announced. True when a pick changed."""
        changed = False
        live = await services.live(table_id)
        for seat in live.table.seats:
            table = live.table
            if (
                table.status != "playing"
                or table.epoch != epoch
                or not self.spec(table).cooperative
            ):
                return False  # the turn was revealed meanwhile
            mine = POP.view(self.state_of(live), seat.id)
            if not seat.ai or not mine.my_choice:
                continue
            fn, args = self.ai_job(live, seat)
            picked = POP.load_move(await workers.AI.run(fn, *args))
            if isinstance(picked, Talk) or picked == mine.my_choice:
                continue
            moved = await services.ai_move(table_id, picked, seat, epoch, table.version)
            if moved is None:  # the table moved on meanwhile
                return False
            changed = True
            hoped = pop_ai.announce(mine, picked)
            if hoped is not None:
                await self._ai_says(services, moved, Talk(str(hoped[1]), hoped[2] or "C"))
            live = await services.live(table_id)
        return changed

    # --- The table's chat -----------------------------------------------------------------

    def game_started(self, services: FaceServices, live: LiveTable) -> None:
        table = live.table
        if self.spec(table).cooperative:
            key = "pop.talk.rule" if services.reads_chat else "pop.talk.honour"
            services.say(table.id, t(key, table.lang()), ())

    async def on_chat(
        self, services: FaceServices, live: LiveTable, message: discord.Message
    ) -> None:
        """§6 table talk: a seated player's message that reveals a number is removed (or
        answered with a reminder), and its author is reminded privately. Spectators may say
        anything; colours and Queue letters always pass."""
        table = live.table
        if (
            not self.spec(table).cooperative
            or table.seat_of_user(message.author.id) is None
            or not reveals_numbers(said_in(message))
        ):
            return
        lang = table.lang()
        name = literal(message.author.display_name)
        removed = False
        assert message.guild is not None
        assert isinstance(message.channel, (discord.abc.GuildChannel, discord.Thread))
        if message.channel.permissions_for(message.guild.me).manage_messages:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
                removed = True
        log.info("table %s: a message revealing a number (removed: %s)", table.id, removed)
        with contextlib.suppress(discord.HTTPException):  # DMs may be closed: the rest stands
            await message.author.send(
                t("pop.talk.private_removed" if removed else "pop.talk.private", lang, id=table.id)
            )
        if removed:
            services.say(table.id, t("pop.talk.removed", lang, name=name), ())
        else:
            with contextlib.suppress(discord.HTTPException):
                await message.reply(t("pop.talk.reminder", lang, name=name), mention_author=False)
