"""Code a maintainer can read: the longest class and function of each layer, printed (run
with `-s` to see them), and held to the limits the project aims for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIMITS = {"class": 300, "function": 60}  # lines, decorators and docstrings included


def longest(layer: str) -> dict[str, tuple[int, str]]:
    """The longest class and function of a layer: (lines, where)."""
    found = {"class": (0, ""), "function": (0, "")}
    for path in sorted((ROOT / layer).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ClassDef):
                kind = "class"
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                kind = "function"
            else:
                continue
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines = (node.end_lineno or node.lineno) - first + 1
            where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
            if lines > found[kind][0]:
                found[kind] = (lines, where)
    return found


@pytest.mark.parametrize("layer", ["bot", "engine", "render"])
def test_the_longest_class_and_function(layer):
    found = longest(layer)
    for kind, (lines, where) in found.items():
        print(f"{layer}: longest {kind}: {lines} lines, {where}")
    for kind, limit in LIMITS.items():
        assert found[kind][0] <= limit, f"{layer}: {found[kind][1]} has {found[kind][0]} lines"
