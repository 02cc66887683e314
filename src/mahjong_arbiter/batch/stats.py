"""Statistics of a scored archive: the JSON lines ``score --input`` writes, summed per profile.

For each profile met in the file: how many hands were scored and how many lines were errors (by
code), how often each rule counted (hands and instances), the distribution of totals (every total
with its count, and the usual quantiles) and the share of scored hands meeting the profile's
minimum.  A line that is not a result object is counted as unreadable, never dropped in silence.

>>> import json
>>> lines = [json.dumps({"id": "a", "profile": "mcr", "unit": "points", "total": 8, "minimum_met": True,
...                      "items": [{"id": "mcr.all-chows", "name": "All Chows", "points": 2, "count": 1}]}),
...          json.dumps({"id": "b", "error": {"code": "not_winning", "message": "no"}})]
>>> stats = archive_stats(lines)
>>> stats.profiles["mcr"].scored, stats.profiles["mcr"].rules["mcr.all-chows"].hands, dict(stats.errors)
(1, 1, {'not_winning': 1})
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import ArbiterError
from ..jsonio import loads
from .lines import Line

__all__ = ["RuleCount", "ProfileStats", "ArchiveStats", "archive_stats", "result_problem", "MAX_TOTAL"]


@dataclass
class RuleCount:
    """One rule's record in an archive: its name, in how many hands it counted, how many times."""

    name: str
    hands: int = 0
    instances: int = 0


@dataclass
class ProfileStats:
    """What the hands scored under one profile came to."""

    profile: str
    unit: str = ""
    scored: int = 0
    minimum_met: int = 0
    minimum_known: int = 0
    totals: Counter[float] = field(default_factory=Counter)
    rules: dict[str, RuleCount] = field(default_factory=dict)

    def add(self, result: dict[str, Any]) -> None:
        self.scored += 1
        self.unit = str(result.get("unit", self.unit))
        total = result.get("total")
        if isinstance(total, int | float) and not isinstance(total, bool):
            self.totals[total] += 1
        met = result.get("minimum_met")
        if isinstance(met, bool):
            self.minimum_known += 1
            self.minimum_met += met
        for item in result.get("items") or ():
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                count = self.rules.setdefault(item["id"], RuleCount(str(item.get("name", item["id"]))))
                count.hands += 1
                n = item.get("count", 1)
                count.instances += n if isinstance(n, int) and not isinstance(n, bool) else 1

    def quantiles(self) -> dict[str, float]:
        """Minimum, quartiles, 90th percentile, maximum and mean of the totals."""
        values = sorted(self.totals.elements())
        if not values:
            return {}
        cuts = statistics.quantiles(values, n=20, method="inclusive") if len(values) > 1 else [values[0]] * 19
        return {
            "min": values[0], "p25": cuts[4], "median": cuts[9], "p75": cuts[14], "p90": cuts[17],
            "max": values[-1], "mean": round(statistics.fmean(values), 2),
        }

    def ranked(self) -> list[tuple[str, RuleCount]]:
        """The rules by how many hands they counted in, the most first (ties by rule id)."""
        return sorted(self.rules.items(), key=lambda kv: (-kv[1].hands, kv[0]))

    def labels(self) -> dict[str, str]:
        """Each rule's label for people: its name, and its id beside it when another rule of the
        archive has the same name (Buzzard 2000's two "No chows", a double and a bonus)."""
        names = Counter(count.name for count in self.rules.values())
        return {rid: count.name if names[count.name] == 1 else f"{count.name} ({rid})"
                for rid, count in self.rules.items()}

    def to_dict(self) -> dict[str, Any]:
        ranked = self.ranked()
        return {
            "profile": self.profile,
            "unit": self.unit,
            "scored": self.scored,
            "minimum_met": self.minimum_met if self.minimum_known else None,
            "minimum_met_share": round(self.minimum_met / self.minimum_known, 4) if self.minimum_known else None,
            "totals": {"quantiles": self.quantiles(),
                       "counts": [[t, n] for t, n in sorted(self.totals.items())]},
            "rules": [
                {"id": rid, "name": c.name, "hands": c.hands, "share": round(c.hands / self.scored, 4),
                 "instances": c.instances}
                for rid, c in ranked
            ],
        }


