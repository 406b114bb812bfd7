"""Pictures for where they are seen: Discord previews a picture in a thread inside a box about
`SHOWN_WIDTH` (550) px wide and `SHOWN_HEIGHT` (400) px tall, at the scale min(550 / width,
400 / height) (issue 33: an 820 x 1420 frame is previewed at about 230 x 400). A game's pictures
hold to this when each is no taller than wide, every picture of a game in a thread has the same
size, and every line of text on it is still `MIN_TEXT_PX` high at that scale (its font size
times the scale: an 800 x 720 picture is shown at 400 / 720, so 15 px text shows 8.3 px). `problems` says what a set of pictures
breaks, for a test to assert it is empty; `drawn_while` records what one drawing writes."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from PIL import Image

from render import kit

SHOWN_WIDTH = 550  # px: the preview box's width in a Discord thread
SHOWN_HEIGHT = 400  # px: the preview box's height: a tall picture is shrunk to it
MIN_TEXT_PX = 10  # px: the smallest font size a line may have once shown that wide

T = TypeVar("T")


@dataclass(frozen=True)
class Seen:
    """A picture as drawn: its PNG, a name for messages, and every line of text on it."""

    name: str
    png: bytes
    texts: tuple[kit.Drawn, ...]

    @property
    def size(self) -> tuple[int, int]:
        with Image.open(io.BytesIO(self.png)) as image:
            return image.size


def drawn_while(draw: Callable[[], T]) -> tuple[T, tuple[kit.Drawn, ...]]:
    """What `draw()` returns, and every line of text it drew (call it with the drawing caches
    cleared, or a cached part is not drawn, nor recorded)."""
    with kit.recording_texts() as texts:
        made = draw()
    return made, tuple(texts)


def problems(pictures: Iterable[Seen], *, one_size: bool = True) -> list[str]:
    """What breaks the rule, one line each: a picture taller than wide, pictures of more than
    one size (`one_size`: those a thread shows one after another), a line too small once the
    picture is shown in the `SHOWN_WIDTH` x `SHOWN_HEIGHT` box (`shown_scale`)."""
    found: list[str] = []
    sizes: dict[tuple[int, int], str] = {}
    for seen in pictures:
        width, height = seen.size
        sizes.setdefault((width, height), seen.name)
        if height > width:
            found.append(f"{seen.name}: {width} x {height} is taller than wide")
        scale = shown_scale(width, height)
        for text in seen.texts:
            # a line drawn on a larger canvas (supersampled, then shrunk) shrinks with it
            shown = text.size * scale * min(1.0, width / text.canvas_width)
            if shown < MIN_TEXT_PX - 1e-6:
                found.append(
                    f"{seen.name}: {text.text!r} at {text.size} px is {shown:.1f} px"
                    f" high shown at {round(width * scale)} x {round(height * scale)}"
                )
    if one_size and len(sizes) > 1:
        found.append(
            f"{len(sizes)} sizes: " + ", ".join(f"{w}x{h} ({n})" for (w, h), n in sizes.items())
        )
    return found


def shown_scale(width: int, height: int) -> float:
    """The scale Discord shows a `width` x `height` picture at: it fits the preview box."""
    return min(SHOWN_WIDTH / width, SHOWN_HEIGHT / height)
