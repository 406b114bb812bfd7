"""The side panel of a board frame, in fixed places whatever the step: what this step did (a
box of three lines), the Chief (its face-up card, its face-down count, the cards waiting
beside it) and the seats (each name whole where it fits, its explosion symbols this set, this
step's gain and, from set 2 on, the game total); a solo player's pile, hand and goal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.pop.cards import SYMBOLS
from engine.pop.events import CHIEF
from engine.pop.modes import MODES

from .. import frame as F
from .. import kit
from .. import style as S
from . import art
from . import style as P
from .labels import label
from .scene import Frame

X, W = P.SIDE_X, P.SIDE_W
LINE = 24  # px between two lines of the step box
STEP_H = 3 * LINE + 12
CHIEF_H = 124
TEXT = F.BODY  # 18 px


def _line(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    colour: str = S.TEXT,
    *,
    width: int = W - 20,
    bold: bool = True,
    size: int = TEXT,
    names: Sequence[str] = (),
    anchor: str = "lm",
    bg: str = S.BACKGROUND,
) -> float:
    """One line of words on `bg`, fitted to `width` (15 px at the least; player `names` may
    shorten), its sprite drawn once and pasted; returns its width."""
    line = kit.fit_line(text, size, bold, width, min_size=F.SMALL, names=names)
    return paste_line(img, xy, line, bold, colour, bg, anchor)


def paste_line(
    img: Image.Image,
    xy: tuple[float, float],
    line: kit.Line,
    bold: bool,
    colour: str,
    bg: str,
    anchor: str = "lm",
) -> float:
    """A fitted line's cached sprite pasted at `xy` (`anchor`: l, m or r, then m)."""
    sprite = art.text_image(line.text, line.size, bold, colour, bg)
    x, y = xy
    x -= {"l": 0, "m": sprite.width / 2, "r": sprite.width}[anchor[0]]
    img.paste(sprite, (round(x), round(y - sprite.height / 2)))
    return line.width


def step_lines(f: Frame, labels: Mapping[str, str]) -> list[tuple[str, str]]:
    """What this step did, line by line: (text, colour)."""
    lines: list[tuple[str, str]] = []
    mode = MODES[f.mode]
    if f.game_over:
        lines.append((label(labels, "game_over"), S.BAD))
    if f.depth:
        lines.append((label(labels, "chain", n=f.depth + 1), S.GOLD))
    if f.kind == "exploded":
        lines.append(
            (f"{S.ICON_BURST} " + label(labels, "explodes", n=len(f.marked_cards)), S.GOLD)
        )
    if mode.competitive:  # co-op, solo, Enigma: symbols decide nothing
        if f.kind == "exploded" and f.owner == CHIEF:  # where the Chief's explosion goes
            lost = mode.chief_loses_explosions
            key = "chief_loses" if lost else "chief_keeps"
            lines.append((label(labels, key, n=len(f.marked_cards)), S.BAD if lost else S.GOLD))
        for seat, n in f.gains:
            lines.append((label(labels, "gain", n=n, name=f.name_of(seat)), S.GOOD))
        if f.from_chief:
            lines.append((label(labels, "from_chief", n=len(f.from_chief)), S.GOLD))
        if f.chief_gets:
            key = "chief_loses" if f.chief_loses else "chief_keeps"
            lines.append(
                (label(labels, key, n=len(f.chief_gets)), S.BAD if f.chief_loses else S.GOLD)
            )
    if f.kind == "board" and mode.competitive and f.set_number > 1 and len(f.seats) > 1:
        leaders = [f.names[i] for i, t in enumerate(_totals(f)) if t == _best(f)]
        lines.append((label(labels, "leads", names=", ".join(leaders)), S.GOLD))
    if not any(f.columns) and not f.pending and f.kind != "board":
        lines.append((label(labels, "cleared"), S.GOOD))
    if not lines and f.kind == "placed" and f.placed_card and f.highlight:
        lines += _placed(f, labels)  # a plain placement: who put which card where
    return lines[:3]


def _placed(f: Frame, labels: Mapping[str, str]) -> list[tuple[str, str]]:
    """A placement in words, on two lines: the seat (the Chief by its crown and word), then
    what it did."""
    assert f.placed_card is not None  # the caller checked both
    assert f.highlight is not None
    owner = f.owner or ""
    who = f"{P.ICON_CHIEF} " + label(labels, "chief") if owner == CHIEF else f.name_of(owner)
    column = "ABCDE"[f.highlight[0]]
    return [(who, S.TEXT), (label(labels, "places", card=f.placed_card, column=column), S.MUTED)]


def _totals(f: Frame) -> list[int]:
    past = f.past_totals or (0,) * len(f.seats)
    return [p + s for p, s in zip(past, f.symbols, strict=True)]


def _best(f: Frame) -> int:
    totals = _totals(f)
    return (max if MODES[f.mode].scoring == "highest" else min)(totals) if totals else 0


def draw_side(img: Image.Image, f: Frame, labels: Mapping[str, str]) -> None:
    """The side panel, from the header's foot to the legend."""
    y = P.BODY_TOP
    F.panel(img, (X, y, X + W, y + STEP_H), lit=f.game_over)
    for i, (text, colour) in enumerate(step_lines(f, labels)):
        _line(img, (X + 10, y + 6 + LINE * i + LINE / 2), text, colour, names=f.names, bg=S.PANEL)
    y += STEP_H + 10
    if f.has_chief:
        _chief(img, f, labels, y)
        y += CHIEF_H + 10
    _seats(img, f, labels, y)


