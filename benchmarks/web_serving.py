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
2. While a teaching search runs (``/api/targets``: the nine gates three tiles deep under mcr,
   three times in a row on another connection), one score request after another: how many were
   answered meanwhile, their server time and their round trip as this client sees it (which also
   counts any wait before the server takes a request up), against the same requests alone.  The
   search runs in a worker thread; on the event loop it would hold every request arriving
   meanwhile for the rest of its length (the search's own time, reported beside).
3. The same while four best-discards analyses under thompson-maloney (``/api/waits`` with
   ``discards``: about a second each) are asked at once on four other connections.  They run in
   worker threads, two at once; on the event loop they held every score request until the last
   was done, one after another.
4. Debian's chromium (Playwright) opens ``/``, a shared ruling ``/?hand=...`` and a hand in
   progress (thirteen tiles: the ruling, then the teaching panel's two parts) on a fresh profile;
   the transfer is the sum of every response's encoded body and headers (what crossed the wire,
   gzip included), with the decoded bytes beside it.  Goal: under 150 KB.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import socket
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
"""The teaching search of part 2: the nine gates (1112345678999m) three tiles deep under mcr."""
SEARCH_RUNS = 3
DISCARDS = {"hand": {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E", "E"],
                     "winning_tile": "E"}, "profile": "thompson-maloney", "discards": True}
"""The analysis of part 3: the best discards of ``123m456m789m123pEE`` under thompson-maloney (each
discard's waits, each wait scored: about a second)."""
DISCARD_CLIENTS = 4
ALONE = 300
"""Score requests timed alone, before the searches."""


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


def _connect(host: str, port: int, timeout: float = 60) -> http.client.HTTPConnection:
    """A kept-alive connection that sends at once (http.client writes a request's headers and body
    apart; with Nagle's algorithm the body would wait for the server's delayed acknowledgement,
    about 40 ms, and every round trip would measure that wait)."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    connection.connect()
    assert connection.sock is not None
    connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection


def _post(connection: http.client.HTTPConnection, path: str, body: bytes) -> tuple[int, bytes, str]:
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    return response.status, response.read(), response.getheader("Server-Timing") or ""


def timed_scores(connection: http.client.HTTPConnection, bodies: list[bytes]) -> list[tuple[float, float]]:
    """For each body posted to /api/score: the server's own milliseconds (Server-Timing) and the
    round trip seen by this client (ms), which also counts any wait before the server took it up."""
    out = []
    for body in bodies:
        started = time.perf_counter()
        status, _, timing = _post(connection, "/api/score", body)
        wall = (time.perf_counter() - started) * 1000
        if status != 200:
            raise SystemExit(f"/api/score answered {status}")
        out.append((float(timing.split("dur=")[1]), wall))
    return out


def server_times(host: str, port: int, bodies: list[bytes]) -> list[float]:
    """The server's own milliseconds (Server-Timing) for each body posted to /api/score."""
    connection = _connect(host, port)
    try:
        return [server for server, _ in timed_scores(connection, bodies)]
    finally:
        connection.close()


def during_slow(
    host: str, port: int, body: bytes, path: str, slow: dict[str, Any], *, clients: int, runs: int
) -> tuple[dict[str, Any], list[Any]]:
    """*body* posted to /api/score one at a time, alone and then while *clients* other connections
    each post *slow* to *path* *runs* times in a row: the requests answered meanwhile, the server
    time and round trip of both (ms), the slow requests' lengths; and the slow requests' answers."""
    lengths: list[float] = []
    answers: list[Any] = []

    def run_slow() -> None:
        connection = _connect(host, port, timeout=600)
        for _ in range(runs):
            started = time.perf_counter()
            status, answer, _ = _post(connection, path, json.dumps(slow).encode())
            if status != 200:
                raise SystemExit(f"{path} answered {status}")
            lengths.append((time.perf_counter() - started) * 1000)
            answers.append(json.loads(answer))
        connection.close()

    connection = _connect(host, port)
    alone = timed_scores(connection, [body] * ALONE)
    workers = [threading.Thread(target=run_slow) for _ in range(clients)]
    for worker in workers:
        worker.start()
    meanwhile: list[tuple[float, float]] = []
    while any(worker.is_alive() for worker in workers):
        meanwhile += timed_scores(connection, [body])
    for worker in workers:
        worker.join()
    connection.close()
    if len(lengths) != clients * runs:
        raise SystemExit(f"the {path} requests did not finish")

    def figures(samples: list[tuple[float, float]]) -> dict[str, float]:
        server, wall = [s for s, _ in samples], [w for _, w in samples]
        return {"server_median_ms": round(statistics.median(server), 2), "round_trip_median_ms":
                round(statistics.median(wall), 2), "round_trip_p95_ms": round(_p95(wall), 2),
                "round_trip_most_ms": round(max(wall), 2)}

    return {"slow_requests": clients * runs, "at_once": clients, "slow_median_ms": round(statistics.median(lengths)),
            "slowest_ms": round(max(lengths)), "answered_alone": len(alone), "answered_meanwhile": len(meanwhile),
            "meanwhile": figures(meanwhile), "alone": figures(alone)}, answers


def during_search(host: str, port: int, body: bytes) -> dict[str, Any]:
    """*body* posted to /api/score while :data:`SEARCH` runs :data:`SEARCH_RUNS` times in a row on
    another connection (:func:`during_slow`), with the complete hands the search found."""
    figures, answers = during_slow(host, port, body, "/api/targets", SEARCH, clients=1, runs=SEARCH_RUNS)
    return {**figures, "targets_found": answers[0]["found"]}


def during_discards(host: str, port: int, body: bytes) -> dict[str, Any]:
    """*body* posted to /api/score while :data:`DISCARDS` is asked on :data:`DISCARD_CLIENTS`
    connections at once (:func:`during_slow`): the analyses wait their turn in worker threads (two
    at once); on the event loop they held every score request until the last of them was done."""
    figures, answers = during_slow(host, port, body, "/api/waits", DISCARDS, clients=DISCARD_CLIENTS, runs=1)
    return {**figures, "discards": len(answers[0]["discards"])}


def first_load(base: str) -> dict[str, Any]:
    """Bytes on the wire (encoded bodies + headers) and decoded, for /, a shared ruling and a hand in
    progress (once the teaching panel has both its parts)."""
    from chromium import chromium  # tests/chromium.py (benchmarks._common puts tests/ on the path)

    figures = {}
    with chromium() as browser:
        for name, path, drawn in (("hand page", "/", ()), ("shared ruling", RULING, ("#ruling .big",)),
                                  ("hand in progress", IN_PROGRESS, ("#distance section", "#targets section"))):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            responses: list[Any] = []
            page.on("requestfinished", lambda request, seen=responses: seen.append(request))
            page.goto(base + path, wait_until="networkidle")
            for selector in drawn:
                page.wait_for_selector(selector)
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
            discarding = during_discards(host, port, bodies[0])
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
        "during_discards": discarding,
        "first_load": load,
    }


