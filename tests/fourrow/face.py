"""Four in a row's Discord face, on the one base every face stands on (`bot.tables.faces`): the table
message (the board and a button per column), a picture after every drop, the results. Only
what is this game's own is here."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import discord

from bot.commands.games import GameCommands, new_table
from bot.games.base import GameFace
from bot.model.posts import Post
from bot.model.table import LiveTable, Table
from bot.storage.store import SqlStore
from bot.tables.faces import texts
from bot.texts.i18n import t
from bot.texts.translator import command_str as _
from render.kit import Picture

from .game import COLUMNS, FOURROW, Drop, FourRowOptions, FourRowState, FourRowView
from .pictures import SEAT_STYLES, board_png, board_words


class FourRowCommands(GameCommands):
    key = "fourrow"
    description_text = _("Play four in a row", "fourrow.command.description")
    rules_key = "fourrow.rules"
    rules_description = _("The rules, short", "fourrow.command.rules.description")

    @new_table(_("Open a table in its own thread", "fourrow.command.new.description"))
    async def new(self, interaction: discord.Interaction) -> FourRowOptions:
        return FourRowOptions()


class FourRowFace(GameFace[FourRowOptions, FourRowState, Drop, FourRowView]):
    game = FOURROW
    commands_class = FourRowCommands
    lobby_keys = texts("fourrow.lobby.text", "fourrow.lobby.started", "fourrow.lobby.cancelled")
    back_key = "fourrow.button.back"

    def mode_name(self, table: Table, lang: str) -> str:
        return t("fourrow.mode", lang)

    def symbol(self, view: FourRowView, seat: str) -> str:
        return SEAT_STYLES[view.seats.index(seat)].symbol

    def turn_lines(self, live: LiveTable, lang: str) -> list[str]:
        view = FOURROW.view(self.state_of(live), None)
        table, seat = live.table, view.on_turn or view.seats[0]
        name = table.names().get(seat, seat)
        text = t(
            "fourrow.turn",
            lang,
            id=table.id,
            move=view.moves + 1,
            name=name,
            symbol=self.symbol(view, seat),
        )
        return [text]

    def picture(self, view: FourRowView, names: dict[str, str], lang: str) -> Picture:
        title = t("fourrow.title", lang, move=view.moves)
        columns, who = board_words(view, names)
        alt = t("fourrow.alt", lang, title=title, columns=columns, who=who)
        return Picture(board_png(view, title), alt[:1024], f"fourrow-{view.moves:02d}.png")

    def table_post(self, live: LiveTable, lang: str) -> Post:
        view = FOURROW.view(self.state_of(live), None)
        legal = view.legal()
        buttons = [
            self.move_button(
                Drop(c),
                t("fourrow.button.drop", lang, column=c),
                "primary",
                disabled=c not in legal,
            )
            for c in range(1, COLUMNS + 1)
        ]
        plain = live.table.plain_names()  # an alt text: names as written
        first = [self.picture(view, plain, lang)] if view.moves == 0 else []
        return Post(self.table_text(live, lang), first, list(buttons))

    async def posts_of(
        self,
        store: SqlStore,
        live: LiveTable,
        before: FourRowState,
        events: Sequence[object],
        after: FourRowState,
        lang: str,
    ) -> list[Post]:
        view, names = FOURROW.view(after, None), live.table.names()
        seat = before.on_turn or view.seats[0]
        column = view.last[0] if view.last else 0
        step = t(
            "fourrow.step",
            lang,
            name=names.get(seat, seat),
            symbol=self.symbol(view, seat),
            column=column,
        )
        picture = await asyncio.to_thread(self.picture, view, live.table.plain_names(), lang)
        posts = [Post(step, [picture], step=True)]
        if view.over:
            won = t("fourrow.won", lang, name=names.get(view.winner, "")) if view.winner else None
            posts.append(Post(won or t("fourrow.drawn", lang), results=True))
        return posts
