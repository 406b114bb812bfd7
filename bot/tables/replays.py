"""A finished game, step by step, privately: the Replay of its results post.

    <game>:<table>:<epoch>:replay:<game no>          on the results post: opens the replay
    <game>:<table>:0:<step>:<game no>.<position>     First, Back, Forward, Last (rfirst, rback,
                                                     rnext, rlast) and Turn… (rturn)

Replay answers its presser with an ephemeral message that shows one picture of the game at a
time, with what it shows in words, and buttons that edit that message in place (an
UPDATE_MESSAGE answer). Every id carries its table, its game's number and the position it
goes to, so the buttons work after a restart as before it (`bot.posting.controls`).

A replay is built from the game's record alone: the record `/table record` gives (the
table's last game, from its state; an earlier one, from its stored moves and the seed its
table kept when it ended, `Table.replays`: `bot.tables.finished`), drawn by the game's own tool, as `pop-bot render`
draws it (`bot.games.entry.GameTools.render`), in the presser's language. A game still being
played has no replay (it would show secrets); a private game's is its player's alone.
Drawing is the picture workers' (`bot.tables.workers.PICTURES`), never the event loop's; a
few drawn games stay in memory, so that stepping never draws a game again.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Mapping

import discord

from bot.model.posts import REPLAY, Refusal
from bot.model.table import Table
from bot.posting.controls import Click
from bot.posting.layout_view import V2_EDIT, answer_privately
from bot.texts.i18n import resolve
from engine.protocol import Json
from render.kit import Picture

from .answers import answer_in_time, refuse
from .faces import Reply, texts
from .finished import FinishedGames, Said
from .held import TableCache
from .presses import TableVerb
from .replay_view import JUMP, STEPS, Drawn, ReplayTools, TurnAsked, replay_message, turns_of
from .workers import PICTURES, Workers

log = logging.getLogger("pop.replays")

WORDS = Said(*texts("replay.running", "replay.unfinished", "replay.gone", "replay.private"))
CACHED = 6  # drawn games kept in memory (a game's pictures: up to a few MB)
ARG = re.compile(r"(?P<game>[0-9]{1,6})(?:\.(?P<at>[0-9]{1,5}))?")


def where(click: Click, *, position: bool) -> tuple[int, int]:
    """(game number, position) a replay's id carries; a malformed one is not a valid button."""
    match = ARG.fullmatch(click.arg or "")
    if match is None or (position and match["at"] is None) or int(match["game"]) < 1:
        raise Refusal("refusal.invalid_button")
    return int(match["game"]), int(match["at"] or 0)


