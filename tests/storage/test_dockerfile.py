"""The Dockerfile, checked without Docker: both stages start from one base image pinned by digest;
a build stage fetches the dependencies as requirements.lock pins them (hashes checked) and turns
the sources into pop-bot's wheel; the image installs the locked wheels, then pop-bot's without
dependencies (no editable install, no source checkout), runs as an unprivileged user with the
database in a volume, and checks itself with `pop-bot check --alive`.

That a wheel built from those very sources runs (`check`, `replay`, `render`, `demo`, data found
in site-packages) is tests/packaging/test_wheel.py's job; here the build stage is checked to copy
exactly what that test builds from.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shlex
from pathlib import Path

from tests.packaging.test_wheel import sources

ROOT = Path(__file__).resolve().parents[2]
LOCK = "requirements.lock"  # what the image runs on, pinned with hashes (`make lock`)


def stages() -> list[list[tuple[str, str]]]:
    """Each stage's (INSTRUCTION, arguments), continuation lines joined, comments dropped, the
    global ARGs (before the first FROM) substituted into the FROM lines."""
    result: list[list[tuple[str, str]]] = []
    pending = ""
    arguments: dict[str, str] = {}
    for raw in (ROOT / "Dockerfile").read_text().splitlines():
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text.endswith("\\"):
            pending += text[:-1] + " "
            continue
        word, _, args = (pending + text).partition(" ")
        pending = ""
        if word.upper() == "ARG" and not result:
            name, _, value = args.partition("=")
            arguments[name] = value
            continue
        if word.upper() == "FROM":
            result.append([])
            args = re.sub(r"\$\{(\w+)\}", lambda m: arguments[m[1]], args)
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


BASE = re.compile(r"python:3\.11-slim@sha256:[0-9a-f]{64}")


def test_two_stages_on_the_same_base_pinned_by_digest():
    build, image = stages()
    [base] = args_of("FROM", image)
    assert BASE.fullmatch(base), base  # a tag alone moves: the digest is these very bytes
    assert args_of("FROM", build) == [f"{base} AS build"]


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
    assert sorted(copied) == sorted([*sources(), LOCK])
    assert "data" in copied
    for path in copied:
        assert (ROOT / path).exists(), path
        assert not ignored(path), f"{path} is excluded by .dockerignore"
    for secret in (".env", "pop.sqlite3", ".git", ".venv", "tests"):
        assert ignored(secret), f"{secret} would be sent to the Docker daemon"


def test_the_build_stage_fetches_the_locked_dependencies_then_builds_pop_bot_alone():
    build, _ = stages()
    runs = args_of("RUN", build)
    assert [shlex.split(part) for part in runs[0].split(" && ")] == [
        [
            "pip",
            "download",
            "--dest",
            "/wheels",
            "--only-binary",
            ":all:",
            "--require-hashes",
            "-r",
            LOCK,
        ],
        ["pip", "install", "--no-index", "--find-links", "/wheels", "--require-hashes", "-r", LOCK],
        ["cp", LOCK, "/wheels/"],
    ]
    assert args_of("COPY", build)[0] == f"{LOCK} ./"  # before the sources: a layer of its own
    # pop-bot's wheel, by the setuptools the lock pinned: no dependency, no download
    assert shlex.split(runs[1]) == [
        "pip",
        "wheel",
        "--wheel-dir",
        "/wheels",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        ".",
    ]
    assert len(runs) == 2


def test_the_image_installs_the_locked_wheels_then_pop_bot_without_dependencies():
    _, image = stages()
    assert args_of("COPY", image) == []
    assert args_of("ADD", image) == []
    [install] = [r for r in args_of("RUN", image) if "pip install" in r]
    mount, command = install.split(" ", 1)
    assert mount == "--mount=type=bind,from=build,source=/wheels,target=/wheels"
    assert [shlex.split(part) for part in command.split(" && ")] == [
        [
            "pip",
            "install",
            "--no-index",
            "--find-links",
            "/wheels",
            "--require-hashes",
            "-r",
            f"/wheels/{LOCK}",
        ],
        ["pip", "install", "--no-index", "--no-deps", "/wheels/pop_bot-*.whl"],
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
