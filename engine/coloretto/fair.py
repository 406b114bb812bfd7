"""Coloretto's deal, for `pop-bot verify` (docs/fair-deals.md): the removed colours, the
starting cards, the first player and the deck, as the record holds them and a seed deals them."""

from __future__ import annotations

from ..protocol import Json
from .game import new_game
from .record import export_record

DEAL = ("removed", "start", "first", "deck")


def seat_count(record: Json) -> int:
    return len(record["players"])


def recorded_deal(record: Json) -> dict[str, Json]:
    return {key: record.get(key) for key in DEAL}


def seeded_deal(record: Json, seed: int) -> dict[str, Json]:
    expert = record["options"]["expert"]
    if not isinstance(expert, bool):
        raise ValueError("options.expert is not true or false")
    dealt = export_record(new_game(record["players"], expert, seed))
    return {key: dealt[key] for key in DEAL}
