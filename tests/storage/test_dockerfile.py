"""The Dockerfile, checked without Docker: a build stage turns the sources into wheels, the image
installs those wheels (no editable install, no source checkout), runs as an unprivileged user with
the database in a volume, and checks itself with `pop-bot check --alive`.

That a wheel built from those very sources runs (`check`, `replay`, `render`, `demo`, data found
in site-packages) is tests/packaging/test_wheel.py's job; here the build stage is checked to copy
exactly what that test builds from.
"""

from __future__ import annotations

import fnmatch
import json
import shlex
from pathlib import Path

from tests.packaging.test_wheel import sources

ROOT = Path(__file__).resolve().parents[2]


def stages() -> list[list[tuple[str, str]]]:
    """Each stage's (INSTRUCTION, arguments), continuation lines joined, comments dropped."""
    result: list[list[tuple[str, str]]] = []
    pending = ""
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text.endswith("\\"):
            pending += text[:-1] + " "
            continue
        word, _, args = (pending + text).partition(" ")
        pending = ""
        if word.upper() == "FROM":
            result.append([])
        result[-1].append((word.upper(), " ".join(args.split())))
    return result


def args_of(name: str, stage: list[tuple[str, str]]) -> list[str]:
    return [args for word, args in stage if word == name]


def ignored(path: str) -> bool:
    patterns = [
        p.strip()
        for p in (ROOT / ".dockerignore").read_text().splitlines()
        if p.strip() and not p.startswith("#")
    ]
    return any(fnmatch.fnmatch(path, p) or fnmatch.fnmatch(path.split("/")[0], p) for p in patterns)


def test_two_stages_on_the_same_base():
    build, image = stages()
    assert args_of("FROM", build) == ["python:3.11-slim AS build"]
    assert args_of("FROM", image) == ["python:3.11-slim"]


def test_pure_python_no_compiler_anywhere():
    """The engine is plain Python: no C compiler is installed, nothing is compiled to C."""
    runs = [r for stage in stages() for r in args_of("RUN", stage)]
    assert runs
    assert not any(word in r for r in runs for word in ("gcc", "apt-get", "mypyc"))


def test_the_build_stage_copies_exactly_what_the_wheel_test_builds_from():
    build, _ = stages()
    copied = []
    for args in args_of("COPY", build):
        *paths, _dest = args.split()
        copied += [p.rstrip("/") for p in paths]
    assert sorted(copied) == sorted(sources())
    assert "data" in copied
    for path in copied:
        assert (ROOT / path).exists(), path
        assert not ignored(path), f"{path} is excluded by .dockerignore"
    for secret in (".env", "pop.sqlite3", ".git", ".venv", "tests"):
        assert ignored(secret), f"{secret} would be sent to the Docker daemon"


def test_the_build_stage_makes_wheels_of_pop_bot_and_its_dependencies():
    build, _ = stages()
    [wheel] = [shlex.split(r) for r in args_of("RUN", build) if "pip wheel" in r]
    assert wheel == ["pip", "wheel", "--wheel-dir", "/wheels", ".[postgres]"]


def test_the_image_installs_the_wheels_and_no_source():
    _, image = stages()
    assert args_of("COPY", image) == []
    assert args_of("ADD", image) == []
    [install] = [r for r in args_of("RUN", image) if "pip install" in r]
    mount, command = install.split(" ", 1)
    assert mount == "--mount=type=bind,from=build,source=/wheels,target=/wheels"
    assert shlex.split(command.split(" && ")[0]) == [
        "pip",
        "install",
        "--no-index",
        "--find-links",
        "/wheels",
        "pop-bot[postgres]",
    ]
    assert not any("-e" in shlex.split(r) or "--editable" in r for r in args_of("RUN", image))


def test_user_volume_healthcheck_and_command():
    _, image = stages()
    users = args_of("USER", image)
    assert users
    assert users[-1] not in ("root", "0", "0:0")
    last_user = max(i for i, (w, _) in enumerate(image) if w == "USER")
    last_run = max(i for i, (w, _) in enumerate(image) if w == "RUN")
    assert last_user > last_run  # nothing runs as root after switching
    assert "/data" in " ".join(args_of("VOLUME", image)).split()
    assert "POP_DATABASE_PATH=/data/pop.sqlite3" in " ".join(args_of("ENV", image))
    [health] = args_of("HEALTHCHECK", image)
    assert json.loads(health.split(" CMD ", 1)[1]) == ["pop-bot", "check", "--alive"]
    assert [json.loads(c) for c in args_of("CMD", image)] == [["pop-bot", "run"]]
