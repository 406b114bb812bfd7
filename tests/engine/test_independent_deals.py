"""docs/fair-deals.md is enough: a verifier written from the page alone
(`independent_deals.py`, which imports nothing of the project) deals every game and mode as the
engine does, and judges every record, every proof and every tampered copy of them as
`pop-bot verify` does (`tampered_copies.py`: Colourist rounds swapped, ids written with a
leading zero, a proof's 5,000-digit integer, …)."""

from __future__ import annotations

import ast
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.games import recorded
from engine.colourist import fair as colourist_fair
from engine.colourist import game as colourist_game
from engine.colourist.adapter import COLOURIST
from engine.fair import Proof, ProofError
from engine.verify_cli import verify
from tests.engine import independent_deals as independent
from tests.engine.fair_cases import CASES, a_proof, play, played_case
from tests.engine.tampered_copies import proof_copies, record_copies

ROOT = Path(__file__).resolve().parents[2]
WORDS = json.loads((ROOT / "data" / "colourist" / "words.json").read_text(encoding="utf-8"))


def engine_verdict(record_text: str, proof_text: str) -> bool:
    """Does `pop-bot verify` take the record's deal for the committed one? (A record whose
    deal matches but which breaks a rule elsewhere is its rules page's business: §5, step 6.)"""
    try:
        verify(record_text, proof_text, recorded())
    except ProofError as e:
        return str(e).startswith("the deal matches, but the record is not valid")
    return True


def page_verdict(record_text: str, proof_text: str, words: dict = WORDS) -> bool:
    return independent.verify(record_text, proof_text, words) is None


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_page_deals_every_game_and_mode_as_the_engine_does(name):
    record, proof = played_case(name)
    seed = independent.deal_seed(proof.secret, list(proof.joins), proof.start)
    assert int.from_bytes(seed, "big") == proof.seed
    assert independent.dealt(record, seed, WORDS) == independent.deal_of(record)
    said = verify(json.dumps(record), json.dumps(proof.to_json()), recorded())
    assert said.startswith("fair deal:")
    assert page_verdict(json.dumps(record), json.dumps(proof.to_json()))


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_page_and_verify_agree_on_every_tampered_copy(name):
    record, proof = played_case(name)
    record_text, proof_text = json.dumps(record), json.dumps(proof.to_json())
    copies = [(what, text, proof_text, refuse) for what, text, refuse in record_copies(record)]
    copies += [
        (what, record_text, text, refuse) for what, text, refuse in proof_copies(proof.to_json())
    ]
    assert len(copies) >= 30
    disagree, accepted = [], []
    for what, tampered_record, tampered_proof, refuse in copies:
        by_engine = engine_verdict(tampered_record, tampered_proof)
        if by_engine != page_verdict(tampered_record, tampered_proof):
            disagree.append(f"{what}: pop-bot verify {'accepts' if by_engine else 'refuses'}")
        if refuse and by_engine:
            accepted.append(what)
    assert not disagree, disagree
    assert not accepted, f"tampered copies both verifiers accept: {accepted}"


def test_swapped_colourist_rounds_are_refused_as_verify_refuses_them():
    """The auditor's case: a noun-only round's draw swapped with the next round's, an
    adjective-only one. A verifier that took each round's kinds from the record's own draws
    finds both cards on top of their piles and accepts it; the page has each round's field
    worked out from the cards, so both refuse."""
    record, proof = played_case("colourist")
    kinds = [r["drawn"][0][0] if len(r["drawn"]) == 1 else "double" for r in record["rounds"]]
    i = next(k for k in range(len(kinds) - 1) if {kinds[k], kinds[k + 1]} == {"n", "a"})
    j = i + 1
    swapped = json.loads(json.dumps(record))
    rounds = swapped["rounds"]
    rounds[i]["drawn"], rounds[j]["drawn"] = rounds[j]["drawn"], rounds[i]["drawn"]
    proof_text = json.dumps(proof.to_json())
    with pytest.raises(ProofError, match=r"the record's drawn\["):
        verify(json.dumps(swapped), proof_text, recorded())
    assert independent.verify(json.dumps(swapped), proof_text, WORDS) == "the deal differs"


def test_the_colourist_cases_draw_on_every_symbol():
    """Triangle, circle and double rounds all enter the comparison."""
    sizes = {
        (len(r["drawn"]), r["drawn"][0][0])
        for name in CASES
        if name.startswith("colourist")
        for r in played_case(name)[0]["rounds"]
    }
    assert sizes == {(1, "n"), (1, "a"), (4, "n")}


