"""Colourist's pictures: the track, the word card, the reveal, the results.

Each of the 9 colours has a shape of its own drawn on its tile (colour is never the only cue);
the Joker is a dark tile with a burst. Pawns are numbered discs (seat order), the colourist's
ringed in gold. Words come from `labels` (the table's language), drawn with the bundled fonts
(DejaVu Sans, and the Japanese subset for what DejaVu lacks: render/kit.py `draw_text`); only a
text neither font covers falls back to English labels and to the `fallback` word the bot passes.
Pictures are drawn in RGB and stored as palette PNGs.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.colourist.game import COLOURS, DOUBLE, JOKER, TRIANGLE
from engine.colourist.view import ColouristView, RoundResult

from .. import kit
from .. import style as S
from .alt import card_alt, results_alt, reveal_alt, track_alt
from .labels import LABELS_EN, label

WIDTH = 800
MARGIN = 16
COLUMNS = 7
GAP = 6
CELL_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
CELL_H = 96
PAWN_R = 13
PANEL = "#2A2F3A"
PANEL_LIGHT = "#3A4150"
OUTLINE = "#8A90A0"
GOLD = S.GOLD
MIN_TEXT = 16  # px: a long label shrinks down to this size (8 px when Discord shows it 400 wide)


class TileStyle(NamedTuple):
    fill: str
    shape: str  # drawn in `ink` on the tile: never colour alone
    ink: str


TILE_STYLE: dict[str, TileStyle] = {
    **{
        c: TileStyle(S.COLOUR_STYLE[c].hex, S.COLOUR_STYLE[c].shape, S.COLOUR_STYLE[c].ink)
        for c in COLOURS
    },
    JOKER: TileStyle(S.JOKER_STYLE.hex, S.JOKER_STYLE.shape, S.JOKER_STYLE.ink),
}
assert set(TILE_STYLE) == {*COLOURS, JOKER}
PAWN_FILL = ("#E8E8E8", "#9FD3FF", "#FFB3C7", "#C8F7A1", "#FFE08A", "#D9C2FF")


# --- Text ---------------------------------------------------------------------------------------


def drawable(text: str) -> bool:
    """Can the bundled fonts draw every character of `text`?"""
    return all(kit.has_glyph(ch) or ch.isspace() for ch in text)


def word(labels: Mapping[str, str], key: str, **values: object) -> str:
    """A label to draw: the table's language (English only if no bundled font can draw it)."""
    text = label(labels, key, **values)
    return text if drawable(text) else label(LABELS_EN, key, **values)


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=6
    )
    return out.getvalue()


# --- Shapes and tiles ---------------------------------------------------------------------------


def tile(img: Image.Image, card: str, x: int, y: int, size: int, ring: str | None = None) -> None:
    """A card's tile: its colour, its shape; the Joker a light tile with a star."""
    k = kit.SS
    style = TILE_STYLE[card]
    big = Image.new("RGB", (size * k, size * k), _bg_at(img, x, y))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, size * k - 1, size * k - 1), 10 * k, fill=ring or OUTLINE)
    inset = 3 * k if ring else 2 * k
    d.rounded_rectangle(
        (inset, inset, size * k - 1 - inset, size * k - 1 - inset), 8 * k, fill=style.fill
    )
    pad = size * k * 0.24
    kit.draw_shape(d, style.shape, (pad, pad, size * k - pad, size * k - pad), style.ink)
    img.paste(big.resize((size, size), Image.Resampling.LANCZOS), (x, y))


def _bg_at(img: Image.Image, x: int, y: int) -> tuple[int, int, int]:
    px = img.getpixel((max(0, min(img.width - 1, x)), max(0, min(img.height - 1, y))))
    assert isinstance(px, tuple)
    return (int(px[0]), int(px[1]), int(px[2]))


