"""Fair deals (docs/fair-deals.md): the engine's stream and seed are the page's; `pop-bot verify`
accepts a game's record and proof, names what differs when a card, the secret or the
commitment was changed, and reads the proof strictly. (That the page alone is enough to judge
every record as `pop-bot verify` does: `test_independent_deals.py`.)"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest

from bot.cli import main
from engine import rng
from engine.fair import Proof, commitment, deal_seed
from engine.pop.adapter import POP, PopOptions
from tests.engine import independent_deals as independent
from tests.engine.fair_cases import CASES, a_proof, play, played_case


@pytest.fixture(scope="module")
def played() -> dict[str, tuple[dict[str, Any], Proof]]:
    """Every case played once: its record and its proof."""
    return {name: played_case(name) for name in CASES}


def test_a_pop_game_of_three_sets_deals_each_set_anew_from_the_one_stream(played):
    record, _ = played["pop-competitive-3-sets"]
    grids = [s["grid"] for s in record["sets"]]
    assert len(grids) == 3
    assert len({json.dumps(g) for g in grids}) == 3


def test_the_stream_and_the_seed_are_the_pages():
    """Word 5 is bytes 8…15 of block 1; the seed is HMAC(secret, label ‖ joins ‖ start)."""
    key = (12345).to_bytes(32, "big")
    block = __import__("hmac").new(key, (1).to_bytes(8, "big"), hashlib.sha256).digest()
    assert next(rng.words(12345, 5)) == int.from_bytes(block[8:16], "big")
    secret = bytes(range(32))
    assert deal_seed(secret, [1, 2], 3) == int.from_bytes(
        independent.deal_seed(secret, [1, 2], 3), "big"
    )
    assert commitment(secret) == hashlib.sha256(secret).hexdigest()


def test_a_game_dealt_before_fair_deals_replays_with_the_old_generator():
    """SplitMix64's shuffle, as the old engine.rng gave it, for a table with no commitment."""
    assert rng.shuffled(rng.legacy(5), 5, range(10)) == (
        10372713005361028290,
        [3, 6, 0, 4, 5, 1, 2, 9, 7, 8],
    )
    assert rng.kept(rng.legacy(77)) == 77


# --- pop-bot verify ---------------------------------------------------------------------------


