"""Profiles as people read them: the list, one resolved table, the difference of two.

The rulebook for players is :mod:`mahjong_arbiter.disputes.rulebook`.

Each function returns plain data (for JSON) and has a ``*_text`` twin for people.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .loader import builtin_profile_ids, load_profile
from .model import Profile, RuleEntry
from .table_rules import IncidentRule, SettlementRules

__all__ = [
    "profile_list",
    "profile_table",
    "profile_diff",
    "list_text",
    "table_text",
    "diff_text",
    "incident_text",
    "settlement_lines",
    "settlement_summary",
    "settlement_markdown",
]


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
        "settlement": dict(profile.settlement), "payments": dict(profile.payments),
        "progression": dict(profile.progression),
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
    return "\n".join([*head, legend, *lines, *settlement_lines(profile)]).replace("\n\n", "\n")


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
    for key in ("policies", "shapes", "settlement", "payments", "progression"):
        da, db = dict(getattr(a, key)), dict(getattr(b, key))
        for k in sorted(set(da) | set(db)):
            if da.get(k) != db.get(k):
                settings[f"{key}.{k}"] = [da.get(k), db.get(k)]
    return {"a": a.id, "b": b.id, "only_in_a": only_a, "only_in_b": only_b, "changed": changed, "settings": settings}


def _is_edge_list(value: Sequence[Any]) -> bool:
    return all(isinstance(v, list | tuple) and len(v) == 2 and all(isinstance(x, str) for x in v) for v in value)


def diff_value_text(value: Any) -> str:
    """A value of :func:`profile_diff` in words (for the text and the web page; JSON keeps the data):
    nothing set is "not set", a flag yes or no, edges "target (source)", a table "key: value" pairs.

    >>> diff_value_text([("mcr.half-flush", "MIL reading, fan 3")]), diff_value_text(None), diff_value_text([])
    ('mcr.half-flush (MIL reading, fan 3)', 'not set', 'none')
    >>> diff_value_text({"fishing": 0.4, "exposure": "half"}), diff_value_text(False)
    ('fishing: 0.4; exposure: half', 'no')
    """
    if value is None:
        return "not set"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, dict):
        return "; ".join(
            f"{k}: ({diff_value_text(v)})" if isinstance(v, dict) else f"{k}: {diff_value_text(v)}"
            for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if _is_edge_list(value):
            return "; ".join(f"{target} ({source})" for target, source in value)
        return ", ".join(diff_value_text(v) for v in value)
    return str(value)


def diff_text(diff: dict[str, Any]) -> str:
    """:func:`profile_diff` as lines: ``-``/``+`` a rule in one profile only, ``~`` a rule that differs."""
    a, b = diff["a"], diff["b"]
    lines = [f"--- {a}", f"+++ {b}"]
    for key, (va, vb) in diff["settings"].items():
        lines.append(f"  {key}: {diff_value_text(va)} -> {diff_value_text(vb)}")
    lines += [f"- {rid}" for rid in diff["only_in_a"]]
    lines += [f"+ {rid}" for rid in diff["only_in_b"]]
    for change in diff["changed"]:
        for field, (va, vb) in change["fields"].items():
            lines.append(f"~ {change['id']}: {field}: {diff_value_text(va)} -> {diff_value_text(vb)}")
    if len(lines) == 2:
        lines.append("  (no differences)")
    return "\n".join(lines)
# --- the table companion's data, in words ---------------------------------------------------------
def _fraction(value: Any) -> str:
    return str(value)


def incident_text(rule: IncidentRule) -> str:
    """What an incident does, in words: ``penalty to each other player: 1/2 x the limit``."""
    if rule.effect == "refused":
        return f"refused: {rule.reason}"
    if rule.effect == "pays_for_all":
        who = "the discarder of the winning tile" if rule.discarder_only else "the player"
        excuse = "; an accepted excuse cancels it" if rule.excusable else ""
        return f"{who} pays the winner every loser's share, no settlement between losers{excuse}"
    if rule.effect == "penalty_to_each":
        if rule.limits is not None:
            amount = f"{_fraction(rule.limits)} x the limit"
        elif rule.points is not None:
            amount = f"{rule.points} points"
        else:
            amount = "a whole self-drawn win at the cap (the three losers' self-draw shares)"
        east = ", East x2" if rule.east_doubles else ""
        withdrawn = "; nothing if withdrawn in time" if rule.withdrawable else ""
        return f"pays each other player {amount}{east}{withdrawn}"
    if rule.effect == "dead_hand":
        few = "too few keeps its score" if rule.too_few_keeps_score else "too few deducts its own first"
        return f"the hand is dead: too many tiles pays the others' scores, {few}"
    if rule.effect == "cannot_win":
        return "the hand cannot win; no payment changes"
    return "collects the limit from each other loser, and still pays the winner"


def _deal(rules: SettlementRules) -> str:
    flow = rules.progression
    assert flow is not None  # the loader requires [progression] beside [settlement]
    if flow.kind == "fixed":
        return "the deal passes after every hand"

    def rule(value: str | None) -> str:
        return {"stays": "East stays", "passes": "the deal passes", None: "the table chooses"}[value]

    return f"after an East win {rule(flow.after_east_win)}; after a draw {rule(flow.after_draw)}"


def _payment_words(rules: SettlementRules) -> str:
    if rules.table is None:
        return f"no payment table: {rules.no_table_reason}"
    steps = ", ".join(f"{start}+ faan {points}" for start, points in rules.table.steps)
    shares = rules.shares
    assert shares is not None  # the loader requires them beside a table
    if rules.table.portion != 1:
        steps += f"; a portion is {rules.table.portion} x the points"
    return (
        f"table {rules.table.name} ({steps}); self-drawn: {_fraction(rules.self_drawn_each)} portion from each "
        f"loser; discard ({shares.name}): discarder {_fraction(shares.discarder)}, others {_fraction(shares.other)}"
    )


def settlement_lines(profile: Profile) -> list[str]:
    """The profile's settlement, incidents, payments and progression, for people."""
    rules = profile.settlement_rules
    if rules is None:
        return ["settlement: none (this profile scores hands; the table companion cannot settle under it)"]
    head = {"classical": "classical", "mcr": "MCR", "hong-kong": "Hong Kong"}[rules.method]
    lines = [f"settlement ({head}): {rules.source}"]
    if rules.method == "classical":
        kept = "" if rules.cap_at_limit else " (a score above it is paid in full)"
        lines.append(f"  limit {rules.limit}{kept}, payments with East x{rules.east_multiplier}")
    elif rules.method == "mcr":
        lines.append(f"  every loser pays {rules.base}; a win needs {rules.minimum} points")
    else:
        cap = f", cap {rules.limit} faan" if rules.limit else ""
        minimum = f"a win needs {rules.minimum} faan" if rules.minimum else "no minimum"
        lines.append(f"  {minimum}{cap}; {_payment_words(rules)}")
    draw = "no payments" if rules.draw == "none" else "every player scores against every other"
    lines.append(f"  a draw: {draw} ({rules.draw_source or rules.source})")
    lines.append("  incidents (kind: what it does [source]):")
    width = max([len(k) for k in rules.incidents] + [4])
    for kind, rule in rules.incidents.items():
        cited = f" [{rule.source}]" if rule.source else ""
        lines.append(f"    {kind:<{width}}  {incident_text(rule)}{cited}")
    if not rules.incidents:
        lines.append("    none")
    assert rules.progression is not None
    lines.append(f"progression: {_deal(rules)} ({rules.progression.source})")
    return lines


