"""Discord's rules for a message's components, legacy and Components V2, checked on every create
and edit (channel messages, interaction callbacks 4 and 7, followups, webhook edits).

Sources: the components reference (https://discord.com/developers/docs/components/reference),
Create/Edit Message in the message resource, and the interaction callback data notes. Error codes
and wording are Discord's where they could be found (MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_
COMPONENTS_V2, MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG, COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED,
COMPONENT_CUSTOM_ID_DUPLICATED, UNION_TYPE_CHOICES, BASE_TYPE_*); where they could not (the
4,000 characters of text, an ``attachment://`` naming no file) the code is the closest generic
one and the wording the emulator's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import components as layout
from .wire import invalid_form

if TYPE_CHECKING:
    from .model import Message

MAX_TOTAL_COMPONENTS = 40
MAX_TEXT = 4000
MAX_ROW_WIDTH = 5
MAX_CUSTOM_ID = 100
SECTION_TEXTS = range(1, 4)
GALLERY_ITEMS = range(1, 11)
#: What the flag IS_COMPONENTS_V2 disables, and the empty value an upgrading edit resets it to.
LEGACY_FIELDS = ("content", "embeds", "sticker_ids", "poll")


def becomes_v2(payload: dict[str, Any], edited: Message | None) -> bool:
    """Whether the message is a Components V2 one once this create or edit is done.

    Once set the flag cannot be removed: an edit whose ``flags`` omit it is refused with
    MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG, as Discord answers (the docs: "the
    IS_COMPONENTS_V2 flag can only be set"; bots meet that 400 when they PATCH a V2 message with
    flags that lack it). An edit that sends no ``flags`` at all keeps it."""
    flags = payload.get("flags")
    asked = isinstance(flags, int) and bool(flags & layout.IS_COMPONENTS_V2)
    if edited is None or not edited.is_components_v2:
        return asked
    if flags is not None and not asked:
        raise invalid_form(
            "flags",
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed from a message",
        )
    return True


def refuse_legacy_fields(payload: dict[str, Any], edited: Message | None) -> None:
    """With the flag, ``content``, ``embeds``, ``sticker_ids`` and ``poll`` are refused. A
    legacy message made V2 by an edit must reset those it uses in that edit (content to null,
    embeds to [])."""
    upgrading = edited is not None and not edited.is_components_v2
    held = {
        "content": bool(edited and edited.content),
        "embeds": bool(edited and edited.embeds),
    }
    for name in LEGACY_FIELDS:
        given = payload.get(name)
        kept = upgrading and held.get(name, False) and name not in payload
        if given or kept:
            raise invalid_form(
                name,
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The '{name}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )


def check_v2(components: list[dict[str, Any]], attachment_names: set[str]) -> None:
    """A V2 message's components: any layout at the top; at most 40 in all, counted through
    every layout; at most 4,000 characters of text; galleries of 1–10 items; sections of 1–3
    texts and one accessory; rows of 1–5 buttons or one select; custom_ids unique; every
    ``attachment://name`` naming a file of the message."""
    total = sum(1 for _ in layout.walk(components))
    if total > MAX_TOTAL_COMPONENTS:
        raise invalid_form(
            "components",
            "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
            f"Total number of components cannot exceed {MAX_TOTAL_COMPONENTS} (is {total})",
        )
    text = sum(len(t) for t in layout.text_displays(components))
    if text > MAX_TEXT:
        raise invalid_form(
            "components",
            "BASE_TYPE_MAX_LENGTH",
            f"The text of all Text Displays must be {MAX_TEXT} or fewer in length (is {text}).",
        )
    checker = _Checker(attachment_names)
    for n, component in enumerate(components):
        checker.check(component, f"components.{n}", layout.TOP_LEVEL_V2)


def check_legacy(components: list[dict[str, Any]], max_rows: int) -> None:
    """A message without the flag: at most 5 action rows at the top and nothing else, each of
    1–5 buttons or one select, custom_ids unique."""
    if len(components) > max_rows:
        raise invalid_form(
            "components", "BASE_TYPE_MAX_LENGTH", f"Must be {max_rows} or fewer in length."
        )
    checker = _Checker(set())
    for n, component in enumerate(components):
        checker.check(component, f"components.{n}", (layout.ACTION_ROW,))


