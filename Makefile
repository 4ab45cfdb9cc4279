# Two commands on a fresh machine: `make run` and `make test`. Each bootstraps .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test bench screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/gonets serve

play: $(STAMP)
	$(BIN)/gonets play loveletter --players 4 --bots heuristic,heuristic,random

test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/python -m pytest -n auto --dist loadgroup

screenshots: $(STAMP)
	GONETS_SCREENSHOTS=1 $(BIN)/python -m pytest tests/browser

bench: $(STAMP)
	$(BIN)/gonets bench loveletter

clean:
	rm -rf $(VENV) build dist src/*.egg-info
