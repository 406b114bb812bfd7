"""A Colorpop scene as a PNG, one frame size for the whole game (render/frame.py: 800 × 528,
whatever the seats, names, language or phase).

Play (the turn, the group picked, the fall, the rail shift): a header band (the title, and the
move in words as status), the board on the left, on the right the seats with the tokens each has
taken (the seat whose move it is lit), the tokens left per colour (the colours' legend), and what
the marks of this picture mean. The end: the results by place across the frame, with the winner
headline, what decided and each seat's own tokens left and removed; then every secret colour,
revealed, and the tokens left on the board.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.colorpop.rules import COLOURS, LETTERS, counts

from .. import frame, kit
from .. import style as S
from .board import AXIS, GHOST, LOOK, Grid, draw_board, icon_badge, icon_token
from .labels import ENGLISH
from .scenes import Scene, places

HEIGHT = 528  # px: every Colorpop picture is 800 × 528
PITCH = 42  # px: a cell of the board
GRID = Grid(frame.PAD + AXIS + 10, frame.HEADER_H + frame.PAD + 4, PITCH)
PANEL_X = GRID.x + GRID.width + 4 + frame.PAD  # the right panel's left edge
SEAT_H = frame.ROW_H  # one seat's row
GAP = 12


def scene_picture(
    scene: Scene,
    labels: Mapping[str, str] | None = None,
    names: Mapping[str, str] | None = None,
    status: str = "",
) -> bytes:
    """The PNG of `scene`, its words from `labels` (English when None), seats named by `names`
    (else by their ids), `status` (the move in words) on the header's right."""
    words = {**ENGLISH, **(labels or {})}
    named = {s: (names or {}).get(s) or s for s in scene.view.seats}
    img = frame.canvas(HEIGHT)
    title = words[scene.kind].format(move=scene.move, name=named.get(scene.mover or "", ""))
    top = frame.header(img, title, status, names=list(named.values()))
    if scene.kind == "final":
        _results(img, scene, words, named, top + frame.PAD)
    else:
        draw_board(img, GRID, scene.board, scene.ringed, scene.marks)
        _seats(img, scene, words, named, top + frame.PAD)
    return _png(img)


def _heading(img: Image.Image, text: str, x: float, y: float, width: float) -> float:
    """A panel's heading (muted); returns the bottom."""
    kit.draw_line(
        ImageDraw.Draw(img), (x, y + frame.SMALL / 2 + 2), text, frame.SMALL, True, S.MUTED,
        max_width=int(width),
    )  # fmt: skip
    return y + frame.SMALL + 10


def _seats(
    img: Image.Image, scene: Scene, words: Mapping[str, str], named: Mapping[str, str], y: float
) -> None:
    """The right panel: the seats and their piles, the tokens left, the marks' meaning."""
    x0, x1 = PANEL_X, img.width - frame.PAD
    d = ImageDraw.Draw(img)
    y = _heading(img, words["piles"], x0, y, x1 - x0)
    names = list(named.values())
    for seat in scene.view.seats:
        lit = seat == scene.mover
        frame.panel(img, (x0, y, x1, y + SEAT_H), lit=lit, fill=S.PANEL if lit else S.TRACK)
        mid = y + SEAT_H / 2
        if lit:
            kit.draw_text(d, (x0 + 10, mid), "▶", frame.SMALL, True, S.GOLD, "lm")
        pile = str(scene.view.collected.get(seat, 0))
        right = kit.draw_line(d, (x1 - 12, mid), pile, frame.BODY, True, S.TEXT, "rm").width
        if lit and scene.marks and scene.picked is not None:  # what this move added
            gain = f"+{len(scene.picked.cells)}"
            xy = (x1 - 12 - right - 8, mid)
            right += 8 + kit.draw_line(d, xy, gain, frame.SMALL, True, S.GOLD, "rm").width
        room = int(x1 - x0 - 34 - right - 24)
        kit.draw_line(
            d, (x0 + 30, mid), named[seat], frame.BODY, False, S.TEXT,
            max_width=room, min_size=frame.SMALL, names=names,
        )  # fmt: skip
        y += SEAT_H + 6
    y = _heading(img, words["on_board"], x0, y + GAP - 6, x1 - x0)
    left = counts(scene.board)
    keys = [(frame.chip(LOOK[c]), f"{words[c]} {left[c]}") for c in LETTERS]
    y = frame.legend(img, keys, (x0, y, x1, img.height)) + GAP / 2
    frame.legend(img, _marks(scene, words), (x0, y, x1, img.height))


def _marks(scene: Scene, words: Mapping[str, str]) -> list[tuple[frame.Icon, str]]:
    """The marks this picture shows, each with its word."""
    keys: list[tuple[frame.Icon, str]] = [(frame.glyph("▶", S.GOLD), words["on_turn"])]
    letter = scene.picked.colour if scene.picked else COLOURS[0]
    if scene.kind == "picked":
        keys.append((icon_token(letter, ring=True), words["ring"]))
    if scene.marks.ghosts:
        keys.append((icon_token(letter, GHOST, ring=True), words["gone"]))
    if scene.marks.fell:
        keys.append((icon_badge(True, False), words["slid"]))
    if scene.marks.shifted:
        keys.append((icon_badge(False, True), words["moved_left"]))
    return keys


def _results(
    img: Image.Image, scene: Scene, words: Mapping[str, str], named: Mapping[str, str], y: float
) -> None:
    """The results by place, then the secret colours and the tokens left."""
    v = scene.view
    x0, x1 = frame.PAD, img.width - frame.PAD
    scores = v.scores or {}
    rows = [
        frame.Standing(
            "" if v.mode == "solo" else words[f"place.{place}"],  # alone: no place
            named[seat],
            words["score"].format(left=scores[seat][0], removed=scores[seat][1]),
            won=seat in v.winners,
        )
        for place, seat in places(v)
    ]
    y = frame.results(img, headline(scene, words, named), rows, (x0, y, x1, img.height),
                      rule=rule(scene, words)) + GAP  # fmt: skip
    y = _heading(img, words["secrets"], x0, y, x1 - x0)
    secrets = v.secrets or {}
    keys = [(frame.chip(LOOK[c]), named[s]) for s in v.seats for c in secrets.get(s, ())]
    y = frame.legend(img, keys, (x0, y, x1, img.height)) + GAP / 2
    y = _heading(img, words["on_board"], x0, y, x1 - x0)
    left = counts(scene.board)
    frame.legend(img, [(frame.chip(LOOK[c]), f"{words[c]} {left[c]}") for c in LETTERS],
                 (x0, y, x1, img.height))  # fmt: skip


def headline(scene: Scene, words: Mapping[str, str], named: Mapping[str, str]) -> str:
    """Who won, in the shared words; a lost solo game says so."""
    won = [named[s] for s in scene.view.winners]
    if not won:
        return words["lost"].format(name=", ".join(named.values()))
    if len(won) == 1:
        return words["win"].format(name=won[0])
    return words["shared_win"].format(names=words["separator"].join(won))


def rule(scene: Scene, words: Mapping[str, str]) -> str:
    """What decided: the clear, or the tie-break used; a solo game, whether it cleared."""
    v = scene.view
    if v.mode == "solo":
        return words["solo_won" if v.winners else "solo_lost"]
    return words[f"rule_{'cleared' if v.end == 'cleared' else v.tie_break or 'none'}"]


def _png(img: Image.Image) -> bytes:
    """The picture as a PNG (kit's encoding: a third of the time of an optimised one, for a
    tenth more bytes)."""
    return kit.encode(img)
