"""Colorpop's deal, for `pop-bot verify` (docs/fair-deals.md): the board, the secret colours
and the first player, as the record holds them and a seed deals them."""

from __future__ import annotations

from ..protocol import Json
from .game import new_game
from .record import export_record

DEAL = ("board", "secrets", "first")


def seat_count(record: Json) -> int:
    return len(record["seats"])


def recorded_deal(record: Json) -> dict[str, Json]:
    return {key: record.get(key) for key in DEAL}


def seeded_deal(record: Json, seed: int) -> dict[str, Json]:
    """The seed's deal for the record's mode and seats (solo: as many colours as it holds)."""
    mode = record["mode"]
    colours = len(record["secrets"][0]) if mode == "solo" else 1
    dealt = export_record(new_game(mode, record["seats"], seed, colours))
    return {key: dealt[key] for key in DEAL}
