"""The left column of the table picture: the pile, the step (the card drawn or placed, the row
taken with the golden joker's extra card), and the rows of the round the step belongs to."""

from __future__ import annotations

import math
from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.coloretto import events as ev
from engine.coloretto.view import TableView

from .. import frame as F
from .. import kit
from .. import style as S
from . import cards
from .labels import label
from .scene import Row, Scene

Box = tuple[int, int, int, int]
ROW_CARD = (26, 32)  # px: a card in a row
STEP_CARD = (32, 44)  # px: a card of the step
ROW_MAX = 60  # px: a row's panel, at most
PILE_H = 46  # px: the pile's panel
STEP_H = 116  # px: the step's panel


def pile(img: Image.Image, view: TableView, box: Box, labels: Mapping[str, str]) -> None:
    """The pile's back and how many cards it holds (the last-round card beside it once it has
    come), and the scoring when it is the expert one."""
    x0, y0, x1, y1 = box
    F.panel(img, box)
    cards.draw(img, cards.BACK, x0 + 12, y0 + 7, 24, y1 - y0 - 14)
    x = x0 + 46
    if view.last_round:
        cards.draw(img, cards.LAST, x0 + 42, y0 + 7, 24, y1 - y0 - 14)
        x += 34
    d = ImageDraw.Draw(img)
    mid = (y0 + y1) // 2
    words = label(labels, "pile", n=view.pile_size)
    room = x1 - 12 - x
    if view.expert:
        kit.draw_line(d, (x, mid - 10), words, F.BODY, True, max_width=room, min_size=F.SMALL)
        expert = label(labels, "expert")
        kit.draw_line(d, (x, mid + 12), expert, F.SMALL, False, S.MUTED, max_width=room)
    else:
        kit.draw_line(d, (x, mid), words, F.BODY, True, max_width=room, min_size=F.SMALL)


