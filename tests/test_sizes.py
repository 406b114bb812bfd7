"""Code a maintainer can read: the longest class and function of each layer, printed (run
with `-s` to see them), and every class and function held to the limits the project aims for."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("bot", "engine", "render")
LIMITS = {"class": 250, "function": 50}  # lines, decorators and docstrings included


class Definition(NamedTuple):
    kind: str  # "class" or "function"
    lines: int
    path: str
    line: int
    name: str

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line} {self.name}"


def definitions(layer: str) -> list[Definition]:
    """Every class and function of a layer, nested ones included, file by file."""
    found = []
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
            relative = str(path.relative_to(ROOT))
            found.append(Definition(kind, lines, relative, node.lineno, node.name))
    return found


def longest(layer: str) -> dict[str, tuple[int, str]]:
    """The longest class and function of a layer: (lines, where)."""
    found = {"class": (0, ""), "function": (0, "")}
    for d in definitions(layer):
        if d.lines > found[d.kind][0]:
            found[d.kind] = (d.lines, d.where)
    return found


@pytest.mark.parametrize("layer", LAYERS)
def test_the_longest_class_and_function(layer):
    for kind, (lines, where) in longest(layer).items():
        print(f"{layer}: longest {kind}: {lines} lines, {where} (limit {LIMITS[kind]})")
    over = [
        f"{d.where} has {d.lines} lines" for d in definitions(layer) if d.lines > LIMITS[d.kind]
    ]
    assert not over, f"{layer}: over its limits {LIMITS}: {over}"
