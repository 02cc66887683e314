"""Batch runs on Dask: the same pipeline as a single process, output byte for byte the same.

A real LocalCluster with two worker processes scores 2,000 mixed lines (winning hands, hands that
do not win, hands below the minimum, bad lines) and its output must equal the single-process run's
byte for byte, with the same exit status (issue 14 section 2).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.notation.json_hand import HandRecord, record_to_json
from mcr_hand_generator import corpus

ROOT = Path(__file__).resolve().parent.parent


def _tiles(text: str) -> list[str]:
    return text.split()


def _mixed_lines(path: Path) -> None:
    """2,000 lines: generated winning hands (some below the minimum), hands that are not complete,
    bad JSON and impossible hands, interleaved."""
    lines = []
    for i, g in enumerate(corpus(1414, 1900)):
        lines.append(json.dumps(record_to_json(HandRecord(f"h{i}", g.hand, g.context, {}))))
        if i % 38 == 0:  # 50 hands that do not win: one suit's tiles scattered
            lines.append(json.dumps({"id": f"nw{i}", "concealed": _tiles("1m 2m 4m 5m 7m 8m 1p 3p 5p 7p 9p E S S"),
                                     "winning_tile": "S"}))
        if i % 38 == 19:  # 50 bad lines: not JSON, or a fifth copy
            fifth = ["1m"] * 5 + _tiles("2m 3m 4m 5m 6m 7m 8m 9m 9m")
            lines.append("{not json" if i % 76 == 19 else json.dumps(
                {"id": f"bad{i}", "concealed": fifth, "winning_tile": "9m"}))
    assert len(lines) == 2000
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "mahjong_arbiter", *argv], capture_output=True, text=True, env=env,
                          timeout=300)


def test_two_worker_processes_write_what_one_process_writes(tmp_path: Path) -> None:
    hands = tmp_path / "hands.jsonl"
    _mixed_lines(hands)
    single = _run("score", "--input", str(hands), "--profile", "mcr", "-o", str(tmp_path / "one.jsonl"))
    cluster = _run("score", "--input", str(hands), "--profile", "mcr", "-o", str(tmp_path / "two.jsonl"),
                   "--workers", "2", "--partition-lines", "250")
    assert single.returncode == cluster.returncode == 2, (single.stderr, cluster.stderr)
    one, two = (tmp_path / "one.jsonl").read_bytes(), (tmp_path / "two.jsonl").read_bytes()
    assert one == two
    results = [json.loads(line) for line in one.splitlines()]
    assert len(results) == 2000 and results[0]["id"] == "h0"
    codes = {r["error"]["code"] for r in results if "error" in r}
    assert {"not_winning", "bad_json", "fifth_copy"} <= codes
    assert any(r.get("minimum_met") is False for r in results) and any(r.get("minimum_met") for r in results)
    # the one-line summaries count the same lines; the cluster's names its workers
    assert "2000 lines read:" in single.stderr and "2000 lines read:" in cluster.stderr
    assert "50 not winning" in single.stderr and "50 bad input" in single.stderr
    assert "on 2 workers" in cluster.stderr
    assert "\r" not in single.stderr + cluster.stderr  # no progress bar on a pipe


def test_workers_without_dask_name_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = tmp_path / "hands.jsonl"
    tiles = _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 5p")
    hands.write_text(json.dumps({"concealed": tiles, "winning_tile": "5p"}))
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the cluster extra were not installed
    status = main(["score", "--input", str(hands), "--workers", "2"])
    assert status == 2
    assert "pip install 'mahjong-arbiter[cluster]'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("address", "reason"),
    [("nonsense", "missing port number"), ("http://x", "unknown address scheme 'http'"), ("tcp://x", "missing port")],
)
def test_a_malformed_scheduler_address_is_bad_input(
    address: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dask's ValueError for an address it cannot read used to be an internal error (exit 3)."""
    hands = tmp_path / "hands.jsonl"
    tiles = _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 5p")
    hands.write_text(json.dumps({"concealed": tiles, "winning_tile": "5p"}))
    assert main(["score", "--input", str(hands), "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert f"--scheduler {address!r} is not a Dask scheduler address (tcp://host:port)" in err and reason in err


def test_workers_apply_to_a_batch_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "123m456m789m234p55p", "--workers", "2"]) == 2
    assert "--workers applies to a batch: give --input FILE" in capsys.readouterr().err
    # --partition-lines too (README, "Game archives"): refused beside one HAND, not ignored
    assert main(["score", "123m456m789m234p55p", "--partition-lines", "5"]) == 2
    assert "--partition-lines applies to a batch: give --input FILE" in capsys.readouterr().err


def test_one_hand_loads_no_heavy_library() -> None:
    # one hand from the command line starts fast: no solver library, no Dask, no plots, no progress bar
    code = (
        "import sys\n"
        "from mahjong_arbiter.cli import main\n"
        "status = main(['score', '[888s,1]23m567p456sEE4m', '--profile', 'mcr'])\n"
        "heavy = {'ortools', 'constraint', 'networkx', 'matplotlib', 'dask', 'distributed', 'tqdm', 'numpy'}\n"
        "print('STATUS', status, 'HEAVY', sorted({m.split('.')[0] for m in sys.modules} & heavy))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert "STATUS 0 HEAVY []" in done.stdout, done.stdout + done.stderr


# --- a cluster whose workers live in another folder (findings F1, F2) ---------------------------

_WIN = {"concealed": _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p C C"), "winning_tile": "C"}
_READY = {"concealed": _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p C"), "winning_tile": None}
_PROFILE_COMMANDS = [  # every --input command that takes a profile, with hands it works on
    ("score", ["--profile", "club.toml"], _WIN),
    ("explain", ["--profile", "club.toml"], _WIN),
    ("verify", ["--profile", "club.toml"], {**_WIN, "claim": 40}),
    ("compare", ["--profiles", "mcr,club.toml"], _WIN),
    ("waits", ["--profile", "club.toml"], _READY),
    ("shanten", ["--profile", "club.toml"], _READY),
    ("targets", ["--profile", "club.toml", "--depth", "1"], _READY),
]


@pytest.fixture(scope="module")
def far_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A LocalCluster of one worker process started in its own folder, which holds a club.toml of
    its own (another id, another bonus for Mahjong): the address of its scheduler."""
    import distributed

    folder = tmp_path_factory.mktemp("worker-folder")
    club = (ROOT / "docs" / "examples" / "club.toml").read_text(encoding="utf-8")
    (folder / "club.toml").write_text(club.replace('id = "club"', 'id = "worker-club"').replace(
        "points = 30", "points = 10"), encoding="utf-8")
    here = os.getcwd()
    os.chdir(folder)  # a worker process starts in the folder of the process that spawns it
    try:
        cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
    finally:
        os.chdir(here)
    with cluster, distributed.Client(cluster) as client:
        assert client.run(os.getcwd) == {next(iter(client.scheduler_info()["workers"])): str(folder)}
        yield cluster.scheduler_address


def test_scheduler_workers_score_with_the_clients_profile_file(
    far_cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The client's ``club.toml`` is the one that counts: a worker never reads a file of that name
    in its own folder (it used to, silently giving other totals, or failing every line)."""
    (tmp_path / "club.toml").write_bytes((ROOT / "docs" / "examples" / "club.toml").read_bytes())
    monkeypatch.chdir(tmp_path)
    for command, options, hand in _PROFILE_COMMANDS:
        (tmp_path / "hands.jsonl").write_text(json.dumps({"id": "h", **hand}) + "\n", encoding="utf-8")
        base = [command, "--input", "hands.jsonl", *options]
        one = main([*base, "-o", "one.jsonl"])
        far = main([*base, "-o", "far.jsonl", "--scheduler", far_cluster])
        err = capsys.readouterr().err
        assert one == far, (command, err, (tmp_path / "far.jsonl").read_text())
        single, cluster = (tmp_path / "one.jsonl").read_text(), (tmp_path / "far.jsonl").read_text()
        assert single == cluster, command
        assert "worker-club" not in cluster and "club" in cluster, command


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("terminal", [True, False])
def test_scheduler_text_has_colour_when_the_clients_output_is_a_terminal(
    terminal: bool, far_cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Colour follows the client's standard output, never a worker's (whose stdout is no terminal
    here, or one, when the tests themselves run in a terminal: both ways are checked)."""
    hands = tmp_path / "hands.jsonl"
    hands.write_text(json.dumps({"id": "h", **_WIN, "claim": 41}) + "\n", encoding="utf-8")
    monkeypatch.delenv("NO_COLOR", raising=False)
    out = _Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = main(["verify", "--input", str(hands), "--profile", "mcr", "--format", "text", "--scheduler", far_cluster])
    assert status == 1
    assert "WRONG" in out.getvalue()
    assert ("\x1b[" in out.getvalue()) is terminal


def test_dask_keeps_its_warnings_off_stderr(tmp_path: Path) -> None:
    """A dashboard port already taken used to print Dask's four-line UserWarning before the summary;
    stderr holds the summary alone (one worker: "on 1 worker")."""
    import socket

    hands = tmp_path / "hands.jsonl"
    hands.write_text(json.dumps({"id": "h", "concealed": _tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p C C"),
                                 "winning_tile": "C"}) + "\n", encoding="utf-8")
    with socket.socket() as taken:
        try:
            taken.bind(("127.0.0.1", 8787))
            taken.listen()
        except OSError:  # some other program holds it already: just as well
            pass
        done = _run("score", "--input", str(hands), "--profile", "mcr", "--workers", "1", "-o", str(tmp_path / "o"))
    assert done.returncode == 0
    assert done.stderr.startswith("mahjong-arbiter score: 1 lines read: 1 scored, 0 bad input; ")
    assert done.stderr.endswith(" hands/s on 1 worker\n") and done.stderr.count("\n") == 1, done.stderr
