"""Composing pictures from sprites: the board, a hand, the results. Palette images out."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from PIL import Image, ImageDraw

from engine.pop.cards import SYMBOLS
from engine.pop.events import CHIEF
from engine.pop.modes import MODES
from engine.pop.results import CoopResult, GameResult, SoloResult, Tiebreak

from .. import kit
from .. import style as S
from ..kit import paste
from . import art
from . import style as P
from .art import paste_text
from .labels import label
from .scene import Frame

HEADER_H = 52
STRIP_H = P.MINI_H + 44
GAP = 10


def _counters(img: Image.Image, f: Frame, x: int, cy: int) -> int:
    """Set and turn counters: ❖ 1/3  ⟳ 4/8 (numbers and symbols only)."""
    if f.sets_total > 1:
        x += paste_text(img, f"{S.ICON_SET}{f.set_number}/{f.sets_total}", (x, cy), 28, True)
        x += 18
    turn = f"{S.ICON_TURN}{f.turn_number}" + (f"/{f.turns_total}" if f.turns_total else "")
    x += paste_text(img, turn, (x, cy), 28, True)
    return x + 18


def _order(img: Image.Image, f: Frame, x: int, cy: int) -> int:
    """The placing order of a revealed turn: an arrow count, then A→E or E←A."""
    if not f.incoming:
        return x
    icon = art.icon_sprite("left", 26, S.TEXT, S.BACKGROUND)
    x += paste(img, icon, x, cy - icon.height // 2) + 2
    x += paste_text(img, str(f.arrows), (x, cy), 26, True) + 10
    order = "E→A" if f.descending else "A→E"
    x += paste_text(img, order, (x, cy), 26, True, S.GOLD)
    return x + 12


def _grid_rows(f: Frame) -> int:
    return f.bottom_row - f.top_row + 1


def _card_height(f: Frame) -> int:
    """The board cards' height: full size, or shorter so the picture stays within MAX_RATIO."""
    limit = int(P.MAX_RATIO * P.WIDTH) - 2 * P.MARGIN - HEADER_H - (STRIP_H if f.incoming else 0)
    pitch = min(P.PITCH_Y, limit // _grid_rows(f))
    return max(P.MIN_CARD_H, min(P.CARD_H, (pitch - 2 * P.PAD) // 2 * 2))


def board_size(f: Frame, labels: Mapping[str, str] | None = None) -> tuple[int, int]:
    side_h = _side(None, f, labels or {}, 0)
    card_h = _card_height(f)
    grid_h = (STRIP_H if f.incoming else 0) + _grid_rows(f) * (card_h + 2 * P.PAD)
    return P.WIDTH, P.MARGIN + HEADER_H + max(grid_h, side_h) + P.MARGIN


class _Lines:
    """Lines of text down the side panel (or, with no image, just their height)."""

    def __init__(self, img: Image.Image | None, x: int, y: int, width: int, bg: str) -> None:
        self.img, self.x, self.y, self.width, self.bg = img, x, y, width, bg

    def text(
        self,
        text: str,
        size: int,
        bold: bool = False,
        colour: str = S.TEXT,
        names: Sequence[str] = (),
    ) -> None:
        """A line of words, a little smaller if need be (the player `names` in it may be
        shortened)."""
        h = size + 10
        if self.img is not None:
            sprite = art.line_sprite(
                text, size, self.width, bold, colour, self.bg, min_size=_least(size), names=names
            )
            paste(self.img, sprite, self.x, self.y + (h - sprite.height) // 2)
        self.y += h

    def wrapped(
        self,
        text: str,
        size: int,
        bold: bool = False,
        colour: str = S.TEXT,
        names: Sequence[str] = (),
    ) -> None:
        """Words on one line, or over as many as they need (`_wrapped`)."""
        for line in _wrapped(text, size, bold, self.width, names):
            self.text(line, size, bold, colour, names)


def _least(size: int) -> int:
    """The smallest a side panel's text of `size` may shrink to: 6 px less, 20 px at least
    (9 px when Discord shows the picture 400 px wide)."""
    return min(size, max(20, size - 6))


def _wrapped(text: str, size: int, bold: bool, width: int, names: Sequence[str]) -> list[str]:
    """A side panel's text as its lines: one, a little smaller if need be; else broken at
    spaces (and between Japanese characters)."""
    return kit.wrap(text, size, bold, width, min_size=_least(size), names=names)


def _box(img: Image.Image | None, x: int, y0: int, y1: int, colour: str = S.PANEL) -> None:
    if img is not None:
        ImageDraw.Draw(img).rounded_rectangle(
            (x, y0, x + P.SIDE_W - 1, y1), 10, fill=art.index_of(colour)
        )


def _step_lines(f: Frame, labels: Mapping[str, str]) -> list[tuple[str, int, bool, str]]:
    """What this step is, line by line: (text, size, bold, colour)."""
    lines: list[tuple[str, int, bool, str]] = []
    if f.game_over:
        lines.append((label(labels, "game_over"), 30, True, S.BAD))
    if f.kind == "board":
        return lines
    lines.append((label(labels, "step", n=f.step), 28, True, S.TEXT))
    if f.depth:
        lines.append((label(labels, "chain", n=f.depth + 1), 26, True, S.GOLD))
    if f.kind == "exploded":
        lines.append(
            (
                f"{S.ICON_BURST} " + label(labels, "explodes", n=len(f.marked_cards)),
                24,
                True,
                S.GOLD,
            )
        )
    if not MODES[f.mode].competitive:  # co-op, solo, Enigma: symbols decide nothing
        return lines
    if f.kind == "exploded" and f.owner == CHIEF:  # where the Chief's explosion goes
        lost = MODES[f.mode].chief_loses_explosions
        key = "chief_loses" if lost else "chief_keeps"
        lines.append(
            (label(labels, key, n=len(f.marked_cards)), 24, True, S.BAD if lost else S.GOLD)
        )
    for seat, n in f.gains:
        lines.append((label(labels, "gain", n=n, name=f.name_of(seat)), 26, True, S.GOOD))
    if f.from_chief:
        lines.append((label(labels, "from_chief", n=len(f.from_chief)), 24, True, S.GOLD))
    if f.chief_gets:
        key = "chief_loses" if f.chief_loses else "chief_keeps"
        lines.append(
            (label(labels, key, n=len(f.chief_gets)), 24, True, S.BAD if f.chief_loses else S.GOLD)
        )
    return lines


def _side(img: Image.Image | None, f: Frame, labels: Mapping[str, str], y: int) -> int:
    """The panel beside the grid: this step, the Chief's area, the seats. Returns its height
    (draws nothing when `img` is None)."""
    x = P.MARGIN + P.GRID_W + P.GUTTER
    top = y
    inner = P.SIDE_W - 24
    step = [
        (line, size, bold, colour)
        for text, size, bold, colour in _step_lines(f, labels)
        for line in _wrapped(text, size, bold, inner, f.names)
    ]
    if step:
        h = sum(size + 10 for _, size, _, _ in step) + 16
        _box(img, x, y, y + h, S.PANEL)
        if img is not None and f.game_over:
            ImageDraw.Draw(img).rounded_rectangle(
                (x, y, x + P.SIDE_W - 1, y + h), 10, outline=art.index_of(S.BAD), width=3
            )
        lines = _Lines(img, x + 12, y + 8, inner, S.PANEL)
        for text, size, bold, colour in step:
            lines.text(text, size, bold, colour, f.names)
        y += h + GAP
    if f.has_chief:
        y = _chief(img, f, labels, x, y) + GAP
    y = _seats(img, f, labels, x, y)
    return y - top


def _chief(img: Image.Image | None, f: Frame, labels: Mapping[str, str], x: int, y: int) -> int:
    """♛ Chief: its face-up card (full size, ringed), then its waiting cards (small, in card
    order) with their count and symbols."""
    active = f.owner == CHIEF and f.kind != "board"
    bg = S.PANEL if active else S.TRACK
    pile = tuple(sorted(f.chief_pile))
    shown = pile if len(pile) <= 6 else pile[:5]  # the sixth place then counts the rest
    h = 44
    if f.chief_face_up:
        h += P.PITCH_Y + 2
    if f.chief_face_down:
        h += 32
    if pile:
        h += 34 + ((len(shown) + 2) // 3) * (P.MINI_H + 6)
    _box(img, x, y, y + h, bg)
    if img is None:
        return y + h
    colour = S.GOLD if active or f.chief_face_up else S.TEXT
    lines = _Lines(img, x + 12, y + 6, P.SIDE_W - 24, bg)
    lines.text(f"{P.ICON_CHIEF} " + label(labels, "chief"), 26, True, colour)
    yy = lines.y
    for i, card in enumerate(f.chief_face_up[:1]):
        sprite = art.card_sprite(card, False, "placed", bg)
        paste(img, sprite, x + 12 + i * P.PITCH_X, yy)
    if f.chief_face_up:
        yy += P.PITCH_Y + 2
    inner = P.SIDE_W - 24
    if f.chief_face_down:  # held face down: only how many
        text = label(labels, "face_down", n=f.chief_face_down)
        paste_text(
            img, text, (x + 12, yy + 14), 22, True, S.MUTED, bg, max_width=inner, min_size=18
        )
        yy += 32
    if pile:
        _chief_pile(img, pile, shown, labels, x, yy, bg)
    return y + h


def _chief_pile(
    img: Image.Image,
    pile: tuple[int, ...],
    shown: tuple[int, ...],
    labels: Mapping[str, str],
    x: int,
    y: int,
    bg: str,
) -> None:
    """The Chief's waiting cards from y down: how many and their symbols, then the `shown`
    ones small, three a row, and "+n" in the sixth place for the rest."""
    burst = art.icon_sprite("burst", 20, S.GOLD, bg)
    symbols = str(sum(SYMBOLS[c] for c in pile))
    room = P.SIDE_W - 24 - 34 - math.ceil(kit.text_length(symbols, 22, True))
    waiting = label(labels, "waiting", n=len(pile))
    lx = x + 12
    # 16 px at the least: "En attente : 12" beside two-digit symbols needs it
    lx += paste_text(img, waiting, (lx, y + 14), 22, True, S.TEXT, bg, max_width=room, min_size=16)
    paste(img, burst, lx + 10, y + 4)
    paste_text(img, symbols, (lx + 32, y + 14), 22, True, S.TEXT, bg)
    y += 32
    for i, card in enumerate(shown):
        sprite = art.card_sprite(card, True, "normal", bg)
        paste(img, sprite, x + 12 + (i % 3) * (P.MINI_W + 4), y + (i // 3) * (P.MINI_H + 6))
    if len(shown) < len(pile):
        more = f"+{len(pile) - len(shown)}"
        cx, cy = x + 12 + 2 * (P.MINI_W + 4) + P.MINI_W // 2, y + P.MINI_H + 6 + P.MINI_H // 2
        paste_text(img, more, (cx, cy), 26, True, S.TEXT, bg, anchor="m")


def _seats(img: Image.Image | None, f: Frame, labels: Mapping[str, str], x: int, y: int) -> int:
    """One row per seat: the name, then its explosion symbols this set (and the change this
    step), with the game total from set 2 on. Co-op has no symbols to show."""
    mode = MODES[f.mode]
    scoring = mode.competitive
    gains = dict(f.gains)
    totals = [p + s for p, s in zip(f.past_totals or (0,) * len(f.seats), f.symbols, strict=True)]
    later_set = scoring and f.set_number > 1 and len(f.seats) > 1
    best = (max if mode.scoring == "highest" else min)(totals) if totals else 0
    if later_set:
        leaders = [f.names[i] for i, t in enumerate(totals) if t == best]
        lines = _Lines(img, x + 4, y, P.SIDE_W - 8, S.BACKGROUND)
        lines.text(label(labels, "leads", names=", ".join(leaders)), 22, True, S.GOLD, leaders)
        y = lines.y
    row_h = 72 if scoring else 44
    for i, seat in enumerate(f.seats):
        active = f.owner == seat and f.kind != "board"
        bg = S.PANEL if active else S.BACKGROUND
        if active:
            _box(img, x, y, y + row_h - 6, S.PANEL)
        if img is not None:
            name = art.name_sprite(f.names[i], P.NAME_SIZE, P.SIDE_W - 20, active, S.TEXT, bg)
            paste(img, name, x + 10, y + 4)
            if scoring:
                cy = y + 50
                burst = art.icon_sprite("burst", 22, S.GOLD, bg)
                paste(img, burst, x + 10, cy - 11)
                sx = x + 38
                sx += paste_text(img, str(f.symbols[i]), (sx, cy), 24, True, S.TEXT, bg) + 10
                if gains.get(seat):
                    sx += paste_text(img, f"+{gains[seat]}", (sx, cy), 24, True, S.GOOD, bg) + 10
                if later_set:
                    gold = totals[i] == best
                    paste_text(
                        img,
                        f"Σ{totals[i]}",
                        (x + P.SIDE_W - 10, cy),
                        24,
                        gold,
                        S.GOLD if gold else S.MUTED,
                        bg,
                        anchor="r",
                    )
        y += row_h
    if mode.alone:
        y = _solo(img, f, labels, x, y)
    return y


def _solo(img: Image.Image | None, f: Frame, labels: Mapping[str, str], x: int, y: int) -> int:
    """A solo player's facts: cards left in the pile and in hand, the goal, "cleared!"."""
    lines = _Lines(img, x + 10, y, P.SIDE_W - 20, S.BACKGROUND)
    if f.pile_size is not None and MODES[f.mode].name != "enigma":
        lines.wrapped(label(labels, "pile", n=f.pile_size), 24, True, S.TEXT)
    if f.hand_sizes:
        lines.wrapped(label(labels, "hand", n=f.hand_sizes[0]), 24, True, S.TEXT)
    if f.puzzle:
        lines.wrapped(label(labels, "puzzle", id=f.puzzle), 24, True, S.TEXT)
    if MODES[f.mode].name == "enigma":
        lines.wrapped(label(labels, "goal"), 22, False, S.MUTED)
    cleared = not any(f.columns) and not f.pending and f.kind != "board"
    if cleared:
        lines.wrapped(label(labels, "cleared"), 30, True, S.GOOD)
    return lines.y


def draw_board(f: Frame, labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board of a frame, as a palette image: the header across, the turn's cards and the
    grid on the left, this step, the Chief and the seats beside it."""
    labels = labels or {}
    img = art.new_canvas(board_size(f, labels))
    m = P.MARGIN
    cy = m + HEADER_H // 2 - 4
    _order(img, f, _counters(img, f, m, cy), cy)
    y = m + HEADER_H
    _side(img, f, labels, y)
    if f.incoming:
        _incoming(img, f, y)
        y += STRIP_H
    _grid(img, f, y)
    return img


def _incoming(img: Image.Image, f: Frame, y: int) -> None:
    """The turn's cards above their columns, with their owners (placed ones fade)."""
    draw = ImageDraw.Draw(img)
    current = f.placed_columns[-1] if f.placed_columns else None
    for c, (card, owner) in enumerate(f.incoming):
        cx = P.MARGIN + c * P.PITCH_X + P.PITCH_X // 2
        done = c in f.placed_columns and c != current
        dropped = f.game_over and c in f.pending  # never placed: the game ended
        variant = "dimmed" if done or dropped else "normal"
        paste(img, art.card_sprite(card, True, variant, S.BACKGROUND), cx - P.MINI_W // 2, y)
        if dropped:
            paste_text(img, S.ICON_NO, (cx, y + P.MINI_H // 2), 40, True, S.BAD, anchor="m")
        if c == current:
            draw.rectangle(
                (cx - P.MINI_W // 2, y + P.MINI_H + 36, cx + P.MINI_W // 2, y + P.MINI_H + 39),
                fill=art.index_of(S.HIGHLIGHT),
            )
        if owner == CHIEF:
            paste_text(img, P.ICON_CHIEF, (cx, y + P.MINI_H + 18), 26, True, S.TEXT, anchor="m")
        else:
            name = art.name_sprite(f.name_of(owner), P.NAME_SIZE, P.PITCH_X - 6, False, S.TEXT)
            paste(img, name, cx - name.width // 2, y + P.MINI_H + 2)


def _grid(img: Image.Image, f: Frame, grid_top: int) -> None:
    """The five lanes in the frame's rows: the cards, marked as they move, and Queue cards."""
    card_h = _card_height(f)
    pitch_y = card_h + 2 * P.PAD
    track = art.index_of(S.TRACK)
    draw = ImageDraw.Draw(img)
    for c in range(5):
        x0 = P.MARGIN + c * P.PITCH_X
        bottom = grid_top + _grid_rows(f) * pitch_y - 1
        draw.rectangle((x0 + 2, grid_top, x0 + P.PITCH_X - 3, bottom), fill=track)
    marked = set(f.marked)
    for c in range(5):
        col, q = f.columns[c], f.queues[c]
        x0 = P.MARGIN + c * P.PITCH_X
        for j, card in enumerate(col):
            row = q - len(col) + j
            if row < f.top_row or row > f.bottom_row:
                continue
            if (c, row) in marked:
                variant = "exploding"
            elif f.highlight == (c, row):
                variant = "placed"
            else:
                variant = "normal"
            img.paste(
                art.card_sprite(card, False, variant, S.TRACK, card_h),
                (x0, grid_top + (row - f.top_row) * pitch_y),
            )
        if f.top_row <= q <= f.bottom_row:
            img.paste(
                art.queue_sprite(c, S.TRACK, card_h), (x0, grid_top + (q - f.top_row) * pitch_y)
            )


# --- Hand -----------------------------------------------------------------------------------------


def draw_hand(
    cards: Iterable[int], selected: Iterable[int] = (), disabled: Iterable[int] = ()
) -> Image.Image:
    shown = list(cards)
    per_row = 5
    rows = max(1, (len(shown) + per_row - 1) // per_row)
    m = P.MARGIN
    img = art.new_canvas((P.HAND_WIDTH, 2 * m + rows * P.PITCH_Y))
    chosen, unavailable = set(selected), set(disabled)
    for i, card in enumerate(shown):
        variant = "selected" if card in chosen else "dimmed" if card in unavailable else "normal"
        x = m + (i % per_row) * P.PITCH_X
        y = m + (i // per_row) * P.PITCH_Y
        img.paste(art.card_sprite(card, False, variant, S.BACKGROUND), (x, y))
    return img


# --- Results --------------------------------------------------------------------------------------

ROW_H = 46


def _stars(img: Image.Image, x: int, cy: int, filled: int, total: int, size: int = 34) -> int:
    for i in range(total):
        colour = S.GOLD if i < filled else S.MUTED
        x += paste_text(
            img, S.ICON_STAR if i < filled else S.ICON_STAR_EMPTY, (x, cy), size, True, colour
        )
    return x


def draw_results(
    mode: str,
    seats: Sequence[str],
    names: Sequence[str],
    set_scores: Sequence[Mapping[str, int]],
    totals: Mapping[str, int],
    winners: Sequence[str],
    tiebreak: Tiebreak | None,
    result: GameResult | None,
    stars: tuple[int, int] | None,
    labels: Mapping[str, str] | None = None,
    title: str | None = None,
    difficulty: int | None = None,
    tie_cards: Sequence[tuple[str, Sequence[int]]] = (),
) -> Image.Image:
    """The end of a game in words: the winners and the score table (competitive, Trick, with
    the tie-break said); the group's level (co-op); won or lost, the title and the difficulty
    (solo); won or lost (Enigma). Symbol totals only where they decide something.

    `stars` is (earned, out of) for a cooperative level; `tie_cards` the card each tied
    leader kept in hand, drawn under the tie-break's words.
    """
    labels = labels or {}
    m = P.MARGIN
    lines = _result_lines(mode, seats, names, winners, result, labels, title, difficulty)
    table = result is None  # symbol scores decide competitive and Trick games only
    tie_keys = {None: [], "card_in_hand": ["tiebreak"], "shared": ["tiebreak", "tiebreak_shared"]}
    tie_text = [
        line
        for key in tie_keys[tiebreak]
        for line in kit.wrap(label(labels, key), 26, False, P.WIDTH - 2 * m)
    ]
    tie_h = (P.PITCH_Y + 40) if tie_cards and tiebreak else 0
    banner_h = sum(size + 14 for _, size, _ in lines) + (44 if stars else 0) + 8
    height = m + banner_h + (40 + len(seats) * ROW_H if table else 0) + len(tie_text) * 40
    img = art.new_canvas((P.WIDTH, height + tie_h + m))
    y = _banner(img, lines, stars, names)
    if table:
        y = _score_table(img, mode, seats, names, set_scores, totals, winners, labels, y)
    for line in tie_text:  # in words: which rule decided between the tied seats
        sprite = art.line_sprite(line, 26, P.WIDTH - 2 * m, False, S.TEXT)
        paste(img, sprite, m, y + (40 - sprite.height) // 2)
        y += 40
    if tie_h:
        _tie_cards(img, seats, names, winners, tie_cards, y)
    return img


def _result_lines(
    mode: str,
    seats: Sequence[str],
    names: Sequence[str],
    winners: Sequence[str],
    result: GameResult | None,
    labels: Mapping[str, str],
    title: str | None,
    difficulty: int | None,
) -> list[tuple[str, int, str]]:
    """The banner's (text, size, colour): co-op's level, solo's result and title, or winners."""
    if isinstance(result, CoopResult):
        key = "coop_won" if result.won else "coop_lost"
        level = label(labels, f"level.{result.level}")
        return [
            (label(labels, key), 34, S.GOOD if result.won else S.BAD),
            (label(labels, "level", level=level), 30, S.GOLD),
            (label(labels, "cards_left", n=result.cards_left), 26, S.TEXT),
        ]
    if isinstance(result, SoloResult):
        if MODES[mode].name == "enigma":
            text = label(labels, "cleared") if result.won else label(labels, "lost", n=result.turns)
        else:
            text = label(labels, "won" if result.won else "lost", n=result.turns)
        lines = [(text, 34, S.GOOD if result.won else S.BAD)]
        if title:
            lines.append(
                (label(labels, "title", title=label(labels, f"title.{title}")), 30, S.GOLD)
            )
        if difficulty is not None:
            lines.append((label(labels, "difficulty", n=difficulty), 26, S.TEXT))
        return lines
    shown = ", ".join(names[seats.index(w)] for w in winners)
    key = "winner" if len(winners) == 1 else "winners"
    return [(label(labels, key, names=shown), 34, S.GOLD)]


def _banner(
    img: Image.Image,
    lines: Sequence[tuple[str, int, str]],
    stars: tuple[int, int] | None,
    names: Sequence[str],
) -> int:
    """The banner's lines (the winners' `names` in them may be shortened), then the co-op
    level's stars; returns the y below."""
    m = P.MARGIN
    y = m
    for text, size, colour in lines:
        sprite = art.line_sprite(text, size, P.WIDTH - 2 * m, True, colour, names=names)
        paste(img, sprite, m, y + (size + 14 - sprite.height) // 2)
        y += size + 14
    if stars:
        _stars(img, m, y + 20, *stars)
        y += 44
    return y + 8


def _score_table(
    img: Image.Image,
    mode: str,
    seats: Sequence[str],
    names: Sequence[str],
    set_scores: Sequence[Mapping[str, int]],
    totals: Mapping[str, int],
    winners: Sequence[str],
    labels: Mapping[str, str],
    y: int,
) -> int:
    """The scores: a column per set (if several), the total; a row per seat. Returns y below.
    A column is 110 px wide, or as wide as the widest head (and its gap)."""
    m = P.MARGIN
    n_sets = len(set_scores) if len(set_scores) > 1 else 0  # one set: just the total
    order = {"highest": " ↑", "lowest": " ↓", "none": ""}[MODES[mode].scoring]
    heads = [(label(labels, "set", n=i + 1), 22, S.MUTED) for i in range(n_sets)]
    heads.append((label(labels, "total") + order, 24, S.TEXT))
    col_w = max(110, *(math.ceil(kit.text_length(h, size, True)) + 12 for h, size, _ in heads))
    name_w = P.WIDTH - 2 * m - 56 - (n_sets + 1) * col_w
    col_x = [m + 56 + name_w + i * col_w + col_w // 2 for i in range(n_sets + 1)]
    for x, (head, size, colour) in zip(col_x, heads, strict=True):
        xy = (x, y + 16)
        paste_text(img, head, xy, size, True, colour, anchor="m", max_width=col_w - 6)
    y += 40
    for i, seat in enumerate(seats):
        scores = [set_scores[j].get(seat, 0) for j in range(n_sets)] + [totals.get(seat, 0)]
        _score_row(img, names[i], scores, seat in winners, i % 2 == 0, name_w, col_x, y)
        y += ROW_H
    return y


def _score_row(
    img: Image.Image,
    name: str,
    scores: Sequence[int],
    win: bool,
    striped: bool,
    name_w: int,
    col_x: Sequence[int],
    y: int,
) -> None:
    """A seat's row: ♛ for a winner, the name, each set's score, the total (last)."""
    m = P.MARGIN
    bg = S.BACKGROUND
    if win or striped:
        bg = S.PANEL if win else S.TRACK
        ImageDraw.Draw(img).rounded_rectangle(
            (m, y, P.WIDTH - m, y + ROW_H - 6), 8, fill=art.index_of(bg)
        )
    mid = y + (ROW_H - 6) // 2
    if win:
        paste_text(img, S.ICON_WIN, (m + 28, mid), 28, True, S.GOLD, bg, anchor="m")
    sprite = art.name_sprite(name, P.NAME_SIZE, name_w - 8, win, S.TEXT, bg)
    paste(img, sprite, m + 56, mid - sprite.height // 2)
    for x, score in zip(col_x[:-1], scores[:-1], strict=True):
        paste_text(img, str(score), (x, mid), 24, False, S.TEXT, bg, anchor="m")
    colour = S.GOLD if win else S.TEXT
    paste_text(img, str(scores[-1]), (col_x[-1], mid), 26, True, colour, bg, anchor="m")


def _tie_cards(
    img: Image.Image,
    seats: Sequence[str],
    names: Sequence[str],
    winners: Sequence[str],
    tie_cards: Sequence[tuple[str, Sequence[int]]],
    y: int,
) -> None:
    """The deciding cards: a name over each tied seat's card(s) left in hand, in one row."""
    m = P.MARGIN
    cell_w = max(max((len(c) for _, c in tie_cards), default=0) * P.PITCH_X + 24, 180)
    for i, (seat, cards) in enumerate(tie_cards[: (P.WIDTH - 2 * m) // cell_w]):
        x = m + i * cell_w
        shown_name = names[seats.index(seat)] if seat in seats else seat
        name = art.name_sprite(shown_name, P.NAME_SIZE, cell_w - 12, seat in winners, S.TEXT)
        paste(img, name, x, y + 2)
        for j, card in enumerate(cards):
            sprite = art.card_sprite(card, False, "normal", S.BACKGROUND)
            paste(img, sprite, x + j * P.PITCH_X, y + 38)