@pytest.mark.parametrize(("joins", "start"), [((0, 2**64 - 1, 7), 2**64 - 2), ((1, 2, 3), 0)])
def test_ids_0_and_2_to_the_64_minus_1_are_written_as_the_page_says(joins, start):
    """A seat with no kept id is "0", the largest id has 20 digits; a leading zero is refused
    by both verifiers (section 4)."""
    secret = random.Random(5).randbytes(32)
    proof = Proof(secret, joins, start)
    record = play(*CASES["colorpop-competitive-3"][:2], 3, proof.seed)
    written = proof.to_json()
    assert written["inputs"]["joins"][0] == str(joins[0])
    good = json.dumps(written)
    assert engine_verdict(json.dumps(record), good)
    assert page_verdict(json.dumps(record), good)
    padded = good.replace(f'"{joins[0]}"', f'"0{joins[0]}"', 1)
    assert padded != good
    assert not engine_verdict(json.dumps(record), padded)
    assert not page_verdict(json.dumps(record), padded)


@pytest.fixture(params=[("n001", "n003", "n007"), ("n002", "n004")], ids=["3-nouns", "2-nouns"])
def small_word_list(request, monkeypatch):
    """A word list of 3 (or 2, the fewest a deck holds) nouns and 2 adjectives, shipped as far
    as `pop-bot verify` knows: its piles run out, and rounds reshuffle them, some with cards
    still on the pile; a double field then draws a whole deck."""
    ids = {"noun": list(request.param), "adjective": ["a002", "a005"]}

    class Small:
        def ids(self, kind: str) -> tuple[str, ...]:
            return tuple(ids[kind])

    monkeypatch.setattr(colourist_fair, "shipped_words", Small)
    concepts = [{"id": i, "kind": k} for k, listed in ids.items() for i in listed]
    return ids, {"format": "colourist-words/1", "concepts": concepts}


def reshuffles_with_cards_left(record: dict[str, Any], words: dict[str, list[str]]) -> int:
    """How many reshuffles found cards still on their pile (counted from the record alone:
    a deck's cycle holds each card once)."""
    summary = COLOURIST.replay_summary(record)
    left = {"n": len(words["noun"]), "a": len(words["adjective"])}
    found = 0
    for played, said in zip(record["rounds"], summary["rounds"], strict=True):
        for kind in said["reshuffled"]:
            found += left[kind[0]] > 0
            left[kind[0]] = len(words[kind])
        for card in played["drawn"]:
            left[card[0]] -= 1
    return found


def test_colourist_reshuffles_are_judged_alike(small_word_list):
    """No record of the shipped list ever reshuffles (a game draws at most 90 of 159 nouns):
    with a small list, both verifiers follow the page's reshuffle (the pile's cards left, then
    its discards in the order discarded; never still short) through every round, and judge
    every tampered copy alike."""
    ids, words = small_word_list
    for seed in range(3):
        proof = a_proof(3, 70 + seed)
        state = colourist_game.new_game(
            ["s0", "s1", "s2"], ids["noun"], ids["adjective"], length="short", seed=proof.seed
        )
        choose = random.Random(seed)
        while COLOURIST.outcome(state) is None:
            seat = sorted(COLOURIST.to_act(state))[0]
            moves = COLOURIST.legal_moves(state, seat)
            state, _ = COLOURIST.apply(state, seat, choose.choice(moves))
        record = COLOURIST.export_record(state)
        assert reshuffles_with_cards_left(record, ids) >= 1
        record_text, proof_text = json.dumps(record), json.dumps(proof.to_json())
        assert verify(record_text, proof_text, recorded()).startswith("fair deal:")
        assert page_verdict(record_text, proof_text, words)
        for what, text, refuse in record_copies(record):
            by_engine = engine_verdict(text, proof_text)
            assert by_engine == page_verdict(text, proof_text, words), what
            assert not (refuse and by_engine), what


def test_the_independent_implementation_imports_nothing_of_the_project():
    tree = ast.parse(Path(independent.__file__).read_text(encoding="utf-8"))
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported <= {"__future__", "hashlib", "hmac", "json", "re", "collections.abc"}, imported


def test_the_demo_secret_is_the_seed_in_decimal(tmp_path, capsys):
    """`--seed 007` is the text "pop-bot demo 7" (section 5)."""
    out = tmp_path / "pics"
    assert (
        main(["demo", "--game", "colourist", "--seats", "3", "--seed", "007", "--out", str(out)])
        == 0
    )
    capsys.readouterr()
    proof = json.loads((out / "fairness.json").read_text())
    assert proof["secret_seed"] == hashlib.sha256(b"pop-bot demo 7").hexdigest()
    assert proof["inputs"] == {"joins": ["1", "2", "3"], "start": "4"}
