"""Malformed input thrown at every command but `serve` (issue 11, section 4): never a traceback, never an
internal error (exit 3), never a batch line without its output line.  The same strategies drive
the longer reliability run whose figures the README gives (``python -m benchmarks.reliability``)."""

from __future__ import annotations

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
