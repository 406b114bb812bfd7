"""Coloretto's two pictures: the table after a step, and the results.

Every card colour has a shape of its own (colour is never the only cue); special cards have
their own faces (cotton: a cloud and "+2", jokers: a star in a ring of the seven colours, the
golden joker in gold). Words come only from the `labels` mapping (render/coloretto/labels.py).
Pictures are drawn in RGB, then stored as palette PNGs (small files, fast to send).
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.coloretto import cards as C
from engine.coloretto import events as ev
from engine.coloretto.cards import Score
from engine.coloretto.view import TableView
from engine.protocol import Outcome

from .. import kit
from .. import style as S
from .labels import label

WIDTH = 820
MARGIN = 20
CARD_W, CARD_H = 62, 86  # a card in a row
MINI_W, MINI_H = 46, 64  # a card in a collection
BAND = "#262A33"  # behind each row and seat
BAND_DIM = "#1F2229"
RING = S.HIGHLIGHT
GOLD = S.GOLD


class CardStyle(NamedTuple):
    fill: str
    shape: str  # drawn on the card (and in the legend): never colour alone
    ink: str


CARD_STYLE: dict[str, CardStyle] = {
    **{
        c: CardStyle(S.COLOUR_STYLE[c].hex, S.COLOUR_STYLE[c].shape, S.COLOUR_STYLE[c].ink)
        for c in C.COLOURS
    },
    "cotton": CardStyle("#EFEBE0", "cloud", "#3A3A3A"),
    "joker": CardStyle(S.JOKER_STYLE.hex, "joker", S.JOKER_STYLE.ink),
    "golden": CardStyle(S.GOLDEN_STYLE.hex, "joker", S.GOLDEN_STYLE.ink),
}
assert set(CARD_STYLE) == set(C.CARD_NAMES) - {C.LAST}


# --- Drawing primitives -----------------------------------------------------------------------


def _card(img: Image.Image, name: str, x: int, y: int, w: int, h: int, ring: bool = False) -> None:
    """One card face at (x, y); `ring` draws the highlight around it."""
    img.paste(_card_tile(name, w, h, ring, _bg_at(img, x - 5, y - 5)), (x - 5, y - 5))


@lru_cache(maxsize=512)
def _card_tile(name: str, w: int, h: int, ring: bool, bg: str) -> Image.Image:
    """A card face with a 5-pixel margin of `bg`, drawn once (supersampled)."""
    style = CARD_STYLE[name]
    k = 3
    pad = 5
    tile = Image.new("RGB", ((w + 2 * pad) * k, (h + 2 * pad) * k), bg)
    d = ImageDraw.Draw(tile)
    if ring:
        d.rounded_rectangle((0, 0, (w + 2 * pad) * k - 1, (h + 2 * pad) * k - 1), 12 * k, fill=RING)
        d.rounded_rectangle(
            (3 * k, 3 * k, (w + 2 * pad - 3) * k, (h + 2 * pad - 3) * k), 10 * k, fill="#000000"
        )
    box = (pad * k, pad * k, (pad + w) * k - 1, (pad + h) * k - 1)
    edge = "#000000" if name != "cotton" else "#8C877A"
    d.rounded_rectangle(box, 8 * k, fill=style.fill, outline=edge, width=2 * k)
    cx, cy = (pad + w / 2) * k, (pad + h / 2) * k
    s = min(w, h) * 0.62 * k / 2
    if style.shape == "cloud":
        _cotton_mark(d, cx, cy, s, style.ink)
    elif style.shape == "joker":
        _joker_mark(d, cx, cy, s, style.ink, k)
    else:
        kit.draw_shape(d, style.shape, (cx - s, cy - s, cx + s, cy + s), style.ink)
    return tile.resize((w + 2 * pad, h + 2 * pad), Image.Resampling.LANCZOS)


def _cotton_mark(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: str) -> None:
    """The "+2" (cotton) card's mark around (cx, cy), `s` its half size: a cloud over "+2"."""
    for dx, dy, rr in ((-0.45, 0.1, 0.45), (0.45, 0.1, 0.45), (0, -0.2, 0.55), (0, 0.25, 0.45)):
        d.ellipse(
            (
                cx + dx * s - rr * s,
                cy - 0.35 * s + dy * s - rr * s,
                cx + dx * s + rr * s,
                cy - 0.35 * s + dy * s + rr * s,
            ),
            fill="#C9C3B3",
        )
    d.text((cx, cy + 0.75 * s), "+2", font=S.font(round(s * 0.95), True), fill=ink, anchor="mm")


