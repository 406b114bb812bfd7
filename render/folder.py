"""A folder of pictures, as `pop-bot render` and `pop-bot demo` write it for every game: numbered
PNG files (`001-board-s1-t1.png`, …) and `alt.txt`, one line a picture, `FILE<TAB>alt text`.

A folder that already holds pictures from an earlier run is cleared of those pictures first (the
files its alt.txt lists, and that list), so old and new pictures never mix; any other file in
the folder is left alone. An `index.txt` that an earlier version's Colorpop demo wrote, in the
same form, is honoured once, then removed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from .kit import Picture

LISTING = "alt.txt"
OLDER_LISTING = "index.txt"
# A picture named in a listing: "001-board-s1-t1.png<TAB>…".
OUR_PICTURE = re.compile(r"^(\d{3}-[^\t/\\:]+\.png)\t")


class OutputError(Exception):
    """The pictures cannot be written where asked; the message is one line for the operator."""


def prepare_out(out_dir: str | Path) -> Path:
    """The folder for the pictures, created if needed and cleared of the pictures an earlier
    run wrote there (only those). OutputError when it is a file or cannot be created."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise OutputError(f"--out {out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name in (LISTING, OLDER_LISTING):
            _clear_listed(out / name)
    except OSError as e:
        raise OutputError(f"cannot write pictures to {out}: {e.strerror or e}") from None
    return out


def _clear_listed(listing: Path) -> None:
    """Remove the pictures a listing names, then the listing."""
    if not listing.is_file():
        return
    for line in listing.read_text(encoding="utf-8", errors="replace").splitlines():
        match = OUR_PICTURE.match(line)
        if match:
            (listing.parent / match.group(1)).unlink(missing_ok=True)
    listing.unlink()


def write_pictures(pictures: Sequence[Picture], out_dir: str | Path, first: int = 1) -> list[Path]:
    """Write the pictures as numbered PNG files (counted from `first`) and alt.txt into
    `out_dir`, after clearing an earlier run's pictures there; returns the files written.
    OutputError (one line) when the folder cannot be written."""
    out = prepare_out(out_dir)
    files, lines = [], []
    try:
        for number, picture in enumerate(pictures, first):
            path = out / f"{number:03d}-{picture.filename}"
            path.write_bytes(picture.png)
            files.append(path)
            lines.append(f"{path.name}\t{' '.join(picture.alt.split())}")
        (out / LISTING).write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as e:
        raise OutputError(f"cannot write pictures to {out}: {e.strerror or e}") from None
    return files
