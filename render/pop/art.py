"""Pop's sprites: every card face and Queue card is drawn once, then only pasted; Pop's palette,
and the kit's text and icon sprites made in it.
"""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.pop.cards import ARROW, SYMBOLS

from .. import kit
from .. import style as S
from ..kit import SS, cached, draw_arrow, draw_burst, draw_shape, mix
from ..style import COLOUR_STYLE, font
from . import style as P

# --- Card faces (RGB, drawn once per size and variant) ----------------------------------------


def _lane_edges(d: ImageDraw.ImageDraw, cw: int, ch: int, bg: str) -> None:
    """On a board lane, the 2-pixel gutters either side stay background."""
    if bg == S.TRACK:
        d.rectangle((0, 0, 2 * SS - 1, ch * SS), fill=S.BACKGROUND)
        d.rectangle(((cw - 2) * SS, 0, cw * SS, ch * SS), fill=S.BACKGROUND)


VARIANTS = ("normal", "placed", "exploding", "selected", "dimmed", "fell", "ghost")


class _Face(NamedTuple):
    """Where a card's face sits in its supersampled cell, and its size in final pixels."""

    x0: int
    y0: int
    w: int
    h: int
    mini: bool
    radius: int

    @property
    def v(self) -> float:
        """The vertical scale of the marks: below 1 on a card drawn shorter."""
        return 1.0 if self.mini else min(1.0, self.h / P.CARD_H)


def card_rgb(
    card: int, mini: bool = False, variant: str = "normal", bg: str = S.TRACK, height: int = 0
) -> Image.Image:
    """One card in its cell: the face, plus the ring or marks of its variant. A board card
    may be drawn shorter (`height`) when a tall grid must fit the picture."""
    style = P.colour_style(card)
    w, h = (P.MINI_W, P.MINI_H) if mini else (P.CARD_W, height or P.CARD_H)
    pad = 0 if mini else P.PAD
    cw, ch = w + 2 * pad, h + 2 * pad
    k = SS
    img = Image.new("RGB", (cw * k, ch * k), bg)
    d = ImageDraw.Draw(img)
    _lane_edges(d, cw, ch, bg)
    fill, ink = style.hex, style.ink
    edge, edge_w = mix(fill, S.BLACK, 0.45), 2 * k
    if variant == "dimmed":
        fill, ink = mix(fill, bg, 0.72), mix(ink, bg, 0.6)
    if variant == "ghost":  # where a card that fell was: its outline, faint inside
        edge, edge_w = fill, 3 * k
        fill, ink = mix(fill, bg, 0.8), mix(ink, bg, 0.55)
    face = _Face(pad * k, pad * k, w, h, mini, (7 if mini else 11) * k)
    _surround(d, variant, cw, ch, face, bg)
    d.rounded_rectangle(
        (face.x0, face.y0, face.x0 + w * k - 1, face.y0 + h * k - 1),
        face.radius,
        fill=fill,
        outline=edge,
        width=edge_w,
    )
    _marks(d, card, style.shape, ink, face)
    _badge(d, variant, face)
    return img.reduce(
        k
    )  # a box of k x k samples a pixel: smooth edges at a tenth of LANCZOS's cost


def _surround(d: ImageDraw.ImageDraw, variant: str, cw: int, ch: int, face: _Face, bg: str) -> None:
    """Behind the face: a placed or selected card's ring, an exploding one's hazard teeth."""
    k, radius = SS, face.radius
    if variant in ("placed", "selected"):
        d.rounded_rectangle(
            (2 * k, 1 * k, (cw - 2) * k, (ch - 1) * k), radius + 5 * k, fill=S.HIGHLIGHT
        )
        d.rounded_rectangle((5 * k, 5 * k, (cw - 5) * k, (ch - 5) * k), radius + 1 * k, fill=bg)
    if variant == "exploding":
        d.rounded_rectangle((0, 0, cw * k - 1, ch * k - 1), radius + 6 * k, fill="#000000")
        step = 9 * k
        for i in range(-ch * k, cw * k, 2 * step):
            d.polygon(
                [(i, ch * k), (i + step, ch * k), (i + step + ch * k, 0), (i + ch * k, 0)],
                fill=S.GOLD,
            )
        x0, y0 = face.x0, face.y0
        d.rounded_rectangle(
            (x0 - 1 * k, y0 - 1 * k, x0 + (face.w + 1) * k, y0 + (face.h + 1) * k),
            radius,
            fill="#000000",
        )


