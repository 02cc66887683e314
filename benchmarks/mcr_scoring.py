"""MCR scoring benchmark: median µs per hand, ours against PyMahjongGB on the same hands, one process.

Run from the repository root::

    python -m benchmarks.mcr_scoring               # 3,000 hands, prints Markdown, writes the figures
    python -m benchmarks.mcr_scoring --hands 500   # a smoke run
    python -m benchmarks.mcr_scoring --profile     # cProfile of our scorer, top functions

The corpus is the differential test's seeded generator (tests/mcr_hand_generator.py: ordinary
hands with exposed and concealed sets and kongs, flushes, seven pairs, thirteen orphans, knitted,
honours-and-knitted, nine gates), pre-parsed into Hand and Context objects; the peer's arguments
are pre-built too, so both sides time the scoring call alone.  Each hand is timed on its own
(``perf_counter_ns``) after a warm-up pass; the figure is the median over the hands.  Issue 4's
target: at most 50x the peer per hand (about 200 µs); goal 10x.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from mahjong_arbiter.profiles.loader import load_profile  # noqa: E402
from mahjong_arbiter.scoring import score  # noqa: E402
from mcr_hand_generator import corpus, peer_arguments  # noqa: E402

SEED = 4242
FIGURES = Path("/work/notes/mcr-figures.md")


def _median_us(calls: list[Callable[[], Any]]) -> float:
    for call in calls[: min(200, len(calls))]:
        call()
    times = []
    for call in calls:
        start = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def run(hands: int) -> dict[str, float]:
    """Median µs per hand for our two profiles and the peer, on one corpus."""
    import MahjongGB

    generated = corpus(SEED, hands)
    figures: dict[str, float] = {}
    for pid in ("mcr", "mcr-mil"):
        profile = load_profile(pid)
        figures[pid] = _median_us([lambda g=g, p=profile: score(g.hand, g.context, p) for g in generated])
    arguments = [peer_arguments(g.hand, g.context) for g in generated]
    figures["peer"] = _median_us([lambda a=a: MahjongGB.MahjongFanCalculator(**a) for a in arguments])
    return figures


def report(figures: dict[str, float], hands: int) -> str:
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of our scorer instead")
    parser.add_argument("--no-write", action="store_true", help=f"do not write {FIGURES}")
    args = parser.parse_args(argv)
    if args.profile:
        profile_ours(args.hands)
        return 0
    text = report(run(args.hands), args.hands)
    print(text)
    if not args.no_write:
        _write_section(text)
    return 0


def _write_section(text: str) -> None:
    """Replace the benchmark section of the figures file (the differential rates stay)."""
    marker = "## Benchmark"
    old = FIGURES.read_text(encoding="utf-8") if FIGURES.exists() else "# MCR figures\n"
    head = old.split(marker)[0].rstrip()
    FIGURES.write_text(f"{head}\n\n{marker} (benchmarks/mcr_scoring.py)\n\n{text}\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
