"""Sprites: every card face, Queue card, icon and label is drawn once, then only pasted.

Sprites are drawn smooth (supersampled RGB), then mapped once onto one fixed 256-colour
palette. Pictures are composed directly in that palette ("P" mode): pasting a sprite copies
bytes, and a palette PNG is a third of the data of an RGB one, so encoding stays fast and
files stay small.
"""

from __future__ import annotations

import functools
import math
import threading
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.pop.cards import ARROW, COLOUR_NAMES, SYMBOLS

from . import style as S
from .style import COLOUR_STYLE, font, rgb

SS = 3  # supersampling factor for smooth edges
_LOCK = threading.RLock()  # FreeType faces are not thread-safe; the bot draws in a thread pool


def _cached(maxsize: int):
    """lru_cache, with sprite creation serialised: pictures may be drawn from several threads."""
    def decorate(fn):
        cached = lru_cache(maxsize=maxsize)(fn)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with _LOCK:
                return cached(*args, **kwargs)

        wrapper.cache_clear = cached.cache_clear
        return wrapper
    return decorate


# --- Shapes (drawn at any scale) ------------------------------------------------------------


def _star_points(cx: float, cy: float, r_out: float, r_in: float, n: int, turn: float = -90):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_shape(draw: ImageDraw.ImageDraw, shape: str, box, fill, outline=None, width=0) -> None:
    """A colour's own shape inside `box` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    kw = {"fill": fill, "outline": outline, "width": width}
    if shape == "circle":
        draw.ellipse((cx - r * 0.92, cy - r * 0.92, cx + r * 0.92, cy + r * 0.92), **kw)
    elif shape == "square":
        k = r * 0.82
        draw.rectangle((cx - k, cy - k, cx + k, cy + k), **kw)
    elif shape == "triangle":
        draw.polygon([(cx, y0), (x1, y1 - r * 0.12), (x0, y1 - r * 0.12)], **kw)
    elif shape == "diamond":
        draw.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], **kw)
    elif shape == "star":
        draw.polygon(_star_points(cx, cy + r * 0.08, r * 1.05, r * 0.45, 5), **kw)
    else:
        raise ValueError(shape)


def draw_burst(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, outline=None,
               width=0) -> None:
    """The explosion symbol: an eight-pointed burst."""
    draw.polygon(_star_points(cx, cy, r, r * 0.5, 8, turn=-90 + 22.5 / 2), fill=fill,
                 outline=outline, width=width)


def draw_arrow(draw: ImageDraw.ImageDraw, box, fill) -> None:
    """The arrow symbol: a bold arrow pointing left (3+ arrows turn the placing order round)."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    cy = (y0 + y1) / 2
    head = x0 + h * 0.62
    draw.polygon([(x0, cy), (head, y0), (head, cy - h * 0.2), (x1, cy - h * 0.2),
                  (x1, cy + h * 0.2), (head, cy + h * 0.2), (head, y1)], fill=fill)


def _mix(a: str, b: str, t: float) -> tuple[int, int, int]:
    ra, rb = rgb(a), rgb(b)
    return tuple(round(x + (y - x) * t) for x, y in zip(ra, rb, strict=True))


def _hex(c: tuple[int, int, int]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*c)


# --- Card faces (RGB, drawn once per size and variant) ----------------------------------------

def _lane_edges(d: ImageDraw.ImageDraw, cw: int, ch: int, bg: str) -> None:
    """On a board lane, the 2-pixel gutters either side stay background."""
    if bg == S.TRACK:
        d.rectangle((0, 0, 2 * SS - 1, ch * SS), fill=S.BACKGROUND)
        d.rectangle(((cw - 2) * SS, 0, cw * SS, ch * SS), fill=S.BACKGROUND)


VARIANTS = ("normal", "placed", "exploding", "selected", "dimmed")