def _marks(d: ImageDraw.ImageDraw, card: int, shape: str, ink: str, face: _Face) -> None:
    """On the face: the shape, the arrow, a burst per explosion symbol, the number. A small
    card's bursts stay large enough to count where Discord shows the picture."""
    k, mini, v = SS, face.mini, face.v
    u = face.w / (66 if mini else 108)  # the marks were drawn for 66 and 108 px wide cards
    x0, y0, w, h = face.x0, face.y0, face.w, face.h
    s = round((14 if mini else 26) * u * v) * k
    m = round((5 if mini else 8) * u * v) * k
    draw_shape(d, shape, (x0 + m, y0 + m, x0 + m + s, y0 + m + s), ink)
    if ARROW[card]:
        aw, ah = round((16 if mini else 26) * u) * k, round((11 if mini else 17) * u * v) * k
        am = round((4 if mini else 8) * u * v) * k
        draw_arrow(d, (x0 + am, y0 + h * k - am - ah, x0 + am + aw, y0 + h * k - am), ink)
    r = (6.5 if mini else max(5.0, 8 * u * v)) * k  # 10 px across at the least
    gap = (13 if mini else max(11.0, 17 * u * v)) * k
    bx = x0 + w * k - (4 if mini else 8 * u) * k - r
    by = y0 + h * k - (3 if mini else 7 * v) * k - r
    for i in range(SYMBOLS[card]):
        draw_burst(d, bx - i * gap, by, r, ink)
    f = font(round((23 if mini else 44) * u * min(1.0, 0.3 + 0.7 * v)) * k, bold=True)
    # a short card's number stands left of its bursts' row
    tx = x0 + (w * (0.62 if mini else 0.60 if v >= 0.7 else 0.42)) * k
    ty = y0 + (h * (0.40 if mini else 0.41)) * k
    d.text((tx, ty), str(card), font=f, fill=ink, anchor="mm")


def _badge(d: ImageDraw.ImageDraw, variant: str, face: _Face) -> None:
    """On the top right corner: an exploding card's burst, a selected card's tick."""
    k = SS
    right, top = face.x0 + face.w * k, face.y0
    if variant == "exploding":
        # A burst badge, whole inside the cell (no clipped points).
        cx, cy = right - 8 * k, top + 8 * k  # radius 14: reaches 6 px out, inside the pad
        draw_burst(d, cx, cy, 14 * k, S.GOLD, outline="#000000", width=2 * k)
    if variant == "fell":  # a card that fell: a white badge with a down arrow
        fell_badge(d, right - 8 * k, top + 8 * k, 12 * k)
    if variant == "selected":
        cx, cy = right - 6 * k, top + 4 * k
        d.ellipse(
            (cx - 13 * k, cy - 13 * k, cx + 13 * k, cy + 13 * k),
            fill=S.HIGHLIGHT,
            outline="#000000",
            width=2 * k,
        )
        d.line(
            [(cx - 6 * k, cy), (cx - 1 * k, cy + 6 * k), (cx + 7 * k, cy - 6 * k)],
            fill="#000000",
            width=4 * k,
            joint="curve",
        )


