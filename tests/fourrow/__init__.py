"""A fifth game that lives in the tests only: four in a row on a 6 × 5 grid, two seats, one
seat at a time (`RULES.md`). It proves a new game costs its own folder and one registration
line: its rules (`game.py`), pictures (`pictures.py`), Discord face (`face.py`) and texts
(`texts.py`) are all here, and `entry.py` is what a test registers."""
