"""Every picture of a fixed set of games, byte for byte: a change to the drawing code that is
meant to leave the pictures alone must leave every PNG and alt text as fingerprints.json has
them (tests/render/fingerprint.py says how to regenerate it, when pictures are meant to change).
"""

from __future__ import annotations

import json

import pytest

from .fingerprint import CASES, FIXTURE, LANGUAGES, fingerprint

RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_every_case_has_its_recorded_fingerprint():
    assert sorted(RECORDED) == sorted(CASES)
    games = {case.split("-")[0] for case in CASES}
    assert games == {"pop", "coloretto", "colorpop", "colourist"}
    for game in games:
        labelled = {json.dumps(RECORDED[f"{game}-labels-{lang}"]) for lang in LANGUAGES}
        assert len(labelled) == len(LANGUAGES), f"{game}: two languages drew the same pictures"


@pytest.mark.parametrize("case", sorted(CASES))
def test_pictures_are_drawn_byte_for_byte_as_recorded(case):
    got, want = fingerprint(case), RECORDED[case]
    changed = [name for name in want if got.get(name) != want[name]]
    new = [name for name in got if name not in want]
    assert not changed, f"{case}: {len(changed)} of {len(want)} pictures changed: {changed[:3]}"
    assert not new, f"{case}: {len(new)} pictures more than recorded: {new[:3]}"
