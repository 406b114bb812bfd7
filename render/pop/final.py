"""The end of a game, in the same 800 x 580 frame as the board: competitive and Trick games by
place under the winner headline (the words every game shares), with the rule that decided in
words and the tie-break's cards; a co-op, solo or Enigma game's result beside its final grid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.pop.modes import MODES
from engine.pop.results import CoopResult, SoloResult
from engine.pop.view import TableView

from .. import frame as F
from .. import kit
from .. import style as S
from . import art
from . import style as P
from .board import grid
from .labels import label
from .scene import Scene


def draw_results(
    view: TableView,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    title: str | None = None,
) -> Image.Image:
    img = F.canvas(P.HEIGHT, P.WIDTH)
    F.header(img, "Pop · " + label(labels, "results"))
    if view.result is None:
        _by_place(img, view, names, labels)
    else:
        _alone(img, view, names, labels, title)
    return img


def places(view: TableView) -> list[tuple[int, str]]:
    """(place, seat), best first: the winners share the first place; the others follow by
    total (a shared total, a shared place)."""
    lowest = MODES[view.mode].scoring != "highest"
    others = sorted(
        (s for s in view.seats if s not in view.winners),
        key=lambda s: view.totals.get(s, 0) * (1 if lowest else -1),
    )
    found = [(1, s) for s in view.seats if s in view.winners]
    for s in others:
        mine = view.totals.get(s, 0)
        better = sum(
            1 for o in others if (view.totals.get(o, 0) - mine) * (1 if lowest else -1) < 0
        )
        found.append((len(view.winners) + 1 + better, s))
    return found


def _score(view: TableView, seat: str) -> str:
    """A seat's symbols: each set's and the total ("17 + 13 = 30"), or the one set's."""
    sets = [str(s.get(seat, 0)) for s in view.set_scores]
    total = str(view.totals.get(seat, 0))
    return f"{' + '.join(sets)} = {total}" if len(sets) > 1 else total


def _by_place(
    img: Image.Image, view: TableView, names: Mapping[str, str], labels: Mapping[str, str]
) -> None:
    """The winner headline, the rule in words, a row a seat by place; the tie-break below."""
    shown = {s: str(names.get(s, s)) for s in view.seats}
    won = [shown[w] for w in view.winners]
    headline = (
        label(labels, "result.win", name=won[0])
        if len(won) == 1
        else label(labels, "result.shared_win", names=", ".join(won))
    )
    rows = [
        F.Standing(label(labels, f"result.place.{p}"), shown[s], _score(view, s), s in view.winners)
        for p, s in places(view)
    ]
    rule = "highest_wins" if MODES[view.mode].scoring == "highest" else "lowest_wins"
    box = (P.MARGIN, F.HEADER_H + 16, P.WIDTH - P.MARGIN, P.HEIGHT - P.MARGIN)
    y = F.results(img, headline, rows, box, rule=label(labels, rule))
    if view.tiebreak:
        keys = ["tiebreak"] + (["tiebreak_shared"] if view.tiebreak == "shared" else [])
        y = _tie_break(img, [label(labels, k) for k in keys], y + 8)
        _tie_cards(img, view, shown, y + 4)


def _tie_break(img: Image.Image, texts: Sequence[str], y: int) -> int:
    """Which rule decided between the tied seats, in words; returns the y below."""
    d = ImageDraw.Draw(img)
    for text in texts:
        for line in kit.wrap(text, F.BODY, False, P.WIDTH - 2 * P.MARGIN, min_size=16):
            kit.draw_line(
                d, (P.MARGIN, y + 12), line, F.BODY, False, S.TEXT,
                max_width=P.WIDTH - 2 * P.MARGIN, min_size=F.SMALL,
            )  # fmt: skip
            y += 26
    return y


