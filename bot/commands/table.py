"""The slash commands of the table layer, the same for every game: `/table show|leave|remove|
record`, `/stats [user] [game]`, `/leaderboard [game]`, `/history [user] [game]` (those three in
`bot.commands.records`), `/settings pings on|off` and `/help`. Each game adds its own group
(`/<game> new`, `/<game> rules`, …) from its face.

Names, descriptions and choices are `locale_str`s with their catalogue keys (`command.*`,
`option.*`, `choice.*`): `PopTranslator` (bot/i18n.py) gives Discord their translations. Replies
outside a table speak the user's language (`interaction.locale`).
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.model import fair
from bot.model.posts import Refusal
from bot.model.table import ACTIVE, LiveTable
from bot.posting.layout_view import picture_files, view_for
from bot.storage.store import SqlStore
from bot.tables.answers import refuse
from bot.tables.channels import pause_notice
from bot.tables.faces import TableFace
from bot.tables.lobby import Lobby
from bot.texts.i18n import DEFAULT_LANGUAGE, DYNAMIC_KEYS, dynamic_key, languages, resolve, t
from bot.texts.translator import command_str

from .records import record_commands

_ = command_str


def user_lang(interaction: discord.Interaction) -> str:
    """The user's language, as a shipped catalogue."""
    return resolve(interaction.locale)


def command_names(lang: str) -> dict[str, str]:
    """The slash commands a text names, as the player's Discord shows them in `lang` (their
    localised names): `{pop_new}` is "/pop nowy" in Polish, `{table_show}` "/stół pokaż"."""
    new, rules = t("command.new.name", lang), t("command.rules.name", lang)
    table = t("command.table.name", lang)
    names = {
        f"{game}_new": f"/{game} {new}" for game in ("pop", "coloretto", "colorpop", "colourist")
    }
    names |= {f"{game}_rules": f"/{game} {rules}" for game in ("pop", "coloretto")}
    return names | {
        "pop_enigma": f"/pop {t('command.enigma.name', lang)}",
        "table_show": f"/{table} {t('command.show.name', lang)}",
        "table_leave": f"/{table} {t('command.leave.name', lang)}",
        "table_record": fair.record_command(lang),
        "stats": f"/{t('command.stats.name', lang)}",
        "leaderboard": f"/{t('command.leaderboard.name', lang)}",
        "history": f"/{t('command.history.name', lang)}",
        "settings_pings": f"/{t('command.settings.name', lang)} {t('command.pings.name', lang)}",
        "challenge_new": f"/{t('command.challenge.name', lang)} {new}",
        "server_seasons": f"/{t('command.server.name', lang)} {t('command.seasons.name', lang)}",
        "tournament_new": f"/{t('command.tournament.name', lang)} {new}",
    }


def language_choices() -> list[Choice[str]]:
    """The shipped catalogues, each named in its own language."""
    return [Choice(name=t("language.name", code), value=code) for code in languages()]


def choices(family: str) -> list[Choice[str]]:
    """A declared family of keys as a command option's choices, translated (English too: its
    name is en.json's, "short track", not the value "short")."""
    return [catalogue_choice(family, value) for value in DYNAMIC_KEYS[family]]


def catalogue_choice(family: str, value: str) -> Choice[str]:
    """A choice named by its family's key in every language, English included."""
    key = dynamic_key(family, value)
    return Choice(name=_(t(key, DEFAULT_LANGUAGE), key), value=value)


