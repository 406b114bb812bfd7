"""Four in a row's own texts: a game may bring its words with it (`GameEntry.texts`) instead of
adding them to the shared catalogues. English, and the seat-facing lines in Italian (a table
in another language falls back to English, as every catalogue does)."""

from __future__ import annotations

EN: dict[str, object] = {
    "game.fourrow": "Four in a row",
    "fourrow.command.description": "Play four in a row",
    "fourrow.command.new.description": "Open a four-in-a-row table in its own thread",
    "fourrow.command.rules.description": "The rules of four in a row, short",
    "fourrow.rules": "Drop a token in a column, in turn; four of yours in a line wins.",
    "fourrow.mode": "two seats",
    "fourrow.lobby.text": "**Four in a row — table #{id}** ({mode}), host {host}\n"
    "Seated ({n}/{high}): {names}",
    "fourrow.lobby.started": "**Four in a row — table #{id}** has begun: {names}",
    "fourrow.lobby.cancelled": "**Four in a row — table #{id}** was cancelled.",
    "fourrow.turn": "**Four in a row — table #{id}, move {move}**\n{name} to play: {symbol}",
    "fourrow.button.drop": "⬇ {column}",
    "fourrow.button.back": "a column",
    "fourrow.step": "{name} drops {symbol} in column {column}.",
    "fourrow.title": "Move {move}",
    "fourrow.alt": "{title}. Columns from the left, bottom up: {columns}. {who}.",
    "fourrow.won": "🏆 {name} wins with four in a row!",
    "fourrow.drawn": "The board is full: a draw.",
    "refusal.column_full": "Column {column} is full: choose another one.",
}
IT: dict[str, object] = {
    "fourrow.turn": "**Forza quattro — tavolo #{id}, mossa {move}**\nTocca a {name}: {symbol}",
    "fourrow.step": "{name} lascia cadere {symbol} nella colonna {column}.",
    "fourrow.won": "🏆 {name} vince con quattro in fila!",
    "fourrow.drawn": "Il tabellone è pieno: pareggio.",
    "refusal.column_full": "La colonna {column} è piena: scegline un'altra.",
}
TEXTS = {"en": EN, "it": IT}
