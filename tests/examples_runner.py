"""Find the commands a help text or a README block shows, and run each as a user would.

The convention (documented in the README, "Examples that run"):

* a command is a line that starts with ``mahjong-arbiter`` (after optional indentation and a
  ``$ `` prompt), or ``echo '...' | mahjong-arbiter ...``; a line ending in ``\\`` or inside an
  open quote continues on the next line;
* ``# ...`` at the end of a command is a shell comment; ``# exit N`` there says the command ends
  with exit status N (without it, 0);
* in the README, a fenced block is run only when the line before its opening fence is
  ``<!-- runnable -->``.

Commands run in-process (:func:`mahjong_arbiter.cli.main`), in a sandbox folder holding the example
files of ``docs/examples/`` under their own names, with ``XDG_DATA_HOME`` pointing into it (so the
``game`` examples keep their ledger there).
"""

from __future__ import annotations

import io
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from mahjong_arbiter.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_FILES = ROOT / "docs" / "examples"

_START = re.compile(r"^\s*(?:\$\s+)?(?=mahjong-arbiter\s|echo\s)")
_EXIT = re.compile(r"#\s*exit\s+(\d+)\b")


@dataclass(frozen=True)
class Example:
    """One command as written: its text, the argv after ``mahjong-arbiter``, the text piped to
    it (or None) and the exit status it is documented to end with."""

    text: str
    argv: tuple[str, ...]
    stdin: str | None
    status: int


def _complete(text: str) -> bool:
    if text.rstrip().endswith("\\"):
        return False
    try:
        shlex.split(text, comments=True)
    except ValueError:  # an open quote: the command goes on
        return False
    return True


def _example(text: str) -> Example:
    joined = re.sub(r"\\\n\s*", " ", text).strip().removeprefix("$").strip()
    lexer = shlex.shlex(joined, posix=True, punctuation_chars="|")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    words = list(lexer)
    stdin = None
    if "|" in words:
        cut = words.index("|")
        left, words = words[:cut], words[cut + 1 :]
        if left[:1] != ["echo"] or len(left) != 2 or "|" in words:
            raise ValueError(f"only 'echo TEXT | mahjong-arbiter ...' pipes are run: {text!r}")
        stdin = left[1] + "\n"
    if words[:1] != ["mahjong-arbiter"]:
        raise ValueError(f"not a mahjong-arbiter command: {text!r}")
    marks = _EXIT.findall(joined)
    return Example(joined, tuple(words[1:]), stdin, int(marks[-1]) if marks else 0)


def commands(text: str) -> list[Example]:
    """Every command in *text* (a help text or the content of a README block), in order."""
    found: list[Example] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if not _START.match(lines[i]):
            i += 1
            continue
        chunk = lines[i]
        while not _complete(chunk) and i + 1 < len(lines):
            i += 1
            chunk += "\n" + lines[i]
        found.append(_example(chunk))
        i += 1
    return found


def runnable_blocks(markdown: str) -> list[str]:
    """The fenced blocks of *markdown* marked ``<!-- runnable -->`` on the line before."""
    blocks = []
    lines = markdown.splitlines()
    for n, line in enumerate(lines):
        if line.strip() == "<!-- runnable -->" and n + 1 < len(lines) and lines[n + 1].startswith("```"):
            end = next(j for j in range(n + 2, len(lines)) if lines[j].startswith("```"))
            blocks.append("\n".join(lines[n + 2 : end]))
    return blocks


def sandbox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the example files, made the working directory, with its own ledger."""
    for source in EXAMPLE_FILES.iterdir():
        shutil.copy(source, tmp_path / source.name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("NO_COLOR", "1")
    return tmp_path


def _serve_without_blocking(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve`` examples build the real app on a real socket, but on a free port, without opening
    a browser, and return instead of serving forever."""
    import socket
    import webbrowser

    import uvicorn

    real = socket.create_server
    monkeypatch.setattr(socket, "create_server", lambda address, **kw: real((address[0], 0), **kw))
    monkeypatch.setattr(webbrowser, "open", lambda url: True)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: [s.close() for s in sockets or ()])


def run(example: Example, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """Run *example*; its exit status and what it wrote to stderr."""
    if example.argv[:1] == ("serve",):
        _serve_without_blocking(monkeypatch)
    if example.stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(example.stdin))
    status = main(list(example.argv))
    _, err = capsys.readouterr()
    return status, err
