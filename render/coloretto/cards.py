"""Coloretto's cards as the pictures draw them: a colour card shows its colour's own shape
(render/style.py: colour is never the only cue), a "+2" card its number, a joker a star on a
light card, the golden joker a star on gold; the pile is a card's back, the last-round card a
flag. A card in a collection carries its count under its shape, and a small star card on its
corner for each joker counted as its colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.coloretto import cards as C

from .. import frame as F
from .. import kit
from .. import style as S

PAD = 5  # px of background around a card tile (room for its ring)
SS = 3  # supersampling of a card tile
BACK = "back"  # the pile's top card, face down
LAST = C.LAST  # the last-round card


class CardStyle(NamedTuple):
    fill: str
    shape: str  # drawn on the card (and in the legend): never colour alone
    ink: str


def _style(style: S.ColourStyle) -> CardStyle:
    return CardStyle(style.hex, style.shape, style.ink)


CARD_STYLE: dict[str, CardStyle] = {
    **{c: _style(S.COLOUR_STYLE[c]) for c in C.COLOURS},
    C.COTTON: _style(S.PLUS2_STYLE),
    C.JOKER: _style(S.JOKER_STYLE),
    C.GOLDEN: _style(S.GOLDEN_STYLE),
}
assert set(CARD_STYLE) == set(C.CARD_NAMES) - {C.LAST}
FACES = {**CARD_STYLE, BACK: CardStyle(S.PANEL, "", S.MUTED), LAST: CardStyle(S.PANEL, "⚑", S.GOLD)}


def draw(img: Image.Image, name: str, x: int, y: int, w: int, h: int, *, ring: bool = False,
         counted: bool = False) -> None:  # fmt: skip
    """The card `name` with its top-left at (x, y), `w` x `h`; `ring` draws the highlight
    round it; `counted` moves its mark up to leave room for a count (`group`)."""
    tile = _tile(name, w, h, ring, counted, _bg_at(img, x - PAD, y - PAD))
    img.paste(tile, (x - PAD, y - PAD))


def slot(img: Image.Image, x: int, y: int, w: int, h: int) -> None:
    """An empty place in a row, below its limit."""
    ImageDraw.Draw(img).rounded_rectangle((x, y, x + w, y + h), 6, outline=S.MUTED, width=2)


def group(img: Image.Image, name: str, count: int, jokers: Sequence[str], x: int, y: int,
          w: int, h: int) -> int:  # fmt: skip
    """A collection's cards of one kind: one card, `count` under its mark, and a star card on
    its corner for each of the `jokers` (their kinds) counted as it. Returns its width."""
    draw(img, name, x, y, w, h, counted=True)
    ink = CARD_STYLE[name].ink
    d = ImageDraw.Draw(img)
    kit.draw_line(d, (x + w / 2, y + h * 0.77), f"×{count}", F.SMALL, True, ink, "mm", cut=False)
    badge_w, badge_h = badge(h)
    for i, kind in enumerate(jokers):
        draw(img, kind, x + w - 3 + i * (badge_w // 2), y - 4, badge_w, badge_h)
    return w + (badge_w - 3 + (len(jokers) - 1) * (badge_w // 2) if jokers else 0)


def badge(h: int) -> tuple[int, int]:
    """The size of a joker's star card on a collection card `h` high."""
    return round(h * 0.42), round(h * 0.5)


def icon(name: str) -> F.Icon:
    """A card as a legend's icon: a small card, upright, with its mark."""
    style = FACES[name]

    def paint(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
        x0, y0, x1, y1 = box
        w, cx = (y1 - y0 + 4) * 0.72, (x0 + x1) / 2
        card = (cx - w / 2, y0 - 2, cx + w / 2, y1 + 2)
        edge = S.MUTED if name in (BACK, LAST) else S.BLACK
        d.rounded_rectangle(card, 4, fill=style.fill, outline=edge, width=1)
        half = w * 0.36
        cy = (y0 + y1) / 2
        _mark(d, name, style, (cx - half, cy - half, cx + half, cy + half))

    return paint


@lru_cache(maxsize=1024)
def _tile(name: str, w: int, h: int, ring: bool, counted: bool, bg: str) -> Image.Image:
    """A card face with PAD pixels of `bg` round it, drawn once (supersampled)."""
    style = FACES[name]
    k, full_w, full_h = SS, (w + 2 * PAD) * SS, (h + 2 * PAD) * SS
    tile = Image.new("RGB", (full_w, full_h), bg)
    d = ImageDraw.Draw(tile)
    if ring:
        d.rounded_rectangle((0, 0, full_w - 1, full_h - 1), 10 * k, fill=S.HIGHLIGHT)
        d.rounded_rectangle((3 * k, 3 * k, full_w - 3 * k, full_h - 3 * k), 8 * k, fill=S.BLACK)
    box = (PAD * k, PAD * k, (PAD + w) * k - 1, (PAD + h) * k - 1)
    edge = S.MUTED if name in (BACK, LAST) else S.BLACK
    d.rounded_rectangle(box, 6 * k, fill=style.fill, outline=edge, width=2 * k)
    cx = (PAD + w / 2) * k
    cy = (PAD + (h * 0.36 if counted else h / 2)) * k
    half = (min(w, h * 0.62) * 0.34 if counted else min(w, h) * 0.32) * k
    _mark(d, name, style, (cx - half, cy - half, cx + half, cy + half))
    return tile.resize((w + 2 * PAD, h + 2 * PAD), Image.Resampling.LANCZOS)


def _mark(d: ImageDraw.ImageDraw, name: str, style: CardStyle, box: kit.Box) -> None:
    """What a card shows in `box`: its shape, its number, its flag, or a back's inner frame."""
    x0, y0, x1, y1 = box
    if name == BACK:
        d.rounded_rectangle(box, (x1 - x0) / 6, outline=style.ink, width=max(1, int(x1 - x0) // 12))
    elif name in (C.COTTON, LAST):  # the number, the flag: a card's face, not a line of text
        size = round((x1 - x0) * (0.8 if name == C.COTTON else 1.1))
        mark = S.PLUS2_STYLE.symbol if name == C.COTTON else style.shape
        bold = S.font(size, True)
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), mark, font=bold, fill=style.ink, anchor="mm")
    else:
        kit.draw_shape(d, style.shape, box, style.ink)


def _bg_at(img: Image.Image, x: int, y: int) -> str:
    """The colour under (x, y), clamped to the picture: a tile's margin blends in."""
    px = img.getpixel((max(0, min(img.width - 1, x)), max(0, min(img.height - 1, y))))
    assert isinstance(px, tuple)
    return "#{:02X}{:02X}{:02X}".format(*px[:3])
