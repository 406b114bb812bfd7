"""Colourist's pictures, one frame size for a whole game (`WIDTH` x `HEIGHT`, whatever the
seats, track, names, language or phase): a turn (the word card over the track), a reveal
(every seat's card over the track, the pawns that moved marked) and the results (by place,
with the winner headline in the words every game shares).

The header band, the legend and the results board are render/frame.py's; the track (one lane a
seat), the word card and the reveal's boxes are this game's (render/colourist/parts.py,
cards.py). Every mark drawn is in the legend under it, in the table's language. Words come
from `labels` (the table's language), drawn with the bundled fonts; only a text no font can
draw falls back to English labels, and to the `fallback` word the bot passes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.colourist.game import DOUBLE
from engine.colourist.view import ColouristView, RoundResult

from .. import frame as F
from .. import kit
from .. import style as S
from .alt import results_alt, reveal_alt, turn_alt
from .cards import BOX_COLUMNS, BOX_GAP, box_size, seat_box, word_card
from .labels import label
from .parts import (
    NUMBERS_H,
    SYMBOL_INK,
    TILE_STYLE,
    arrow,
    drawable,
    flag,
    lanes,
    ringed,
    symbol,
    word,
)

__all__ = [
    "HEIGHT",
    "TILE_STYLE", "WIDTH", "drawable", "results_picture", "reveal_picture", "turn_picture", "word",
]  # fmt: skip

WIDTH = F.WIDTH
TOP = F.HEADER_H + F.PAD  # the upper panel: the word card, or the reveal's boxes
TOP_H = 168
NOTE = TOP + TOP_H + 6  # a reveal's line under its boxes: nobody matched (a turn: its card)
NOTE_H = 24
TRACK = NOTE + NOTE_H + 10  # the track's lanes
TRACK_H = 240
KEY = TRACK + TRACK_H + 12  # the legend
KEY_H = 2 * (F.CHIP + 8)  # two rows of keys (the longest language's need)
HEIGHT = KEY + KEY_H + F.PAD - 8
MIN_LANE = 24  # px: the results draw the track only when its lanes are this tall (1-5 seats)


def _png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=6
    )
    return out.getvalue()


def legend_keys(
    labels: Mapping[str, str], moved: bool, *, role: bool = True
) -> list[tuple[F.Icon, str]]:
    """Every mark the track shows and its word in the table's language (`moved`: the arrow of
    a reveal too; `role`: the colourist's ring, which the results do not draw)."""

    def field(kind: str) -> F.Icon:
        r = 6 if kind == DOUBLE else 8
        return lambda d, box: symbol(
            d, kind, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, r, SYMBOL_INK
        )

    keys: list[tuple[F.Icon, str]] = [
        (field("triangle"), word(labels, "noun")),
        (field("circle"), word(labels, "adjective")),
        (field(DOUBLE), word(labels, "phrase")),
        (flag, word(labels, "finish")),
        *([(ringed, word(labels, "role"))] if role else []),
        (F.chip(S.JOKER_STYLE), word(labels, "joker_left")),
    ]
    return [*keys, (arrow, word(labels, "moved"))] if moved else keys


def _legend(img: Image.Image, labels: Mapping[str, str], moved: bool, top: int) -> None:
    """The legend from `top` down (right under the lanes: fewer seats leave the room at the
    frame's foot)."""
    F.legend(img, legend_keys(labels, moved), (F.PAD, top, WIDTH - F.PAD, top + KEY_H))


def _track_box() -> kit.Box:
    return (F.PAD, TRACK, WIDTH - F.PAD, TRACK + TRACK_H)


def turn_picture(
    view: ColouristView,
    text: str | None,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    fallback: str | None = None,
) -> kit.Picture:
    """A turn: the round and its colourist, the word or phrase on its card (None: the
    colourist is still keeping a phrase), the track. `fallback`: the English text, drawn when
    no font can draw `text`."""
    shown = text if text is None or drawable(text) else (fallback or text)
    colourist = names.get(view.colourist, view.colourist)
    img = F.canvas(HEIGHT)
    with kit.FONT_LOCK:
        status = word(labels, "colourist", name=colourist)
        F.header(img, word(labels, "round", n=view.round_number), status, names=[colourist])
        box = (F.PAD, TOP, WIDTH - F.PAD, NOTE + NOTE_H)
        word_card(img, view, shown, colourist, labels, box)
        bottom = lanes(img, view, names, _track_box(), view.colourist)
        _legend(img, labels, False, int(bottom) + 12)
    return kit.Picture(
        _png(img), turn_alt(view, text, names, labels), f"round-{view.round_number}.png"
    )


