"""Reliability figures: malformed input thrown at every command, counted.

    python -m benchmarks.reliability --inputs 20000 --seed 11

Runs the fuzz test's strategies (``tests/fuzz_inputs.py``) for *inputs* cases, spread evenly over
the commands, without shrinking, and reports: cases tried, crashes (a traceback or an internal
error, exit 3), batch lines read and batch lines lost (a line of ``--input`` without its output
line), and the exit statuses seen.  Every crash is printed with its command line.  The figures in
the README come from this command with the seed given there; a run writes
``benchmarks/results/reliability.json`` (``--quick``: 200 cases, written to a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings

from benchmarks._common import RESULTS
from fuzz_inputs import COMMANDS, Case, cases, run_case


def measure(inputs: int, seed_value: int, folder: Path) -> dict[str, object]:
    """Run *inputs* cases (spread over the commands) with hypothesis seeded by *seed_value*."""
    statuses: Counter[int] = Counter()
    crashes: list[dict[str, object]] = []
    lines_read = lines_lost = tried = 0
    per_command = max(1, inputs // len(COMMANDS))
    for command in sorted(COMMANDS):

        @seed(seed_value)
        @settings(max_examples=per_command, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(cases(command))
        def one(case: Case) -> None:
            nonlocal lines_read, lines_lost, tried
            ran = run_case(case, folder)
            tried += 1
            statuses[ran.status] += 1
            if case.batch:
                lines_read += len([line for line in case.input_lines if line.strip()])
                lines_lost += ran.lost
            if ran.status == 3 or "Traceback" in ran.err:
                crashes.append({"argv": list(case.argv), "status": ran.status, "stderr": ran.err[-500:]})

        one()
    return {
        "seed": seed_value,
        "inputs_tried": tried,
        "crashes": len(crashes),
        "batch_lines_read": lines_read,
        "batch_lines_lost": lines_lost,
        "exit_statuses": {str(k): v for k, v in sorted(statuses.items())},
        "commands": sorted(COMMANDS),
        "crash_cases": crashes[:50],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.reliability", description=__doc__.split("\n")[0], allow_abbrev=False
    )
    parser.add_argument("--inputs", type=int, default=20000, help="cases in all (default 20000)")
    parser.add_argument("--seed", type=int, default=11, help="hypothesis seed (default 11)")
    parser.add_argument("--quick", action="store_true", help="200 cases, results to a temporary folder")
    args = parser.parse_args(argv)
    inputs = 200 if args.quick else args.inputs
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as work:
        report = measure(inputs, args.seed, Path(work))
    report["seconds"] = round(time.perf_counter() - started, 1)
    target = Path(tempfile.mkdtemp()) if args.quick else RESULTS
    target.mkdir(parents=True, exist_ok=True)
    (target / "reliability.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"inputs tried: {report['inputs_tried']} over {len(COMMANDS)} commands (seed {args.seed})")
    print(f"crashes (traceback or exit 3): {report['crashes']}")
    print(f"batch lines read: {report['batch_lines_read']}, lost: {report['batch_lines_lost']}")
    print(f"exit statuses: {report['exit_statuses']}; {report['seconds']} s; written to {target / 'reliability.json'}")
    for crash in report["crash_cases"]:  # type: ignore[attr-defined]
        print(f"  crash: {crash['argv']!r}: {str(crash['stderr']).strip().splitlines()[-1:]}", file=sys.stderr)
    return 1 if report["crashes"] or report["batch_lines_lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
