"""A tournament's standings as a picture, beside the standings message's text (issue 36): a
header band (the tournament, and the round or "final"), then one row a player, best first:
place, name (a dropped player's muted, with a mark that the column's heading explains),
points, Buchholz and games played, under their column's word.

Plain data in, a PNG and its alt text out: every word (the column headings, the mark, the
title, the alt text) and every number as shown come from the caller, in the table's language;
this module draws, it never words, and knows nothing of Discord.

Sizes: up to `ONE_COLUMN` players a picture 800 px wide in one column; more, 1,100 px wide in
two columns of up to `PER_COLUMN` rows (at most `MOST_ROWS` players drawn; the rest summed up
as "+N" on the last row). Either way no taller than wide, and every line at least 10 px high
where Discord shows it (tests/render/readable.py: 20 px text on 1,100 x 704 is shown at 0.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import frame, kit
from . import style as S

ONE_COLUMN = 12  # players drawn in one column; more, in two
PER_COLUMN = 16  # rows of a column of two
MOST_ROWS = 2 * PER_COLUMN  # players drawn; the rest summed up on the last row
NARROW, WIDE = 800, 1100  # px: the width of one column's picture, of two columns'
TITLE = 26  # px: the header's title
BODY = 22  # px: names and numbers
LABEL = 20  # px: the columns' words, the round, a dropped mark (10 px shown at 0.5)
PAD = 16  # px: the margins
HEADER_H = 56  # px: the header band
HEADINGS_H = 30  # px: the row of the columns' words
ROW_H = 36  # px: one player's row
GAP = 4  # px: between two rows
CELL_PAD = 14  # px: between two columns of numbers, and after the place


@dataclass(frozen=True)
class Row:
    """One player's standing, every value as the caller shows it ("2.5", "2,5")."""

    place: int
    name: str
    points: str
    buchholz: str
    games: str
    dropped: bool = False
    won: bool = False  # a winner (at the end): lit in gold


@dataclass(frozen=True)
class Words:
    """The picture's words, in the table's language."""

    title: str  # "Tournament #3 · Coloretto · Standard"
    status: str  # "Round 2/3", "Final standings"
    points: str  # the columns' headings
    buchholz: str
    games: str
    dropped: str  # the mark after a dropped player's name, "(dropped)"
    alt: str  # the whole standings in words (cut to Discord's 1,024 characters)


def standings_picture(rows: Sequence[Row], words: Words) -> kit.Picture:
    """The standings as a PNG with its alt text."""
    columns = 1 if len(rows) <= ONE_COLUMN else 2
    per_column = ONE_COLUMN if columns == 1 else PER_COLUMN
    shown = list(rows[: columns * per_column])
    hidden = len(rows) - len(shown)
    if hidden:  # the last row says how many more there are
        hidden += 1
        shown = shown[:-1]
    width = NARROW if columns == 1 else WIDE
    height = top_of_rows() + min(len(rows), per_column) * (ROW_H + GAP) + PAD
    img = frame.canvas(height, width)
    names = [row.name for row in shown]
    _header(img, words, names)
    room = (width - PAD * (columns + 1)) // columns
    cells = _cell_widths(shown, words)
    place_w = max((kit.text_length(f"{r.place}.", BODY, True) for r in shown), default=0)
    for k in range(columns):
        part = shown[k * per_column : (k + 1) * per_column]
        x = PAD + k * (room + PAD)
        if part or k == 0:
            _column(img, part, words, (x, x + room), (int(place_w) + CELL_PAD, *cells), names)
    if hidden:
        x = PAD + (columns - 1) * (room + PAD)
        y = top_of_rows() + (len(shown) - (columns - 1) * per_column) * (ROW_H + GAP)
        d = ImageDraw.Draw(img)
        kit.draw_text(d, (x + room / 2, y + ROW_H / 2), f"+{hidden}", BODY, True, S.MUTED, "mm")
    return kit.Picture(kit.encode(img), words.alt[:1024], "standings.png")


def top_of_rows() -> int:
    return HEADER_H + PAD + HEADINGS_H


