"""A plain, non-editable `pip install .` gives a working bot.

The wheel is built from a copy of the sources (what the Docker image copies), installed into a
fresh virtualenv, and its `pop-bot` runs from an empty directory far from the checkout: `check`,
`replay`, `render` and an Enigma `demo` find the data (data/ travels as package data) and the
migrations in site-packages, never in this checkout.

Kept fast: the fresh virtualenv gets the wheel alone (--no-deps). Its dependencies are the ones
installed in the virtualenv running these tests (`make test` made it), reached through a .pth
line: a directory added that way is put on sys.path without running the .pth files inside it, so
this checkout's editable install, which lives there too, stays inert. The wheel is built as the
Docker image builds it: by the setuptools requirements.lock pins (installed here by `make`), with
no build isolation and no package index (tests/packaging/test_lock.py checks the lock).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.storage.store import migrations

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
RECORD = ROOT / "tests" / "engine" / "records" / "competitive-3-seats.json"
SUMMARY = RECORD.with_suffix(".summary.json")
ALL_MIGRATIONS = ", ".join(f"{n:03d}" for n, _ in migrations())
GAME_TEXTS = tuple(GAMES)  # each game brings its own texts: data/<game>/locales/


def run(
    *command: str | Path, cwd: Path, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done


def top_folders() -> list[str]:
    """The folders a wheel carries: the packages pyproject.toml finds (data/ among them)."""
    return [
        name.rstrip("*") for name in PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    ]


def sources() -> list[str]:
    """What a wheel is built from (here, and in the Docker image's build stage)."""
    files = ["pyproject.toml", PYPROJECT["project"]["readme"]]
    return top_folders() + [name for name in files if (ROOT / name).exists()]


class Installed:
    """A wheel of this checkout, installed into a fresh virtualenv."""

    def __init__(self, base: Path) -> None:
        source = base / "src"
        source.mkdir()
        for name in sources():
            if (ROOT / name).is_dir():
                shutil.copytree(
                    ROOT / name,
                    source / name,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
                )
            else:
                shutil.copy2(ROOT / name, source / name)
        run(
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            base / "dist",
            source,
            cwd=base,
            timeout=300,
        )
        [self.wheel] = (base / "dist").glob("pop_bot-*.whl")

        venv = base / "venv"
        run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=base)
        self.python = venv / "bin" / "python"
        self.pop_bot = venv / "bin" / "pop-bot"
        run(
            sys.executable,
            "-m",
            "pip",
            "--python",
            self.python,
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            self.wheel,
            cwd=base,
        )
        self.site = Path(
            run(
                self.python,
                "-c",
                "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                cwd=base,
            ).stdout.strip()
        )
        ours = sysconfig.get_paths()
        (self.site / "_test_dependencies.pth").write_text(
            "".join(f"{path}\n" for path in dict.fromkeys([ours["purelib"], ours["platlib"]]))
        )

        self.cwd = base / "elsewhere"  # no checkout, no .env, nothing importable
        self.cwd.mkdir()
        self.database = base / "pop.sqlite3"
        self.env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("POP_")
            and k not in ("DISCORD_TOKEN", "PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
        }
        self.env |= {"DISCORD_TOKEN": "fake", "POP_DATABASE_PATH": str(self.database)}

    def pop(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return run(self.pop_bot, *args, cwd=self.cwd, env=self.env)

    def python_says(self, code: str) -> str:
        return run(self.python, "-c", code, cwd=self.cwd, env=self.env).stdout.strip()


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    return Installed(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_the_packages_and_every_data_file_but_no_tests(installed):
    names = zipfile.ZipFile(installed.wheel).namelist()
    assert {n.split("/")[0] for n in names} == {
        *top_folders(),
        f"pop_bot-{PYPROJECT['project']['version']}.dist-info",
    }
    assert "data" in top_folders()
    shipped = sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "data").rglob("*") if p.is_file()
    )
    assert {
        "data/pop/cards.csv",
        "data/pop/enigmas.json",
        "data/fonts/DejaVuSans.ttf",
        "data/locales/en.json",
        *(f"data/{game}/locales/{lang}.json" for game in GAME_TEXTS for lang in ("en", "ja")),
    } <= set(shipped)
    assert sorted(n for n in names if n.startswith("data/")) == shipped
    assert {
        f"bot/storage/migrations/{p.name}"
        for p in (ROOT / "bot" / "storage" / "migrations").glob("*.sql")
    } <= set(names)


