# The two commands of the README: `make run` and `make test`. Both create the virtual environment.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/companion simulate --players 4 --games 20 --seed 1

lint: $(STAMP)
	$(VENV)/bin/ruff check companion hardware web tests
	$(VENV)/bin/mypy --strict companion

test: lint
	$(VENV)/bin/pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
