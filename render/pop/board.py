"""A board frame, 800 x 580 whatever the table (render/frame.py): the header says where the game
stands in words, the turn's revealed cards stand over their lanes with their owners, the grid
fills the lanes (shorter cards when it is tall), the side panel says what this step did, and
the legend along the bottom explains every mark the frame shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.pop.events import CHIEF

from .. import frame as F
from .. import kit
from .. import style as S
from . import art
from . import style as P
from .labels import label
from .scene import Frame
from .side import draw_side, paste_line

NAME_PX = 16  # an owner's name under a revealed card


def title(f: Frame, labels: Mapping[str, str]) -> str:
    """Where the game stands, in words: "Set 2 of 3 · Turn 1 of 8", "Turn 3", an Enigma's id."""
    if f.puzzle and f.turns_total is None and f.mode == "enigma":
        return "Pop · " + label(labels, "puzzle", id=f.puzzle)
    if f.turns_total is None:
        return "Pop · " + label(labels, "head_turn", turn=f.turn_number)
    if f.sets_total > 1:
        words = label(
            labels,
            "head_set_turn",
            set=f.set_number,
            sets=f.sets_total,
            turn=f.turn_number,
            turns=f.turns_total,
        )
        return "Pop · " + words
    return "Pop · " + label(labels, "head_turn_of", turn=f.turn_number, turns=f.turns_total)


def status(f: Frame, labels: Mapping[str, str]) -> str:
    """This step's number and the turn's placing order, in words."""
    parts = []
    if f.kind != "board":
        parts.append(label(labels, "step", n=f.step))
    if f.incoming:
        key = "order_ea" if f.descending else "order_ae"
        parts.append(label(labels, key, n=f.arrows))
    return " · ".join(parts)


def draw_board(f: Frame, labels: Mapping[str, str] | None = None) -> Image.Image:
    """The frame of one step (or of the board while the players choose), as an RGB image."""
    labels = labels or {}
    img = F.canvas(P.HEIGHT, P.WIDTH)
    img.paste(header_band(title(f, labels), status(f, labels)), (0, 0))
    if f.incoming:
        _strip(img, f)
    else:  # while the players choose: where their cards will show
        _hint(img, label(labels, "reveal_here"))
    grid(img, f, P.GRID_TOP, P.GRID_H)
    draw_side(img, f, labels)
    img.paste(legend_band(tuple(legend_keys(f, labels))), (0, P.HEIGHT - P.MARGIN - P.LEGEND_H))
    return img


@kit.cached(256)
def header_band(title: str, status: str) -> Image.Image:
    """The header band (render/frame.py), drawn once per title and status."""
    band = F.canvas(F.HEADER_H, P.WIDTH)
    F.header(band, title, status)
    return band


@kit.cached(64)
def legend_band(keys: tuple[tuple[str, str], ...]) -> Image.Image:
    """The legend (render/frame.py) of these (mark, word) keys, drawn once per set of words."""
    band = F.canvas(P.LEGEND_H + P.MARGIN, P.WIDTH)
    icons = [(MARKS[mark], word) for mark, word in keys]
    F.legend(band, icons, (P.MARGIN, 0, P.WIDTH - P.MARGIN, band.height))
    return band


