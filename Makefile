# Pokerclub: `make run` sets everything up and serves on http://127.0.0.1:8000 ;
# `make test` runs the whole suite. Both create the virtualenv and install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run serve test install install-dev migrate check bench clean

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

migrate: install
	$(BIN)/python manage.py migrate --noinput

run: migrate
	$(BIN)/python manage.py seed_demo
	@# Daphne's runserver; the table clock runs inside it (EMBEDDED_CLOCK, tables/clock.py)
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install-dev
	$(BIN)/python -m pytest

check: install-dev
	$(BIN)/python manage.py check

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis
