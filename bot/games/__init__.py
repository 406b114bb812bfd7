"""Every game's Discord face, by key: the table layer is handed this, and knows no more."""

from __future__ import annotations

from ..face import GameFace
from ..i18n import declare_keys
from .coloretto import FACE as COLORETTO_FACE
from .colorpop import FACE as COLORPOP_FACE
from .colourist import FACE as COLOURIST_FACE
from .pop import FACE as POP_FACE

FACES: dict[str, GameFace] = {
    face.key: face for face in (POP_FACE, COLORETTO_FACE, COLORPOP_FACE, COLOURIST_FACE)
}
declare_keys({"game": tuple(FACES)})
