"""The lobby message of every game: the game's summary, that hints are on (when they are), the
deal's commitment, once started the ids it was dealt with and, while seats may change, the
lobby's buttons (and a challenge's group says what a seat there costs)."""

from __future__ import annotations

from bot.model import fair
from bot.model.posts import Button, Post, Style
from bot.model.table import Table
from bot.texts.i18n import dynamic_key, t

from . import composer
from .services import Shows

LOBBY_BUTTONS: tuple[tuple[str, Style], ...] = (
    ("join", "success"),
    ("leave", "secondary"),
    ("addai", "secondary"),
    ("start", "primary"),
    ("cancel", "danger"),
)


def lobby_post(face: Shows, table: Table) -> Post:
    """The lobby message: the game's summary, the deal's commitment, once started the ids it
    was dealt with and, while seats may change, the buttons."""
    lang = table.lang()
    lines = (
        _group_line(table, lang),
        t("lobby.hints", lang) if table.settings.hints else None,
        fair.commitment_line(table, lang),
        fair.inputs_line(table, lang),
    )
    buttons = [Button(v, t(dynamic_key("button", v), lang), style) for v, style in LOBBY_BUTTONS]
    return composer.lobby(
        face.lobby_text(table, lang), lines, buttons if table.status == "lobby" else []
    )


def _group_line(table: Table, lang: str) -> str | None:
    """A challenge's group, in its lobby: what a seat there costs and gives back."""
    if table.group_seats is None or table.status != "lobby":
        return None
    return t("challenge.group_lobby", lang, id=table.challenge)
