# Everything a fresh machine with Python 3.11 and make needs: each target installs what it uses.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test lint typecheck pytest bench docs fuzz clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "make: $(PYTHON) not found; set PYTHON=/path/to/python3.11"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev,docs,bench]'
	@touch $(STAMP)

build: $(STAMP)
	$(BIN)/mjc build -o build --docs-dir docs/generated

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

# The fuzz tests with 25 times their CI budget and fresh random inputs; every failing input is
# kept in tests/fuzz/regressions/ (commit it with the fix). FUZZ_SCALE=100 runs longer.
FUZZ_SCALE ?= 25
fuzz: $(STAMP)
	MJC_FUZZ_SCALE=$(FUZZ_SCALE) $(BIN)/python -m pytest tests/fuzz

bench: $(STAMP)
	$(BIN)/python -m bench

docs: build
	$(BIN)/mjc docs

clean:
	rm -rf build site docs/generated
