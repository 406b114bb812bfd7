"""What a table's messages show of its deal (bot.model.fair, docs/fair-deals.md section 1): the
commitment by its seal, its first 16 hex digits, on a small line (Discord's `-#` subtext) that
says where the proof is; the proof's commitment begins with that seal; nothing else of the
commitment, and nothing of the secret, is in any line, in any language."""

from __future__ import annotations

import json
import re

import pytest

from bot.model import fair
from bot.model.table import FairDeal
from bot.texts.i18n import languages
from tests.factories import a_table, people

SECRET = "5e" * 32
NEXT_SECRET = "a7" * 32
HEX_RUN = re.compile(r"[0-9a-f]{8,}")


def dealt_table(status: str = "playing", **fields):
    deal = FairDeal(secret=SECRET, joins=[1234567890123456789, 987654321098765432], start=42)
    return a_table(
        "pop", id=9, status=status, seats=people("ana", "ben"), games=1, fair=deal, **fields
    )


def hex_shown(line: str) -> list[str]:
    return HEX_RUN.findall(line.lower())


@pytest.mark.parametrize("lang", languages())
def test_the_lobby_shows_the_seal_in_small_text_and_nothing_else_of_the_commitment(lang):
    table = dealt_table(status="lobby")
    commitment = table.fair.commitment
    line = fair.commitment_line(table, lang)
    assert line is not None
    assert line.startswith("-# ")  # Discord's subtext: small, grey, one line
    assert "\n" not in line
    assert f"`{commitment[: fair.SEAL_DIGITS]}`" in line
    assert hex_shown(line) == [commitment[: fair.SEAL_DIGITS]]  # not the whole commitment
    assert fair.record_command(lang) in line  # where the proof will be
    assert SECRET not in line


@pytest.mark.parametrize("lang", languages())
def test_the_results_show_the_seals_of_this_deal_and_of_the_rematchs(lang):
    table = dealt_table(status="finished", fair_next=FairDeal(secret=NEXT_SECRET))
    lines = fair.results_lines(table, 1, lang)
    assert len(lines) == 2
    assert all(line.startswith("-# ") for line in lines)
    assert hex_shown(lines[0]) == [fair.seal(table.fair)]
    assert hex_shown(lines[1]) == [fair.seal(table.fair_next)]
    assert fair.seal(table.fair_next) == table.fair_next.commitment[:16]
    assert not any(s in line for line in lines for s in (SECRET, NEXT_SECRET))


@pytest.mark.parametrize("lang", languages())
def test_the_ids_are_shown_whole_on_a_small_line(lang):
    line = fair.inputs_line(dealt_table(), lang)
    assert line is not None
    assert line.startswith("-# ")
    assert "`1234567890123456789`" in line
    assert "`987654321098765432`" in line
    assert "`42`" in line


def test_the_proof_s_commitment_begins_with_the_seal_the_lobby_showed():
    table = dealt_table(status="lobby")
    (shown,) = hex_shown(fair.commitment_line(table, "en") or "")
    proof = fair.proof(dealt_table(status="finished"))
    assert proof is not None
    said = json.loads(proof)
    assert said["commitment"].startswith(shown)
    assert said["commitment"] != shown
    assert said["secret_seed"] == SECRET  # the game is over: the proof reveals it