def _joker_mark(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, ink: str, k: int) -> None:
    """A joker's mark around (cx, cy), `s` its half size: the seven colours in a ring round a
    star (`k`, the supersampling, sets the rings' line width)."""
    for i, colour in enumerate(C.COLOURS):
        a = math.radians(-90 + i * 360 / 7)
        px, py = cx + math.cos(a) * s * 0.95, cy + math.sin(a) * s * 0.95
        rr = s * 0.24
        d.ellipse(
            (px - rr, py - rr, px + rr, py + rr),
            fill=CARD_STYLE[colour].fill,
            outline=ink,
            width=k,
        )
    kit.draw_shape(d, "star", (cx - s * 0.55, cy - s * 0.55, cx + s * 0.55, cy + s * 0.55), ink)


def _bg_at(img: Image.Image, x: int, y: int) -> str:
    px = img.getpixel((max(0, min(img.width - 1, x)), max(0, min(img.height - 1, y))))
    assert isinstance(px, tuple)
    return "#{:02X}{:02X}{:02X}".format(*px[:3])


def _slot(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int) -> None:
    """An empty place in a row (below its limit)."""
    d.rounded_rectangle((x, y, x + w, y + h), 8, outline="#59606E", width=2)


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=False, compress_level=6
    )
    return out.getvalue()


def _name(names: Mapping[str, str], seat: str) -> str:
    return names.get(seat, seat)


# --- The table --------------------------------------------------------------------------------

HEADER_H = 68
ROW_H = CARD_H + 22
TAKEN_ROW_H = 44
STRIP_H = CARD_H + 30
SEAT_H = 42 + MINI_H + 14
GROUPS_PER_LINE = 6
GROUP_W = (WIDTH - 2 * MARGIN - 32) // GROUPS_PER_LINE  # a card, its count, its points


def table_picture(
    view: TableView, names: Mapping[str, str], highlight: ev.Event | None, labels: Mapping[str, str]
) -> bytes:
    """The table: header, the step (drawn card or row taken), rows, every seat's collection.

    `highlight` is the step's event: CardDrawn (the drawn card is ringed), CardPlaced (the
    card in its row), RowTaken (the cards taken and the golden joker's extra, the taker's
    band); anything else highlights nothing."""
    with kit.FONT_LOCK:  # FreeType faces are shared: the bot draws in a thread pool
        return _png(_table(view, names, highlight, labels))


def _table(
    view: TableView, names: Mapping[str, str], highlight: ev.Event | None, labels: Mapping[str, str]
) -> Image.Image:
    step_h = STRIP_H if _step_cards(view, highlight) else 0
    height = (
        HEADER_H
        + step_h
        + sum(_row_h(view, r) + 8 for r in range(len(view.rows)))
        + 12
        + sum(_seat_h(view, p) + 8 for p in view.players)
        + MARGIN
    )
    img = Image.new("RGB", (WIDTH, height), S.BACKGROUND)
    d = ImageDraw.Draw(img)
    y = _header(d, view, names, labels)
    if step_h:
        _step(img, d, names, highlight, labels, y)
        y += step_h
    takers = {t.row: t.player for t in view.rounds[-1].takes} if view.rounds else {}
    for r in range(len(view.rows)):
        _row(img, d, view, r, takers.get(r + 1), names, highlight, labels, y)
        y += _row_h(view, r) + 8
    y += 12
    for seat in view.players:
        _seat(img, d, view, seat, names, highlight, labels, y)
        y += _seat_h(view, seat) + 8
    return img


