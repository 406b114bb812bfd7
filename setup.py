"""Everything about the package is in pyproject.toml; this file only compiles the engine's hot
modules with mypyc (the same Python source, turned into C; about twice as fast).

The source stays the truth: `engine/pop/native.py` loads the modules from their .py files when
they changed since the build, when the build failed, or when POP_PURE_PYTHON=1. The digests of
the sources compiled are written to engine/pop/_native_digest.py and compiled along with them.
"""

import hashlib
import os
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
# Keep in step with engine/pop/native.py (a test checks it).
NATIVE_MODULES = ("grid", "game", "record")


def _native_extensions() -> list:
    if os.environ.get("POP_PURE_PYTHON") == "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # built without the build requirements: plain Python it is
        return []
    package = HERE / "engine" / "pop"
    digests = {name: hashlib.sha256((package / f"{name}.py").read_bytes()).hexdigest()
               for name in NATIVE_MODULES}
    (package / "_native_digest.py").write_text(
        '"""Written by setup.py: the sources the compiled engine was built from."""\n\n'
        f"DIGESTS = {digests!r}\n")
    paths = [f"engine/pop/{name}.py" for name in (*NATIVE_MODULES, "_native_digest")]
    extensions = mypycify(paths, group_name="engine.pop._native", opt_level="3")
    for extension in extensions:
        extension.optional = True  # no C compiler: install anyway, run as Python
    return extensions


setup(ext_modules=_native_extensions())
