"""Decomposition benchmark: full Readings per backend, side by side with two peers, in one process.

Run from the repository root::

    python -m benchmarks.decomposition            # prints a Markdown table, writes JSON
    python -m benchmarks.decomposition --quick    # a smaller corpus, a smoke run (to a temporary folder)

Measured on one fixed, seeded corpus (``tests/mcr_hand_generator.py``: 3,500 winning hands of every
shape, ordinary with declared and concealed sets and kongs, flushes, seven pairs, thirteen orphans,
knitted, honours-and-knitted, nine gates), pre-parsed:

* our three backends, ``readings(hand)`` with every MCR shape switched on: median µs per hand and
  hands per second (CP-SAT and python-constraint on a fixed subsample: they are the cross-checks,
  not the hot path);
* the riichi ``mahjong`` library's ``HandDivider.divide_hand`` on the concealed hands (honours
  converted explicitly, its cache cleared before every call), and our ``fast`` on the same hands;
* PyMahjongGB's full MCR scorer (C++) on every hand, and our ``fast`` Readings on the same hands;
* the one-off cost of generating the per-suit tables with CP-SAT, their size on disk and in memory;
* the whole-process time of ``mahjong-arbiter readings --input`` on 10,000 JSON hands.

Ratios are ours divided by theirs, measured in the same run: machines are noisy, ratios less so.
Nothing here is a test; the figures go in the README.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks._common import GeneratedHand, corpus, peer_arguments, results_folder, summary, timed, write_json
from mahjong_arbiter.hand import Hand
from mahjong_arbiter.notation.json_hand import HandRecord, record_to_json
from mahjong_arbiter.solver.api import readings
from mahjong_arbiter.tiles import Tile

SEED = 20261130


# --- peers ------------------------------------------------------------------------------------------
def _riichi_34(hand: Hand) -> list[int]:
    """Our kind order to the riichi library's 34 order: dragons C F P (red green white) become
    chun 33, hatsu 32, haku 31; everything else keeps its index."""
    dragons = {Tile.of("C").index: 33, Tile.of("F").index: 32, Tile.of("P").index: 31}
    counts = [0] * 34
    for t in hand.concealed:
        counts[dragons.get(t.index, t.index)] += 1
    return counts


# --- sections ---------------------------------------------------------------------------------------
def bench_backends(corpus: list[GeneratedHand], subsample: int) -> list[dict[str, Any]]:
    rows = [summary("fast", timed(corpus, lambda c: readings(c.hand, self_drawn=c.context.self_drawn)))]
    sample = corpus[:subsample]
    for backend in ("cpsat", "csp"):
        def call(c: GeneratedHand, b: str = backend) -> object:
            return readings(c.hand, self_drawn=c.context.self_drawn, backend=b)

        samples = timed(sample, call, warm=5)
        rows.append(summary(backend, samples))
    return rows


def bench_riichi(corpus: list[GeneratedHand]) -> dict[str, Any]:
    from mahjong.hand_calculating.divider import HandDivider

    # the riichi divider reads four sets and a pair, or seven pairs, of a concealed hand
    special = ("thirteen-orphans", "knitted-straight", "honours-knitted")
    concealed = [c for c in corpus if not c.hand.melds and c.family not in special]
    arrays = [_riichi_34(c.hand) for c in concealed]
    theirs = timed(arrays, HandDivider.divide_hand, before=HandDivider._divide_hand_impl.cache_clear)
    ours = timed(concealed, lambda c: readings(c.hand, self_drawn=c.context.self_drawn))
    return {"peer": "riichi mahjong HandDivider.divide_hand", "ours": summary("fast readings", ours),
            "theirs": summary("divide_hand", theirs),
            "ratio": round(statistics.median(ours) / statistics.median(theirs), 2)}


def bench_pymahjonggb(corpus: list[GeneratedHand]) -> dict[str, Any]:
    import MahjongGB

    args = [peer_arguments(c.hand, c.context) for c in corpus]
    theirs = timed(args, lambda a: MahjongGB.MahjongFanCalculator(**a))
    ours = timed(corpus, lambda c: readings(c.hand, self_drawn=c.context.self_drawn))
    return {"peer": "PyMahjongGB MahjongFanCalculator (full MCR score)", "ours": summary("fast readings", ours),
            "theirs": summary("MahjongFanCalculator", theirs),
            "ratio": round(statistics.median(ours) / statistics.median(theirs), 2)}


def bench_tables() -> dict[str, Any]:
    from mahjong_arbiter.solver import fast
    from mahjong_arbiter.solver.suit_table import TABLE_FILE, WAIT_FILE, shipped_table_text
    from mahjong_arbiter.solver.tables import generate_tables

    start = time.perf_counter()
    texts = generate_tables()
    seconds = time.perf_counter() - start
    fast._splits.cache_clear()
    fast._waits.cache_clear()
    tracemalloc.start()
    start = time.perf_counter()
    splits, waits = fast._splits(), fast._waits()
    load = time.perf_counter() - start
    memory, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    data = Path(fast.__file__).parent / "data"
    disk = sum((data / name).stat().st_size for name in (TABLE_FILE, WAIT_FILE))
    return {"generate_s": round(seconds, 2), "vectors": len(splits), "wait_vectors": len(waits), "disk_bytes": disk,
            "memory_bytes": memory, "load_ms": round(load * 1000, 1),
            "generated_equals_shipped": all(text == shipped_table_text(name) for name, text in texts.items())}


def bench_cli(corpus: list[GeneratedHand], n: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for i in range(n):
                item = corpus[i % len(corpus)]
                rec = HandRecord(f"h{i}", item.hand, item.context, {})
                out.write(json.dumps(record_to_json(rec)) + "\n")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "mahjong_arbiter", "readings", "--input", str(path)],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
    lines = done.stdout.count("\n")
    return {"hands": n, "seconds": round(seconds, 2), "exit": done.returncode, "output_lines": lines,
            "hands_per_s": round(n / seconds)}


def markdown(report: dict[str, Any]) -> str:
    lines = ["| backend | hands | median µs/hand | hands/s |", "|---|---:|---:|---:|"]
    for r in report["backends"]:
        lines.append(f"| `{r['name']}` | {r['hands']} | {r['median_us']} | {r['hands_per_s']} |")
    lines += ["", "| peer (same hands, same run) | hands | ours median µs | theirs median µs | ours / theirs |",
              "|---|---:|---:|---:|---:|"]
    for key in ("riichi", "pymahjonggb"):
        p = report[key]
        lines.append(f"| {p['peer']} | {p['ours']['hands']} | {p['ours']['median_us']} | "
                     f"{p['theirs']['median_us']} | {p['ratio']}x |")
    t = report["tables"]
    lines += ["", f"Per-suit tables: {t['vectors']} split vectors and {t['wait_vectors']} wait vectors, generated by "
                  f"CP-SAT in {t['generate_s']} s (identical to the shipped files: {t['generated_equals_shipped']}); "
                  f"{t['disk_bytes'] / 1024:.0f} KiB on disk, {t['memory_bytes'] / 1024 / 1024:.1f} MiB in memory, "
                  f"read in {t['load_ms']} ms."]
    c = report["cli"]
    lines.append(f"`mahjong-arbiter readings --input` on {c['hands']} hands: {c['seconds']} s for the whole process "
                 f"({c['hands_per_s']} hands/s, exit {c['exit']}, {c['output_lines']} output lines).")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter, allow_abbrev=False
    )
    parser.add_argument("--quick", action="store_true", help="300 hands, 1,000 in the CLI run")
    args = parser.parse_args(argv)
    size, cli_hands, subsample = (300, 1000, 100) if args.quick else (3500, 10000, 500)
    hands = corpus(SEED, size)
    report = {
        "corpus": {"hands": len(hands), "seed": SEED, "generator": "tests/mcr_hand_generator.py"},
        "backends": bench_backends(hands, subsample),
        "riichi": bench_riichi(hands),
        "pymahjonggb": bench_pymahjonggb(hands),
        "tables": bench_tables(),
        "cli": bench_cli(hands, cli_hands),
        "python": sys.version.split()[0],
    }
    path = write_json("decomposition", report, results_folder(args.quick))
    print(markdown(report))
    print(f"\n(written to {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
