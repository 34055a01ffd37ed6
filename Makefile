# Dérive: build / test tooling.
#
#   make serve      install what is missing, serve the repo on http://127.0.0.1:$(PORT)/
#                   (SERVE_ARGS=--coi adds COOP/COEP, needed for DOM access from PyScript workers)
#   make test       install what is missing, then lint + typecheck + pytest (unit and e2e)
#   make unit       pytest without the browser tests (-m "not e2e")
#   make e2e        only the browser tests
#   make lint       ruff check, zizmor (workflows)   make format   ruff format + fix imports
#   make typecheck  mypy (derive/ if present, tools/)
#   make bench      run every bench/bench_*.py with the venv python
#   make vendor     copy the pinned PyScript/Pyodide runtime from node_modules/ to vendor/
#   make site       assemble the static site (what GitHub Pages serves) in _site/
#                   (SITE_URL=https://…/: its address, for the canonical and hreflang links;
#                   SITE_DIR=…: another folder)
#   make clean      remove installed/generated folders (.venv, node_modules, vendor, caches)
#
# Everything is installed from the project's own files: Debian's chromium (apt-get),
# npm packages (package-lock.json), the dev venv (requirements-dev.txt). No browser download:
# Playwright drives /usr/bin/chromium.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
PYTEST_ARGS ?=
SERVE_ARGS ?=

# Sources mypy checks: derive/ only once it exists (it is being written elsewhere).
TYPECHECK_PATHS = $(wildcard derive) tools

.PHONY: help serve test unit e2e lint format typecheck pytest bench deps vendor npm venv \
        chromium clean site

help:
	@sed -n 's/^#   //p' $(firstword $(MAKEFILE_LIST))

# ----------------------------------------------------------------------------- installs

# Debian's chromium (as root; sudo otherwise). Nothing to do when /usr/bin/chromium exists.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  sudo=; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  echo "Installing Debian chromium (a few minutes)..."; \
	  $$sudo apt-get update -q; \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium </dev/null; \
	fi
	@$(CHROMIUM) --version 2>/dev/null | head -n1

# `make serve` and `make test` started together on a fresh clone (two terminals) must not
# install at the same time: npm ci wipes node_modules/ while the other copies from it.
# One lock serialises the installs; each re-checks under it whether there is work left.
INSTALL_LOCK := .install.lock

# npm ci whenever package.json / package-lock.json changed or node_modules/ is missing.
# (npm ci wipes node_modules/, so the stamp inside it goes with it.)
node_modules/.derive-stamp: package.json package-lock.json
	@flock $(INSTALL_LOCK) sh -c '[ $@ -nt package.json ] && [ $@ -nt package-lock.json ] \
	  || { npm ci --no-audit --no-fund && touch $@; }'

npm: node_modules/.derive-stamp

# Always run: tools/runtime/vendor.py, tools/runtime/build_bytecode.py and tools/runtime/build_image.py do nothing
# (in ~0.1 s) when vendor/ is up to date (the bytecode and the image: when no source changed).
vendor: npm
	@flock $(INSTALL_LOCK) $(PYTHON) tools/runtime/vendor.py
	@flock $(INSTALL_LOCK) $(PYTHON) tools/runtime/build_bytecode.py
	@flock $(INSTALL_LOCK) $(PYTHON) tools/runtime/build_image.py

$(VENV)/.stamp: requirements-dev.txt
	@[ -x $(VPY) ] || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	@touch $@

venv: $(VENV)/.stamp

deps: chromium vendor venv

# ----------------------------------------------------------------------------- run

serve: vendor
	$(PYTHON) tools/serve.py --host 127.0.0.1 --port $(PORT) $(SERVE_ARGS)

# The static site, exactly what tools/site_files.py lists (the pages, assets, the Python sources
# the pages fetch, the service worker, the vendored runtime), assembled by tools/build_site.py:
# nothing is typed here. SITE_URL=https://…/ is the published address: the pages' canonical
# and hreflang links (committed on make serve's) are rebased on it in the copy. SITE_DIR
# (default _site/) is where it lands: the browser test of the published site builds it
# into a temporary folder with this same target.
SITE_URL ?=
SITE_DIR ?= _site
site: vendor
	$(PYTHON) tools/build_site.py --out "$(SITE_DIR)" --url "$(SITE_URL)"

# ----------------------------------------------------------------------------- checks

# zizmor audits the GitHub workflows (the Pages deploy) offline, by .github/zizmor.yml's policy.
lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check derive tests tools bench
	$(VENV)/bin/zizmor --offline --quiet --config .github/zizmor.yml .github/workflows

format: venv
	$(VENV)/bin/ruff check --select I --fix .
	$(VENV)/bin/ruff format .

typecheck: venv
	@[ -d derive ] || echo "typecheck: derive/ does not exist yet, checking tools/ only"
	$(VENV)/bin/mypy $(TYPECHECK_PATHS)

pytest: deps
	$(VPY) -m pytest $(PYTEST_ARGS)

test: deps lint typecheck pytest

# pytest exits 5 when it collects nothing: fine here while there are no unit tests yet.
unit: venv
	$(VPY) -m pytest -m "not e2e" $(PYTEST_ARGS) || { rc=$$?; [ $$rc -eq 5 ]; }

e2e: deps
	$(VPY) -m pytest tests/e2e $(PYTEST_ARGS)

# ----------------------------------------------------------------------------- bench

bench: deps
	@shopt -s nullglob; scripts=(bench/bench_*.py); \
	if [ $${#scripts[@]} -eq 0 ]; then echo "bench: no bench/bench_*.py yet"; fi; \
	for script in "$${scripts[@]}"; do \
	  echo "== $$script"; PYTHONPATH=. $(VPY) "$$script"; \
	done

# ----------------------------------------------------------------------------- clean

clean:
	rm -rf $(VENV) node_modules vendor _site test-results .pytest_cache .mypy_cache .ruff_cache \
	       .hypothesis .install.lock
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
