"""Game records (`colorpop-record/1`, rules §8): export a table, check a record, replay it.

A replay runs the very same rules as a live table (`game.apply`), taking every random outcome
from the record. Any JSON value is either a valid record or one `RecordError` line: the checks
only ever look at a value after testing its type, so no input can raise anything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn, cast

from ..protocol import Json
from ..records import JsonRules, NotJson, value_of
from . import errors, events, game, rules
from .errors import RecordError
from .rules import COLOURS, Board
from .state import MODES, ColorpopState, Mode

FORMAT = "colorpop-record/1"
# §8 says nothing of the JSON itself: it is read as the replay command always read it (NaN and
# 1e999 as floats, integers of up to 4300 digits, a repeated key's last value), no deeper than
# the reader goes.
READING = JsonRules(nan_infinity=True, float_overflow=True)
_LETTER_SET = frozenset(rules.LETTERS)


def export_record(state: ColorpopState) -> dict[str, Json]:
    """The record of a game: its deal and every pick (finished or not; §8)."""
    return {
        "format": FORMAT,
        "mode": state.mode,
        "seats": list(state.seats),
        "secrets": [list(s) for s in state.secrets],
        "first": state.seats[state.first],
        "board": list(state.start_board),
        "moves": [{"seat": p.seat, "pick": p.cell} for p in state.picks],
    }


def _fail(line: str, move: int | None = None, seat: str | None = None) -> NoReturn:
    raise RecordError(line, move=move, seat=seat)


def _check_seats(mode: str, seats: object) -> list[str]:
    """§8: distinct strings with a non-whitespace character, as many as §6 says."""
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        _fail("seats is not a list of strings")
    names = cast(list[str], seats)
    if any(all(ch.isspace() for ch in s) for s in names):
        _fail("a seat name is blank")
    if len(set(names)) != len(names):
        _fail("seats are not distinct")
    low, high = game.SEAT_RANGE[mode]
    if not low <= len(names) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        _fail(f"{mode} is played by {wanted} seat{'s' if high > 1 else ''}, not {len(names)}")
    return names


def _check_secrets(mode: str, seats: list[str], secrets: object) -> list[tuple[str, ...]]:
    """§8: one list per seat of colour letters, the count of §6, no letter twice."""
    if not isinstance(secrets, list) or len(secrets) != len(seats):
        _fail(f"secrets is not a list of {len(seats)} lists, one per seat")
    seen: set[str] = set()
    out = []
    for seat, held in zip(seats, secrets, strict=True):
        if not isinstance(held, list) or not all(isinstance(c, str) and c in COLOURS for c in held):
            _fail(f"secrets of {seat} is not a list of letters among R Y G B P")
        if mode == "solo":
            if not game.SOLO_COLOURS[0] <= len(held) <= game.SOLO_COLOURS[1]:
                _fail(f"secrets of {seat}: solo holds 1 to 5 colours, not {len(held)}")
        elif len(held) != game.COLOURS_PER_SEAT[mode]:
            _fail(
                f"secrets of {seat}: {mode} holds {game.COLOURS_PER_SEAT[mode]} "
                f"colour(s) per seat, not {len(held)}"
            )
        for colour in held:
            if colour in seen:
                _fail(f"secrets: {colour} is dealt twice")
            seen.add(colour)
        out.append(tuple(c for c in COLOURS if c in held))
    return out


def _check_board(board: object) -> Board:
    """§8: 10 strings of 10 letters, 19 of each colour and 5 W, no set-up group over 5."""
    if (
        not isinstance(board, list)
        or len(board) != rules.NUM_RAILS
        or not all(
            isinstance(r, str) and len(r) == rules.NUM_ROWS and set(r) <= _LETTER_SET for r in board
        )
    ):
        _fail("board is not 10 strings of 10 letters among RYGBPW")
    rails = tuple(cast(list[str], board))
    counted = rules.counts(rails)
    for letter in rules.LETTERS:
        wanted = rules.NUM_JOKERS if letter == rules.JOKER else rules.TOKENS_PER_COLOUR
        if counted[letter] != wanted:
            _fail(f"board has {counted[letter]} {letter} tokens, not {wanted}")
    size, colour, anchor = rules.largest_setup_group(rails)
    if size > rules.MAX_SETUP_GROUP:
        _fail(f"{size} connected {colour} tokens (at {rules.cell_name(anchor)})")
    return rails


def check_header(record: Json) -> tuple[ColorpopState, list[Any]]:
    """The table before move 1, and the moves list, or the first failing check of §8."""
    if not isinstance(record, dict):
        _fail("the record is not a JSON object")
    if record.get("format") != FORMAT or not isinstance(record.get("format"), str):
        _fail(f"format is not {FORMAT}")
    mode = record.get("mode")
    if not isinstance(mode, str) or mode not in MODES:
        _fail("mode is not one of competitive, solo, duel, teams")
    seats = _check_seats(mode, record.get("seats"))
    secrets = _check_secrets(mode, seats, record.get("secrets"))
    first = record.get("first")
    if not isinstance(first, str) or first not in seats:
        _fail("first is not a seat")
    board = _check_board(record.get("board"))
    moves = record.get("moves")
    if not isinstance(moves, list):
        _fail("moves is not a list")
    return game.from_deal(cast(Mode, mode), seats, secrets, seats.index(first), board), moves


def replay(record: Json) -> tuple[ColorpopState, list[list[events.Event]]]:
    """Replay a whole record: the final state and each move's events; RecordError on a fault."""
    state, moves = check_header(record)
    per_move: list[list[events.Event]] = []
    for number, move in enumerate(moves, start=1):
        if state.over:
            _fail(f"move {number}: the game already ended after move {number - 1}", number)
        seat = state.seats[state.turn]
        where = f"move {number} ({seat})"
        if not isinstance(move, dict) or not isinstance(move.get("pick"), str):
            _fail(f"{where}: the move is not an object with a string pick", number, seat)
        if "seat" in move and move["seat"] != seat:
            _fail(
                f"{where}: the move names seat {_show(move['seat'])}, but {seat} is on turn",
                number,
                seat,
            )
        pick = move["pick"]
        cell = rules.parse_cell(pick)
        if cell is None:
            _fail(f"{where}: {_show(pick)} is not a cell (A1 to J10)", number, seat)
        try:
            state, out = game.apply(state, seat, cell)
        except errors.ColorpopRuleError as error:
            _fail(f"{where}: {error}", number, seat)
        per_move.append(out)
    if not state.over:
        _fail(f"the record ends after move {len(moves)} but the game is not over")
    return state, per_move


