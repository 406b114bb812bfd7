"""Golden pictures: fixed states of every mode, compared with a small per-pixel tolerance.

Regenerate deliberately (then LOOK at every picture) with:
    POP_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from .cases import CASES

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("POP_UPDATE_GOLDEN") == "1"
FAR = 48  # a channel differing by more than this is a real change, not anti-aliasing
MAX_FAR_PIXELS = 0.002  # fraction of pixels allowed to differ that much (font versions)
MAX_MEAN = 1.0  # mean absolute difference per channel, 0-255


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(fraction of pixels differing by more than FAR, mean absolute channel difference)."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    r, g, b_ = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b_)
    n = a.width * a.height
    far = sum(worst.histogram()[FAR + 1 :]) / n
    hist = diff.histogram()
    mean = sum(i * hist[ch * 256 + i] for ch in range(3) for i in range(256)) / (3 * n)
    return far, mean


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name, tmp_path):
    picture = CASES[name]()
    fresh = tmp_path / f"{name}.png"
    fresh.write_bytes(picture.png)
    golden = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        Image.open(io.BytesIO(picture.png)).save(golden, optimize=True)
        pytest.skip(f"golden {golden.name} rewritten: look at it before committing")
    assert golden.exists(), f"no golden for {name}: run with POP_UPDATE_GOLDEN=1"
    want, got = Image.open(golden), Image.open(fresh)
    assert got.size == want.size, f"{name}: size {got.size}, golden {want.size}"
    far, mean = difference(got, want)
    why = f"{name}: {far:.2%} of pixels changed, mean difference {mean:.2f}; new picture at {fresh}"
    assert far <= MAX_FAR_PIXELS, why
    assert mean <= MAX_MEAN, why


def test_the_comparison_catches_a_changed_card():
    """The tolerance is small: one card drawn differently fails the comparison."""
    picture = Image.open(io.BytesIO(CASES["competitive_board"]().png)).convert("RGB")
    changed = picture.copy()
    changed.paste((255, 255, 255), (100, 200, 160, 260))
    far, mean = difference(picture, changed)
    assert far > MAX_FAR_PIXELS or mean > MAX_MEAN
    assert difference(picture, picture) == (0.0, 0.0)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_picture_is_phone_sized_and_small(name):
    picture = CASES[name]()
    img = Image.open(io.BytesIO(picture.png))
    assert img.format == "PNG"
    assert img.width >= 600
    assert len(picture.png) <= 300 * 1024
    assert 0 < len(picture.alt) <= 1024
    assert picture.filename.endswith(".png")
