# Two commands on a fresh machine: `make play` (install and start the game)
# and `make test` (install and run the whole test suite). Both create .venv.
# Both install gofish normally, not editable, so they run exactly what ships: the
# rules core compiled by mypyc when a C compiler is present (setup.py), else pure
# Python. After editing src/, run `make install-test` again (the tests say so).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
ARGS ?=

.PHONY: play test install install-test lint typecheck unit unit-pure bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Installing compiles the core (about 20 s), so it is redone only when a source changed.
SOURCES := pyproject.toml setup.py $(shell find src -type f -not -path '*/__pycache__/*')

$(VENV)/.installed: $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install -q .
	$(BIN)/gofish --version
	touch $@

$(VENV)/.installed-test: $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install -q '.[test]'
	$(BIN)/gofish --version
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test
	bash scripts/setup-test-system.sh

play: install
	$(BIN)/gofish play $(ARGS)

lint:
	$(BIN)/ruff check src tests bench examples scripts setup.py

typecheck:
	$(BIN)/mypy

# The suite in parallel (pytest-xdist), and its slowest tests named at the end, to keep an eye
# on its length. One worker more than there are cores: most tests wait on a browser, a server
# or a program, so a worker per core left the cores a third idle (2 cores, 7 Dec 2026: 879 s
# with 2 workers, 630 s with 3). At most 4, for the browser tests' memory.
WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n < 3 ? n + 1 : 4 )))
unit: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n $(WORKERS) --durations 15

# The rules tests once more on the interpreted source, so the pure fallback stays tested.
unit-pure:
	PYTHONPATH=src GOFISH_EXPECT_CORE=pure $(BIN)/python -m pytest -q -p no:cacheprovider tests/core

# numba compiles the simulator and the endgame search once per install (over a minute): that
# runs on the second core while the checks that need neither run, so the suite finds it cached.
# The background job is stopped with the recipe (Ctrl-C too). SUBMAKE, not $(MAKE), so that
# `make -n test` only prints these lines instead of running them.
SUBMAKE = $(MAKE) --no-print-directory
test: install-test
	$(BIN)/python scripts/warm_caches.py & warming=$$!; \
	trap 'kill $$warming 2>/dev/null; exit 130' INT TERM HUP; \
	$(SUBMAKE) lint typecheck unit-pure; checks=$$?; \
	wait $$warming || echo "compiling the numba code failed: the tests will compile it"; \
	exit $$checks
	$(SUBMAKE) unit

bench: $(BIN)/python
	$(BIN)/python -m pip install -q '.[bench]'
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/bulk_speed.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