def _symbol(d: ImageDraw.ImageDraw, symbol: str, cx: float, cy: float, r: float, fill: str) -> None:
    """A field's symbol: a triangle (noun), a circle (adjective), or both (double)."""
    if symbol == DOUBLE:
        _symbol(d, TRIANGLE, cx - r * 1.1, cy, r * 0.85, fill)
        _symbol(d, "circle", cx + r * 1.1, cy, r * 0.85, fill)
    elif symbol == TRIANGLE:
        d.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill)
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def _pawn(
    d: ImageDraw.ImageDraw, number: int, cx: float, cy: float, ring: str | None, lit: bool = True
) -> None:
    fill = PAWN_FILL[(number - 1) % len(PAWN_FILL)] if lit else "#5A606C"
    if ring:
        d.ellipse((cx - PAWN_R - 3, cy - PAWN_R - 3, cx + PAWN_R + 3, cy + PAWN_R + 3), fill=ring)
    d.ellipse(
        (cx - PAWN_R, cy - PAWN_R, cx + PAWN_R, cy + PAWN_R), fill=fill, outline="#101010", width=1
    )
    kit.draw_line(d, (cx, cy + 1), str(number), 16, True, "#101010", "mm")


# --- The track ----------------------------------------------------------------------------------


def _track_height(view: ColouristView) -> int:
    rows = math.ceil((view.finish + 1) / COLUMNS)
    return rows * (CELL_H + GAP)


def _draw_track(
    d: ImageDraw.ImageDraw,
    view: ColouristView,
    y0: int,
    labels: Mapping[str, str],
    moved: Sequence[str] = (),
    winners: Sequence[str] = (),
) -> int:
    """Fields 0 … finish in rows of 7, every pawn on its field. Returns the y below."""
    number = {seat: i + 1 for i, seat in enumerate(view.seats)}
    for field in range(view.finish + 1):
        row, col = divmod(field, COLUMNS)
        x = MARGIN + col * (CELL_W + GAP)
        y = y0 + row * (CELL_H + GAP)
        _field(d, view, field, x, y, labels)
        here = [s for s in view.seats if view.positions[s] == field]
        for i, seat in enumerate(here):
            r, c = divmod(i, 3)
            cx = x + 18 + c * (PAWN_R * 2 + 3)
            cy = y + 44 + r * (PAWN_R * 2 + 4)
            ring = (
                GOLD
                if seat in winners or (view.phase != "over" and seat == view.colourist)
                else S.GOOD
                if seat in moved
                else None
            )
            _pawn(d, number[seat], cx, cy, ring)
    return y0 + _track_height(view)


def _field(
    d: ImageDraw.ImageDraw,
    view: ColouristView,
    field: int,
    x: int,
    y: int,
    labels: Mapping[str, str],
) -> None:
    """One field's cell at (x, y): its number and its symbol, or the finish's word; framed in
    gold at the finish and where the colourist stands."""
    finish = field == view.finish
    colourist_here = view.phase != "over" and field == view.field
    d.rounded_rectangle(
        (x, y, x + CELL_W, y + CELL_H),
        10,
        fill="#4A3F1E" if finish else PANEL,
        outline=GOLD if finish or colourist_here else PANEL_LIGHT,
        width=3 if finish or colourist_here else 1,
    )
    kit.draw_line(d, (x + 8, y + 14), str(field), 16, True, S.MUTED)
    if finish:
        kit.draw_line(
            d,
            (x + CELL_W - 8, y + 14),
            word(labels, "finish"),
            14,
            True,
            GOLD,
            "rm",
            max_width=CELL_W - 34,
            min_size=MIN_TEXT,
        )
    else:
        _symbol(d, view.track[field], x + CELL_W - 20, y + 15, 8, "#C9CED8")


def _legend(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: ColouristView,
    names: Mapping[str, str],
    y: int,
    moved: Sequence[str] = (),
) -> int:
    """Pawn number, name, field; two per line."""
    col_w = (WIDTH - 2 * MARGIN) // 2
    for i, seat in enumerate(view.seats):
        r, c = divmod(i, 2)
        x = MARGIN + c * col_w
        cy = y + 18 + r * 34
        ring = (
            GOLD
            if (view.phase != "over" and seat == view.colourist) or seat in view.winners
            else (S.GOOD if seat in moved else None)
        )
        _pawn(d, i + 1, x + PAWN_R + 4, cy, ring)
        used = view.jokers.get(seat) is not None
        name = names.get(seat, seat)
        text = f"{name}  {view.positions[seat]}/{view.finish}"
        w = kit.draw_line(
            d,
            (x + 2 * PAWN_R + 16, cy),
            text,
            18,
            False,
            S.TEXT,
            max_width=col_w - 90,
            min_size=MIN_TEXT,
            names=[name],
        ).width
        if not used:  # the Joker still in hand: a small joker tile
            tile(img, JOKER, int(x + 2 * PAWN_R + 24 + w), int(cy - 11), 22)
    return y + 34 * math.ceil(len(view.seats) / 2) + 8