def _header(
    d: ImageDraw.ImageDraw,
    view: TableView,
    names: Mapping[str, str],
    labels: Mapping[str, str],
) -> int:
    """Round, pile size, last round, expert scoring; who moves. Returns the y below it."""
    cy = 22
    right = WIDTH - MARGIN
    round_text = label(labels, "round", n=view.round_number)
    x = MARGIN + kit.draw_line(d, (MARGIN, cy), round_text, 26, True, max_width=240).width
    x += 24
    d.rounded_rectangle(
        (x, cy - 14, x + 20, cy + 14), 4, fill="#3B4A6B", outline="#9FB0D0", width=2
    )
    pile = f"{label(labels, 'pile')} {view.pile_size}"
    x += 28 + kit.draw_line(d, (x + 28, cy), pile, 24, max_width=200).width
    if view.last_round:
        x += 30
        room = int(right - x - 20)
        pill = kit.fit_line(label(labels, "last_round"), 22, True, room, min_size=18)
        d.rounded_rectangle((x, cy - 15, x + pill.width + 20, cy + 15), 8, fill=GOLD)
        kit.draw_text(d, (x + 10, cy), pill.text, pill.size, True, "#1A1A1A", "lm")
        x += pill.width + 20
    who_room = WIDTH - 2 * MARGIN
    if view.expert:  # on the first line if it has room, else at the end of the second
        expert = label(labels, "expert")
        width = kit.text_length(expert, 22)
        line = cy if x + 24 + width <= right else cy + 34
        if line != cy:
            who_room -= math.ceil(width) + 24
        kit.draw_line(d, (right, line), expert, 22, False, S.MUTED, "rm", max_width=who_room)
    name = _name(names, view.turn) if view.turn is not None else ""
    who = label(labels, "to_move", name=name) if name else label(labels, "game_over")
    kit.draw_line(d, (MARGIN, cy + 34), who, 24, False, S.MUTED, max_width=who_room, names=[name])
    return HEADER_H + 4


def _step_cards(view: TableView, highlight: ev.Event | None) -> tuple[str, ...]:
    """The cards the step strip shows: the drawn card, or a row just taken (+ extra)."""
    if isinstance(highlight, ev.CardDrawn) and view.drawn is not None:
        return (view.drawn,)
    if isinstance(highlight, ev.RowTaken):
        return highlight.cards + ((highlight.extra,) if highlight.extra else ())
    return ()


