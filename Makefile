# Two commands for a fresh machine: `make run` (needs DISCORD_TOKEN) and `make test`.
# Each creates the virtualenv and installs what it needs the first time.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,postgres]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/pop-bot run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/pop-bot bench engine

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