def _strip(img: Image.Image, f: Frame) -> None:
    """The turn's cards over their lanes, each owner's name under it (placed ones fade)."""
    d = ImageDraw.Draw(img)
    current = f.placed_columns[-1] if f.placed_columns else None
    y = P.BODY_TOP
    for c, (card, owner) in enumerate(f.incoming):
        cx = P.MARGIN + c * P.PITCH_X + P.PITCH_X // 2
        done = c in f.placed_columns and c != current
        dropped = f.game_over and c in f.pending  # never placed: the game ended
        variant = "dimmed" if done or dropped else "normal"
        img.paste(art.card_image(card, True, variant, S.BACKGROUND), (cx - P.MINI_W // 2, y))
        if dropped:
            kit.draw_text(d, (cx, y + P.MINI_H // 2), S.ICON_NO, 36, True, S.BAD, "mm")
        if c == current:
            x0, y1 = cx - P.MINI_W // 2, y + P.STRIP_H - 3
            d.rectangle((x0, y1, x0 + P.MINI_W, y1 + 3), fill=S.HIGHLIGHT)
        name = P.ICON_CHIEF if owner == CHIEF else f.name_of(owner)
        bold = c == current
        line = kit.fit_line(name, NAME_PX, bold, P.PITCH_X - 4, min_size=F.SMALL, names=[name])
        paste_line(img, (cx, y + P.MINI_H + 13), line, bold, S.TEXT, S.BACKGROUND, "mm")


def _hint(img: Image.Image, text: str) -> None:
    """A muted line or two in the strip's place, centred over the lanes."""
    d = ImageDraw.Draw(img)
    lines = kit.wrap(text, F.BODY, False, P.GRID_W - 20, min_size=16)
    y = P.BODY_TOP + P.STRIP_H / 2 - 12 * (len(lines) - 1)
    for i, line in enumerate(lines):
        kit.draw_line(
            d, (P.MARGIN + P.GRID_W / 2, y + 24 * i), line, F.BODY, False, S.MUTED, "mm",
            max_width=P.GRID_W - 20, min_size=16,
        )  # fmt: skip


def card_height(f: Frame, height: int) -> int:
    """The board cards' height: full size, or shorter so that every row fits `height`."""
    pitch = min(P.PITCH_Y, height // rows(f))
    return max(12, (pitch - 2 * P.PAD) // 2 * 2)


def rows(f: Frame) -> int:
    return f.bottom_row - f.top_row + 1


def grid(img: Image.Image, f: Frame, top: int, height: int) -> None:
    """The five lanes from `top`, `height` tall: the cards, marked as they move, and the Queue
    cards; where a card fell from, its ghost."""
    card_h = card_height(f, height)
    pitch_y = card_h + 2 * P.PAD
    d = ImageDraw.Draw(img)
    for c in range(5):
        x0 = P.MARGIN + c * P.PITCH_X
        d.rectangle((x0 + 2, top, x0 + P.PITCH_X - 3, top + height - 1), fill=S.TRACK)
    marked, moved = set(f.marked), set(f.moved)
    for (c, row), card in f.vacated:
        where = (P.MARGIN + c * P.PITCH_X, top + (row - f.top_row) * pitch_y)
        img.paste(art.card_image(card, False, "ghost", S.TRACK, card_h), where)
    for c in range(5):
        col, q = f.columns[c], f.queues[c]
        x0 = P.MARGIN + c * P.PITCH_X
        for j, card in enumerate(col):
            row = q - len(col) + j
            if not f.top_row <= row <= f.bottom_row:
                continue
            variant = (
                "exploding"
                if (c, row) in marked
                else "placed"
                if f.highlight == (c, row)
                else "fell"
                if (c, row) in moved
                else "normal"
            )
            y = top + (row - f.top_row) * pitch_y
            img.paste(art.card_image(card, False, variant, S.TRACK, card_h), (x0, y))
        if f.top_row <= q <= f.bottom_row:
            y = top + (q - f.top_row) * pitch_y
            img.paste(art.queue_image(c, S.TRACK, card_h), (x0, y))


# --- The legend -----------------------------------------------------------------------------


def _burst(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    x0, y0, x1, y1 = box
    kit.draw_burst(d, (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, S.GOLD)


def _arrow(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    x0, y0, x1, y1 = box
    kit.draw_arrow(d, (x0, y0 + 4, x1, y1 - 4), S.TEXT)


def _ring(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    d.rounded_rectangle(box, 5, outline=S.HIGHLIGHT, width=3)


def _hazard(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    x0, y0, x1, y1 = box
    d.rectangle(box, fill="#000000")
    for a, b in (
        ((x0 + 2, y1 - 2), (x1 - 2, y0 + 2)),
        ((x0 + 2, y0 + 9), (x0 + 9, y0 + 2)),
        ((x1 - 9, y1 - 2), (x1 - 2, y1 - 9)),
    ):
        d.line((a, b), fill=S.GOLD, width=4)


def _fell(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    x0, y0, x1, y1 = box
    art.fell_badge(d, (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - 1)


def _ghost(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    d.rounded_rectangle(box, 5, fill=kit.mix(S.TEXT, S.BACKGROUND, 0.8), outline=S.MUTED, width=2)


def _no(d: ImageDraw.ImageDraw, box: kit.Box) -> None:
    F.glyph(S.ICON_NO, S.BAD)(d, box)


MARKS: dict[str, F.Icon] = {
    "burst": _burst,
    "arrow": _arrow,
    "ring": _ring,
    "hazard": _hazard,
    "fell": _fell,
    "ghost": _ghost,
    "no": _no,
}


def legend_keys(f: Frame, labels: Mapping[str, str]) -> Sequence[tuple[str, str]]:
    """The marks this frame shows (MARKS' keys), each with its word: every frame's bursts and
    arrows, and the step's own mark (the card placed, the cards exploding, the cards that
    fell and where they were, the cards the end of a co-op game left unplaced)."""
    keys = [("burst", label(labels, "key_symbol")), ("arrow", label(labels, "key_arrow"))]
    if f.kind == "placed":
        keys.append(("ring", label(labels, "key_placed")))
    elif f.kind == "exploded":
        keys.append(("hazard", label(labels, "key_exploding")))
    elif f.kind == "fell" and f.moved:
        keys += [("fell", label(labels, "key_fell")), ("ghost", label(labels, "key_ghost"))]
    if f.game_over and f.incoming and f.pending:
        keys.append(("no", label(labels, "not_placed")))
    return keys
