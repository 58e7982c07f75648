# Two commands on a fresh machine: `make play` (install and start the game)
# and `make test` (install and run the whole test suite). Both create .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: play test install install-test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install -q -e .

install-test: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	bash scripts/setup-test-system.sh

play: install
	$(BIN)/gofish play $(ARGS)

lint:
	$(BIN)/ruff check src tests bench

typecheck:
	$(BIN)/mypy

unit:
	$(BIN)/python -m pytest

test: install-test lint typecheck unit

bench: $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/bulk_speed.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
