"""Carry the tables of schema 001–002 (when the bot only played Pop) over to schema 003.

Run once, inside migration 003's transaction. Old tables kept Pop's state inside their JSON
(`game`), Pop's options mixed with the table's, every action in `pop_actions` (moves and
posting progress alike) and Pop-only result columns. Here each table becomes a `game_tables`
row with the same id; its current game's moves (`choose` actions since the last deal) become
`game_moves`; the turns it was still posting become its delivery progress; results become
generic `game_results` rows. The old tables stay, unread, for reference.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

TABLE_SETTINGS = ("turn_timer", "ai_level", "language", "hints")
POP_OPTIONS = ("mode", "sets", "two_player_variant", "difficulty")


class _Tx(Protocol):
    dialect: str

    async def execute(self, sql: str, *args: Any) -> int: ...

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]: ...


async def _has_old_tables(tx: _Tx) -> bool:
    """Schema 001 is always applied before 003, but an empty database needs no carrying."""
    return bool(await tx.fetch("SELECT 1 FROM pop_tables LIMIT 1"))


def _current_game(
    actions: list[tuple[int, str, dict[str, Any]]],
) -> tuple[int, list[tuple[str, list[int]]]]:
    """The seed and the (seat, cards) moves of the game dealt last."""
    seed = 0
    moves: list[tuple[str, list[int]]] = []
    for _version, kind, payload in actions:
        if kind in ("start", "rematch"):
            seed, moves = int(payload.get("seed", 0)), []
        elif kind == "choose":
            moves.append((str(payload["seat"]), list(payload["cards"])))
    return seed, moves


def _seats(old: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats, their hand's private message kept under its new name, drafts let go."""
    return [
        {
            **{k: v for k, v in seat.items() if k not in ("hand", "draft")},
            "private": seat.get("hand"),
        }
        for seat in old.get("seats", [])
    ]


def carry_over_table(
    old: dict[str, Any], actions: list[tuple[int, str, dict[str, Any]]]
) -> tuple[dict[str, Any], str | None, list[tuple[str, list[int]]]]:
    """The new table JSON, its state JSON, and the (seat, cards) moves of its current game."""
    options = old.get("options", {})
    seed, moves = _current_game(actions)
    # Pop's face keeps solo hints per game number (bot/games/pop/face.py `hints_of`).
    face: dict[str, Any] = {
        "signals": old.get("signals", []),
        "hints": {str(old.get("games", 0)): old.get("hints", 0)},
    }
    if old.get("puzzle_id"):
        face["daily"] = old.get("daily")
    new = {
        "id": old["id"],
        "game": "pop",
        "guild_id": old["guild_id"],
        "channel_id": old["channel_id"],
        "thread_id": old.get("thread_id"),
        "host_id": old["host_id"],
        "locale": old.get("locale", "en"),
        "status": old.get("status", "lobby"),
        "settings": {k: options[k] for k in TABLE_SETTINGS if k in options},
        "options": {
            **{k: options[k] for k in POP_OPTIONS if k in options},
            "puzzle_id": old.get("puzzle_id"),
        },
        "seats": _seats(old),
        "version": old.get("version", 0),
        "epoch": old.get("epoch", 0),
        "games": old.get("games", 0),
        "seed": seed,
        "moves": len(moves),
        "private": old.get("private", False),
        "lobby_message_id": old.get("lobby_message_id"),
        "turn_message_id": old.get("turn_message_id"),
        # The message shows this epoch's turn, unless a revealed turn is still being posted
        # (the old bot kept that turn's message until its last picture).
        "turn_message_epoch": old.get("epoch", 0)
        if old.get("turn_message_id") and not old.get("reveals")
        else None,
        "turn_deadline": old.get("turn_deadline"),
        "warned": old.get("warned", False),
        "paused": old.get("paused"),
        "face": face,
    }
    # Compact, as the game's own dump writes it (the old JSON came from the same PopState).
    state = json.dumps(old["game"], separators=(",", ":")) if old.get("game") is not None else None
    return new, state, moves


def _pending_reveal(
    old: dict[str, Any], moves: list[tuple[str, list[int]]]
) -> tuple[int, int] | None:
    """The move that revealed the oldest turn still being posted, and the pictures of it
    already out: a revealing pick is the last of its turn, and the old reveal names its seat
    and cards and how many Pop picks the game had seen before it (its state's version)."""
    reveals = old.get("reveals") or []
    if not reveals:
        return None
    first = reveals[0]
    picks_before = int(first["before"]["version"])
    # Every accepted pick bumped the state's version once, so the reveal is pick number
    # picks_before + 1 (changed picks count too, and they are `choose` actions as well).
    seq = picks_before + 1
    if not 1 <= seq <= len(moves) or moves[seq - 1] != (first["seat"], list(first["cards"])):
        seq = len(moves)  # unclear: show the last revealed turn again rather than nothing
    return seq, int(first.get("posted", 0))


def _movers(rows: list[tuple[Any, ...]]) -> list[int | None]:
    """Who made each move of the current game (None: the AI or the timer), as `moves` lists
    them: the `choose` actions since the last deal."""
    movers: list[int | None] = []
    for _version, kind, _payload, user_id in rows:
        if kind in ("start", "rematch"):
            movers = []
        elif kind == "choose":
            movers.append(None if user_id is None else int(user_id))
    return movers


async def carry_over_pop_tables(tx: _Tx) -> None:
    """Every old table with its moves and posting progress, then every result."""
    if not await _has_old_tables(tx):
        return
    for table_id, data, created, updated in await tx.fetch(
        "SELECT id, data, created_at, updated_at FROM pop_tables ORDER BY id"
    ):
        await _carry_table(tx, table_id, json.loads(data), created, updated)
    await _carry_results(tx)
    await _carry_enigma_tries(tx)
    if tx.dialect == "postgresql":  # ids were given: move the sequence past them
        await tx.execute(
            "SELECT setval(pg_get_serial_sequence('game_tables', 'id'),"
            " (SELECT MAX(id) FROM game_tables))"
        )


async def _carry_table(
    tx: _Tx, table_id: int, old: dict[str, Any], created: Any, updated: Any
) -> None:
    """One old table: its row, its current game's moves, where its outbox had got to."""
    rows = await tx.fetch(
        "SELECT version, kind, payload, user_id FROM pop_actions"
        " WHERE table_id = ? ORDER BY version",
        table_id,
    )
    actions = [(int(v), str(k), json.loads(p)) for v, k, p, _user in rows]
    new, state, moves = carry_over_table(old, actions)
    movers = _movers(rows)
    await tx.execute(
        "INSERT INTO game_tables (id, game, guild_id, channel_id, thread_id, status, version,"
        " data, state, created_at, updated_at) VALUES (?, 'pop', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        table_id,
        new["guild_id"],
        new["channel_id"],
        new["thread_id"],
        new["status"],
        new["version"],
        json.dumps(new),
        state,
        created,
        updated,
    )
    for seq, ((seat, cards), user_id) in enumerate(zip(moves, movers, strict=True), 1):
        await tx.execute(
            "INSERT INTO game_moves (table_id, game_no, seq, seat, user_id, move, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            table_id,
            new["games"],
            seq,
            seat,
            user_id,
            json.dumps(cards),
            updated,
        )
    pending = _pending_reveal(old, moves)
    seq, step = pending if pending else (len(moves) + 1, 0)
    await tx.execute(
        "INSERT INTO table_deliveries VALUES (?, ?, ?, ?, ?, ?)",
        table_id,
        new["games"],
        seq,
        step,
        0 if pending else 1,
        updated,
    )


async def _carry_results(tx: _Tx) -> None:
    """Every result but an Enigma's (those are the tries, below)."""
    for (
        table_id,
        game_no,
        guild_id,
        user_id,
        mode,
        won,
        sets,
        score,
        level,
        difficulty,
        finished,
    ) in await tx.fetch(
        "SELECT table_id, game_no, guild_id, user_id, mode, won, sets, score, level,"
        " difficulty, finished_at FROM pop_results WHERE mode <> 'enigma'"
    ):
        details: dict[str, Any] = {"sets": sets}
        if level is not None:
            details["level"] = level
        if difficulty is not None:
            details["difficulty"] = difficulty
        await tx.execute(
            "INSERT INTO game_results (table_id, game_no, game, guild_id, user_id, mode, won,"
            " score, details, day, finished_at) VALUES (?, ?, 'pop', ?, ?, ?, ?, ?, ?, ?, ?)",
            table_id,
            game_no,
            guild_id,
            user_id,
            mode,
            won,
            score,
            json.dumps(details),
            str(finished)[:10],
            finished,
        )


async def _carry_enigma_tries(tx: _Tx) -> None:
    """An Enigma's try has its explosion symbols in the game's pop_results row: keep them."""
    for (
        table_id,
        game_no,
        guild_id,
        user_id,
        puzzle,
        day,
        daily,
        solved,
        finished,
        score,
    ) in await tx.fetch(
        "SELECT e.table_id, e.game_no, e.guild_id, e.user_id, e.puzzle_id, e.day,"
        " e.daily, e.solved, e.finished_at, r.score FROM pop_enigma_tries e"
        " LEFT JOIN pop_results r ON r.table_id = e.table_id AND r.game_no = e.game_no"
        " AND r.user_id = e.user_id"
    ):
        details = {"sets": 1, "puzzle": puzzle, "daily": day if daily else None}
        await tx.execute(
            "INSERT INTO game_results (table_id, game_no, game, guild_id, user_id, mode, won,"
            " score, details, day, finished_at) VALUES (?, ?, 'pop', ?, ?, 'enigma', ?, ?, ?, ?,"
            " ?)",
            table_id,
            game_no,
            guild_id,
            user_id,
            solved,
            score or 0,
            json.dumps(details),
            day,
            finished,
        )
