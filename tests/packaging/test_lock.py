"""Reproducible installs: every dependency is pinned, with the hashes of its files, in
requirements.lock (what the bot runs on; the Docker image installs it) and
requirements-test.lock (the same pins, and the tests' tools), as pyproject.toml asks; `make`
(`make run`, `make test`, and so CI, whose .ci/run is `make test`) installs from them and then
pop-bot itself without dependencies; and the virtualenv running these tests holds what the lock
pins. The Dockerfile's side is tests/storage/test_dockerfile.py's."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
RUN_LOCK, TEST_LOCK = ROOT / "requirements.lock", ROOT / "requirements-test.lock"
HASH = re.compile(r"sha256:[0-9a-f]{64}")


def read_lock(path: Path) -> dict[str, tuple[Requirement, list[str]]]:
    """Each locked package by its normalised name: its requirement line and its hashes."""
    found = {}
    for line in path.read_text().replace("\\\n", " ").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        requirement, *hashes = line.split(" --hash=")
        parsed = Requirement(requirement.strip())
        found[canonicalize_name(parsed.name)] = (parsed, [h.strip() for h in hashes])
    return found


def pinned(requirement: Requirement) -> str:
    [spec] = requirement.specifier
    assert spec.operator == "==", requirement
    return spec.version


def asked(*extras: str) -> list[Requirement]:
    """What pyproject.toml asks for: the dependencies, these extras, the build backend."""
    project = PYPROJECT["project"]
    names = [*project["dependencies"], *PYPROJECT["build-system"]["requires"]]
    for extra in extras:
        names += project["optional-dependencies"][extra]
    return [Requirement(name) for name in names]


@pytest.mark.parametrize("lock", [RUN_LOCK, TEST_LOCK], ids=lambda p: p.name)
def test_every_locked_package_is_pinned_with_the_hashes_of_its_files(lock):
    entries = read_lock(lock)
    assert len(entries) > 10
    for requirement, hashes in entries.values():
        pinned(requirement)
        assert hashes, requirement
        assert all(HASH.fullmatch(h) for h in hashes), requirement
    assert lock.read_text().splitlines()[1] == "#    make lock"  # how to write it again


@pytest.mark.parametrize(
    ("lock", "extras"), [(RUN_LOCK, ("postgres",)), (TEST_LOCK, ("postgres", "test"))]
)
def test_the_locks_hold_what_pyproject_asks_for(lock, extras):
    entries = read_lock(lock)
    for wanted in asked(*extras):
        name = canonicalize_name(wanted.name)
        assert name in entries, f"{wanted} is not in {lock.name}: make lock"
        version = pinned(entries[name][0])
        assert wanted.specifier.contains(version, prereleases=True), (
            f"{lock.name} pins {name}=={version}, pyproject.toml asks {wanted}: make lock"
        )
    for name in ("pillow", "aiosqlite", "openskill", "asyncpg", "setuptools"):
        assert name in entries  # the ones that floated, and the build backend


def test_the_run_lock_pins_what_the_test_lock_pins():
    run, test = read_lock(RUN_LOCK), read_lock(TEST_LOCK)
    assert set(run) < set(test)
    for name, (requirement, hashes) in run.items():
        assert pinned(requirement) == pinned(test[name][0]), name
        assert hashes == test[name][1], name
    assert "pytest" not in run  # the image carries no test tools


def test_this_virtualenv_holds_what_the_test_lock_pins():
    """`make` installed the tests' virtualenv from the lock, not from version ranges."""
    wrong = {}
    for name, (requirement, _) in read_lock(TEST_LOCK).items():
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue  # another platform's or Python's
        installed = metadata.version(name)
        if installed != pinned(requirement):
            wrong[name] = (installed, pinned(requirement))
    assert wrong == {}, f"installed, locked: {wrong} (make installs the lock)"


@pytest.fixture
def make_dry_run(tmp_path):
    """`make -n -B TARGET`: the commands make would run for TARGET, in a copy of the recipes."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for name in ("Makefile", "pyproject.toml", RUN_LOCK.name, TEST_LOCK.name):
        shutil.copy(ROOT / name, tmp_path / name)

    def run(target: str) -> list[str]:
        done = subprocess.run(
            ["make", "--no-print-directory", "-n", "-B", target, f"PYTHON={sys.executable}"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return [" ".join(line.split()) for line in done.stdout.splitlines()]

    return run


def installs(commands: list[str]) -> list[str]:
    return [c.removeprefix(".venv/bin/") for c in commands if re.match(r"\S*pip install", c)]


def test_make_installs_from_the_locks_then_pop_bot_without_dependencies(make_dry_run):
    run_lock = "pip install --quiet --require-hashes -r requirements.lock"
    test_lock = "pip install --quiet --require-hashes -r requirements-test.lock"
    pop_bot = "pip install --quiet --no-deps --no-build-isolation -e ."
    assert installs(make_dry_run("run")) == [run_lock, pop_bot]
    assert installs(make_dry_run("test")) == [run_lock, pop_bot, test_lock]
    lock = make_dry_run("lock")
    assert any("uv pip compile pyproject.toml - --extra test --extra postgres" in c for c in lock)
    assert any("--generate-hashes" in c and "--output-file requirements.lock" in c for c in lock)
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("\nmake test")  # CI: the same
