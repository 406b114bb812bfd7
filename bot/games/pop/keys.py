"""Pop's families of text keys built at run time, from the engine's and the pictures' own lists:
its entry declares them when the game registers."""

from engine.pop.cards import COLOUR_NAMES
from engine.pop.enigma import GRADE_NAMES
from engine.pop.modes import MODES
from engine.pop.results import COOP_LEVELS, SOLO_TITLES
from render.pop.alt import ALT_EN
from render.pop.labels import LABELS_EN

KEYS: dict[str, tuple[str, ...]] = {
    "pop.mode": tuple(MODES),
    "pop.rules": tuple(MODES),
    "pop.choice.mode": tuple(MODES),
    "pop.level": COOP_LEVELS,
    "pop.title": tuple(SOLO_TITLES.values()),
    "pop.grade": tuple(GRADE_NAMES.values()),
    "pop.choice.grade": tuple(GRADE_NAMES.values()),
    "pop.colour": COLOUR_NAMES,
    "pop.result.tiebreak": ("card_in_hand", "shared"),
    "pop.label": tuple(LABELS_EN),  # the pictures' words (render/pop/labels.py)
    # the alt texts of the pictures (render/pop/alt.py's `alt.<word>` keys)
    "pop.alt": tuple(key.removeprefix("alt.") for key in ALT_EN if key.startswith("alt.")),
    # the codes of engine.pop.errors, as the table layer says them
    "refusal": (
        "not_seated",
        "not_in_hand",
        "pick_count",
        "not_playing",
        "stale",
        "bad_signal",
    ),
}
