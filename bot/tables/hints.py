"""A turn's Hint, at a table with hints on (`TableSettings.hints`): the expert's move for the
presser's seat, and why, in one private line in the table's language.

    <game>:<table>:<epoch>:advice          on the turn's message (`bot.posting.composer.turn`)

Only a seated person with a decision now may ask (their seat is one the game waits for); a
seat with one legal move is told it is its only move. The expert judges in the AI workers
(`bot.tables.workers.AI`, shared fairly between servers as the AI seats' moves are) from that
seat's view alone (`GameBinding.judge_job`), with a seed made of public facts only (the table,
its game, the moves made: not the table's version, which bookkeeping bumps too): the same
question at the same moment gets the same answer, and nothing the seat cannot see changes it.
A table with hints on is never rated (`bot.ratings.rules.entries`).
"""

from __future__ import annotations

import logging

import discord

from bot.model.binding import seed_of
from bot.model.posts import HINT, Refusal
from bot.model.table import LiveTable, Seat
from bot.posting.controls import Click
from bot.posting.shares import FairGate
from bot.texts.i18n import t
from engine.protocol import Judgement

from . import workers
from .faces import Reply, TableFace
from .held import TableCache
from .presses import TableVerb

log = logging.getLogger("pop.hints")

EVEN = 0.05  # points apart below which two moves are said to be about as good


def asking_seat(live: LiveTable, user_id: int, epoch: int, to_act: frozenset[str]) -> Seat:
    """The seat of a person who may ask for a hint now (`to_act`: the seats the game waits
    for), or the polite no that says why not."""
    table = live.table
    if not table.settings.hints:
        raise Refusal("hint.off")
    if table.status in ("finished", "cancelled"):
        raise Refusal("hint.over")
    if table.status != "playing" or live.state is None:
        raise Refusal("refusal.not_playing")
    if user_id in table.removed:
        raise Refusal("refusal.removed")
    seat = table.seat_of_user(user_id)
    if seat is None:
        raise Refusal("refusal.not_seated")
    if epoch != table.epoch:
        raise Refusal("refusal.stale")
    if seat.id not in to_act:
        raise Refusal("hint.not_now")
    return seat


def share(value: float) -> int:
    """An expected share of the win as a whole percentage."""
    return round(min(1.0, max(0.0, value)) * 100)


def hint_text(face: TableFace, live: LiveTable, judged: Judgement, lang: str) -> str:
    """The expert's move in words, and why: the points it expects over the best other move, or
    how often each wins its play-outs."""
    move = face.move_words(live, judged.best.move, lang)
    if judged.second is None:
        return t("hint.only", lang, move=move)
    second = face.move_words(live, judged.second.move, lang)
    if judged.unit == "wins":
        best, other = share(judged.best.value), share(judged.second.value)
        if best == other:
            return t("hint.even", lang, move=move, second=second)
        return t("hint.wins", lang, move=move, share=best, second_share=other, second=second)
    gain = judged.best.value - judged.second.value
    if gain < EVEN:
        return t("hint.even", lang, move=move, second=second)
    return t("hint.points", lang, move=move, n=float(gain), second=second)


class Hints:
    """Every table's Hint presses."""

    def __init__(
        self, held: TableCache, gate: FairGate, pool: workers.Workers = workers.AI
    ) -> None:
        self.held = held
        self.gate = gate  # the AI workers' places, served fairly between servers
        self.pool = pool

    def verbs(self) -> dict[str, TableVerb]:
        return {HINT: self.on_hint}

    async def on_hint(self, interaction: discord.Interaction, reply: Reply, click: Click) -> None:
        """Hint: the expert's move for the presser's seat, privately."""
        live = (await self.held.live(click.table_id)).as_now()
        face = self.held.face(live.table)
        to_act = face.to_act(live.state) if live.state is not None else frozenset()
        seat = asking_seat(live, interaction.user.id, click.epoch, to_act)
        lang = live.table.lang()
        legal = face.legal_moves(live.state, seat.id)
        if len(legal) == 1:
            said = t("hint.only", lang, move=face.move_words(live, legal[0], lang))
            await reply.send_message(said, ephemeral=True)
            return
        await reply.defer(ephemeral=True, thinking=True)  # the expert takes a moment
        try:
            said = hint_text(face, live, await self.judged(face, live, seat), lang)
        except Exception:  # a game whose expert cannot judge: say so, never hang
            log.exception("table %s: no hint for %s", live.table.id, seat.id)
            said = t("hint.unavailable", lang)
        await interaction.followup.send(said, ephemeral=True)

    async def judged(self, face: TableFace, live: LiveTable, seat: Seat) -> Judgement:
        """The expert's judgement of `seat`'s decision, from its view, in the AI workers."""
        table = live.table
        seed = seed_of(table.id, table.games, table.moves, seat.id, "hint")
        fn, args = face.judge_job(live.state, seat.id, seed)
        async with self.gate.slot(table.guild_id):
            data = await self.pool.run(fn, *args)
        return face.judgement(data)

    async def why_refused(self, click: Click, user_id: int) -> Refusal:
        """Why a Hint's id that is not on its message is refused: hints are off there, the
        game is over, the presser has no seat or no decision; else it is no valid button."""
        try:
            live = await self.held.live(click.table_id)
            face = self.held.face(live.table)
            to_act = face.to_act(live.state) if live.state is not None else frozenset()
            asking_seat(live, user_id, click.epoch, to_act)
        except Refusal as no:
            return no
        return Refusal("refusal.invalid_button")