class _Checker:
    """Walks components with their paths (``components.0.components.2.accessory``), checking
    each against what its place allows."""

    def __init__(self, attachment_names: set[str]) -> None:
        self.names = attachment_names
        self.custom_ids: set[str] = set()

    def check(self, component: dict[str, Any], path: str, allowed: tuple[int, ...]) -> None:
        kind = component.get("type")
        if kind not in allowed:
            choices = ", ".join(str(t) for t in allowed)
            raise invalid_form(
                f"{path}.type",
                "UNION_TYPE_CHOICES",
                f'Value of field "type" must be one of ({choices},).',
            )
        children = component.get("components") or []
        if kind == layout.CONTAINER:
            self.sized(children, f"{path}.components", range(1, MAX_TOTAL_COMPONENTS + 1))
            self.each(children, f"{path}.components", layout.IN_CONTAINER)
        elif kind == layout.SECTION:
            self.sized(children, f"{path}.components", SECTION_TEXTS)
            self.each(children, f"{path}.components", (layout.TEXT_DISPLAY,))
            accessory = component.get("accessory")
            if not isinstance(accessory, dict):
                raise invalid_form(
                    f"{path}.accessory", "BASE_TYPE_REQUIRED", "This field is required"
                )
            self.check(accessory, f"{path}.accessory", layout.ACCESSORIES)
        elif kind == layout.ACTION_ROW:
            self.row(children, path)
        elif kind == layout.MEDIA_GALLERY:
            items = component.get("items") or []
            self.sized(items, f"{path}.items", GALLERY_ITEMS)
            for i, item in enumerate(items):
                self.media(item.get("media"), f"{path}.items.{i}.media")
        elif kind == layout.THUMBNAIL:
            self.media(component.get("media"), f"{path}.media")
        elif kind == layout.FILE:
            self.media(component.get("file"), f"{path}.file", attachment_only=True)
        elif (
            kind == layout.TEXT_DISPLAY and not 1 <= len(component.get("content") or "") <= MAX_TEXT
        ):
            raise invalid_form(
                f"{path}.content",
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 1 and {MAX_TEXT} in length.",
            )
        elif kind in layout.INTERACTIVE:
            self.custom_id(component, path)

    def each(self, children: list[dict[str, Any]], path: str, allowed: tuple[int, ...]) -> None:
        for n, child in enumerate(children):
            self.check(child, f"{path}.{n}", allowed)

    def sized(self, items: list[Any], path: str, allowed: range) -> None:
        if len(items) not in allowed:
            raise invalid_form(
                path,
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between {allowed.start} and {allowed.stop - 1} in length.",
            )

    def row(self, children: list[dict[str, Any]], path: str) -> None:
        """1–5 buttons, or one select (a select takes the whole row)."""
        width = sum(MAX_ROW_WIDTH if c.get("type") in layout.SELECTS else 1 for c in children)
        if not children or width > MAX_ROW_WIDTH:
            raise invalid_form(
                f"{path}.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
            )
        self.each(children, f"{path}.components", layout.INTERACTIVE)

    def custom_id(self, component: dict[str, Any], path: str) -> None:
        custom_id = component.get("custom_id")
        if custom_id is None:
            return
        if len(custom_id) > MAX_CUSTOM_ID:
            raise invalid_form(
                f"{path}.custom_id", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."
            )
        if custom_id in self.custom_ids:
            raise invalid_form(
                f"{path}.custom_id",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        self.custom_ids.add(custom_id)

    def media(self, media: Any, path: str, *, attachment_only: bool = False) -> None:
        """An unfurled media item: ``attachment://name`` must name a file of the message (an
        upload of this request, or on an edit an attachment it keeps); a File shows only such
        (or, as a view rebuilt from a received message sends it, the attachment's own url)."""
        url = media.get("url") if isinstance(media, dict) else None
        if not isinstance(url, str) or not url:
            raise invalid_form(f"{path}.url", "BASE_TYPE_REQUIRED", "This field is required")
        name = layout.attachment_name(url)
        if name is None and attachment_only and url not in self.names:
            raise invalid_form(
                f"{path}.url",
                "BASE_TYPE_INVALID",
                "A File component only shows an attachment (attachment://<filename>).",
            )
        if name is not None and name not in self.names:
            raise invalid_form(
                f"{path}.url",
                "ATTACHMENT_NOT_FOUND",
                f"Unknown attachment: {url} names no file of this message.",
            )
