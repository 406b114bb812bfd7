"""Fair deals (docs/fair-deals.md): a game dealt from a proof's seed is the deal an independent
implementation of the page makes; `pop-bot verify` accepts its record and proof, and names
what differs when a card, the secret or the commitment was changed."""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from engine import rng
from engine.coloretto.adapter import COLORETTO, ColorettoOptions
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colourist import game as colourist_game
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.words import shipped_words
from engine.fair import Proof, commitment, deal_seed
from engine.pop.adapter import POP, PopOptions
from engine.verify_cli import verify
from tests.engine import independent_deals as independent

CASES: dict[str, tuple[Any, Any, int]] = {
    "pop-competitive-3-sets": (POP, PopOptions(mode="competitive", sets=3), 3),
    "pop-two-player-variant": (POP, PopOptions(mode="competitive", sets=2), 2),
    "pop-trick": (POP, PopOptions(mode="trick", sets=1), 5),
    "pop-coop": (POP, PopOptions(mode="coop"), 4),
    "pop-solo": (POP, PopOptions(mode="solo", difficulty=3), 1),
    "coloretto-2": (COLORETTO, ColorettoOptions(), 2),
    "coloretto-3": (COLORETTO, ColorettoOptions(expert=True), 3),
    "coloretto-5": (COLORETTO, ColorettoOptions(), 5),
    "colorpop-competitive": (COLORPOP, ColorpopOptions(), 3),
    "colorpop-duel": (COLORPOP, ColorpopOptions(mode="duel"), 2),
    "colorpop-teams": (COLORPOP, ColorpopOptions(mode="teams"), 4),
    "colorpop-solo": (COLORPOP, ColorpopOptions(mode="solo", solo_colours=3), 1),
    "colourist": (COLOURIST, ColouristOptions(length="short"), 4),
}


def a_proof(seats: int, seed: int) -> Proof:
    """A table's proof: a secret, and ids as Discord's snowflakes are (big, increasing)."""
    draw = random.Random(seed)
    secret = draw.randbytes(32)
    ids = sorted(draw.randrange(1 << 60, 1 << 63) for _ in range(seats + 1))
    return Proof(secret, tuple(ids[:-1]), ids[-1])


def play(game: Any, options: Any, seats: int, seed: int) -> dict[str, Any]:
    """A whole game among easy AI seats, dealt from `seed`: its record."""
    names = [f"s{i}" for i in range(seats)]
    state = game.start(options, names, seed)
    for n in range(10_000):
        if game.outcome(state) is not None:
            return game.export_record(state)
        seat = sorted(game.to_act(state))[0]
        state, _ = game.apply(state, seat, game.ai_move(game.view(state, seat), "easy", n))
    raise AssertionError("the game did not end")


def independent_deal(record: dict[str, Any], seed: bytes) -> dict[str, Any]:
    """The record's deal as the page's own implementation makes it, by the record's format."""
    kind = record["format"].split("-record/")[0]
    if kind == "pop":
        return {"sets": independent.pop(record, seed)}
    if kind == "colourist":
        words = shipped_words()
        nouns, adjectives = words.ids("noun"), words.ids("adjective")
        return independent.colourist(record, seed, nouns, adjectives)
    return getattr(independent, kind)(record, seed)


def record_deal(record: dict[str, Any]) -> dict[str, Any]:
    """What the record holds of the deal (docs/fair-deals.md, §3)."""
    kind = record["format"].split("-record/")[0]
    if kind == "pop":
        keys = ("grid", "hands", "draw_pile")
        return {"sets": [{k: s[k] for k in keys} for s in record["sets"]]}
    if kind == "colourist":
        return {"first": record["first"], "drawn": [r["drawn"] for r in record["rounds"]]}
    keys = {"coloretto": ("removed", "start", "first", "deck"), "colorpop": ("board", "secrets")}
    return {k: record[k] for k in (*keys[kind], "first")}


@pytest.fixture(scope="module")
def played() -> dict[str, tuple[dict[str, Any], Proof]]:
    """Every case played once: its record and its proof."""
    out = {}
    for i, (name, (game, options, seats)) in enumerate(CASES.items()):
        proof = a_proof(seats, 1000 + i)
        out[name] = (play(game, options, seats, proof.seed), proof)
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_independent_implementation_of_the_page_reproduces_the_deal(name, played):
    record, proof = played[name]
    seed = independent.deal_seed(proof.secret, list(proof.joins), proof.start)
    assert int.from_bytes(seed, "big") == proof.seed
    assert independent_deal(record, seed) == record_deal(record)
    assert verify(json.dumps(record), json.dumps(proof.to_json())).startswith("fair deal:")


def test_a_pop_game_of_three_sets_deals_each_set_anew_from_the_one_stream(played):
    record, _ = played["pop-competitive-3-sets"]
    grids = [s["grid"] for s in record["sets"]]
    assert len(grids) == 3
    assert len({json.dumps(g) for g in grids}) == 3


def test_colourist_reshuffles_follow_the_page(tmp_path):
    """Small decks run out: each reshuffle is the pile's rest, then its discards in order."""
    nouns, adjectives = [f"n{i:03d}" for i in (3, 1, 7)], [f"a{i:03d}" for i in (2, 5)]
    proof = a_proof(3, 7)
    state = colourist_game.new_game(
        ["s0", "s1", "s2"], nouns, adjectives, length="short", seed=proof.seed
    )
    choose = random.Random(3)
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state))[0]
        state, _ = COLOURIST.apply(state, seat, choose.choice(COLOURIST.legal_moves(state, seat)))
    record = COLOURIST.export_record(state)
    summary = COLOURIST.replay_summary(record)
    assert sum(bool(r["reshuffled"]) for r in summary["rounds"]) >= 3
    seed = independent.deal_seed(proof.secret, list(proof.joins), proof.start)
    assert independent.colourist(record, seed, nouns, adjectives) == record_deal(record)


def test_the_independent_implementation_imports_nothing_of_the_project():
    tree = ast.parse(Path(independent.__file__).read_text(encoding="utf-8"))
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported <= {"__future__", "hashlib", "hmac", "collections.abc"}, imported


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
