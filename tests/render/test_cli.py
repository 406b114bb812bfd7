"""`pop-bot render RECORD --out DIR` and `pop-bot bench render`."""

from __future__ import annotations

import io
import json

from PIL import Image

from bot.cli import main
from engine.pop.record import export_record

from .games import game, play


def test_render_writes_every_step_then_the_results(tmp_path, capsys):
    state = game("competitive", 3, 11, sets=1)
    turns = play(state)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(export_record(state)))
    out = tmp_path / "pictures"
    assert main(["render", str(record), "--out", str(out)]) == 0
    files = sorted(p.name for p in out.glob("*.png"))
    steps = sum(
        1
        for _, events in turns
        for e in events
        if type(e).__name__ in ("Placed", "Exploded", "Fell")
    )
    assert len(files) == steps + len(turns) + 1  # steps, a board per turn, the results
    assert [int(f[:3]) for f in files] == list(range(1, len(files) + 1))
    assert "board-s1-t1" in files[0]
    assert files[-1].endswith("results.png")
    assert any("exploded" in f for f in files)
    assert any("fell" in f for f in files)
    index = (out / "alt.txt").read_text(encoding="utf-8").splitlines()
    assert [line.split("\t")[0] for line in index] == files
    assert all(0 < len(line.split("\t")[1]) <= 1024 for line in index)
    img = Image.open(io.BytesIO((out / files[1]).read_bytes()))
    assert img.width >= 600


def test_a_broken_record_is_one_line_and_exit_1(tmp_path, capsys):
    state = game("competitive", 2, 3, sets=1)
    play(state)
    record = export_record(state)
    record["sets"][0]["turns"][2]["plays"]["ana"] = [99]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["render", str(path), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "turn 3" in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()
    path.write_text("{not json")
    assert main(["render", str(path), "--out", str(tmp_path / "out")]) == 1


def test_bench_prints_the_figures(capsys):
    assert main(["bench", "render", "--seconds", "0.2"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("median_ms", "p95_ms", "median_draw_ms", "median_encode_ms", "png_bytes"):
        assert figures[key] > 0
    assert figures["png_bytes"] <= 300 * 1024


def test_pictures_can_be_drawn_from_several_threads():
    """The bot draws in a thread pool: cold caches filled from four threads at once."""
    from concurrent.futures import ThreadPoolExecutor

    from render.pop import art
    from render.pop.pictures import step_pictures

    from .cases import competitive
    from .games import NAMES

    before, events = competitive()[1][5]
    single = [p.png for p in step_pictures(before, events, NAMES)]
    for fn in (art.card_sprite, art.text_sprite, art.name_sprite, art.icon_sprite):
        fn.cache_clear()
    with ThreadPoolExecutor(4) as pool:
        results = list(
            pool.map(lambda _: [p.png for p in step_pictures(before, events, NAMES)], range(8))
        )
    assert all(r == single for r in results)


def test_render_names_the_formats_it_knows_for_a_record_of_no_game(tmp_path, capsys):
    path = tmp_path / "chess.json"
    path.write_text('{"format": "chess-record/1"}')
    assert main(["render", str(path), "--out", str(tmp_path / "out")]) == 1
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1
    assert said[0].startswith(f"{path}: unknown record format 'chess-record/1'; known formats: ")
    assert "colourist-record/1" in said[0]
    assert not (tmp_path / "out").exists()


def test_render_of_a_game_without_pictures_says_so(tmp_path, capsys):
    """A registered game that brings no `render` tool (the test-only game brings none)."""
    from bot.games.entry import GameEntry
    from bot.running.picture_tools import render_main
    from engine.coloretto.adapter import COLORETTO

    path = tmp_path / "game.json"
    path.write_text('{"format": "coloretto-record/1"}')
    games = {"plain": GameEntry("plain", COLORETTO, face=lambda: None)}
    assert render_main(str(path), str(tmp_path / "out"), games) == 2
    assert capsys.readouterr().err == "pop-bot render: not available for plain\n"


def test_bench_render_is_pop_s_and_another_game_has_none(capsys):
    assert main(["bench", "render", "--game", "colorpop", "--seconds", "0.1"]) == 2
    assert capsys.readouterr().err == "pop-bot bench render: not available for colorpop\n"


def test_render_of_any_game_loads_no_discord(tmp_path):
    """`pop-bot render` draws through the games' registration without their Discord faces."""
    import subprocess
    import sys
    from pathlib import Path

    from engine.colourist.adapter import COLOURIST, ColouristOptions

    state = COLOURIST.start(ColouristOptions(length="short"), ["s1", "s2", "s3"], 4)
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state))[0]
        state = COLOURIST.apply(
            state, seat, COLOURIST.ai_move(COLOURIST.view(state, seat), "easy", 1)
        )[0]
    record = tmp_path / "game.json"
    record.write_text(json.dumps(COLOURIST.export_record(state)))
    code = (
        "import sys; from bot.cli import main; "
        f"rc = main(['render', {str(record)!r}, '--out', {str(tmp_path / 'out')!r}, '--lang', 'pl']); "
        "assert rc == 0 and 'discord' not in sys.modules, sorted(sys.modules)"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "out").glob("*-results.png"))
