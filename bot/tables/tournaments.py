"""Tournaments at play (`bot.model.tournament_state`): the sign-up (Join, Leave, the host's
Start on its one message), each round seated and opened (`bot.tables.tournament_rounds`), the
next round once every table of one has finished, the host's drop and stop, and the one
message edited in place after every finished game (`bot.model.tournament_text`).

Everything is in the database, and every step is done again safely: a finished table wakes
its tournament (`advance`), which keeps the games that ended, and pairs and opens the next
round once the round is over; a restart (and a slow poll) wakes every running tournament the
same way, so a tournament stopped at any moment carries on from where it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable

import discord

from bot.model.posts import Button, Refusal
from bot.model.table import ACTIVE, Table
from bot.model.tournament_picture import standings_drawn
from bot.model.tournament_state import Tournament
from bot.model.tournament_text import round_text, tournament_text
from bot.posting.budget import TURN, priority, serving
from bot.posting.controls import Click
from bot.posting.transport import nonce
from bot.ratings.rules import POOLS
from bot.ratings.skill import Rating
from bot.storage.store import SqlStore
from bot.texts.i18n import resolve, t
from render.kit import Picture
from render.standings import standings_picture

from .answers import refuse
from .keyed_locks import KeyedLocks
from .loop_task import LoopTask
from .notice_board import show_in_place
from .tournament_rounds import Rounds
from .workers import PICTURES

log = logging.getLogger("pop.tournaments")
NEWCOMER = Rating().shown  # the rating of a player who has none yet
POLL = 60.0  # seconds between two looks at every running tournament (a round held back)


class Tournaments:
    def __init__(
        self,
        rounds: Rounds,
        run: Callable[..., None],
        drive_ai: Callable[[int], Awaitable[None]],
    ) -> None:
        self.rounds = rounds  # a round's tables opened, its games' places
        self.held = held = rounds.held
        self.store = held.store
        self.client = rounds.client
        self.run = run  # work beside the clicks (`bot.tables.background`)
        self.drive_ai = drive_ai  # an AI seat now plays a dropped player's seat
        self.locks = KeyedLocks()  # one change of a tournament at a time
        self.loop = LoopTask("tournaments", self._poll)
        held.tournament_table_over = self._table_over

    # --- Sign-up ------------------------------------------------------------------------------

    async def open(self, tournament: Tournament) -> Tournament:
        tournament = await self.store.insert_tournament(tournament)
        await self._show(tournament.id)
        return tournament

    async def on_press(self, interaction: discord.Interaction, click: Click) -> None:
        """Join, Leave or Start on the sign-up message (`click.table_id`: the tournament)."""
        try:
            said = await self._press(interaction, click.table_id, click.verb)
        except Refusal as no:
            await refuse(interaction, no)
            return
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(said, ephemeral=True)

    async def _press(self, interaction: discord.Interaction, number: int, verb: str) -> str:
        user, lang = interaction.user, resolve(interaction.locale)
        async with self.locks.one_at_a_time(number):
            tournament = await self._running(number)
            if tournament.stage != "signup":
                raise Refusal("tournament.refusal.started")
            if verb == "join":
                if user.id in tournament.players:
                    raise Refusal("refusal.already_seated")
                tournament.players.append(user.id)
                tournament.names[user.id] = user.display_name
                said = t("tournament.joined", lang, id=number)
            elif verb == "leave":
                if user.id not in tournament.players:
                    raise Refusal("refusal.not_seated")
                tournament.players.remove(user.id)
                said = t("tournament.left", lang, id=number)
            else:
                may_run(tournament, user)
                if len(tournament.players) < 2:
                    raise Refusal("tournament.refusal.too_few")
                await seed(self.store, tournament)
                begin(tournament)
                said = t("tournament.started", lang, id=number)
            await self.store.save_tournament(tournament)
        # answered at once; the message and the round follow beside the clicks
        work = self.advance(number) if verb == "start" else self._show(number)
        self.run(work, f"tournament-{number}")
        return said

    # --- Rounds ---------------------------------------------------------------------------------

    def _table_over(self, table: Table) -> None:
        assert table.tournament is not None
        number = table.tournament.id
        self.run(self.advance(number), f"tournament-{number}")

    async def advance(self, number: int) -> None:
        """Keep the games that ended; once the round is over, seat and open the next one (or
        end the tournament after its last); open what the round still lacks; show it all."""
        async with self.locks.one_at_a_time(number):
            tournament = await self.store.tournament(number)
            if tournament is None or tournament.stage != "playing":
                return
            changed = await self.rounds.results(tournament)
            if tournament.round_over():
                if tournament.last_round():
                    tournament.stage = "ended"
                else:
                    tournament.seat_next_round()
                changed = True
            if changed:
                await self.store.save_tournament(tournament)
            if tournament.stage == "playing" and tournament.announced < tournament.round_no:
                await self._open_round(tournament)
        await self._show(number)

    async def _open_round(self, tournament: Tournament) -> None:
        """The round's tables, then its one ping: each player with their table."""
        where = await self.rounds.open_round(tournament)
        if where is None:
            return  # the server's limit: tried again at the next poll
        text = round_text(tournament, where, tournament.seated[-1].byes, tournament.locale)
        channel = self.client.get_partial_messageable(
            tournament.channel_id, guild_id=tournament.guild_id
        )
        try:
            with priority(TURN), serving(tournament.guild_id):  # the server's share, as its tables
                await channel.send(
                    text,
                    nonce=nonce("tournament", tournament.id, tournament.round_no),
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
        except discord.HTTPException as e:
            log.warning("tournament %s: round not announced (%s)", tournament.id, e.status)
            return
        tournament.announced = tournament.round_no
        await self.store.save_tournament(tournament)

    # --- The host's drop and stop -------------------------------------------------------------

    async def drop(self, user: discord.abc.User, channel_id: int, player: discord.abc.User) -> int:
        """The player plays no more rounds; an AI plays their seat to the end of this game."""
        number = await self._here(channel_id)
        async with self.locks.one_at_a_time(number):
            tournament = await self._running(number)
            may_run(tournament, user)
            if player.id not in tournament.players or player.id in tournament.dropped:
                raise Refusal("tournament.refusal.not_playing", name=player.mention)
            tournament.dropped.append(player.id)
            if tournament.stage == "signup":
                tournament.players.remove(player.id)
                tournament.dropped.remove(player.id)
            await self.store.save_tournament(tournament)
            for table_id in (await self.store.round_tables(number, tournament.round_no)).values():
                if await self._ai_takes(table_id, player.id):
                    self.run(self.drive_ai(table_id), f"table-{table_id}")
        playing = tournament.stage == "playing"
        self.run(self.advance(number) if playing else self._show(number), f"tournament-{number}")
        return number

    async def _ai_takes(self, table_id: int, user_id: int) -> bool:
        """An AI plays the player's seat there for good (were they seated at it, playing)."""
        async with self.held.editing(table_id) as edit:
            seat = edit.table.seat_of_user(user_id)
            if seat is None or edit.table.status not in ACTIVE:
                return False
            edit.table.removed.append(user_id)
            seat.ai, seat.private = True, None
            await self.held.commit(edit)
        return True

    async def stop(self, user: discord.abc.User, channel_id: int) -> int:
        """The tournament ends now: its tables still playing stop, its standings are final."""
        number = await self._here(channel_id)
        async with self.locks.one_at_a_time(number):
            tournament = await self._running(number)
            may_run(tournament, user)
            tournament.stopped = tournament.stage == "playing"  # else: before it began
            tournament.stage = "ended"
            await self.store.save_tournament(tournament)
            await self.rounds.stop_tables(tournament)
        await self._show(number)
        return number

    # --- Helpers --------------------------------------------------------------------------------

    async def _here(self, channel_id: int) -> int:
        found = await self.store.tournaments_running(channel_id)
        if not found:
            raise Refusal("tournament.refusal.none")
        return found[-1].id

    async def _running(self, number: int) -> Tournament:
        tournament = await self.store.tournament(number)
        if tournament is None or tournament.stage == "ended":
            raise Refusal("tournament.refusal.over")
        return tournament

    async def _show(self, number: int) -> None:
        """The one message as the tournament stands now (read afresh: of two changes shown at
        once, the later is shown last): posted once, then edited in place."""
        async with self.locks.one_at_a_time(("shown", number)):
            tournament = await self.store.tournament(number)
            if tournament is None:
                return
            text = tournament_text(tournament, tournament.locale)
            if text == tournament.shown and tournament.message_id is not None:
                return
            lang = tournament.locale
            buttons = []
            if tournament.stage == "signup":
                buttons = [
                    Button("join", t("button.join", lang), "success"),
                    Button("leave", t("button.leave", lang)),
                    Button("start", t("button.start", lang), "primary"),
                ]
            where = (tournament.guild_id, tournament.channel_id)
            owner = ("tournament", number, tournament.game)
            pictures = await standings_pictures(tournament)
            shown = await show_in_place(
                self.client, where, owner, tournament.message_id, text, buttons, pictures
            )
            if shown is not None:
                await self._shown(number, shown, text)

    async def _shown(self, number: int, message_id: int, text: str) -> None:
        """Where the message is, and what it shows now (a change made meanwhile is shown by
        its own turn, compared with this)."""
        async with self.locks.one_at_a_time(number):
            fresh = await self.store.tournament(number)
            if fresh is None:
                return
            fresh.message_id, fresh.shown = message_id, text
            await self.store.save_tournament(fresh)

    # --- Running --------------------------------------------------------------------------------

    def start(self) -> None:
        self.loop.start()

    async def stop_polling(self) -> None:
        await self.loop.stop()

    async def _poll(self) -> None:
        """Every running tournament woken now (a restart) and then now and again."""
        while True:
            try:
                for tournament in await self.store.tournaments_running():
                    if tournament.stage == "signup":
                        await self._show(tournament.id)
                    else:
                        await self.advance(tournament.id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the tournaments could not be read; tried again later")
            await asyncio.sleep(POLL)


async def seed(store: SqlStore, tournament: Tournament) -> None:
    """The players in order of their rating here in the tournament's pool (its mode's, where
    the game rates modes apart), sign-up order between equals: round 1 is seated in this
    order, and it breaks the ties of the standings."""
    game = tournament.game
    pool = tournament.mode if tournament.mode in POOLS.get(game, ()) else ""
    board = await store.rating_board(tournament.guild_id, game, pool)
    shown = {player: rating.shown for player, rating in board.settled + board.provisional}
    tournament.players.sort(key=lambda user: -shown.get(str(user), NEWCOMER))


def begin(tournament: Tournament) -> None:
    """Sign-up closes: a round robin has a round for every opponent, a single elimination
    one for every halving; round 1 is seated."""
    count = len(tournament.players)
    if tournament.format == "round_robin":
        tournament.rounds = count - 1 if count % 2 == 0 else count
    elif tournament.format == "elimination":
        tournament.rounds = math.ceil(math.log2(count))
    tournament.stage = "playing"
    tournament.seat_next_round()


async def standings_pictures(tournament: Tournament) -> list[Picture] | None:
    """The standings as a picture once the tournament plays (drawn by the picture workers);
    None during the sign-up, whose message has none."""
    if tournament.stage == "signup":
        return None
    rows, words = standings_drawn(tournament, tournament.locale)
    return [await PICTURES.run(standings_picture, rows, words)]


def may_run(tournament: Tournament, user: discord.abc.User) -> None:
    perms = getattr(user, "guild_permissions", None)
    if user.id != tournament.host_id and not (perms and perms.manage_channels):
        raise Refusal("tournament.refusal.host_only")
