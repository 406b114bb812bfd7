"""Each game's rules, in the project's own words, live in the repository (docs/rules/<game>.md):
every rules page the code cites is one of them, and every section a game's code cites is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "docs" / "rules"
CITATION = re.compile(r"[\w./-]*rules/[\w-]+\.md")  # a rules page named by its path
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")  # §4, or §4.4: step 4 of section 4


def sources() -> list[Path]:
    """Every file of the project that may cite a rules page: code, tests, docs, the README."""
    found = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    for folder in ("engine", "render", "bot", "tests"):
        found += (ROOT / folder).rglob("*.py")
    return found


def sections(page: Path) -> set[str]:
    """The sections of a page ("## 4. A turn": "4") and their numbered steps ("4.4")."""
    found: set[str] = set()
    section = ""
    for line in page.read_text(encoding="utf-8").splitlines():
        if heading := re.match(r"## (\d+)\. ", line):
            section = heading.group(1)
            found.add(section)
        elif (step := re.match(r"(\d+)\. ", line)) and section:
            found.add(f"{section}.{step.group(1)}")
    return found


def game_files(game: str) -> list[Path]:
    """A game's own code and tests, whose § citations are its rules page's."""
    folders = [ROOT / "engine" / game, ROOT / "render" / game, ROOT / "bot" / "games" / game]
    folders.append(ROOT / "tests" / game)
    return [path for folder in folders for path in sorted(folder.rglob("*.py"))]


def test_every_game_has_its_rules_page():
    assert sorted(p.stem for p in PAGES.glob("*.md")) == sorted(GAMES)


def cited_page(name: str, where: Path) -> Path | None:
    """The page of docs/rules/ a citation names: from the repository's top, or (a link in a
    page) from the citing file's folder; None when it names none."""
    for base in (ROOT, where.parent):
        page = (base / name).resolve()
        if page.parent == PAGES and page.is_file():
            return page
    return None


def test_every_rules_page_cited_is_in_the_repository():
    cited: set[Path] = set()
    elsewhere = []
    for path in sources():
        for name in CITATION.findall(path.read_text(encoding="utf-8")):
            page = cited_page(name, path)
            if page is None:
                elsewhere.append(f"{path.relative_to(ROOT)}: {name}")
            else:
                cited.add(page)
    assert elsewhere == [], "rules pages cited that are not in docs/rules/"
    assert {PAGES / f"{key}.md" for key in GAMES} <= cited  # the engines cite theirs


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_section_a_game_cites_is_on_its_page(game):
    page = sections(PAGES / f"{game}.md")
    assert {"1", "2", "3", "4", "5", "6"} <= page
    unknown = sorted(
        f"{path.relative_to(ROOT)}: §{number}"
        for path in game_files(game)
        for number in SECTION.findall(path.read_text(encoding="utf-8"))
        if number not in page
    )
    assert unknown == []


def test_the_section_reader_sees_steps():
    assert {"3", "3.3", "4", "4.4", "7"} <= sections(PAGES / "pop.md")
    assert "2.4" in sections(PAGES / "coloretto.md")
    assert "3.7" in sections(PAGES / "colourist.md")
