"""The drawing kit every game's pictures are made with: shapes, a fixed palette, text sprites,
canvases, pasting, PNG encoding. Nothing here knows a game.

Sprites are drawn smooth (supersampled RGB), then mapped once onto one fixed 256-colour
`Palette`. Pictures are composed directly in that palette ("P" mode): pasting a sprite copies
bytes, and a palette PNG is a third of the data of an RGB one, so encoding stays fast and files
stay small. A game builds its palette from its exact base colours and a sample of its sprites
(for the tones of their smooth edges).
"""

from __future__ import annotations

import contextlib
import functools
import io
import math
import os
import re
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, ParamSpec, TypeVar

from PIL import Image, ImageDraw
from PIL.ImageFont import FreeTypeFont

from . import style as S
from .style import font, rgb

SS = 3  # supersampling factor for smooth edges
PNG_COMPRESS_LEVEL = 3  # `pop-bot bench render`: level 3 ~6 ms, 61 KB; level 6 ~13 ms, 52 KB
FONT_LOCK = threading.RLock()  # FreeType faces are not thread-safe; the bot draws in a thread pool

Box = tuple[float, float, float, float]
Point = tuple[float, float]
Anchor = Literal["l", "m", "r"]
P = ParamSpec("P")
R = TypeVar("R")


