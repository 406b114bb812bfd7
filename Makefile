# Two commands for a fresh machine: `make run` (needs DISCORD_TOKEN) and `make test`.
# Each creates the virtualenv and installs what it needs the first time.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

# The engine's hot modules are compiled at install (setup.py): reinstall when they change.
$(STAMP): pyproject.toml setup.py engine/pop/grid.py engine/pop/game.py engine/pop/record.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,postgres]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/pop-bot run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q
	# The rules once more as plain Python, as they run wherever the compiled build is absent.
	POP_PURE_PYTHON=1 $(BIN)/python -m pytest -q tests/engine

bench: $(STAMP)
	$(BIN)/pop-bot bench engine

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build engine/pop/*.so engine/pop/_native_digest.py