def card_rgb(card: int, mini: bool = False, variant: str = "normal", bg: str = S.TRACK):
    """One card in its cell: the face, plus the ring or marks of its variant."""
    style = COLOUR_STYLE[COLOUR_NAMES[S.COLOUR[card]]]
    w, h = (S.MINI_W, S.MINI_H) if mini else (S.CARD_W, S.CARD_H)
    pad = 0 if mini else S.PAD
    cw, ch = w + 2 * pad, h + 2 * pad
    k = SS
    img = Image.new("RGB", (cw * k, ch * k), bg)
    d = ImageDraw.Draw(img)
    _lane_edges(d, cw, ch, bg)
    fill, ink = style.hex, style.ink
    if variant == "dimmed":
        fill, ink = _hex(_mix(fill, bg, 0.72)), _hex(_mix(ink, bg, 0.6))
    edge = _hex(_mix(fill, "#000000", 0.45))
    x0, y0 = pad * k, pad * k
    radius = (7 if mini else 11) * k
    if variant in ("placed", "selected"):
        d.rounded_rectangle((2 * k, 1 * k, (cw - 2) * k, (ch - 1) * k), radius + 5 * k,
                            fill=S.HIGHLIGHT)
        d.rounded_rectangle((5 * k, 5 * k, (cw - 5) * k, (ch - 5) * k), radius + 1 * k,
                            fill=bg)
    if variant == "exploding":
        # Hazard ring: alternating white and black teeth all round the card.
        d.rounded_rectangle((0, 0, cw * k - 1, ch * k - 1), radius + 6 * k, fill="#000000")
        step = 9 * k
        for i in range(-ch * k, cw * k, 2 * step):
            d.polygon([(i, ch * k), (i + step, ch * k), (i + step + ch * k, 0), (i + ch * k, 0)],
                      fill=S.GOLD)
        d.rounded_rectangle((x0 - 1 * k, y0 - 1 * k, x0 + (w + 1) * k, y0 + (h + 1) * k),
                            radius, fill="#000000")
    d.rounded_rectangle((x0, y0, x0 + w * k - 1, y0 + h * k - 1), radius, fill=fill,
                        outline=edge, width=2 * k)
    # Shape, top left.
    s = (14 if mini else 26) * k
    m = (5 if mini else 8) * k
    draw_shape(d, style.shape, (x0 + m, y0 + m, x0 + m + s, y0 + m + s), ink)
    # Arrow, bottom left.
    if ARROW[card]:
        aw, ah = (16 if mini else 26) * k, (11 if mini else 17) * k
        am = (4 if mini else 8) * k
        draw_arrow(d, (x0 + am, y0 + h * k - am - ah, x0 + am + aw, y0 + h * k - am), ink)
    # Explosion symbols, bottom right, one burst each.
    r = (4.6 if mini else 8) * k
    gap = (9.5 if mini else 17) * k
    bx = x0 + w * k - (5 if mini else 8) * k - r
    by = y0 + h * k - (4 if mini else 7) * k - r
    for i in range(SYMBOLS[card]):
        draw_burst(d, bx - i * gap, by, r, ink)
    # The number, large.
    f = font((23 if mini else 44) * k, bold=True)
    text = str(card)
    tx = x0 + (w * (0.62 if mini else 0.60)) * k
    ty = y0 + (h * (0.40 if mini else 0.41)) * k
    d.text((tx, ty), text, font=f, fill=ink, anchor="mm")
    if variant == "exploding":
        # A burst badge on the top right corner.
        cx, cy = x0 + w * k - 2 * k, y0 + 3 * k
        draw_burst(d, cx, cy, 13 * k, S.GOLD, outline="#000000", width=2 * k)
    if variant == "selected":
        cx, cy = x0 + w * k - 6 * k, y0 + 4 * k
        d.ellipse((cx - 13 * k, cy - 13 * k, cx + 13 * k, cy + 13 * k), fill=S.HIGHLIGHT,
                  outline="#000000", width=2 * k)
        d.line([(cx - 6 * k, cy), (cx - 1 * k, cy + 6 * k), (cx + 7 * k, cy - 6 * k)],
               fill="#000000", width=4 * k, joint="curve")
    return img.resize((cw, ch), Image.LANCZOS)