def _header(img: Image.Image, words: Words, names: Sequence[str]) -> None:
    """The band on top: the tournament (bold), and the round (muted) on the right."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, img.width, HEADER_H), fill=S.PANEL)
    mid = HEADER_H / 2
    room = img.width - 2 * PAD
    status = kit.fit_line(words.status, LABEL, True, room // 2)
    kit.draw_text(d, (img.width - PAD, mid), status.text, status.size, True, S.GOLD, "rm")
    kit.draw_line(
        d, (PAD, mid), words.title, TITLE, True, S.TEXT,
        max_width=int(room - status.width - PAD), min_size=LABEL, names=names,
    )  # fmt: skip


def _cell_widths(rows: Sequence[Row], words: Words) -> tuple[int, int, int]:
    """Each number's column as wide as its heading or its widest value."""

    def widest(heading: str, values: list[str]) -> int:
        found = [kit.text_length(heading, LABEL)]
        found += [kit.text_length(v, BODY, True) for v in values]
        return int(max(found)) + CELL_PAD

    return (
        widest(words.points, [r.points for r in rows]),
        widest(words.buchholz, [r.buchholz for r in rows]),
        widest(words.games, [r.games for r in rows]),
    )


def _column(
    img: Image.Image,
    rows: Sequence[Row],
    words: Words,
    span: tuple[int, int],
    cells: tuple[int, int, int, int],
    names: Sequence[str],
) -> None:
    """The columns' words, then a row a player (`cells`: the place's width, then each
    number's)."""
    d = ImageDraw.Draw(img)
    x0, x1 = span
    y = HEADER_H + PAD + HEADINGS_H / 2
    right = x1 - 12
    for heading, cell in zip(
        (words.games, words.buchholz, words.points), cells[:0:-1], strict=True
    ):
        kit.draw_text(d, (right, y), heading, LABEL, False, S.MUTED, "rm")
        right -= cell
    if any(row.dropped for row in rows):  # what the mark means, above the names
        icon = kit.draw_text(d, (x0 + 12, y), S.ICON_NO, LABEL, True, S.BAD, "lm") + 6
        kit.draw_line(
            d, (x0 + 12 + icon, y), words.dropped, LABEL, False, S.MUTED,
            max_width=int(right - x0 - 20 - icon),
        )  # fmt: skip
    y0 = top_of_rows()
    for k, row in enumerate(rows):
        top = y0 + k * (ROW_H + GAP)
        _row(img, row, (x0, top, x1, top + ROW_H), cells, names)


def _row(
    img: Image.Image,
    row: Row,
    box: tuple[int, int, int, int],
    cells: tuple[int, int, int, int],
    names: Sequence[str],
) -> None:
    """A player's row: place, name (a dropped player's followed by the mark the column's
    heading explains), points, Buchholz, games."""
    x0, y0, x1, y1 = box
    frame.panel(img, box, lit=row.won, fill=S.PANEL if row.won else S.TRACK)
    d = ImageDraw.Draw(img)
    mid = (y0 + y1) / 2
    ink = S.GOLD if row.won else (S.MUTED if row.dropped else S.TEXT)
    kit.draw_text(d, (x0 + 12, mid), f"{row.place}.", BODY, True, ink, "lm")
    right = x1 - 12
    numbers = (row.games, row.buchholz, row.points)
    for k, (value, cell) in enumerate(zip(numbers, cells[:0:-1], strict=True)):
        kit.draw_text(d, (right, mid), value, BODY, k == 2, ink, "rm")  # the points in bold
        right -= cell
    left = x0 + 12 + cells[0]
    room = int(right - left - 8)
    mark = kit.text_length(S.ICON_NO, BODY, True) + 8 if row.dropped else 0
    name = kit.draw_line(
        d, (left, mid), row.name, BODY, False, ink,
        max_width=int(room - mark), min_size=LABEL, names=names,
    )  # fmt: skip
    if row.dropped:
        kit.draw_text(d, (left + name.width + 8, mid), S.ICON_NO, BODY, True, S.BAD, "lm")
