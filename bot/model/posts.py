"""What a table posts, described without Discord: a message's text, pictures and controls, and
the polite no a click may get. The table layer turns controls into buttons whose ids are
`<game>:<table>:<epoch>:<verb>[:<arg>]` (`bot.posting.controls`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from render.kit import Picture

Style = Literal["primary", "secondary", "success", "danger"]


@dataclass(frozen=True)
class Button:
    verb: str
    label: str
    style: Style = "secondary"
    arg: str | None = None
    disabled: bool = False


@dataclass(frozen=True)
class Select:
    verb: str
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (label, value)


Control = Button | Select

# The verbs of a finished game's Replay and Review: the controls that never go stale (a
# message whose other controls are taken away keeps them).
REPLAY = "replay"
REVIEW = "review"
LASTING = (REPLAY, REVIEW)
# The verb of a turn's Hint (the expert's move for the presser's seat, privately: a table-layer
# verb, `bot.tables.hints`). Not "hint": Pop's solo game has a Hint of its own by that name.
HINT = "advice"


def lasting(control: Control) -> bool:
    return control.verb in LASTING


@dataclass
class Post:
    """One message: its text, its pictures (each with its alt text) and its controls."""

    content: str
    pictures: list[Picture] = field(default_factory=list)
    controls: list[Control] = field(default_factory=list)
    step: bool = False  # one step of a move: steps may share a message when the table is behind
    in_channel: bool = False  # posted in the channel the table was opened from (not privately)
    results: bool = False  # a finished game's results: where it was posted is kept (/history)
    mentions: list[int] = field(default_factory=list)  # the users it pings (nobody else)


class Refusal(Exception):
    """A polite no, shown to the person who clicked (and only to them), in their language."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key, self.values = key, values
