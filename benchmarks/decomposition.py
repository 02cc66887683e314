"""Decomposition benchmark: full Readings per backend, side by side with two peers, in one process.

Run from the repository root::

    python -m benchmarks.decomposition            # prints a Markdown table, writes JSON
    python -m benchmarks.decomposition --quick    # a smaller corpus, for a smoke run

Measured on one fixed, seeded corpus (:mod:`corpus`, 3,500 hands of every shape), pre-parsed:

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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.corpus import CorpusHand, build_corpus
from mahjong_arbiter.hand import Context, Hand, MeldKind
from mahjong_arbiter.notation.json_hand import HandRecord, record_to_json
from mahjong_arbiter.solver.api import readings
from mahjong_arbiter.tiles import Tile

RESULTS = Path(__file__).parent / "results"


def _timed(
    items: Sequence[Any], call: Callable[[Any], object], before: Callable[[], None] | None = None
) -> list[float]:
    """Microseconds per call, one sample per item."""
    samples = []
    clock = time.perf_counter
    for item in items:
        if before is not None:
            before()
        start = clock()
        call(item)
        samples.append((clock() - start) * 1e6)
    return samples


def _row(name: str, samples: list[float]) -> dict[str, Any]:
    return {
        "name": name,
        "hands": len(samples),
        "median_us": round(statistics.median(samples), 1),
        "hands_per_s": round(len(samples) / (sum(samples) / 1e6)),
    }


# --- peers ------------------------------------------------------------------------------------------
def _riichi_34(hand: Hand) -> list[int]:
    """Our kind order to the riichi library's 34 order: dragons C F P (red green white) become
    chun 33, hatsu 32, haku 31; everything else keeps its index."""
    dragons = {Tile.of("C").index: 33, Tile.of("F").index: 32, Tile.of("P").index: 31}
    counts = [0] * 34
    for t in hand.concealed:
        counts[dragons.get(t.index, t.index)] += 1
    return counts


def _gb_tile(tile: Tile) -> str:
    if tile.is_suited:
        return {"m": "W", "p": "B", "s": "T"}[tile.suit] + str(tile.rank)
    if tile.is_wind:
        return f"F{tile.rank}"
    return f"J{tile.rank}"  # C F P = red green white = J1 J2 J3


def _gb_args(item: CorpusHand) -> tuple[Any, ...]:
    hand = item.hand
    packs = []
    for m in hand.melds:
        if m.kind is MeldKind.CHOW:
            offer = 1 + m.tiles.index(m.claimed) if m.claimed else 1
            packs.append(("CHI", _gb_tile(m.tiles[1]), offer))
        else:
            packs.append(("GANG" if m.is_kong else "PENG", _gb_tile(m.first), 1 if m.exposed else 0))
    standing = list(hand.concealed)
    assert hand.winning_tile is not None
    standing.remove(hand.winning_tile)
    return (tuple(packs), tuple(_gb_tile(t) for t in standing), _gb_tile(hand.winning_tile),
            0, item.self_drawn, False, False, False, 0, 0)


# --- sections ---------------------------------------------------------------------------------------
def bench_backends(corpus: list[CorpusHand], subsample: int) -> list[dict[str, Any]]:
    for item in corpus[:200]:  # warm the fast path's caches and the imports
        readings(item.hand, self_drawn=item.self_drawn)
    rows = [_row("fast", _timed(corpus, lambda c: readings(c.hand, self_drawn=c.self_drawn)))]
    sample = corpus[:subsample]
    for backend in ("cpsat", "csp"):
        samples = _timed(sample, lambda c, b=backend: readings(c.hand, self_drawn=c.self_drawn, backend=b))
        rows.append(_row(backend, samples))
    return rows


def bench_riichi(corpus: list[CorpusHand]) -> dict[str, Any]:
    from mahjong.hand_calculating.divider import HandDivider

    concealed = [c for c in corpus if not c.hand.melds and c.shape in ("concealed", "one_suit", "seven_pairs")]
    arrays = [_riichi_34(c.hand) for c in concealed]
    theirs = _timed(arrays, HandDivider.divide_hand, before=HandDivider._divide_hand_impl.cache_clear)
    ours = _timed(concealed, lambda c: readings(c.hand, self_drawn=c.self_drawn))
    return {"peer": "riichi mahjong HandDivider.divide_hand", "ours": _row("fast readings", ours),
            "theirs": _row("divide_hand", theirs),
            "ratio": round(statistics.median(ours) / statistics.median(theirs), 2)}


def bench_pymahjonggb(corpus: list[CorpusHand]) -> dict[str, Any]:
    import MahjongGB

    args = [_gb_args(c) for c in corpus]
    failures = 0

    def call(a: tuple[Any, ...]) -> None:
        nonlocal failures
        try:
            MahjongGB.MahjongFanCalculator(*a)
        except TypeError:
            failures += 1

    theirs = _timed(args, call)
    ours = _timed(corpus, lambda c: readings(c.hand, self_drawn=c.self_drawn))
    return {"peer": "PyMahjongGB MahjongFanCalculator (full MCR score)", "ours": _row("fast readings", ours),
            "theirs": _row("MahjongFanCalculator", theirs), "peer_errors": failures,
            "ratio": round(statistics.median(ours) / statistics.median(theirs), 2)}


def bench_tables() -> dict[str, Any]:
    from mahjong_arbiter.solver import fast
    from mahjong_arbiter.solver.suit_table import TABLE_FILE
    from mahjong_arbiter.solver.tables import generate_table_text

    start = time.perf_counter()
    text = generate_table_text()
    seconds = time.perf_counter() - start
    fast._table.cache_clear()
    tracemalloc.start()
    table = fast._table()
    memory, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    disk = (Path(fast.__file__).parent / "data" / TABLE_FILE).stat().st_size
    return {"generate_s": round(seconds, 2), "vectors": len(table), "disk_bytes": disk,
            "memory_bytes": memory, "generated_equals_shipped": text == (Path(fast.__file__).parent / "data"
                                                                        / TABLE_FILE).read_text()}


def bench_cli(corpus: list[CorpusHand], n: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for i in range(n):
                item = corpus[i % len(corpus)]
                rec = HandRecord(f"h{i}", item.hand, Context(self_drawn=item.self_drawn), {})
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
    lines += ["", f"Per-suit tables: {t['vectors']} count vectors, generated by CP-SAT in {t['generate_s']} s "
                  f"(identical to the shipped file: {t['generated_equals_shipped']}); "
                  f"{t['disk_bytes'] / 1024:.0f} KiB on disk, {t['memory_bytes'] / 1024 / 1024:.1f} MiB in memory."]
    c = report["cli"]
    lines.append(f"`mahjong-arbiter readings --input` on {c['hands']} hands: {c['seconds']} s for the whole process "
                 f"({c['hands_per_s']} hands/s, exit {c['exit']}, {c['output_lines']} output lines).")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="300 hands, 1,000 in the CLI run")
    parser.add_argument("--json", default=str(RESULTS / "decomposition.json"), help="where to write the JSON")
    args = parser.parse_args(argv)
    size, cli_hands, subsample = (300, 1000, 100) if args.quick else (3500, 10000, 500)
    corpus = build_corpus(size)
    report = {
        "corpus": {"hands": len(corpus), "seed": 20261130},
        "backends": bench_backends(corpus, subsample),
        "riichi": bench_riichi(corpus),
        "pymahjonggb": bench_pymahjonggb(corpus),
        "tables": bench_tables(),
        "cli": bench_cli(corpus, cli_hands),
        "python": sys.version.split()[0],
    }
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(markdown(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
