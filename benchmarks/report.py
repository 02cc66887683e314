"""The benchmark report: every speed target of issue 14 measured in one run, with plots.

Run from the repository root (needs the ``plots`` and ``cluster`` extras and the test peers)::

    python -m benchmarks.report                 # writes benchmarks/results/report.{html,md,json} + PNGs
    python -m benchmarks.report --quick         # smaller corpora, a smoke run (to a temporary folder)

Every figure is a ratio of two things measured side by side in this one run (machines are
noisy; ratios less so), on seeded hands (``tests/mcr_hand_generator.py``) that were not used to
warm up.  "Cold" figures clear, before every hand, every cache of ours that is keyed by hand
content (:func:`clear_our_caches`) and the riichi divider's own cache; what is loaded once per
process (the CP-SAT tables, a profile and its rule plan, the backends) stays loaded, as the peers'
tables and modules do.

Sections (targets in brackets):

1. MCR full scoring per hand, ``mcr`` and ``mcr-mil``, warm and cold, against PyMahjongGB's full
   scorer (C++) on the same hands [at most 10x, goal 5x];
2. classical and Hong Kong scoring per hand against our own MCR time [at most 2x];
3. ``fast`` Readings against the riichi divider on concealed hands, cold against cold [0.5x];
4. whole processes: ``score --input`` on 10,000 hands against ``benchmarks.peer_job`` [2x];
   ``readings --input`` on 12,000 concealed hands against ``benchmarks.riichi_job`` [1x];
5. one hand from the command line against a bare ``python -c pass`` [10x];
6. cost against the number of Readings a hand has; batch throughput with 1 and 2 Dask workers,
   and an N-node projection from the measured per-partition cost and scheduler overhead.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gc
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks._common import GeneratedHand, corpus, peer_arguments, results_folder, timed
from benchmarks.riichi_job import riichi_34
from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.notation.json_hand import HandRecord, record_to_json
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.scoring import score
from mahjong_arbiter.solver.api import readings

SEED = 1414
SPECIAL = ("thirteen-orphans", "knitted-straight", "honours-knitted")
KEPT = {
    # loaded once per process, like the peers' tables and modules: not cleared for "cold"
    "mahjong_arbiter.solver.fast._splits", "mahjong_arbiter.solver.fast._waits",
    "mahjong_arbiter.solver.fast._honour_parts",
    "mahjong_arbiter.solver.api.decomposer", "mahjong_arbiter.solver.api._standard_waits",
    "mahjong_arbiter.solver.shapes._chosen", "mahjong_arbiter.rules.registry._load_families",
    "mahjong_arbiter.profiles.loader._load", "mahjong_arbiter.profiles.rulebook.rulebook_for",
    "mahjong_arbiter.schema.result_schema", "mahjong_arbiter.scoring.common.shape_options",
    "mahjong_arbiter.notation.svg._glyph_font",
}


@functools.cache
def _our_hand_caches() -> tuple[Callable[[], None], ...]:
    found = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("mahjong_arbiter") or module is None:
            continue
        for attr, value in vars(module).items():
            clear = getattr(value, "cache_clear", None)
            qualified = f"{name}.{attr}"
            if callable(clear) and getattr(value, "__module__", None) == name and qualified not in KEPT:
                found.append(clear)
    return tuple(found)


def clear_our_caches() -> None:
    """Clear every cache of ours keyed by hand content (the groups interned per tile, shape checks)."""
    for clear in _our_hand_caches():
        clear()


def _median(samples: Sequence[float]) -> float:
    return statistics.median(samples)


def _q(samples: Sequence[float]) -> dict[str, float]:
    cuts = statistics.quantiles(samples, n=20)
    return {"median": round(statistics.median(samples), 2), "p25": round(cuts[4], 2), "p75": round(cuts[14], 2),
            "p95": round(cuts[18], 2), "mean": round(statistics.fmean(samples), 2), "n": len(samples)}


# --- 1, 2: scoring ----------------------------------------------------------------------------------
def bench_scoring(hands: list[GeneratedHand], warm: int) -> dict[str, Any]:
    import MahjongGB

    timed_hands, warmup = hands[warm:], hands[:warm]
    args = [peer_arguments(g.hand, g.context) for g in timed_hands]
    out: dict[str, Any] = {"hands": len(timed_hands), "samples": {}}
    out["samples"]["PyMahjongGB"] = timed(args, lambda a: MahjongGB.MahjongFanCalculator(**a), warm=0)
    for pid in ("mcr", "mcr-mil"):
        profile = load_profile(pid)
        for g in warmup:
            score(g.hand, g.context, profile)
        call = functools.partial(_score_one, profile=profile)
        out["samples"][f"{pid} warm"] = timed(timed_hands, call, warm=0)
        out["samples"][f"{pid} cold"] = timed(timed_hands, call, before=clear_our_caches, warm=0)
    peer = _median(out["samples"]["PyMahjongGB"])
    out["ratios"] = {k: round(_median(v) / peer, 2) for k, v in out["samples"].items() if k != "PyMahjongGB"}
    return out


def _score_one(g: GeneratedHand, profile: Any) -> object:
    return score(g.hand, g.context, profile)


def bench_other_arithmetics(hands: list[GeneratedHand], mcr_median: float) -> dict[str, Any]:
    rows = {}
    for pid in ("bmja", "buzzard-2000", "codification", "hk-old-style", "hk-gameweave"):
        profile = load_profile(pid)
        winning = []
        for g in hands:
            try:
                score(g.hand, g.context, profile)
            except ArbiterError:
                continue
            winning.append(g)
        samples = timed(winning, functools.partial(_score_one, profile=profile), warm=0)
        rows[pid] = {"arithmetic": profile.arithmetic, "hands": len(winning), "median_us": round(_median(samples), 1),
                     "ratio_to_mcr": round(_median(samples) / mcr_median, 2), "samples": samples}
    return rows


# --- 3: readings --------------------------------------------------------------------------------------
def bench_readings(hands: list[GeneratedHand]) -> dict[str, Any]:
    from mahjong.hand_calculating.divider import HandDivider

    concealed = [g for g in hands if not g.hand.melds and g.family not in SPECIAL]
    arrays = [riichi_34(g.hand.standing_counts) for g in concealed]
    theirs_cold = timed(arrays, HandDivider.divide_hand, before=HandDivider._divide_hand_impl.cache_clear, warm=0)
    theirs_warm = timed(arrays, HandDivider.divide_hand, warm=0)

    def ours(g: GeneratedHand) -> object:
        return readings(g.hand, self_drawn=g.context.self_drawn)

    ours_cold = timed(concealed, ours, before=clear_our_caches, warm=0)
    ours_warm = timed(concealed, ours, warm=0)
    return {"hands": len(concealed),
            "samples": {"fast cold": ours_cold, "fast warm": ours_warm, "riichi cold": theirs_cold,
                        "riichi warm": theirs_warm},
            "ratio_cold": round(_median(ours_cold) / _median(theirs_cold), 2),
            "ratio_warm": round(_median(ours_warm) / _median(theirs_warm), 2)}


# --- 4: whole processes -------------------------------------------------------------------------------
def _write_jsonl(path: Path, hands: Sequence[GeneratedHand]) -> None:
    with path.open("w", encoding="utf-8") as out:
        for i, g in enumerate(hands):
            out.write(json.dumps(record_to_json(HandRecord(f"h{i}", g.hand, g.context, {}))) + "\n")


def compiled_env(folder: Path) -> dict[str, str]:
    """The environment whole processes are timed in: Python's bytecode written to and read from
    *folder*, as an installed package's is compiled once when pip installs it, whatever
    ``PYTHONDONTWRITEBYTECODE`` the calling shell sets (this project's machine sets it, and every
    process then compiled every module it imported).  Each command is run once untimed first
    (:func:`_warm`), which writes the bytecode; both sides of every ratio run alike."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    return env