def reveal_picture(
    view: ColouristView,
    result: RoundResult,
    text: str,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    fallback: str | None = None,
) -> kit.Picture:
    """A revealed round: the word, every seat's card (the colourist's first, in gold), who
    matched, then the track with an arrow behind each pawn that moved. `view` is after it."""
    shown = text if drawable(text) else (fallback or text)
    order = [result.colourist] + [s for s in view.seats if s != result.colourist]
    img = F.canvas(HEIGHT)
    with kit.FONT_LOCK:
        title = (
            word(labels, "round", n=result.round_number) + "  " + word(labels, "quoted", text=shown)
        )
        F.header(img, title)  # the whole width: a long phrase fits
        if not result.matched:
            note = word(labels, "nobody")
            d = ImageDraw.Draw(img)
            kit.draw_line(
                d, (F.PAD + 4, NOTE + NOTE_H / 2), note, F.BODY, True, S.GOOD,
                max_width=WIDTH - 2 * F.PAD, min_size=F.SMALL,
            )  # fmt: skip
        rows = math.ceil(len(order) / BOX_COLUMNS)
        w, h = box_size(WIDTH - 2 * F.PAD, TOP_H, rows)
        for i, seat in enumerate(order):
            r, c = divmod(i, BOX_COLUMNS)
            x, y = F.PAD + c * (w + BOX_GAP), TOP + r * (h + BOX_GAP)
            seat_box(img, result, seat, names.get(seat, seat), labels, (x, y, x + w, y + h))
        bottom = lanes(img, view, names, _track_box(), result.colourist, result.moved)
        _legend(img, labels, True, int(bottom) + 12)
    alt = reveal_alt(view, result, text, names, labels)
    return kit.Picture(_png(img), alt, f"reveal-{result.round_number}.png")


def standings(
    view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]
) -> list[F.Standing]:
    """Every seat by place, the farthest first (seats on the same field share a place, seat
    order among them): its place and field in the table's words, the finish's seats winners."""
    order = sorted(view.seats, key=lambda s: -view.positions[s])
    rows = []
    for seat in order:
        field = view.positions[seat]
        place = 1 + sum(1 for s in view.seats if view.positions[s] > field)
        won = seat in view.winners
        score = word(labels, "finish") if won else word(labels, "field", field=field)
        rows.append(F.Standing(word(labels, f"place_{place}"), names.get(seat, seat), score, won))
    return rows


def headline(winners: Sequence[str], labels: Mapping[str, str]) -> str:
    """Who won, in the words every game shares: "Ana wins", "Shared win: Ana, Ben"."""
    if len(winners) == 1:
        return label(labels, "win", name=winners[0])
    return label(labels, "shared_win", names=label(labels, "separator").join(winners))


def results_picture(
    view: ColouristView, names: Mapping[str, str], labels: Mapping[str, str]
) -> kit.Picture:
    """The end: the winner headline, every seat by place with its field, and under them the
    track where the pawns stopped, when its lanes fit (up to five seats)."""
    img = F.canvas(HEIGHT)
    with kit.FONT_LOCK:
        F.header(img, word(labels, "game_over", round=view.round_number))
        won = headline([names.get(s, s) for s in view.winners], labels)
        box = (F.PAD, TOP, WIDTH - F.PAD, HEIGHT - F.PAD)
        rows = standings(view, names, labels)
        bottom = F.results(img, won, rows, box, rule=word(labels, "rule"))
        track = (F.PAD, bottom + 14, WIDTH - F.PAD, HEIGHT - F.PAD - KEY_H - 12)
        if (track[3] - track[1] - NUMBERS_H) / len(view.seats) >= MIN_LANE:
            end = lanes(img, view, names, track, None)
            F.legend(
                img,
                legend_keys(labels, False, role=False),
                (F.PAD, int(end) + 12, WIDTH - F.PAD, int(end) + 12 + KEY_H),
            )
    return kit.Picture(_png(img), results_alt(view, names, labels), "results.png")
