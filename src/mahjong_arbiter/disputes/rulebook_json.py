"""A profile's rulebook as a JSON document (``rules PROFILE [RULE] --format json``).

The same facts as the text and HTML rulebooks, for programs: each rule's names, value, who it
applies to, the player's summary, the special-hand facts, its exclusion and implication edges
with their sources, the rules that suppress it, and its example hands in the JSON hand format's
context fields.  With one rule asked for, each example also carries the engine's result for it
(the body of ``score --json``), as the text entry shows the examples scored.  The document is the
``rulebook`` definition of the result schema.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..profiles.describe import profile_choices
from ..profiles.model import Edge
from ..profiles.rulebook import Example, Rulebook
from ..schema import document
from .rulebook import rule_value_text, score_example, special_hand_facts

__all__ = ["rulebook_json"]


def _edges(edges: Iterable[Edge]) -> list[dict[str, Any]]:
    """Edges grouped by the source that states them: ``[{"rules": [ids], "source"}]``."""
    grouped: dict[str, list[str]] = {}
    for edge in edges:
        grouped.setdefault(edge.source, []).append(edge.target)
    return [{"rules": list(dict.fromkeys(targets)), "source": source} for source, targets in grouped.items()]


def _example(book: Rulebook, example: Example, *, scored: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": example.hand, "context": dict(example.context), "note": example.note,
                           "suppresses": list(example.suppresses), "outranked_by": example.outranked_by or None}
    if scored:
        found = score_example(book, example)
        if found.result is None:
            out["error"] = found.error
        else:
            out["result"] = found.result.to_dict()
    return out


def _entry(book: Rulebook, rule_id: str, *, scored: bool) -> dict[str, Any]:
    profile = book.profile
    entry = profile.rules[rule_id]
    words = book.entry(rule_id)
    into = [e.rule for r in profile.rules.values() for e in (*r.excludes, *r.implies) if e.target == rule_id]
    return {
        "id": rule_id,
        "name": entry.name,
        "name_native": entry.name_zh or None,
        "kind": entry.value_key,
        "value": entry.value,
        "value_text": rule_value_text(profile, entry),
        "applies": entry.applies,
        "summary": " ".join(words.summary.split()) if words is not None else None,
        "facts": special_hand_facts(profile, entry),
        "excludes": _edges(entry.excludes),
        "implies": _edges(entry.implies),
        "suppressed_by": list(dict.fromkeys(into)),
        "source": entry.source,
        "examples": [_example(book, e, scored=scored) for e in words.examples] if words is not None else [],
    }


def rulebook_json(book: Rulebook, rule_ids: Sequence[str] | None = None) -> dict[str, Any]:
    """The rulebook document: every rule of the profile, or only *rule_ids* with their examples scored.

    >>> from mahjong_arbiter.profiles.loader import load_profile
    >>> from mahjong_arbiter.profiles.rulebook import rulebook_for
    >>> doc = rulebook_json(rulebook_for(load_profile("mcr")), ["mcr.pure-straight"])
    >>> rule = doc["rules"][0]
    >>> rule["name"], rule["value"], rule["value_text"], rule["suppressed_by"]
    ('Pure Straight', 16, '16 points', [])
    >>> "Pure Straight" in [i["name"] for i in rule["examples"][0]["result"]["items"]]
    True
    """
    profile = book.profile
    whole = rule_ids is None
    chosen = list(profile.rules) if rule_ids is None else list(rule_ids)
    body: dict[str, Any] = {
        "profile": profile.id,
        "label": profile.label,
        "fingerprint": profile.fingerprint,
        "introduction": " ".join(book.introduction.split()),
        "sources": list(profile.sources),
        "limit": profile.limit or None,
        "minimum": profile.minimum or None,
        "rules": [_entry(book, rid, scored=not whole) for rid in chosen],
    }
    if whole:
        body["choices"] = [{"key": k, "value": v, "source": s} for k, v, s in profile_choices(profile)]
        body["notes"] = [{"title": n.title, "text": n.text, "source": n.source} for n in profile.notes]
    return document(body)
