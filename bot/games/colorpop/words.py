"""Colorpop's words and pictures in a table's language: tokens in words (the shape first:
colour is never the only cue), groups as §7 names them, the board pictures with their alt
texts, and the results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.tables.workers import PICTURES
from bot.texts.i18n import dynamic_key, listed, t
from engine.colorpop.events import GameEnded, SideCleared
from engine.colorpop.rules import LETTERS, NUM_RAILS, RAIL_NAMES, Board, Cell, Group, cell_name
from engine.colorpop.view import ColorpopView
from render.colorpop.board import TOKEN_STYLE, board_picture
from render.kit import Picture


def token_name(letter: str, lang: str) -> str:
    """ "● red": the shape first (colour is never the only cue), then the colour's name."""
    return f"{TOKEN_STYLE[letter].symbol} {t(dynamic_key('colorpop.colour', letter), lang)}"


def colours_text(letters: Sequence[str], lang: str) -> str:
    return listed((token_name(c, lang) for c in letters), lang)


def group_label(group: Group, lang: str, at: Cell | None = None) -> str:
    """§7's label: `● red ×4 (1 joker) at C3`, named by its anchor, or by `at`, the cell it
    was picked by (a typed cell is played and recorded as typed, §7)."""
    jokers = t("colorpop.group.jokers", lang, n=group.jokers) if group.jokers else ""
    return t(
        "colorpop.group.label",
        lang,
        token=token_name(group.colour, lang),
        size=group.size,
        jokers=jokers,
        cell=cell_name(group.anchor if at is None else at),
    )


def counts_text(counts: Mapping[str, int]) -> str:
    """Tokens left per colour, shapes as the cue: "● 16 · ▲ 19 · … · ★ 4"."""
    return " · ".join(f"{TOKEN_STYLE[c].symbol} {counts.get(c, 0)}" for c in LETTERS)


def piles_text(view: ColorpopView, names: Mapping[str, str]) -> str:
    return " · ".join(f"{names.get(s, s)} {view.collected.get(s, 0)}" for s in view.seats)


def board(
    view: ColorpopView,
    names: Mapping[str, str],
    lang: str,
    title: str,
    name: str,
    board: Board | None = None,
    highlight: Sequence[Cell] = (),
) -> Picture:
    """A board picture of a (public) view, with its alt text: the board as letters, rail by
    rail from the bottom, the tokens left, the piles."""
    shown = view.board if board is None else board
    png = PICTURES.call(board_picture, view, highlight, {"title": title}, names, board=shown)
    alt = board_alt(view, names, lang, title, shown, highlight)
    return Picture(png, alt, f"colorpop-{name}.png")


def board_alt(
    view: ColorpopView,
    names: Mapping[str, str],
    lang: str,
    title: str,
    shown: Board,
    highlight: Sequence[Cell] = (),
) -> str:
    """A board's alt text: the board as letters, rail by rail from the bottom, the tokens
    left, the piles; the cells picked; the secret colours once the game is over."""
    left = {c: "".join(shown).count(c) for c in LETTERS}
    columns = " ".join(f"{RAIL_NAMES[r]}:{shown[r] or '-'}" for r in range(NUM_RAILS))
    legend = listed((f"{c} {t(dynamic_key('colorpop.colour', c), lang)}" for c in LETTERS), lang)
    alt = t(
        "colorpop.alt.board",
        lang,
        title=title,
        legend=legend,
        columns=columns,
        left=listed(
            (f"{t(dynamic_key('colorpop.colour', c), lang)} {left[c]}" for c in LETTERS), lang
        ),
        piles=listed((f"{names.get(s, s)} {view.collected.get(s, 0)}" for s in view.seats), lang),
    )
    if highlight:
        alt += " " + t(
            "colorpop.alt.highlight",
            lang,
            cells=listed((cell_name(c) for c in sorted(highlight)), lang),
        )
    if view.secrets:  # the game is over: the colours are public now
        alt += " " + t(
            "colorpop.alt.secrets",
            lang,
            secrets="; ".join(
                f"{names.get(s, s)} {colours_text(view.secrets[s], lang)}" for s in view.seats
            ),
        )
    return alt[:1024]


def results_text(
    view: ColorpopView, events: Sequence[object], names: Mapping[str, str], lang: str
) -> str:
    """Who won and how, the tie-break that decided, and every secret colour revealed."""
    ended = next(e for e in events if isinstance(e, GameEnded))
    cleared = next((e for e in events if isinstance(e, SideCleared)), None)
    winners = listed((names.get(s, s) for s in ended.winners), lang)
    lines = []
    if view.mode == "solo":
        seat = view.seats[0]
        left = ended.scores[seat][0]
        lines.append(
            t("colorpop.result.solo_won", lang)
            if ended.won
            else t("colorpop.result.solo_lost", lang, left=left)
        )
    elif cleared is not None:
        lines.append(
            t(
                "colorpop.result.cleared",
                lang,
                names=winners,
                colours=colours_text(cleared.colours, lang),
                by=names.get(cleared.by, cleared.by),
            )
        )
        lines.append(t(dynamic_key("colorpop.tiebreak", "cleared"), lang))
    else:
        lines.append(t("colorpop.result.blocked", lang))
        lines.append(t("colorpop.result.winners", lang, n=len(ended.winners), names=winners))
        lines.append(t(dynamic_key("colorpop.tiebreak", ended.tie_break), lang))
    lines.append(t("colorpop.result.secrets", lang))
    for seat in view.seats:
        left, removed = ended.scores[seat]
        lines.append(
            t(
                "colorpop.result.seat",
                lang,
                name=names.get(seat, seat),
                colours=colours_text(ended.secrets[seat], lang),
                left=left,
                removed=removed,
            )
        )
    return "\n".join(lines)
