"""`pop-bot demo`: a whole AI game offline, pictures in a folder, its record on stdout."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from engine.pop.record import replay, replay_summary

ROOT = Path(__file__).resolve().parents[2]


def test_demo_writes_pictures_and_a_record_that_replays(tmp_path, capsys):
    out = tmp_path / "pics"
    assert (
        main(
            [
                "demo",
                "--out",
                str(out),
                "--mode",
                "competitive",
                "--seats",
                "3",
                "--level",
                "normal",
                "--seed",
                "3",
            ]
        )
        == 0
    )
    record = json.loads(capsys.readouterr().out)
    r = replay(record)  # raises on a broken record
    assert r.state.phase == "over"
    assert len(record["sets"][0]["turns"]) == 8
    pngs = sorted(out.glob("*.png"))
    assert pngs[0].name.startswith("001-board-s1-t1")
    assert pngs[-1].name.endswith("results.png") or "result" in pngs[-1].name
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)
    assert sum("board-" in p.name for p in pngs) == 8  # a board before each reveal
    assert len((out / "alt.txt").read_text().splitlines()) == len(pngs)
    assert replay_summary(record)["winners"]


def test_demo_of_a_solo_game_and_without_discord(tmp_path):
    code = (
        "import sys, json; from bot.cli import main; "
        f"rc = main(['demo', '--out', {str(tmp_path)!r}, '--mode', 'solo', '--level', "
        "'normal', '--seed', '5']); "
        "assert rc == 0 and 'discord' not in sys.modules, sorted(sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["mode"] == "solo"
    assert replay(record).state.result is not None
    assert list(tmp_path.glob("*.png"))


@pytest.mark.parametrize("game", ["pop", "coloretto", "colorpop", "colourist"])
def test_demo_draws_the_pictures_and_alt_texts_in_the_language_asked(game, tmp_path, capsys):
    """`pop-bot demo --lang L`: the same game, its pictures' words and alt texts in L; for
    every game the same folder (numbered PNG files, alt.txt listing each with its alt text,
    nothing else) and the same last line on standard error."""
    from bot.cli import main
    from bot.texts.i18n import catalogue

    texts = {}
    for lang in ("en", "pl"):
        out = tmp_path / lang
        assert (
            main(["demo", "--game", game, "--seats", "3", "--out", str(out), "--lang", lang]) == 0
        )
        said = capsys.readouterr()
        json.loads(said.out)  # the record
        pngs = sorted(p.name for p in out.glob("*.png"))
        assert said.err.splitlines()[0] == f"{len(pngs)} pictures written to {out}"
        assert sorted(p.name for p in out.iterdir()) == sorted([*pngs, "alt.txt", "fairness.json"])
        texts[lang] = (out / "alt.txt").read_text(encoding="utf-8")
        lines = [line.split("\t") for line in texts[lang].splitlines()]
        assert [name for name, _ in lines] == pngs
        assert all(re.fullmatch(r"\d{3}-[a-z0-9-]+\.png", name) for name in pngs)
        assert all(alt and alt == " ".join(alt.split()) for _, alt in lines)
    assert texts["pl"] != texts["en"]
    polish = {
        "pop": catalogue("pl")["pop.alt.turn"].split("{")[0].strip(),
        "coloretto": "Coloretto",
        "colorpop": catalogue("pl")["colorpop.picture.fell"].split("{")[0].strip(),
        "colourist": "Tor gry Colourist",  # the track's alt text, in Polish
    }[game]
    assert polish
    assert polish in texts["pl"], polish
