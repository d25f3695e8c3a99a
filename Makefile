# Everything a fresh machine with Python 3.11 and make needs: each target installs what it uses.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build golden architecture native native-test test test-all lint typecheck pytest bench differential mcr-differential oracle docs fuzz clean vsix pre-commit-try

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "make: $(PYTHON) not found; set PYTHON=/path/to/python3.11"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# VS Code's TextMate tokenizer, which tests/editors/test_textmate.py runs under Node.js.
TOKENIZER := tests/editors/tokenizer
TOKENIZER_STAMP := $(TOKENIZER)/node_modules/.installed
VSCODE := editors/vscode

# pyproject.toml maps the repository's folders into the one package `mjc`, so setuptools installs
# a checkout through an import finder and warns that a folder named like the package (our
# `mjc/`, which links to those folders) could shadow it; here it is the package itself.
EDITABLE := PYTHONWARNINGS="ignore:Editable installation:UserWarning"

$(STAMP): $(BIN)/python pyproject.toml
	$(EDITABLE) $(BIN)/python -m pip install --quiet -e '.[dev,docs,bench,lsp,sim,ray,native,serve]'
	@touch $(STAMP)

build: $(STAMP)
	$(BIN)/mjc build -o build --docs-dir docs/generated

# The native build (compiler/emit/native.py): the same modules and the runtime's scoring path
# compiled to C with mypyc, into build/native (needs a C compiler; a minute or so). Run
# anything on it with PYTHONPATH=build/native python -P (-P: the checkout's mjc/ stays out).
NATIVE := build/native
NATIVE_SOURCES := $(shell find runtime compiler -name '*.py') $(wildcard compiler/templates/* rulebooks/*.mjr grammar/*)

$(NATIVE)/NATIVE.json: $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/mjc build -o build --docs-dir docs/generated --native

native: $(NATIVE)/NATIVE.json

# The whole suite on the native build: a copy of the checkout whose mjc/ is the build's
# (build/native-test; about as long as `make test`). tests/native, which builds its own, is
# left out; compiled runtime functions answer a wrong type in mypyc's words (docs/native.md).
NATIVE_TEST := build/native-test
native-test: native
	rm -rf $(NATIVE_TEST) && mkdir -p $(NATIVE_TEST)
	cp -r $(NATIVE)/. $(NATIVE_TEST)/
	git ls-files -z | grep -zv '^mjc/' | xargs -0 cp --parents -t $(NATIVE_TEST)
	cd $(NATIVE_TEST) && $(CURDIR)/$(BIN)/python -P -m pytest -p no:cacheprovider \
		-o addopts=--import-mode=importlib -q --ignore=tests/native

# The checks and the tests a contributor runs before each commit: every test but the long runs
# (@pytest.mark.slow), on every core (pytest-xdist), the ten slowest listed at the end.
PYTEST_FAST := $(BIN)/python -m pytest -n auto --dist worksteal --durations=10

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

test: $(STAMP) $(TOKENIZER_STAMP) lint
	$(PYTEST_FAST)

# Everything, for a release or when CI is asked (MJC_TEST_ALL=1 .ci/run): the slow tests too,
# the oracle sets at full size (`differential`) and the whole suite on the native build.
test-all: $(STAMP) $(TOKENIZER_STAMP) lint
	$(PYTEST_FAST) --all
	@$(MAKE) --no-print-directory differential
	@$(MAKE) --no-print-directory native-test

# Rewrite the golden build output (tests/golden/output) after a change meant to alter what
# `mjc build` writes; commit the fixtures with that change, so its diff shows the effect.
golden: $(STAMP)
	MJC_UPDATE_GOLDEN=1 $(BIN)/python -m pytest tests/test_build_golden.py

# Redraw the package diagram of docs/architecture.md from the code (make test fails when stale).
architecture: $(STAMP)
	$(BIN)/python -m tools.architecture

differential: $(STAMP)
	MJC_DIFFERENTIAL_HANDS=100000 MJC_MCR_HANDS=200000 MJC_RIICHI_HANDS=100000 $(BIN)/python -m pytest tests/differential

# The Chinese Official rulebook against PyMahjongGB alone, on 200,000 hands (CI draws 20,000).
mcr-differential: $(STAMP)
	MJC_MCR_HANDS=200000 $(BIN)/python -m pytest tests/differential/test_mcr_pymahjonggb.py

# The Riichi rulebook against the `mahjong` package's HandCalculator on 100,000 hands (CI draws
# 20,000), and settles a tenth of them as rounds by the rulebook's payments section;
# `python -m bench.riichi_agreement` prints the disagreements grouped by field.
oracle: $(STAMP)
	MJC_RIICHI_HANDS=100000 $(BIN)/python -m pytest tests/differential/test_riichi_mahjong.py tests/differential/test_riichi_settlement_mahjong.py

# The fuzz tests with fresh random inputs, each bulk run for FUZZ_SECONDS (about ten minutes in
# all); every failing input is kept, shrunk, in tests/fuzz/regressions/ (commit it with the fix).
FUZZ_SECONDS ?= 40
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore MJC_FUZZ_SCALE=1000 MJC_FUZZ_SECONDS=$(FUZZ_SECONDS) $(BIN)/python -m pytest tests/fuzz

# Everything in one run: the scoring, play and whole-round figures beside the peers (the
# `mahjong` package, RLCard, riichienv; MCR beside PyMahjongGB, Riichi beside `mahjong`'s
# HandCalculator; `python -P -m bench --only mcr|riichi|rounds|startup|wilds` runs one section), then `mjc simulate`'s rounds per second on 1 and 2
# local workers and a local Ray instance, and its memory (bench/simulate.py; a minute or two).
# The figures are the native build's (`make native`); where it cannot be built, the
# interpreted package's, and the bench says which it measured. It prints one table (each
# figure beside its peer's, their ratio and the goal, with the machine and the number of
# runs) and writes the same as JSON to build/bench.json.
bench: $(STAMP)
	@$(MAKE) --no-print-directory native || echo "make: no native build; the bench measures the interpreted package"
	PYTHONPATH=$(NATIVE):. $(BIN)/python -P -m bench --json build/bench.json
	$(BIN)/python -m bench.simulate

docs: build
	$(BIN)/mjc docs

$(TOKENIZER_STAMP): $(TOKENIZER)/package.json $(TOKENIZER)/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "make: npm not found (apt-get install nodejs npm)"; exit 2; }
	cd $(TOKENIZER) && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The VS Code extension as a .vsix (editors/vscode/README.md): not part of build or test.
vsix:
	@command -v npm >/dev/null 2>&1 || { echo "make: npm not found (apt-get install nodejs npm)"; exit 2; }
	cd $(VSCODE) && npm ci --no-audit --no-fund --loglevel=error
	mkdir -p build
	cd $(VSCODE) && npx --no-install vsce package --skip-license -o ../../build/
	@ls build/*.vsix

# pre-commit's own run of the hooks in .pre-commit-hooks.yaml, from a clone of HEAD.
pre-commit-try: $(STAMP)
	BIN=$(CURDIR)/$(BIN) bash tests/pre_commit_try.sh

clean:
	rm -rf build site docs/generated