def _tie_cards(img: Image.Image, view: TableView, shown: Mapping[str, str], y: int) -> None:
    """The deciding cards: each tied seat's name over the card(s) it kept in hand."""
    d = ImageDraw.Draw(img)
    cell = max(190, max((len(c) for _, c in view.tie_cards), default=1) * (P.MINI_W + 4) + 16)
    for i, (seat, cards) in enumerate(view.tie_cards[: (P.WIDTH - 2 * P.MARGIN) // cell]):
        x = P.MARGIN + i * cell
        name = shown.get(seat, seat)
        kit.draw_line(
            d, (x, y + 10), name, F.BODY, seat in view.winners, S.TEXT,
            max_width=cell - 12, min_size=F.SMALL, names=[name],
        )  # fmt: skip
        for j, card in enumerate(cards):
            img.paste(
                art.card_image(card, True, "normal", S.BACKGROUND), (x + j * (P.MINI_W + 4), y + 24)
            )


def _alone(
    img: Image.Image,
    view: TableView,
    names: Mapping[str, str],
    labels: Mapping[str, str],
    title: str | None,
) -> None:
    """Co-op, solo and Enigma: the final grid on the left, the result in words beside it."""
    d = ImageDraw.Draw(img)
    kit.draw_line(
        d, (P.MARGIN, F.HEADER_H + 22), label(labels, "final_grid"), F.BODY, False, S.MUTED,
        max_width=P.GRID_W, min_size=F.SMALL,
    )  # fmt: skip
    frame = Scene.from_view(view, dict(names)).frame("board")
    top = F.HEADER_H + 40
    grid(img, frame, top, P.BODY_BOTTOM + P.LEGEND_H - top)
    y = P.BODY_TOP
    for text, size, colour in _result_lines(view, labels, title):
        for line in kit.wrap(text, size, True, P.SIDE_W, min_size=16):  # 18 shrinks to 16
            kit.draw_line(
                d, (P.SIDE_X, y + size // 2 + 4), line, size, True, colour,
                max_width=P.SIDE_W, min_size=F.SMALL,
            )  # fmt: skip
            y += size + 12
    if isinstance(view.result, CoopResult):  # the level as stars, and in words under them
        filled, total = view.result.stars
        for i in range(total):
            star = S.ICON_STAR if i < filled else S.ICON_STAR_EMPTY
            colour = S.GOLD if i < filled else S.MUTED
            kit.draw_text(d, (P.SIDE_X + 34 * i, y + 18), star, 30, True, colour, "lm")
        words = label(labels, "level_of", n=filled, total=total)
        kit.draw_line(
            d, (P.SIDE_X, y + 50), words, F.BODY, False, S.MUTED,
            max_width=P.SIDE_W, min_size=16,
        )  # fmt: skip


def _result_lines(
    view: TableView, labels: Mapping[str, str], title: str | None
) -> list[tuple[str, int, str]]:
    """The result's (text, size, colour): co-op's level, solo's or an Enigma's result."""
    result = view.result
    if isinstance(result, CoopResult):
        key = "coop_won" if result.won else "coop_lost"
        level = label(labels, f"level.{result.level}")
        return [
            (label(labels, key), F.TITLE, S.GOOD if result.won else S.BAD),
            (label(labels, "level", level=level), F.BODY, S.GOLD),
            (label(labels, "cards_left", n=result.cards_left), F.BODY, S.TEXT),
        ]
    assert isinstance(result, SoloResult)
    if view.mode == "enigma":
        text = label(labels, "cleared") if result.won else label(labels, "lost", n=result.turns)
    else:
        text = label(labels, "won" if result.won else "lost", n=result.turns)
    lines = [(text, F.TITLE, S.GOOD if result.won else S.BAD)]
    if title:
        lines.append(
            (label(labels, "title", title=label(labels, f"title.{title}")), F.BODY, S.GOLD)
        )
    if view.difficulty is not None:
        lines.append((label(labels, "difficulty", n=view.difficulty), F.BODY, S.TEXT))
    return lines