def cached(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """lru_cache, with sprite creation serialised: pictures may be drawn from several threads.
    Only a miss takes the lock: a hit (most calls, hundreds of thousands a game's pictures) is
    lru_cache's own lookup, which is thread-safe. The result keeps lru_cache's `cache_clear`."""

    def decorate(fn: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(fn)
        def locked(*args: P.args, **kwargs: P.kwargs) -> R:
            with FONT_LOCK:
                return fn(*args, **kwargs)

        # lru_cache types its arguments as Hashable: the wrapper keeps `fn`'s own signature
        answers: Callable[P, R] = functools.lru_cache(maxsize)(locked)  # type: ignore[assignment]
        return answers

    return decorate


@dataclass(frozen=True)
class Picture:
    png: bytes
    alt: str  # at most 1024 characters (a Discord attachment description)
    filename: str


def encode(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


# --- Shapes (drawn at any scale) ------------------------------------------------------------


def star_points(
    cx: float, cy: float, r_out: float, r_in: float, n: int, turn: float = -90
) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(turn + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_shape(draw: ImageDraw.ImageDraw, shape: str, box: Box, fill: str) -> None:
    """A colour's own shape inside `box` (x0, y0, x1, y1): the one set every game draws."""
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    if shape == "circle":
        k = r * 0.92
        draw.ellipse((cx - k, cy - k, cx + k, cy + k), fill=fill, width=0)
    elif shape == "square":
        k = r * 0.82
        draw.rectangle((cx - k, cy - k, cx + k, cy + k), fill=fill, width=0)
    elif shape == "bar":
        draw.rectangle((x0, cy - r * 0.36, x1, cy + r * 0.36), fill=fill, width=0)
    elif shape == "star":
        draw.polygon(star_points(cx, cy + r * 0.08, r * 1.05, r * 0.45, 5), fill=fill, width=0)
    else:
        draw.polygon(_outline(shape, cx, cy, r), fill=fill, width=0)


def _outline(shape: str, cx: float, cy: float, r: float) -> list[Point]:
    """The polygon of a shape centred on (cx, cy) with half-width `r`."""
    if shape == "triangle":
        return [(cx, cy - r), (cx + r, cy + r * 0.88), (cx - r, cy + r * 0.88)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [_polar(cx, cy, r, 60 * i + 30) for i in range(6)]
    if shape == "cross":
        return _plus(cx, cy, r * 0.95, r * 0.34, 0)
    if shape == "x":
        return _plus(cx, cy, r * 1.1, r * 0.26, 45)
    if shape == "moon":
        return _crescent(cx, cy, r * 0.95)
    raise ValueError(shape)


def _polar(cx: float, cy: float, r: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _plus(cx: float, cy: float, arm: float, half: float, turn: float) -> list[Point]:
    """A plus of arms `arm` long and `half` thick (each side), turned by `turn` degrees."""
    corners = [
        (half, -arm), (half, -half), (arm, -half), (arm, half), (half, half), (half, arm),
        (-half, arm), (-half, half), (-arm, half), (-arm, -half), (-half, -half), (-half, -arm),
    ]  # fmt: skip
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    return [(cx + x * c - y * s, cy + x * s + y * c) for x, y in corners]


def _crescent(cx: float, cy: float, r: float) -> list[Point]:
    """A waxing moon: the disc of radius `r` less the same disc moved up and to the right."""
    dx, dy = r * 0.55, -r * 0.2
    facing = math.atan2(-dy, -dx)  # the side the crescent bulges to

    def turned(a: float) -> float:
        return (a - facing + math.pi) % (2 * math.pi) - math.pi

    angles = [2 * math.pi * i / 96 for i in range(96)]
    outer = [a for a in angles if math.hypot(r * math.cos(a) - dx, r * math.sin(a) - dy) > r]
    inner = [a for a in angles if math.hypot(dx + r * math.cos(a), dy + r * math.sin(a)) < r]
    rim = [_polar(cx, cy, r, math.degrees(a)) for a in sorted(outer, key=turned)]
    cut = [
        _polar(cx + dx, cy + dy, r, math.degrees(a))
        for a in sorted(inner, key=turned, reverse=True)
    ]
    return rim + cut


def draw_burst(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: str,
    outline: str | None = None,
    width: int = 0,
) -> None:
    """The explosion symbol: an eight-pointed burst."""
    draw.polygon(
        star_points(cx, cy, r, r * 0.5, 8, turn=-90 + 22.5 / 2),
        fill=fill,
        outline=outline,
        width=width,
    )


def draw_arrow(draw: ImageDraw.ImageDraw, box: Box, fill: str) -> None:
    """A bold arrow pointing left."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    cy = (y0 + y1) / 2
    head = x0 + h * 0.62
    draw.polygon(
        [
            (x0, cy),
            (head, y0),
            (head, cy - h * 0.2),
            (x1, cy - h * 0.2),
            (x1, cy + h * 0.2),
            (head, cy + h * 0.2),
            (head, y1),
        ],
        fill=fill,
    )


def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from `a` to `b`, as #RRGGBB."""
    r, g, b_ = (round(x + (y - x) * t) for x, y in zip(rgb(a), rgb(b), strict=True))
    return f"#{r:02X}{g:02X}{b_:02X}"


# --- Text -----------------------------------------------------------------------------------


EMOJI_FONT = S.FONT_DIR / "NotoEmoji-Regular.woff"  # monochrome; data/fonts/LICENSE-NotoEmoji.txt
EMOJI_SCALE = 0.86  # Noto Emoji's glyphs are wider than DejaVu's em: this fits them in its line


@functools.lru_cache(maxsize=64)
def emoji_font(size: int, bold: bool = False) -> FreeTypeFont:  # noqa: ARG001  (one weight)
    """The bundled monochrome Noto Emoji (one weight: `bold` is ignored), for what DejaVu Sans
    and the Japanese subset both lack."""
    from PIL import ImageFont

    return ImageFont.truetype(
        str(EMOJI_FONT), max(1, round(size * EMOJI_SCALE)), layout_engine=ImageFont.Layout.BASIC
    )


FONTS: tuple[Callable[[int, bool], FreeTypeFont], ...] = (font, S.cjk_font, emoji_font)
LATIN, CJK, EMOJI = 0, 1, 2


def _notdef_mask(size: int, bold: bool, which: int = LATIN) -> tuple[tuple[int, int], bytes]:
    m = FONTS[which](size, bold).getmask("\ue000")
    return m.size, bytes(m)


@cached(8192)
def in_latin_font(ch: str) -> bool:
    """Does DejaVu Sans draw this character (rather than its empty box)?"""
    m = font(20).getmask(ch)
    return (m.size, bytes(m)) != _notdef_mask(20, False) or ch == "\ue000"


@cached(8192)
def in_cjk_font(ch: str) -> bool:
    """Does the bundled Japanese subset draw this character (rather than its box)?"""
    m = S.cjk_font(20).getmask(ch)
    return (m.size, bytes(m)) != _notdef_mask(20, False, CJK)


@cached(8192)
def in_emoji_font(ch: str) -> bool:
    """Does the bundled Noto Emoji draw this character (rather than nothing or its box)?"""
    if ch.isspace() or ord(ch) < 0x2000:
        return False  # letters, digits and punctuation stay with the text fonts
    m = emoji_font(20).getmask(ch)
    return m.size[0] > 0 and any(bytes(m)) and (m.size, bytes(m)) != _notdef_mask(20, False, EMOJI)


def has_glyph(ch: str) -> bool:
    """Does one of the bundled fonts (DejaVu Sans, else the Japanese subset, else Noto Emoji)
    draw this character?"""
    return in_latin_font(ch) or in_cjk_font(ch) or in_emoji_font(ch)


def _font_of(ch: str) -> int:
    if in_latin_font(ch):
        return LATIN
    if in_cjk_font(ch):
        return CJK
    return EMOJI if in_emoji_font(ch) else LATIN  # neither: DejaVu draws its box


def safe_text(text: str) -> str:
    """What the fonts can draw of `text`: unknown characters become a placeholder, never an
    error.

    Control and formatting characters (joiners, variation selectors, direction marks) and
    unpaired surrogates are dropped; private-use and unknown characters become a box.
    """
    out: list[str] = []
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


@functools.lru_cache(maxsize=8192)  # the same lines come back in every picture
def _runs(text: str) -> tuple[tuple[str, int], ...]:
    """`text` cut into (run, which font: LATIN, CJK or EMOJI)."""
    runs: list[tuple[str, int]] = []
    for ch in text:
        which = _font_of(ch)
        if runs and runs[-1][1] == which:
            runs[-1] = (runs[-1][0] + ch, which)
        else:
            runs.append((ch, which))
    return tuple(runs)


def text_runs(text: str, size: int, bold: bool = False) -> list[tuple[str, FreeTypeFont]]:
    """`text` cut into runs by font: DejaVu Sans where it has the glyph, else the Japanese
    subset, else Noto Emoji (a character none has stays with DejaVu: its box)."""
    return [(run, FONTS[which](size, bold)) for run, which in _runs(text)]


@cached(8192)  # layouts measure the same words again and again, every picture
def text_length(text: str, size: int, bold: bool = False) -> float:
    """The advance width of `text` drawn run by run (`text_runs`), in pixels; for one run,
    exactly its font's own measure."""
    return sum(f.getlength(run) for run, f in text_runs(text, size, bold))


@dataclass(frozen=True)
class Drawn:
    """A line of text as drawn: its font size in pixels, and the width of the canvas it was
    drawn on (a picture's own width, unless drawn on a part pasted into it)."""

    text: str
    size: int
    canvas_width: int


_drawn: list[Drawn] | None = None  # None: nothing recorded (the default, and free)


@contextlib.contextmanager
def recording_texts() -> Iterator[list[Drawn]]:
    """Record, while the block runs, every line of text drawn (`draw_text`): what tests hold
    to a size that still reads where the picture is shown. Off by default; blocks do not
    nest. Drawings cached from before the block are not drawn again: clear them first."""
    global _drawn
    if _drawn is not None:
        raise RuntimeError("recording_texts does not nest")
    found: list[Drawn] = []
    _drawn = found
    try:
        yield found
    finally:
        _drawn = None


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool = False,
    fill: str = S.TEXT,
    anchor: str = "la",
) -> float:
    """Draw a line of text, each run in the font that has its glyphs, on one baseline placed
    by DejaVu's metrics (so a line sits where it would in Latin letters). `anchor` is
    Pillow's two letters (horizontal l/m/r, vertical a/m/s/d; t and b are taken as a and d).
    Returns the width. Text DejaVu has every glyph of is drawn exactly as Pillow draws it."""
    if _drawn is not None and text.strip():
        _drawn.append(Drawn(text, size, draw.im.size[0]))
    latin = font(size, bold)
    width = text_length(text, size, bold)
    if all(which == LATIN for _, which in _runs(text)):
        draw.text(xy, text, font=latin, fill=fill, anchor=anchor)
        return width  # one run: exactly latin.getlength(text)
    runs = text_runs(text, size, bold)
    ascent, descent = latin.getmetrics()
    x, y = xy
    x -= {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
    baseline = (
        y
        + {
            "a": ascent,
            "t": ascent,
            "m": (ascent - descent) / 2,
            "s": 0,
            "d": -descent,
            "b": -descent,
        }[anchor[1]]
    )
    for run, f in runs:
        draw.text((x, baseline), run, font=f, fill=fill, anchor="ls")
        x += f.getlength(run)
    return width


def _ellipsis(text: str, size: int, bold: bool, max_width: int) -> str:
    """`text` shortened until it fits `max_width` pixels with "…" after it."""
    while text and text_length(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


# --- Fitting, and the record of what had to be cut --------------------------------------------
#
# What may be shortened: a player's name (any length up to Discord's 32 characters, in any
# script), with an ellipsis, wherever it is drawn, alone or inside a sentence; a caller says
# which parts of its text are names (`names=`). What must never be: every other word, all of
# them catalogue words in seven languages (labels, titles, the game's own words and numbers).
# The layouts make room for those (wrapping or shrinking them within reason); a cut of one is
# a bug, which tests find by recording every cut (`recording_cuts`).


@dataclass(frozen=True)
class Cut:
    """A line that did not fit its room even at its smallest size: its end was cut off
    (`shown` ends in "…"), or, when it must not be cut, it overflows."""

    text: str  # the text asked for (made safe), player names already shortened
    shown: str  # what was drawn
    size: int
    max_width: int
    caller: str  # where it was drawn: "render/<game>/<file>.py:<line> <function>", innermost first


_cuts: list[Cut] | None = None  # None: nothing recorded (the default, and free)


@contextlib.contextmanager
def recording_cuts() -> Iterator[list[Cut]]:
    """Record, while the block runs, every line `fit_line` could not fit without cutting a
    word that is not a player's name (or that overflows its room): the list it yields fills
    as pictures are drawn. Off by default; blocks do not nest."""
    global _cuts
    if _cuts is not None:
        raise RuntimeError("recording_cuts does not nest")
    found: list[Cut] = []
    _cuts = found
    try:
        yield found
    finally:
        _cuts = None


def _caller() -> str:
    """Where a line was asked for: the frames outside this module, innermost first, as long as
    they are in render/ (at most three; else the first one)."""
    here = os.path.abspath(__file__)
    package = os.path.dirname(here)
    frames: list[str] = []
    frame: Any = sys._getframe(1)
    while frame is not None and len(frames) < 3:
        path = os.path.abspath(frame.f_code.co_filename)
        if path != here:
            inside = path.startswith(package + os.sep)
            if frames and not inside:
                break
            short = os.path.relpath(path, os.path.dirname(package))
            frames.append(f"{short}:{frame.f_lineno} {frame.f_code.co_name}")
            if not inside:
                break
        frame = frame.f_back
    return " < ".join(frames)


def _record(text: str, shown: str, size: int, max_width: int) -> None:
    if _cuts is not None:
        _cuts.append(Cut(text, shown, size, max_width, _caller()))


NAME_KEEP = 8  # a name's letters that a line keeps by shrinking its words (when it may shrink)
NAME_SHRINK = 6  # px a line with a name may shrink to show it whole (when it may shrink)


def _shrunk(text: str, size: int, bold: bool, max_width: int, smallest: int) -> int:
    """The size `text` fits `max_width` at: `size`, else 2 px smaller at a time, `smallest`
    at the least (reached even when `size - smallest` is odd)."""
    while text_length(text, size, bold) > max_width and size > smallest:
        size = max(size - 2, smallest)
    return size


def _cap_names(text: str, names: Sequence[str], keep: int) -> str:
    """`text` with each of the player `names` in it cut to its first `keep` characters and
    "…" (a name that short stays whole)."""
    if not names:
        return text
    parts = re.split(
        "(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + ")", text
    )
    return "".join(
        p[:keep].rstrip() + "…" if i % 2 and len(p) > keep else p for i, p in enumerate(parts)
    )


def _shorten_names(text: str, names: Sequence[str], size: int, bold: bool, max_width: int) -> str:
    """`text` with the player names in it shortened with "…" to the same most letters, as many
    as still fit `max_width` (a shorter name stays whole); as short as they go if none do."""
    if not names:
        return text
    low, high = 0, max(map(len, names))  # capped at `high`, it is `text`, which does not fit
    while high - low > 1:
        mid = (low + high) // 2
        if text_length(_cap_names(text, names, mid), size, bold) <= max_width:
            low = mid
        else:
            high = mid
    return _cap_names(text, names, low)


# Characters a Japanese line must not start with (kinsoku): they stay with the one before.
_NO_LINE_START = set(
    "、。・？！ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ）」』】〉》!?,.:;)"
    "\uff0c\uff0e\uff1a\uff1b\uff5e\u3015"  # full-width , . : ; ~ and a closing bracket
)


def _is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uf900" <= ch <= "\uffef"


def _tokens(text: str, names: Sequence[str]) -> list[str]:
    """`text` cut where a line may break: at spaces (kept at the end of the word before),
    and between Japanese characters (none may start a line that must not); a player's name
    is one token, never broken."""
    parts = re.split("(" + "|".join(map(re.escape, names)) + ")", text) if names else [text]
    tokens: list[str] = []
    for i, part in enumerate(parts):
        if i % 2:  # a name
            tokens.append(part)
            continue
        for piece in re.findall(r"\S+\s*|\s+", part):
            for ch in piece:
                joins = (
                    tokens
                    and not tokens[-1][-1].isspace()
                    and not (_is_cjk(ch) or _is_cjk(tokens[-1][-1]))
                )
                if joins or (tokens and ch in _NO_LINE_START) or (tokens and ch.isspace()):
                    tokens[-1] += ch
                else:
                    tokens.append(ch)
    return tokens


def wrap(
    text: str,
    size: int,
    bold: bool = False,
    max_width: int = 0,
    *,
    min_size: int | None = None,
    names: Sequence[str] = (),
) -> list[str]:
    """The lines to draw `text` in, each to be fitted by `fit_line` with the same size,
    `min_size` and `names`: one line when it fits at `min_size` with its player `names` cut to
    NAME_KEEP letters (as `fit_line` then draws it); else lines of at most `max_width` pixels at
    `size`, broken at spaces, and between Japanese characters, which have none. A word wider
    than a line has a line of its own (where `fit_line` shrinks it)."""
    return list(_wrapped(text, size, bold, max_width, min_size, tuple(names)))


@cached(1024)
def _wrapped(
    text: str,
    size: int,
    bold: bool,
    max_width: int,
    min_size: int | None,
    names: tuple[str, ...],
) -> tuple[str, ...]:
    """`wrap`'s work (cached: the same words come back every picture)."""
    safe = safe_text(text)
    smallest = size if min_size is None else min_size
    found = [n for n in map(safe_text, names) if n in safe]
    if text_length(_cap_names(safe, found, NAME_KEEP), smallest, bold) <= max_width:
        return (safe,)
    lines: list[str] = []
    line = ""
    for token in _tokens(safe, found):
        if line and text_length((line + token).rstrip(), size, bold) > max_width:
            lines.append(line.rstrip())
            line = token
        else:
            line += token
    return (*lines, line.rstrip()) if line.strip() else tuple(lines)


@dataclass(frozen=True)
class Line:
    """A line of text as `fit_line` fits it into its room (and `draw_line` draws it)."""

    text: str  # what is drawn: the safe text, its end cut off with "…" when it did not fit
    size: int  # the size it is drawn at
    width: float  # its width in pixels
    shrunk: bool  # drawn smaller than the size asked
    cut: bool  # its end was cut off (a word not a player's name was lost: recorded)
    overflows: bool  # still wider than its room (not to be cut, or not even "…" fits)
    shortened: bool = False  # a player's name in it was shortened with "…" (by design)


def fit_line(
    text: str,
    size: int,
    bold: bool = False,
    max_width: int | None = None,
    *,
    min_size: int | None = None,
    cut: bool = True,
    names: Sequence[str] = (),
) -> Line:
    """What the fonts can draw of `text` (`safe_text`), fitted to `max_width` pixels: as it is
    when it fits; else 2 px smaller at a time, down to `min_size` (when given). With player
    `names` in it, it shrinks by NAME_SHRINK px at most to show them whole; if that is not
    enough, only as far as it fits with its names cut to NAME_KEEP letters (a name gives way
    before the words shrink more), and the names are shortened with an ellipsis, as little as
    fits. Then, if it still does not fit, it is cut with an ellipsis (unless `cut` is False:
    it then overflows). No `max_width`: as it is. A cut or an overflow is recorded while
    `recording_cuts` runs; a name shortened is not."""
    if _cuts is not None:  # recording: every line fitted afresh, so that none is missed
        return _fit(text, size, bold, max_width, min_size, cut, tuple(names))
    return _fit_cached(text, size, bold, max_width, min_size, cut, tuple(names))


def _fit(
    text: str,
    size: int,
    bold: bool,
    max_width: int | None,
    min_size: int | None,
    cut: bool,
    names: tuple[str, ...],
) -> Line:
    """`fit_line`'s work."""
    safe = safe_text(text)
    if max_width is None:
        return Line(safe, size, text_length(safe, size, bold), False, False, False)
    found = [n for n in map(safe_text, names) if n in safe]
    smallest = size if min_size is None else min_size
    fitted = _shrunk(safe, size, bold, max_width, max(smallest, size - NAME_SHRINK))
    if text_length(safe, fitted, bold) > max_width:  # not whole: its names give way
        fitted = _shrunk(_cap_names(safe, found, NAME_KEEP), size, bold, max_width, smallest)
    if text_length(safe, fitted, bold) <= max_width:
        return Line(safe, fitted, text_length(safe, fitted, bold), fitted < size, False, False)
    if safe in found:  # the whole text is a name: its end may go
        shown = _ellipsis(safe, fitted, bold, max_width)
        width = text_length(shown, fitted, bold)
        return Line(shown, fitted, width, fitted < size, False, width > max_width, True)
    shortened = _shorten_names(safe, found, fitted, bold, max_width)
    too_wide = text_length(shortened, fitted, bold) > max_width
    shown = _ellipsis(shortened, fitted, bold, max_width) if too_wide and cut else shortened
    width = text_length(shown, fitted, bold)
    if too_wide:
        _record(shortened, shown, fitted, max_width)
    named = shortened != safe
    return Line(shown, fitted, width, fitted < size, too_wide and cut, width > max_width, named)


_fit_cached = cached(4096)(_fit)  # the lines every picture repeats: fitted once


def draw_line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    bold: bool = False,
    fill: str = S.TEXT,
    anchor: str = "lm",
    *,
    max_width: int | None = None,
    min_size: int | None = None,
    cut: bool = True,
    names: Sequence[str] = (),
) -> Line:
    """Draw `text` on one line, fitted to `max_width` as `fit_line` fits it (`names`: the
    player names in it, which may be shortened); `xy` is its left edge and vertical middle
    unless `anchor` (Pillow's two letters) says otherwise. Returns the line drawn: its text,
    size and width, and whether it had to shrink, shorten a name or be cut."""
    line = fit_line(text, size, bold, max_width, min_size=min_size, cut=cut, names=names)
    draw_text(draw, xy, line.text, line.size, bold, fill, anchor)
    return line


def text_rgb(text: str, size: int, bold: bool, colour: str, bg: str) -> Image.Image:
    """A line of text, smooth, on its background; height = DejaVu's line height (Japanese
    runs sit on the same baseline, inside it)."""
    ascent, descent = font(size, bold).getmetrics()
    width = max(1, math.ceil(text_length(text, size, bold)) + 2)
    img = Image.new("RGB", (width, ascent + descent), bg)
    draw_text(ImageDraw.Draw(img), (1, 0), text, size, bold, colour)
    return img


# --- The palette ----------------------------------------------------------------------------


class Palette:
    """One fixed 256-colour palette: exact base colours, then the edge tones of a sample of
    sprites. Canvases, text and icon sprites are made in it (and cached per palette)."""

    def __init__(
        self,
        base: Sequence[str],
        sample: Callable[[], list[Image.Image]],
        background: str = S.BACKGROUND,
    ) -> None:
        self._base = tuple(base)
        self._sample = sample  # called once, when the palette is first needed
        self._background = background
        self._image: Image.Image | None = None

    def image(self) -> Image.Image:
        with FONT_LOCK:
            if self._image is None:
                self._image = self._build()
            return self._image

    def _build(self) -> Image.Image:
        tiles = self._sample()
        width = max(t.width for t in tiles)
        height = sum(t.height for t in tiles)
        montage = Image.new("RGB", (width, height), self._background)
        y = 0
        for t in tiles:
            montage.paste(t, (0, y))
            y += t.height
        seen: list[tuple[int, int, int]] = []
        for c in self._base:
            if rgb(c) not in seen:
                seen.append(rgb(c))
        learnt = montage.quantize(
            256 - len(seen), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
        flat = (learnt.getpalette() or [])[: 3 * (256 - len(seen))]
        learnt_colours = [(flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)]
        # Keep base colours exact: drop learnt tones so close that they could be chosen instead.
        extra = [
            c
            for c in learnt_colours
            if all(max(abs(a - b) for a, b in zip(c, base, strict=True)) > 10 for base in seen)
        ]
        entries = [v for c in seen + extra for v in c]
        entries += [0] * (768 - len(entries))
        pal = Image.new("P", (1, 1))
        pal.putpalette(entries)
        return pal

    def quantize(self, img: Image.Image) -> Image.Image:
        """An RGB image mapped onto the palette (nearest colour, no dithering)."""
        return img.quantize(palette=self.image(), dither=Image.Dither.NONE)

    @cached(64)
    def index_of(self, hex_colour: str) -> int:
        """The palette index of a base colour (exact)."""
        index = self.quantize(Image.new("RGB", (1, 1), hex_colour)).getpixel((0, 0))
        assert isinstance(index, (int, float))  # a "P" image's pixel is its palette index
        return int(index)

    def new_canvas(self, size: tuple[int, int], bg: str = S.BACKGROUND) -> Image.Image:
        img = Image.new("P", size, self.index_of(bg))
        img.putpalette(self.image().getpalette() or [])
        return img

    # 1,024 sprites (about 12 MB): the words every picture repeats stay; names and numbers come
    # and go. 4,096 cost a drawing process 48 MB, filled only after an hour, for 8 % fewer misses.
    @cached(1024)
    def text_sprite(
        self, text: str, size: int, bold: bool = False, colour: str = S.TEXT, bg: str = S.BACKGROUND
    ) -> Image.Image:
        """A line of text (already safe) as a palette sprite; height = the font's line height."""
        return self.quantize(text_rgb(text, size, bold, colour, bg))

    def line_sprite(
        self,
        text: str,
        size: int,
        max_width: int,
        bold: bool = False,
        colour: str = S.TEXT,
        bg: str = S.BACKGROUND,
        *,
        min_size: int | None = None,
        names: Sequence[str] = (),
    ) -> Image.Image:
        """A line of text fitted to `max_width` as `fit_line` fits it (fitted on every call, so
        that a cut is recorded whenever one is drawn; the sprite itself is cached)."""
        line = fit_line(text, size, bold, max_width, min_size=min_size, names=names)
        return self.text_sprite(line.text, line.size, bold, colour, bg)

    @cached(1024)  # a name is never recorded as a cut: its sprite may come from the cache
    def name_sprite(
        self,
        name: str,
        size: int,
        max_width: int,
        bold: bool = False,
        colour: str = S.TEXT,
        bg: str = S.BACKGROUND,
    ) -> Image.Image:
        """A player's name: any Unicode in, what the font can draw out, shortened with "…" to
        `max_width` (by design: never recorded as a cut)."""
        return self.line_sprite(name, size, max_width, bold, colour, bg, names=(name,))

    @cached(256)
    def icon_sprite(
        self, kind: str, size: int, colour: str = S.TEXT, bg: str = S.BACKGROUND, arg: str = ""
    ) -> Image.Image:
        """Small pictures: a burst, a colour's shape (`arg`), an arrow left or right."""
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
                img = img.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        else:
            raise ValueError(kind)
        return self.quantize(img.resize((size, size), Image.Resampling.LANCZOS))

    def paste_text(
        self,
        img: Image.Image,
        text: str,
        xy: tuple[int, int],
        size: int,
        bold: bool = False,
        colour: str = S.TEXT,
        bg: str = S.BACKGROUND,
        anchor: Anchor = "l",
        *,
        max_width: int | None = None,
        min_size: int | None = None,
    ) -> int:
        """Paste a line of text (fitted to `max_width` as `fit_line` fits it, when given);
        `xy` is its left (or middle, or right) edge and vertical middle. Returns its width."""
        if max_width is None:
            sprite = self.text_sprite(text, size, bold, colour, bg)
        else:
            sprite = self.line_sprite(text, size, max_width, bold, colour, bg, min_size=min_size)
        x, y = xy
        if anchor == "m":
            x -= sprite.width // 2
        elif anchor == "r":
            x -= sprite.width
        img.paste(sprite, (x, y - sprite.height // 2))
        return sprite.width


def paste(img: Image.Image, sprite: Image.Image, x: int, y: int) -> int:
    """Paste a sprite with its top left corner at (x, y); returns its width."""
    img.paste(sprite, (x, y))
    return sprite.width
