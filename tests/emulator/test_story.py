"""An end-to-end story with a small table bot whose buttons survive a restart, the shape the
real Pop bot will have: persistent DynamicItem buttons, secret hands as ephemeral followups."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from tests.discord_emulator import Emulator


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"table:(?P<id>\d+):join"):
    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"table:{table_id}:join"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        seats = interaction.client.tables[self.table_id]
        if interaction.user.name in seats:
            await interaction.response.send_message("You are already seated.", ephemeral=True)
            return
        seats.append(interaction.user.name)
        view = discord.ui.View(timeout=None).add_item(JoinButton(self.table_id))
        await interaction.response.edit_message(
            content=f"Table {self.table_id}: {', '.join(seats)}", view=view
        )
        await interaction.followup.send(f"Your hand: {len(seats)} cards", ephemeral=True)


class TableBot(discord.Client):
    def __init__(self, tables: dict[int, list[str]]) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tables = tables  # stands in for the database, which survives restarts
        self.tree = app_commands.CommandTree(self)
        table = app_commands.Group(name="table", description="Tables")

        @table.command(description="Open a table")
        async def new(interaction: discord.Interaction) -> None:
            table_id = len(self.tables) + 1
            self.tables[table_id] = [interaction.user.name]
            view = discord.ui.View(timeout=None).add_item(JoinButton(table_id))
            await interaction.response.send_message(
                f"Table {table_id}: {interaction.user.name}", view=view
            )

        self.tree.add_command(table)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        await self.tree.sync()


async def test_ana_opens_ben_joins_the_bot_restarts_cleo_joins(emu: Emulator, world, start_bot):
    tables: dict[int, list[str]] = {}
    bot = await start_bot(lambda: TableBot(tables))
    ana, ben, cleo = world.ana, world.ben, world.cleo

    table = (await ana.slash("table", "new")).message
    assert table.content == "Table 1: ana"
    assert table.button_labels == ["Join"]

    joined = await ben.click(table, label="Join")
    assert table.content == "Table 1: ana, ben"
    [hand] = await joined.wait_followups(1)
    assert hand.content == "Your hand: 2 cards"
    assert hand in ben.visible_messages()
    assert hand not in ana.visible_messages()

    await bot.restart()
    await cleo.click(table, label="Join")
    assert table.content == "Table 1: ana, ben, cleo"

    again = await ben.click(table, label="Join")
    assert again.message.content == "You are already seated."
    assert [m.content for m in ben.ephemeral_messages()] == [
        "Your hand: 2 cards",
        "You are already seated.",
    ]
    assert cleo.ephemeral_messages()[0].content == "Your hand: 3 cards"