def _step(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    names: Mapping[str, str],
    highlight: ev.Event | None,
    labels: Mapping[str, str],
    y: int,
) -> None:
    """A band under the header: "X drew" and the card, or "X took row n" and its cards."""
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + STRIP_H - 10), 12, fill="#333845", outline=RING, width=2
    )
    cy = y + (STRIP_H - 10) // 2
    assert isinstance(highlight, ev.CardDrawn | ev.RowTaken)
    name = _name(names, highlight.seat)
    if isinstance(highlight, ev.CardDrawn):
        text = label(labels, "drew", name=name)
        cards: tuple[str, ...] = (highlight.card,)
        extra = None
    else:
        text = label(labels, "took_row", name=name, n=highlight.row)
        cards, extra = highlight.cards, highlight.extra
    cards_w = len(cards) * (CARD_W + 12) + (36 + CARD_W if extra else 0)
    room = WIDTH - 2 * MARGIN - 32 - 24 - cards_w
    bonus = label(labels, "golden_bonus") if extra else None
    x = MARGIN + 16 + _step_words(d, text, name, bonus, room, cy) + 24
    for card in cards:
        _card(img, card, x, cy - CARD_H // 2, CARD_W, CARD_H, ring=True)
        x += CARD_W + 12
    if extra:
        x += 6
        kit.draw_line(d, (x, cy), "+", 34, True, GOLD, "lm")
        x += 30
        _card(img, extra, x, cy - CARD_H // 2, CARD_W, CARD_H, ring=True)


def _step_words(
    d: ImageDraw.ImageDraw, text: str, name: str, bonus: str | None, room: int, cy: int
) -> int:
    """The step in words, left of its cards: "X took row n" (the name shortened to fit), and
    under it, for a golden joker, its bonus in gold (over two lines if need be); the block
    centred on `cy`. Returns its width."""
    lines = [(text, 24, 20, S.TEXT, 30)]
    if bonus is not None:
        lines += [(line, 22, 18, GOLD, 26) for line in kit.wrap(bonus, 22, True, room, min_size=18)]
    y = cy - sum(pitch for *_, pitch in lines) // 2
    width = 0.0
    for words, size, smallest, colour, pitch in lines:
        line = kit.draw_line(
            d,
            (MARGIN + 16, y + pitch // 2),
            words,
            size,
            True,
            colour,
            max_width=room,
            min_size=smallest,
            names=[name],
        )
        width = max(width, line.width)
        y += pitch
    return int(width)


def _row_h(view: TableView, r: int) -> int:
    """A taken row is one line high."""
    return TAKEN_ROW_H if view.taken[r] else ROW_H


def _row(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: TableView,
    r: int,
    taker: str | None,
    names: Mapping[str, str],
    highlight: ev.Event | None,
    labels: Mapping[str, str],
    y: int,
) -> None:
    """One row: its number, its cards, empty places up to its limit, or who took it."""
    taken = view.taken[r]
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + _row_h(view, r)), 12, fill=BAND_DIM if taken else BAND
    )
    cy = y + _row_h(view, r) // 2
    words_w = _row_words_w(view, labels)
    kit.draw_line(
        d,
        (MARGIN + 16, cy),
        label(labels, "row", n=r + 1),
        24,
        True,
        S.MUTED if taken else S.TEXT,
        max_width=words_w,
    )
    x0 = MARGIN + 16 + words_w + 14
    if taken:
        _taken_by(d, _name(names, taker or "?"), labels, x0, cy)
    else:
        placed = isinstance(highlight, ev.CardPlaced) and highlight.row == r + 1
        _row_cards(img, d, view.rows[r], view.limits[r], placed, x0, cy)


def _taken_by(
    d: ImageDraw.ImageDraw, name: str, labels: Mapping[str, str], x0: int, cy: int
) -> None:
    """Who took the row, from x0 on its middle line."""
    kit.draw_line(
        d,
        (x0, cy),
        label(labels, "taken_by", name=name),
        24,
        False,
        S.MUTED,
        max_width=WIDTH - MARGIN - x0 - 16,
        names=[name],
    )


def _row_cards(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    cards: Sequence[str],
    limit: int,
    placed: bool,
    x0: int,
    cy: int,
) -> None:
    """A row's cards from x0, then empty places up to its limit; `placed`: its last card was
    just placed there, and is ringed."""
    for i in range(limit):
        x = x0 + i * (CARD_W + 16)
        if i < len(cards):
            _card(
                img,
                cards[i],
                x,
                cy - CARD_H // 2,
                CARD_W,
                CARD_H,
                ring=placed and i == len(cards) - 1,
            )
        else:
            _slot(d, x, cy - CARD_H // 2, CARD_W, CARD_H)


def _row_words_w(view: TableView, labels: Mapping[str, str]) -> int:
    """The room for the rows' words ("Row 3") left of their cards: 110 px, or the longest's."""
    said = (kit.text_length(label(labels, "row", n=r + 1), 24, True) for r in range(len(view.rows)))
    return max(110, math.ceil(max(said, default=0)))


def _groups(view: TableView, seat: str) -> list[str]:
    """The card names a seat holds, in card order."""
    held = view.collections[seat]
    return [n for n in (*C.COLOURS, C.COTTON, C.JOKER, C.GOLDEN) if held.get(n)]


def _seat_h(view: TableView, seat: str) -> int:
    """A seat band: its head, then a line of at most GROUPS_PER_LINE groups per line."""
    lines = max(1, -(-len(_groups(view, seat)) // GROUPS_PER_LINE))
    return SEAT_H + (lines - 1) * (MINI_H + 12)


def _seat(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: TableView,
    seat: str,
    names: Mapping[str, str],
    highlight: ev.Event | None,
    labels: Mapping[str, str],
    y: int,
) -> None:
    """A seat: name, to move or out, points now; its cards grouped by colour with counts and
    what each group scores now (+ for the three best colours, − for the others)."""
    took = isinstance(highlight, ev.RowTaken) and highlight.seat == seat
    outline = RING if took else "#8A93A6" if view.turn == seat else None
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + _seat_h(view, seat)),
        12,
        fill=BAND,
        outline=outline,
        width=3 if took else 2,
    )
    _seat_head(d, view, seat, _name(names, seat), labels, y + 22)
    _seat_groups(img, d, view, seat, y)


def _seat_head(
    d: ImageDraw.ImageDraw,
    view: TableView,
    seat: str,
    name: str,
    labels: Mapping[str, str],
    head: int,
) -> None:
    """A pointer when the seat is to move, its name, "out" once out; its points on the right."""
    x = MARGIN + 16
    if view.turn == seat:  # a pointer before the name of the player to move
        d.polygon([(x, head - 10), (x + 14, head), (x, head + 10)], fill=S.TEXT)
        x += 22
    points = label(labels, "points", n=view.scores[seat].total)
    right = WIDTH - MARGIN - 16
    points_w = kit.draw_line(d, (right, head), points, 26, True, S.TEXT, "rm", max_width=200).width
    out_w = 16 + 14 + kit.text_length(label(labels, "out"), 20) if seat in view.out else 0
    room = int(right - points_w - 24 - out_w - x)
    name_w = kit.draw_line(d, (x, head), name, 24, True, max_width=room, names=[name]).width
    if seat in view.out:
        x = int(x + name_w + 14)
        room = int(right - points_w - 16 - x - 16)
        out = kit.fit_line(label(labels, "out"), 20, False, room, min_size=16)
        d.rounded_rectangle((x, head - 14, x + out.width + 16, head + 14), 6, fill="#4A505E")
        kit.draw_text(d, (x + 8, head), out.text, out.size, False, S.TEXT, "lm")


def _seat_groups(
    img: Image.Image, d: ImageDraw.ImageDraw, view: TableView, seat: str, y: int
) -> None:
    """The seat's cards grouped by colour, each with its count and what it scores now."""
    score = view.scores[seat]
    points = dict(score.plus) | dict(score.minus)
    collection = view.collections[seat]
    groups = _groups(view, seat)
    spots = [
        (
            MARGIN + 16 + (i % GROUPS_PER_LINE) * GROUP_W,
            y + 42 + (i // GROUPS_PER_LINE) * (MINI_H + 12),
        )
        for i in range(len(groups))
    ]
    for name, (x, top) in zip(groups, spots, strict=True):  # cards first: their margins
        _card(img, name, x, top, MINI_W, MINI_H)  # must not cover any text
    room = GROUP_W - MINI_W - 10  # for the count and the points beside each card
    for name, (x, top) in zip(groups, spots, strict=True):
        by_jokers = score.jokers.count(name)
        count = f"×{collection[name]}" + (f"+{by_jokers}" if by_jokers else "")
        _count(d, (x + MINI_W + 5, top + 17), count, room)
        value = points.get(name, score.cotton if name == C.COTTON else None)
        if value is not None:
            colour = S.GOOD if value > 0 else S.BAD
            kit.draw_line(d, (x + MINI_W + 5, top + 47), _signed(value), 22, True, colour)


def _count(d: ImageDraw.ImageDraw, xy: tuple[float, float], count: str, room: int) -> None:
    """A group's count beside its card: smaller when long, never cut (it is a number)."""
    kit.draw_line(d, xy, count, 24, True, max_width=room, min_size=20, cut=False)


def _signed(value: int) -> str:
    """+21, −3 (a real minus sign), 0."""
    return f"{value:+d}".replace("-", "−") if value else "0"


# --- The results ------------------------------------------------------------------------------

LABEL_W = 110  # the words before a line of chips, at least
CHIP_W = MINI_W + 74  # a card with its count and points
LINE_H = MINI_H + 12
LINE_WORDS = ("plus", "minus", "jokers", "cotton")  # the words that may start a line


def results_picture(
    view: TableView, outcome: Outcome, names: Mapping[str, str], labels: Mapping[str, str]
) -> bytes:
    """Every seat's breakdown: plus colours, minus colours, where each joker went, cotton,
    total; the winners ringed in gold, best first (ties in seat order)."""
    with kit.FONT_LOCK:
        return _png(_results(view, outcome, names, labels))


def _results(
    view: TableView, outcome: Outcome, names: Mapping[str, str], labels: Mapping[str, str]
) -> Image.Image:
    order = sorted(outcome.seats, key=lambda s: -s.score)
    height = 104 + sum(_result_h(view, s.seat) + 10 for s in order) + MARGIN
    img = Image.new("RGB", (WIDTH, height), S.BACKGROUND)
    d = ImageDraw.Draw(img)
    kit.draw_line(d, (MARGIN, 30), label(labels, "final_scores"), 30, True)
    winners = [_name(names, w) for w in outcome.winners]
    key = "winner" if len(winners) == 1 else "winners"
    kit.draw_line(
        d,
        (MARGIN, 72),
        "♛ " + label(labels, key, names=", ".join(winners)),
        24,
        True,
        GOLD,
        max_width=WIDTH - 2 * MARGIN,
        names=winners,
    )
    y = 100
    for seat in order:
        _result_band(img, d, view, seat.seat, seat.won, seat.score, names, labels, y)
        y += _result_h(view, seat.seat) + 10
    return img


def _result_h(view: TableView, seat: str) -> int:
    """Head, plus line, minus line, and a line for jokers and cotton when there are any."""
    score = view.scores[seat]
    return 48 + (3 if score.jokers or score.cotton else 2) * LINE_H + 4


def _result_band(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: TableView,
    seat: str,
    won: bool,
    total: int,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    y: int,
) -> None:
    """Name and total; the plus colours; the minus colours; each joker and its colour, and
    the cotton."""
    score = view.scores[seat]
    d.rounded_rectangle(
        (MARGIN, y, WIDTH - MARGIN, y + _result_h(view, seat)),
        12,
        fill=BAND,
        outline=GOLD if won else None,
        width=3,
    )
    head = y + 24
    name = _name(names, seat)
    shown = ("♛ " if won else "") + name
    colour = GOLD if won else S.TEXT
    right = WIDTH - MARGIN - 16
    said = f"{label(labels, 'total')} {total}"
    total_w = kit.draw_line(d, (right, head), said, 28, True, S.TEXT, "rm", max_width=300).width
    room = int(right - total_w - 24 - MARGIN - 16)
    kit.draw_line(d, (MARGIN + 16, head), shown, 26, True, colour, max_width=room, names=[name])
    held = view.collections[seat]
    words_w = _line_words_w(labels)
    for line, (key, chips) in enumerate((("plus", score.plus), ("minus", score.minus))):
        top = y + 48 + line * LINE_H
        _words(d, MARGIN + 16, top, label(labels, key), words_w)
        _chips(img, d, chips, score, held, top, MARGIN + 16 + words_w)
    _jokers_and_cotton(img, d, score, held, labels, y + 48 + 2 * LINE_H, words_w)


def _line_words_w(labels: Mapping[str, str]) -> int:
    """The room for the words that start a line (LABEL_W, or the longest's, and its gap), so
    that every line's chips start under each other."""
    said = max(kit.text_length(label(labels, key), 22) for key in LINE_WORDS)
    return max(LABEL_W, math.ceil(said) + 14)


def _chips(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    chips: Sequence[tuple[str, int]],
    score: Score,
    held: Mapping[str, int],
    top: int,
    x0: int,
) -> None:
    """A line of colours from `x0` with their counts and points ("—" when there are none)."""
    for i, (colour, _) in enumerate(chips):
        _card(img, colour, x0 + i * CHIP_W, top, MINI_W, MINI_H)
    for i, (colour, value) in enumerate(chips):
        by_jokers = score.jokers.count(colour)
        count = f"×{held.get(colour, 0)}" + (f"+{by_jokers}" if by_jokers else "")
        x = x0 + i * CHIP_W + MINI_W + 5
        _count(d, (x, top + 17), count, CHIP_W - MINI_W - 12)
        kit.draw_line(d, (x, top + 47), _signed(value), 22, True, S.GOOD if value > 0 else S.BAD)
    if not chips:
        kit.draw_line(d, (x0, top + MINI_H // 2), "—", 24, True, S.MUTED)


def _jokers_and_cotton(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    score: Score,
    held: Mapping[str, int],
    labels: Mapping[str, str],
    top: int,
    words_w: int,
) -> None:
    """The last line: each joker → the colour it became, then the cotton and its points (its
    word in the line's first column when there is no joker)."""
    x = MARGIN + 16
    if score.jokers:
        x += _words(d, x, top, label(labels, "jokers"), words_w)
        kinds = [C.GOLDEN] * held.get(C.GOLDEN, 0) + [C.JOKER] * held.get(C.JOKER, 0)
        for kind, colour in zip(kinds, score.jokers, strict=False):
            _card(img, kind, x, top, MINI_W, MINI_H)
            kit.draw_line(d, (x + MINI_W + 14, top + MINI_H // 2), "→", 24, True, S.MUTED, "mm")
            _card(img, colour, x + MINI_W + 28, top + 8, MINI_W - 12, MINI_H - 16)
            x += 2 * MINI_W + 26
        x += 16
    if score.cotton:
        cotton = label(labels, "cotton")
        if score.jokers:  # after the jokers: as wide as its word
            x += _words(d, x, top, cotton, WIDTH - MARGIN - 16 - x - MINI_W - 60, fixed=False)
        else:
            x += _words(d, x, top, cotton, words_w)
        _card(img, C.COTTON, x, top, MINI_W, MINI_H)
        kit.draw_line(d, (x + MINI_W + 5, top + 17), f"×{held.get(C.COTTON, 0)}", 24, True)
        kit.draw_line(d, (x + MINI_W + 5, top + 47), _signed(score.cotton), 22, True, S.GOOD)


def _words(
    d: ImageDraw.ImageDraw, x: int, top: int, text: str, room: int, fixed: bool = True
) -> int:
    """A line's word, left of its chips, in `room` (with its gap); returns the room it took:
    all of it (`fixed`: a column), or what the word needs."""
    w = kit.draw_line(
        d, (x, top + MINI_H // 2), text, 22, False, S.MUTED, max_width=room - 12, min_size=18
    ).width
    return room if fixed else min(room, int(w) + 14)