def fell_badge(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The mark of a card that fell: a white disc with a black arrow pointing down."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=S.HIGHLIGHT, outline="#000000", width=2 * SS)
    d.polygon(
        [
            (cx - r * 0.55, cy - r * 0.25),
            (cx + r * 0.55, cy - r * 0.25),
            (cx, cy + r * 0.6),
        ],
        fill="#000000",
    )
    d.rectangle((cx - r * 0.18, cy - r * 0.65, cx + r * 0.18, cy - r * 0.2), fill="#000000")


def queue_rgb(column: int, bg: str = S.TRACK, height: int = 0) -> Image.Image:
    """A Queue card, lettered A-E, in a board cell."""
    w, h, pad, k = P.CARD_W, height or P.CARD_H, P.PAD, SS
    img = Image.new("RGB", ((w + 2 * pad) * k, (h + 2 * pad) * k), bg)
    d = ImageDraw.Draw(img)
    _lane_edges(d, w + 2 * pad, h + 2 * pad, bg)
    box = (pad * k, pad * k, (pad + w) * k - 1, (pad + h) * k - 1)
    d.rounded_rectangle(box, 11 * k, fill=P.QUEUE_FILL, outline=P.QUEUE_EDGE, width=3 * k)
    d.text(
        ((pad + w / 2) * k, (pad + h / 2) * k),
        "ABCDE"[column],
        font=font(round(40 * min(1.0, h / P.CARD_H)) * k, True),
        fill=S.TEXT,
        anchor="mm",
    )
    return img.reduce(k)


# --- The palette --------------------------------------------------------------------------------

_BASE = [
    S.BACKGROUND,
    S.TRACK,
    S.PANEL,
    S.TEXT,
    S.MUTED,
    P.QUEUE_FILL,
    P.QUEUE_EDGE,
    S.HIGHLIGHT,
    S.GOLD,
    S.GOOD,
    S.BAD,
    S.BLACK,
]
_BASE += [st.hex for st in COLOUR_STYLE.values()] + [st.ink for st in COLOUR_STYLE.values()]


def _sample_tiles() -> list[Image.Image]:
    """What Pop's pictures are made of, for the palette to learn their edge tones."""
    sample_cards = (1, 2, 3, 4, 5)  # one card of each colour, with an arrow and 3 symbols
    tiles = []
    for bg in (S.TRACK, S.BACKGROUND, S.PANEL):
        for card in sample_cards:
            for variant in VARIANTS:
                tiles.append(card_rgb(card, False, variant, bg))
            tiles.append(card_rgb(card, True, "normal", bg))
            tiles.append(card_rgb(card, True, "dimmed", bg))
        tiles.append(queue_rgb(0, bg))
        for colour in (S.TEXT, S.MUTED, S.GOLD, S.GOOD, S.BAD):
            tiles.append(kit.text_rgb("Ag8" + S.ICON_BURST + P.ICON_CHIEF, 24, True, colour, bg))
    return tiles


PALETTE = kit.Palette(_BASE, _sample_tiles, S.BACKGROUND)
# The kit's sprites, made in Pop's palette.
palette = PALETTE.image
to_palette = PALETTE.quantize
index_of = PALETTE.index_of
new_canvas = PALETTE.new_canvas
text_sprite = PALETTE.text_sprite
name_sprite = PALETTE.name_sprite
line_sprite = PALETTE.line_sprite
icon_sprite = PALETTE.icon_sprite
paste_text = PALETTE.paste_text


# --- Cached sprites (palette mode) -------------------------------------------------------------


@cached(1024)
def card_image(
    card: int, mini: bool = False, variant: str = "normal", bg: str = S.TRACK, height: int = 0
) -> Image.Image:
    """A card in its cell, for the RGB frames (drawn once per size and variant)."""
    return card_rgb(card, mini, variant, bg, height)


@cached(1024)
def text_image(text: str, size: int, bold: bool, colour: str, bg: str) -> Image.Image:
    """A line of text (already fitted) on its background, for the RGB frames."""
    return kit.text_rgb(text, size, bold, colour, bg)


@cached(64)
def queue_image(column: int, bg: str = S.TRACK, height: int = 0) -> Image.Image:
    return queue_rgb(column, bg, height)


@cached(2048)
def card_sprite(
    card: int, mini: bool = False, variant: str = "normal", bg: str = S.TRACK, height: int = 0
) -> Image.Image:
    return to_palette(card_rgb(card, mini, variant, bg, height))


@cached(64)
def queue_sprite(column: int, bg: str = S.TRACK, height: int = 0) -> Image.Image:
    return to_palette(queue_rgb(column, bg, height))