def _warm(command: list[str], env: dict[str, str]) -> None:
    subprocess.run(command, capture_output=True, env=env, check=False)


def _process(command: list[str], env: dict[str, str]) -> dict[str, Any]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    return {"seconds": round(time.perf_counter() - start, 3), "exit": done.returncode,
            "lines": done.stdout.count("\n") or _count_lines(command), "stderr": done.stderr.strip()[-300:]}


def _count_lines(command: list[str]) -> int:
    if "-o" in command:
        path = Path(command[command.index("-o") + 1])
        return sum(1 for _ in path.open(encoding="utf-8")) if path.exists() else 0
    return 0


def _alternated(ours: list[str], theirs: list[str], env: dict[str, str], runs: int) -> tuple[dict[str, Any], ...]:
    """Each command run *runs* times, ours and theirs in turn (so a slow spell of the machine falls on
    both), summed up as the median run's seconds, with every run's seconds and the last run's output."""
    samples: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
    for _ in range(runs):
        samples[0].append(_process(ours, env))
        samples[1].append(_process(theirs, env))
    return tuple({**side[-1], "seconds": round(_median([run["seconds"] for run in side]), 3),
                  "runs": [run["seconds"] for run in side]} for side in samples)


def bench_processes(
    score_hands: Sequence[GeneratedHand], concealed: Sequence[GeneratedHand], runs: int
) -> dict[str, Any]:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        scored, read = Path(tmp) / "score.jsonl", Path(tmp) / "concealed.jsonl"
        _write_jsonl(scored, score_hands)
        _write_jsonl(read, concealed)
        _write_jsonl(few := Path(tmp) / "few.jsonl", concealed[:20])
        env = compiled_env(Path(tmp) / "bytecode")
        # each job's arguments before the input file: ours, then the peer's
        commands = {
            "score": (scored, ["-m", "mahjong_arbiter", "score", "--profile", "mcr-mil", "--input"],
                      ["-m", "benchmarks.peer_job"]),
            "readings": (read, ["-m", "mahjong_arbiter", "readings", "--input"], ["-m", "benchmarks.riichi_job"]),
        }
        for _, ours, theirs in commands.values():
            _warm([py, *ours, str(few)], env)
            _warm([py, *theirs, str(few)], env)
        jobs = {name: _alternated([py, *ours, str(path)], [py, *theirs, str(path)], env, runs)
                for name, (path, ours, theirs) in commands.items()}
    return {name: {"hands": len(score_hands if name == "score" else concealed), "ours": ours, "theirs": theirs,
                   "ratio": round(ours["seconds"] / theirs["seconds"], 2), "runs": runs}
            for name, (ours, theirs) in jobs.items()}


