"""The folder `pop-bot render` and `pop-bot demo` write for every game (render/folder.py):
numbered PNG files and alt.txt, one `FILE<TAB>alt text` line each; a folder used before is
cleared of the pictures its listing names, and of nothing else."""

from __future__ import annotations

import pytest

from render.folder import OutputError, write_pictures
from render.kit import Picture


def pictures(*names: str) -> list[Picture]:
    return [Picture(f"png of {n}".encode(), f"{n}, in  two\nlines", f"{n}.png") for n in names]


def test_the_pictures_are_numbered_and_listed_with_their_alt_texts(tmp_path):
    files = write_pictures(pictures("start", "move"), tmp_path)
    assert [f.name for f in files] == ["001-start.png", "002-move.png"]
    assert (tmp_path / "002-move.png").read_bytes() == b"png of move"
    assert (tmp_path / "alt.txt").read_text(encoding="utf-8") == (
        "001-start.png\tstart, in two lines\n002-move.png\tmove, in two lines\n"
    )
    write_pictures(pictures("start"), tmp_path / "from-zero", first=0)
    assert (tmp_path / "from-zero" / "alt.txt").read_text().startswith("000-start.png\t")


def test_a_folder_used_before_keeps_only_what_is_not_its_old_pictures(tmp_path):
    write_pictures(pictures("a", "b", "c"), tmp_path)
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "004-mine.png").write_bytes(b"mine, not listed")
    write_pictures(pictures("z"), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "001-z.png",
        "004-mine.png",
        "alt.txt",
        "notes.txt",
    ]


def test_an_older_index_txt_is_honoured_once(tmp_path):
    """An earlier version's Colorpop demo listed its pictures in index.txt, the same way."""
    for name in ("000-move1-turn.png", "001-final.png"):
        (tmp_path / name).write_bytes(b"old")
    (tmp_path / "index.txt").write_text("000-move1-turn.png\tboard\n001-final.png\tfinal\n")
    write_pictures(pictures("new"), tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["001-new.png", "alt.txt"]


def test_a_file_is_no_folder(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("mine")
    with pytest.raises(OutputError, match="is a file, not a folder"):
        write_pictures(pictures("a"), taken)
    assert taken.read_text() == "mine"
