#!/usr/bin/env bash
# Install everything the tests need and run the whole suite: lint, types, tests.
# This is the README's second command and what .ci/run runs on a clean clone.
set -euo pipefail
cd "$(dirname "$0")/.."
# A real browser for the HTML tests (tests/test_html_chromium.py): Debian's chromium, never
# `playwright install` (its download host cannot be reached).
if ! command -v chromium >/dev/null 2>&1; then apt-get update -qq && apt-get install -y -qq chromium; fi
python -m pip install --quiet --disable-pip-version-check -e '.[test]'
python -m ruff check src tests benchmarks
python -m mypy
# pytest exits 5 when it collects nothing: set -e turns that into a failure, as it should.
python -m pytest -q -p no:cacheprovider "$@"
