# Two commands for a fresh machine: `make run` (needs DISCORD_TOKEN) and `make test`.
# Each creates the virtualenv and installs what it needs the first time.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
# Every dependency, pinned with the hashes of its files (`make lock` writes them from
# pyproject.toml): requirements.lock what the bot runs on (the Docker image installs it too),
# requirements-test.lock the same and the tests' tools. pop-bot itself installs after them with
# --no-deps, and is built by the setuptools they pin (--no-build-isolation): nothing unpinned or
# unchecked gets in.
RUN_LOCK := requirements.lock
TEST_LOCK := requirements-test.lock
UV := uv==0.13.8
# Exits 0 on Python 3.11 or newer: run by $(PYTHON) and by the virtualenv's own python.
NEW_ENOUGH := import sys; sys.exit(sys.version_info < (3, 11))

.PHONY: run test lint bench clean python-check lock installed-matches-lock

# The test suite runs in parallel: most of its time is waiting (pictures paced as on Discord,
# the emulator's rate limits, bot processes starting), so a worker or two more than the cores.
# Four measured best on 2 cores (a clean clone: 290 s against 304 s with three, whose cores
# stood idle a fifth of the time). `make test TEST_WORKERS=0` runs it in this one process.
# Its Python writes bytecode even where the machine says not to (PYTHONDONTWRITEBYTECODE): each
# worker, and every bot process a test starts, would compile the sources and rewrite the tests'
# asserts again (about 5 s of CPU each).
TEST_WORKERS ?= 4

# A .venv left by an older or broken Python (e.g. a first try with Python 3.9) is removed before
# anything else, so that it is built again: `python -m venv` would keep its old interpreter and
# every later install would fail until someone deleted .venv by hand.
VENV_BROKEN := $(shell [ -e $(VENV) ] && ! $(BIN)/python -c '$(NEW_ENOUGH)' >/dev/null 2>&1 && echo yes)
ifeq ($(VENV_BROKEN),yes)
$(info make: $(VENV) was made by an old or broken Python: removing it to build it again)
$(shell rm -rf $(VENV))
endif

$(RUN_STAMP): pyproject.toml $(RUN_LOCK)
	@$(MAKE) --no-print-directory python-check PYTHON='$(PYTHON)'
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "make: $(PYTHON) cannot create a virtualenv; on Debian or Ubuntu: sudo apt install python3-venv" >&2; \
	  exit 1; }
	$(BIN)/pip install --quiet --require-hashes -r $(RUN_LOCK)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	@$(MAKE) --no-print-directory installed-matches-lock
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP) $(TEST_LOCK)
	$(BIN)/pip install --quiet --require-hashes -r $(TEST_LOCK)
	@$(MAKE) --no-print-directory installed-matches-lock
	touch $(STAMP)

# A lock older than pyproject.toml (a dependency added, a range changed) is named, not half used.
installed-matches-lock:
	@$(BIN)/pip check >/dev/null || { $(BIN)/pip check >&2; \
	  echo "make: the lock files do not hold what pyproject.toml asks for: make lock, then make again" >&2; \
	  exit 1; }

# Both lock files written again from pyproject.toml, with the hashes of every file PyPI has for
# each version (any platform, Python 3.11 or newer), the run lock pinned as the test lock is.
# A pin that still fits pyproject.toml is kept; `make lock UPGRADE=1` takes the newest versions
# its ranges allow. Review the change and commit it: `make` installs exactly that.
lock:
	@$(MAKE) --no-print-directory python-check PYTHON='$(PYTHON)'
	[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet '$(UV)'
	$(BUILD_REQUIRES) | $(BIN)/uv pip compile pyproject.toml - --extra test --extra postgres \
	  $(LOCK_OPTIONS) --output-file $(TEST_LOCK)
	$(BUILD_REQUIRES) | $(BIN)/uv pip compile pyproject.toml - --extra postgres \
	  $(LOCK_OPTIONS) --constraint $(TEST_LOCK) --output-file $(RUN_LOCK)

# pop-bot's build backend (pyproject.toml's build-system.requires), locked with the rest.
BUILD_REQUIRES = $(PYTHON) -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['build-system']['requires'], sep='\n')"
LOCK_OPTIONS = --generate-hashes --universal --python-version 3.11 $(if $(UPGRADE),--upgrade) --quiet \
  --custom-compile-command 'make lock'

# $(PYTHON) must be 3.11 or newer: say which one to use instead of failing inside pip.
python-check:
	@command -v $(PYTHON) >/dev/null 2>&1 || { \
	  echo "make: $(PYTHON) not found; pop-bot needs Python 3.11 or newer (make PYTHON=python3.12 …)" >&2; exit 1; }
	@$(PYTHON) -c '$(NEW_ENOUGH)' || { \
	  echo "make: $(PYTHON) is Python $$($(PYTHON) -c 'import platform; print(platform.python_version())'); pop-bot needs 3.11 or newer: make PYTHON=python3.11 (or newer)" >&2; exit 1; }

run: $(RUN_STAMP)
	$(BIN)/pop-bot run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -q -n $(TEST_WORKERS)

bench: $(STAMP)
	$(BIN)/pop-bot bench engine

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
