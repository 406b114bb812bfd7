"""The CPU time (time.process_time) to draw every picture of each game (every_picture.PICTURES)
in English, then Japanese, then English again (warm), PNG encoding included, each game in a
fresh process, its games played beforehand (engine work is not drawing). With a digest of the
last run's PNGs, to see at a glance that a change left the bytes alone. One JSON object a game.

    nice -n 19 .venv/bin/python -m tests.render.time_pictures [GAME ...]
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time

from . import colorpop_pictures as colorpop
from . import every_picture as every

LANGS = ("en", "ja", "en")


def _play(game: str) -> None:
    """Play (and cache) the games a game's pictures show."""
    if game == "coloretto":
        for seats, seed, expert in every.COLORETTO_GAMES:
            every._coloretto_steps(seats, seed, expert)
    elif game == "colourist":
        for seats, seed in ((6, 3), (3, 2)):
            every._colourist_game(seats, seed)
    elif game == "colorpop":
        for mode, seats, seed, colours in colorpop.GAMES:
            colorpop.scenes(mode, seats, seed, colours)


def time_game(game: str) -> str:
    _play(game)
    seconds, n, digest = [], 0, ""
    for lang in LANGS:
        start, sha, n = time.process_time(), hashlib.sha256(), 0
        for _, png in every.PICTURES[game](lang):
            sha.update(png)
            n += 1
        seconds.append([lang, round(time.process_time() - start, 3)])
        digest = sha.hexdigest()[:12]
    return json.dumps(
        {"benchmark": "pictures", "game": game, "pictures": n, "cpu_s": seconds, "sha256": digest}
    )


def main(argv: list[str]) -> None:
    if argv[:1] == ["--one"]:
        print(time_game(argv[1]), flush=True)
        return
    for game in argv or every.GAMES:
        subprocess.run(
            [sys.executable, "-m", "tests.render.time_pictures", "--one", game], check=True
        )


if __name__ == "__main__":
    main(sys.argv[1:])
