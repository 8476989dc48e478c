# Pokerclub: `make run` sets everything up and serves on http://127.0.0.1:8000 ;
# `make test` runs the whole suite. Both create the virtualenv and install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
DEMO_LANG ?= en

.PHONY: run test test-fast lint typecheck install install-dev migrate check bench clean messages catalogs

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

install: $(VENV)/.runtime
install-dev: $(VENV)/.dev

migrate: install messages
	$(BIN)/python manage.py migrate --noinput

# the Italian catalogs (locale/*/LC_MESSAGES/*.po, committed) compiled for Django (*.mo, not
# committed; GNU gettext's msgfmt). tests/test_catalogs.py fails on an entry out of date,
# untranslated or fuzzy; `make catalogs` brings the .po files up to date with the code
# (pokerclub/management/commands/catalogs.py).
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))
messages: $(MO_FILES)
locale/%.mo: locale/%.po
	msgfmt --check -o $@ $<

catalogs: install
	$(BIN)/python manage.py catalogs

run: migrate
	$(BIN)/python manage.py seed_demo --lang $(DEMO_LANG)
	@# Daphne's runserver; the table clock runs inside it (EMBEDDED_CLOCK, tables/clock.py)
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# the whole suite on two workers (pytest-xdist; a file's tests stay on one worker, its
# fixtures built once): a live-server test starts several processes of its own, and two
# workers keep a 2-core machine busy without starving them. PYTEST_WORKERS=1: one worker.
PYTEST_WORKERS ?= 2
test: install-dev messages
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile

# the quick loop while developing: no browser, nothing marked slow (CI runs everything), on
# every core (pytest-xdist; a module's tests stay on one worker: their fixtures are built once)
test-fast: install-dev messages
	$(BIN)/python -m pytest -m "not slow" --ignore=tests/browser -q -n auto --dist loadfile

# CI runs both before the tests and fails on a finding (.ci/run); so does pre-commit.
# lint-imports checks the import contracts of pyproject.toml (docs/architecture.md)
lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo

typecheck: install-dev
	$(BIN)/mypy

# the benchmark scripts on the configured database; their summary lines (docs/benchmarks.md
# has the numbers with the machine they ran on; bench/live_load.sh needs PostgreSQL + Redis)
bench: install-dev
	$(BIN)/python bench/engine.py --hands 300 --rounds 1
	$(BIN)/python bench/actions.py 300

check: install-dev
	$(BIN)/python manage.py check

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