def _incident_brief(rule: IncidentRule) -> str:
    if rule.effect == "penalty_to_each":
        if rule.limits is not None:
            amount = f"{_fraction(rule.limits)} x limit"
        elif rule.points is not None:
            amount = f"{rule.points}"
        else:
            amount = "a self-drawn win at the cap"
        return f"{amount} to each" + (", East x2" if rule.east_doubles else "")
    briefs = {"pays_for_all": "pays for all", "dead_hand": "dead hand", "collects_limit": "collects the limit",
              "cannot_win": "cannot win"}
    return briefs[rule.effect] + (", excusable" if rule.excusable else "")


def settlement_summary(profile: Profile) -> dict[str, str]:
    """One row of the README's table-companion table, from the profile's data."""
    rules = profile.settlement_rules
    if rules is None:
        return {"profile": profile.id, "settlement": "none", "draw": "", "incidents": ""}
    if rules.method == "classical":
        kept = "" if rules.cap_at_limit else " (scores above it kept)"
        how = f"classical, limit {rules.limit}{kept}, East x{rules.east_multiplier}"
    elif rules.method == "mcr":
        how = f"MCR, {rules.base} from each loser, minimum {rules.minimum}"
    elif rules.table is None:
        how = "Hong Kong, no payment table (a win is refused)"
    else:
        shares = f", {rules.shares.name} responsibility" if rules.shares else ""
        how = f"Hong Kong, {rules.table.name} table{shares}, cap {rules.limit}"
    draw = "no payments" if rules.draw == "none" else "everyone against everyone"
    settled = [f"{kind} ({_incident_brief(r)})" for kind, r in rules.incidents.items() if r.effect != "refused"]
    return {
        "profile": profile.id,
        "settlement": how,
        "draw": f"{draw}; {_deal(rules)}",
        "incidents": ", ".join(settled) or "none",
    }


def settlement_markdown(profile_ids: list[str] | None = None) -> str:
    """The README's table of every built-in profile's settlement, generated from the data."""
    rows = [settlement_summary(load_profile(pid)) for pid in (profile_ids or builtin_profile_ids())]
    lines = ["| profile | settlement | draw and deal | incidents settled (others refused) |", "|---|---|---|---|"]
    lines += [f"| `{r['profile']}` | {r['settlement']} | {r['draw']} | {r['incidents']} |" for r in rows]
    return "\n".join(lines)


def profile_choices(profile: Profile) -> list[tuple[str, Any, str]]:
    """The named choices a profile makes where its sources leave a question open or offer a method:
    each ``[policies]`` and ``[shapes]`` key that carries a ``_source``, as (key, value, source).

    >>> from mahjong_arbiter.profiles.loader import load_profile
    >>> [(k, v) for k, v, _ in profile_choices(load_profile("bmja")) if k == "concealed_double_honours"]
    [('concealed_double_honours', 'any')]
    """
    out = []
    for table in (profile.policies, profile.shapes):
        for key, value in table.items():
            source = table.get(f"{key}_source")
            if not key.endswith("_source") and isinstance(source, str):
                out.append((key, value, source))
    return out