# --- 5: one hand from the command line -----------------------------------------------------------------
def bench_cli(runs: int) -> dict[str, Any]:
    py = sys.executable
    hand = "[888s,1]23m567p456sEE4m"  # Green Book 2006 fan 43 example: scored, exit 0

    def seconds(command: list[str], env: dict[str, str]) -> list[float]:
        _warm(command, env)
        out = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=False, env=env)
            out.append(time.perf_counter() - start)
        return out

    with tempfile.TemporaryDirectory() as tmp:
        env = compiled_env(Path(tmp))
        bare = seconds([py, "-c", "pass"], env)
        one = seconds([py, "-m", "mahjong_arbiter", "score", hand, "--profile", "mcr"], env)
    return {"runs": runs, "bare_s": round(_median(bare), 3), "score_s": round(_median(one), 3),
            "ratio": round(_median(one) / _median(bare), 2)}


# --- 6: cost per Reading count, batch throughput --------------------------------------------------------
def bench_cost_by_readings(hands: list[GeneratedHand]) -> dict[str, list[float]]:
    profile = load_profile("mcr")
    by: dict[str, list[float]] = {}
    clock = time.perf_counter
    for g in hands:
        n = len(readings(g.hand, self_drawn=g.context.self_drawn))
        start = clock()
        score(g.hand, g.context, profile)
        by.setdefault(str(min(n, 4)) + ("+" if n >= 4 else ""), []).append((clock() - start) * 1e6)
    return dict(sorted(by.items()))


def _timed_partition(job: Any, lines: list[Any]) -> tuple[float, int]:
    """A partition's compute time on the worker (seconds) and its line count."""
    from mahjong_arbiter.batch.pipeline import run_partition

    start = time.perf_counter()
    outcomes = run_partition(job, lines)
    return time.perf_counter() - start, len(outcomes)


