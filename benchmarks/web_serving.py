"""Web benchmark: what a score request costs the server, against the same score call in process, and
what the page costs the browser on first load.

Run from the repository root::

    python -m benchmarks.web_serving               # 1,000 hands; Markdown + benchmarks/results/web_serving.json
    python -m benchmarks.web_serving --smoke       # 100 hands, results written to a temporary folder

1. A real ``mahjong-arbiter serve`` process on a free port.  Each hand of the seeded corpus
   (tests/mcr_hand_generator.py, seed below) is posted to ``/api/score`` once, one request at a
   time on one kept-alive connection; the server's own time is its ``Server-Timing`` header
   (from the request's arrival to the answer's first byte: routing, the request model, the
   engine, the JSON).  In this process the same hands go through :func:`mahjong_arbiter.scoring.score`
   alone, timed per call.  Both after a warm-up pass over every hand, then three rounds of each in
   turn; each hand counts its best round on each side (the machine is shared).  The figures:
   median and p95 over the hands, and their ratio (server / in process).
2. While a teaching search runs (``/api/targets``, the nine gates three tiles deep under mcr,
   in another connection), the same score requests go on one at a time: how many were answered
   meanwhile and their server time (median, most), against the same requests alone.  The search
   runs in a worker thread; on the event loop it would hold each of them for its whole length.
3. Debian's chromium (Playwright) opens ``/``, a shared ruling ``/?hand=...`` and a hand in
   progress (thirteen tiles: the ruling, then the teaching panel's two parts) on a fresh profile;
   the transfer is the sum of every response's encoded body and headers (what crossed the wire,
   gzip included), with the decoded bytes beside it.  Goal: under 150 KB.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks._common import RESULTS, corpus, timed
from mahjong_arbiter.notation.json_hand import HandRecord, record_to_json
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.scoring import score

SEED = 1313
ROUNDS = 3
RULING = "/?hand=%5BCCC%2C1%5D222m555p888s99p&profile=mcr&compare=hk-old-style"
IN_PROGRESS = "/?hand=123m456p789s11pEW&profile=mcr"
SEARCH = {"hand": {"concealed": ["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"],
                   "winning_tile": None}, "profile": "mcr", "depth": 3}


def _p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[-1]


def _start(db: Path) -> tuple[subprocess.Popen[str], str, int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "mahjong_arbiter", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"http://(127\.0\.0\.1):(\d+)/", line)
    if match is None:
        process.kill()
        raise SystemExit(f"serve did not start: {line!r}")
    return process, match.group(1), int(match.group(2))


def server_times(host: str, port: int, bodies: list[bytes]) -> list[float]:
    """The server's own milliseconds (Server-Timing) for each body posted to /api/score."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    out = []
    for body in bodies:
        connection.request("POST", "/api/score", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise SystemExit(f"/api/score answered {response.status}")
        timing = response.getheader("Server-Timing") or ""
        out.append(float(timing.split("dur=")[1]))
    connection.close()
    return out


def during_search(host: str, port: int, body: bytes) -> dict[str, Any]:
    """Server times (ms) of *body* posted to /api/score one at a time while a targets search runs."""
    search: dict[str, Any] = {}

    def run_search() -> None:
        connection = http.client.HTTPConnection(host, port, timeout=600)
        started = time.perf_counter()
        connection.request("POST", "/api/targets", body=json.dumps(SEARCH).encode(),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        found = json.loads(response.read())["found"]
        search.update(ms=(time.perf_counter() - started) * 1000, status=response.status, found=found)
        connection.close()

    alone = server_times(host, port, [body] * 200)
    worker = threading.Thread(target=run_search)
    worker.start()
    meanwhile: list[float] = []
    while worker.is_alive():
        meanwhile += server_times(host, port, [body])
    worker.join()
    if search.get("status") != 200:
        raise SystemExit(f"/api/targets answered {search.get('status')}")
    return {"search_ms": round(search["ms"]), "targets_found": search["found"], "answered_meanwhile": len(meanwhile),
            "median_ms": round(statistics.median(meanwhile), 2), "most_ms": round(max(meanwhile), 2),
            "alone_median_ms": round(statistics.median(alone), 2), "alone_most_ms": round(max(alone), 2)}


def first_load(base: str) -> dict[str, Any]:
    """Bytes on the wire (encoded bodies + headers) and decoded, for / and a shared ruling."""
    from chromium import chromium  # tests/chromium.py (benchmarks._common puts tests/ on the path)

    figures = {}
    with chromium() as browser:
        for name, path in (("hand page", "/"), ("shared ruling", RULING), ("hand in progress", IN_PROGRESS)):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            responses: list[Any] = []
            page.on("requestfinished", lambda request, seen=responses: seen.append(request))
            page.goto(base + path, wait_until="networkidle")
            wire = decoded = 0
            for request in responses:
                sizes = request.sizes()
                wire += sizes["responseBodySize"] + sizes["responseHeadersSize"]
                response = request.response()
                decoded += len(response.body()) if response is not None else 0
            figures[name] = {"requests": len(responses), "transfer_kb": round(wire / 1024, 1),
                             "decoded_kb": round(decoded / 1024, 1)}
            context.close()
    return figures


def run(hands: int, rounds: int = ROUNDS) -> dict[str, Any]:
    generated = corpus(SEED, hands)
    profile = load_profile("mcr")
    bodies = [
        json.dumps({"hand": record_to_json(HandRecord(None, g.hand, g.context, {})), "profile": "mcr"}).encode()
        for g in generated
    ]
    server_rounds: list[list[float]] = []
    local_rounds: list[list[float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        process, host, port = _start(Path(tmp) / "ledger.sqlite3")
        try:
            server_times(host, port, bodies)  # warm-up: every hand once
            for _ in range(rounds):  # the two sides in turn, so a busy moment of the machine hits both
                server_rounds.append([ms * 1000 for ms in server_times(host, port, bodies)])
                local_rounds.append(timed(generated, lambda g: score(g.hand, g.context, profile), warm=len(generated)))
            searching = during_search(host, port, bodies[0])
            load = first_load(f"http://{host}:{port}")
        finally:
            process.terminate()
            process.wait(timeout=10)
    # each hand's best of the rounds: the cost of the work, not of whatever else ran at that moment
    server_us = [min(times) for times in zip(*server_rounds, strict=True)]
    in_process_us = [min(times) for times in zip(*local_rounds, strict=True)]
    median = (statistics.median(server_us), statistics.median(in_process_us))
    p95 = (_p95(server_us), _p95(in_process_us))
    return {
        "hands": hands,
        "seed": SEED,
        "rounds": rounds,
        "score_request": {
            "server_median_us": round(median[0], 1), "in_process_median_us": round(median[1], 1),
            "ratio_median": round(median[0] / median[1], 2),
            "server_p95_us": round(p95[0], 1), "in_process_p95_us": round(p95[1], 1),
            "ratio_p95": round(p95[0] / p95[1], 2),
        },
        "during_search": searching,
        "first_load": load,
    }


def markdown(report: dict[str, Any]) -> str:
    s, d = report["score_request"], report["during_search"]
    lines = [
        f"score request, {report['hands']} MCR hands (seed {report['seed']}), one at a time, each hand's best of "
        f"{report['rounds']} rounds:",
        "",
        "| | server (Server-Timing) | score() in process | ratio |",
        "|---|---:|---:|---:|",
        f"| median | {s['server_median_us']:.0f} µs | {s['in_process_median_us']:.0f} µs | {s['ratio_median']:.2f}x |",
        f"| p95 | {s['server_p95_us']:.0f} µs | {s['in_process_p95_us']:.0f} µs | {s['ratio_p95']:.2f}x |",
        "",
        f"score requests while /api/targets searched three tiles deep ({d['search_ms']} ms, {d['targets_found']} "
        f"targets): {d['answered_meanwhile']} answered meanwhile, server time median {d['median_ms']} ms, most "
        f"{d['most_ms']} ms (alone: median {d['alone_median_ms']} ms, most {d['alone_most_ms']} ms)",
        "",
        "| first load (390x844, fresh browser) | requests | transfer | decoded |",
        "|---|---:|---:|---:|",
    ]
    for name, f in report["first_load"].items():
        lines.append(f"| {name} | {f['requests']} | {f['transfer_kb']} KB | {f['decoded_kb']} KB |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--smoke", action="store_true", help="100 hands; results to a temporary folder")
    args = parser.parse_args()
    report = run(100 if args.smoke else args.hands)
    print(markdown(report))
    folder = Path(tempfile.mkdtemp()) if args.smoke else RESULTS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "web_serving.json"
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {path}")


if __name__ == "__main__":
    main()
