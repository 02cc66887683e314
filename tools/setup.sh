#!/usr/bin/env bash
# Create the project's virtual environment `.venv` (when missing) and install the package into it,
# editable, with the extras given: `bash tools/setup.sh` (the tool), `bash tools/setup.sh test`
# (everything the tests need).  This is the README's first command on any machine, including a
# fresh Debian or Ubuntu whose system Python refuses `pip install` outside an environment (PEP 668).
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if [ ! -x .venv/bin/python ]; then
  if ! python3 -m venv .venv >/dev/null 2>&1; then
    # Debian and Ubuntu ship venv's own pip (ensurepip) separately, in python3-venv
    rm -rf .venv
    as_root apt-get update -qq && as_root apt-get install -y -qq python3-venv
    python3 -m venv .venv
  fi
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
