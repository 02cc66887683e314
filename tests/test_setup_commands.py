"""The README's two set-up commands on a machine whose system Python refuses pip (PEP 668):
`tools/setup.sh` always installs into the project's `.venv`, and `tools/test.sh` installs into the
Python at hand only where pip may install (an active environment, CI's own Python), else into `.venv`
(`tools/environment.py` decides; issue 12, section 4)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _environment() -> ModuleType:
    spec = importlib.util.spec_from_file_location("environment", ROOT / "tools" / "environment.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_system_python_that_refuses_pip_gets_a_venv(tmp_path: Path) -> None:
    choice = _environment().choice
    (tmp_path / "EXTERNALLY-MANAGED").write_text("[externally-managed]\n")
    assert choice("/usr", "/usr", str(tmp_path), {}) == "venv"
    # an active environment, a venv's own interpreter, or a Python without the marker: pip as before
    assert choice("/usr", "/usr", str(tmp_path), {"VIRTUAL_ENV": "/home/ann/mahjong-arbiter/.venv"}) == "here"
    assert choice("/usr", "/usr", str(tmp_path), {"CONDA_PREFIX": "/opt/conda"}) == "here"
    assert choice("/home/ann/mahjong-arbiter/.venv", "/usr", str(tmp_path), {}) == "here"
    assert choice("/usr", "/usr", str(tmp_path / "elsewhere"), {}) == "here"


def test_the_readme_starts_with_the_two_commands_and_they_use_a_venv() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = re.search(r"```bash\n(.*?)```", readme, re.DOTALL)
    assert first_block is not None
    commands = first_block.group(1).strip().splitlines()
    assert commands == [
        "bash tools/setup.sh && .venv/bin/mahjong-arbiter score 123m456m789m123pEE --profile mcr",
        "bash tools/test.sh",
    ]


def test_no_script_runs_pip_outside_its_chosen_environment() -> None:
    setup = (ROOT / "tools" / "setup.sh").read_text(encoding="utf-8")
    test = (ROOT / "tools" / "test.sh").read_text(encoding="utf-8")
    code = [line.strip() for line in (setup + test).splitlines() if not line.lstrip().startswith("#")]
    pip_lines = [line for line in code if "pip install" in line]
    assert pip_lines == [
        '.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"',
        "\"$python\" -m pip install --quiet --disable-pip-version-check -e '.[test]'",
    ]
    assert 'if [ "$(python3 tools/environment.py)" = venv ]; then' in test
