"""Coloretto's families of text keys built at run time, from the engine's and the pictures' own
lists (so a new card, code or picture word needs its text in every catalogue): its entry
declares them when the game registers."""

from engine.coloretto.cards import CARD_NAMES, LAST
from render.coloretto.labels import ALT_EN, LABELS_EN

KEYS: dict[str, tuple[str, ...]] = {
    "coloretto.mode": ("normal", "expert"),
    "coloretto.card": tuple(name for name in CARD_NAMES if name != LAST),
    # the pictures' words and the alt texts' sentences (render/coloretto/labels.py)
    "coloretto.label": tuple(LABELS_EN),
    "coloretto.alt": tuple(key.removeprefix("alt.") for key in ALT_EN if key.startswith("alt.")),
    # the codes of engine.coloretto.errors, as the table layer says them
    "refusal": (
        "not_seated",
        "not_playing",
        "stale",
        "not_your_turn",
        "must_place_drawn_card",
        "nothing_drawn",
        "pile_empty",
        "must_take",
        "no_such_row",
        "row_taken",
        "row_full",
        "row_empty",
    ),
}
