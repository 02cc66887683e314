"""Every citation in the project names a document of docs/sources.md and none points outside the repository.

A citation is any text under a ``source`` or ``sources`` key, or a key ending ``_source``, of the
profile files, the event registry and the test fixtures, and the ``source`` of every registered
recogniser.  Each must contain the short name of a document of docs/sources.md (the ``## ``
headings there: "Green Book 2006", "BMJA rules", "our choice", ...).  And no text file of the
project (code, tests, fixtures, docs, README) may point at a file outside the repository: the
reference notes and seeds the sources were first read from are not part of it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.rules.registry import get_rule, known_rule_ids

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "docs" / "sources.md"
DATA = [
    *sorted((ROOT / "src" / "mahjong_arbiter" / "profiles" / "data").rglob("*.toml")),
    *sorted((ROOT / "src" / "mahjong_arbiter" / "data").glob("*.toml")),
    *sorted((ROOT / "tests" / "fixtures").rglob("*.toml")),
]

OUTSIDE = re.compile(
    r"shared/|\.\./shared|/work/|\bseeds?[ /_]?0\d\d|"
    r"\b(?:mcr-fans|bmja|buzzard|hk|peers|mahjong-reference|western-software|thompson-maloney|outside-the-box)\.md\b|"
    r"\b(?:ARCHITECTURE|STYLE|ENVIRONMENT|DEVELOPERS)\.md\b|\brules/[a-z-]+\.md\b",
)
"""What points outside the repository: the reference notes (shared/rules/*.md), the seeds, the team's
own files, absolute paths of this machine."""

_SCANNED_SUFFIXES = {".py", ".toml", ".md", ".json", ".jsonl", ".txt", ".cfg", ".sh", ".html", ".css", ".js"}


def document_names() -> list[str]:
    """The short names of docs/sources.md, from its second-level headings."""
    return [m.group(1).strip() for m in re.finditer(r"^## (.+)$", SOURCES.read_text(encoding="utf-8"), re.M)]


def _is_citation_key(key: str) -> bool:
    return key in ("source", "sources") or key.endswith("_source")


def _citations(value: Any, path: str, cited: bool = False) -> Iterator[tuple[str, str]]:
    """(where, text) for every citation string under *value*."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _citations(item, f"{path}.{key}", cited or _is_citation_key(str(key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _citations(item, f"{path}[{i}]", cited)
    elif isinstance(value, str) and cited:
        yield path, value


def _data_citations() -> Iterator[tuple[str, str]]:
    for file in DATA:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
        yield from _citations(raw, str(file.relative_to(ROOT)))


def _names_a_document(text: str, names: list[str]) -> bool:
    return any(name in text for name in names)


def test_sources_md_lists_the_documents_the_protocol_names() -> None:
    names = document_names()
    for name in ("Green Book 2006", "MIL reading", "PyMahjongGB", "BMJA rules", "Buzzard 2000", "Codification",
                 "HK sheet", "Wikipedia HK scoring", "Sloperama FAQ", "Gameweave rules", "Thompson & Maloney 1997",
                 "Club guide 2026", "Mahjong Reference app", "Game::Mahjong", "Riichi mahjong library", "Our choice"):
        assert name in names
    assert len(names) == len(set(names))


def test_every_data_citation_names_a_listed_document() -> None:
    names = [*document_names(), "our choice"]
    bad = [f"{where}: {text!r}" for where, text in _data_citations() if not _names_a_document(text, names)]
    assert bad == [], f"{len(bad)} citation(s) name no document of docs/sources.md:\n" + "\n".join(bad[:40])


def test_every_recogniser_cites_a_listed_document() -> None:
    names = [*document_names(), "our choice"]
    ours = [rid for rid in sorted(known_rule_ids())  # other tests register throw-away recognisers
            if get_rule(rid).predicate.__module__.startswith("mahjong_arbiter.")]
    assert len(ours) > 150
    bad = [f"{rid}: {get_rule(rid).source!r}" for rid in ours if not _names_a_document(get_rule(rid).source, names)]
    assert bad == [], "recognisers citing no document of docs/sources.md:\n" + "\n".join(bad)


def _project_files() -> Iterator[Path]:
    for top in ("src", "tests", "docs", "benchmarks", "tools", ".ci"):
        base = ROOT / top
        if base.is_dir():
            for file in sorted(base.rglob("*")):
                if file.is_file() and file.suffix in _SCANNED_SUFFIXES and "__pycache__" not in file.parts:
                    yield file
    for name in ("README.md", "pyproject.toml"):
        if (ROOT / name).is_file():
            yield ROOT / name


def test_nothing_points_outside_the_repository() -> None:
    bad = []
    for file in _project_files():
        if file == Path(__file__).resolve():
            continue  # this file names the patterns it looks for
        for n, line in enumerate(file.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            match = OUTSIDE.search(line)
            if match:
                bad.append(f"{file.relative_to(ROOT)}:{n}: {match.group(0)!r} in {line.strip()[:100]!r}")
    assert bad == [], f"{len(bad)} line(s) point outside the repository:\n" + "\n".join(bad[:60])


@pytest.mark.parametrize(
    "text",
    ["see shared/rules/bmja.md", "seed 000 row A", "(mcr-fans.md N4)", "ARCHITECTURE.md", "rules/hk.md section 2"],
)
def test_the_outside_pattern_catches_outside_paths(text: str) -> None:
    assert OUTSIDE.search(text)


def test_a_citation_without_a_document_is_caught() -> None:
    names = document_names()
    assert not _names_a_document("BMJA WOTS: chow 0", names)
    assert _names_a_document("BMJA rules, Working out the scores", names)


_READING_NOTES = re.compile(r"reading notes? N(\d+)(?:-N(\d+))?")


@pytest.mark.parametrize("pid", ["mcr", "mcr-mil"])
def test_every_reading_note_a_profile_cites_is_one_of_its_notes(pid: str) -> None:
    """A player who reads "reading note N4" in a source finds the note with ``rules PROFILE``: the
    notes are the profile's own ``[[notes]]`` (``reading-note.n1`` ... ``n16`` in mcr.toml), not a
    file of the repository an installed package lacks."""
    from mahjong_arbiter.profiles.loader import load_profile

    profile = load_profile(pid)
    texts = [*profile.sources, *(e.source for e in profile.rules.values())]
    texts += [edge.source for e in profile.rules.values() for edge in (*e.implies, *e.excludes)]
    cited = set()
    for text in texts:
        for first, last in _READING_NOTES.findall(text):
            cited.update(range(int(first), int(last or first) + 1))
    notes = {n.id for n in profile.notes}
    assert cited >= {1, 13, 16} and cited <= set(range(1, 17))  # the range and the single notes are read
    assert sorted(k for k in cited if f"reading-note.n{k}" not in notes) == []
    assert not any("docs/sources.md" in text for text in texts)
