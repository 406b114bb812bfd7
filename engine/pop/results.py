"""How a game of Pop that is not a competition ends (rules §6-§7): typed, frozen results.

Competitive and Trick games have no result object: their outcome is the state's `winners` and
`tiebreak`. A cooperative game ends with a `CoopResult`, solo and Enigma with a `SoloResult`.
Both dump to the same JSON objects the records' summaries print (`as_summary()`), and a saved
state's `"result": {...}` loads back into the right one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

CoopLevel = Literal[
    "beginners", "apprentice_guards", "competent_guards", "expert_guards", "legendary_guards"
]
COOP_LEVELS: tuple[CoopLevel, ...] = (
    "beginners",
    "apprentice_guards",
    "competent_guards",
    "expert_guards",
    "legendary_guards",
)
SoloTitle = Literal["novice_guard", "bad_guard", "wicked_guard", "renegade_guard"]
SOLO_TITLES: dict[int, SoloTitle] = {
    1: "novice_guard",
    2: "bad_guard",
    3: "wicked_guard",
    4: "renegade_guard",
}


@dataclass(frozen=True)
class CoopResult:
    """A cooperative game: won (nine turns without an explosion) or not, and the level."""

    won: bool
    level: CoopLevel
    cards_left: int  # in each hand when the game ended

    @property
    def stars(self) -> tuple[int, int]:
        """The level as (stars earned, out of)."""
        return COOP_LEVELS.index(self.level) + 1, len(COOP_LEVELS)

    def as_summary(self) -> dict[str, bool | int | str]:
        return {"won": self.won, "level": self.level, "cards_left": self.cards_left}


@dataclass(frozen=True)
class SoloResult:
    """Solo or Enigma: was the grid cleared, and after how many turns."""

    won: bool
    turns: int

    def as_summary(self) -> dict[str, bool | int | str]:
        return {"won": self.won, "turns": self.turns}


GameResult = CoopResult | SoloResult
# How a tie for the lead was settled: by the card left in hand, or not at all (shared victory).
Tiebreak = Literal["card_in_hand", "shared"]


def title_for(difficulty: int | None, result: GameResult | None) -> SoloTitle | None:
    """The title a won solo game earns by its difficulty (rules §6); None for any other game
    (only solo games have a difficulty)."""
    if difficulty is None or result is None or not result.won:
        return None
    return SOLO_TITLES.get(difficulty)


def coop_level(cards_left: int, last_turn_exploded: bool) -> CoopLevel:
    """The level a cooperative game reaches, by the cards left in each hand (rules §6)."""
    if cards_left >= 5:
        return "beginners"
    if cards_left >= 3:
        return "apprentice_guards"
    if cards_left >= 1:
        return "competent_guards"
    return "expert_guards" if last_turn_exploded else "legendary_guards"
