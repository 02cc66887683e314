"""Profiles as people read them: the list, one resolved table, the difference of two.

The rulebook for players is :mod:`mahjong_arbiter.disputes.rulebook`.

Each function returns plain data (for JSON) and has a ``*_text`` twin for people.
"""

from __future__ import annotations

from typing import Any

from .loader import builtin_profile_ids, load_profile
from .model import Profile, RuleEntry

__all__ = ["profile_list", "profile_table", "profile_diff", "list_text", "table_text", "diff_text"]


def _value(entry: RuleEntry) -> str:
    if entry.value_key == "limit":
        return "limit" if entry.value == 1 else f"{entry.value:g} limit"
    return f"{entry.value:g} {entry.value_key}"


def profile_list() -> list[dict[str, Any]]:
    """Every built-in profile: id, label, arithmetic, parent, fingerprint."""
    out = []
    for pid in builtin_profile_ids():
        p = load_profile(pid)
        out.append({"id": p.id, "label": p.label, "arithmetic": p.arithmetic, "extends": p.extends,
                    "fingerprint": p.fingerprint, "rules": len(p.rules)})
    return out


def list_text(rows: list[dict[str, Any]]) -> str:
    width = max([len(r["id"]) for r in rows] + [2])
    lines = [f"{r['id']:<{width}}  {r['arithmetic']:<9}  {r['fingerprint']}  {r['label']}"
             + (f"  (extends {r['extends']})" if r["extends"] else "") for r in rows]
    return "\n".join(lines)


def profile_table(profile: Profile) -> dict[str, Any]:
    """The resolved rule table, each rule marked kept / added / amended relative to the parent."""
    rules = []
    for rid, entry in profile.rules.items():
        rules.append({"id": rid, "status": profile.origin.get(rid, "added"), **entry.canonical()})
    return {
        "id": profile.id, "label": profile.label, "extends": profile.extends, "arithmetic": profile.arithmetic,
        "fingerprint": profile.fingerprint, "limit": profile.limit, "minimum": profile.minimum,
        "sources": list(profile.sources), "rules": rules, "removed": list(profile.removed),
        "policies": dict(profile.policies), "shapes": dict(profile.shapes),
    }


def table_text(profile: Profile) -> str:
    head = [f"{profile.id}: {profile.label}", f"  arithmetic {profile.arithmetic}, fingerprint {profile.fingerprint}"]
    if profile.extends:
        head.append(f"  extends {profile.extends}")
    if profile.limit:
        head.append(f"  limit {profile.limit}")
    if profile.minimum:
        head.append(f"  minimum {profile.minimum}")
    width = max([len(r) for r in profile.rules] + [4])
    marks = {"kept": " ", "added": "+", "amended": "~"}
    lines = [f"{marks[profile.origin.get(rid, 'added')]} {rid:<{width}}  {_value(e):>14}  {e.applies:<6}  {e.name}"
             for rid, e in profile.rules.items()]
    lines += [f"- {rid}" for rid in profile.removed]
    legend = "  (+ added, ~ amended, - removed, blank kept; relative to the parent)" if profile.extends else ""
    return "\n".join([*head, legend, *lines]).replace("\n\n", "\n")


def profile_diff(a: Profile, b: Profile) -> dict[str, Any]:
    """What differs between two resolved profiles: rules only in one, rules that differ, settings."""
    only_a = [rid for rid in a.rules if rid not in b.rules]
    only_b = [rid for rid in b.rules if rid not in a.rules]
    changed = []
    for rid in a.rules:
        if rid in b.rules:
            ca, cb = a.rules[rid].canonical(), b.rules[rid].canonical()
            fields = sorted(k for k in set(ca) | set(cb) if k not in ("source",) and ca.get(k) != cb.get(k))
            if fields:
                changed.append({"id": rid, "fields": {k: [ca.get(k), cb.get(k)] for k in fields}})
    settings = {}
    for key in ("arithmetic", "limit", "minimum"):
        if getattr(a, key) != getattr(b, key):
            settings[key] = [getattr(a, key), getattr(b, key)]
    for key in ("policies", "shapes", "settlement", "payments"):
        da, db = dict(getattr(a, key)), dict(getattr(b, key))
        for k in sorted(set(da) | set(db)):
            if da.get(k) != db.get(k):
                settings[f"{key}.{k}"] = [da.get(k), db.get(k)]
    return {"a": a.id, "b": b.id, "only_in_a": only_a, "only_in_b": only_b, "changed": changed, "settings": settings}


def diff_text(diff: dict[str, Any]) -> str:
    a, b = diff["a"], diff["b"]
    lines = [f"--- {a}", f"+++ {b}"]
    for key, (va, vb) in diff["settings"].items():
        lines.append(f"  {key}: {va} -> {vb}")
    lines += [f"- {rid}" for rid in diff["only_in_a"]]
    lines += [f"+ {rid}" for rid in diff["only_in_b"]]
    for change in diff["changed"]:
        for field, (va, vb) in change["fields"].items():
            lines.append(f"~ {change['id']}: {field}: {va} -> {vb}")
    if len(lines) == 2:
        lines.append("  (no differences)")
    return "\n".join(lines)