def queue_rgb(column: int, bg: str = S.TRACK):
    """A Queue card, lettered A-E, in a board cell."""
    w, h, pad, k = S.CARD_W, S.CARD_H, S.PAD, SS
    img = Image.new("RGB", ((w + 2 * pad) * k, (h + 2 * pad) * k), bg)
    d = ImageDraw.Draw(img)
    _lane_edges(d, w + 2 * pad, h + 2 * pad, bg)
    box = (pad * k, pad * k, (pad + w) * k - 1, (pad + h) * k - 1)
    d.rounded_rectangle(box, 11 * k, fill=S.QUEUE_FILL, outline=S.QUEUE_EDGE, width=3 * k)
    d.text(((pad + w / 2) * k, (pad + h / 2) * k), "ABCDE"[column], font=font(46 * k, True),
           fill=S.TEXT, anchor="mm")
    return img.resize((w + 2 * pad, h + 2 * pad), Image.LANCZOS)


# --- The palette --------------------------------------------------------------------------------

_BASE = [S.BACKGROUND, S.TRACK, S.PANEL, S.TEXT, S.MUTED, S.QUEUE_FILL, S.QUEUE_EDGE,
         S.HIGHLIGHT, S.GOLD, S.GOOD, S.BAD, "#000000"]
_BASE += [st.hex for st in COLOUR_STYLE.values()] + [st.ink for st in COLOUR_STYLE.values()]


@_cached(1)
def palette() -> Image.Image:
    """The one palette of every picture: exact base colours, then the edge tones of a sample."""
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
            tiles.append(_text_rgb("Ag8" + S.ICON_BURST + S.ICON_CHIEF, 24, True, colour, bg))
    width = max(t.width for t in tiles)
    height = sum(t.height for t in tiles)
    montage = Image.new("RGB", (width, height), S.BACKGROUND)
    y = 0
    for t in tiles:
        montage.paste(t, (0, y))
        y += t.height
    seen = []
    for c in _BASE:
        if rgb(c) not in seen:
            seen.append(rgb(c))
    learnt = montage.quantize(256 - len(seen), method=Image.Quantize.MEDIANCUT,
                              dither=Image.Dither.NONE)
    flat = learnt.getpalette()[: 3 * (256 - len(seen))]
    learnt_colours = [tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)]
    # Keep base colours exact: drop learnt tones so close that they could be chosen instead.
    extra = [c for c in learnt_colours
             if all(max(abs(a - b) for a, b in zip(c, base, strict=True)) > 10 for base in seen)]
    entries = [v for c in seen + extra for v in c]
    entries += [0] * (768 - len(entries))
    pal = Image.new("P", (1, 1))
    pal.putpalette(entries)
    return pal


def to_palette(img: Image.Image) -> Image.Image:
    return img.quantize(palette=palette(), dither=Image.Dither.NONE)


@_cached(64)
def index_of(hex_colour: str) -> int:
    """The palette index of a base colour (exact)."""
    return to_palette(Image.new("RGB", (1, 1), hex_colour)).getpixel((0, 0))


def new_canvas(size: tuple[int, int], bg: str = S.BACKGROUND) -> Image.Image:
    img = Image.new("P", size, index_of(bg))
    img.putpalette(palette().getpalette())
    return img


# --- Cached sprites (palette mode) -------------------------------------------------------------


@_cached(1024)
def card_sprite(card: int, mini: bool = False, variant: str = "normal",
                bg: str = S.TRACK) -> Image.Image:
    return to_palette(card_rgb(card, mini, variant, bg))


@_cached(16)
def queue_sprite(column: int, bg: str = S.TRACK) -> Image.Image:
    return to_palette(queue_rgb(column, bg))


