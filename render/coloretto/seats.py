"""The seats' collections, as the table and the results draw them: a panel per seat, its name
and points on top, under them its cards in groups (scene.groups), each card with its count and
what the group scores now (+ for the three best colours, − for the others)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.coloretto.cards import set_value
from engine.coloretto.view import TableView

from .. import frame as F
from .. import kit
from .. import style as S
from . import cards
from .labels import label
from .scene import groups

NAME_W = 150  # px: a panel's name column (name, points, "out"), left of its cards
TOP_PAD = 12  # px: a panel's cards start this far under its top (a joker's badge above them)
POINTS = 20  # px: the line under the cards (each group's points)
GAP = 8  # px between two groups
CARD_H = (34, 68)  # px: a collection card's height, at most seats and at fewest
PANEL_MAX = 120  # px: a seat's panel, at most
SCALE_H = 76  # px: the panel of what a colour's cards score


def panels(top: int, bottom: int, seats: int) -> list[tuple[int, int]]:
    """The (top, bottom) of each seat's panel between `top` and `bottom`: as tall as they can
    share, at most PANEL_MAX."""
    each = min(PANEL_MAX, (bottom - top - (seats - 1) * 6) // seats)
    return [(top + i * (each + 6), top + i * (each + 6) + each) for i in range(seats)]


def card_size(
    view: TableView, box: tuple[int, int, int, int], name_w: int = NAME_W
) -> tuple[int, int]:
    """The collections' cards in panels like `box`: as tall as the panel allows, as wide as
    the most groups a seat shows leave room for (the same for every seat of a picture)."""
    x0, y0, x1, y1 = box
    h = max(CARD_H[0], min(CARD_H[1], y1 - y0 - TOP_PAD - POINTS - 4))
    for _ in range(2):  # narrower cards are shorter, so are their joker badges: room again
        w = round(h * 0.86)
        for who in view.players:
            found = groups(view, who)
            badge = cards.badge(h)[0]
            badges = sum(badge + (len(g.jokers) - 1) * badge // 2 for g in found if g.jokers)
            room = x1 - x0 - 24 - name_w - 8 - badges - GAP * (len(found) - 1)
            w = min(w, room // max(1, len(found)))
        h = min(h, round(w / 0.7))  # a card, not a strip
    return w, h


def seat(
    img: Image.Image,
    view: TableView,
    who: str,
    box: tuple[int, int, int, int],
    names: Mapping[str, str],
    labels: Mapping[str, str],
    *,
    lit: bool = False,
    ring: bool = False,
    pointer: bool = False,
    name_w: int = NAME_W,
) -> None:
    """One seat's panel in `box`: gold when `lit` (on turn, a winner), white when `ring` (it
    just took a row); on the left its name (a pointer before it on turn), its points, "out"
    once out; its cards on the right."""
    x0, y0, _, _ = box
    F.panel(img, box, lit=lit)
    d = ImageDraw.Draw(img)
    if ring:
        d.rounded_rectangle(box, F.RADIUS, outline=S.HIGHLIGHT, width=3)
    _head(d, view, who, (x0 + 12, y0, x0 + 12 + name_w), names.get(who, who), labels, pointer)
    x = x0 + 12 + name_w + 8
    _groups(img, d, view, who, x, y0 + TOP_PAD, card_size(view, box, name_w))


def _head(
    d: ImageDraw.ImageDraw,
    view: TableView,
    who: str,
    column: tuple[int, int, int],
    name: str,
    labels: Mapping[str, str],
    pointer: bool,
) -> None:
    """The name column (left, top, right): a pointer for the seat on turn and the name, under
    them the points, under them "out" once out."""
    x, y0, right = column
    mid = y0 + 18
    if pointer:
        d.polygon([(x, mid - 8), (x + 12, mid), (x, mid + 8)], fill=S.TEXT)
        x += 18
    kit.draw_line(d, (x, mid), name, F.BODY, True, max_width=right - x, min_size=F.SMALL,
                  names=[name])  # fmt: skip
    points = label(labels, "points", n=view.scores[who].total)
    left = column[0]
    kit.draw_line(d, (left, mid + 23), points, F.BODY, True, S.TEXT, max_width=right - left,
                  min_size=F.SMALL)  # fmt: skip
    if who in view.out and not view.over:
        out = label(labels, "out")
        line = kit.fit_line(out, F.SMALL, False, right - left - 16)
        top = mid + 37
        d.rounded_rectangle((left, top, left + line.width + 16, top + 20), 6, fill=S.TRACK)
        kit.draw_text(d, (left + 8, top + 10), line.text, line.size, False, S.TEXT, "lm")


def _groups(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: TableView,
    who: str,
    x: int,
    top: int,
    card: tuple[int, int],
) -> None:
    """The seat's groups left to right, each card over its points ("—" for no card)."""
    found = groups(view, who)
    card_w, card_h = card
    if not found:
        kit.draw_line(d, (x, top + card_h // 2), "—", F.BODY, True, S.MUTED)
        return
    for g in found:
        width = cards.group(img, g.card, g.size, g.jokers, x, top, card_w, card_h)
        colour = S.GOOD if g.points > 0 else S.BAD if g.points < 0 else S.MUTED
        kit.draw_line(d, (x + card_w / 2, top + card_h + POINTS // 2 + 2), signed(g.points),
                      F.SMALL, True, colour, "mm", cut=False)  # fmt: skip
        x += max(width, card_w) + GAP


def signed(value: int) -> str:
    """+21, −3 (a real minus sign), 0."""
    return f"{value:+d}".replace("-", "−") if value else "0"


def scale(
    img: Image.Image, expert: bool, box: tuple[int, int, int, int], labels: Mapping[str, str]
) -> None:
    """What a colour scores for 1, 2, ... 6 or more cards (the expert values with expert
    scoring), in a panel: a line of counts over a line of points."""
    x0, y0, x1, _ = box
    F.panel(img, box, fill=S.TRACK)
    d = ImageDraw.Draw(img)
    words = [label(labels, "scale_cards"), label(labels, "scale_points")]
    words_w = max(kit.text_length(w, F.SMALL) for w in words) + 16
    step = (x1 - x0 - 24 - words_w) / 6
    for line, (word, values) in enumerate(
        zip(
            words,
            (["1", "2", "3", "4", "5", "6+"], [str(set_value(n, expert)) for n in range(1, 7)]),
            strict=True,
        )
    ):
        mid = y0 + 22 + line * 32
        kit.draw_line(d, (x0 + 12, mid), word, F.SMALL, False, S.MUTED, cut=False)
        for i, value in enumerate(values):
            x = x0 + 12 + words_w + step * (i + 0.5)
            kit.draw_line(
                d, (x, mid), value, F.BODY, True, S.GOOD if line else S.TEXT, "mm", cut=False
            )
