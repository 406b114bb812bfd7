"""Build the bundled Japanese font: a subset of Noto Sans CJK JP (Regular and Bold).

DejaVu Sans (the pictures' font) has no Japanese glyphs; render/kit.py draws any run of
characters DejaVu lacks with this subset instead. The full CJK collection is ~20 MB a weight,
so only what Japanese tables need is kept:

- every character of the Japanese catalogues (data/locales/ja.json and each game's
  data/<game>/locales/ja.json) and every Japanese text of data/colourist/words.json;
- hiragana, katakana (with its phonetic extensions), half-width katakana, CJK symbols and
  punctuation, full-width forms, and the non-kanji rows (1-8) of JIS X 0208;
- the JIS X 0208 level-1 kanji (rows 16-47, 2,965 characters: common names and words);
- ASCII and Latin-1 (DejaVu draws those first; they keep the font usable on its own).

Source: Debian bookworm's `fonts-noto-cjk` 1:20220127+repack1-1 (the `Noto Sans CJK JP` face,
index 0, of /usr/share/fonts/opentype/noto/NotoSansCJK-{Regular,Bold}.ttc), SIL OFL 1.1.
Rebuild (fontTools is a build tool only, never a runtime dependency of the bot):

    apt-get install -y fonts-noto-cjk=1:20220127+repack1-1
    .venv/bin/python -m pip install fonttools
    .venv/bin/python data/fonts/build_cjk_subset.py

Writes NotoSansCJKjp-Subset-{Regular,Bold}.otf and LICENSE-NotoSansCJK.txt beside this file.
The subset keeps a drawn .notdef box, so "does the font have this character?" can be told by
comparing a glyph with the box (render/kit.py `has_glyph`).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fontTools import subset  # type: ignore[import-untyped, import-not-found, unused-ignore]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped, import-not-found, unused-ignore]

HERE = Path(__file__).resolve().parent
DATA = HERE.parent
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
SOURCE = {
    "Regular": SOURCE_DIR / "NotoSansCJK-Regular.ttc",
    "Bold": SOURCE_DIR / "NotoSansCJK-Bold.ttc",
}
JP_FACE = 0  # "Noto Sans CJK JP" in the collection
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUTPUT = "NotoSansCJKjp-Subset-{weight}.otf"
LICENSE = HERE / "LICENSE-NotoSansCJK.txt"

RANGES = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # full-width forms and half-width katakana
)


def strings(node: Any) -> Iterator[str]:
    """Every string in a JSON document (keys excluded)."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value)


def jis_x_0208(rows: range) -> set[str]:
    """The characters of these rows of JIS X 0208 (decoded through EUC-JP)."""
    out: set[str] = set()
    for row in rows:
        for cell in range(1, 95):
            try:
                out.add(bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                continue  # an unassigned cell
    return out


def wanted() -> set[str]:
    chars: set[str] = set()
    for catalogue in sorted(DATA.glob("**/locales/ja.json")):  # shared, and each game's own
        chars.update(strings(json.loads(catalogue.read_text("utf-8"))))
    words = json.loads((DATA / "colourist" / "words.json").read_text("utf-8"))
    chars.update(strings([concept.get("ja", {}) for concept in words["concepts"]]))
    chars = {ch for text in chars for ch in text}
    for first, last in RANGES:
        chars.update(chr(c) for c in range(first, last + 1))
    chars |= jis_x_0208(range(1, 9))  # symbols, kana, Greek, Cyrillic, box drawing
    level1 = jis_x_0208(range(16, 48))
    assert len(level1) == 2965, len(level1)
    chars |= level1
    return {ch for ch in chars if ch.isprintable() or ch == "\u3000"}


def build(weight: str, chars: set[str]) -> Path:
    font = TTFont(SOURCE[weight], fontNumber=JP_FACE, recalcTimestamp=False)  # reproducible
    options = subset.Options()
    options.notdef_outline = True  # a drawn box: missing characters are told from spaces
    options.layout_features = []  # Pillow draws with basic layout: no GSUB/GPOS shaping
    options.name_IDs = ["*"]
    options.hinting = False  # pictures are drawn at 14-60 px with antialiasing
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in chars))
    subsetter.subset(font)
    out = HERE / OUTPUT.format(weight=weight)
    font.save(out)
    missing = sorted(ch for ch in chars if ord(ch) not in font.getBestCmap())
    print(
        f"{out.name}: {out.stat().st_size:,} bytes, {len(font.getBestCmap()):,} characters;"
        f" not in the source: {''.join(missing)!r}"
    )
    return out


def licence() -> str:
    """The font's copyright notice and the OFL, from Debian's copyright file."""
    notice = TTFont(SOURCE["Regular"], fontNumber=JP_FACE)["name"].getDebugName(0)
    raw = DEBIAN_COPYRIGHT.read_bytes()
    text = (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode("utf-8")
    block = text.split("License: SIL-1.1\n", 2)[2].split("\nLicense: ", 1)[0]
    ofl = "\n".join("" if line == " ." else line[1:] for line in block.splitlines())
    return (
        f"NotoSansCJKjp-Subset-Regular.otf and NotoSansCJKjp-Subset-Bold.otf are subsets of\n"
        f"Noto Sans CJK JP (https://github.com/notofonts/noto-cjk), made by\n"
        f"build_cjk_subset.py from Debian's fonts-noto-cjk 1:20220127+repack1-1.\n\n"
        f"{notice}\n\nThis Font Software is licensed under the SIL Open Font License,"
        f" Version 1.1.\n\n{ofl.strip()}\n"
    )


def main() -> int:
    chars = wanted()
    print(
        f"{len(chars):,} characters wanted "
        f"({sum(bool(re.match(r'[一-龯]', ch)) for ch in chars):,} kanji)"
    )
    for weight in SOURCE:
        build(weight, chars)
    LICENSE.write_text(licence(), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