class Replays:
    """The replays of every table's finished games: their presses, their drawn pictures."""

    def __init__(
        self,
        held: TableCache,
        tools: Mapping[str, ReplayTools],
        workers: Workers = PICTURES,
        cached: int = CACHED,
    ) -> None:
        self.held = held
        self.games = FinishedGames(held)
        self.tools = dict(tools)
        self.workers = workers
        self.cached = cached
        self.drawn: OrderedDict[tuple[int, int, str], Drawn] = OrderedDict()
        self.drawing: dict[tuple[int, int, str], asyncio.Future[Drawn]] = {}

    def verbs(self) -> dict[str, TableVerb]:
        """The table layer's replay controls, by verb."""
        return {REPLAY: self.on_open, JUMP: self.on_jump, **dict.fromkeys(STEPS, self.on_step)}

    # --- Presses ------------------------------------------------------------------------

    async def on_open(self, interaction: discord.Interaction, reply: Reply, click: Click) -> None:
        """Replay on a results post: the game's first picture, privately."""
        game_no, _ = where(click, position=False)
        table, record = await self.record_of(click.table_id, game_no, interaction.user.id)
        await reply.defer(ephemeral=True, thinking=True)  # drawing a game takes a moment
        lang = resolve(interaction.locale)
        drawn = await self.pictures(table, game_no, record, lang)
        view, files = replay_message(table, game_no, drawn, 0, lang)
        await answer_privately(interaction, view, files)

    async def on_step(self, interaction: discord.Interaction, reply: Reply, click: Click) -> None:
        """First, Back, Forward, Last: the replay's message shows the position its id names."""
        game_no, at = where(click, position=True)
        await self.show(interaction, reply, click.table_id, game_no, at)

    async def on_jump(self, interaction: discord.Interaction, reply: Reply, click: Click) -> None:
        """Turn…: a modal asks which turn (its answer goes to `on_turn`)."""
        game_no, _ = where(click, position=True)
        await self.record_of(click.table_id, game_no, interaction.user.id)  # still allowed
        lang = resolve(interaction.locale)
        await reply.send_modal(TurnAsked(click, game_no, lang, self.on_turn))

    async def on_turn(self, interaction: discord.Interaction, click: Click, typed: str) -> None:
        """The turn typed in Turn…'s modal: the replay's message shows its first picture."""
        async with answer_in_time(interaction) as reply:
            try:
                game_no, _ = where(click, position=True)
                turn = int(typed.strip()) if typed.strip().isdecimal() else 0
                await self.show(interaction, reply, click.table_id, game_no, None, turn)
            except Refusal as no:
                await refuse(interaction, no, reply.is_done())

    async def show(
        self,
        interaction: discord.Interaction,
        reply: Reply,
        table_id: int,
        game_no: int,
        at: int | None,
        turn: int = 0,
    ) -> None:
        """The replay's message edited in place to show position `at` (or turn `turn`'s first)."""
        table, record = await self.record_of(table_id, game_no, interaction.user.id)
        lang = resolve(interaction.locale)
        drawn = await self.pictures(table, game_no, record, lang)
        if at is None:
            at = drawn.first_of(turn)
            if at is None:
                raise Refusal("replay.no_turn", turns=drawn.turns[-1])
        if at >= len(drawn.pictures):
            raise Refusal("refusal.invalid_button")
        view, files = replay_message(table, game_no, drawn, at, lang)
        await reply.edit_message(view=view, attachments=files, **V2_EDIT)

    async def why_refused(self, click: Click, user_id: int) -> Refusal:
        """Why a replay's id that is not on its message is refused: the game is still played
        (or is no replay's), else it is no valid button."""
        try:
            game_no, _ = where(click, position=click.verb != REPLAY)
            await self.record_of(click.table_id, game_no, user_id)
        except Refusal as no:
            return no
        return Refusal("refusal.invalid_button")

    # --- The record and its pictures ------------------------------------------------------

    async def record_of(self, table_id: int, game_no: int, user_id: int) -> tuple[Table, Json]:
        """The table and game `game_no`'s record, if `user_id` may see it replayed: a
        Refusal when the game is being played, never ended, or is no longer kept."""
        table, state = await self.games.ended(table_id, game_no, user_id, WORDS)
        if state is None:  # an earlier game: from its stored moves
            state = (await self.games.played(table, game_no, WORDS)).end
        return table, self.held.face(table).export_record(state)

    async def pictures(self, table: Table, game_no: int, record: Json, lang: str) -> Drawn:
        """The game's pictures in `lang`: drawn once by the picture workers, then kept."""
        key = (table.id, game_no, lang)
        if key in self.drawn:
            self.drawn.move_to_end(key)
            return self.drawn[key]
        tools = self.tools.get(table.game)
        if tools is None:
            raise Refusal("refusal.invalid_button")
        pending = self.drawing.get(key)
        if pending is None:  # one drawing for presses that come at once
            names = table.plain_names()
            job = self.workers.run(tools.draw, record, lang, names)
            pending = self.drawing[key] = asyncio.ensure_future(self._kept(key, job, tools))
        return await asyncio.shield(pending)

    async def _kept(
        self, key: tuple[int, int, str], job: Awaitable[list[Picture]], tools: ReplayTools
    ) -> Drawn:
        try:
            pictures = await job
        except Exception as e:  # a record its game's tool cannot draw
            log.warning("table %s: game %s cannot be drawn (%s)", key[0], key[1], e)
            raise Refusal("replay.gone") from None
        finally:
            self.drawing.pop(key, None)
        if not pictures:
            raise Refusal("replay.gone")
        drawn = Drawn(tuple(pictures), turns_of(pictures, tools.starts_turn))
        self.drawn[key] = drawn
        while len(self.drawn) > self.cached:
            self.drawn.popitem(last=False)
        return drawn
