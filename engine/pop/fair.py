"""Pop's deal, for `pop-bot verify` (docs/fair-deals.md): every set's grid, hands and draw pile,
as the record holds them and as a seed deals them (set after set, from one stream)."""

from __future__ import annotations

from ..protocol import Json
from .game import deal_from_rng, new_game
from .modes import MODES


def seat_count(record: Json) -> int:
    return len(record["seats"])


def recorded_deal(record: Json) -> dict[str, Json]:
    return {"sets": [_deal_of(s) for s in record["sets"]]}


def seeded_deal(record: Json, seed: int) -> dict[str, Json]:
    """The sets the seed deals to the record's seats, mode and variant (solo: its rows)."""
    mode, sets = record["mode"], record["sets"]
    if mode not in MODES or MODES[mode].needs_puzzle:
        raise ValueError(f"{mode!r} games are not dealt from a seed")
    difficulty = max(map(len, sets[0]["grid"])) if MODES[mode].difficulties else None
    state = new_game(
        mode,
        record["seats"],
        seed=seed,
        sets=len(sets),
        two_player_variant=bool(record.get("two_player_variant", False)),
        difficulty=difficulty,
    )
    first = state.records[0]
    dealt = [{"grid": first.grid, "hands": first.hands, "draw_pile": first.draw_pile}]
    for _ in sets[1:]:  # the next sets come on from the same stream, whatever was played
        deal = deal_from_rng(state)
        dealt.append({"grid": deal.grid, "hands": deal.hands, "draw_pile": deal.draw_pile})
    return {"sets": dealt}


def _deal_of(raw: Json) -> Json:
    return {k: raw.get(k) for k in ("grid", "hands", "draw_pile")}
