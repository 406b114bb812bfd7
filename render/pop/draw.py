"""Composing pictures from sprites: the board, a hand, the results. Palette images out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from PIL import Image, ImageDraw

from engine.pop.cards import SYMBOLS
from engine.pop.events import CHIEF
from engine.pop.modes import MODES
from engine.pop.results import CoopResult, GameResult, SoloResult, Tiebreak

from .. import style as S
from ..kit import paste
from . import art
from . import style as P
from .art import paste_text
from .scene import Frame

HEADER_H = P.MINI_H + 16
STRIP_H = P.MINI_H + 32
SEAT_H = 40
GAP = 12


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
    x += paste_text(img, str(f.arrows), (x, cy), 24, True) + 10
    order = "E→A" if f.descending else "A→E"
    x += paste_text(img, order, (x, cy), 24, True, S.GOLD)
    return x + 12


def _chief(img: Image.Image, f: Frame, left: int, right: int, cy: int) -> None:
    """Right-aligned: ♛, the face-up card, then the cards waiting beside the Chief.

    The waiting pile overlaps to fit between `left` and `right`; its symbols are summed.
    """
    if not f.has_chief:
        return
    pile = f.chief_pile
    minis = list(f.chief_face_up)
    fixed = 32 + len(minis) * (P.MINI_W + 6)
    overlap = 0
    if pile:
        room = right - left - fixed - 8 - P.MINI_W - 62
        overlap = min(24, room // (len(pile) - 1)) if len(pile) > 1 else 0
        shown = pile if overlap >= 8 else pile[-max(1, room // 8 + 1) :]
        overlap = max(overlap, 8) if len(shown) > 1 else 0
        fixed += 8 + P.MINI_W + overlap * (len(shown) - 1) + 62
    x = right - fixed
    y = cy - P.MINI_H // 2
    active = f.owner == CHIEF and f.kind != "board"
    colour = S.GOLD if active or f.chief_face_up else S.MUTED
    paste_text(img, P.ICON_CHIEF, (x, cy), 30, True, colour)
    x += 32
    for card in minis:
        x += paste(img, art.card_sprite(card, True, "normal", S.BACKGROUND), x, y) + 6
    if pile:
        x += 8
        for i, card in enumerate(shown):
            paste(img, art.card_sprite(card, True, "normal", S.BACKGROUND), x + i * overlap, y)
        x += P.MINI_W + overlap * (len(shown) - 1) + 6
        burst = art.icon_sprite("burst", 20, S.GOLD, S.BACKGROUND)
        paste(img, burst, x, cy - 10)
        paste_text(img, str(sum(SYMBOLS[c] for c in pile)), (x + 22, cy), 22, True)


def board_size(f: Frame) -> tuple[int, int]:
    rows = f.bottom_row - f.top_row + 1
    seat_rows = (len(f.seats) + 1) // 2
    h = P.MARGIN + HEADER_H + (STRIP_H if f.incoming else 0) + rows * P.PITCH_Y
    return P.WIDTH, h + GAP + seat_rows * SEAT_H + P.MARGIN - 6


def draw_board(f: Frame) -> Image.Image:
    """The board of a frame, as a palette image."""
    width, height = board_size(f)
    img = art.new_canvas((width, height))
    draw = ImageDraw.Draw(img)
    m = P.MARGIN
    cy = m + HEADER_H // 2 - 4
    x = _counters(img, f, m, cy)
    x = _order(img, f, x, cy)
    _chief(img, f, x, width - m, cy)
    y = m + HEADER_H

    if f.incoming:  # the turn's five cards above their columns; placed ones fade
        current = f.placed_columns[-1] if f.placed_columns else None
        for c, (card, owner) in enumerate(f.incoming):
            cx = m + c * P.PITCH_X + P.PITCH_X // 2
            done = c in f.placed_columns and c != current
            paste(
                img,
                art.card_sprite(card, True, "dimmed" if done else "normal", S.BACKGROUND),
                cx - P.MINI_W // 2,
                y,
            )
            if c == current:
                draw.rectangle(
                    (cx - P.MINI_W // 2, y + P.MINI_H + 23, cx + P.MINI_W // 2, y + P.MINI_H + 26),
                    fill=art.index_of(S.HIGHLIGHT),
                )
            if owner == CHIEF:
                paste_text(
                    img, P.ICON_CHIEF, (cx, y + P.MINI_H + 10), 17, True, S.MUTED, anchor="m"
                )
            else:
                name = art.name_sprite(f.name_of(owner), 15, P.PITCH_X - 8, False, S.MUTED)
                paste(img, name, cx - name.width // 2, y + P.MINI_H + 1)
        y += STRIP_H

    grid_top = y
    rows = f.bottom_row - f.top_row + 1
    track = art.index_of(S.TRACK)
    for c in range(5):
        x0 = m + c * P.PITCH_X
        draw.rectangle(
            (x0 + 2, grid_top, x0 + P.PITCH_X - 3, grid_top + rows * P.PITCH_Y - 1), fill=track
        )
    marked = set(f.marked)
    for c in range(5):
        col, q = f.columns[c], f.queues[c]
        x0 = m + c * P.PITCH_X
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
                art.card_sprite(card, False, variant),
                (x0, grid_top + (row - f.top_row) * P.PITCH_Y),
            )
        if f.top_row <= q <= f.bottom_row:
            img.paste(art.queue_sprite(c), (x0, grid_top + (q - f.top_row) * P.PITCH_Y))
    y = grid_top + rows * P.PITCH_Y + GAP

    # Each seat's explosion symbols so far this set; the seat resolving a placement stands out.
    col_w = (width - 2 * m) // 2
    for i, seat in enumerate(f.seats):
        x0 = m + (i % 2) * col_w
        y0 = y + (i // 2) * SEAT_H
        active = f.owner == seat and f.kind != "board"
        bg = S.PANEL if active else S.BACKGROUND
        if active:
            draw.rounded_rectangle(
                (x0, y0, x0 + col_w - 8, y0 + SEAT_H - 6), 8, fill=art.index_of(S.PANEL)
            )
        mid = y0 + (SEAT_H - 6) // 2
        burst = art.icon_sprite("burst", 24, S.GOLD, bg)
        paste(img, burst, x0 + 8, mid - 12)
        nx = x0 + 38
        nx += paste_text(img, str(f.symbols[i]), (nx, mid), 24, True, S.TEXT, bg) + 12
        name = art.name_sprite(
            f.names[i], 22, x0 + col_w - 16 - nx, active, S.TEXT if active else S.MUTED, bg
        )
        paste(img, name, nx, mid - name.height // 2)
    return img


# --- Hand -----------------------------------------------------------------------------------------


def draw_hand(
    cards: Iterable[int], selected: Iterable[int] = (), disabled: Iterable[int] = ()
) -> Image.Image:
    shown = list(cards)
    per_row = 5
    rows = max(1, (len(shown) + per_row - 1) // per_row)
    m = P.MARGIN
    img = art.new_canvas((P.WIDTH, 2 * m + rows * P.PITCH_Y))
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
) -> Image.Image:
    """Scores per set and totals, winners, tie-break; the outcome of a cooperative or solo game.

    `stars` is (earned, out of) for a cooperative level or a solo title.
    """
    m = P.MARGIN
    n_sets = len(set_scores) if len(set_scores) > 1 else 0  # one set: just the total
    banner_h = 96
    height = m + banner_h + 40 + len(seats) * ROW_H + (44 if tiebreak else 0) + m
    img = art.new_canvas((P.WIDTH, height))
    draw = ImageDraw.Draw(img)
    cy = m + banner_h // 2 - 6
    x = m
    if result is not None:  # cooperative, solo, Enigma: won or lost, then the stars
        won = result.won
        x += (
            paste_text(
                img, S.ICON_YES if won else S.ICON_NO, (x, cy), 64, True, S.GOOD if won else S.BAD
            )
            + 24
        )
        if stars:
            x = _stars(img, x, cy, *stars) + 24
        if isinstance(result, CoopResult):
            x += paste_text(img, f"🂠{result.cards_left}", (x, cy), 34, True) + 24
        if isinstance(result, SoloResult):
            x += paste_text(img, f"{S.ICON_TURN}{result.turns}", (x, cy), 34, True)
    else:  # competitive, Trick: the crown and the winners' names
        x += paste_text(img, S.ICON_WIN, (x, cy), 56, True, S.GOLD) + 16
        shown = [names[seats.index(w)] for w in winners]
        room = P.WIDTH - m - x
        for i, name in enumerate(shown):
            sprite = art.name_sprite(name, 30, max(60, room // max(1, len(shown)) - 12), True)
            y = cy - sprite.height // 2
            paste(img, sprite, x, y)
            x += sprite.width + (16 if i < len(shown) - 1 else 0)
    y = m + banner_h
    # The table: one column per set, then the total (↓: lowest wins, ↑: highest wins).
    name_w = P.WIDTH - 2 * m - 56 - (n_sets + 1) * 96
    col_x = [m + 56 + name_w + i * 96 + 48 for i in range(n_sets + 1)]
    for i in range(n_sets):
        paste_text(img, f"{S.ICON_SET}{i + 1}", (col_x[i], y + 16), 22, True, S.MUTED, anchor="m")
    scoring = MODES[mode].scoring
    order = {"highest": "↑", "lowest": "↓", "none": ""}[scoring]
    total_head = ("Σ" if n_sets else S.ICON_BURST) + order
    paste_text(img, total_head, (col_x[-1], y + 16), 24, True, S.TEXT, anchor="m")
    y += 40
    for i, seat in enumerate(seats):
        win = seat in winners and result is None
        bg = S.PANEL if win else S.BACKGROUND
        if win or i % 2 == 0:
            draw.rounded_rectangle(
                (m, y, P.WIDTH - m, y + ROW_H - 6),
                8,
                fill=art.index_of(S.PANEL if win else S.TRACK),
            )
            bg = S.PANEL if win else S.TRACK
        mid = y + (ROW_H - 6) // 2
        if win:
            paste_text(img, S.ICON_WIN, (m + 28, mid), 28, True, S.GOLD, bg, anchor="m")
        label = art.name_sprite(names[i], 24, name_w - 8, win, S.TEXT, bg)
        paste(img, label, m + 56, mid - label.height // 2)
        for j in range(n_sets):
            score = set_scores[j].get(seat, 0) if j < len(set_scores) else 0
            paste_text(img, str(score), (col_x[j], mid), 24, False, S.TEXT, bg, anchor="m")
        total = totals.get(seat, 0)
        paste_text(
            img, str(total), (col_x[-1], mid), 26, True, S.GOLD if win else S.TEXT, bg, anchor="m"
        )
        if tiebreak and winners and total == totals.get(winners[0]):  # tied for the lead
            paste_text(img, S.ICON_TIE, (col_x[-1] - 30, mid), 22, True, S.GOLD, bg, anchor="r")
        y += ROW_H
    if tiebreak:
        cy = y + 20
        x = m + 8
        x += paste_text(img, S.ICON_TIE, (x, cy), 30, True, S.GOLD) + 14
        if tiebreak == "card_in_hand":
            paste_text(img, f"→ 🂠 {S.ICON_BURST}↓", (x, cy), 30, True, S.TEXT)
        else:
            paste_text(img, f"→ 🂠 = {S.ICON_WIN}" + S.ICON_WIN, (x, cy), 30, True, S.TEXT)
    return img
