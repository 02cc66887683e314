"""What the benchmarks share: the seeded hand generator, the peer's translation, timing, output.

The generator and PyMahjongGB translation live with the tests (``tests/mcr_hand_generator.py``:
the differential test uses them too); the benchmarks import them from there, so every figure is
measured on the same kind of hands the tests check.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
sys.path.insert(0, str(ROOT / "tests"))

from mcr_hand_generator import GeneratedHand, corpus, peer_arguments  # noqa: E402

__all__ = ["GeneratedHand", "corpus", "peer_arguments", "timed", "summary", "write_json", "results_folder", "RESULTS"]


def timed(
    items: Sequence[Any], call: Callable[[Any], object], before: Callable[[], None] | None = None, warm: int = 100
) -> list[float]:
    """Microseconds per call, one sample per item, after *warm* untimed calls."""
    for item in items[:warm]:
        call(item)
    samples = []
    clock = time.perf_counter
    for item in items:
        if before is not None:
            before()
        start = clock()
        call(item)
        samples.append((clock() - start) * 1e6)
    return samples


def summary(name: str, samples: list[float]) -> dict[str, Any]:
    """Median µs per hand and hands per second."""
    return {
        "name": name,
        "hands": len(samples),
        "median_us": round(statistics.median(samples), 1),
        "hands_per_s": round(len(samples) / (sum(samples) / 1e6)),
    }


def results_folder(smoke: bool) -> Path:
    """Where a run writes: ``benchmarks/results/`` for a full run (the committed figures), a new
    temporary folder for a smoke run, so a smoke run never overwrites the committed results."""
    folder = Path(tempfile.mkdtemp(prefix="mahjong-arbiter-bench-")) if smoke else RESULTS
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_json(name: str, report: dict[str, Any], folder: Path = RESULTS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
