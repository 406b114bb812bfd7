"""The Dockerfile, checked without Docker: its instructions, the paths it copies, and that the
tree it builds in /app runs `pop-bot check` (data files and migrations found from there)."""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from bot.storage import Store

ROOT = Path(__file__).resolve().parents[2]


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) per instruction, continuation lines joined, comments dropped."""
    result, pending = [], ""
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text.endswith("\\"):
            pending += text[:-1] + " "
            continue
        word, _, args = (pending + text).partition(" ")
        result.append((word.upper(), " ".join(args.split())))
        pending = ""
    return result


def args_of(name: str) -> list[str]:
    return [args for word, args in instructions() if word == name]


def copies() -> list[tuple[list[str], str]]:
    found = []
    for args in args_of("COPY"):
        assert not args.startswith("--from"), "a multi-stage COPY needs its own check"
        *sources, dest = args.split()
        found.append((sources, dest))
    return found


def ignored(path: str) -> bool:
    patterns = [p.strip() for p in (ROOT / ".dockerignore").read_text().splitlines()
                if p.strip() and not p.startswith("#")]
    return any(fnmatch.fnmatch(path, p) or fnmatch.fnmatch(path.split("/")[0], p)
               for p in patterns)


def test_base_image_user_volume_healthcheck_and_command():
    assert args_of("FROM") == ["python:3.11-slim"]
    users = args_of("USER")
    assert users and users[-1] not in ("root", "0", "0:0")
    last_user = max(i for i, (w, _) in enumerate(instructions()) if w == "USER")
    last_run = max(i for i, (w, _) in enumerate(instructions()) if w == "RUN")
    assert last_user > last_run  # nothing runs as root after switching
    assert "/data" in " ".join(args_of("VOLUME")).split()
    assert "POP_DATABASE_PATH=/data/pop.sqlite3" in " ".join(args_of("ENV"))
    [health] = args_of("HEALTHCHECK")
    assert json.loads(health.split(" CMD ", 1)[1]) == ["pop-bot", "check"]
    assert [json.loads(c) for c in args_of("CMD")] == [["pop-bot", "run"]]
    assert any("pip install -e '.[postgres]'" in r for r in args_of("RUN"))
    # Pure Python: no compiler is installed, nothing is compiled to C.
    assert not any(word in r for r in args_of("RUN") for word in ("gcc", "apt-get", "mypyc"))


def test_every_copied_path_exists_and_is_not_dockerignored():
    for sources, _dest in copies():
        for source in sources:
            assert (ROOT / source).exists(), source
            assert not ignored(source.rstrip("/")), f"{source} is excluded by .dockerignore"
    for secret in (".env", "pop.sqlite3", ".git", ".venv"):
        assert ignored(secret), f"{secret} would be sent to the Docker daemon"


def test_the_image_gets_every_package_and_the_data():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = [p.rstrip("*") for p in pyproject["tool"]["setuptools"]["packages"]["find"]
                ["include"]]
    copied = {s.rstrip("/") for sources, _ in copies() for s in sources}
    assert set(packages) | {"data", "pyproject.toml", pyproject["project"]["readme"]} <= copied


async def test_the_app_tree_runs_pop_bot_check(tmp_path):
    """Build /app as the COPY lines do (minus caches) and run the check from there, the way the
    editable install runs it: data/ and bot/migrations are found inside that tree."""
    assert args_of("WORKDIR") == ["/app"]
    app = tmp_path / "app"
    app.mkdir()
    for sources, dest in copies():  # COPY dir/ dest/: its contents; COPY file… dir/: into it
        target = app / dest
        for source in sources:
            src = ROOT / source
            if src.is_dir():
                shutil.copytree(src, target, dirs_exist_ok=True,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, target / src.name)
    assert (app / "bot" / "migrations").is_dir() and (app / "data" / "cards.csv").is_file()

    store = Store(str(tmp_path / "pop.sqlite3"))
    await store.open()
    await store.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith("POP_")}
    env |= {"PYTHONPATH": str(app), "DISCORD_TOKEN": "x.y.z",
            "POP_DATABASE_PATH": str(tmp_path / "pop.sqlite3")}
    done = subprocess.run([sys.executable, "-m", "bot.cli", "check"], cwd=app, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"ok   data       {app.resolve()}/data:" in done.stdout  # not the repo's data/

