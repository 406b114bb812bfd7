"""The layers of the design: imports only point down (bot -> render -> engine)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "engine": {
        "discord",
        "aiohttp",
        "asyncio",
        "PIL",
        "sqlite3",
        "aiosqlite",
        "asyncpg",
        "render",
        "bot",
    },
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


def test_no_engine_module_imports_a_command_line_module():
    """The engine's commands (`*_cli.py`) stand on its modules; no module of the engine, a
    benchmark or another command included, imports one."""
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            m for m in bot_imports(path) if any(part.endswith("_cli") for part in m.split("."))
        )
        for path in sorted((ROOT / "engine").rglob("*.py"))
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}, f"engine/ modules that import a command: {offenders}"


# --- Inside bot/: the table layer knows games only through the protocol ------------------------

BOT = ROOT / "bot"
GAME_ENGINES = {
    p.name for p in (ROOT / "engine").iterdir() if p.is_dir() and (p / "__init__.py").exists()
}


def bot_imports(path: Path, modules: frozenset[str] = frozenset()) -> set[str]:
    """The bot modules (and engine/render packages) a bot module imports, relative imports
    resolved, TYPE_CHECKING imports included: a cycle only for the type checker is a cycle.
    `from package import submodule` imports the submodule (of `modules`), not the package."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    package = package.removesuffix(".__init__")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [f"{target}.{alias.name}" for alias in node.names]
            subs = [n for n in names if n in modules]
            found.update(subs if len(subs) == len(names) else [*names, target])
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.split(".")[0] in ("bot", "engine", "render")}


def bot_modules() -> dict[str, set[str]]:
    modules = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
        for p in BOT.rglob("*.py")
    }
    known = frozenset(modules)
    return {
        name: {m for m in bot_imports(path, known) if m in modules and m != name}
        for name, path in modules.items()
    }


def test_nothing_inside_bot_imports_in_a_circle():
    graph = bot_modules()
    cycles = []

    def visit(node: str, stack: list[str]) -> None:
        for nxt in sorted(graph[node]):
            if nxt in stack:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif len(stack) < 30:
                visit(nxt, [*stack, nxt])

    for start in sorted(graph):
        visit(start, [start])
    assert cycles == [], f"import cycles in bot/: {cycles[:5]}"


REGISTRY = (
    "bot.games",
    "bot.games.GAMES",
    "bot.games.faces",
    "bot.games.recorded",
    "bot.games.register",
)


# What bot/games/ holds beside the games: the faces' base and the entry kit, no game's.
GAMES_KIT = ("bot.games.base", "bot.games.entry", "bot.games.expert_words")


def test_the_table_layer_knows_no_game():
    """Only bot/games/<game>/ may import a game's engine, pictures or face; the table layer
    (everything else in bot/) sees games through engine.protocol and bot.tables.faces, and is
    handed them by the registry (the tools read the entry kit too)."""
    offenders = {}
    for path in BOT.rglob("*.py"):
        rel = path.relative_to(BOT)
        if rel.parts[0] == "games" and len(rel.parts) > 2:
            continue  # a game's own face
        if rel.parts[0] == "games":  # the registry names each game's entry, nothing inside
            allowed = {f"bot.games.{g}" for g in GAME_ENGINES}
            bad = {
                m
                for m in bot_imports(path)
                if m.startswith("bot.games.")
                and not any(m in (a, a + ".ENTRY") for a in allowed)
                and not m.startswith(GAMES_KIT)
            }
        else:  # the registry is how the client and the tools are handed the games
            bad = {
                m
                for m in bot_imports(path)
                if (
                    m.startswith("bot.games")
                    and m not in REGISTRY
                    and not m.startswith("bot.games.entry")
                )
                or any(
                    m.startswith(f"engine.{g}") or m.startswith(f"render.{g}") for g in GAME_ENGINES
                )
            }
        if bad:
            offenders[str(rel)] = sorted(bad)
    assert offenders == {}, offenders


def test_the_guards_see_real_imports():
    graph = bot_modules()
    assert "bot.tables.faces" in graph["bot.tables.layer"]
    assert "bot.posting.outbox" in graph["bot.tables.layer"]
    assert any(m.startswith("bot.tables.faces") for m in graph["bot.games.pop.face"])
