"""Message components as Discord lays them out: legacy action rows and Components V2.

A Components V2 message (flag ``IS_COMPONENTS_V2``, 1 << 15) has no ``content``: its text is its
Text Displays, its pictures are Media Galleries and Thumbnails naming attachments
(``attachment://name`` in a request; Discord answers with the attachment's own url and id), and
its buttons may sit in action rows inside Containers or as a Section's accessory.
https://discord.com/developers/docs/components/reference
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .model import Attachment

IS_COMPONENTS_V2 = 1 << 15

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT = 5, 6, 7, 8
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9,
    10,
    11,
    12,
    13,
    14,
    17,
)

SELECTS = (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)
INTERACTIVE = (BUTTON, *SELECTS)
#: What may stand at the top of a V2 message, and inside a Container (all but a Container).
TOP_LEVEL_V2 = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
IN_CONTAINER = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR)
ACCESSORIES = (BUTTON, THUMBNAIL)
ATTACHMENT_SCHEME = "attachment://"


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, nested ones included, in reading order: a layout, then what it holds
    (a Section's texts, then its accessory)."""
    for component in components:
        if not isinstance(component, dict):
            continue
        yield component
        yield from walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield from walk([component["accessory"]])


def interactive(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The buttons and selects, wherever they sit (rows, Containers, Section accessories)."""
    return [c for c in walk(components) if c.get("type") in INTERACTIVE]


def text_displays(components: list[dict[str, Any]]) -> list[str]:
    """The content of every Text Display, in reading order."""
    return [c.get("content") or "" for c in walk(components) if c.get("type") == TEXT_DISPLAY]


def media_items(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every unfurled media item: gallery items', thumbnails' and files' ``media``/``file``."""
    for component in walk(components):
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            for item in component.get("items") or []:
                if isinstance(item, dict) and isinstance(item.get("media"), dict):
                    yield item["media"]
        elif kind == THUMBNAIL and isinstance(component.get("media"), dict):
            yield component["media"]
        elif kind == FILE and isinstance(component.get("file"), dict):
            yield component["file"]


def gallery_media(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The media of every Media Gallery item, in reading order."""
    return [
        item["media"]
        for c in walk(components)
        if c.get("type") == MEDIA_GALLERY
        for item in c.get("items") or []
        if isinstance(item, dict) and isinstance(item.get("media"), dict)
    ]


def descriptions(components: list[dict[str, Any]]) -> list[str]:
    """The alt texts of Media Gallery items and Thumbnails, in reading order."""
    found = []
    for component in walk(components):
        if component.get("type") == MEDIA_GALLERY:
            found += [
                i.get("description") for i in component.get("items") or [] if isinstance(i, dict)
            ]
        elif component.get("type") == THUMBNAIL:
            found.append(component.get("description"))
    return [d for d in found if d]


def attachment_name(url: str) -> str | None:
    """``name`` of an ``attachment://name`` url (None for any other url)."""
    return url[len(ATTACHMENT_SCHEME) :] if url.startswith(ATTACHMENT_SCHEME) else None


def resolve_media(
    components: list[dict[str, Any]],
    attachments: list[Attachment],
    new_id: Callable[[], int],
) -> None:
    """Unfurl, in place, every media item as Discord answers it: an ``attachment://name`` (or an
    attachment's own url) becomes that attachment's url, proxy url, size in pixels, content
    type and ``attachment_id``; a File component also gets the file's ``name`` and ``size``.
    Other urls stay as given (Discord would fetch them; the emulator does not). Of two files
    of one name, the later (a new upload after the kept ones) is the one shown."""
    by_name = {a.filename: a for a in attachments}
    by_url = {a.url: a for a in attachments}
    for media in media_items(components):
        url = str(media.get("url") or "")
        name = attachment_name(url)
        attachment = by_name.get(name) if name is not None else by_url.get(url)
        media.setdefault("id", str(new_id()))
        if attachment is None:
            media.setdefault("proxy_url", url)
            continue
        width, height = _pixels(attachment.data)
        media.update(
            {
                "url": attachment.url,
                "proxy_url": attachment.url + "?proxy=1",
                "width": width,
                "height": height,
                "content_type": attachment.content_type,
                "attachment_id": str(attachment.id),
            }
        )
    for component in walk(components):
        if component.get("type") == FILE and isinstance(component.get("file"), dict):
            attachment = by_url.get(component["file"].get("url"))
            component["name"] = attachment.filename if attachment else None
            component["size"] = attachment.size if attachment else None


def _pixels(data: bytes) -> tuple[int | None, int | None]:
    try:
        from PIL import Image

        with Image.open(io.BytesIO(data)) as image:
            return image.width, image.height
    except Exception:  # not a picture (or no Pillow): Discord says null
        return None, None