def bench_throughput(hands: Sequence[GeneratedHand], partition: int) -> dict[str, Any]:
    from mahjong_arbiter.batch.cluster import DaskRunner
    from mahjong_arbiter.batch.lines import read_lines
    from mahjong_arbiter.batch.pipeline import InProcess, Job, Summary, partitions
    from mahjong_arbiter.cli import build_parser
    from mahjong_arbiter.cli.commands import score as score_command

    out: dict[str, Any] = {"hands": len(hands), "partition_lines": partition, "runs": {}}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.jsonl"
        _write_jsonl(path, hands)
        args = build_parser().parse_args(["score", "--input", str(path), "--profile", "mcr"])
        lines = list(read_lines(str(path)))
        parts = list(partitions(iter(lines), partition))
        # the client's own work per hand: counting each outcome and writing its line (written on the worker)
        job = Job(score_command.build, args)
        sample = next(InProcess().run(job, iter(parts[:1])))
        summary, sink = Summary(), io.StringIO()
        start = time.perf_counter()
        for outcome in sample:
            summary.add(outcome)
            sink.write(outcome.line + "\n")
        out["client_write_us_per_hand"] = round((time.perf_counter() - start) / len(sample) * 1e6, 2)
        start = time.perf_counter()
        done = sum(len(o) for o in InProcess().run(Job(score_command.build, args), iter(parts)))
        out["runs"]["1 process (no cluster)"] = {"seconds": round(time.perf_counter() - start, 3),
                                                 "hands_per_s": round(done / (time.perf_counter() - start))}
        for workers in (1, 2):
            with DaskRunner(workers=workers) as runner:
                client = runner.client
                job = Job(score_command.build, args)
                shared = client.scatter(job, broadcast=True)
                client.gather(client.map(_timed_partition, [shared] * workers, [parts[0]] * workers, pure=False))
                start = time.perf_counter()
                futures = [client.submit(_timed_partition, shared, p, pure=False) for p in parts]
                results = client.gather(futures)
                wall = time.perf_counter() - start
            compute = sum(r[0] for r in results)
            out["runs"][f"{workers} Dask worker{'s' if workers > 1 else ''}"] = {
                "seconds": round(wall, 3), "hands_per_s": round(len(lines) / wall),
                "compute_s_per_partition": round(compute / len(parts), 4),
                "overhead_s_per_partition": round(max(wall * workers - compute, 0.0) / len(parts), 4),
            }
    one = out["runs"]["1 Dask worker"]
    per_hand = one["compute_s_per_partition"] / partition
    overhead = one["overhead_s_per_partition"]
    out["projection"] = {
        "assumptions": [
            "each worker process scores at the rate measured here on one core (compute per partition / lines)",
            "a worker is also busy for the measured per-partition overhead (serialising the partition and its "
            "outcomes, the scheduler's bookkeeping)",
            f"the client counts outcomes and writes their lines at the measured {out['client_write_us_per_hand']} "
            "µs per hand (reading the input lines not included), so the client bounds the whole run",
            "the scheduler handles about 2,000 tasks per second (Dask's documented order of magnitude), i.e. "
            f"{2000 * partition:,} hands/s with {partition}-line partitions",
            "network transfer of a partition (about 100 KiB of JSON) is not modelled; nodes are alike",
        ],
        "rows": [],
    }
    client_cap = 1e6 / max(out["client_write_us_per_hand"], 1e-9)
    scheduler_cap = 2000 * partition
    for nodes in (1, 2, 4, 8, 16, 32):
        workers = nodes * 2
        compute_cap = workers / (per_hand + overhead / partition)
        rate = min(compute_cap, client_cap, scheduler_cap)
        bound = "compute" if rate == compute_cap else "client" if rate == client_cap else "scheduler"
        out["projection"]["rows"].append({"nodes": nodes, "workers": workers, "hands_per_s": round(rate),
                                          "bound": bound})
    return out


