"""Everything about the package is in pyproject.toml; this file only compiles the engine's hot
modules with mypyc (the same Python source, turned into C; about twice as fast).

The source stays the truth: `engine/pop/native.py` loads the modules from their .py files when
they changed since the build, when the build failed, or when POP_PURE_PYTHON=1. The digests of
the sources compiled are written to engine/pop/_native_digest.py and compiled along with them.
"""

import importlib.util
import os
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent


def _native():
    """engine/pop/native.py, loaded by path (importing the package would choose a build): the
    list of modules to compile and how their digests are taken live there, once."""
    spec = importlib.util.spec_from_file_location("_pop_native", HERE / "engine/pop/native.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _native_extensions() -> list:
    if os.environ.get("POP_PURE_PYTHON") == "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # built without the build requirements: plain Python it is
        return []
    native = _native()
    (native.HERE / "_native_digest.py").write_text(
        '"""Written by setup.py: the sources the compiled engine was built from."""\n\n'
        f"DIGESTS = {native.source_digests()!r}\n")
    paths = [f"engine/pop/{name}.py" for name in (*native.NATIVE_MODULES, "_native_digest")]
    extensions = mypycify(paths, group_name="engine.pop._native", opt_level="3")
    for extension in extensions:
        extension.optional = True  # no C compiler: install anyway, run as Python
    return extensions


setup(ext_modules=_native_extensions())
