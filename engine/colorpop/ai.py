"""Computer players for Colorpop. They see only a view: their own colour(s), the board, the piles.

- easy: any legal group, at random;
- normal: plays as hard, but a random legal group 40 % of the time;
- hard: tries every legal group and scores the board it leaves (one ply): its own tokens left and,
  above all, how many of them stay removable (a sparse colour gets stranded), never handing an opponent's likely colour its last tokens or leaving
  them all in one group, and the blocked end when it would come. Opponents' colours are guessed
  from their piles (a player who removes a colour probably holds it);
- expert (`expert.py`, not in LEVELS, the levels a table offers): hard's best groups played out
  to the end over sampled guesses of the others' colours, by mean result.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from . import game, rules
from .rules import COLOURS, Board, Cell, Group
from .view import ColorpopView

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
ALL_LEVELS: tuple[str, ...] = (*LEVELS, "expert")  # the bot does not offer expert yet
WIN = 1_000_000.0
GIFT = 100_000.0  # an opponent's colours leave the board: they win at once
BLOCKED = 50_000.0
THREAT = 20_000.0  # an opponent's last tokens all in one group: the next pick may clear them
# Tuned against easy (engine.colorpop.bench_ai): keeping our own tokens removable matters more
# than removing them early (a sparse colour strands), so W_GROUPED > W_LEFT.
W_LEFT = 3.0  # per own token still on the board
W_GROUPED = 10.0  # per own token in a legal group (removable now)
W_STRANDED = 1.5  # per likely-opponent token that no legal group holds
NORMAL_RANDOM = 0.4  # normal plays a random legal group this often, else as hard


def choose(view: ColorpopView, level: str, rnd: random.Random) -> Cell:
    """The cell the AI picks (a coloured token of a legal group) for the seat on turn."""
    groups = rules.legal_groups(view.board)
    if not groups:
        raise ValueError("no legal group: the game is over")
    if level == "easy":
        return rnd.choice(groups).anchor
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    if level == "expert":
        from . import expert  # imports this module: loaded when first asked for

        return expert.choose(view, rnd.getrandbits(64))
    if level == "normal" and rnd.random() < NORMAL_RANDOM:
        return rnd.choice(groups).anchor
    mine = set(view.my_colours)
    beliefs = opponent_colours(view)
    scored = [(evaluate(view, g, mine, beliefs) + rnd.random() * 1e-3, g) for g in groups]
    return max(scored, key=lambda s: s[0])[1].anchor


def opponent_colours(view: ColorpopView) -> dict[str, float]:
    """For each colour not ours, the chance that an opponent's side holds it (0..1)."""
    mine = set(view.my_colours)
    others = [c for c in COLOURS if c not in mine]
    if view.mode == "solo" or not others:
        return dict.fromkeys(others, 0.0)
    held = {"competitive": len(view.seats) - 1, "duel": 2, "teams": 2}[view.mode]
    weight = dict.fromkeys(others, 1.0)
    for seat in view.seats:
        if seat == view.seat or seat in view.partners:
            continue
        pile = view.piles.get(seat, {})
        coloured = sum(pile.get(c, 0) for c in COLOURS)
        for c in others:
            weight[c] += 4.0 * pile.get(c, 0) / (coloured + 2)
    total = sum(weight.values())
    return {c: min(1.0, held * w / total) for c, w in weight.items()}


def _grouped_counts(groups: Iterable[Group], board: Board) -> dict[str, int]:
    """Tokens of each colour that sit in some legal group (removable now)."""
    out = dict.fromkeys(COLOURS, 0)
    for g in groups:
        out[g.colour] += sum(board[r][w] == g.colour for r, w in g.cells)
    return out


def evaluate(view: ColorpopView, group: Group, mine: set[str], beliefs: dict[str, float]) -> float:
    """How good the board is for us after removing `group` (higher is better)."""
    board = rules.remove(view.board, group.cells).board
    left = rules.counts(board)
    my_left = sum(left[c] for c in mine)
    if mine and my_left == 0:
        return WIN
    per_side = game.colours_per_seat(view.mode, len(mine)) if view.mode != "teams" else 2
    score = 0.0
    c = group.colour
    if c not in mine and left[c] == 0 and beliefs.get(c, 0.0) > 0:
        if per_side == 1:
            score -= GIFT * beliefs[c]
        else:
            gone = [beliefs[o] for o in beliefs if o != c and left[o] == 0]
            score -= GIFT * beliefs[c] * (max(gone) if gone else 0.0)
    groups = rules.legal_groups(board)
    if not groups:
        if view.mode == "solo":
            return score - BLOCKED
        likely = sorted(beliefs, key=lambda o: -beliefs[o])
        sides = max(1, len(view.seats) - 1 if view.mode == "competitive" else 1)
        taken = likely[: sides * per_side]
        opp_left = [
            sum(left[o] for o in taken[i * per_side : (i + 1) * per_side]) for i in range(sides)
        ]
        best_opp = min(opp_left) if opp_left else my_left + 1
        return score + (BLOCKED if my_left < best_opp else -BLOCKED if my_left > best_opp else 0)
    grouped = _grouped_counts(groups, board)
    score -= W_LEFT * my_left
    score += W_GROUPED * sum(grouped[c] for c in mine)
    for other, q in beliefs.items():
        if q <= 0 or left[other] == 0:
            continue
        score += W_STRANDED * q * (left[other] - grouped[other])  # stranded: hard for them to clear
        if per_side == 1 and any(
            g.colour == other and _holds_all(g, board, left[other]) for g in groups
        ):
            score -= THREAT * q
    if mine and any(g.colour in mine and _holds_all(g, board, my_left) for g in groups):
        score += 500.0
    if c in mine:
        score -= 0.1 * (group.size - group.jokers)  # removed_own breaks ties against us
    return score


def _holds_all(group: Group, board: Board, count: int) -> bool:
    """True when this group holds every remaining token of its colour (`count` of them)."""
    return sum(board[r][w] == group.colour for r, w in group.cells) == count
