"""The composer's layouts (`bot.model.layout`) as discord.py's Components V2 views, and back.

`view_for(table, post)` is every table message as Discord gets it: a `LayoutView` holding one
`Container` in the game's accent colour (discord.py sets the message's IS_COMPONENTS_V2 flag
when it sends one; Discord never lets an edit take it off, so every later edit of the message
sends a layout too, never `content`). Pictures are the message's attachments, shown by a
`MediaGallery` (`attachment://<file name>`, the alt text as the item's description). Every
control keeps its custom_id (`bot.posting.controls`), so clicks route as they always did.

`layout_of(message)` reads a message the bot made back into a layout: only after a restart,
when a message is edited that this process has not laid out itself (its text, its pictures and
its controls are then as Discord has them).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.model.accents import ACCENTS
from bot.model.layout import Block, Gallery, Layout, Row, Rule, Shown, Text
from bot.model.posts import Button, Control, Post, Select
from bot.model.table import Table

from . import composer
from .controls import control_item, custom_id, parse, walk

# What every edit to a V2 layout also says: no content. A message an older bot posted before
# this one took over has no V2 flag, and Discord adds it by an edit only when the edit resets
# the message's content (on a V2 message, an empty content changes nothing).
V2_EDIT: dict[str, Any] = {"content": None}
TEXT_DISPLAY, MEDIA_GALLERY, SEPARATOR, ACTION_ROW, CONTAINER = 10, 12, 14, 1, 17
BUTTON, STRING_SELECT = 2, 3


class TableView(discord.ui.LayoutView):
    """A table message's components, with the layout they show and the epoch of their ids."""

    def __init__(self, layout: Layout, epoch: int) -> None:
        super().__init__(timeout=None)
        self.layout, self.epoch = layout, epoch


def layout_view(layout: Layout, game: str, table_id: int, epoch: int) -> TableView:
    """The layout as discord.py components (stopped: every press is dispatched through the
    client's one DynamicItem template, so discord.py keeps no copy of it)."""
    view = TableView(layout, epoch)
    container = discord.ui.Container[TableView](accent_colour=layout.accent)
    for block in layout.blocks:
        container.add_item(_item(block, game, table_id, epoch))
    view.add_item(container)
    view.stop()
    return view


def _item(block: Block, game: str, table_id: int, epoch: int) -> discord.ui.Item[TableView]:
    if isinstance(block, Text):
        return discord.ui.TextDisplay(block.content)
    if isinstance(block, Gallery):
        return discord.ui.MediaGallery(
            *(
                discord.MediaGalleryItem(f"attachment://{s.filename}", description=s.alt[:1024])
                for s in block.items
            )
        )
    if isinstance(block, Rule):
        return discord.ui.Separator()
    row = discord.ui.ActionRow[TableView]()
    for control in block.controls:
        arg = control.arg if isinstance(control, Button) else None
        row.add_item(control_item(control, custom_id(game, table_id, epoch, control.verb, arg)))
    return row


def view_for(
    table: Table, post: Post, kept: Sequence[Shown] = (), story: bool = False
) -> TableView:
    """A table's post as one Components V2 message (`kept`: pictures it shows already; a
    `story`: a turn's steps, the latest large)."""
    layout = composer.laid_out(post, ACCENTS.get(table.game), kept, story)
    return layout_view(layout, table.game, table.id, table.epoch)


def picture_files(post: Post) -> list[discord.File]:
    """A post's pictures as attachments, each with its alt text as the description."""
    return [
        discord.File(io.BytesIO(p.png), filename=p.filename, description=p.alt)
        for p in post.pictures
    ]


def shows(message: discord.Message, post: Post, view: TableView) -> bool:
    """Does Discord's message show this post: its text, its pictures, its controls?"""
    found = as_json(message)
    return (
        text_of(found).strip() == view.layout.text.strip()
        and [a.filename for a in message.attachments] == [p.filename for p in post.pictures]
        and custom_ids(found) == custom_ids(view.to_components())  # type: ignore[no-untyped-call]
    )


def attachments_now(
    message: discord.Message, post: Post
) -> list[discord.Attachment | discord.File]:
    """A message's attachments changed to show the post's pictures: those it has kept, the
    others uploaded."""
    wanted = {p.filename for p in post.pictures}
    kept = [a for a in message.attachments if a.filename in wanted]
    had = {a.filename for a in kept}
    return [*kept, *picture_files(Post("", [p for p in post.pictures if p.filename not in had]))]


