"""Colorpop's Discord face: the table message, My colour, the two-step pick, the step pictures
and the results, every one built from a view of the game (`engine.colorpop.view`), never from
the raw state. The only secret is who holds which colour: a public text, picture or alt text is
built from the public view (`seat=None`), which names no owner until the game is over; My colour
answers from the clicker's own view, ephemerally.

Picking on a 100-cell board with at most 25 buttons a message (rules §7): the table message has
a button per column (A–J); a column answers, privately, one button per legal group touching it
(canonical colour order, then anchor), and **Type a cell** opens a modal for `C3`. The modal is
this face's own (the table layer has no modal support): its submit calls `api.play` like a click.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from typing import Any

import discord

from bot.games.base import GameFace
from bot.model.binding import Moved
from bot.model.posts import Button, Post, Refusal, Select
from bot.model.table import LiveTable, Seat, Table
from bot.posting.layout_view import V2_EDIT, view_for
from bot.storage.store import SqlStore
from bot.tables.answers import answer_in_time, refuse
from bot.tables.faces import FaceServices, Press, StatsRow, texts, verb
from bot.texts.i18n import dynamic_key, listed, t
from engine.colorpop.adapter import COLORPOP, ColorpopMove, ColorpopOptions
from engine.colorpop.rules import (
    NUM_RAILS,
    RAIL_NAMES,
    cell_name,
    group_at,
    parse_cell,
)
from engine.colorpop.state import ColorpopState
from engine.colorpop.view import ColorpopView
from engine.protocol import Outcome
from render.colorpop.scenes import Scene, move_scenes, turn_scene

from .challenges import KINDS
from .commands import ColorpopCommands
from .pictures import scene_picture
from .words import (
    colours_text,
    counts_text,
    group_label,
    piles_text,
    results_text,
    scene_status,
)  # fmt: skip

MAX_BUTTONS = 25  # a message holds at most 25 buttons (5 rows of 5)
MAX_TYPED = 12  # characters of a malformed typed cell echoed back


class CellModal(discord.ui.Modal):
    """Type a cell: one text field; its submit plays the cell as a press of its button would
    (the same path, the same checks, the same answers)."""

    def __init__(self, face: ColorpopFace, press: Press) -> None:
        table = press.table
        super().__init__(
            title=t("colorpop.modal.title", table.lang()),
            custom_id=f"colorpop:{table.id}:{table.epoch}:cell",
            timeout=900,
        )
        self.face, self.press = face, press
        self.cell: discord.ui.TextInput[CellModal] = discord.ui.TextInput(
            label=t("colorpop.modal.label", table.lang()),
            placeholder="C3",
            min_length=1,
            max_length=5,
            custom_id="cell",
        )
        self.add_item(self.cell)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        async with answer_in_time(interaction) as reply:
            press = dataclasses.replace(self.press, interaction=interaction, reply=reply)
            try:
                await self.face.play_typed(press, self.cell.value)
            except Refusal as no:
                await refuse(interaction, no, reply.is_done())


class ColorpopFace(GameFace[ColorpopOptions, ColorpopState, ColorpopMove, ColorpopView]):
    game = COLORPOP
    commands_class = ColorpopCommands
    challenge_kinds = KINDS
    tournament_modes = {  # noqa: RUF012  (a ClassVar of the base)
        mode: ColorpopOptions(mode=mode).model_dump() for mode in ("competitive", "duel")
    }
    record_later_key = "colorpop.record_later"  # the record would reveal the secret colours
    lobby_keys = texts("colorpop.lobby.text", "colorpop.lobby.started", "colorpop.lobby.cancelled")
    turn_in_one_message = True
    back_key = "colorpop.button.colour"

    # --- The table --------------------------------------------------------------------------

    def mode_name(self, table: Table, lang: str) -> str:
        options = self.options(table)
        mode = t(dynamic_key("colorpop.mode", options.mode), lang)
        if options.mode == "solo" and options.solo_colours > 1:
            return t("colorpop.solo_colours", lang, mode=mode, k=options.solo_colours)
        return mode

    def turn_lines(self, live: LiveTable, lang: str) -> list[str]:
        v = COLORPOP.view(self.state_of(live), None)
        table = live.table
        names = table.names()
        on_turn = names.get(v.on_turn or "", v.on_turn or "?")
        parts = [
            t("colorpop.turn.header", lang, move=v.move_number, name=on_turn),
            t("colorpop.turn.piles", lang, piles=piles_text(v, names)),
            t("colorpop.turn.left", lang, left=counts_text(v.left)),
        ]
        return parts

    def table_post(self, live: LiveTable, lang: str) -> Post:
        """The board (public view), and the controls: a column each, Type a cell, My colour."""
        v = COLORPOP.view(self.state_of(live), None)
        names = live.table.plain_names()  # the picture, its title and alt text: no Markdown
        picture = scene_picture(turn_scene(v), names, lang)
        playable = {rail for g in COLORPOP.legal_groups(v) for rail, _ in g.cells}
        controls: list[Button | Select] = [
            Button(
                "col",
                RAIL_NAMES[rail],
                "primary",
                arg=RAIL_NAMES[rail],
                disabled=rail not in playable,
            )
            for rail in range(NUM_RAILS)
        ]
        controls.append(Button("type", t("colorpop.button.type", lang)))
        controls.append(Button("colour", t("colorpop.button.colour", lang), "success"))
        return Post(self.table_text(live, lang), [picture], controls)

    def move_words(self, live: LiveTable, move: object, lang: str) -> str:
        """A pick as the picker names it: its group's colour, size and cell (`● red ×4 at C3`),
        from the board as it is (public)."""
        picked = self.narrow_move(move)
        board = COLORPOP.view(self.state_of(live), None).board
        group = group_at(board, picked.position)
        return group_label(group, lang, picked.position) if group else picked.cell

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post:
        """My colour: the seat's colour(s), from that seat's view alone (teams: both)."""
        me = COLORPOP.view(self.state_of(live), seat.id)
        names = live.table.names()
        partners = [names.get(s, s) for s in me.partners if s != seat.id]
        colours = colours_text(me.my_colours, lang)
        if partners:
            text = t("colorpop.secret.team", lang, colours=colours, partner=listed(partners, lang))
        elif len(me.my_colours) > 1:
            text = t("colorpop.secret.many", lang, colours=colours)
        else:
            text = t("colorpop.secret.one", lang, colours=colours)
        return Post(text)

    # --- A move's posts ---------------------------------------------------------------------

    async def posts_of(
        self,
        store: SqlStore,
        live: LiveTable,
        before: ColorpopState,
        events: Sequence[object],
        after: ColorpopState,
        lang: str,
    ) -> list[Post]:
        """One picture per step: the group picked, ringed; the board after the fall, after the
        rail shift, each showing what left and what moved; then, at the end, the results (every
        secret colour revealed there only: render/colorpop/scenes.py)."""
        names, plain = live.table.names(), live.table.plain_names()  # texts', pictures'
        was, final = COLORPOP.view(before, None), COLORPOP.view(after, None)
        posts = []
        for scene in move_scenes(was, events, final):
            picture = await asyncio.to_thread(scene_picture, scene, plain, lang)
            if scene.kind == "final":
                text = results_text(final, events, names, lang)
                posts.append(Post(text, [picture], results=True))
            else:
                posts.append(Post(self._caption(scene, names, lang), [picture], step=True))
        return posts

    def _caption(self, scene: Scene, names: dict[str, str], lang: str) -> str:
        """A step's caption: who picked which group (named by the cell played, the one the
        record keeps, §7), or what the tokens did."""
        if scene.kind == "picked" and scene.picked is not None:
            who = names.get(scene.picked.seat, scene.picked.seat)
            return t("colorpop.step.picked", lang, name=who, group=scene_status(scene, lang))
        return t("colorpop.step.fell" if scene.kind == "fell" else "colorpop.step.shifted", lang)

    # --- Clicks -----------------------------------------------------------------------------

    @verb("colour")
    async def my_colour(self, press: Press) -> None:
        """My colour: an ephemeral message with the seat's colour(s), from its own view."""
        await self.show_private(press)

    @verb("col", on_turn=True)
    async def column(self, press: Press) -> None:
        """Step one: a column; the answer (private) holds a button per group touching it, each
        named by and picking at the group's anchor (§7), wherever the column cuts it."""
        arg = press.arg
        if arg is None or len(arg) != 1 or arg not in RAIL_NAMES:
            raise Refusal("refusal.invalid_button")
        lang = press.lang
        v = COLORPOP.view(self.state_of(press.live), None)
        groups = COLORPOP.groups_in_rail(v, RAIL_NAMES.index(arg))[:MAX_BUTTONS]
        if not groups:
            text = t("colorpop.picker.none", lang, column=arg)
            await press.reply.send_message(text, ephemeral=True)
            return
        post = Post(
            t("colorpop.picker.choose", lang, column=arg),
            controls=[
                self.move_button(ColorpopMove.picking(g), group_label(g, lang)[:80]) for g in groups
            ],
        )
        await press.reply.send_message(ephemeral=True, view=view_for(press.table, post))

    @verb("type", on_turn=True)
    async def type_cell(self, press: Press) -> None:
        """Type a cell: a modal (only for the seat on turn)."""
        await press.reply.send_modal(CellModal(self, press))

    async def play_typed(self, press: Press, typed: str) -> None:
        """The modal's submit: `c3`, ` C3 ` are C3; anything else is a private no."""
        cell = parse_cell(typed.strip().upper())
        if cell is None:
            shown = discord.utils.escape_markdown(typed.strip()[:MAX_TYPED]) or "—"
            raise Refusal("colorpop.refusal.bad_cell", text=shown)
        move = ColorpopMove.at(cell)
        moved = await self.play(press, move)
        await press.reply.send_message(self.picked(moved, move, press.lang), ephemeral=True)

    async def answer_move(self, press: Press, move: object, moved: Moved) -> None:
        """A group's button (the picker's): the picker says what was played, in place."""
        label = self.picked(moved, move, press.lang)
        await press.reply.edit_message(view=view_for(press.table, Post(label)), **V2_EDIT)

    def picked(self, moved: Moved, move: object, lang: str) -> str:
        """The private answer to a pick: what left the board, named by the cell played."""
        cell = self.narrow_move(move).position
        group = group_at(COLORPOP.view(self.narrow(moved.before), None).board, cell)
        shown = group_label(group, lang, cell) if group is not None else cell_name(cell)
        return t("colorpop.picker.picked", lang, group=shown)

    # --- The game around the moves ------------------------------------------------------------

    def game_started(self, services: FaceServices, live: LiveTable) -> None:
        services.say(live.table.id, t("colorpop.started", live.table.lang()), ())

    # --- Stats ------------------------------------------------------------------------------

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        """How the game ended, what decided it, and (solo) how many secret colours."""
        first = outcome.seats[0].details if outcome.seats else {}
        colours = first.get("colours")
        return {
            "end": first.get("end"),
            "tie_break": first.get("tie_break"),
            "colours": len(colours) if isinstance(colours, list) else 1,
        }

    def stats_lines(self, rows: Sequence[StatsRow], lang: str) -> list[str]:
        """Wins by clearing, own tokens off the board on average, solo clears per colours."""
        lines = []
        played = [(won, score, d) for mode, won, score, d in rows if mode != "solo"]
        if played:
            cleared = sum(1 for won, _, d in played if won and d.get("end") == "cleared")
            average = round(sum(score for _, score, _ in played) / len(played), 1)
            lines.append(t("colorpop.stats.cleared", lang, n=cleared))
            lines.append(t("colorpop.stats.average", lang, score=average))
        solo: dict[int, list[bool]] = {}
        for mode, won, _, d in rows:
            if mode == "solo":
                solo.setdefault(int(d.get("colours") or 1), []).append(won)
        for k, results in sorted(solo.items()):
            lines.append(t("colorpop.stats.solo", lang, k=k, wins=sum(results), games=len(results)))
        return lines
