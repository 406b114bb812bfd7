"""A tiny bot for the emulator's own tests: /hello answers ephemerally with a PNG and a button;
the button edits that message. Plus a few knobs the rule tests turn (slow answers, spam)."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from PIL import Image


def tiny_png(colour: str = "red") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(buffer, format="PNG")
    return buffer.getvalue()


class Counter(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.clicks = 0

    @discord.ui.button(label="Count", custom_id="tiny:count", style=discord.ButtonStyle.primary)
    async def count(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.clicks += 1
        await interaction.response.edit_message(content=f"clicked {self.clicks} times", view=self)


class Flavours(discord.ui.View):
    @discord.ui.select(
        custom_id="tiny:flavour",
        placeholder="Flavour",
        options=[
            discord.SelectOption(label="Lemon", value="lemon"),
            discord.SelectOption(label="Cherry", value="cherry"),
        ],
    )
    async def flavour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"you chose {select.values[0]}", view=None)


class Reply(discord.ui.View):
    """A click answered with a new message (callback type 4), not an edit."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Reply", custom_id="tiny:reply")
    async def reply(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("a reply to your click")
        await interaction.followup.send("and a followup", wait=True)


class Rename(discord.ui.Modal, title="Rename the table"):
    name = discord.ui.TextInput(label="New name", custom_id="tiny:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}")


class TinyBot(discord.Client):
    """Records what happened so tests can assert on the bot's side too."""

    def __init__(self, *, sync: bool = True, intents: discord.Intents | None = None) -> None:
        super().__init__(intents=intents or discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.sync = sync
        self.errors: list[BaseException] = []
        self.seen_messages: list[discord.Message] = []
        self.edits: list[discord.RawMessageUpdateEvent] = []
        self.delay = 0.0
        self.interactions: list[discord.Interaction] = []
        self._register()

    async def setup_hook(self) -> None:
        if self.sync:
            await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        self.edits.append(payload)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction)

    def _register(self) -> None:
        bot = self

        @self.tree.command(description="Say hello with a picture")
        async def hello(interaction: discord.Interaction) -> None:
            try:
                if bot.delay:
                    await asyncio.sleep(bot.delay)
                picture = discord.File(
                    io.BytesIO(tiny_png()), "hello.png", description="a red square"
                )
                await interaction.response.send_message(
                    "hello", file=picture, view=Counter(), ephemeral=True
                )
            except discord.HTTPException as error:
                bot.errors.append(error)

        group = app_commands.Group(name="pop", description="Pop")

        @group.command(description="Open a table")
        @app_commands.choices(
            mode=[
                app_commands.Choice(name="co-op", value="coop"),
                app_commands.Choice(name="versus", value="versus"),
            ]
        )
        async def new(interaction: discord.Interaction, mode: str, seats: int = 4) -> None:
            await interaction.response.send_message(f"table {mode} for {seats}")

        self.tree.add_command(group)

        @self.tree.command(description="Pick a flavour")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pick one", view=Flavours())

        @self.tree.command(description="Ask for a reply")
        async def ask(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("click to get a reply", view=Reply())

        @self.tree.command(description="Rename with a form")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Rename())

        async def durations(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            if bot.delay:
                await asyncio.sleep(bot.delay)
            return [
                app_commands.Choice(name=f"{d} (suggested)", value=d)
                for d in ("10m", "1h", "24h")
                if d.startswith(current)
            ]

        @self.tree.command(description="Remind me later")
        @app_commands.autocomplete(duration=durations)
        async def later(interaction: discord.Interaction, duration: str, note: str = "") -> None:
            await interaction.response.send_message(f"in {duration}: {note}", ephemeral=True)

        @self.tree.command(description="Thinks, then answers")
        async def think(interaction: discord.Interaction, secret: bool = False) -> None:
            await interaction.response.defer(ephemeral=secret, thinking=True)
            await asyncio.sleep(bot.delay)
            try:
                await interaction.followup.send("done thinking")
            except discord.HTTPException as error:
                bot.errors.append(error)