# --- Text ------------------------------------------------------------------------------------------


def _notdef_mask(size: int, bold: bool) -> tuple:
    m = font(size, bold).getmask("\ue000")
    return m.size, bytes(m)


@_cached(4096)
def has_glyph(ch: str) -> bool:
    """Does the bundled font draw this character (rather than its empty box)?"""
    m = font(20).getmask(ch)
    return (m.size, bytes(m)) != _notdef_mask(20, False) or ch == "\ue000"


def safe_text(text: str) -> str:
    """What the font can draw of `text`: unknown characters become a placeholder, never an error.

    Control and formatting characters (joiners, variation selectors, direction marks) and
    unpaired surrogates are dropped; private-use and unknown characters become a box.
    """
    out = []
    for ch in unicodedata.normalize("NFC", str(text)):
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Zl", "Zp") or 0xFE00 <= ord(ch) <= 0xFE0F:
            continue
        if cat == "Mn" and not has_glyph(ch):
            continue
        if cat == "Zs":
            out.append(" ")
        elif cat == "Co" or not has_glyph(ch):
            if not out or out[-1] != S.PLACEHOLDER:
                out.append(S.PLACEHOLDER)
        else:
            out.append(ch)
    return "".join(out).strip() or S.PLACEHOLDER


def fit_text(text: str, size: int, bold: bool, max_width: int) -> str:
    """Shorten `text` with an ellipsis until it fits `max_width` pixels."""
    f = font(size, bold)
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def _text_rgb(text: str, size: int, bold: bool, colour: str, bg: str) -> Image.Image:
    f = font(size, bold)
    ascent, descent = f.getmetrics()
    width = max(1, math.ceil(f.getlength(text)) + 2)
    img = Image.new("RGB", (width, ascent + descent), bg)
    ImageDraw.Draw(img).text((1, 0), text, font=f, fill=colour)
    return img


@_cached(4096)
def text_sprite(text: str, size: int, bold: bool = False, colour: str = S.TEXT,
                bg: str = S.BACKGROUND) -> Image.Image:
    """A line of text (already safe) as a palette sprite; height = the font's line height."""
    return to_palette(_text_rgb(text, size, bold, colour, bg))


@_cached(1024)
def name_sprite(name: str, size: int, max_width: int, bold: bool = False, colour: str = S.TEXT,
                bg: str = S.BACKGROUND) -> Image.Image:
    """A player's name: any Unicode in, what the font can draw out, cut to `max_width`."""
    return text_sprite(fit_text(safe_text(name), size, bold, max_width), size, bold, colour, bg)


@_cached(256)
def icon_sprite(kind: str, size: int, colour: str = S.TEXT, bg: str = S.BACKGROUND,
                arg: str = "") -> Image.Image:
    """Small pictures: a burst, a colour shape, an arrow."""
    k = SS
    img = Image.new("RGB", (size * k, size * k), bg)
    d = ImageDraw.Draw(img)
    if kind == "burst":
        draw_burst(d, size * k / 2, size * k / 2, size * k / 2 - k, colour)
    elif kind == "shape":
        draw_shape(d, arg, (k, k, (size - 1) * k, (size - 1) * k), colour)
    elif kind in ("left", "right"):
        draw_arrow(d, (k, size * k * 0.2, (size - 1) * k, size * k * 0.8), colour)
        if kind == "right":
            img = img.transpose(Image.FLIP_LEFT_RIGHT)
    else:
        raise ValueError(kind)
    return to_palette(img.resize((size, size), Image.LANCZOS))


def warm_up() -> None:
    """Draw every card face the board uses now, rather than on the first pictures (~1 s)."""
    for card in range(1, 51):
        for variant in ("normal", "placed", "exploding"):
            card_sprite(card, False, variant)
        card_sprite(card, True, "normal", S.BACKGROUND)
        card_sprite(card, True, "dimmed", S.BACKGROUND)
    for column in range(5):
        queue_sprite(column)
