"""Lobby and seats, for every game: opening a table, Join, Leave, Add AI, Start, Cancel,
Rematch, the lobby message with its buttons, and the table commands that change seats
(/table leave, /table remove). Every change of a table's life goes through `bot.model.life`."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.model import fair, life
from bot.model.limits import Limits, admit, table_limit
from bot.model.posts import Post, Refusal
from bot.model.table import LiveTable, Seat, Table, TableEdit, TableSettings
from bot.posting.controls import Click
from bot.posting.layout_view import V2_EDIT, stripped, view_for
from bot.posting.lobby_message import lobby_post
from bot.posting.outbox import Outboxes
from bot.texts.i18n import dynamic_key, resolve, t

from .answers import refuse
from .faces import Reply, TableFace
from .held import TableCache
from .presses import TableVerb
from .private_posts import PrivatePosts

log = logging.getLogger("pop.lobby")

AI_NAMES = ("Robo Ada", "Robo Bo", "Robo Cy", "Robo Di", "Robo Ed", "Robo Flo")


def require_host(table: Table, user: discord.abc.User) -> None:
    """The host, or someone who may manage threads, may run the table."""
    if user.id == table.host_id:
        return
    perms = getattr(user, "guild_permissions", None)
    if perms is not None and (perms.manage_threads or perms.administrator):
        return
    raise Refusal("refusal.host_only")


def deal(face: TableFace, edit: TableEdit, pressed: int) -> object:
    """A new game at the table (Start or Rematch, the press `pressed`), if its seats may play:
    its state, dealt from the committed secret and the ids Discord gave (`bot.model.fair`)."""
    table = edit.table
    refused = face.start_refusal(table)
    if refused is not None:
        raise refused
    deal_ = fair.dealt(table, pressed)
    seed = fair.deal_seed(deal_)
    state = face.deal(table, seed)
    life.deal(table, seed, deal_)
    return state


async def _make_thread(
    interaction: discord.Interaction, channel: discord.TextChannel, table: Table, lang: str
) -> discord.Thread | None:
    if not channel.permissions_for(channel.guild.me).create_public_threads:
        return None
    try:
        message = await interaction.original_response()
        return await message.create_thread(
            name=t(
                "table.thread_name",
                lang,
                id=table.id,
                game=t(dynamic_key("game", table.game), lang),
            ),
            auto_archive_duration=1440,
        )
    except discord.HTTPException as e:
        log.warning("table %s: no thread (%s); playing in the channel", table.id, e.status)
        return None


# --- Lobby buttons ------------------------------------------------------------------------


def _is_full(face: TableFace, table: Table) -> bool:
    return len(table.seats) >= face.seat_range(table)[1]


def _join(face: TableFace, table: Table, user: discord.abc.User, pressed: int) -> None:
    if user.id in table.removed:
        raise Refusal("refusal.removed")
    if table.seat_of_user(user.id):
        raise Refusal("refusal.already_seated")
    if _is_full(face, table):
        raise Refusal("refusal.table_full")
    seat = Seat(id=str(user.id), user_id=user.id, name=user.display_name, joined=pressed)
    table.seats.append(seat)


def _leave(_face: TableFace, table: Table, user: discord.abc.User, _pressed: int = 0) -> None:
    seat = table.seat_of_user(user.id)
    if seat is None:
        raise Refusal("refusal.not_seated")
    table.seats.remove(seat)
    if not any(s.user_id for s in table.seats):
        life.cancel(table)  # nobody left to play
    elif user.id == table.host_id:
        table.host_id = next(s.user_id for s in table.seats if s.user_id)


def _add_ai(face: TableFace, table: Table, user: discord.abc.User, pressed: int) -> None:
    require_host(table, user)
    if _is_full(face, table):
        raise Refusal("refusal.table_full")
    ai_id = table.next_ai_id()
    number = int(ai_id[3:])
    name = AI_NAMES[number - 1] if number <= len(AI_NAMES) else f"Robo {number}"
    table.seats.append(Seat(id=ai_id, name=name, ai=True, joined=pressed))


def _cancel(_face: TableFace, table: Table, user: discord.abc.User, _pressed: int) -> None:
    require_host(table, user)
    life.cancel(table)


def _start(face: TableFace, edit: TableEdit, user: discord.abc.User, pressed: int) -> object:
    table = edit.table
    require_host(table, user)
    low, high = face.seat_range(table)
    if not low <= len(table.seats) <= high:
        mode = face.mode_name(table, table.lang())
        raise Refusal("refusal.seat_count", low=low, high=high, mode=mode)
    return deal(face, edit, pressed)


# Each change gets the press's interaction id: a seat's join id (docs/fair-deals.md).
LOBBY_CHANGES: dict[str, Callable[[TableFace, Table, discord.abc.User, int], None]] = {
    "join": _join,
    "leave": _leave,
    "addai": _add_ai,
    "cancel": _cancel,
}
# --- /table leave, /table remove ----------------------------------------------------------


class Lobby:
    """Opening a table, its lobby's buttons, Rematch, and seats given up or taken away."""

    def __init__(
        self,
        held: TableCache,
        limits: Limits,
        outboxes: Outboxes,
        privates: PrivatePosts,
        dealt: Callable[[LiveTable], None],
        drive_ai: Callable[[int], Awaitable[None]],
    ) -> None:
        self.held = held
        self.limits = limits  # the open tables a user, a channel, a server may have
        self.outboxes = outboxes
        self.privates = privates
        self.dealt = dealt  # a game was dealt: the face speaks, AI seats act, its turn shows
        self.drive_ai = drive_ai
        # The server's challenges (`bot.tables.challenges.Challenges`, set by the table layer,
        # which builds them on this lobby): a game's commands open its daily one through them.
        self.challenges: Any = None

    def verbs(self) -> dict[str, TableVerb]:
        """The table layer's own controls: the lobby's buttons and Rematch."""
        return {
            **{verb: self.on_lobby_click for verb in (*LOBBY_CHANGES, "start")},
            "rematch": self.on_rematch,
        }

    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        options: dict[str, Any],
        settings: TableSettings,
    ) -> None:
        """`/<game> new`: a table in its own thread (or here, where threads are not possible)."""
        user = interaction.user
        channel = interaction.channel
        assert interaction.guild_id is not None
        assert interaction.channel_id is not None
        host = Seat(id=str(user.id), user_id=user.id, name=user.display_name, joined=interaction.id)
        table = Table(
            game=game,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=user.id,
            options=options,
            settings=settings,
            seats=[host],
            locale=str(interaction.guild_locale or "en").split("-")[0],
            fair=fair.committed(),  # before any other seat's id exists
        )
        if isinstance(channel, discord.Thread):
            life.moved_to_thread(table, channel.id)
        try:
            table = (await self.insert_within_limits(table)).table
        except Refusal as too_many:
            await refuse(interaction, too_many)
            return
        lang = table.lang()
        opened = {
            "host": user.mention,
            "id": table.id,
            "mode": self.held.face(table).mode_name(table, lang),
            "game": t(dynamic_key("game", game), lang),
        }
        await interaction.response.send_message(t("table.opened", lang, **opened))
        if table.thread_id is None:
            await self._into_thread(interaction, table, opened)
        self.outboxes.of(table.id).kick()

    async def insert_within_limits(self, table: Table, state: object = None) -> LiveTable:
        """A new table (a private game with its state), if its host may open it, else the
        Refusal saying which limit. Refused at once by the server's open tables as this process
        knows them (no query), then checked again in the insert's own transaction, under the
        server's lock: many `/… new` at once, of any game, in one process or several, never open
        more than the limits allow."""
        known = await self.held.open_tables.of(table.guild_id)
        refused = table_limit(
            self.limits, known, table.host_id, table.channel_id, private=table.private
        )
        if refused is not None:
            raise refused
        return await self.held.insert(table, state, admit(self.limits, table))

    async def _into_thread(
        self, interaction: discord.Interaction, table: Table, opened: dict[str, Any]
    ) -> None:
        """The new table moves to a thread of its own; where Discord gives none, it plays in the
        channel: the answer says so, and the host is told (privately) which permission is missing."""
        lang = table.lang()
        channel = interaction.channel
        thread = None
        if isinstance(channel, discord.TextChannel):
            thread = await _make_thread(interaction, channel, table, lang)
        if thread is not None:
            async with self.held.editing(table.id) as edit:
                life.moved_to_thread(edit.table, thread.id)
                await self.held.commit(edit)
            return
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=t("table.opened_here", lang, **opened))
            if isinstance(channel, discord.TextChannel):  # a channel that could have threads
                told = t("table.no_thread", lang, game=opened["game"], id=table.id)
                await interaction.followup.send(told, ephemeral=True)

    async def on_lobby_click(
        self, interaction: discord.Interaction, reply: Reply, click: Click
    ) -> None:
        async with self.held.editing(click.table_id) as edit:
            table = edit.table
            if table.status != "lobby" or click.epoch != table.epoch:
                raise Refusal("refusal.lobby_closed")
            state = None
            # A challenge's group (`bot.tables.challenge_groups`): a seat takes its member's
            # one entry, and Start deals the challenge's deal.
            group = self.challenges.groups if table.challenge is not None else None
            if click.verb == "start":
                state = (
                    await group.start(edit, interaction.user)
                    if group is not None
                    else _start(self.held.face(edit.table), edit, interaction.user, interaction.id)
                )
            elif click.verb == "join" and group is not None:
                await group.take_seat(edit, interaction.user, interaction.id)
            else:
                LOBBY_CHANGES[click.verb](
                    self.held.face(table), table, interaction.user, interaction.id
                )
            table = await self.held.commit(edit, state)
        post = lobby_post(self.held.face(table), table)
        await reply.edit_message(view=view_for(table, post), **V2_EDIT)
        if table.status == "playing":
            self.dealt(await self.held.live(table.id))

    async def on_rematch(
        self, interaction: discord.Interaction, reply: Reply, click: Click
    ) -> None:
        async with self.held.editing(click.table_id) as edit:
            table = edit.table
            if table.status != "finished" or click.epoch != table.epoch:
                raise Refusal("refusal.stale")
            if table.challenge is not None and not table.private:  # one entry, one game
                raise Refusal("refusal.stale")
            if table.tournament is not None:  # the next round pairs the next games
                raise Refusal("refusal.stale")
            if interaction.user.id in table.removed:
                raise Refusal("refusal.removed")
            if table.seat_of_user(interaction.user.id) is None:
                raise Refusal("refusal.not_seated")
            state = deal(self.held.face(edit.table), edit, interaction.id)
            # Try again opens a private game anew: within its player's limit of them
            within = admit(self.limits, table) if table.private else None
            table = await self.held.commit(edit, state, admit=within)
        live = await self.held.live(table.id)
        if table.private:  # a private game (Pop's Enigma): try again, privately
            await reply.defer(ephemeral=True, thinking=True)
            await self.privates.show(interaction, live, table.seats[0])
            return
        if interaction.message is not None:  # the results lose their Rematch
            await reply.edit_message(**stripped(interaction.message, table))
        lang = table.lang()
        said = [
            t("table.rematch", lang, user=interaction.user.mention),
            fair.commitment_line(table, lang),
            fair.inputs_line(table, lang),
        ]
        told = Post("\n".join(s for s in said if s))
        await interaction.followup.send(view=view_for(table, told))
        self.dealt(live)

    async def unseat(
        self, interaction: discord.Interaction, player: discord.abc.User, *, by_host: bool
    ) -> None:
        """Leave a lobby, or hand one's seat in a running game to the AI (or the host takes a
        player's seat away: they stay away, `Table.removed`). Leaving one's private game ends it
        (no AI plays a private seat)."""
        assert interaction.channel_id is not None
        found = [
            tb
            for tb in await self.held.store.tables_in(interaction.channel_id)
            if (
                tb.seat_of_user(player.id)
                and player.id not in tb.removed
                and tb.visible_to(interaction.user.id)
            )
        ]
        if not found:
            raise Refusal("refusal.not_seated")
        async with self.held.editing(found[0].id) as edit:
            table = edit.table
            if by_host:
                require_host(table, interaction.user)
            seat = table.seat_of_user(player.id)
            assert seat is not None
            if table.private:
                life.end_private(table)
                table = await self.held.commit(edit)
                said = t("table.left_private", resolve(interaction.locale), id=table.id)
                await interaction.response.send_message(said, ephemeral=True)
                return
            if by_host and player.id != interaction.user.id:  # removing oneself is leaving
                table.removed.append(player.id)
                seat.private = None  # their open hand is no longer theirs to keep up to date
            if table.status == "lobby":
                _leave(self.held.face(table), table, player)
            else:
                seat.ai = True  # the game goes on: an AI plays the seat
            table = await self.held.commit(edit)
        key = "table.removed" if by_host else "table.left"
        await interaction.response.send_message(t(key, table.lang(), name=seat.text_name))
        if table.status in ("lobby", "cancelled") and table.lobby_message_id:
            self.outboxes.of(table.id).refresh_lobby()
        elif table.status == "playing":
            await self.drive_ai(table.id)
