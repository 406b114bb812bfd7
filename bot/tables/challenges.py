"""Challenges at play (`bot.model.challenge`): opening one, its members' entries
(`bot.tables.challenge_entries`; a group's, `bot.tables.challenge_groups`), its one standings message (`bot.tables.standings`: edited
in place after each finished entry, never posted twice) and its end, on the table layer's clock: the entries still
running are stopped (they count as unfinished) and the standings reveal the secret. Everything
is in the database: a restart brings every standings message up to date and ends what is due.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
from collections.abc import Awaitable, Callable

import discord

from bot.model import fair, life
from bot.model.challenge import Challenge, ChallengeKind
from bot.model.posts import Refusal
from bot.model.table import ACTIVE, FairDeal, LiveTable, Table
from bot.posting.controls import Click
from bot.posting.outbox import Outboxes
from bot.texts.i18n import t

from .answers import refuse
from .challenge_entries import Entries
from .challenge_groups import Groups
from .clock import Clock
from .lobby import Lobby
from .loop_task import Looping
from .standings import StandingsMessage

log = logging.getLogger("pop.challenges")
POLL = 60.0  # seconds: the longest sleep before the challenges' ends are read again


class Challenges(Looping):
    def __init__(
        self,
        lobby: Lobby,
        outboxes: Outboxes,
        client: discord.Client,
        dealt: Callable[[LiveTable], None],
        clock: Callable[[], Clock],
        run: Callable[..., None],
    ) -> None:
        self.held = lobby.held
        self.store = lobby.held.store
        self.outboxes = outboxes
        self.client = client
        self.entries = Entries(lobby, client, dealt)
        self.groups = Groups(lobby, self.entries.into_thread, self.is_open)
        self.clock = clock  # the table layer's (a test's, when it hands one)
        self.run = run  # work beside the clicks (`bot.tables.background`)
        self.standings = StandingsMessage(self.store, client, self.kind)
        self.looping("challenges", self._run)
        self.held.entry_finished = lambda table: self.refresh_soon(table.challenge)
        self.held.group_changed = self._group_changed

    def kind(self, challenge: Challenge) -> ChallengeKind:
        return self.held.faces[challenge.game].challenge_kinds[challenge.kind]

    # --- Opening, entering --------------------------------------------------------------

    def new(
        self,
        where: tuple[int, int],
        game: str,
        kind: str,
        *,
        start: int,
        options: dict[str, object] | None = None,
        seats: int | None = None,
        **made: object,
    ) -> Challenge:
        """A challenge not stored yet in (server, channel) `where`: its options chosen (unless
        given), its secret drawn now, its deal's inputs fixed now (`start`: the id of the
        interaction that opens it; one join id a seat: `seats`, where its kind lets them be
        chosen, else the kind's). `made`: the rest of its fields (creator, end, …)."""
        face = self.held.faces.get(game)
        found = None if face is None else face.challenge_kinds.get(kind)
        if found is None:
            raise Refusal("challenge.refusal.kind")
        n = found.seats_for(seats)
        if n is None:
            if found.seat_choice is None:
                raise Refusal("challenge.refusal.no_seats")
            low, high = found.seat_choice
            raise Refusal("challenge.refusal.seats", low=low, high=high, text=seats)
        deal = FairDeal(secret=fair.committed().secret, joins=[0] * n, start=start)
        return Challenge.model_validate(
            {
                "guild_id": where[0],
                "channel_id": where[1],
                "game": game,
                "kind": kind,
                "options": options or found.options(random.Random()),
                "deal": deal,
                **made,
            }
        )

    async def open(self, challenge: Challenge) -> Challenge:
        """The challenge stored (a daily one: the server's of that day, if there is one),
        its standings posted (not for a daily one: its players' puzzles show who solved it),
        and its end awaited."""
        challenge = await self.store.insert_challenge(challenge)
        if challenge.daily is None:
            await self.refresh(challenge.id)
        self.woken.set()
        return challenge

    async def daily(
        self, interaction: discord.Interaction, game: str, kind: str, day: str, **made: object
    ) -> Challenge:
        """The server's daily challenge of `game` (its `kind`) for `day`, made on demand by its
        first player (`made`: its options and end)."""
        assert interaction.guild_id is not None
        assert interaction.channel_id is not None
        challenge = self.new(
            (interaction.guild_id, interaction.channel_id),
            game,
            kind,
            start=interaction.id,
            creator_id=interaction.user.id,
            daily=day,
            locale=str(interaction.guild_locale or "en").split("-")[0],
            **made,  # type: ignore[arg-type]
        )
        return await self.open(challenge)

    def is_open(self, challenge: Challenge) -> bool:
        """Does the challenge still take entries?"""
        return challenge.stage == "open" and challenge.ends > self.clock().now()

    async def enter(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        if not self.is_open(challenge):
            raise Refusal("challenge.refusal.over")
        kind = self.kind(challenge)
        if kind.group:  # a group's lobby, joined or opened
            await self.groups.play(interaction, challenge)
        else:
            await self.entries.enter(interaction, challenge, kind)

    async def play(self, interaction: discord.Interaction, challenge_id: int | None) -> None:
        """The member's entry in that challenge (None: the server's newest open one)."""
        guild_id = interaction.guild_id
        if challenge_id is None:
            found = await self.store.open_challenges(guild_id or 0)
            challenge = found[0] if found else None
        else:
            challenge = await self.store.challenge(challenge_id)
        if challenge is None or challenge.guild_id != guild_id:
            raise Refusal("challenge.refusal.none")
        await self.enter(interaction, challenge)

    async def on_play(self, interaction: discord.Interaction, click: Click) -> None:
        """The standings message's Play: the entry in its challenge (`click.table_id`)."""
        try:
            await self.play(interaction, click.table_id)
        except Refusal as no:
            await refuse(interaction, no)

    async def _group_changed(self, table: Table) -> None:
        """A group's lobby changed: the entries of those no longer seated are theirs again
        (a failure is logged: the next claim of such an entry gives it back too)."""
        try:
            await self.groups.settle(table)
        except Exception:
            log.exception("challenge %s: group %s not settled", table.challenge, table.id)
        self.refresh_soon(table.challenge)

    # --- The standings --------------------------------------------------------------------

    def refresh_soon(self, challenge_id: int | None) -> None:
        if challenge_id is not None:
            self.run(self.refresh(challenge_id), f"challenge-{challenge_id}")

    async def refresh(self, challenge_id: int) -> None:
        await self.standings.refresh(challenge_id)

    # --- The end ----------------------------------------------------------------------------

    async def end(self, challenge: Challenge) -> None:
        """The entries still running stop (unfinished), then the standings reveal the secret."""
        challenge.stage = "ending"
        await self.store.save_challenge(challenge)
        for _user, table_id in await self.store.entry_tables(challenge.id):
            with contextlib.suppress(Refusal):
                await self._stop(table_id, challenge)
        if challenge.daily is not None:
            challenge.stage = "ended"  # no standings message: nothing to reveal there
            await self.store.save_challenge(challenge)
            return
        await self.refresh(challenge.id)

    async def _stop(self, table_id: int, challenge: Challenge) -> None:
        async with self.held.editing(table_id) as edit:
            if edit.table.status not in ACTIVE:
                return
            life.cancel(edit.table)
            table = await self.held.commit(edit)
        if not table.private:
            said = t("challenge.entry_stopped", table.lang(), id=challenge.id)
            self.outboxes.of(table_id).say(said)

    async def _run(self) -> None:
        """Bring every standings message up to date, then end each challenge when it is due
        (the database may be down for a moment: it is read again at the next wake)."""
        await self._quietly(self._refresh_all())
        await self.until_due(self._end_due, "the challenges' ends", POLL)

    async def _refresh_all(self) -> None:
        for challenge in await self.store.challenges_owing():
            await self._quietly(self.refresh(challenge.id))

    async def _end_due(self) -> float:
        """End every challenge due; when the next one is."""
        next_end = math.inf
        for challenge in await self.store.challenges_owing():
            if challenge.stage == "ending" or challenge.ends <= self.clock().now():
                await self._quietly(self.end(challenge))
            else:
                next_end = min(next_end, challenge.ends)
        return next_end

    async def _quietly(self, work: Awaitable[None]) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a challenge's work failed; tried again later")