# --- output ---------------------------------------------------------------------------------------------
def _plots(report: dict[str, Any], folder: Path) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    images: dict[str, str] = {}

    def save(name: str, fig: Any) -> None:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
        fig.savefig(folder / f"{name}.png", dpi=96, bbox_inches="tight")
        images[name] = base64.b64encode(buffer.getvalue()).decode("ascii")
        plt.close(fig)

    samples = report["scoring"]["samples"]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    names = list(samples)
    ax.boxplot([samples[n] for n in names], orientation="horizontal", showfliers=False)
    ax.set_yticks(range(1, len(names) + 1), names)
    ax.set_xscale("log")
    ax.set_xlabel("µs per hand (log scale; boxes: quartiles, whiskers 1.5 IQR)")
    ax.set_title("Full MCR scoring per hand, same hands, same run")
    save("scoring", fig)

    rs = report["readings"]["samples"]
    fig, ax = plt.subplots(figsize=(8, 2.8))
    names = list(rs)
    ax.boxplot([rs[n] for n in names], orientation="horizontal", showfliers=False)
    ax.set_yticks(range(1, len(names) + 1), names)
    ax.set_xlabel("µs per concealed hand")
    ax.set_title("Decomposition: fast Readings against the riichi divider")
    save("readings", fig)

    other = report["arithmetics"]
    fig, ax = plt.subplots(figsize=(8, 3))
    names = ["mcr warm", *other]
    data = [report["scoring"]["samples"]["mcr warm"], *(other[p]["samples"] for p in other)]
    ax.boxplot(data, orientation="horizontal", showfliers=False)
    ax.set_yticks(range(1, len(names) + 1), names)
    ax.set_xlabel("µs per winning hand")
    ax.set_title("Scoring per hand by arithmetic")
    save("arithmetics", fig)

    by = report["cost_by_readings"]
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.boxplot(list(by.values()), showfliers=False)
    ax.set_xticks(range(1, len(by) + 1), [f"{k} ({len(v)})" for k, v in by.items()])
    ax.set_xlabel("Readings of the hand (hands)")
    ax.set_ylabel("µs per hand (mcr)")
    ax.set_title("Cost against the number of Readings")
    save("cost_by_readings", fig)

    tp = report["throughput"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3))
    runs = tp["runs"]
    left.bar(list(runs), [r["hands_per_s"] for r in runs.values()])
    left.set_ylabel("hands/s")
    left.set_title(f"Batch throughput, {tp['hands']} hands")
    left.tick_params(axis="x", labelrotation=15)
    rows = tp["projection"]["rows"]
    right.plot([r["nodes"] for r in rows], [r["hands_per_s"] for r in rows], marker="o")
    right.set_xscale("log", base=2)
    right.set_yscale("log")
    right.set_xlabel("nodes of 2 workers")
    right.set_title("Projected throughput (assumptions in the report)")
    save("throughput", fig)
    return images


def _markdown(r: dict[str, Any]) -> str:
    s, rd, p, cli = r["scoring"], r["readings"], r["processes"], r["cli"]
    med = {k: round(_median(v), 1) for k, v in s["samples"].items()}
    lines = [
        f"Measured {r['when']} on {r['machine']}, Python {r['python']}, one run; "
        f"`python -m benchmarks.report{' --quick' if r['quick'] else ''}` (seed {SEED}).",
        "",
        "| target (issue 14) | ours | theirs | ours / theirs | target |",
        "|---|---:|---:|---:|---:|",
    ]
    peer = med["PyMahjongGB"]
    for key in ("mcr warm", "mcr cold", "mcr-mil warm", "mcr-mil cold"):
        lines.append(f"| MCR full scoring, `{key}` ({s['hands']} hands), µs/hand vs PyMahjongGB | {med[key]} | "
                     f"{peer} | {s['ratios'][key]}x | ≤ 10x (goal 5x) |")
    for pid, row in r["arithmetics"].items():
        lines.append(f"| `{pid}` ({row['arithmetic']}, {row['hands']} winning hands) vs our `mcr` warm | "
                     f"{row['median_us']} | {med['mcr warm']} | {row['ratio_to_mcr']}x | ≤ 2x |")
    rs = {k: round(_median(v), 1) for k, v in rd["samples"].items()}
    lines.append(f"| `fast` Readings, cold vs cold ({rd['hands']} concealed hands), µs vs riichi divider | "
                 f"{rs['fast cold']} | {rs['riichi cold']} | {rd['ratio_cold']}x | ≤ 0.5x |")
    sc, re_ = p["score"], p["readings"]
    lines.append(f"| `score --input` {sc['hands']} hands (mcr-mil), s vs `benchmarks.peer_job` | "
                 f"{sc['ours']['seconds']} | {sc['theirs']['seconds']} | {sc['ratio']}x | ≤ 2x |")
    lines.append(f"| `readings --input` {re_['hands']} concealed hands, s vs `benchmarks.riichi_job` | "
                 f"{re_['ours']['seconds']} | {re_['theirs']['seconds']} | {re_['ratio']}x | ≤ 1x |")
    lines.append(f"| one hand from the command line, s vs `python -c pass` (median of {cli['runs']}) | "
                 f"{cli['score_s']} | {cli['bare_s']} | {cli['ratio']}x | ≤ 10x |")
    lines += ["", "Whole processes (the last three rows) run with their Python bytecode compiled once beforehand, "
              "as pip compiles an installed package, after an untimed warm-up run of each command; "
              f"`--input` jobs: the median of {sc['runs']} runs each, ours and the peer's in turn "
              f"(ours {', '.join(map(str, sc['ours']['runs']))} s; theirs "
              f"{', '.join(map(str, sc['theirs']['runs']))} s for `score --input`); "
              "`benchmarks.peer_job` and `benchmarks.riichi_job` read the hands with our JSON reader."]
    tp = r["throughput"]
    lines += ["", f"Batch throughput ({tp['hands']} hands, partitions of {tp['partition_lines']} lines, 2 cores "
                  "shared with other work):", "", "| run | seconds | hands/s |", "|---|---:|---:|"]
    for name, run in tp["runs"].items():
        lines.append(f"| {name} | {run['seconds']} | {run['hands_per_s']} |")
    lines += ["", "Projected throughput of an N-node cluster (two workers per node):", "",
              "| nodes | workers | hands/s | bound by |", "|---:|---:|---:|---|"]
    for row in tp["projection"]["rows"]:
        lines.append(f"| {row['nodes']} | {row['workers']} | {row['hands_per_s']:,} | {row['bound']} |")
    lines += ["", "Assumptions: " + "; ".join(tp["projection"]["assumptions"]) + "."]
    return "\n".join(lines) + "\n"


