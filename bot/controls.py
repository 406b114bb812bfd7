"""Every table's buttons and menus: one `DynamicItem` whose template IS the custom_id contract.

    <game>:<table>:<epoch>:<verb>[:<arg>]        e.g. pop:12:3:card:27

After a restart discord.py rebuilds the control from the id alone, so old messages keep working
(discord.py's examples/views/dynamic_counter.py). The epoch goes up whenever a table's controls
go stale (the game starts, a turn is revealed, the game ends): a click on an older one is
politely refused. An id that carries a game's prefix but not this shape (forged, cut, with a
newline) never reaches a handler: the client answers it privately (`is_ours`).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from .posts import Button, Control, Select

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
    """A well-formed control id, parsed."""

    game: str
    table_id: int
    epoch: int
    verb: str
    arg: str | None


def parse(custom_id: str) -> Click | None:
    match = PATTERN.fullmatch(custom_id)
    if match is None:
        return None
    return Click(
        match["game"], int(match["table"]), int(match["epoch"]), match["verb"], match["arg"]
    )


def custom_id(game: str, table_id: int, epoch: int, verb: str, arg: str | None = None) -> str:
    return f"{game}:{table_id}:{epoch}:{verb}" + (f":{arg}" if arg is not None else "")


Handler = Callable[[discord.Interaction, Click, list[str]], Awaitable[None]]


def control_class(handler: Handler) -> type[discord.ui.DynamicItem[Any]]:
    """The one DynamicItem class of a bot, bound to the handler every click goes to."""

    class TableControl(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
        @classmethod
        async def from_custom_id(
            cls,
            _interaction: discord.Interaction,
            item: discord.ui.Item[Any],
            _match: re.Match[str],
        ) -> TableControl:
            return cls(item)  # the parsing happens in the callback, where a no is answered

        async def callback(self, interaction: discord.Interaction) -> None:
            click = parse(str(getattr(self.item, "custom_id", "")))
            if click is not None:
                values = getattr(self.item, "values", None) or []
                await handler(interaction, click, [str(v) for v in values])

    return TableControl


def build_view(
    controls: Sequence[Control],
    game: str,
    table_id: int,
    epoch: int,
    item_class: type[discord.ui.DynamicItem[Any]],
) -> discord.ui.View:
    """Discord components for a post's controls (at most 25 buttons, or a menu per row)."""
    view = discord.ui.View(timeout=None)
    for control in controls:
        cid = custom_id(
            game,
            table_id,
            epoch,
            control.verb,
            control.arg if isinstance(control, Button) else None,
        )
        item: discord.ui.Item[Any]
        if isinstance(control, Select):
            item = discord.ui.Select(
                custom_id=cid,
                placeholder=control.placeholder,
                options=[
                    discord.SelectOption(label=label, value=value)
                    for label, value in control.options
                ]
                or [discord.SelectOption(label="-", value="-")],
            )
        else:
            item = discord.ui.Button(
                label=control.label,
                style=STYLES[control.style],
                disabled=control.disabled,
                custom_id=cid,
            )
        view.add_item(item_class(item))
    # Every item dispatches through the client's one DynamicItem template, so discord.py need
    # keep no copy of this view: stopped, it is only a layout. (Left running, each ephemeral
    # one would stay in memory for 15 minutes with a timeout task of its own.)
    view.stop()
    return view


def is_ours(custom_id: str, games: Iterable[str]) -> bool:
    """Does this id carry one of our games' prefix (whatever follows, newlines included)?"""
    return any(custom_id.startswith(f"{game}:") for game in games)


def on_message(custom_id: str, message: discord.Message | None) -> bool:
    """Is this id one of the clicked message's own components? (A forged click is not.)"""
    if message is None:
        return False
    return any(
        getattr(child, "custom_id", None) == custom_id
        for row in message.components
        for child in getattr(row, "children", [row])
    )
