"""The whole state of a Pop table, as plain data that round-trips through JSON.

The engine mutates the plain lists and ints inside it — a slotted dataclass, because the rules
run in the inner loop of replays, AI players and the puzzle solver. Pydantic validates it at the
edges (`to_json` / `from_json`), so a state read back from the database is checked field by field.
`engine.pop.game.apply` is the pure wrapper that copies first.
"""

from __future__ import annotations

import functools
import pickle
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from .modes import MODES, Mode, ModeSpec
from .results import CoopResult, SoloResult, Tiebreak

Phase = Literal["choosing", "awaiting_deal", "over"]


@dataclass(slots=True)
class SetRecord:
    """How one set was dealt and what each seat played: the pop-record/1 of that set."""

    grid: list[list[int]]
    hands: dict[str, list[int]]
    draw_pile: list[int]
    turns: list[dict[str, dict[str, list[int]]]] = field(default_factory=list)


def _five_columns() -> list[list[int]]:
    return [[], [], [], [], []]


@dataclass(slots=True)
class PopState:
    mode: Mode
    seats: list[str]
    sets_total: int
    rng_seed: int  # the key of the engine.rng stream the sets are dealt from
    rng_state: int  # words drawn from it so far
    two_player_variant: bool = False
    difficulty: int | None = None  # solo: starting rows 1-4
    deals_from_rng: bool = True  # False while a record is replayed: it brings its own deals
    schema_version: Literal[1] = 1
    version: int = 0  # bumped by every accepted action: stale buttons carry an older one

    phase: Phase = "choosing"
    set_number: int = 0
    turn_number: int = 0
    columns: list[list[int]] = field(default_factory=_five_columns)  # A..E, top to bottom
    queues: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])  # absolute rows (§2)
    hands: dict[str, list[int]] = field(default_factory=dict)
    draw_pile: list[int] = field(default_factory=list)  # top first
    chief_face_up: list[int] = field(default_factory=list)
    chief_face_down: list[int] = field(default_factory=list)
    chief_pile: list[int] = field(default_factory=list)  # exploded by the Chief, waiting
    collected: dict[str, list[int]] = field(default_factory=dict)  # this set, per seat
    discarded: list[int] = field(default_factory=list)  # lost in Trick, or left at a set's end
    unplaced: list[int] = field(default_factory=list)  # coop: the rest of the fatal turn
    choices: dict[str, list[int]] = field(default_factory=dict)  # this turn, secret
    # Co-op table talk said this turn (§6): (seat, colour, Queue letter), public; never a number.
    talk: list[tuple[str, str, str]] = field(default_factory=list)
    set_scores: list[dict[str, int]] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    tiebreak: Tiebreak | None = None
    # Cooperative, solo, Enigma; None in a competition (see winners) and while playing.
    result: CoopResult | SoloResult | None = None
    records: list[SetRecord] = field(default_factory=list)

    @property
    def spec(self) -> ModeSpec:
        """The rules of this table's mode."""
        return MODES[self.mode]

    def to_json(self) -> bytes:
        # Silent turns leave `talk` out, so a state saved before table talk existed re-dumps to
        # the same bytes it was stored as.
        return _adapter().dump_json(self, exclude=None if self.talk else {"talk"})

    @classmethod
    def from_json(cls, text: str | bytes) -> PopState:
        return _adapter().validate_json(text)

    def copy(self) -> PopState:
        """A deep copy. Through pickle, which copies these plain lists and dicts about four times
        faster than `copy.deepcopy` (a busy bot copies a state for every move it applies)."""
        copied: PopState = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        return copied


if TYPE_CHECKING:
    from pydantic import TypeAdapter


@functools.cache
def _adapter() -> TypeAdapter[PopState]:
    """The state's JSON reader and writer, built when first needed (building it is slow, and
    replaying records never needs it)."""
    from pydantic import TypeAdapter

    return TypeAdapter(PopState)
