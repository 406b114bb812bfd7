"""A tiny bot that speaks Components V2 (discord.py's ``ui.LayoutView``), for the emulator's
own tests: every component kind, pictures shown through ``attachment://``, buttons nested in a
Container's row and as a Section's accessory, and the ways a bot sends and edits such messages."""

from __future__ import annotations

import io

import discord
from discord import ui

from .tiny_bot import TinyBot, tiny_png

ACCENT = 0x3366FF


def picture(name: str, colour: str = "red") -> discord.File:
    return discord.File(io.BytesIO(tiny_png(colour)), name, description=f"{colour} square")


def board_files() -> list[discord.File]:
    """The files a :class:`Board` shows: two pictures and a text file."""
    return [
        picture("board.png", "red"),
        picture("corner.png", "blue"),
        discord.File(io.BytesIO(b"the rules"), "rules.txt"),
    ]


class Seat(ui.DynamicItem[ui.Button], template=r"v2:seat:(?P<n>\d+)"):
    """A persistent button parsed back out of its custom_id: after a restart discord.py finds it
    by rebuilding the clicked message's LayoutView from the interaction's ``message``."""

    def __init__(self, n: int) -> None:
        super().__init__(ui.Button(label=f"Seat {n}", custom_id=f"v2:seat:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match):  # type: ignore[override]
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.pressed.append(f"seat {self.n}")  # type: ignore[attr-defined]
        await interaction.response.send_message(f"you took seat {self.n}", ephemeral=True)


class Board(ui.LayoutView):
    """A table's message: a Container with an accent colour holding a title, a Section with a
    button, a Section with a thumbnail, a gallery, a separator, a file and a row of buttons; then
    a Text Display outside the Container."""

    def __init__(self, bot: LayoutBot, turn: int = 1, *, gallery: tuple[str, ...] = ()) -> None:
        super().__init__(timeout=None)
        self.bot = bot
        go = ui.Button(label="Go", custom_id="v2:go", style=discord.ButtonStyle.primary)
        go.callback = self.go
        peek = ui.Button(label="Peek", custom_id="v2:peek")
        peek.callback = self.peek
        shown = ui.MediaGallery()
        for name in gallery or ("board.png",):
            shown.add_item(media=f"attachment://{name}", description=f"picture {name}")
        self.add_item(
            ui.Container(
                ui.TextDisplay(f"# Turn {turn}"),
                ui.Section(ui.TextDisplay("Your move"), accessory=peek),
                ui.Section(
                    "A corner", "of the board", accessory=ui.Thumbnail("attachment://corner.png")
                ),
                shown,
                ui.Separator(),
                ui.File("attachment://rules.txt"),
                ui.ActionRow(
                    go, Seat(2), ui.Button(label="Rules", url="https://example.org/rules")
                ),
                accent_colour=discord.Colour(ACCENT),
            )
        )
        self.add_item(ui.TextDisplay(f"-# turn {turn} of 9"))
        self.turn = turn

    async def go(self, interaction: discord.Interaction) -> None:
        """Answered by updating the message (callback type 7) with the next turn."""
        self.bot.pressed.append("go")
        await interaction.response.edit_message(view=Board(self.bot, self.turn + 1))

    async def peek(self, interaction: discord.Interaction) -> None:
        """Answered by a deferred update (type 6), then an edit of the original response."""
        self.bot.pressed.append("peek")
        await interaction.response.defer()
        await interaction.edit_original_response(view=Board(self.bot, self.turn, gallery=()))


class LayoutBot(TinyBot):
    """``/board`` answers with a Board (callback type 4), with ``words`` as content if set;
    ``/slow_board`` thinks first (type 5) and then fills the answer with a Board through a
    followup. Refusals land in ``errors``. Seat buttons are persistent (a DynamicItem)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.pressed: list[str] = []
        #: Words /board sends beside its Board (Discord refuses content on a V2 message).
        self.words: str | None = None
        bot = self

        @self.tree.command(description="Show a board")
        async def board(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message(
                    bot.words, view=Board(bot), files=board_files()
                )
            except discord.HTTPException as error:
                bot.errors.append(error)

        @self.tree.command(description="Think, then show a board")
        async def slow_board(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            try:
                await interaction.followup.send(view=Board(bot), files=board_files())
            except discord.HTTPException as error:
                bot.errors.append(error)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Seat)
        await super().setup_hook()
