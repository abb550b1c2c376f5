# Puzzle Studio: set up, run, test. GNU make on Debian/Ubuntu.
#
#   make run     create .venv, install the studio and the system libraries a Qt window needs,
#                open the studio on SAMPLE (default resources/samples/sailboat.json)
#   make test    create .venv with the test tools, install what Qt needs offscreen, then
#                ruff, ruff format --check, mypy, lint-imports, pytest (offscreen), dist-check
#   make lint    ruff, ruff format --check, mypy, lint-imports
#   make bench   run the scripts in benchmarks/ (print tables; take minutes)
#   make dist    build the one-folder desktop app dist/puzzle-studio/ with PyInstaller
#                (again only when the sources changed)
#   make dist-check  make dist, then run the built app headless: commands, a process pool,
#                a book to PDF, the window
#   make clean   remove .venv, build/, dist/ and the tool caches
#
# The venv is reused while it is newer than pyproject.toml (stamp files inside .venv), so only
# the first run downloads anything. System packages are installed with apt-get (as root, or
# through sudo) by tools/system-deps.sh, and only when missing.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
VENV ?= .venv
SAMPLE ?= resources/samples/sailboat.json
BENCH ?= $(sort $(wildcard benchmarks/*.py))
PYTEST_ARGS ?=

BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check
SYSTEM_DEPS := bash tools/system-deps.sh
VENV_STAMP := $(VENV)/.made-by-make
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
DIST_STAMP := $(VENV)/.installed-dist

.PHONY: help run test lint bench dist dist-check clean

help:
	@sed -n '3,14s/^# \{0,1\}//p' Makefile

# --- the virtual environment ---------------------------------------------------------------------

# What an install reads: the project, and the C sources of its extension, which pip compiles (an
# edited C source is built again by the next make run or make test).
INSTALL_INPUTS := pyproject.toml setup.py $(shell find studio -name '*.c')

$(VENV_STAMP):
	@command -v $(PYTHON) >/dev/null || { \
	  echo "error: $(PYTHON) not found. Puzzle Studio needs Python 3.11 or newer." >&2; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	  echo "error: Puzzle Studio needs Python 3.11 or newer; $(PYTHON) is" \
	    "$$($(PYTHON) -c 'import platform; print(platform.python_version())')." >&2; \
	  echo "Install a newer Python and run: make $(MAKECMDGOALS) PYTHON=python3.12 (say)" >&2; \
	  exit 1; }
	@if [[ -x $(BIN)/python ]]; then \
	  $(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	    echo "error: $(VENV) holds Python $$($(BIN)/python -V); remove it (make clean)" >&2; \
	    exit 1; }; \
	  echo "Reusing $(VENV)"; \
	else \
	  $(SYSTEM_DEPS) venv $(PYTHON); \
	  echo "$(PYTHON) -m venv $(VENV)"; \
	  $(PYTHON) -m venv $(VENV); \
	fi
	@touch $@

# `make test` installs a superset of what `make run` needs, so either stamp serves `run`.
$(RUN_STAMP): $(INSTALL_INPUTS) $(VENV_STAMP)
	@if [[ -z "$$(find $(INSTALL_INPUTS) $(VENV_STAMP) -newer $(TEST_STAMP) 2>/dev/null)" \
	      && -f $(TEST_STAMP) ]]; then \
	  echo "$(VENV) is up to date (installed by make test)"; \
	else \
	  $(SYSTEM_DEPS) venv $(BIN)/python; \
	  echo "Installing Puzzle Studio into $(VENV) (the first time downloads about 130 MB)"; \
	  $(PIP) install -e .; \
	fi
	@touch $@

$(TEST_STAMP): $(INSTALL_INPUTS) $(VENV_STAMP)
	@$(SYSTEM_DEPS) venv $(BIN)/python
	@echo "Installing Puzzle Studio and its test tools into $(VENV) (first time: about 150 MB)"
	$(PIP) install -e '.[test]'
	@touch $@

$(DIST_STAMP): $(INSTALL_INPUTS) $(VENV_STAMP)
	@$(SYSTEM_DEPS) venv $(BIN)/python
	@echo "Installing Puzzle Studio and PyInstaller into $(VENV)"
	$(PIP) install -e '.[dist]'
	@touch $@

# Checked every time (about 0.2 s; installs nothing when all is present).
QT_OFFSCREEN_LIBS = $(SYSTEM_DEPS) offscreen $(BIN)/python
QT_WINDOW_LIBS = $(SYSTEM_DEPS) window $(BIN)/python

define LINT
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy
	$(BIN)/lint-imports
endef

# --- targets -------------------------------------------------------------------------------------

run: $(RUN_STAMP)
	@test -f '$(SAMPLE)' || { \
	  echo "error: $(SAMPLE) not found; pass another puzzle: make run SAMPLE=path/to/puzzle.json" >&2; \
	  exit 1; }
	@$(QT_WINDOW_LIBS)
	@if [[ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}$${QT_QPA_PLATFORM:-}" ]]; then \
	  echo "warning: neither DISPLAY nor WAYLAND_DISPLAY is set; Qt may find no screen" \
	    "(on a headless machine: xvfb-run make run)" >&2; \
	fi
	$(BIN)/studio gui '$(SAMPLE)'

lint: $(TEST_STAMP)
	$(LINT)

test: $(TEST_STAMP)
	@$(QT_OFFSCREEN_LIBS)
	$(LINT)
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest $(PYTEST_ARGS)
	@$(MAKE) --no-print-directory dist-check

bench: $(RUN_STAMP)
	@$(QT_OFFSCREEN_LIBS)
	@for script in $(BENCH); do \
	  echo "=== $$script"; \
	  QT_QPA_PLATFORM=offscreen $(BIN)/python "$$script"; \
	  echo; \
	done

APP := dist/puzzle-studio/puzzle-studio
APP_SOURCES := pyproject.toml setup.py $(shell find studio packaging -type f -not -name '*.pyc')

dist: $(APP)

# The window's libraries are installed first so that the bundle carries the ones the xcb and
# Wayland plugins need. About 30 s; build/ holds PyInstaller's work files.
$(APP): $(DIST_STAMP) $(APP_SOURCES)
	@$(QT_WINDOW_LIBS)
	rm -rf dist/puzzle-studio
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build \
	  packaging/puzzle-studio.spec
	@echo "Built dist/puzzle-studio/ ($$(du -sh dist/puzzle-studio | cut -f1)):" \
	  "run dist/puzzle-studio/puzzle-studio; install for one user: see README.md"

dist-check: $(APP)
	@$(QT_OFFSCREEN_LIBS)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m tests.packaging.dist_checks

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache \
	  .import_linter_cache .hypothesis
	find . -path ./.git -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find studio -name '*.so' -delete