def _legend_height(view: ColouristView) -> int:
    return 34 * math.ceil(len(view.seats) / 2) + 8


def track_picture(
    view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]
) -> kit.Picture:
    """The track: the round and its colourist, every field with its symbol, every pawn."""
    height = 56 + _track_height(view) + _legend_height(view) + MARGIN
    img = Image.new("RGB", (WIDTH, height), S.BACKGROUND)
    with kit.FONT_LOCK:
        d = ImageDraw.Draw(img)
        w = kit.draw_line(
            d, (MARGIN, 28), word(labels, "round", n=view.round_number), 24, True
        ).width
        if view.phase != "over":
            name = names.get(view.colourist, view.colourist)
            kit.draw_line(
                d,
                (MARGIN + w + 24, 28),
                word(labels, "colourist", name=name),
                22,
                False,
                GOLD,
                max_width=WIDTH - 2 * MARGIN - int(w) - 24,
                min_size=MIN_TEXT,
                names=[name],
            )
        y = _draw_track(d, view, 56, labels)
        _legend(img, d, view, names, y)
    return kit.Picture(_png(img), track_alt(view, names, labels), "track.png")


# --- The card -----------------------------------------------------------------------------------


def card_picture(
    view: ColouristView,
    text: str | None,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    fallback: str | None = None,
) -> kit.Picture:
    """The word or phrase as a card (None: the colourist is still keeping a phrase).
    `fallback` is the English text, drawn when no font can draw `text`."""
    img = Image.new("RGB", (WIDTH, 230), S.BACKGROUND)
    shown = text if text is None or drawable(text) else (fallback or text)
    with kit.FONT_LOCK:
        d = ImageDraw.Draw(img)
        d.rounded_rectangle(
            (MARGIN + 40, 14, WIDTH - MARGIN - 40, 216), 22, fill="#F6F1E4", outline=GOLD, width=4
        )
        _word_kinds(d, view, labels)
        if shown is None:
            _still_picking(d, names.get(view.colourist, view.colourist), labels)
        else:
            kit.draw_line(
                d,
                (WIDTH // 2, 125),
                shown,
                60,
                True,
                "#1A1A1A",
                "mm",
                max_width=WIDTH - 2 * MARGIN - 140,
                min_size=MIN_TEXT,
            )
    return kit.Picture(_png(img), card_alt(view, text, names, labels), "card.png")


def _word_kinds(d: ImageDraw.ImageDraw, view: ColouristView, labels: Mapping[str, str]) -> None:
    """Along the card's top, what its words are (a noun, an adjective, or both), each with its
    symbol."""
    kinds = {
        1: ("noun",) if view.symbol == TRIANGLE else ("adjective",),
        2: ("adjective", "noun"),
    }.get(len(view.words), ())
    x: float = MARGIN + 70
    for kind in kinds:
        _symbol(d, TRIANGLE if kind == "noun" else "circle", x, 44, 12, "#5A5040")
        x += 24 + kit.draw_line(d, (x + 20, 44), word(labels, kind), 18, False, "#5A5040").width
        x += 24


def _still_picking(d: ImageDraw.ImageDraw, name: str, labels: Mapping[str, str]) -> None:
    """The card while the colourist still keeps a phrase: who is picking, over the double
    field's symbol."""
    kit.draw_line(
        d,
        (WIDTH // 2, 122),
        word(labels, "picking", name=name),
        30,
        True,
        "#5A5040",
        "mm",
        max_width=WIDTH - 2 * MARGIN - 140,
        min_size=MIN_TEXT,
        names=[name],
    )
    _symbol(d, DOUBLE, WIDTH // 2, 176, 16, "#5A5040")


# --- The reveal and the results -----------------------------------------------------------------


def reveal_picture(
    view: ColouristView,
    result: RoundResult,
    text: str,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    fallback: str | None = None,
) -> kit.Picture:
    """A revealed round: the word, every seat's card (the colourist's first, ringed), who
    matched, then the track with the pawns that moved ringed in green. `view` is after it."""
    shown = text if drawable(text) else (fallback or text)
    order = [result.colourist] + [s for s in view.seats if s != result.colourist]
    rows = math.ceil(len(order) / 3)
    top = 56 + rows * 92 + 36
    height = top + _track_height(view) + _legend_height(view) + MARGIN
    img = Image.new("RGB", (WIDTH, height), S.BACKGROUND)
    with kit.FONT_LOCK:
        d = ImageDraw.Draw(img)
        _reveal_head(d, result.round_number, shown, labels)
        for i, seat in enumerate(order):
            r, c = divmod(i, 3)
            _revealed_card(img, d, result, seat, names.get(seat, seat), labels, c, 56 + r * 92)
        if not result.matched:
            kit.draw_line(
                d,
                (MARGIN, 56 + rows * 92 + 18),
                word(labels, "nobody"),
                18,
                True,
                S.GOOD,
                max_width=WIDTH - 2 * MARGIN,
                min_size=MIN_TEXT,
            )
        y = _draw_track(d, view, top, labels, moved=result.moved, winners=view.winners)
        _legend(img, d, view, names, y, moved=result.moved)
    return kit.Picture(
        _png(img),
        reveal_alt(view, result, text, names, labels),
        f"reveal-{result.round_number}.png",
    )


def _reveal_head(
    d: ImageDraw.ImageDraw, round_number: int, shown: str, labels: Mapping[str, str]
) -> None:
    """The round, then the word or phrase in quotes, in gold."""
    w = kit.draw_line(d, (MARGIN, 28), word(labels, "round", n=round_number), 24, True).width
    kit.draw_line(
        d,
        (MARGIN + w + 24, 28),
        f"“{shown}”",
        26,
        True,
        GOLD,
        max_width=WIDTH - 2 * MARGIN - int(w) - 24,
        min_size=MIN_TEXT,
    )


def _revealed_card(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    result: RoundResult,
    seat: str,
    name: str,
    labels: Mapping[str, str],
    column: int,
    y: int,
) -> None:
    """A seat's box in the reveal: its card, its name, the colour, matched (★: colourist)."""
    col_w = (WIDTH - 2 * MARGIN) // 3
    x = MARGIN + column * col_w
    is_colourist = seat == result.colourist
    matched = seat in result.matched
    d.rounded_rectangle(
        (x, y, x + col_w - 8, y + 84),
        12,
        fill="#3A3420" if is_colourist else PANEL,
        outline=GOLD if is_colourist else S.GOOD if matched else PANEL_LIGHT,
        width=3 if is_colourist or matched else 1,
    )
    card = result.cards[seat]
    tile(img, card, x + 10, y + 12, 60, ring=GOLD if is_colourist else None)
    room = col_w - 100
    kit.draw_line(
        d, (x + 82, y + 24), name, 19, True, max_width=room, min_size=MIN_TEXT, names=[name]
    )
    colour = word(labels, card)
    kit.draw_line(
        d, (x + 82, y + 50), colour, 17, False, S.MUTED, max_width=room, min_size=MIN_TEXT
    )
    if matched:
        text = f"{S.ICON_YES} {word(labels, 'matched')}"
        kit.draw_line(
            d, (x + 82, y + 72), text, 15, True, S.GOOD, max_width=room, min_size=MIN_TEXT
        )
    elif is_colourist:
        kit.draw_line(d, (x + 82, y + 72), "★", 15, True, GOLD)


def results_picture(
    view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]
) -> kit.Picture:
    """The end: the winners named over the track, their pawns ringed in gold."""
    height = 64 + _track_height(view) + _legend_height(view) + MARGIN
    img = Image.new("RGB", (WIDTH, height), S.BACKGROUND)
    with kit.FONT_LOCK:
        d = ImageDraw.Draw(img)
        winners = [names.get(s, s) for s in view.winners]
        kit.draw_line(
            d,
            (MARGIN, 30),
            f"{S.ICON_WIN} " + word(labels, "winners", names=", ".join(winners)),
            26,
            True,
            GOLD,
            max_width=WIDTH - 2 * MARGIN,
            min_size=18,
            names=winners,
        )
        y = _draw_track(d, view, 64, labels, winners=view.winners)
        _legend(img, d, view, names, y)
    return kit.Picture(_png(img), results_alt(view, names, labels), "results.png")
