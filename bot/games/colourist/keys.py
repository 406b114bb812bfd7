"""Colourist's families of text keys built at run time, from the engine's and the pictures'
lists: its entry declares them when the game registers."""

from engine.colourist.game import CARDS, LENGTHS
from render.colourist.labels import LABELS_EN, SHARED_KEYS

KEYS: dict[str, tuple[str, ...]] = {
    "colourist.card": CARDS,
    "colourist.label": tuple(k for k in LABELS_EN if k not in SHARED_KEYS),
    "colourist.choice.length": tuple(LENGTHS),
    # the codes of engine.colourist.errors, as the table layer says them
    "refusal": (
        "not_seated",
        "not_playing",
        "not_colourist",
        "not_picking",
        "phrase_pending",
        "no_such_word",
        "not_a_card",
        "already_chosen",
        "colourist_no_joker",
        "joker_used",
    ),
}
