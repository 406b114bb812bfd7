"""Cooperative Pop's table talk (§6): a seat may say a colour it holds and the column it hopes
for, never a number. Signal opens a private menu of the seat's legal talk; AI seats say what
they played; the chat of a co-op table is read, and a message revealing a number is removed
(or answered with a reminder)."""

from __future__ import annotations

import contextlib
import logging

import discord

from engine.pop import ai as pop_ai
from engine.pop.adapter import POP, Talk
from engine.protocol import Json
from render.style import COLOUR_STYLE

from ...chat import said_in
from ...face import FaceAPI, Press, verb
from ...i18n import dynamic_key, t
from ...markdown import literal
from ...posts import Post, Refusal, Select
from ...table import LiveTable, Seat
from .posts import PopPosts
from .talk import reveals_numbers

log = logging.getLogger("pop.games.pop")


class PopTalk(PopPosts):
    @verb("signal")
    async def signal_menu(self, press: Press) -> None:
        """Signal: a private menu of what this seat may say, a colour with a Queue letter."""
        lang = press.lang
        talk = [
            m
            for m in POP.legal_moves(self.state_of(press.live), press.seat.id)
            if isinstance(m, Talk)
        ]
        menu = Select(
            "say",
            t("pop.signal.placeholder", lang),
            tuple(
                (
                    f"{COLOUR_STYLE[m.colour].symbol} {t(dynamic_key('pop.colour', m.colour), lang)}"
                    f" → {m.column}",
                    f"{m.colour}:{m.column}",
                )
                for m in talk
            ),
        )
        post = Post(t("pop.signal.choose", lang), controls=[menu])
        view = press.api.view_for(press.table, post) or discord.utils.MISSING
        await press.reply.send_message(post.content, ephemeral=True, view=view)

    @verb("say")
    async def say(self, press: Press) -> None:
        """A colour and a column from the menu: said at the table; AI seats think again."""
        colour, _, column = (press.arg or "").partition(":")
        if not colour or len(column) != 1:
            raise Refusal("refusal.invalid_button")
        await self._talk(press.api, press.live, press.seat, Talk(colour, column), by_person=True)
        await press.reply.edit_message(content=t("pop.signal.sent", press.lang), view=None)
        press.api.background(self._ai_talk(press.api, press.table.id), f"talk-{press.table.id}")

    async def _talk(
        self, api: FaceAPI, live: LiveTable, seat: Seat, said: Talk, *, by_person: bool
    ) -> bool:
        """Play `seat`'s table talk and say it in the thread; False when the turn moved on."""
        table = live.table
        move = POP.dump_move(said)
        if await api.play(table.id, table.epoch, move, seat=seat, by_person=by_person) is None:
            return False
        lang = table.lang()
        text = t(
            "pop.signal.said",
            lang,
            name=seat.text_name,
            column=said.column,
            symbol=COLOUR_STYLE[said.colour].symbol,
            colour=t(dynamic_key("pop.colour", said.colour), lang),
        )
        api.say(table.id, text)
        return True

    async def after_ai_move(
        self, api: FaceAPI, live: LiveTable, seat: Seat, move: Json, before: object
    ) -> None:
        """A co-op AI says the colour it played and the column it hopes for (never a number),
        while others still have to choose; once every AI seat has, the talk rounds begin."""
        table = live.table
        v = POP.view(self.narrow(before), seat.id)
        picked = POP.load_move(move)
        if (
            not self.spec(table).cooperative
            or not seat.ai
            or isinstance(picked, Talk)
            or len(v.chosen) + 1 >= len(v.seats)
        ):
            return
        said = pop_ai.announce(v, picked)
        if said is None:
            return
        _, colour, column = said
        await self._talk(api, live, seat, Talk(str(colour), column or "C"), by_person=False)
        chosen = {*v.chosen, seat.id}
        if all(s.id in chosen for s in table.seats if s.ai):  # every AI seat has spoken
            api.background(self._ai_talk(api, table.id), f"talk-{table.id}")

    async def _ai_talk(self, api: FaceAPI, table_id: int) -> None:
        """Co-op: AI seats act as soon as a turn opens, each hearing the seats before it. Once
        they all have spoken, and whenever a person signals, those that already picked think
        again with everything said (picks may change until the last one): rounds, until one
        changes nothing, at most `TALK_ROUNDS` picks in all, as `bench ai` measures them."""
        epoch = (await api.live(table_id)).table.epoch
        for _ in range(pop_ai.TALK_ROUNDS - 1):
            if not await self._ai_hear(api, table_id, epoch):
                return

    async def _ai_hear(self, api: FaceAPI, table_id: int, epoch: int) -> bool:
        """One round: each AI seat that picked this turn (`epoch`) thinks again; a changed pick
        is played and announced. True when a pick changed."""
        changed = False
        live = await api.live(table_id)
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
            move = await api.ai_think(fn, *args)
            picked = POP.load_move(move)
            if isinstance(picked, Talk) or picked == mine.my_choice:
                continue
            applied = await api.play(
                table_id, epoch, move, seat=seat, by_person=False, version=table.version
            )
            if applied is None:  # the table moved on meanwhile
                return False
            changed = True
            said = pop_ai.announce(mine, picked)
            live = await api.live(table_id)
            if said is not None:
                await self._talk(
                    api, live, seat, Talk(str(said[1]), said[2] or "C"), by_person=False
                )
            live = await api.live(table_id)
        return changed

    # --- The table's chat -----------------------------------------------------------------

    def game_started(self, api: FaceAPI, live: LiveTable) -> None:
        table = live.table
        if self.spec(table).cooperative:
            reads_chat = api.client.intents.message_content
            api.say(table.id, t("pop.talk.rule" if reads_chat else "pop.talk.honour", table.lang()))

    async def on_chat(self, api: FaceAPI, live: LiveTable, message: discord.Message) -> None:
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
            api.say(table.id, t("pop.talk.removed", lang, name=name))
        else:
            with contextlib.suppress(discord.HTTPException):
                await message.reply(t("pop.talk.reminder", lang, name=name), mention_author=False)
