"""The engine's hot modules may be compiled by mypyc (see setup.py). This makes sure a compiled
build never hides the source: it is used only when it was built from the very .py files that
are here now. Otherwise (a module edited since the build, a build that recorded no digests,
or POP_PURE_PYTHON=1) the .py files are loaded instead, all of them together, since compiled
modules call each other directly.

`engine/pop/__init__.py` runs `choose_build()` before anything imports these modules.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

PACKAGE = "engine.pop"
NATIVE_MODULES = ("grid", "game", "record")  # what setup.py compiles, in dependency order
HERE = Path(__file__).resolve().parent


def source_digests(folder: Path = HERE) -> dict[str, str]:
    return {name: hashlib.sha256((folder / f"{name}.py").read_bytes()).hexdigest()
            for name in NATIVE_MODULES}


def has_compiled_build(folder: Path = HERE) -> bool:
    return any((folder / f"{name}{suffix}").exists() for name in NATIVE_MODULES
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def compiled_build_digests(folder: Path = HERE) -> dict[str, str] | None:
    """The digests compiled into this folder's build (None if it has none): read from the
    compiled `_native_digest` itself, never from its .py, which a failed build may rewrite."""
    name = f"{PACKAGE}._native_digest"
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = folder / f"_native_digest{suffix}"
        if path.exists():
            loader = importlib.machinery.ExtensionFileLoader(name, str(path))
            spec = importlib.util.spec_from_file_location(name, path, loader=loader)
            assert spec is not None
            module = importlib.util.module_from_spec(spec)
            loader.exec_module(module)
            return dict(module.DIGESTS)
    return None


def use_compiled(built: dict[str, str] | None, current: dict[str, str],
                 pure_python: bool) -> bool:
    return not pure_python and built is not None and built == current


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the hot modules' .py files ahead of their compiled build."""

    def find_spec(self, fullname, path, target=None):
        package, _, name = fullname.rpartition(".")
        if package != PACKAGE or name not in NATIVE_MODULES:
            return None
        file = str(HERE / f"{name}.py")
        return importlib.util.spec_from_file_location(
            fullname, file, loader=importlib.machinery.SourceFileLoader(fullname, file))


def choose_build() -> bool:
    """Load the .py sources unless the compiled build is current. True when compiled is used."""
    if not has_compiled_build():
        return False  # nothing compiled: the ordinary import finds the .py files
    built = compiled_build_digests()  # a build that recorded no digests is never trusted
    if use_compiled(built, source_digests(), os.environ.get("POP_PURE_PYTHON") == "1"):
        return True
    sys.meta_path.insert(0, _SourceFinder())
    return False
