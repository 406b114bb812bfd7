"""A challenge played in groups (`ChallengeKind.group`): each group is an ordinary table lobby
(`bot.tables.lobby`) in a thread of its own, with exactly the challenge's seats
(`Table.group_seats`). Play (or `/challenge play`) joins the oldest group still taking
members, or opens one; its Join button seats a member too. Each member who takes a seat uses
up their one entry (`claim`, over the entries' key); leaving the lobby before its start gives
it back (`settle`, after every change of a group's lobby, whoever made it: Leave, Cancel,
`/table leave` or `/table remove`, a deleted thread). Once every seat is taken (Add AI fills
one), the host's Start deals the challenge's committed deal: every group plays the same game.
A lobby is a table like any other: stored, it survives a restart with its entries."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.model import life
from bot.model.challenge import Challenge
from bot.model.posts import Refusal
from bot.model.table import ACTIVE, FairDeal, Table, TableEdit
from bot.texts.i18n import resolve, t

from .challenge_entries import challenge_table, dealt_from, member_seat
from .lobby import LOBBY_CHANGES, Lobby, require_host

log = logging.getLogger("pop.challenges")


def group_table(challenge: Challenge, user: discord.abc.User) -> Table:
    """A new group's table, in its lobby: the member who opens it is its host and first seat;
    it shows the challenge's seal (its deal is the challenge's, dealt at Start)."""
    return challenge_table(
        challenge,
        user,
        [member_seat(user)],
        group_seats=challenge.seats,
        fair=FairDeal(secret=challenge.deal.secret),
    )


def _taking_members(table: Table, user_id: int) -> bool:
    return (
        table.status == "lobby"
        and len(table.seats) < (table.group_seats or 0)
        and user_id not in table.removed
    )


def _left(table: Table, user_id: int) -> bool:
    """Has the member left that group before its start (or was it cancelled)?"""
    if table.games:
        return False
    return table.status == "cancelled" or table.seat_of_user(user_id) is None


class Groups:
    """The groups of the challenges played in groups."""

    def __init__(
        self,
        lobby: Lobby,
        into_thread: Callable[[Table, Challenge], Awaitable[int]],
        is_open: Callable[[Challenge], bool],
    ) -> None:
        self.lobby = lobby  # the limits, the insert, the lobby messages
        self.held = lobby.held
        self.store = lobby.held.store
        self.into_thread = into_thread  # a table's own thread beside the standings
        self.is_open = is_open  # the challenge still takes entries (on the layer's clock)

    # --- Play --------------------------------------------------------------------------------

    async def play(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """The member joins the oldest group still taking members, or opens a new one; they
        are told privately where it plays."""
        user = interaction.user
        for table in await self.store.challenge_tables(challenge.id):
            if _taking_members(table, user.id) and await self._join(interaction, table.id):
                await self._tell(interaction, challenge, table, opened=False)
                return
        await self._open(interaction, challenge)

    async def _join(self, interaction: discord.Interaction, table_id: int) -> bool:
        """Seated at that group (False: it stopped taking members meanwhile)."""
        async with self.held.editing(table_id) as edit:
            if not _taking_members(edit.table, interaction.user.id):
                return False
            await self.take_seat(edit, interaction.user, interaction.id)
            await self.held.commit(edit)
        self.lobby.outboxes.of(table_id).refresh_lobby()
        return True

    async def _open(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """A new group, its lobby in a thread of its own (within the server's limits)."""
        user = interaction.user
        await self.claim(challenge, user.id, None)
        try:
            live = await self.lobby.insert_within_limits(group_table(challenge, user))
        except Refusal:
            await self.store.drop_entry(challenge.id, user.id, 1)
            raise
        table = live.table
        await self.store.entry_opened(challenge.id, user.id, 1, table.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.into_thread(table, challenge)
        self.lobby.outboxes.of(table.id).kick()  # its lobby message
        await self._tell(interaction, challenge, table, opened=True)

    async def _tell(
        self, interaction: discord.Interaction, challenge: Challenge, table: Table, opened: bool
    ) -> None:
        """The member told privately where their group plays (`opened`: they opened it)."""
        where = f"<#{(await self.held.live(table.id)).table.where}>"
        key = "challenge.group_opened" if opened else "challenge.group_joined"
        said = t(key, resolve(interaction.locale), id=challenge.id, where=where)
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.edit_original_response(content=said)
            else:
                await interaction.response.send_message(said, ephemeral=True)

    # --- Entries -----------------------------------------------------------------------------

    async def take_seat(self, edit: TableEdit, user: discord.abc.User, pressed: int) -> None:
        """A member takes a seat in a group's lobby (its Join, or Play), with their entry."""
        table = edit.table
        challenge = await self._open_challenge(table.challenge)
        await self.claim(challenge, user.id, table.id)
        try:
            LOBBY_CHANGES["join"](self.held.face(table), table, user, pressed)
        except Refusal:
            await self.store.give_back_entry(challenge.id, user.id, table.id)
            raise

    async def claim(self, challenge: Challenge, user_id: int, table_id: int | None) -> None:
        """The member's one entry, at that group's table (None: one being opened), or a
        Refusal: they are in a group already, or have played. An entry at a lobby they are no
        longer seated at (left just before a restart, say) is theirs again."""
        if await self.store.claim_seat_entry(challenge.id, user_id, table_id):
            return
        held = await self.store.entry_table(challenge.id, user_id)
        found = None if held is None else await self.store.load(held)
        group = None if found is None else found[0]
        if group is not None and _left(group, user_id):
            await self.store.give_back_entry(challenge.id, user_id, group.id)
            if await self.store.claim_seat_entry(challenge.id, user_id, table_id):
                return
        if group is not None and group.status in ACTIVE:
            raise Refusal("challenge.refusal.in_group", where=f"<#{group.where}>")
        raise Refusal("challenge.refusal.played")

    async def settle(self, table: Table) -> None:
        """After a change of a group's lobby: the entries of members no longer seated there
        are theirs again (none once it is cancelled). The challenge's end, which cancels the
        lobbies left, keeps them: they count as unfinished."""
        if table.challenge is None or table.games:
            return
        challenge = await self.store.challenge(table.challenge)
        if challenge is None or challenge.stage != "open":
            return
        seated = [s.user_id for s in table.seats if s.user_id is not None]
        if table.status == "cancelled":
            seated = []
        await self.store.keep_group_entries(challenge.id, table.id, seated)

    # --- Start -------------------------------------------------------------------------------

    async def start(self, edit: TableEdit, user: discord.abc.User) -> object:
        """The host starts the group once every seat is taken: the challenge's committed deal
        (the same for every group), unrated, as every entry."""
        table = edit.table
        require_host(table, user)
        if len(table.seats) != table.group_seats:
            raise Refusal(
                "challenge.refusal.group_seats", n=len(table.seats), high=table.group_seats
            )
        challenge = await self._open_challenge(table.challenge)
        face = self.held.face(table)
        refused = face.start_refusal(table)
        if refused is not None:
            raise refused
        deal, seed = dealt_from(challenge)
        state = face.deal(table, seed)
        life.deal(table, seed, deal)
        return state

    async def _open_challenge(self, challenge_id: int | None) -> Challenge:
        challenge = None if challenge_id is None else await self.store.challenge(challenge_id)
        if challenge is None or not self.is_open(challenge):
            raise Refusal("challenge.refusal.over")
        return challenge
