"""MCR scoring benchmark: median µs per hand, ours against PyMahjongGB on the same hands, one process.

Run from the repository root::

    python -m benchmarks.mcr_scoring               # 3,000 hands + 10,000 through the CLI; Markdown + JSON
    python -m benchmarks.mcr_scoring --quick       # 500 hands + 1,000 through the CLI: a smoke run
    python -m benchmarks.mcr_scoring --profile     # cProfile of our scorer, top functions

The corpus is the differential test's seeded generator (tests/mcr_hand_generator.py: ordinary
hands with exposed and concealed sets and kongs, flushes, seven pairs, thirteen orphans, knitted,
honours-and-knitted, nine gates), pre-parsed into Hand and Context objects; the peer's arguments
are pre-built too, so both sides time the scoring call alone.  Each hand is timed on its own
(``perf_counter_ns``) after a warm-up pass; the figure is the median over the hands.  Issue 14's
target: at most 10x the peer per hand; goal 5x.  Only a full run (the default sizes) writes
``benchmarks/results/mcr_scoring.json``; any smaller run writes to a temporary folder.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks._common import corpus, peer_arguments, results_folder, timed, write_json
from mahjong_arbiter.notation.json_hand import HandRecord, record_to_json
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.scoring import score

SEED = 4242
HANDS = 3000
PROCESS_HANDS = 10000


def run(hands: int) -> dict[str, float]:
    """Median µs per hand for our two profiles and the peer, on one corpus."""
    import MahjongGB

    generated = corpus(SEED, hands)
    figures: dict[str, float] = {}
    for pid in ("mcr", "mcr-mil"):
        profile = load_profile(pid)
        figures[pid] = statistics.median(timed(generated, lambda g, p=profile: score(g.hand, g.context, p)))
    arguments = [peer_arguments(g.hand, g.context) for g in generated]
    figures["peer"] = statistics.median(timed(arguments, lambda a: MahjongGB.MahjongFanCalculator(**a)))
    return figures


def whole_process(hands: int) -> dict[str, Any]:
    """Seconds for ``score --input`` on *hands* JSON hands, and for the same job with the peer."""
    generated = corpus(SEED + 1, hands)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for i, g in enumerate(generated):
                out.write(json.dumps(record_to_json(HandRecord(f"h{i}", g.hand, g.context, {}))) + "\n")
        jobs = {
            "ours": [sys.executable, "-m", "mahjong_arbiter", "score", "--input", str(path), "--profile", "mcr-mil"],
            "peer": [sys.executable, "-m", "benchmarks.peer_job", str(path)],
        }
        timings: dict[str, Any] = {"hands": hands}
        for name, command in jobs.items():
            start = time.perf_counter()
            done = subprocess.run(command, capture_output=True, text=True)
            seconds = time.perf_counter() - start
            timings[name] = {"seconds": round(seconds, 2), "exit": done.returncode,
                             "lines": done.stdout.count("\n")}
    timings["ratio"] = round(timings["ours"]["seconds"] / timings["peer"]["seconds"], 1)
    return timings


def report(figures: dict[str, float], hands: int, process: dict[str, Any] | None) -> str:
    peer = figures["peer"]
    lines = [
        f"MCR scoring, {hands} seeded hands (tests/mcr_hand_generator.py, seed {SEED}), pre-parsed, one process,",
        f"Python {sys.version.split()[0]}; median µs per hand:",
        "",
        "| scorer | median µs/hand | ratio to PyMahjongGB |",
        "|---|---:|---:|",
    ]
    for name in ("mcr", "mcr-mil"):
        lines.append(f"| mahjong-arbiter `{name}` | {figures[name]:.0f} | {figures[name] / peer:.0f}x |")
    lines.append(f"| PyMahjongGB 1.4 (C++) | {peer:.1f} | 1x |")
    if process:
        ours, theirs = process["ours"], process["peer"]
        lines += ["", f"Whole process on {process['hands']} JSON hands: `mahjong-arbiter score --input` (mcr-mil) "
                      f"{ours['seconds']} s, the same job with PyMahjongGB {theirs['seconds']} s "
                      f"({process['ratio']}x; exits {ours['exit']}/{theirs['exit']}, "
                      f"{ours['lines']}/{theirs['lines']} lines)."]
    return "\n".join(lines)


def profile_ours(hands: int) -> None:
    profile = load_profile("mcr-mil")
    generated = corpus(SEED, hands)
    for g in generated[:100]:
        score(g.hand, g.context, profile)
    profiler = cProfile.Profile()
    profiler.enable()
    for g in generated:
        score(g.hand, g.context, profile)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--process-hands", type=int, default=PROCESS_HANDS,
                        help="hands for the whole-process run (0: skip)")
    parser.add_argument("--quick", action="store_true", help="500 hands, 1,000 through the CLI (a smoke run)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of our scorer instead")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.process_hands = 500, 1000
    if args.profile:
        profile_ours(args.hands)
        return 0
    smoke = (args.hands, args.process_hands) != (HANDS, PROCESS_HANDS)
    figures = run(args.hands)
    process = whole_process(args.process_hands) if args.process_hands else None
    print(report(figures, args.hands, process))
    path = write_json("mcr_scoring", {"hands": args.hands, "seed": SEED, "median_us": figures, "process": process},
                      results_folder(smoke))
    print(f"\n(written to {path})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