def test_the_installed_bot_runs_from_site_packages_not_the_checkout(installed):
    where = installed.python_says("import bot, engine.data as d; print(bot.__file__, d.DATA_ROOT)")
    assert where.split() == [
        str(installed.site / "bot" / "__init__.py"),
        str(installed.site / "data"),
    ]
    assert (
        installed.python_says("import importlib.util as u; print(u.find_spec('tests'))") == "None"
    )  # the test emulator is not installed: bench load lives in tests/load
    languages = installed.python_says("from bot.texts.i18n import languages; print(*languages())")
    assert languages.split()[0] == "en"
    assert len(languages.split()) == len(list((ROOT / "data" / "locales").glob("*.json")))
    # Each game's own texts, from its catalogues in site-packages' data/<game>/locales/.
    said = installed.python_says(
        "import bot.games; from bot.texts.i18n import t; "
        f"print(*(t(f'game.{{g}}', 'ja') for g in {GAME_TEXTS!r}), sep='|')"
    )
    japanese = json.loads((ROOT / "data" / "locales" / "ja.json").read_text("utf-8"))
    assert "game.pop" not in japanese  # not the shared catalogue's: the game's own
    assert said.split("|") == [
        json.loads((ROOT / "data" / g / "locales" / "ja.json").read_text("utf-8"))[f"game.{g}"]
        for g in GAME_TEXTS
    ]


def test_pop_bot_check_passes(installed):
    # `pop-bot run` would create the database; the installed package's own migrations do here.
    installed.python_says(
        "import asyncio; from bot.storage.sqlite import Store; s = Store("
        f"{str(installed.database)!r}); asyncio.run(s.open()); "
        "asyncio.run(s.close())"
    )
    lines = installed.pop("check").stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["ok", "settings"],
        ["ok", "token"],
        ["ok", "database"],
        ["ok", "migrations"],
        ["ok", "data"],
    ]
    assert f"ok   migrations up to date ({ALL_MIGRATIONS})" in lines
    assert (
        f"ok   data       {installed.site / 'data'}: pop/cards.csv, pop/enigmas.json, "
        "fonts (2 fonts), locales/en.json"
    ) in lines


def test_pop_bot_replay_render_and_demo(installed):
    shutil.copy2(RECORD, installed.cwd / "game.json")
    replayed = installed.pop("replay", "game.json")
    assert json.loads(replayed.stdout) == json.loads(SUMMARY.read_text())

    rendered = installed.pop("render", "game.json", "--out", "pictures")
    pictures = sorted((installed.cwd / "pictures").glob("*.png"))
    assert rendered.stdout.strip() == f"{len(pictures)} pictures written to pictures"
    assert len(pictures) > 10
    assert pictures[-1].name.endswith("results.png")

    demo = installed.pop("demo", "--mode", "enigma", "--out", "enigma")
    assert json.loads(demo.stdout.splitlines()[0])["mode"] == "enigma"
    assert list((installed.cwd / "enigma").glob("*.png"))


def test_bench_load_is_not_in_the_installed_bot(installed):
    done = subprocess.run(
        [installed.pop_bot, "bench", "load", "--tables", "5"],
        cwd=installed.cwd,
        env=installed.env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "pop-bot bench load moved to the checkout's tests: "
        ".venv/bin/python -m tests.load --tables 100"
    ]