def markdown(report: dict[str, Any]) -> str:
    s, d, a = report["score_request"], report["during_search"], report["during_discards"]
    lines = [
        f"score request, {report['hands']} MCR hands (seed {report['seed']}), one at a time, each hand's best of "
        f"{report['rounds']} rounds:",
        "",
        "| | server (Server-Timing) | score() in process | ratio |",
        "|---|---:|---:|---:|",
        f"| median | {s['server_median_us']:.0f} µs | {s['in_process_median_us']:.0f} µs | {s['ratio_median']:.2f}x |",
        f"| p95 | {s['server_p95_us']:.0f} µs | {s['in_process_p95_us']:.0f} µs | {s['ratio_p95']:.2f}x |",
        "",
        f"score requests while /api/targets searched the nine gates three tiles deep under mcr ({d['slow_requests']} "
        f"searches in a row, median {d['slow_median_ms']:,} ms each, {d['targets_found']:,} complete hands), and "
        f"while {a['at_once']} /api/waits asked the best discards of 123m456m789m123pEE under thompson-maloney "
        f"at once ({a['discards']} discards; answered after {a['slow_median_ms']:,} ms median, the last "
        f"{a['slowest_ms']:,} ms):",
        "",
        "| score request | answered | server median | round trip median | round trip p95 | round trip most |",
        "|---|---:|---:|---:|---:|---:|",
        *(f"| {name} | {count:,} | {f['server_median_ms']} ms | {f['round_trip_median_ms']} ms | "
          f"{f['round_trip_p95_ms']} ms | {f['round_trip_most_ms']} ms |"
          for name, count, f in (("alone", d["answered_alone"], d["alone"]),
                                 ("during the search", d["answered_meanwhile"], d["meanwhile"]),
                                 ("during the discards", a["answered_meanwhile"], a["meanwhile"]))),
        "",
        "| first load (390x844, fresh browser) | requests | transfer | decoded |",
        "|---|---:|---:|---:|",
    ]
    for name, f in report["first_load"].items():
        lines.append(f"| {name} | {f['requests']} | {f['transfer_kb']} KB | {f['decoded_kb']} KB |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.splitlines()[0])
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