async def answer_privately(
    interaction: discord.Interaction, view: TableView, files: list[discord.File]
) -> discord.Message:
    """A private post answering a click. Discord lets no Components V2 message fill a deferred
    "thinking" answer (type 5): that answer is edited into the post instead. Otherwise (the
    click was acknowledged without a message) a new ephemeral followup."""
    if interaction.response.type == discord.InteractionResponseType.deferred_channel_message:
        return await interaction.edit_original_response(view=view, attachments=files)
    return await interaction.followup.send(view=view, files=files, ephemeral=True, wait=True)


def stripped(message: discord.Message, table: Table) -> dict[str, Any]:
    """An edit of a message the bot made (the one clicked): as it is, without its controls."""
    laid, epoch = layout_of(message)
    return edit_of(laid.without_controls(), table.game, table.id, epoch)


def edit_of(laid: Layout, game: str, table_id: int, epoch: int) -> dict[str, Any]:
    """An edit making a message the bot made show `laid`, as Components V2 (`V2_EDIT`)."""
    return {"view": layout_view(laid, game, table_id, epoch), **V2_EDIT}


def is_v2(message: discord.Message) -> bool:
    return bool(message.flags.components_v2)


# --- Reading Discord's components ------------------------------------------------------------


def as_json(message: discord.Message) -> list[Mapping[str, Any]]:
    return [c.to_dict() for c in message.components]


def custom_ids(components: Sequence[Mapping[str, Any]]) -> list[str]:
    """The custom ids of components, in reading order."""
    return [c["custom_id"] for c in walk(components) if "custom_id" in c]


def text_of(components: Sequence[Mapping[str, Any]]) -> str:
    """Every text display's content, in reading order, as `Layout.text` joins them."""
    return "\n".join(c["content"] for c in walk(components) if c.get("type") == TEXT_DISPLAY)


def layout_of(message: discord.Message) -> tuple[Layout, int]:
    """A message the bot made, read back as a layout, and the epoch its controls carry."""
    found = as_json(message)
    accent = next((c.get("accent_color") for c in found if c.get("type") == CONTAINER), None)
    pictures = tuple(Shown(a.filename, a.description or "") for a in message.attachments)
    blocks: list[Block] = []
    if not is_v2(message):  # posted before Components V2: its content, its attachments
        blocks += [Text(message.content)] if message.content else []
        blocks += [Gallery(pictures)] if pictures else []
    epoch = 0
    for component in walk(found):
        kind = component.get("type")
        if kind == TEXT_DISPLAY:
            blocks.append(Text(component["content"]))
        elif kind == MEDIA_GALLERY and pictures:
            blocks.append(Gallery(_items(component, pictures)))
        elif kind == SEPARATOR:
            blocks.append(Rule())
        elif kind == ACTION_ROW:
            controls = [_control(c) for c in component.get("components", [])]
            blocks.append(Row(tuple(c for c, _ in controls)))
            epoch = max([epoch, *(e for _, e in controls)])
    return Layout(accent, tuple(blocks)), epoch


def _items(gallery: Mapping[str, Any], pictures: tuple[Shown, ...]) -> tuple[Shown, ...]:
    """A gallery's pictures, known by the file names their media urls end with."""
    named = {s.filename: s for s in pictures}
    urls = [item.get("media", {}).get("url", "") for item in gallery.get("items", [])]
    found = [named.get(url.split("?")[0].rsplit("/", 1)[-1]) for url in urls]
    return tuple(s for s in found if s is not None) or pictures


def _control(component: Mapping[str, Any]) -> tuple[Control, int]:
    click = parse(component.get("custom_id", ""))
    verb, arg, epoch = ("", None, 0) if click is None else (click.verb, click.arg, click.epoch)
    if component.get("type") == STRING_SELECT:
        options = tuple((o["label"], o["value"]) for o in component.get("options", []))
        return Select(verb, component.get("placeholder", ""), options), epoch
    style = {1: "primary", 2: "secondary", 3: "success", 4: "danger"}[component.get("style", 2)]
    label = component.get("label", "")
    return Button(verb, label, style, arg, bool(component.get("disabled"))), epoch  # type: ignore[arg-type]
