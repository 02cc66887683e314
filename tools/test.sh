#!/usr/bin/env bash
# Install everything the tests need and run the whole suite: lint, types, tests.
# This is the README's second command and what .ci/run runs on a clean clone.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
# A real browser for the HTML tests (tests/test_html_chromium.py): Debian's chromium, never
# `playwright install` (its download host cannot be reached).
if ! command -v chromium >/dev/null 2>&1; then as_root apt-get update -qq && as_root apt-get install -y -qq chromium; fi
# Into the active environment, or the Python at hand when pip may install there (CI); into the
# project's .venv when that Python is a system one that refuses pip (PEP 668, tools/environment.py).
if [ "$(python3 tools/environment.py)" = venv ]; then
  bash tools/setup.sh test
  python=.venv/bin/python
else
  python=python3
  "$python" -m pip install --quiet --disable-pip-version-check -e '.[test]'
fi
"$python" -m ruff check src tests benchmarks
"$python" -m mypy
# pytest exits 5 when it collects nothing: set -e turns that into a failure, as it should.
"$python" -m pytest -q -p no:cacheprovider "$@"