@dataclass
class ArchiveStats:
    """An archive's statistics: per profile, and the lines that were errors or unreadable."""

    lines: int = 0
    unreadable: int = 0
    first_unreadable: int | None = None
    """The line number (in the file, when the lines came numbered) of the first unreadable line."""
    first_problem: str | None = None
    """What is wrong with that line, in words."""
    errors: Counter[str] = field(default_factory=Counter)
    profiles: dict[str, ProfileStats] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": self.lines,
            "unreadable": self.unreadable,
            "errors": dict(sorted(self.errors.items())),
            "profiles": [p.to_dict() for p in self.profiles.values()],
        }

    def to_text(self, top: int = 20) -> str:
        out = [f"{self.lines} lines: {sum(p.scored for p in self.profiles.values())} scored, "
               f"{sum(self.errors.values())} errors, {self.unreadable} unreadable"]
        if self.errors:
            out.append("errors: " + ", ".join(f"{code} {n}" for code, n in sorted(self.errors.items())))
        for p in self.profiles.values():
            data = p.to_dict()
            q = data["totals"]["quantiles"]
            out += ["", f"profile {p.profile}: {p.scored} hands scored ({p.unit})"]
            if data["minimum_met_share"] is not None:
                out.append(f"  meeting the minimum: {p.minimum_met} ({data['minimum_met_share']:.1%})")
            if q:
                out.append("  totals: " + ", ".join(f"{k} {v:g}" for k, v in q.items()))
            out.append(f"  rules counted (top {min(top, len(data['rules']))} of {len(data['rules'])}, by hands):")
            labels = p.labels()
            width = max([len(labels[r["id"]]) for r in data["rules"][:top]] + [4])
            for r in data["rules"][:top]:
                out.append(f"    {labels[r['id']]:<{width}}  {r['hands']:>7}  {r['share']:>6.1%}  x{r['instances']}")
        return "\n".join(out)


MAX_TOTAL: Final = 2**53
"""The largest total read (JSON's exact whole numbers): the sums of an archive never overflow."""


def result_problem(obj: dict[str, Any]) -> str | None:
    """What makes the object *obj* (with a string ``profile`` and a ``total``) no score result,
    or None: a total that is not a finite number of at most :data:`MAX_TOTAL`, ``items`` that are
    not a list of objects with a string ``id`` and a whole ``count``.

    >>> result_problem({"profile": "mcr", "total": "8", "items": []})
    "its 'total' is not a number: '8'"
    """
    total = obj["total"]
    if not isinstance(total, int | float) or isinstance(total, bool):
        return f"its 'total' is not a number: {total!r}"[:200]
    if not abs(total) <= MAX_TOTAL:
        return f"its 'total' {total!r} is beyond {MAX_TOTAL}"
    items = obj.get("items", [])
    if not isinstance(items, list):
        return f"its 'items' is not a list: {items!r}"[:200]
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            return f"an item is not a rule with a string 'id': {item!r}"[:200]
        count = item.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_TOTAL:
            return f"item {item['id']!r} has a 'count' that is not a whole number from 1: {count!r}"[:200]
    return None


def archive_stats(lines: Iterable[bytes | str | Line]) -> ArchiveStats:
    """The statistics of the result lines *lines* (each a JSON object as ``score`` writes); a
    :class:`~.lines.Line` keeps its number in the file for :attr:`ArchiveStats.first_unreadable`.
    A line that is not a result (not JSON, not an object, a result whose total or items are not
    what ``score`` writes) is counted as unreadable, and the first one's reason is kept."""
    stats = ArchiveStats()
    for entry in lines:
        stats.lines += 1
        number, raw = (entry.number, entry.raw) if isinstance(entry, Line) else (stats.lines, entry)
        try:
            obj = loads(raw)
        except ArbiterError as exc:
            obj, problem = None, exc.message
        else:
            problem = "not a result object"
        if isinstance(obj, dict) and isinstance(obj.get("error"), dict):
            stats.errors[str(obj["error"].get("code", "unknown"))] += 1
            continue
        if isinstance(obj, dict) and isinstance(obj.get("profile"), str) and "total" in obj:
            found = result_problem(obj)
            if found is None:
                pid = obj["profile"]
                stats.profiles.setdefault(pid, ProfileStats(pid)).add(obj)
                continue
            problem = found
        stats.unreadable += 1
        if stats.first_unreadable is None:
            stats.first_unreadable, stats.first_problem = number, problem
    return stats
