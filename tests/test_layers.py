"""The layers of the design: imports only point down (bot -> render -> engine)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "engine": {"discord", "aiohttp", "asyncio", "PIL", "sqlite3", "aiosqlite", "asyncpg",
               "render", "bot"},
    "render": {"discord", "aiohttp", "aiosqlite", "asyncpg", "sqlite3", "bot"},
}


def imported_top_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_point_down(layer):
    files = sorted((ROOT / layer).rglob("*.py"))
    assert files, f"no python files found in {layer}/"
    offenders = {
        str(f.relative_to(ROOT)): sorted(imported_top_modules(f) & FORBIDDEN[layer]) for f in files
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}, f"{layer}/ imports what its layer must not know: {offenders}"