def tampered(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The record with one card of its deal changed (swapped with a different one, so that
    the record stays a valid one where it can), and the path `verify` names."""
    changed = copy.deepcopy(record)
    kind = record["format"].split("-record/")[0]
    if kind == "pop":
        pile = changed["sets"][0]["draw_pile"]
        pile[0], pile[-1] = pile[-1], pile[0]
        return changed, "sets[0].draw_pile[0]"
    if kind == "coloretto":
        deck = changed["deck"]
        i = next(i for i, card in enumerate(deck) if card not in (deck[0], "last"))
        deck[0], deck[i] = deck[i], deck[0]
        return changed, "deck[0]"
    if kind == "colorpop":
        rail = changed["board"][9]
        changed["board"][9] = rail[::-1]
        return changed, "board[9]"
    changed["first"] = next(p for p in changed["players"] if p != record["first"])
    return changed, "first"


def run_verify(tmp_path, capsys, record: Any, proof: Any) -> tuple[int, str]:
    (tmp_path / "record.json").write_text(json.dumps(record))
    (tmp_path / "fairness.json").write_text(json.dumps(proof))
    code = main(["verify", str(tmp_path / "record.json"), str(tmp_path / "fairness.json")])
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1, out
    return code, out.strip()


@pytest.mark.parametrize(
    "name", ["pop-competitive-3-sets", "coloretto-3", "colorpop-teams", "colourist"]
)
def test_verify_accepts_the_pair_and_names_what_was_changed(name, played, tmp_path, capsys):
    record, proof = played[name]
    good = proof.to_json()
    assert run_verify(tmp_path, capsys, record, good)[0] == 0

    changed, where = tampered(record)
    code, said = run_verify(tmp_path, capsys, changed, good)
    assert code == 1, said
    assert f"the record's {where} is" in said, said

    other = hashlib.sha256(b"another secret").hexdigest()
    code, said = run_verify(tmp_path, capsys, record, {**good, "secret_seed": other})
    assert code == 1, said
    assert "does not match the commitment" in said, said
    # Another secret with its own commitment: the commitment holds, the deal does not.
    moved = {**good, "secret_seed": other, "commitment": commitment(bytes.fromhex(other))}
    code, said = run_verify(tmp_path, capsys, record, moved)
    assert code == 1, said
    assert "the committed seed deals" in said, said
    code, said = run_verify(tmp_path, capsys, record, {**good, "commitment": "0" * 64})
    assert code == 1, said
    assert "does not match the commitment" in said, said
    # Another start id (another press), or a seat's id missing.
    inputs = good["inputs"]
    later = {**good, "inputs": {**inputs, "start": str(int(inputs["start"]) + 1)}}
    assert run_verify(tmp_path, capsys, record, later)[0] == 1
    fewer = {**good, "inputs": {**inputs, "joins": inputs["joins"][1:]}}
    code, said = run_verify(tmp_path, capsys, record, fewer)
    assert code == 1, said
    assert "joins" in said, said


@pytest.mark.parametrize(
    ("proof", "said"),
    [
        ({"format": "fair-deal/2"}, "not a fair-deal/1 proof"),
        ({"format": "fair-deal/1"}, "exactly the keys"),
        ("[", "not JSON"),
    ],
)
def test_verify_refuses_what_is_not_a_proof_in_one_line(proof, said, played, tmp_path, capsys):
    record, _ = played["coloretto-2"]
    text = proof if isinstance(proof, str) else json.dumps(proof)
    (tmp_path / "record.json").write_text(json.dumps(record))
    (tmp_path / "fairness.json").write_text(text)
    assert main(["verify", str(tmp_path / "record.json"), str(tmp_path / "fairness.json")]) == 1
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1, out
    assert said in out, out
    assert main(["verify", str(tmp_path / "none.json"), str(tmp_path / "fairness.json")]) == 2


def test_an_enigma_has_no_deal_to_verify(tmp_path, capsys):
    record = play(POP, PopOptions(mode="enigma", puzzle_id="e001"), 1, 0)
    proof = a_proof(1, 1).to_json()
    code, said = run_verify(tmp_path, capsys, record, proof)
    assert code == 1, said
    assert "not dealt from a seed" in said, said


@pytest.mark.parametrize(
    ("game", "seats"), [("pop", 3), ("coloretto", 2), ("colorpop", 2), ("colourist", 3)]
)
def test_demo_writes_a_proof_that_verify_accepts(game, seats, tmp_path, capsys):
    out = tmp_path / "pics"
    assert main(["demo", "--game", game, "--seats", str(seats), "--out", str(out)]) == 0
    record = json.loads(capsys.readouterr().out)
    proof = json.loads((out / "fairness.json").read_text())
    assert proof["secret_seed"] == hashlib.sha256(b"pop-bot demo 1").hexdigest()
    assert run_verify(tmp_path, capsys, record, proof)[0] == 0


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (('"derivation": 1', '"derivation": ' + "7" * 5000), "an integer of 5000 digits"),
        (('"derivation": 1', '"derivation": NaN'), "NaN is not a JSON number"),
        (('"derivation": 1', '"derivation": 1.0'), "unknown derivation 1.0"),
        (('"derivation": 1', '"derivation": true'), "unknown derivation True"),
        (('"derivation": 1', '"derivation": 1, "derivation": 1'), "repeated in one object"),
        (('"inputs"', '"deep": ' + "[" * 5000 + "]" * 5000 + ', "inputs"'), "nested more than"),
    ],
)
def test_verify_reads_the_proof_as_strictly_as_a_record(change, said, played, tmp_path, capsys):
    """The proof's JSON is read by the records' strict reader (engine.records): a 5,000-digit
    integer, NaN or a repeated key is refused in one line, never a traceback; `derivation` is
    the integer 1 itself."""
    record, proof = played["coloretto-2"]
    text = json.dumps(proof.to_json()).replace(*change, 1)
    assert text != json.dumps(proof.to_json())
    (tmp_path / "record.json").write_text(json.dumps(record))
    (tmp_path / "fairness.json").write_text(text)
    code = main(["verify", str(tmp_path / "record.json"), str(tmp_path / "fairness.json")])
    out, err = capsys.readouterr()
    assert code == 1, out + err
    assert not err, err
    assert len(out.splitlines()) == 1, out
    assert out.startswith("not verified: "), out
    assert said in out, out
    assert len(out) < 200, out
