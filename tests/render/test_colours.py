"""The palette every game draws stays apart for the three common colour-vision deficiencies,
each colour has its own shape, so colour is never the only cue, and every game draws a colour
with the palette's fill and shape, so a colour named in a text is the colour on the picture."""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image

from engine.pop.cards import COLOUR, COLOUR_NAMES
from render.coloretto.pictures import CARD_STYLE
from render.colorpop.board import COLOUR_OF, LOOK
from render.colourist.pictures import TILE_STYLE
from render.pop import art
from render.pop import style as S
from render.style import COLOUR_STYLE, GOLDEN_STYLE, JOKER_STYLE, rgb

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
MACHADO = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
MIN_DELTA_E = 14.0  # CIEDE2000; 10+ reads as clearly different colours at a glance


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def simulate(colour: tuple[int, int, int], kind: str) -> tuple[float, float, float]:
    lin = [_linear(c) for c in colour]
    if kind == "normal":
        return tuple(lin)
    m = MACHADO[kind]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3))


def lab(lin) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(c1, c2) -> float:
    (l1, a1, b1), (l2, a2, b2) = c1, c2
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb**7 / (cb**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbp, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbp = (h1p + h2p) / 2
    else:
        hbp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbp - 30))
        + 0.24 * math.cos(math.radians(2 * hbp))
        + 0.32 * math.cos(math.radians(3 * hbp + 6))
        - 0.20 * math.cos(math.radians(4 * hbp - 63))
    )
    dth = 30 * math.exp(-(((hbp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbp**7 / (cbp**7 + 25**7))
    sl = 1 + 0.015 * (lbp - 50) ** 2 / math.sqrt(20 + (lbp - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    rt = -math.sin(math.radians(2 * dth)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def test_ciede2000_matches_the_published_test_data():
    # Sharma, Wu & Dalal (2005), pairs 1 and 17.
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def drawn_fill(card: int) -> tuple[int, int, int]:
    """The colour a card is actually drawn in: the commonest colour of its face."""
    face = (
        art.card_sprite(card)
        .convert("RGB")
        .crop((S.PAD, S.PAD, S.PAD + S.CARD_W, S.PAD + S.CARD_H))
    )
    return max(face.getcolors(1 << 16))[1]


@pytest.mark.parametrize("vision", ["normal", "protan", "deutan", "tritan"])
def test_the_five_card_colours_stay_distinguishable(vision):
    fills = [drawn_fill(c) for c in (1, 2, 3, 4, 5)]  # red, yellow, green, blue, purple
    assert fills == [rgb(COLOUR_STYLE[n].hex) for n in COLOUR_NAMES]
    labs = [lab(simulate(f, vision)) for f in fills]
    worst = min(ciede2000(labs[i], labs[j]) for i, j in itertools.combinations(range(5), 2))
    assert worst >= MIN_DELTA_E, f"{vision}: two card colours are only {worst:.1f} apart"


@pytest.mark.parametrize("vision", ["normal", "protan", "deutan", "tritan"])
def test_the_whole_palette_stays_distinguishable(vision):
    """Nine colours and the joker together, as Colourist shows them all at once."""
    styles = {**COLOUR_STYLE, "joker": JOKER_STYLE}
    labs = {name: lab(simulate(rgb(style.hex), vision)) for name, style in styles.items()}
    worst, a, b = min(
        (ciede2000(labs[a], labs[b]), a, b) for a, b in itertools.combinations(labs, 2)
    )
    assert worst >= MIN_DELTA_E, f"{vision}: {a} and {b} are only {worst:.1f} apart"


def test_every_game_draws_a_colour_with_the_palettes_fill_and_shape():
    for name, style in COLOUR_STYLE.items():
        drawn = [
            *((s.fill, s.shape) for c, s in CARD_STYLE.items() if c == name),
            *((s.fill, s.shape) for c, s in TILE_STYLE.items() if c == name),
            *((s.hex, s.shape) for c, s in LOOK.items() if COLOUR_OF.get(c) == name),
        ]
        assert drawn, name
        assert set(drawn) == {(style.hex, style.shape)}, name
    assert LOOK["W"].hex == TILE_STYLE["joker"].fill == CARD_STYLE["joker"].fill
    # The golden joker is near yellow in colour: its star, not its colour, tells them apart.
    assert GOLDEN_STYLE.shape == JOKER_STYLE.shape == "star"
    assert "star" not in {style.shape for style in COLOUR_STYLE.values()}


def test_the_simulation_would_catch_red_against_green():
    """The check has teeth: the classic red/green pair collapses under deutan vision."""
    red, green = (0xD6, 0x28, 0x28), (0x2A, 0x9D, 0x3A)
    assert ciede2000(lab(simulate(red, "normal")), lab(simulate(green, "normal"))) > 50
    assert ciede2000(lab(simulate(red, "deutan")), lab(simulate(green, "deutan"))) < 8


def _luminance(c) -> float:
    r, g, b = (_linear(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("name", [*COLOUR_STYLE, "joker", "golden"])
def test_numbers_contrast_with_their_card(name):
    style = {**COLOUR_STYLE, "joker": JOKER_STYLE, "golden": GOLDEN_STYLE}[name]
    a, b = sorted((_luminance(rgb(style.hex)), _luminance(rgb(style.ink))))
    assert (b + 0.05) / (a + 0.05) >= 4.5  # WCAG AA, even for small text


def _silhouette(card: int) -> Image.Image:
    """The shape in a card's top-left corner, as a black-and-white mask."""
    style = COLOUR_STYLE[COLOUR_NAMES[COLOUR[card]]]
    m, s = round(8 * S.CARD_W / 108), round(26 * S.CARD_W / 108)  # art._marks: shape box
    corner = art.card_rgb(card).crop((S.PAD + m, S.PAD + m, S.PAD + m + s, S.PAD + m + s))
    ink, fill = sum(rgb(style.ink)) / 3, sum(rgb(style.hex)) / 3
    values = [sum(p) / 3 for p in corner.get_flattened_data()]
    mask = Image.new("L", corner.size)
    mask.putdata([255 if abs(v - ink) < abs(v - fill) else 0 for v in values])
    return mask


def test_every_colour_has_its_own_shape_and_symbol():
    shapes = [s.shape for s in COLOUR_STYLE.values()]
    symbols = [s.symbol for s in COLOUR_STYLE.values()]
    assert len(set(shapes)) == len(set(symbols)) == len(COLOUR_STYLE)
    masks = [_silhouette(c) for c in (1, 2, 3, 4, 5)]
    for i, j in itertools.combinations(range(5), 2):
        a, b = masks[i].tobytes(), masks[j].tobytes()
        differ = sum(x != y for x, y in zip(a, b, strict=True))
        assert differ >= 0.08 * len(a), (COLOUR_NAMES[i], COLOUR_NAMES[j], differ)
    for mask in masks:  # each shape really is drawn: a good part of the corner is ink
        assert mask.histogram()[255] >= 0.25 * mask.width * mask.height


def test_shapes_are_the_same_for_every_card_of_a_colour():
    for colour in range(5):
        cards = [c for c in range(1, 51) if COLOUR[c] == colour]
        assert len({_silhouette(c).tobytes() for c in cards}) == 1