def _chief(img: Image.Image, f: Frame, labels: Mapping[str, str], y: int) -> None:
    """♛ Chief and its face-down count; its face-up card, then the cards waiting beside it
    (as many as fit, "+n" for the rest); how many wait and their symbols."""
    active = f.owner == CHIEF and f.kind != "board"
    F.panel(img, (X, y, X + W, y + CHIEF_H), lit=active, fill=S.PANEL if active else S.TRACK)
    bg = S.PANEL if active else S.TRACK
    pile = sorted(f.chief_pile)
    room = W - 20
    if f.chief_face_down:  # how many it holds face down, on the right
        text = label(labels, "face_down", n=f.chief_face_down)
        right = kit.fit_line(text, TEXT, False, W // 2, min_size=F.SMALL)
        paste_line(img, (X + W - 10, y + 16), right, False, S.MUTED, bg, "rm")
        room -= int(right.width) + 12
    name = f"{P.ICON_CHIEF} " + label(labels, "chief")
    _line(img, (X + 10, y + 16), name, S.GOLD if active else S.TEXT, width=room, bg=bg)
    shown = [(c, "placed") for c in f.chief_face_up[:1]] + [(c, "normal") for c in pile]
    more = len(shown) - 2 if len(shown) > 3 else 0  # the third place then counts the rest
    x = X + 4
    for card, variant in shown[: 2 if more else 3]:
        img.paste(art.card_image(card, True, variant, bg), (x, y + 32))
        x += P.MINI_W + 3
    if more:
        _line(
            img,
            (x + P.MINI_W // 2, y + 32 + P.MINI_H // 2),
            f"+{more}",
            width=60,
            anchor="mm",
            bg=bg,
        )
    if pile:
        symbols = sum(SYMBOLS[c] for c in pile)
        used = _line(
            img, (X + 10, y + CHIEF_H - 16), label(labels, "waiting", n=len(pile)), width=170
        )
        d = ImageDraw.Draw(img)
        bx = X + 22 + used
        kit.draw_burst(d, bx, y + CHIEF_H - 16, 8, S.GOLD)
        _line(img, (bx + 12, y + CHIEF_H - 16), str(symbols), width=40, bg=bg)


def _seats(img: Image.Image, f: Frame, labels: Mapping[str, str], y: int) -> None:
    """A row per seat: its name, then its symbols this set (and this step's gain), with the
    game total from set 2 on; co-op has no symbols to show; a solo player's facts below."""
    mode = MODES[f.mode]
    scoring = mode.competitive
    n = len(f.seats)
    row_h = min(60 if scoring else 34, (P.BODY_BOTTOM - y) // max(1, n))
    gains = dict(f.gains)
    totals, best = _totals(f), _best(f)
    later = scoring and f.set_number > 1 and n > 1
    d = ImageDraw.Draw(img)
    for i, seat in enumerate(f.seats):
        active = f.owner == seat and f.kind != "board"
        top = y + i * row_h
        if active:
            F.panel(img, (X, top, X + W, top + row_h - 4))
        bg = S.PANEL if active else S.BACKGROUND
        name = [f.names[i]]
        _line(img, (X + 10, top + 15), f.names[i], bold=active, names=name, bg=bg)
        if not scoring:
            continue
        cy = top + 40
        kit.draw_burst(d, X + 18, cy, 8, S.GOLD)
        x = X + 32 + _line(img, (X + 32, cy), str(f.symbols[i]), width=50, bg=bg)
        if gains.get(seat):
            _line(img, (x + 10, cy), f"+{gains[seat]}", S.GOOD, width=50, bg=bg)
        if later:
            lead = totals[i] == best
            text = f"{label(labels, 'total')} {totals[i]}"
            colour = S.GOLD if lead else S.MUTED
            _line(img, (X + W - 10, cy), text, colour, width=120, bold=lead, anchor="rm", bg=bg)
    if mode.alone:
        _solo(img, f, labels, y + n * row_h)


def _solo(img: Image.Image, f: Frame, labels: Mapping[str, str], y: int) -> None:
    """A solo player's facts: cards left in the pile and in hand, the puzzle and its goal."""
    lines = []
    if f.pile_size is not None and f.mode != "enigma":
        lines.append(label(labels, "pile", n=f.pile_size))
    if f.hand_sizes:
        lines.append(label(labels, "hand", n=f.hand_sizes[0]))
    if f.puzzle and f.mode != "enigma":  # an Enigma's header names its puzzle
        lines.append(label(labels, "puzzle", id=f.puzzle))
    for i, text in enumerate(lines):
        _line(img, (X + 10, y + 14 + 28 * i), text)
    if f.mode == "enigma":
        y += 28 * len(lines) + 4
        goal = label(labels, "goal")
        for j, part in enumerate(kit.wrap(goal, TEXT, False, W - 20, min_size=16)):
            _line(img, (X + 10, y + 12 + 24 * j), part, S.MUTED, bold=False)
