"""The Discord client: slash commands, persistent controls, and every table (`bot.core`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.commands.challenge import challenge_commands
from bot.commands.seasons import server_commands
from bot.commands.table import general_commands
from bot.commands.tournament import tournament_commands
from bot.games import GAMES, faces
from bot.games.entry import draw_record
from bot.posting.budget import Budget, InvalidRequests, http_trace, process_share
from bot.posting.controls import is_ours, on_message, parse
from bot.tables import workers
from bot.tables.chat import Heard
from bot.tables.layer import Options, TableLayer
from bot.tables.replay_view import ReplayTools
from bot.texts.i18n import resolve, t
from bot.texts.translator import PopTranslator

from .heartbeat import Heartbeat
from .open_store import open_store
from .settings import Settings

log = logging.getLogger("pop.client")


def replay_tools() -> dict[str, ReplayTools]:
    """The games whose finished games offer Replay: those that draw their records."""
    found = {}
    for key, entry in GAMES.items():
        render = entry.tools.render
        if render is not None:
            every = ReplayTools(partial(draw_record, render))
            starts = entry.tools.starts_turn
            found[key] = every if starts is None else ReplayTools(every.draw, starts)
    return found


def all_commands(tables: TableLayer, settings: Any) -> list[Any]:
    """Every slash command: the table layer's, then each game's group."""
    games = faces()
    return [
        *general_commands(tables.lobby, tables.channels.try_again, games),
        challenge_commands(tables.challenges, games),
        server_commands(tables.seasons),
        tournament_commands(tables.tournaments, games),
        *(face.commands(tables.lobby, settings) for face in games.values()),
    ]


class PopBot(discord.Client):
    def __init__(self, settings: Settings, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = settings.message_content  # cooperative table talk
        # Every request takes a token from the budget as it leaves; every answer is checked for the
        # invalid ones (401, 403, 429) Discord bans a bot for. Sharded processes split the
        # token's rate by their share of the shards (bot/running/sharding.py).
        self.budget = Budget(
            process_share(settings.request_rate, settings.shard_ids, settings.shard_count)
        )
        self.invalid_requests = InvalidRequests(on_global_limit=self.budget.slow_down)
        # options: shard_count and shard_ids when a subclass runs shards (bot/running/sharding.py)
        # Nobody is pinged unless a message names them (`bot.posting.pings`: whose turn it is).
        super().__init__(
            intents=intents,
            http_trace=http_trace(self.budget, self.invalid_requests),
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.settings = settings
        if settings.picture_workers is not None:
            workers.PICTURES.size = settings.picture_workers
        self.store = open_store(settings)
        self.tables = TableLayer(
            self,
            self.store,
            faces(),
            Options(
                step_delay=settings.step_delay,
                limits=settings.limits(),
                idle_after=settings.idle_after,
                share=process_share(1.0, settings.shard_ids, settings.shard_count),
                reads_chat=settings.message_content,
            ),
            budget=self.budget,
            invalid_requests=self.invalid_requests,
            replays=replay_tools(),
            reviews=[key for key, entry in GAMES.items() if entry.reviews],
        )
        self.tree = app_commands.CommandTree(self)
        for command in all_commands(self.tables, settings):
            self.tree.add_command(command)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        # A user's commands count against their click rate too (a script repeating /pop new).
        self.tree.interaction_check = self.tables.presses.at_a_persons_pace  # type: ignore[method-assign]
        self._resumed = False
        self.heartbeat: Heartbeat | None = None
        self.heard = Heard()  # each version of a chat line is read once (new, or edited)

    async def setup_hook(self) -> None:
        await self.store.open()
        # What `pop-bot check --alive` reads, from another process: this loop turns, and
        # whether each shard's gateway is up.
        count, shards = self.settings.shards()
        self.heartbeat = Heartbeat(
            self.store, count, shards, self.gateway_up, self.settings.heartbeat_every
        )
        self.heartbeat.start()
        # SIGTERM (docker stop, systemd): finish the step being posted, commit, close.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._on_sigterm)
        # Buttons of every table, old messages included, work again after a restart.
        self.add_dynamic_items(self.tables.control)
        await self.tree.set_translator(PopTranslator())  # localised names, before the sync
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def gateway_up(self, _shard: int) -> bool:
        """Whether the connection to Discord's gateway is open (the one shard of this bot)."""
        return self.ws is not None and self.ws.open

    def _on_sigterm(self) -> None:
        log.info("SIGTERM: shutting down gracefully")
        self.tables.stopping = True  # at once: work failing as the workers go is the stop's
        self._sigterm_close = asyncio.create_task(self.close())

    async def on_ready(self) -> None:
        if not self._resumed:
            self._resumed = True
            await self.tables.resume_all()
        log.info("ready as %s in %d guilds", self.user, len(self.guilds))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click discord.py would drop silently (forged, malformed): a polite answer."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
        if not is_ours(custom_id, self.tables.held.faces) or on_message(
            custom_id, interaction.message
        ):
            return  # not ours, or one of the message's controls: `TableControl` answers it
        log.info("refused a button id not on its message from user %s", interaction.user.id)
        no = await self.tables.presses.not_a_control(parse(custom_id), interaction.user.id)
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(
                t(no.key, resolve(interaction.locale), **no.values), ephemeral=True
            )

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not self.heard.first_time(message):
            return
        await self.tables.channels.on_chat(message)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """An edited chat line is read again, as a new one: a line let through cannot be
        edited into what a table's rules remove. An update of a line never edited (a link's
        preview, a pin) is not; nor are words already read (`Heard`)."""
        if payload.message.edited_at is not None:
            await self.on_message(payload.message)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        await self.tables.channels.message_deleted(payload.channel_id, payload.message_id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.tables.channels.thread_deleted(payload.thread_id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread was unarchived (a moderator, or a post): tables paused there go on."""
        if not payload.data["thread_metadata"].get("archived", False):
            self.tables.channels.retry_paused(payload.guild_id)

    # Permissions may have come back: paused tables try again.
    async def on_guild_channel_update(
        self, _before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        self.tables.channels.retry_paused(after.guild.id)

    async def on_guild_role_update(self, _before: discord.Role, after: discord.Role) -> None:
        self.tables.channels.retry_paused(after.guild.id)

    async def on_member_update(self, _before: discord.Member, after: discord.Member) -> None:
        if self.user is not None and after.id == self.user.id:
            self.tables.channels.retry_paused(after.guild.id)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error("command failed", exc_info=error)
        await self._apologise(interaction)

    async def on_error(self, event: str, *_args: Any, **_kwargs: Any) -> None:
        log.exception("error in %s", event)

    async def _apologise(self, interaction: discord.Interaction) -> None:
        try:
            if interaction.response.is_done():
                await interaction.followup.send(
                    t("error.generic", resolve(interaction.locale)), ephemeral=True
                )
            else:
                await interaction.response.send_message(
                    t("error.generic", resolve(interaction.locale)), ephemeral=True
                )
        except discord.HTTPException:
            pass

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        try:
            await super().start(token, reconnect=reconnect)
        finally:  # the main task, never cancelled by the shutdown: the database closes here
            if self.heartbeat is not None:
                await self.heartbeat.stop()
            await self.store.close()
            log.info("closed")

    async def close(self) -> None:
        """Let each outbox finish the step it is posting, then close the gateway (everything a
        player was told is already committed; `start` closes the database last)."""
        await self.tables.shutdown()
        await super().close()
