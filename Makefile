# The two commands a GM needs: `make run` and `make test`. Both set themselves up on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO ?= torg-demo
# `make run` plays a working copy of the shipped demo (in .play/, ignored by git) so the demo in
# campaigns/ stays pristine; `make run CAMPAIGN=path` opens any campaign folder in place.
CAMPAIGN ?= .play/$(DEMO)

.PHONY: setup bench-setup run reset-demo test lint bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	@if [ "$(CAMPAIGN)" = ".play/$(DEMO)" ] && [ ! -d "$(CAMPAIGN)" ]; then \
		mkdir -p .play && cp -R campaigns/$(DEMO) $(CAMPAIGN) && \
		echo "Playing a copy of campaigns/$(DEMO) in $(CAMPAIGN) (make reset-demo starts it afresh)"; fi
	$(BIN)/gmconsole open $(CAMPAIGN)

reset-demo:
	rm -rf .play/$(DEMO)

# The suite writes bytecode even when the environment sets PYTHONDONTWRITEBYTECODE: without it,
# each of the two workers and every console the tests start compiled the whole package from
# source, and pytest rewrote every test's asserts again (a fresh clone's suite: 165 s -> 151 s).
test: $(STAMP)
	$(BIN)/python -m ruff check gmconsole tests
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n auto

lint: $(STAMP)
	$(BIN)/python -m ruff check gmconsole tests

# d20 (the benchmark's reference) is installed without its lark-parser pin: see pyproject.toml.
bench-setup: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m pip install --quiet --no-deps 'd20>=1.1'

bench: bench-setup
	$(BIN)/python -m gmconsole.bench

clean:
	rm -rf $(VENV) .pytest_cache
