"""A first run without surprises (issue 16, "First run"): every mistake a new operator makes
gives one clear line and a non-zero exit, never a traceback; `check` tells the truth about what
`run` will do."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from bot.cli import main
from bot.running.open_store import StoreUnavailable, prepare_store
from bot.running.settings import Settings
from bot.storage.store import migrations

from .test_check import TOKEN, line, run_check

ROOT = Path(__file__).resolve().parents[2]
ALL_MIGRATIONS = ", ".join(f"{n:03d}" for n, _ in migrations())
# A port nothing listens on: connecting is refused at once.
UNREACHABLE = "postgresql://pop@127.0.0.1:1/pop"


def run_cli(cwd: Path, *args: str, **env: str) -> tuple[int, str]:
    """(exit code, stdout + stderr) of `pop-bot ARGS` in `cwd`, with only the given settings."""
    clean = {
        k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("POP_")
    }
    clean["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        cwd=cwd,
        env=clean | env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    return done.returncode, done.stdout + done.stderr


def one_line(output: str) -> str:
    """The output, which must be one line and no traceback."""
    assert "Traceback" not in output, output
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    return lines[0]


# --- 1 and 6: a schema (or an SQLite file) that does not exist yet ---------------------------


async def _schema_exists(url: str, schema: str) -> bool:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        return bool(await con.fetchval("SELECT 1 FROM pg_namespace WHERE nspname = $1", schema))
    finally:
        await con.close()


async def _drop(url: str, schema: str) -> None:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        await con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await con.close()


async def test_a_missing_schema_is_created_by_run_and_check_says_so_first(tmp_path, pg_url):
    schema = f"pop_first_{uuid.uuid4().hex[:10]}"
    url = f"{pg_url}?search_path={schema}"
    try:
        code, lines, output = await asyncio.to_thread(
            run_check, tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=url
        )
        assert code == 0, output
        assert line(lines, "database").endswith(
            f"the schema {schema} does not exist yet: pop-bot run creates it"
        )
        assert line(lines, "migrations") == (
            f"ok   migrations none applied yet: pop-bot run applies {ALL_MIGRATIONS} when it starts"
        )
        assert not await _schema_exists(pg_url, schema)  # check never writes

        await prepare_store(Settings(DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=url))  # what run does
        assert await _schema_exists(pg_url, schema)
        code, lines, output = await asyncio.to_thread(
            run_check, tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=url
        )
        assert code == 0, output
        assert line(lines, "migrations") == f"ok   migrations up to date ({ALL_MIGRATIONS})"
    finally:
        await _drop(pg_url, schema)


@pytest.fixture
async def new_role(pg_url):
    """A login role of its own for one test (roles are shared by the whole cluster: tests
    running at the same time never share one), dropped afterwards."""
    import asyncpg

    role = f"pop_test_no_create_{uuid.uuid4().hex[:10]}"
    con = await asyncpg.connect(pg_url)
    try:
        await con.execute(f"CREATE ROLE {role} LOGIN")
        yield role
    finally:
        await con.execute(f"DROP ROLE IF EXISTS {role}")
        await con.close()


async def test_a_role_that_may_not_create_the_schema_is_refused_in_one_line(
    tmp_path, pg_url, new_role
):
    import asyncpg
    from yarl import URL

    role = new_role
    con = await asyncpg.connect(pg_url)
    try:
        may = await con.fetchval(
            "SELECT has_database_privilege($1, current_database(), 'CREATE')", role
        )
    finally:
        await con.close()
    if may:
        pytest.skip(f"the role {role} may create schemas in this database: nothing to refuse")
    schema = f"pop_first_{uuid.uuid4().hex[:10]}"
    url = str(URL(pg_url).with_user(role).with_query(search_path=schema))

    code, lines, output = await asyncio.to_thread(
        run_check, tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=url
    )
    assert code == 1, output
    assert line(lines, "database").startswith("FAIL database   postgresql ")
    assert f"the schema {schema} (the URL's search_path) does not exist" in output
    assert "Traceback" not in output

    code, output = await asyncio.to_thread(
        run_cli, tmp_path, "run", DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=url
    )
    assert code == 3
    said = one_line(output)
    assert f"the schema {schema} (POP_DATABASE_URL's search_path) does not exist" in said
    assert f"{role} may not create it" in said
    assert "InvalidSchemaName" not in said
    assert not await _schema_exists(pg_url, schema)


def test_a_fresh_install_check_says_what_run_creates(tmp_path):
    path = tmp_path / "pop.sqlite3"
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 0, output
    assert line(lines, "database") == (
        f"ok   database   sqlite {path} does not exist yet: pop-bot run creates it"
    )
    assert line(lines, "migrations").startswith("ok   migrations none applied yet:")
    assert not path.exists()  # check never writes


# --- 2: PostgreSQL that does not answer is not "Discord" -------------------------------------


def test_an_unreachable_postgresql_is_named_as_such(tmp_path):
    code, output = run_cli(tmp_path, "run", DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=UNREACHABLE)
    assert code == 3
    said = one_line(output)
    assert said.startswith("pop-bot: cannot reach PostgreSQL at pop@127.0.0.1:1/pop")
    assert "Discord" not in said
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=UNREACHABLE)
    assert code == 1
    # a token pasted into the URL is not printed back by run either
    code, output = run_cli(
        tmp_path, "run", DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=f"postgresql://127.0.0.1:1/{TOKEN}"
    )
    assert code == 3
    assert TOKEN not in output
    assert "cannot reach PostgreSQL at 127.0.0.1:1/[redacted]" in one_line(output)
    assert line(lines, "database").startswith(
        "FAIL database   cannot reach PostgreSQL at pop@127.0.0.1:1/pop"
    )


# --- 4: bad settings fail `run` in one line, and `check` calls them errors --------------------


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("POP_LOG_LEVEL", "LOUD", "POP_LOG_LEVEL: must be one of DEBUG, INFO"),
        ("POP_DATABASE_URL", "mysql://pop@db/pop", "POP_DATABASE_URL: must start with postgresql"),
    ],
)
def test_bad_settings_fail_run_and_check(tmp_path, name, value, said):
    code, output = run_cli(tmp_path, "run", DISCORD_TOKEN=TOKEN, **{name: value})
    assert code == 2
    assert said in one_line(output)
    assert "DISCORD_TOKEN" not in output  # the token is fine: no word about it
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, **{name: value})
    assert code == 1
    assert line(lines, "settings").startswith(f"FAIL settings   invalid: {said}")
    assert "Traceback" not in output


def test_a_missing_token_is_the_only_time_run_asks_for_it(tmp_path):
    code, output = run_cli(tmp_path, "run", POP_LOG_LEVEL="LOUD")
    assert code == 2
    said = one_line(output)
    assert "DISCORD_TOKEN: missing" in said
    assert "POP_LOG_LEVEL" in said
    assert "Set DISCORD_TOKEN" in said


@pytest.mark.parametrize("where", ["a folder", "a missing folder"])
def test_an_sqlite_path_that_cannot_be_opened(tmp_path, where):
    path = tmp_path if where == "a folder" else tmp_path / "no" / "such" / "pop.sqlite3"
    code, output = run_cli(tmp_path, "run", DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 3
    said = one_line(output)
    assert said.startswith("pop-bot: cannot ")
    assert str(path) in said
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=str(path))
    assert code == 1
    assert line(lines, "database").startswith("FAIL database ")
    assert "Traceback" not in output


async def test_prepare_store_names_the_database_not_discord():
    with pytest.raises(
        StoreUnavailable, match=r"cannot reach PostgreSQL at pop@127\.0\.0\.1:1/pop"
    ):
        await prepare_store(Settings(DISCORD_TOKEN=TOKEN, POP_DATABASE_URL=UNREACHABLE))


# --- 5: render, demo, replay and bench say what is wrong -------------------------------------


def _pop_record(tmp_path: Path) -> Path:
    from engine.pop.record import export_record
    from tests.render.games import game, play

    state = game("competitive", 2, 5, sets=1)
    play(state)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export_record(state)))
    return path


def test_render_and_demo_refuse_an_out_that_is_a_file_or_cannot_be_made(tmp_path, capsys):
    a_file = tmp_path / "taken"
    a_file.write_text("mine")
    record = _pop_record(tmp_path)
    assert main(["render", str(record), "--out", str(a_file)]) == 2
    assert (
        one_line(capsys.readouterr().err)
        == f"pop-bot render: --out {a_file} is a file, not a folder"
    )
    assert main(["demo", "--out", str(a_file)]) == 2
    assert (
        one_line(capsys.readouterr().err) == f"pop-bot demo: --out {a_file} is a file, not a folder"
    )
    below = a_file / "pictures"
    for game in ("pop", "coloretto"):
        assert main(["demo", "--game", game, "--out", str(below)]) == 2
        said = one_line(capsys.readouterr().err)
        assert said.startswith(f"pop-bot demo: cannot write pictures to {below}: ")
    assert a_file.read_text() == "mine"


def test_render_of_deeply_nested_json_is_one_line(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["render", str(deep), "--out", str(tmp_path / "out")]) == 1
    assert "nested more than 900 levels deep" in one_line(capsys.readouterr().err)
    # JSON that parses, with a record nested deeply inside
    nested = tmp_path / "nested.json"
    inner = "[" * 900 + "]" * 900
    nested.write_text('{"format": "pop-record/1", "seats": ' + inner + "}")
    assert main(["render", str(nested), "--out", str(tmp_path / "out")]) == 1
    assert "Traceback" not in one_line(capsys.readouterr().err)
    assert not (tmp_path / "out").exists()


def test_render_into_a_used_folder_clears_only_its_own_old_pictures(tmp_path, capsys):
    out = tmp_path / "pictures"
    assert main(["demo", "--mode", "competitive", "--seats", "3", "--out", str(out)]) == 0
    many = sorted(p.name for p in out.glob("*.png"))
    (out / "notes.txt").write_text("mine")
    (out / "999-mine.png").write_bytes(b"not ours")
    assert main(["demo", "--mode", "enigma", "--out", str(out)]) == 0
    capsys.readouterr()
    few = sorted(p.name for p in out.glob("*.png") if p.name != "999-mine.png")
    assert len(few) < len(many)
    listed = [x.split("\t")[0] for x in (out / "alt.txt").read_text().splitlines()]
    assert listed == few  # only the new game's pictures, each listed once
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / "999-mine.png").read_bytes() == b"not ours"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["demo", "--seats", "7"],
            "pop-bot demo: pop competitive is played by 2 to 5 seats, not 7",
        ),
        (["demo", "--mode", "coop", "--seats", "2"], "pop coop is played by 3 to 5 seats, not 2"),
        (["demo", "--mode", "solo", "--seats", "3"], "pop solo is played by 1 seat, not 3"),
        (["demo", "--game", "colourist", "--seats", "2"], "colourist is played by 3 to 6 seats"),
    ],
)
def test_demo_refuses_a_seat_count_the_game_does_not_allow(tmp_path, capsys, args, said):
    assert main([*args, "--out", str(tmp_path / "out")]) == 2
    assert said in one_line(capsys.readouterr().err)
    assert not (tmp_path / "out").exists()


def test_replay_on_a_terminal_says_how_instead_of_waiting(monkeypatch, capsys):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal(""))
    assert main(["replay"]) == 2
    said = one_line(capsys.readouterr().err)
    assert "give a record file" in said
    assert "'-'" in said


@pytest.mark.parametrize("seconds", ["0", "-1", "soon"])
def test_bench_refuses_seconds_that_are_not_above_zero(capsys, seconds):
    with pytest.raises(SystemExit) as exited:
        main(["bench", "engine", "--seconds", seconds])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "argument --seconds:" in err.strip().splitlines()[-1]
    assert "Traceback" not in err


# --- 3: a .venv made by a too-old (or broken) Python --------------------------------------


@pytest.fixture
def make_copy(tmp_path):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    return tmp_path


def _make(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "--no-print-directory", *args], cwd=cwd, capture_output=True, text=True, timeout=60
    )


def _script(path: Path, text: str) -> Path:
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(0o755)
    return path


def test_make_removes_a_venv_made_by_an_old_python(make_copy):
    venv = make_copy / ".venv"
    (venv / "bin").mkdir(parents=True)
    _script(venv / "bin" / "python", "exit 1\n")  # what a 3.9 venv answers the version check
    (venv / ".installed").touch()
    done = _make(make_copy, "python-check", f"PYTHON={sys.executable}")
    assert done.returncode == 0, done.stderr
    assert "was made by an old or broken Python: removing it" in done.stdout
    assert not venv.exists()


def test_make_keeps_a_good_venv(make_copy):
    (make_copy / ".venv" / "bin").mkdir(parents=True)
    (make_copy / ".venv" / "bin" / "python").symlink_to(sys.executable)
    done = _make(make_copy, "python-check", f"PYTHON={sys.executable}")
    assert done.returncode == 0, done.stderr
    assert "removing" not in done.stdout
    assert (make_copy / ".venv" / "bin" / "python").exists()


def test_make_names_a_too_old_python(make_copy):
    old = _script(
        make_copy / "python3.9",
        'case "$2" in *platform*) echo 3.9.2;; *) exit 1;; esac\n',
    )
    done = _make(make_copy, "python-check", f"PYTHON={old}")
    assert done.returncode != 0
    assert f"make: {old} is Python 3.9.2; pop-bot needs 3.11 or newer" in done.stderr
    done = _make(make_copy, "python-check", "PYTHON=no-such-python3")
    assert done.returncode != 0
    assert "make: no-such-python3 not found; pop-bot needs Python 3.11" in done.stderr


# --- 7: no voice, no voice warning ------------------------------------------------------------


def test_no_voice_warning_but_other_discord_warnings_still_show(caplog):
    import discord

    from bot.running.main import create_bot

    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as on a fresh start
    interval = sys.getswitchinterval()
    try:
        with caplog.at_level(logging.WARNING):
            create_bot(Settings(DISCORD_TOKEN=TOKEN, POP_DATABASE_PATH=":memory:"))
            logging.getLogger("discord.client").warning("something else")
    finally:
        sys.setswitchinterval(interval)
    said = [r.getMessage() for r in caplog.records]
    assert not any("voice will NOT be supported" in m for m in said), said
    assert "something else" in said


# --- The README tells what the commands really say ------------------------------------------


def test_the_readme_shows_check_as_it_is_on_a_fresh_install(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code, lines, output = run_check(tmp_path, DISCORD_TOKEN=TOKEN)  # default: pop.sqlite3 here
    assert code == 0, output
    assert line(lines, "database") in readme
    assert line(lines, "migrations") in readme
    # no link out of the repository: a fresh clone has nothing beside it
    assert "](http" not in readme
    assert "../" not in readme
