"""`pop-bot render RECORD --lang L` draws what the table showed, for every game: a seeded game
played through its game's face in Japanese, as the table layer drives it (tests/bot/transcripts.py),
and the same game's record drawn by `pop-bot render --lang ja` give the same pictures, byte for
byte, with the same alt texts, in the same order, under the same file names (a Coloretto
picture's name leaves out the table's game number, which a record does not know); drawn with
`--lang en`, the same pictures say it all in English.

Not compared: a Pop game of two or more sets, where the table also shows each set's results
before the next set's board and `pop-bot render` shows the results once, at the end.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.games import faces
from bot.model.table import LiveTable, Pending
from bot.tables import workers

from .transcripts import _Store, seated_table

# (game, options, seats, seed, AI level): short games (Colorpop's boards are slow to draw).
GAMES = (
    ("pop", {"mode": "trick", "sets": 1}, 3, 2, "normal"),
    ("coloretto", {"expert": True}, 2, 5, "normal"),
    ("colorpop", {"mode": "competitive"}, 3, 47, "hard"),  # 20 moves; a side cleared
    ("colourist", {"length": "short"}, 3, 41, "normal"),
)
JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")  # kana and kanji
Drawn = list[tuple[str, bytes, str]]  # (file name, PNG, alt text) in order


async def posted(
    key: str, options: dict[str, Any], seats: int, seed: int, level: str, lang: str
) -> tuple[dict[str, Any], list[Any]]:
    """The game's record, and every picture its table showed: each turn's table message, each
    move's posts."""
    face: Any = faces()[key]
    game = face.game
    table = seated_table(key, options, seats, seed, lang, named="{id}")  # as a record names them
    table.status = "playing"
    live = LiveTable(table, game.start(face.options(table), [s.id for s in table.seats], seed))
    pictures = list(face.table_post(live, lang).pictures)
    while game.outcome(live.state) is None:
        seat = sorted(game.to_act(live.state))[0]
        move = game.ai_move(game.view(live.state, seat), level, table.moves)
        applied = face.apply(live.state, seat, move)  # as the table layer does
        table.moves += 1
        table.version += 1
        pending = Pending(
            table.games, table.moves, live.state, applied.events, applied.after, applied.new_turn
        )
        live = LiveTable(table, applied.after)
        for post in await face.move_posts(_Store(), live, pending, lang):
            pictures += post.pictures
        if applied.new_turn and game.outcome(live.state) is None:
            pictures += face.table_post(live, lang).pictures
    return game.export_record(live.state), pictures


def rendered(record: dict[str, Any], lang: str, folder: Path, capsys: Any) -> Drawn:
    """`pop-bot render --lang LANG` of the record: the files alt.txt lists, each with its
    alt text, after checking the line it ends with."""
    path = folder / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = folder / lang
    assert main(["render", str(path), "--out", str(out), "--lang", lang]) == 0
    lines = (out / "alt.txt").read_text(encoding="utf-8").splitlines()
    assert capsys.readouterr().out == f"{len(lines)} pictures written to {out}\n"
    assert sorted(p.name for p in out.glob("*.png")) == [line.split("\t")[0] for line in lines]
    return [(name, (out / name).read_bytes(), alt) for name, alt in (x.split("\t") for x in lines)]


@pytest.mark.parametrize(("key", "options", "seats", "seed", "level"), GAMES)
def test_render_draws_what_the_table_showed_in_two_languages(
    key, options, seats, seed, level, tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(workers.PICTURES, "size", 0)  # the face draws here: the same bytes
    record, pictures = asyncio.run(posted(key, options, seats, seed, level, "ja"))
    shown = [
        (f"{i:03d}-{re.sub(r'-g[0-9]+-', '-', p.filename)}", p.png, " ".join(p.alt.split()))
        for i, p in enumerate(pictures, 1)
    ]
    japanese = rendered(record, "ja", tmp_path, capsys)
    assert [name for name, _, _ in japanese] == [name for name, _, _ in shown]
    for (name, png, alt), (_, want_png, want_alt) in zip(japanese, shown, strict=True):
        assert alt == want_alt, name
        assert png == want_png, name
        assert JAPANESE.search(alt), name
    english = rendered(record, "en", tmp_path, capsys)
    assert [name for name, _, _ in english] == [name for name, _, _ in japanese]
    assert not [name for name, _, alt in english if JAPANESE.search(alt)]