def _show(value: object) -> str:
    """A short, one-line rendering of a JSON value inside an error line."""
    if isinstance(value, str):
        text = value.encode("unicode_escape").decode("ascii")
        return f'"{text[:40]}…"' if len(text) > 40 else f'"{text}"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) < 10**12:
        return str(value)
    return f"<{type(value).__name__}>"


def summary_of(
    state: ColorpopState, record_moves: Sequence[Any], per_move: list[list[events.Event]]
) -> dict[str, Json]:
    """§8's summary of a replayed game, built from its events."""
    moves: list[dict[str, Json]] = []
    for move, out in zip(record_moves, per_move, strict=True):
        removed = out[0]
        assert isinstance(removed, events.GroupRemoved)
        board = next(
            (
                e.board
                for e in reversed(out)
                if isinstance(e, events.RailsShifted | events.TokensFell)
            ),
            None,
        )
        if board is None:  # nothing fell and no rail moved: the group was at the tops
            board = rules.remove(removed.board, removed.cells).board
        moves.append(
            {
                "seat": removed.seat,
                "pick": move["pick"],
                "colour": removed.colour,
                "size": len(removed.cells),
                "jokers": removed.jokers,
                "board": rules.display_rows(board),
                "collected": dict(removed.collected),
                "left": rules.counts(board),
            }
        )
    ended = per_move[-1][-1]
    assert isinstance(ended, events.GameEnded)
    summary: dict[str, Json] = {
        "moves": moves,
        "end": ended.end,
        "winners": list(ended.winners),
        "tie_break": ended.tie_break,
        "scores": {
            s: {"left": left, "removed_own": own} for s, (left, own) in ended.scores.items()
        },
    }
    if state.mode == "solo":
        summary["won"] = bool(ended.won)
    return summary


def replay_summary(record: Json) -> dict[str, Json]:
    """§8's summary of a record, or RecordError with the page's one line.

    A valid record takes the fast path (`_fast_summary`); anything it does not accept is
    replayed by `replay`, the live table's own rules, which names the fault exactly."""
    try:
        record = value_of(record, READING)
    except NotJson as e:
        _fail(f"format: {e}")
    start, moves = check_header(record)
    fast = _fast_summary(start, moves)
    if fast is not None:
        return fast
    state, per_move = replay(record)
    return summary_of(state, moves, per_move)


_CELLS: dict[str, rules.Cell] = {
    rules.cell_name((r, w)): (r, w) for r in range(rules.NUM_RAILS) for w in range(rules.NUM_ROWS)
}


