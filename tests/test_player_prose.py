"""No developer's text reaches a player: every prose field a user can see is scanned for docstring
markup (double backticks, reStructuredText roles such as :func:, doctest prompts, numpydoc headings),
for the data's shorthand for edge kinds ("GB excl.", "impl.") and for the recognisers' own docstrings.

The fields scanned: every built-in profile's label, sources, rule names and sources, edge sources,
notes, the ``*_source`` and ``scope_note`` texts it shows; every rulebook's introduction, summaries
and example notes, and the whole ``rules`` text of each profile; the event registry's words; every
``--help`` text of the command line; the requirement clauses of ``--why``; and the ``--why`` answer
for every rule of every profile on one hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from mahjong_arbiter.cli import build_parser
from mahjong_arbiter.disputes.requirements import REQUIREMENTS
from mahjong_arbiter.disputes.rulebook import rulebook_text
from mahjong_arbiter.disputes.why import why
from mahjong_arbiter.events import FACTS
from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.profiles.rulebook import rulebook_for
from mahjong_arbiter.rules.registry import get_rule
from mahjong_arbiter.scoring import score

_MARKUP = re.compile(
    r"``|:(?:func|class|meth|mod|attr|data|exc|obj|ref|doc|term|py:\w+):`|^\s*>>> |\.\. \w+::|"
    r"^\s*(?:Parameters|Returns|Raises|Attributes)\n\s*-{4,}|"
    # the data's own shorthand for an edge's kind, which a player cannot read ("fan 1 (GB excl.)")
    r"\bGB excl\.|\bimpl\.[);:]",
    re.MULTILINE,
)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _profile_prose(pid: str) -> Iterator[tuple[str, str]]:
    profile = load_profile(pid)
    yield "label", profile.label
    for text in profile.sources:
        yield "sources", text
    for rid, rule in profile.rules.items():
        yield f"{rid} name", rule.name
        yield f"{rid} source", rule.source
        for edge in (*rule.excludes, *rule.implies):
            yield f"{rid} edge source", edge.source
        if "scope_note" in rule.params:
            yield f"{rid} scope_note", str(rule.params["scope_note"])
    for note in profile.notes:
        for field in (note.title, note.text, note.source):
            yield f"note {note.id}", field
    for table in ("policies", "shapes", "settlement", "payments"):
        for key, value in getattr(profile, table).items():
            if key.endswith("_source") or key == "source":
                yield f"[{table}] {key}", str(value)
            elif isinstance(value, Mapping):
                for text in _strings({k: v for k, v in value.items()}):
                    yield f"[{table}] {key}", text
    book = rulebook_for(profile)
    yield "introduction", book.introduction
    for rid, entry in book.entries.items():
        yield f"{rid} summary", entry.summary
        for example in entry.examples:
            yield f"{rid} example note", example.note
    yield "rules text", rulebook_text(book)


def _help_texts() -> Iterator[tuple[str, str]]:
    parser = build_parser()
    yield "mahjong-arbiter --help", parser.format_help()
    stack = [("mahjong-arbiter", parser)]
    while stack:
        prefix, current = stack.pop()
        for action in current._subparsers._group_actions if current._subparsers else []:
            for name, sub in action.choices.items():
                yield f"{prefix} {name} --help", sub.format_help()
                stack.append((f"{prefix} {name}", sub))


def _docstrings(pid: str) -> list[str]:
    """The first lines of the recognisers' docstrings of a profile's rules (developer text)."""
    found = []
    for rid in load_profile(pid).rules:
        doc = (get_rule(rid).predicate.__doc__ or "").strip()
        if len(doc) > 24:
            found.append(" ".join(doc.split("\n\n")[0].split()))
    return found


def _clean(where: str, text: str) -> None:
    match = _MARKUP.search(text)
    assert match is None, f"{where}: developer markup {match.group(0)!r} in text for players: {text[:200]!r}"


@pytest.mark.parametrize("pid", builtin_profile_ids())
def test_profile_and_rulebook_prose_is_for_players(pid: str) -> None:
    docstrings = _docstrings(pid)
    for where, text in _profile_prose(pid):
        _clean(f"{pid}: {where}", text)
        for doc in docstrings:
            assert doc not in " ".join(text.split()), f"{pid}: {where} quotes a docstring: {doc!r}"


def test_help_texts_event_words_and_requirements_are_for_players() -> None:
    for where, text in _help_texts():
        _clean(where, text)
    for name, fact in FACTS.items():
        for text in (fact.title, fact.given, fact.meaning, fact.source, *fact.because.values()):
            _clean(f"event {name}", text)
    for rid, requirement in REQUIREMENTS.items():
        _clean(f"requirement {rid}", requirement.needs)


@pytest.mark.parametrize("pid", builtin_profile_ids())
def test_why_answers_use_the_rulebook_words(pid: str) -> None:
    profile = load_profile(pid)
    hand = parse_hand("[123m,1][555p,1][777s,1][999m,1]CC").hand  # laid melds: a legal win in every profile
    context = Context()
    result = score(hand, context, profile)
    docstrings = _docstrings(pid)
    book = rulebook_for(profile)
    for rid in profile.rules:
        answer = why(rid, hand, context, profile, result)
        assert answer.rule_words == book.summary(rid)
        for text in (answer.message, answer.source, answer.rule_words):
            _clean(f"{pid}: why {rid}", text)
            for doc in docstrings:
                assert doc not in text, f"{pid}: why {rid} quotes a docstring: {doc!r}"


def test_the_scan_catches_developer_text() -> None:
    for text in ("see :func:`score`", "a ``code`` span", ">>> score(hand)", "Parameters\n----------\nx",
                 "Green Book 2006, fan 1 (GB excl.)", "Green Book 2006, fan 4 (impl.)"):
        with pytest.raises(AssertionError):
            _clean("sample", text)
    assert len(_docstrings("bmja")) > 20  # the docstring comparison has something to compare


def test_the_table_tool_help_is_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.solver.tables import main

    with pytest.raises(SystemExit):
        main(["--help"])
    _clean("python -m mahjong_arbiter.solver.tables --help", capsys.readouterr().out)
