"""A tournament's rounds at play: a round's tables opened, each dealt at once with its seats
(the players the round seated, AI seats filling a short table) and the tournament's timer, in
a thread of its own, one after another (each request through the bot's budget, at the
priority of turn messages: a big round never bursts), within the server's limit of open
tables; and a finished table's game turned into places. A table and its place in the round
are written in one transaction (`tournament_tables`), so a round opened again after a restart
opens only the tables it lacks."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable

import discord

from bot.model import fair, life
from bot.model.limits import Limits, admit, table_limit
from bot.model.table import ACTIVE, LiveTable, Seat, Table, TableSettings, TournamentTable
from bot.model.tournament import AI, places_of
from bot.model.tournament_state import Game, Tournament
from bot.posting.budget import TURN, priority, serving
from bot.ratings.rules import RULES, every_seat_alone
from bot.texts.i18n import t

from .held import TableCache
from .lobby import AI_NAMES
from .threads import own_thread

log = logging.getLogger("pop.tournaments")
UNLIMITED = 10**9


def round_table(tournament: Tournament, table_no: int, users: list[int]) -> Table:
    """A table of the current round, not dealt yet: its players in the order seated, then
    its AI seats."""
    seats, ai = [], 0
    for user in users:
        if user == AI:
            ai += 1
            seats.append(Seat(id=f"ai-{ai}", name=AI_NAMES[ai - 1], ai=True, joined=0))
        else:
            name = tournament.names.get(user, str(user))
            seats.append(Seat(id=str(user), user_id=user, name=name, joined=0))
    return Table(
        game=tournament.game,
        guild_id=tournament.guild_id,
        channel_id=tournament.channel_id,
        host_id=tournament.host_id,
        locale=tournament.locale,
        options=dict(tournament.options),
        settings=TableSettings.model_validate(
            {"turn_timer": tournament.timer, "ai_level": tournament.ai_level}
        ),
        seats=seats,
        fair=fair.committed(),
        tournament=TournamentTable(
            id=tournament.id, round_no=tournament.round_no, table_no=table_no
        ),
    )


class Rounds:
    def __init__(
        self,
        held: TableCache,
        client: discord.Client,
        limits: Limits,
        dealt: Callable[[LiveTable], None],
        say: Callable[[int, str], object],
    ) -> None:
        self.held = held
        self.store = held.store
        self.client = client
        # A tournament's tables count against the server's limit only: its host does not
        # host them, and a round may seat more tables in its channel than a channel holds.
        self.limits = dataclasses.replace(
            limits, tables_per_user=UNLIMITED, tables_per_channel=UNLIMITED
        )
        self.dealt = dealt  # the game began: its face speaks, AI seats act, its turn shows
        self.say = say  # a notice in a table's thread

    async def open_round(self, tournament: Tournament) -> dict[int, int] | None:
        """Every table of the current round open (those opened before a restart kept):
        table number → where it plays; None while the server's limit holds some back."""
        opened = await self.store.round_tables(tournament.id, tournament.round_no)
        where: dict[int, int] = {}
        for k, users in enumerate(tournament.seated[-1].tables):
            if k in opened:
                table = (await self.held.live(opened[k])).table
                where[k] = table.where
                continue
            found = await self._open(tournament, k, users)
            if found is None:
                return None
            where[k] = found
        return where

    async def _open(self, tournament: Tournament, table_no: int, users: list[int]) -> int | None:
        table = round_table(tournament, table_no, users)
        deal = fair.dealt(table, _start_id(tournament, table_no))
        seed = fair.deal_seed(deal)
        state = self.held.face(table).deal(table, seed)
        life.deal(table, seed, deal)
        known = await self.held.open_tables.of(table.guild_id)
        if table_limit(self.limits, known, table.host_id, table.channel_id) is not None:
            log.info("tournament %s: the server's tables are full; waiting", tournament.id)
            return None
        with priority(TURN), serving(table.guild_id):
            try:
                live = await self.held.insert(table, state, admit(self.limits, table))
            except Exception:
                log.exception("tournament %s: table %s not opened", tournament.id, table_no)
                return None
            where = await own_thread(self.held, self.client, live.table, tournament.channel_id)
        self.dealt(await self.held.live(live.table.id))
        return where

    async def stop_tables(self, tournament: Tournament) -> None:
        """The current round's tables still playing stop (the host stopped the tournament),
        each told so in its thread."""
        opened = await self.store.round_tables(tournament.id, tournament.round_no)
        for table_id in opened.values():
            async with self.held.editing(table_id) as edit:
                if edit.table.status not in ACTIVE:
                    continue
                life.cancel(edit.table)
                table = await self.held.commit(edit)
            self.say(table_id, t("tournament.table_stopped", table.lang(), id=tournament.id))

    async def results(self, tournament: Tournament) -> bool:
        """The games of the current round's tables that ended, kept; whether one was new."""
        opened = await self.store.round_tables(tournament.id, tournament.round_no)
        new = False
        for k, table_id in sorted(opened.items()):
            if tournament.finished(tournament.round_no, k):
                continue
            live = await self.held.live(table_id)
            if live.table.status in ACTIVE:
                continue
            users = tournament.seated[-1].tables[k]
            places = self._places(live, set(tournament.dropped))
            tournament.games.append(
                Game(round_no=tournament.round_no, table_no=k, seats=users, places=places)
            )
            new = True
        return new

    def _places(self, live: LiveTable, dropped: set[int]) -> list[int]:
        """Each seat's place, in seat order: by the game's own result, a seat whose player was
        dropped last, below every seat that played on; a table stopped before its end, a place
        shared by all."""
        table = live.table
        outcome = self.held.face(table).outcome(live.state) if table.status == "finished" else None
        if outcome is None:
            return [1] * len(table.seats)
        rule = RULES.get(table.game, every_seat_alone)
        rated = rule(table.options, [s.id for s in table.seats], outcome) or every_seat_alone(
            table.options, [], outcome
        )
        gone = {s.id for s in table.seats if s.user_id in dropped}
        sides = [(tuple(set(side.seats) - gone), side.won, side.score) for side in rated.sides]
        playing = [side for side in sides if side[0]]
        placed = places_of(playing)
        return [placed.get(s.id, len(playing) + 1) for s in table.seats]


def _start_id(tournament: Tournament, table_no: int) -> int:
    """The number a round's table is dealt with where a Start press's id would be: its place
    in the tournament (docs/fair-deals.md: an input fixed before the deal)."""
    return (tournament.id * 1000 + tournament.round_no) * 1000 + table_no
