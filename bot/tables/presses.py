"""Every press on a table's control, one path: the user's pace; the table layer's own verbs
(the lobby's buttons, Rematch) or the game's. A game's control either names one of its moves
(`<game>:<table>:<epoch>:<move>[:<arg>]`, read by the game's own codec, `named_move`) and goes
to the move path, which admits the press and applies the move under the table's lock
(`bot.tables.moves`); or it is one of the face's own verbs (`@verb`: open a hand, a picker), admitted
here by the same rule (`bot.tables.moves.admit`). Every refusal comes from there or from the rules,
privately, in the clicker's language, and every press is answered in time (`bot.tables.answers`)."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Mapping

import discord

from bot.model import life
from bot.model.limits import ClickRate
from bot.model.posts import Refusal
from bot.posting.controls import Click

from .answers import answer_in_time, refuse
from .faces import FaceServices, Press, Reply, TableFace
from .held import TableCache
from .moves import MovePath, admit

TableVerb = Callable[[discord.Interaction, Reply, Click], Awaitable[None]]
Explain = Callable[[Click, int], Awaitable[Refusal]]


class Presses:
    def __init__(
        self,
        faces: Mapping[str, TableFace],
        held: TableCache,
        moves: MovePath,
        table_verbs: Mapping[str, TableVerb],
        services: FaceServices,
        clicks: ClickRate,
        now: Callable[[], float],
        paused: Callable[[int], None],
        explained: Mapping[str, Explain] | None = None,
    ) -> None:
        self.faces = faces
        self.held = held
        self.moves = moves
        self.table_verbs = table_verbs  # the lobby's buttons and Rematch
        self.services = services  # what the faces' verbs may use
        self.clicks = clicks
        self.now = now
        self.paused = paused  # a player asked for a paused table: it may try again
        # Why an id of a table verb that is not on its message is refused, by verb (a replay's)
        self.explained = dict(explained or {})
        # Controls that are no table's, by their prefix (a challenge's Play button).
        self.elsewhere: dict[str, Callable[[discord.Interaction, Click], Awaitable[None]]] = {}

    async def on_control(self, interaction: discord.Interaction, click: Click) -> None:
        """Every press on a table's control."""
        if not await self.at_a_persons_pace(interaction):
            return
        if click.game in self.elsewhere:
            await self.elsewhere[click.game](interaction, click)
            return
        if click.game not in self.faces:
            await refuse(interaction, Refusal("refusal.invalid_button"))
            return
        async with answer_in_time(interaction) as reply:  # a slow commit never fails the click
            try:
                verb = self.table_verbs.get(click.verb)
                if verb is not None:
                    await verb(interaction, reply, click)
                else:
                    await self._game_press(self.faces[click.game], interaction, reply, click)
            except Refusal as no:
                if no.key == "refusal.paused":
                    self.paused(click.table_id)  # the permission may be back
                await refuse(interaction, no, reply.is_done())

    async def _game_press(
        self, face: TableFace, interaction: discord.Interaction, reply: Reply, click: Click
    ) -> None:
        """A press on one of the game's own controls: one of its moves, or a verb of its face
        (an id that is neither is a forged or mistyped button)."""
        verb = face.verbs.get(click.verb)
        if verb is not None:
            press = await self._admitted(face, interaction, reply, click, verb.on_turn)
            if press is not None:
                await verb.handler(face, press)
            return
        move = face.named_move(click.verb, click.chosen)
        if move is None:
            raise Refusal("refusal.invalid_button")
        moved = await self.moves.person_move(click.table_id, click.epoch, interaction.user.id, move)
        await face.after_move(self.services, moved, move, by_person=True)
        press = Press(self.services, interaction, reply, moved.live, moved.seat, click.chosen)
        await face.answer_move(press, move, moved)

    async def _admitted(
        self,
        face: TableFace,
        interaction: discord.Interaction,
        reply: Reply,
        click: Click,
        on_turn: bool,
    ) -> Press | None:
        """The press of a face's verb, admitted; a seat the AI played is taken back first
        (None: the press only did that)."""
        live = await self.held.live(click.table_id)
        to_act = face.to_act(live.state) if on_turn and live.state is not None else None
        seat = admit(live, interaction.user.id, click.epoch, to_act)
        if life.still_here_due(live.table, self.now()):  # its commit moves the game's end
            await self.services.update(live.table.id, lambda _table: None)
            live = await self.held.live(click.table_id)
        press = Press(self.services, interaction, reply, live, seat, click.chosen)
        if seat.ai and not await face.seat_back(press):
            return None
        return press

    async def at_a_persons_pace(self, interaction: discord.Interaction) -> bool:
        """Is this click or command within its user's rate? Beyond it the user is told once
        a burst, then the rest are only acknowledged (no answer would read as a failure)."""
        if interaction.type == discord.InteractionType.autocomplete:
            return True  # suggestions while typing: no answer but choices is possible
        verdict = self.clicks.check(interaction.user.id)
        if verdict == "go":
            return True
        # A command cannot be acknowledged without a word (it would show "thinking" for ever)
        if verdict == "tell" or interaction.type == discord.InteractionType.application_command:
            await refuse(interaction, Refusal("refusal.too_fast"))
        else:
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.defer()
        return False

    async def not_a_control(self, click: Click | None, user_id: int) -> Refusal:
        """Why a click whose id is no control of its message is refused: it was a button of a
        turn that is over; or a move of the turn in play the rules refuse (say which rule);
        else it is not a valid button (forged, mistyped, cut)."""
        if click is not None and click.game in self.faces:
            explain = self.explained.get(click.verb)
            if explain is not None:
                return await explain(click, user_id)
            with contextlib.suppress(Refusal):
                live = await self.held.live(click.table_id)
                if click.epoch < live.table.epoch:
                    return Refusal("refusal.stale")
                ruled = self.faces[click.game].why_refused(live, user_id, click)
                if ruled is not None:
                    return ruled
        return Refusal("refusal.invalid_button")
