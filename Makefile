# Everything a fresh machine with Python 3.11 and make needs: each target installs what it uses.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test lint typecheck pytest bench differential docs fuzz clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "make: $(PYTHON) not found; set PYTHON=/path/to/python3.11"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[dev,docs,bench,lsp]'
	@touch $(STAMP)

build: $(STAMP)
	$(BIN)/mjc build -o build --docs-dir docs/generated

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

differential: $(STAMP)
	MJC_DIFFERENTIAL_HANDS=100000 $(BIN)/python -m pytest tests/differential

# The fuzz tests with fresh random inputs, each bulk run for FUZZ_SECONDS (about ten minutes in
# all); every failing input is kept, shrunk, in tests/fuzz/regressions/ (commit it with the fix).
FUZZ_SECONDS ?= 40
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore MJC_FUZZ_SCALE=1000 MJC_FUZZ_SECONDS=$(FUZZ_SECONDS) $(BIN)/python -m pytest tests/fuzz

bench: $(STAMP)
	$(BIN)/python -m bench

docs: build
	$(BIN)/mjc docs

clean:
	rm -rf build site docs/generated
