"""Malformed input thrown at every command but `serve` (issue 11, section 4): never a traceback, never an
internal error (exit 3), never a batch line without its output line.  The same strategies drive
the longer reliability run whose figures the README gives (``python -m benchmarks.reliability``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_inputs import COMMANDS, Case, cases, run_case


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_malformed_input_never_crashes_a_command(command: str, tmp_path: Path) -> None:
    @settings(max_examples=30, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(cases(command))
    def check(case: Case) -> None:
        ran = run_case(case, tmp_path)
        assert "Traceback" not in ran.err, (case, ran.err)
        assert ran.status in (0, 1, 2), (case, ran.status, ran.err)
        assert ran.lost == 0, (case, ran.out)

    check()


def test_the_readme_reliability_figures_are_the_committed_run() -> None:
    # the README's row and exit statuses are those of benchmarks/results/reliability.json (the run of
    # `python -m benchmarks.reliability --inputs 20000 --seed 11`), so they cannot drift apart
    root = Path(__file__).resolve().parent.parent
    run = json.loads((root / "benchmarks" / "results" / "reliability.json").read_text(encoding="utf-8"))
    readme = (root / "README.md").read_text(encoding="utf-8")
    per_command = run["inputs_tried"] // len(run["commands"])
    row = (f"| {run['inputs_tried']:,} ({per_command:,} per command, {len(run['commands'])} commands) "
           f"| {run['crashes']} | {run['batch_lines_read']:,} | {run['batch_lines_lost']} |")
    assert row in readme
    statuses = ", ".join(f"{status} for {count:,}" for status, count in run["exit_statuses"].items())
    assert f"Exit statuses of those runs: {statuses} " in " ".join(readme.split())
    assert run["seed"] == 11 and run["crashes"] == 0 and run["batch_lines_lost"] == 0
