"""A member's entry in a challenge: their own table, dealt the challenge's committed deal at
once (the member's seat first, then the kind's AI seats), within the server's limits of open
tables, played in a thread of its own (or, for a private kind such as an Enigma, in the
member's own messages). One entry a member: the database's key refuses a second one. (A kind
played in groups opens its entries as lobbies: `bot.tables.challenge_groups`.)"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable

import discord

from bot.model import fair, life
from bot.model.challenge import Challenge, ChallengeKind
from bot.model.posts import Refusal
from bot.model.table import FairDeal, LiveTable, Seat, Table, TableSettings
from bot.texts.i18n import resolve, t

from .lobby import AI_NAMES, Lobby
from .threads import own_thread

log = logging.getLogger("pop.challenges")


def challenge_table(
    challenge: Challenge, user: discord.abc.User, seats: list[Seat], **fields: object
) -> Table:
    """A table of the challenge hosted by `user`, not dealt yet, with its options and AI level
    and no turn timer (the challenge's end is its entries'); `fields`: the rest of it."""
    made: dict[str, object] = {"channel_id": challenge.channel_id, **fields}
    return Table.model_validate(
        {
            "game": challenge.game,
            "guild_id": challenge.guild_id,
            "host_id": user.id,
            "locale": challenge.locale,
            "options": dict(challenge.options),
            "settings": TableSettings.model_validate(
                {"turn_timer": 0, "ai_level": challenge.ai_level}
            ),
            "seats": seats,
            "challenge": challenge.id,
            **made,
        }
    )


def member_seat(user: discord.abc.User) -> Seat:
    return Seat(id=str(user.id), user_id=user.id, name=user.display_name, joined=0)


def entry_table(
    challenge: Challenge, kind: ChallengeKind, user: discord.abc.User, here: int
) -> Table:
    """The member's table, not dealt yet: their seat, then AI seats. A private one belongs to
    the channel it was asked for in (`here`: its /table commands and its news are there), any
    other to the challenge's."""
    seats = [member_seat(user)]
    seats += [
        Seat(id=f"ai-{n}", name=AI_NAMES[n - 1], ai=True, joined=0) for n in range(1, kind.seats)
    ]
    return challenge_table(
        challenge,
        user,
        seats,
        channel_id=here if kind.private else challenge.channel_id,
        private=kind.private,
        face={"daily": challenge.daily} if challenge.daily else {},  # "today's" puzzle
    )


def dealt_from(challenge: Challenge) -> tuple[FairDeal, int]:
    """The challenge's deal (the same for every entry) and its seed."""
    deal = challenge.deal.model_copy(deep=True)
    return deal, fair.deal_seed(deal)


class Entries:
    """Opening a member's entry."""

    def __init__(
        self,
        lobby: Lobby,
        client: discord.Client,
        dealt: Callable[[LiveTable], None],
    ) -> None:
        self.lobby = lobby  # the limits, the insert, private posts
        self.held = lobby.held
        self.store = lobby.held.store
        self.client = client
        self.dealt = dealt  # the game began: its face speaks, AI seats act, its turn shows

    async def enter(
        self, interaction: discord.Interaction, challenge: Challenge, kind: ChallengeKind
    ) -> None:
        """The member's entry, opened (a Refusal when they have one, or a limit is reached)."""
        user = interaction.user
        try_no = await self.store.claim_entry(challenge.id, user.id, kind.tries)
        if try_no is None:
            raise Refusal("challenge.refusal.played")
        table = entry_table(challenge, kind, user, interaction.channel_id or challenge.channel_id)
        state = self._deal(table, challenge)
        try:
            live = await self.lobby.insert_within_limits(table, state)
        except Refusal:
            await self.store.drop_entry(challenge.id, user.id, try_no)
            raise
        await self.store.entry_opened(challenge.id, user.id, try_no, live.table.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if kind.private:
            await self.lobby.privates.show(interaction, live, live.table.seats[0])
            return
        where = await self.into_thread(live.table, challenge)
        self.dealt(await self.held.live(live.table.id))
        lang = resolve(interaction.locale)
        said = t("challenge.entry_opened", lang, id=challenge.id, where=f"<#{where}>")
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=said)

    def _deal(self, table: Table, challenge: Challenge) -> object:
        """The entry dealt: from the challenge's committed deal; a private kind (an Enigma,
        a given puzzle, not dealt from a seed: docs/fair-deals.md) as any private game."""
        if table.private:
            life.deal_private(table)
            return self.held.face(table).deal(table, table.seed)
        deal, seed = dealt_from(challenge)
        state = self.held.face(table).deal(table, seed)
        life.deal(table, seed, deal)
        return state

    async def into_thread(self, table: Table, challenge: Challenge) -> int:
        """The entry's own thread, beside the standings (where Discord gives none, it plays in
        the challenge's channel); where it plays."""
        return await own_thread(self.held, self.client, table, challenge.channel_id)