def step(
    img: Image.Image,
    view: TableView,
    highlight: ev.Event | None,
    box: Box,
    names: Mapping[str, str],
    labels: Mapping[str, str],
) -> None:
    """The step in words and cards: "Ana drew" and the card, "Ana placed it in row 2" and the
    card, "Ana took row 3" and its cards (the golden joker's extra after a "+"); with no step,
    who starts the round."""
    x0, y0, x1, _ = box
    F.panel(img, box, fill=S.TRACK if highlight is None else S.PANEL)
    shown, extra, name, key, values = _step_words(view, highlight, names)
    d = ImageDraw.Draw(img)
    room = x1 - x0 - 24
    lines = name_lines(labels, key, name, room, F.BODY, True, **values)
    for i, line in enumerate(lines):
        kit.draw_line(d, (x0 + 12, y0 + 16 + 20 * i), line, F.BODY if len(lines) == 1 else F.SMALL,
                      True, max_width=room, min_size=F.SMALL, names=[name])  # fmt: skip
    w, h = STEP_CARD
    x, top = x0 + 12, y0 + 12 + 20 * len(lines)
    for card in shown:
        cards.draw(img, card, x, top, w, h, ring=True)
        x += w + 10
    if extra is not None:
        kit.draw_line(d, (x + 2, top + h // 2), "+", F.TITLE, True, S.GOLD, cut=False)
        cards.draw(img, extra, x + 22, top, w, h, ring=True)
        bonus = label(labels, "golden_bonus")
        kit.draw_line(d, (x0 + 12, top + h + 11), bonus, F.SMALL, True, S.GOLD, max_width=room)


def _step_words(
    view: TableView, highlight: ev.Event | None, names: Mapping[str, str]
) -> tuple[tuple[str, ...], str | None, str, str, dict[str, object]]:
    """The step's cards, the golden joker's extra card, the name in its words, the words' key
    and their other values."""
    if isinstance(highlight, ev.CardDrawn | ev.CardPlaced | ev.RowTaken):
        name = names.get(highlight.seat, highlight.seat)
        if isinstance(highlight, ev.CardDrawn):
            return (highlight.card,), None, name, "drew", {}
        if isinstance(highlight, ev.CardPlaced):
            return (highlight.card,), None, name, "placed", {"n": highlight.row}
        return highlight.cards, highlight.extra, name, "took_row", {"n": highlight.row}
    first = view.rounds[-1].first if view.rounds else view.turn or ""
    return (), None, names.get(first, first), "starts", {}


def name_lines(labels: Mapping[str, str], key: str, name: str, room: int, size: int, bold: bool,
               **values: object) -> list[str]:  # fmt: skip
    """The words of `key` about `name`: one line when they fit `room` at `size`, else two, the
    name on a line of its own (or after the words before it), so that it keeps its letters."""
    words = label(labels, key, name=name, **values)
    if kit.text_length(words, size, bold) <= room:
        return [words]
    before, mark, after = labels.get(key, key).partition("{name}")
    if not mark:
        return [words]
    before, after = (label({"_": part}, "_", **values).strip() for part in (before, after))
    if before and after:
        return [f"{before} {name}", after]
    return [part for part in (before, name, after) if part]


def rows(
    img: Image.Image,
    shown: Scene,
    highlight: ev.Event | None,
    box: Box,
    names: Mapping[str, str],
    labels: Mapping[str, str],
) -> None:
    """Each row of the round shown in a panel of its own, from the top of `box`."""
    x0, y0, x1, y1 = box
    n = len(shown.rows)
    each = min(ROW_MAX, (y1 - y0 - (n - 1) * 6) // n)
    said = [label(labels, "row", n=r) for r in range(1, n + 1)]
    words_w = math.ceil(max(kit.text_length(s, F.BODY, True) for s in said))
    if any(row.discarded for row in shown.rows):  # its word goes under the row's
        words_w = max(words_w, math.ceil(kit.text_length(label(labels, "discarded"), F.SMALL)))
    placed = highlight.row if isinstance(highlight, ev.CardPlaced) and not shown.ended else 0
    for r, row in enumerate(shown.rows):
        top = y0 + r * (each + 6)
        done = row.taker is not None or row.discarded
        F.panel(img, (x0, top, x1, top + each), fill=S.TRACK if done else S.PANEL)
        d = ImageDraw.Draw(img)
        mid = top + each // 2
        said_y = mid - 9 if row.discarded else mid  # its word goes under it
        kit.draw_line(d, (x0 + 12, said_y), said[r], F.BODY, True, S.MUTED if done else S.TEXT,
                      cut=False)  # fmt: skip
        left = x0 + 12 + words_w + 10
        if row.taker is not None:
            _taken_by(d, names.get(row.taker, row.taker), labels, (left, top, x1 - 10, top + each))
        else:
            _cards(img, row, left, mid, ring=placed == r + 1)
            if row.discarded:
                words = label(labels, "discarded")
                kit.draw_line(d, (x0 + 12, mid + 11), words, F.SMALL, False, S.MUTED, cut=False)


def _cards(img: Image.Image, row: Row, x: int, mid: int, *, ring: bool) -> None:
    """A row's cards from x, then empty places up to its limit; `ring`: its last card was just
    placed there."""
    w, h = ROW_CARD
    for i in range(max(row.limit, len(row.cards))):
        if i < len(row.cards):
            last = ring and i == len(row.cards) - 1
            cards.draw(img, row.cards[i], x + i * (w + 8), mid - h // 2, w, h, ring=last)
        else:
            cards.slot(img, x + i * (w + 8), mid - h // 2, w, h)


def _taken_by(d: ImageDraw.ImageDraw, name: str, labels: Mapping[str, str], box: Box) -> None:
    """ "taken by Ana": on one line when it fits, else the name on a line of its own."""
    x0, y0, x1, y1 = box
    lines = name_lines(labels, "taken_by", name, x1 - x0, F.SMALL, False)
    top = (y0 + y1) // 2 - (len(lines) - 1) * 10
    for i, line in enumerate(lines):
        kit.draw_line(d, (x0, top + i * 20), line, F.SMALL, False, S.MUTED, max_width=x1 - x0,
                      names=[name])  # fmt: skip