class TableCommands(app_commands.Group):
    """/table: the table that plays here, whatever its game."""

    def __init__(self, lobby: Lobby, paused: Callable[[int], None]) -> None:
        super().__init__(
            name=_("table", "command.table.name"),
            description=_("The game table here", "command.table.group"),
            guild_only=True,
        )
        self.lobby = lobby  # the tables, and the seats given up or taken away
        self.held = lobby.held
        self.paused = paused  # a player asked for a paused table: it may try again

    @app_commands.command(
        name=_("show", "command.show.name"),
        description=_("Show the state of the table here", "command.table.description"),
    )
    async def show(self, interaction: discord.Interaction) -> None:
        """The tables here, privately; a seated player's game comes with its turn's controls
        (whatever became of the turn's message)."""
        assert interaction.channel_id is not None
        tables = [
            tb
            for tb in await self.held.store.tables_in(interaction.channel_id)
            if tb.visible_to(interaction.user.id)
        ]
        if not tables:
            await interaction.response.send_message(
                none_here(user_lang(interaction)), ephemeral=True
            )
            return
        shown = [await self.held.live(found.id) for found in tables]
        for live in shown:
            if live.table.paused and live.table.status == "playing":
                self.paused(live.table.id)  # asking is a moment to try again
        mine = next(
            (
                live
                for live in shown
                if live.table.status == "playing"
                and not live.table.paused  # its notice, not controls that cannot work
                and live.state is not None
                and live.table.seat_of_user(interaction.user.id) is not None
                and interaction.user.id not in live.table.removed  # a seat the host took
            ),
            None,
        )
        if mine is not None:
            await self._show_turn(interaction, mine)
            return
        text = "\n\n".join(_table_shown(self.held.face(live.table), live) for live in shown)
        await interaction.response.send_message(text, ephemeral=True)

    async def _show_turn(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """The turn's table message, privately, with its buttons (they work from here too)."""
        face = self.held.face(live.table)
        now = live.as_now()
        post = await asyncio.to_thread(face.table_post, now, now.table.lang())
        await interaction.response.send_message(
            files=picture_files(post), view=view_for(live.table, post), ephemeral=True
        )

    @app_commands.command(
        name=_("leave", "command.leave.name"),
        description=_("Leave the table here", "command.leave.description"),
    )
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            await self.lobby.unseat(interaction, interaction.user, by_host=False)
        except Refusal as no:
            await refuse(interaction, no)

    @app_commands.command(
        name=_("remove", "command.remove.name"),
        description=_(
            "Host: take a player's seat away (an AI plays it)", "command.remove.description"
        ),
    )
    @app_commands.describe(player=_("the player whose seat to remove", "option.remove.player"))
    async def remove(self, interaction: discord.Interaction, player: discord.Member) -> None:
        try:
            await self.lobby.unseat(interaction, player, by_host=True)
        except Refusal as no:
            await refuse(interaction, no)

    @app_commands.command(
        name=_("record", "command.record.name"),
        description=_(
            "The last game's record at the table here, with the proof of its deal",
            "command.record.description",
        ),
    )
    async def record(self, interaction: discord.Interaction) -> None:
        """The game's record as a file, once the game is over, with its deal's proof
        (`fairness.json`, docs/fair-deals.md). While it runs the record would show what is
        still secret (hands, the pile; the proof, every deal to come): a private answer says
        when."""
        assert interaction.channel_id is not None
        statuses = (*ACTIVE, "finished", "cancelled")
        tables = [
            tb
            for tb in await self.held.store.tables_in(interaction.channel_id, statuses)
            if tb.games and tb.visible_to(interaction.user.id)
        ]
        if not tables:
            await interaction.response.send_message(
                none_here(user_lang(interaction)), ephemeral=True
            )
            return
        live = await self.held.live(tables[-1].id)
        table = live.table
        face = self.held.face(table)
        later = await self._not_yet(live, face, user_lang(interaction))
        if later is not None:
            await interaction.response.send_message(later, ephemeral=True)
            return
        record = json.dumps(face.export_record(live.state), indent=1).encode()
        lang = table.lang()
        files = [discord.File(io.BytesIO(record), filename=f"{table.game}-table-{table.id}.json")]
        said = t(
            "table.record",
            lang,
            id=table.id,
            format=face.record_format,
            game=t(dynamic_key("game", table.game), lang),
        )
        proof = fair.proof(table)  # the game is over: its secret may be shown now
        if proof is not None:
            files.append(discord.File(io.BytesIO(proof), filename="fairness.json"))
            said += "\n" + t("fair.record", lang)
        # A private game's record is its player's alone (a daily puzzle's holds its solution)
        await interaction.response.send_message(said, files=files, ephemeral=table.private)

    async def _not_yet(self, live: LiveTable, face: TableFace, lang: str) -> str | None:
        """Why the record waits (None: it is given now): the game is not over, or the table
        is an entry of a challenge still running, whose deal every other entry plays too (not
        a private one: an Enigma's record is its player's, and it has no proof)."""
        table = live.table
        if live.state is None or face.outcome(live.state) is None:
            return t(face.record_later_key, lang, id=table.id)
        if table.challenge is None or table.private:
            return None
        challenge = await self.held.store.challenge(table.challenge)
        if challenge is not None and challenge.stage == "open":
            return t("challenge.record_later", lang, id=table.challenge)
        return None


class SettingsCommands(app_commands.Group):
    """/settings: what a person asks of the bot for themselves, wherever they play."""

    def __init__(self, store: SqlStore) -> None:
        super().__init__(
            name=_("settings", "command.settings.name"),
            description=_("Your own settings for every table", "command.settings.group"),
        )
        self.store = store

    @app_commands.command(
        name=_("pings", "command.pings.name"),
        description=_(
            "Whether the bot mentions you when it is your turn", "command.pings.description"
        ),
    )
    @app_commands.describe(
        state=_("on: mentioned when your turn begins; off: never", "option.pings.state")
    )
    @app_commands.choices(state=choices("choice.pings"))
    async def pings(self, interaction: discord.Interaction, state: str) -> None:
        """Stored at once: the next turn's message, and any reminder, follow it."""
        on = state == "on"
        await self.store.set_pings(interaction.user.id, on)
        lang = user_lang(interaction)
        text = t("settings.pings_on", lang) if on else t("settings.pings_off", lang)
        await interaction.response.send_message(text, ephemeral=True)


def none_here(lang: str) -> str:
    return t("table.none_here", lang, **command_names(lang))


def _table_shown(face: TableFace, live: LiveTable) -> str:
    """The table as it stands; first, why it stopped, when Discord stopped it."""
    table = live.table
    lang = table.lang()
    shown = face.lobby_text(table, lang) if live.state is None else face.table_text(live, lang)
    if table.paused:
        return pause_notice(table, table.paused) + "\n" + shown
    return shown


def game_choices(faces: Mapping[str, TableFace]) -> list[Choice[str]]:
    """The games hosted, each by its name ("Pop", not the key "pop")."""
    return [catalogue_choice("game", key) for key in faces]


def general_commands(
    lobby: Lobby, paused: Callable[[int], None], faces: Mapping[str, TableFace]
) -> list[app_commands.Command[Any, ..., None] | app_commands.Group]:
    """/table, /stats, /leaderboard, /history, /settings and /help."""
    games = game_choices(faces)

    @app_commands.command(
        name=_("help", "command.help.name"),
        description=_("How to play the colour games with this bot", "command.help.description"),
    )
    async def help_(interaction: discord.Interaction) -> None:
        lang = user_lang(interaction)
        await interaction.response.send_message(
            t("help", lang, **command_names(lang)), ephemeral=True
        )

    store = lobby.held.store
    return [
        TableCommands(lobby, paused),
        *record_commands(store, faces, games),
        SettingsCommands(store),
        help_,
    ]
