"""What a replay (`bot.tables.replays`) shows: a game's pictures and the turn each belongs
to; its message, one picture of the game, where it stands in the game and what it shows in
words, over the buttons that step through the game; and Turn…'s modal. Every text in the
presser's language."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.model.accents import ACCENTS
from bot.model.layout import Gallery, Layout, Row, Rule, Shown, Text, fitted
from bot.model.posts import Button
from bot.model.table import Table
from bot.posting.controls import Click
from bot.posting.layout_view import TableView, layout_view
from bot.texts.i18n import dynamic_key, t
from bot.texts.markdown import literal
from engine.protocol import Json
from render.kit import Picture

FIRST, BACK, FORWARD, LAST = "rfirst", "rback", "rnext", "rlast"
STEPS = (FIRST, BACK, FORWARD, LAST)
JUMP = "rturn"
TYPED = 6  # characters of a turn typed in the modal

# A record, its table language and the seats' names in, its pictures out (picklable: the
# picture workers run it).
Drawer = Callable[[Json, str, dict[str, str]], list[Picture]]


@dataclass(frozen=True)
class ReplayTools:
    """What a game gives its replays: its record's pictures, and which of them begins a turn
    (by its file name; by default every picture is a turn of its own)."""

    draw: Drawer
    starts_turn: Callable[[str], bool] = lambda _name: True


@dataclass(frozen=True)
class Drawn:
    """A game's pictures, in order, and the turn (from 1) each belongs to."""

    pictures: tuple[Picture, ...]
    turns: tuple[int, ...]

    def first_of(self, turn: int) -> int | None:
        """The position of the turn's first picture (None: no such turn)."""
        return next((at for at, n in enumerate(self.turns) if n == turn), None)


def turns_of(pictures: list[Picture], starts_turn: Callable[[str], bool]) -> tuple[int, ...]:
    """Each picture's turn: the first picture's is 1; a picture that begins a turn, the next."""
    turn, found = 1, []
    for at, picture in enumerate(pictures):
        if at and starts_turn(picture.filename):
            turn += 1
        found.append(turn)
    return tuple(found)


def replay_message(
    table: Table, game_no: int, drawn: Drawn, at: int, lang: str
) -> tuple[TableView, list[discord.File]]:
    """The replay's message at position `at`: its layout and its one picture."""
    picture = drawn.pictures[at]
    last = len(drawn.pictures) - 1
    game = t(dynamic_key("game", table.game), lang)
    text = "\n".join(
        [
            t("replay.header", lang, game=game, id=table.id, number=game_no),
            t(
                "replay.position",
                lang,
                turn=drawn.turns[at],
                turns=drawn.turns[-1],
                n=at + 1,
                total=last + 1,
            ),
            literal(picture.alt),  # what it shows; names as written, never as Markdown
        ]
    )

    def step(verb: str, label: str, to: int, off: bool) -> Button:
        return Button(verb, label, "secondary", f"{game_no}.{to}", off)

    buttons = (
        step(FIRST, t("replay.first", lang), 0, at == 0),
        step(BACK, t("replay.back", lang), max(0, at - 1), at == 0),
        step(FORWARD, t("replay.forward", lang), min(last, at + 1), at == last),
        step(LAST, t("replay.last", lang), last, at == last),
        Button(JUMP, t("replay.turn", lang), "primary", f"{game_no}.{at}"),
    )
    shown = Shown(picture.filename, picture.alt)
    blocks = (Text(fitted(text)), Gallery((shown,)), Rule(), Row(buttons))
    laid = Layout(ACCENTS.get(table.game), blocks)
    file = discord.File(
        io.BytesIO(picture.png), filename=picture.filename, description=picture.alt[:1024]
    )
    return layout_view(laid, table.game, table.id, 0), [file]


OnTurn = Callable[[discord.Interaction, Click, str], Awaitable[None]]


class TurnAsked(discord.ui.Modal):
    """Turn…: one field, the turn's number; its submit shows that turn's first picture."""

    def __init__(self, click: Click, game_no: int, lang: str, on_turn: OnTurn) -> None:
        super().__init__(
            title=t("replay.modal.title", lang),
            custom_id=f"{click.game}:{click.table_id}:{game_no}:{JUMP}",
            timeout=900,
        )
        self.click, self.on_turn = click, on_turn
        self.turn: discord.ui.TextInput[TurnAsked] = discord.ui.TextInput(
            label=t("replay.modal.label", lang), min_length=1, max_length=TYPED, custom_id="turn"
        )
        self.add_item(self.turn)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.on_turn(interaction, self.click, self.turn.value)
