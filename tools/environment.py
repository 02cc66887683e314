"""Where the set-up scripts install the package: into the Python that runs them, or into `.venv`.

`python3 tools/environment.py` prints `venv` when that Python refuses `pip install` outside a
virtual environment (PEP 668: its standard library folder holds an `EXTERNALLY-MANAGED` file, as
Debian's and Ubuntu's system Python do) and no environment is active; otherwise it prints `here`
(a virtual environment, conda, pyenv, a CI image's own Python: pip installs there as it always has).
"""

from __future__ import annotations

import os
import sys
import sysconfig
from collections.abc import Mapping
from pathlib import Path


def choice(prefix: str, base_prefix: str, stdlib: str, environ: Mapping[str, str]) -> str:
    """`venv` or `here` for a Python with these prefixes, standard library folder and environment."""
    active = prefix != base_prefix or bool(environ.get("VIRTUAL_ENV")) or bool(environ.get("CONDA_PREFIX"))
    managed = (Path(stdlib) / "EXTERNALLY-MANAGED").exists()
    return "venv" if managed and not active else "here"


if __name__ == "__main__":
    print(choice(sys.prefix, sys.base_prefix, sysconfig.get_path("stdlib"), os.environ))
