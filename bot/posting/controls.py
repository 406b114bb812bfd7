"""Every table's buttons and menus: one `DynamicItem` whose template IS the custom_id contract.

    <game>:<table>:<epoch>:<verb>[:<arg>]        e.g. pop:12:3:card:27

After a restart discord.py rebuilds the control from the id alone, so old messages keep working
(discord.py's examples/views/dynamic_counter.py). The epoch goes up whenever a table's controls
go stale (the game starts, a turn is revealed, the game ends): a click on an older one is
politely refused. An id that carries a game's prefix but not this shape (forged, cut, with a
newline) never reaches a handler: the client answers it privately (`is_ours`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.model.posts import Control, Select

TEMPLATE = (
    r"(?P<game>[a-z]{2,12}):(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):"
    r"(?P<verb>[a-z]{1,12})(?::(?P<arg>[A-Za-z0-9_.\-]{1,40}))?"
)
PATTERN = re.compile(TEMPLATE)
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


@dataclass(frozen=True)
class Click:
    """A well-formed control id, parsed (once: where the id is matched), and what was chosen
    when the control is a menu."""

    game: str
    table_id: int
    epoch: int
    verb: str
    arg: str | None
    values: tuple[str, ...] = ()

    @property
    def chosen(self) -> str | None:
        """The argument the press carries: the menu's choice, else the button's own."""
        return self.values[0] if self.values else self.arg


def click_of(match: re.Match[str], values: Sequence[str] = ()) -> Click:
    return Click(
        match["game"],
        int(match["table"]),
        int(match["epoch"]),
        match["verb"],
        match["arg"],
        tuple(values),
    )


def parse(custom_id: str) -> Click | None:
    match = PATTERN.fullmatch(custom_id)
    return None if match is None else click_of(match)


def custom_id(game: str, table_id: int, epoch: int, verb: str, arg: str | None = None) -> str:
    return f"{game}:{table_id}:{epoch}:{verb}" + (f":{arg}" if arg is not None else "")


Handler = Callable[[discord.Interaction, Click], Awaitable[None]]


def control_class(handler: Handler) -> type[discord.ui.DynamicItem[Any]]:
    """The one DynamicItem class of a bot, bound to the handler every click goes to.
    discord.py matches the id to `TEMPLATE` (and only for a control the clicked message
    shows); that match is the one parse of the id."""

    class TableControl(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
        def __init__(self, item: discord.ui.Item[Any], click: Click) -> None:
            super().__init__(item)
            self.click = click

        @classmethod
        async def from_custom_id(
            cls,
            _interaction: discord.Interaction,
            item: discord.ui.Item[Any],
            match: re.Match[str],
        ) -> TableControl:
            return cls(item, click_of(match))

        async def callback(self, interaction: discord.Interaction) -> None:
            values = getattr(self.item, "values", None) or []
            await handler(interaction, dataclasses.replace(self.click, values=tuple(values)))

    return TableControl


def control_item(control: Control, cid: str) -> discord.ui.Item[Any]:
    """A control as a discord.py item, carrying its custom id."""
    if isinstance(control, Select):
        options = [
            discord.SelectOption(label=label, value=value) for label, value in control.options
        ]
        return discord.ui.Select(
            custom_id=cid,
            placeholder=control.placeholder,
            options=options or [discord.SelectOption(label="-", value="-")],
        )
    return discord.ui.Button(
        label=control.label, style=STYLES[control.style], disabled=control.disabled, custom_id=cid
    )


def walk(components: Sequence[Mapping[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Every component of a message (as Discord's JSON), nested ones too, in reading order."""
    for component in components:
        yield component
        yield from walk(component.get("components", []))
        if "accessory" in component:
            yield component["accessory"]


def is_ours(custom_id: str, games: Iterable[str]) -> bool:
    """Does this id carry one of our games' prefix (whatever follows, newlines included)?"""
    return any(custom_id.startswith(f"{game}:") for game in games)


def on_message(custom_id: str, message: discord.Message | None) -> bool:
    """Is this id one of the clicked message's own components? (A forged click is not.)"""
    if message is None:
        return False
    found = walk([c.to_dict() for c in message.components])
    return any(c.get("custom_id") == custom_id for c in found)