def _html(markdown: str, images: dict[str, str], report: dict[str, Any]) -> str:
    import html

    rows = []
    for line in markdown.splitlines():
        if line.startswith("|") and not line.startswith("|---") and not set(line) <= set("|-: "):
            cells = [html.escape(c.strip()) for c in line.strip("|").split("|")]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        elif rows:
            rows.append("</table><p>" if not line else "")
            if line:
                rows.append(f"<p>{html.escape(line)}</p>")
        elif line:
            rows.append(f"<p>{html.escape(line)}</p>")
    body = "\n".join(rows).replace("</table><p>\n<tr>", "<table>\n<tr>")
    figures = "\n".join(f"<h2>{html.escape(name.replace('_', ' '))}</h2><img alt='{name}' "
                        f"src='data:image/png;base64,{data}'>" for name, data in images.items())
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>mahjong-arbiter benchmarks</title>"
            "<style>body{font-family:sans-serif;max-width:64em;margin:auto}td{padding:2px 8px;border-bottom:1px "
            "solid #ddd}img{max-width:100%}</style></head><body><h1>mahjong-arbiter benchmarks</h1><table>"
            f"{body}</table>{figures}</body></html>\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter, allow_abbrev=False
    )
    parser.add_argument("--quick", action="store_true", help="small corpora (a smoke run)")
    args = parser.parse_args(argv)
    n, warm, process_n, read_n, process_runs, cli_runs, batch_n = (
        (600, 100, 1000, 1200, 1, 3, 2000) if args.quick else (3000, 300, 10000, 12000, 5, 11, 20000))
    gc.collect()
    hands = corpus(SEED, n + warm)
    report: dict[str, Any] = {"when": time.strftime("%Y-%m-%d"), "python": sys.version.split()[0], "quick": args.quick,
                              "machine": f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start"}
    report["scoring"] = bench_scoring(hands, warm)
    mcr_median = _median(report["scoring"]["samples"]["mcr warm"])
    report["arithmetics"] = bench_other_arithmetics(hands[warm:], mcr_median)
    report["readings"] = bench_readings(corpus(SEED + 1, n * 4))
    concealed = [g for g in corpus(SEED + 2, read_n * 4) if not g.hand.melds and g.family not in SPECIAL][:read_n]
    report["processes"] = bench_processes(corpus(SEED + 3, process_n), concealed, process_runs)
    report["cli"] = bench_cli(cli_runs)
    report["cost_by_readings"] = bench_cost_by_readings(hands[warm:])
    report["throughput"] = bench_throughput(corpus(SEED + 4, batch_n), 500)
    folder = results_folder(args.quick)  # a smoke run never overwrites the committed results
    images = _plots(report, folder)
    markdown = _markdown(report)
    name = "report"
    (folder / f"{name}.md").write_text(markdown, encoding="utf-8")
    (folder / f"{name}.html").write_text(_html(markdown, images, report), encoding="utf-8")
    slim = json.loads(json.dumps(report, default=str))
    for section in ("scoring", "readings"):
        slim[section]["samples"] = {k: _q(v) for k, v in report[section]["samples"].items()}
    for row in slim["arithmetics"].values():
        row["samples"] = _q(row["samples"])
    slim["cost_by_readings"] = {k: _q(v) if len(v) > 1 else v for k, v in report["cost_by_readings"].items()}
    (folder / f"{name}.json").write_text(json.dumps(slim, indent=2) + "\n", encoding="utf-8")
    print(markdown)
    print(f"(written to {folder / name}.html, .md, .json and the PNGs beside them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
