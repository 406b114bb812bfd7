# Two commands for a fresh machine: `make run` (needs DISCORD_TOKEN) and `make test`.
# Each creates the virtualenv and installs what it needs the first time.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Exits 0 on Python 3.11 or newer: run by $(PYTHON) and by the virtualenv's own python.
NEW_ENOUGH := import sys; sys.exit(sys.version_info < (3, 11))

.PHONY: run test lint bench clean python-check

# The test suite runs in parallel: most of its time is waiting (pictures paced as on Discord,
# the emulator's rate limits, bot processes starting), so a worker or two more than the cores.
# Three measured best on 2 cores. `make test TEST_WORKERS=0` runs it in this one process.
TEST_WORKERS ?= 3

# A .venv left by an older or broken Python (e.g. a first try with Python 3.9) is removed before
# anything else, so that it is built again: `python -m venv` would keep its old interpreter and
# every later install would fail until someone deleted .venv by hand.
VENV_BROKEN := $(shell [ -e $(VENV) ] && ! $(BIN)/python -c '$(NEW_ENOUGH)' >/dev/null 2>&1 && echo yes)
ifeq ($(VENV_BROKEN),yes)
$(info make: $(VENV) was made by an old or broken Python: removing it to build it again)
$(shell rm -rf $(VENV))
endif

$(STAMP): pyproject.toml
	@$(MAKE) --no-print-directory python-check PYTHON='$(PYTHON)'
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "make: $(PYTHON) cannot create a virtualenv; on Debian or Ubuntu: sudo apt install python3-venv" >&2; \
	  exit 1; }
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,postgres]'
	touch $(STAMP)

# $(PYTHON) must be 3.11 or newer: say which one to use instead of failing inside pip.
python-check:
	@command -v $(PYTHON) >/dev/null 2>&1 || { \
	  echo "make: $(PYTHON) not found; pop-bot needs Python 3.11 or newer (make PYTHON=python3.12 …)" >&2; exit 1; }
	@$(PYTHON) -c '$(NEW_ENOUGH)' || { \
	  echo "make: $(PYTHON) is Python $$($(PYTHON) -c 'import platform; print(platform.python_version())'); pop-bot needs 3.11 or newer: make PYTHON=python3.11 (or newer)" >&2; exit 1; }

run: $(STAMP)
	$(BIN)/pop-bot run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS)

bench: $(STAMP)
	$(BIN)/pop-bot bench engine

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
