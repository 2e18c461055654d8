# The two commands of the README: `make run` and `make test`. Both create the virtual environment.
VENV ?= .venv
PY := $(VENV)/bin/python
# What the table needs, all a first `make run` installs; STAMP adds the test tools (pytest, hypothesis, ruff,
# mypy, Playwright: most of the time a fresh clone took before its first page) for `make test` and `make lint`.
RUNTIME := $(VENV)/.runtime
STAMP := $(VENV)/.installed

.PHONY: run test lint tools browser micropython clean catalog

$(RUNTIME): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(RUNTIME)

$(STAMP): $(RUNTIME)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(RUNTIME)
	$(VENV)/bin/companion run

lint: $(STAMP)
	$(VENV)/bin/ruff check companion hardware web tests
	$(VENV)/bin/mypy --strict companion web hardware --exclude hardware/firmware

# Debian tools some tests need (CI runs as root); without root they are skipped, visibly, outside CI.
tools:
	@command -v shellcheck >/dev/null || (apt-get update -qq && apt-get install -y -qq shellcheck) \
		|| echo "could not install shellcheck: its test will be skipped"
	@command -v systemd-analyze >/dev/null || apt-get install -y -qq systemd \
		|| echo "could not install systemd: its test will be skipped"
	@command -v debootstrap >/dev/null || test -x /usr/sbin/debootstrap \
		|| apt-get install -y -qq debootstrap || (apt-get update -qq && apt-get install -y -qq debootstrap) \
		|| echo "could not install debootstrap: the installer's test in a Debian root will be skipped (in CI it fails)"
	@/sbin/ldconfig -p | grep -q 'libfribidi\.so\.0 ' || apt-get install -y -qq libfribidi0 \
		|| echo "could not install libfribidi0: the box drawing test with Pillow's Raqm layout will be skipped (in CI it fails)"

# The browser tests drive Debian's chromium, never a browser Playwright downloads (they fail without it in CI).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium) \
		|| echo "could not install chromium: the browser tests will be skipped (in CI they fail)"

# The Pico firmware's test runs it under MicroPython's WebAssembly port, from npm into build/npm (git ignores
# build/), with Debian's node (that test fails without them in CI).
MICROPYTHON := @micropython/micropython-webassembly-pyscript@1.27.0
micropython:
	@(command -v node >/dev/null && command -v npm >/dev/null) \
		|| (apt-get update -qq && apt-get install -y -qq nodejs npm) \
		|| echo "could not install nodejs and npm: the firmware's MicroPython test will be skipped (in CI it fails)"
	@test -f build/npm/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs \
		|| npm install --silent --no-audit --no-fund --prefix build/npm $(MICROPYTHON) \
		|| echo "could not install $(MICROPYTHON): the firmware's MicroPython test will be skipped (in CI it fails)"

test: lint tools browser micropython
	$(VENV)/bin/pytest -q -n auto --dist loadscope

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# After adding or changing a message: refresh the French catalogs (the framework's and each game's), then
# translate the new entries (empty) it lists.
catalog: $(RUNTIME)
	$(PY) -m companion.locale.catalogs || true
