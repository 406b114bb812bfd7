"""Pop's five modes (rules §4-§6), each described once: every rule that differs between modes is
an attribute of its `ModeSpec` here, and the rest of the engine (and the pictures) ask the spec
instead of testing a mode's name.

    from engine.pop.modes import MODES
    spec = MODES[state.mode]          # or state.spec, view.spec
    spec.cards_to_choose(two_player_variant=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Mode = Literal["competitive", "trick", "coop", "solo", "enigma"]
Scoring = Literal["lowest", "highest", "none"]
Layout = Literal["one_row", "full_rows", "puzzle"]

# The Chief's cards each turn by number of people: (face up, face down). Five people: no Chief.
_CHIEF_CARDS = {1: (0, 0), 2: (1, 2), 3: (1, 1), 4: (1, 0), 5: (0, 0)}


@dataclass(frozen=True)
class ModeSpec:
    """The rules of one mode that the others do not share."""

    name: Mode
    seats: tuple[int, int]  # fewest and most people
    hand_size: int | None  # cards dealt to each seat; None: the puzzle's hand
    turns_per_set: int | None  # a set's turns (coop: at most); None: until the grid is cleared
    most_sets: int  # a game is 1 to this many sets
    scoring: Scoring  # who wins: the lowest or highest total, or no one against anyone
    cooperative: bool  # everyone wins or loses together; the first explosion ends the game
    alone: bool  # one seat picks 5 cards a turn and must clear the grid; no Chief
    layout: Layout  # the starting grid: one row of 5, 1-4 full rows (the difficulty), a puzzle
    difficulties: tuple[int, ...] = ()  # solo: starting rows, each earning its own title
    refills: bool = False  # solo: the seat draws 5 cards after a turn that leaves cards
    one_turn: bool = False  # Enigma: a single turn, cleared or not
    chief_loses_explosions: bool = False  # Trick: what the Chief explodes leaves the game

    @property
    def competitive(self) -> bool:
        """Scored against each other (competitive, Trick): totals, winners and a tie-break."""
        return self.scoring != "none"

    @property
    def needs_puzzle(self) -> bool:
        return self.layout == "puzzle"

    def allows_two_player_variant(self, people: int) -> bool:
        return self.competitive and people == 2

    def chief_cards(self, people: int, two_player_variant: bool) -> tuple[int, int]:
        """The cards the Chief plays each turn: (face up, face down)."""
        if two_player_variant:
            return 1, 0
        if self.alone:
            return 0, 0
        return _CHIEF_CARDS[people]

    def has_chief(self, people: int) -> bool:
        """Does a Chief sit at this table? (Not alone, and not five people.)"""
        return self.chief_cards(people, False) != (0, 0)

    def cards_to_choose(self, two_player_variant: bool) -> int:
        if self.alone:
            return 5
        return 2 if two_player_variant else 1


MODES: dict[str, ModeSpec] = {
    spec.name: spec
    for spec in (
        ModeSpec(
            "competitive",
            seats=(2, 5),
            hand_size=9,
            turns_per_set=8,
            most_sets=3,
            scoring="lowest",
            cooperative=False,
            alone=False,
            layout="one_row",
        ),
        ModeSpec(
            "trick",
            seats=(2, 5),
            hand_size=9,
            turns_per_set=8,
            most_sets=3,
            scoring="highest",
            cooperative=False,
            alone=False,
            layout="one_row",
            chief_loses_explosions=True,
        ),
        ModeSpec(
            "coop",
            seats=(3, 5),
            hand_size=9,
            turns_per_set=9,
            most_sets=1,
            scoring="none",
            cooperative=True,
            alone=False,
            layout="one_row",
        ),
        ModeSpec(
            "solo",
            seats=(1, 1),
            hand_size=10,
            turns_per_set=None,
            most_sets=1,
            scoring="none",
            cooperative=False,
            alone=True,
            layout="full_rows",
            difficulties=(1, 2, 3, 4),
            refills=True,
        ),
        ModeSpec(
            "enigma",
            seats=(1, 1),
            hand_size=None,
            turns_per_set=None,
            most_sets=1,
            scoring="none",
            cooperative=False,
            alone=True,
            layout="puzzle",
            one_turn=True,
        ),
    )
}
