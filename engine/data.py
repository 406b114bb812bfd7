"""Where the static data lives: the `data/` folder beside the `engine` package.

`data/<game>/` holds one game's files (`data/pop/cards.csv`, `data/pop/enigmas.json`, its texts in
`data/pop/locales/`); `data/fonts` and `data/locales` are shared by every game. In a checkout (and
an editable install) this is the repository's top-level data/; a wheel carries the same tree as
package data (pyproject.toml), which pip installs beside engine/ in site-packages. Every reader
asks `data_path`, so no module guesses the place on its own.
"""

from __future__ import annotations

from pathlib import Path

DATA_ROOT = Path(__file__).resolve().parent.parent / "data"


def data_path(*parts: str) -> Path:
    """A file or folder under data/: `data_path("pop", "cards.csv")`, `data_path("fonts")`."""
    return DATA_ROOT.joinpath(*parts)
