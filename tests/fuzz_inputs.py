"""Malformed input for every command: hypothesis strategies shared by the fuzz test and the
reliability run (``python -m benchmarks.reliability``).

A case is a command line for one command, found by reading the command's own parser (so a new
command is fuzzed the day it lands), with values that are sometimes right and mostly wrong:
hand strings mutated or made of random tokens, numbers that overflow or are not numbers, profile
names that are near misses or paths, and for ``--input`` a file of JSON lines mutated the same
way (invalid UTF-8, a byte-order mark, deep nesting, NaN, huge numbers, wrong types).  Every
file a case names lies in the working folder the runner gives it.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

from mahjong_arbiter.cli import build_parser

__all__ = ["Case", "Ran", "cases", "run_case", "COMMANDS", "INPUT_FILE", "FACTS_FILE"]

INPUT_FILE = "fuzz.jsonl"
FACTS_FILE = "facts.json"

VALID_HANDS = [
    "123m456m789m123pEE",
    "123456789p123s55m",
    "[123p,1][345s,2][999s,3]6m6pEW1m",
    "[789p,1][789s,2][999s,3]789m6m6m",
    "111m222p333sEEECC",
    "1112345678999m5m",
    "19m19p19sESWNCFP1m",
    "11223344556677z",
    "123m456p789s11222z{f1,s3}",
    "[SSSS][234p,1]567s789m11m",
    "1112223334455m",
    "1112345678999m",
]
_HAND_ALPHABET = "0123456789mpszESWNCFPfs[]{}, ²٣é\t-x🀄"
_TOKENS = ["1m", "9p", "5s", "7z", "0m", "E", "C", "[", "]", "{", "}", ",", "[111m,1]", "[SSSS]", "{f1}",
           "{s5}", "[123m,4]", "[12m]", "²", "8z", "10m", " ", "\u200b", "\U0001f004"]
_NUMBERS = ["0", "-1", "1", "8", "13", "600", "1e400", str(10**400), "nan", "inf", "-Infinity", "²", "٣",
            "1.5", "", " ", "0x10", "9" * 30]
_PROFILES = ["mcr", "mcr-mil", "bmja", "buzzard-2000", "codification", "hk-old-style", "hk-gameweave",
             "MRC", "buzzard", "MCR", "nonesuch", "", "../x.toml", "missing.toml", "fuzz.jsonl", "/"]
_PATHS = [INPUT_FILE, FACTS_FILE, "missing.jsonl", "-", ".", "sub/missing/out.txt", "out.txt", ""]
_PATH_DESTS = frozenset({"input", "output", "db"})

_GOOD_LINE = {
    "id": "h1",
    "concealed": ["5m", "5m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "2s", "3s"],
    "melds": [],
    "winning_tile": "5m",
}
_GOOD_FACTS = {"profile": "buzzard-2000", "limit": 600, "winner": "S", "self_drawn": False, "discarder": "W",
               "scores": {"E": 20, "S": 56, "W": 8, "N": 0}, "incidents": []}
_JUNK_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12), st.lists(st.text(max_size=3), max_size=20), st.sampled_from(["1m", "E", "z", "S", "f1"]),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _hand_text() -> st.SearchStrategy[str]:
    valid = st.sampled_from(VALID_HANDS)

    @st.composite
    def mutated(draw: st.DrawFn) -> str:
        text = list(draw(valid))
        for _ in range(draw(st.integers(1, 4))):
            where = draw(st.integers(0, len(text)))
            what = draw(st.sampled_from(["insert", "delete", "replace"]))
            char = draw(st.sampled_from(_HAND_ALPHABET))
            if what == "insert" or not text:
                text.insert(where, char)
            elif what == "delete":
                del text[min(where, len(text) - 1)]
            else:
                text[min(where, len(text) - 1)] = char
        return "".join(text)

    tokens = st.lists(st.sampled_from(_TOKENS), max_size=20).map("".join)
    long = st.tuples(st.sampled_from(["1m", "[", "{f1,", "E"]), st.integers(100, 5000)).map(lambda p: p[0] * p[1])
    return st.one_of(valid, mutated(), tokens, st.text(_HAND_ALPHABET, max_size=30), long)


HAND_TEXT = _hand_text()


@st.composite
def _json_line(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["good", "field", "unknown", "drop", "raw", "bytes", "deep", "number", "bom"]))
    obj: dict[str, object] = dict(_GOOD_LINE)
    if kind == "good":
        return json.dumps(obj).encode()
    if kind == "field":
        obj[draw(st.sampled_from(sorted(obj) + ["flowers", "events", "seat_wind", "claim", "self_drawn"]))] = draw(
            _JUNK_VALUES
        )
    elif kind == "unknown":
        obj[draw(st.text(max_size=8))] = draw(_JUNK_VALUES)
    elif kind == "drop":
        obj.pop(draw(st.sampled_from(sorted(obj))))
    elif kind == "raw":
        return draw(st.text(max_size=60)).encode("utf-8", "surrogatepass")
    elif kind == "bytes":
        return draw(st.binary(max_size=60)).replace(b"\n", b" ")
    elif kind == "deep":
        depth = draw(st.integers(50, 5000))
        return b'{"id": ' + b"[" * depth + b"]" * depth + b"}"
    elif kind == "number":
        text = json.dumps(obj)[:-1] + ', "claim": ' + draw(st.sampled_from(["NaN", "Infinity", "1e400", str(10**400),
                                                                            "-0", "22", "[1e999]"])) + "}"
        return text.encode()
    else:
        return b"\xef\xbb\xbf" + json.dumps(obj).encode()
    return json.dumps(obj).encode()


@st.composite
def _facts(draw: st.DrawFn) -> bytes:
    obj: dict[str, object] = dict(_GOOD_FACTS)
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from(sorted(obj) + ["hands", "context", "partial", "prevailing_wind", "zz"]))
        obj[key] = draw(_JUNK_VALUES | st.sampled_from([{"S": "123m456m789m123pEE"}, ["E"], {"E": 10**30}]))
    raw = json.dumps(obj).encode()
    return draw(st.sampled_from([raw, raw, b"\xef\xbb\xbf" + raw, raw[: len(raw) // 2], b"[" * 3000, b"\xff\xfe"]))


@dataclass(frozen=True)
class Case:
    """One fuzz case: the argv after ``mahjong-arbiter``, standard input, and the files it reads."""

    argv: tuple[str, ...]
    stdin: bytes = b""
    input_lines: tuple[bytes, ...] = ()
    facts: bytes = b""
    batch: bool = field(default=False)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


COMMANDS = {name: sub for name, sub in _subparsers(build_parser()).items() if name != "serve"}
"""Every command, by name, with its parser, but ``serve``: it reads no hand and no file (its
arguments are a host, a port and a ledger path) and it serves until stopped; its own tests drive it."""


def _value(draw: st.DrawFn, action: argparse.Action) -> str:
    if action.dest in _PATH_DESTS:
        return draw(st.sampled_from(_PATHS))
    if action.choices is not None and draw(st.integers(0, 4)):
        return str(draw(st.sampled_from(list(action.choices))))
    if action.dest in ("profile", "profiles", "policy"):
        return draw(st.sampled_from(_PROFILES) | st.lists(st.sampled_from(_PROFILES), max_size=3).map(",".join))
    if action.type is int or action.dest in ("claim", "limit", "flowers", "score"):
        return draw(st.sampled_from(_NUMBERS))
    if action.dest in ("win",):
        return draw(st.sampled_from(["2z", "E", "1m", "5p", "0m", "Z", "1m2m", "²", ""]))
    source = st.one_of(HAND_TEXT, st.sampled_from(_NUMBERS), st.sampled_from(_PROFILES), st.text(max_size=10))
    return draw(source).replace("\x00", "")


def _option(draw: st.DrawFn, action: argparse.Action) -> list[str]:
    argv = [draw(st.sampled_from(action.option_strings))]
    if action.nargs == 0:
        return argv
    count = 4 if action.nargs == 4 else (draw(st.integers(0, 3)) if action.nargs in ("*", "+") else 1)
    return argv + [_value(draw, action) for _ in range(count)]


def _arguments(draw: st.DrawFn, parser: argparse.ArgumentParser) -> list[str]:
    subs = _subparsers(parser)
    if subs:
        action = draw(st.sampled_from(sorted(subs)))
        return [action, *_arguments(draw, subs[action])]
    actions = [a for a in parser._actions if a.dest not in ("help", "version")]
    by_dest = {a.dest: a for a in actions}
    # --workers and --scheduler start or reach a Dask cluster: the same pipeline as in this process
    # (tests/test_batch_cluster.py drives it); here they would only spend minutes starting clusters
    options = [a for a in actions if a.option_strings and a.dest not in ("input", "workers", "scheduler")]
    argv: list[str] = []
    # mostly one way of giving the hand (a HAND, or --input), sometimes both or neither
    if "hand" in by_dest:
        mode = draw(st.sampled_from(["hand", "hand", "hand", "input", "input", "both", "neither"]))
        if mode in ("hand", "both"):
            argv.append(draw(HAND_TEXT))
        if mode in ("input", "both"):
            argv += ["--input", draw(st.sampled_from([INPUT_FILE, INPUT_FILE, "-", "missing.jsonl", "."]))]
    elif "input" in by_dest and draw(st.booleans()):
        argv += ["--input", draw(st.sampled_from([FACTS_FILE, FACTS_FILE, INPUT_FILE, "-", "missing.json", "."]))]
    if "claim" in by_dest and draw(st.integers(0, 3)):
        argv += _option(draw, by_dest[draw(st.sampled_from(["claim", "claim_rules"]))])
    chosen = draw(st.lists(st.sampled_from(options), max_size=3, unique_by=id)) if options else []
    for action in chosen:
        argv += _option(draw, action)
    for action in (a for a in actions if not a.option_strings and a.dest != "hand"):
        if action.nargs == "?" and draw(st.booleans()):
            continue
        count = draw(st.integers(0, 2)) if action.nargs in ("*", "+") else 1
        argv += [_value(draw, action) for _ in range(count)]
    return argv


@st.composite
def cases(draw: st.DrawFn, command: str | None = None) -> Case:
    """A case for *command* (any command when None)."""
    name = command or draw(st.sampled_from(sorted(COMMANDS)))
    argv = [name, *_arguments(draw, COMMANDS[name])]
    lines = tuple(draw(st.lists(_json_line(), max_size=6)))
    facts = draw(_facts())
    stdin = b"\n".join(lines) + b"\n" if "-" in argv else facts
    batch = "--input" in argv and "--db" not in argv and name not in ("settle", "game")
    return Case(tuple(argv), stdin, lines, facts, batch)


@dataclass(frozen=True)
class Ran:
    """What a case did: its exit status, what it wrote, and how many batch hands got no line."""

    status: int
    out: str
    err: str
    lost: int


def _expected_lines(content: bytes) -> int:
    lines = content.split(b"\n")
    if lines:
        lines[0] = lines[0].removeprefix(b"\xef\xbb\xbf")
    return sum(1 for line in lines if line.rstrip(b"\r").strip())


def _writes_jsonl_to_stdout(argv: tuple[str, ...]) -> bool:
    return not ({"--format", "--json", "-o", "--output"} & set(argv))


def run_case(case: Case, folder: Path) -> Ran:
    """Run *case* in-process with *folder* as the working directory; never raises."""
    import contextlib
    import io
    import os
    import sys

    from mahjong_arbiter.cli import main

    (folder / INPUT_FILE).write_bytes(b"\n".join(case.input_lines) + b"\n")
    (folder / FACTS_FILE).write_bytes(case.facts)
    ledger = folder / "data" / "mahjong-arbiter" / "games.sqlite3"
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd(), sys.stdin, os.environ.get("XDG_DATA_HOME")
    os.chdir(folder)
    os.environ["XDG_DATA_HOME"] = str(folder / "data")
    sys.stdin = io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            if not ledger.exists():  # a game to record hands in, so game commands get past "no game yet"
                main(["game", "new", "--profile", "buzzard-2000", "--players", "Ann", "Bob", "Cat", "Dan"])
                out.truncate(0)
                out.seek(0)
            status = main(list(case.argv))
    finally:
        os.chdir(old[0])
        sys.stdin = old[1]
        if old[2] is None:
            os.environ.pop("XDG_DATA_HOME", None)
        else:
            os.environ["XDG_DATA_HOME"] = old[2]
    lost = 0
    printed = out.getvalue()
    read = case.argv[case.argv.index("--input") + 1] if "--input" in case.argv[:-1] else None
    # only the two inputs whose lines are known: another path may hold what an earlier example wrote
    if case.batch and printed and _writes_jsonl_to_stdout(case.argv) and read in (INPUT_FILE, "-"):
        source = case.stdin if read == "-" else (folder / INPUT_FILE).read_bytes()
        lost = max(0, _expected_lines(source) - len(printed.splitlines()))
    return Ran(status, printed, err.getvalue(), lost)
