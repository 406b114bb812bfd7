"""The compiled build of the engine's hot modules (setup.py, engine/pop/native.py): used only
when it matches the source, and playing exactly as the source does."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import engine.pop
from engine.pop import native
from engine.pop.bench import random_records
from engine.pop.record import replay_summary

ROOT = Path(__file__).resolve().parents[2]
COMPILED_BUILD = native.has_compiled_build()


def run_python(code: str, *, cwd: Path = ROOT, **env: str) -> str:
    inherited = {k: v for k, v in os.environ.items() if k != "POP_PURE_PYTHON"}
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True,
                          env={**inherited, "PYTHONPATH": str(cwd), **env}, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.skipif(not COMPILED_BUILD, reason="no compiled build here (setup.py not run, or "
                    "no C compiler)")
def test_setup_compiles_the_modules_the_guard_watches():
    package = ROOT / "engine" / "pop"
    compiled = {path.name.split(".")[0] for path in package.iterdir()
                if path.name.endswith(tuple(EXTENSION_SUFFIXES))}
    assert set(native.NATIVE_MODULES) <= compiled
    assert set(native.compiled_build_digests()) == set(native.NATIVE_MODULES)


def test_the_compiled_build_is_used_only_when_built_from_these_very_sources():
    current = {"grid": "a", "game": "b", "record": "c"}
    assert native.use_compiled(dict(current), current, pure_python=False)
    assert not native.use_compiled({**current, "game": "old"}, current, pure_python=False)
    assert not native.use_compiled(dict(current), current, pure_python=True)
    assert not native.use_compiled(None, current, pure_python=False)


def test_pure_python_on_request():
    out = run_python("import engine.pop as p, engine.pop.game as g, engine.pop.grid as r;"
                     "print(p.COMPILED, g.__file__.endswith('.py'), r.__file__.endswith('.py'))",
                     POP_PURE_PYTHON="1")
    assert out.split() == ["False", "True", "True"]


@pytest.mark.skipif(not COMPILED_BUILD, reason="no compiled build here (setup.py not run, or "
                    "no C compiler): nothing can hide the source")
@pytest.mark.parametrize("change", ["edit a source", "lose the digests"])
def test_a_compiled_build_that_may_not_match_the_source_is_not_used(tmp_path, change):
    copy = tmp_path / "checkout"
    shutil.copytree(ROOT / "engine", copy / "engine")
    shutil.copytree(ROOT / "data", copy / "data")
    check = ("import engine.pop as p, engine.pop.grid as g, engine.pop.game as m;"
             "print(p.COMPILED, g.__file__.endswith('.py'), m.__file__.endswith('.py'),"
             " hasattr(g, 'EDITED'))")
    assert run_python(check, cwd=copy).split() == ["True", "False", "False", "False"]
    package = copy / "engine" / "pop"
    if change == "edit a source":
        with (package / "grid.py").open("a") as f:
            f.write("\nEDITED = True\n")
        expected = ["False", "True", "True", "True"]
    else:
        for digests in package.glob("_native_digest*"):
            digests.unlink()
        expected = ["False", "True", "True", "False"]
    assert run_python(check, cwd=copy).split() == expected


def test_the_build_in_use_and_plain_python_replay_alike():
    records = random_records(40, seed=77)
    here = [replay_summary(r) for r in records]
    out = run_python(_SUMMARISE, POP_PURE_PYTHON="1", RECORDS=json.dumps(records))
    assert json.loads(out) == here


_SUMMARISE = ("import json, os; from engine.pop.record import replay_summary;"
              "print(json.dumps([replay_summary(r) for r in json.loads(os.environ['RECORDS'])]))")


@pytest.mark.skipif(not COMPILED_BUILD or os.environ.get("POP_PURE_PYTHON") == "1",
                    reason="plain Python on purpose (no compiled build, or POP_PURE_PYTHON=1)")
def test_a_current_compiled_build_is_used():
    assert engine.pop.COMPILED, ("engine/pop/{grid,game,record}.py changed since they were "
                                 "compiled: `make test` rebuilds them (or pip install -e .)")