def _fast_summary(start: ColorpopState, moves: list[Any]) -> dict[str, Json] | None:
    """§8's summary of a record whose header passed, in one tight loop over a mutable board
    (no events, no state per move): what `pop-bot bench engine` measures. None at the first
    thing it does not accept (a fault, or a record that does not end where the game ends):
    `replay` then gives the page's error line. Its summaries equal `summary_of(*replay(...))`
    (tests/colorpop/test_fast_replay.py)."""
    seats, n, joker = start.seats, len(start.seats), rules.JOKER
    board = _FastBoard(start.board)
    side_colours = {side: game.side_colours(start, side) for side in game.sides(start.mode, n)}
    owner = {c: side for side, colours in side_colours.items() for c in colours}
    piles = {s: dict(p) for s, p in start.piles.items()}
    collected = {s: sum(piles[s].values()) for s in seats}
    left = rules.counts(start.board)
    out: list[dict[str, Json]] = []
    turn, end = start.turn, None
    winners: tuple[str, ...] = ()
    for move in moves:
        seat = seats[turn]
        taken = _fast_take(board, move, seat) if end is None else None
        if taken is None:
            return None
        pick, colour, size, jokers = taken
        piles[seat][colour] += size - jokers
        piles[seat][joker] += jokers
        collected[seat] += size
        left[colour] -= size - jokers
        left[joker] -= jokers
        out.append(
            {
                "seat": seat,
                "pick": pick,
                "colour": colour,
                "size": size,
                "jokers": jokers,
                "board": list(board.shown),
                "collected": dict(collected),
                "left": dict(left),
            }
        )
        turn = (turn + 1) % n
        side = owner.get(colour)
        if side is not None and not any(left[c] for c in side_colours[side]):  # §5 cleared
            end, winners = "cleared", tuple(seats[i] for i in side)
        elif not rules.has_legal_group(tuple(board.board)):  # §5 blocked
            end = "blocked"
    if end is None:
        return None
    return _fast_ending(start, tuple(board.board), piles, out, end, winners)


def _fast_take(board: _FastBoard, move: object, seat: str) -> tuple[str, str, int, int] | None:
    """A move's pick taken from the board: the cell's name, and the colour, size and jokers of
    the group that left. None for a move §8 does not accept: not an object, another seat's, a
    pick that names no cell or takes no group (the board is then unchanged)."""
    if type(move) is not dict:
        return None
    pick = move.get("pick")
    if ("seat" in move and move["seat"] != seat) or type(pick) is not str:
        return None
    cell = _CELLS.get(pick)
    taken = board.take(cell) if cell is not None else None
    return None if taken is None else (pick, *taken)


_ROWS, _RAILS, _JOKER, _MIN_GROUP = rules.NUM_ROWS, rules.NUM_RAILS, rules.JOKER, rules.MIN_GROUP
_STRIDE = _ROWS + 1
_BORDER = "#" * _STRIDE


class _FastBoard:
    """The board as one padded string: rails of 10 rows ('.' above the tokens) side by side,
    '#' between them and around, so a neighbour is i ± 1 or i ± 11, with no bounds to check."""

    __slots__ = ("board", "flat", "shown")

    def __init__(self, board: Sequence[str]) -> None:
        self.board = list(board)
        self.shown = [column.ljust(_ROWS, ".") for column in board]
        self.flat = _BORDER + "#".join(self.shown) + _BORDER

    def take(self, cell: rules.Cell) -> tuple[str, int, int] | None:
        """§3, §4: the group of the picked token (its colour, size and jokers) leaves the
        board; None, and the board unchanged, when the cell is empty, a joker, or alone."""
        flat = self.flat
        start_at = _STRIDE + cell[0] * _STRIDE + cell[1]
        colour = flat[start_at]
        if colour == _JOKER or colour == ".":
            return None
        group = {start_at}
        stack = [start_at]
        while stack:  # the picked token and all it reaches through its colour or jokers
            i = stack.pop()
            for near in (i - 1, i + 1, i - _STRIDE, i + _STRIDE):
                if (flat[near] == colour or flat[near] == _JOKER) and near not in group:
                    group.add(near)
                    stack.append(near)
        if len(group) < _MIN_GROUP:
            return None
        jokers = sum(flat[i] == _JOKER for i in group)
        gone: dict[int, set[int]] = {}
        for i in group:
            r, w = divmod(i - _STRIDE, _STRIDE)
            gone.setdefault(r, set()).add(w)
        board, shown = self.board, self.shown
        for r, taken in gone.items():  # the group leaves, the rail's tokens slide down
            board[r] = "".join([ch for w, ch in enumerate(board[r]) if w not in taken])
            shown[r] = board[r].ljust(_ROWS, ".")
        if not all(board[r] for r in gone):  # empty rails to the right end
            kept = [column for column in board if column]
            self.board = board = kept + [""] * (_RAILS - len(kept))
            self.shown = shown = [column.ljust(_ROWS, ".") for column in board]
        self.flat = _BORDER + "#".join(shown) + _BORDER
        return colour, len(group), jokers


def _fast_ending(
    start: ColorpopState,
    board: Board,
    piles: dict[str, dict[str, int]],
    out: list[dict[str, Json]],
    end: str,
    winners: tuple[str, ...],
) -> dict[str, Json]:
    """The summary of §8 once the fast loop has reached the game's end."""
    final = ColorpopState(
        mode=start.mode,
        seats=start.seats,
        secrets=start.secrets,
        first=start.first,
        start_board=start.start_board,
        board=board,
        piles=piles,
    )
    tie_break = "none"
    if end == "blocked":
        winners, tie_break = game.rank_blocked(final)
    summary: dict[str, Json] = {
        "moves": out,
        "end": end,
        "winners": list(winners),
        "tie_break": tie_break,
        "scores": {
            s: {"left": sl, "removed_own": own} for s, (sl, own) in game.seat_scores(final).items()
        },
    }
    if start.mode == "solo":
        summary["won"] = bool(winners)
    return summary
