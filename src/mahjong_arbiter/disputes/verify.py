"""``verify``: the verdict on a claimed score, right or wrong, and if wrong the difference item by item.

A claim is either a total (``32``) or the rules the claimant counted (``"Pure Straight, Half
Flush, Single Wait"``, a repeat written ``"Tile Hog x2"`` or by naming the rule twice).  Names
match the profile's rules by id, short id, English or native name (:mod:`.names`).

The differences, each with its reason and source:

* ``missing`` — a rule that counts but was not claimed;
* ``extra`` — a claimed rule that does not count, with the :mod:`.why` answer (suppressed by which
  rule and edge, or what the hand lacks);
* ``wrong_count`` — claimed a different number of times than it counts;
* ``wrong_total`` — the claimed total (or, where the arithmetic simply adds the items, the sum of
  the claimed rules) differs from the hand's total; when the gap equals the value of one rule that
  was suppressed or counted, that rule is named as the likely cause;
* ``not_winning`` — the hand is not a winning hand under the profile.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..errors import ArbiterError, NotWinningError
from ..hand import Context, Hand
from ..notation.render import hand_text
from ..profiles.model import Profile
from ..profiles.rulebook import rulebook_for
from ..result import Result
from .breakdown import breakdown_lines, value_text
from .names import resolve_rules, split_count
from .style import Style, table
from .why import why

__all__ = ["Claim", "Difference", "Verdict", "claim_total", "parse_claim", "claimed_rules", "judge", "verify"]

_NUMBER = re.compile(r"^\s*-?[0-9]+(?:\.[0-9]+)?\s*$", re.ASCII)
_LARGEST_CLAIM = 2**53 - 1  # the largest whole number every JSON reader holds exactly


def claim_total(value: int | float | str) -> int:
    """A claimed total as a whole number (JSON shows 32, not 32.0).

    Every profile's totals are whole numbers of 0 or more: rule values are whole points, doubles
    or faan, and a share of the limit is rounded to whole points (:mod:`..scoring.classical`), so
    a negative or fractional total is no score any hand has, under any profile (our choice: it is
    refused as bad input rather than judged a wrong claim).  Refused (``bad_claim``): text that is
    not a plain decimal number, NaN, an infinity, a negative or fractional number, and a number
    larger than any score (beyond 2**53 - 1).

    >>> claim_total("32"), claim_total(" 22.0 "), claim_total(8.0)
    (32, 22, 8)
    >>> claim_total("nan")
    Traceback (most recent call last):
        ...
    mahjong_arbiter.errors.ArbiterError: a claimed total is a plain number such as 32, not 'nan'
    >>> claim_total("22.5")
    Traceback (most recent call last):
        ...
    mahjong_arbiter.errors.ArbiterError: a claimed total is a whole number (every total is), not 22.5
    """
    if isinstance(value, str):
        if not _NUMBER.match(value):
            raise ArbiterError("bad_claim", f"a claimed total is a plain number such as 32, not {value!r}")
        digits = value.strip().lstrip("-").partition(".")[0]
        if len(digits) > 16:
            too_big = f"a claimed total is at most {_LARGEST_CLAIM}, not a {len(digits)}-digit number"
            raise ArbiterError("bad_claim", too_big)
        number: int | float = float(value)
    else:
        number = value
    if abs(number) > _LARGEST_CLAIM or not math.isfinite(number):
        shown = f"{number}" if not isinstance(number, int) or abs(number) < 10**20 else "a number that large"
        raise ArbiterError("bad_claim", f"a claimed total is a finite number up to {_LARGEST_CLAIM}, not {shown}")
    if number < 0:
        raise ArbiterError("bad_claim", f"a claimed total is 0 or more (no hand scores less), not {number:g}")
    if not (isinstance(number, int) or number.is_integer()):
        raise ArbiterError("bad_claim", f"a claimed total is a whole number (every total is), not {number:g}")
    return int(number)


def _count(name: str, n: int, value: object) -> int:
    """*n*, a claimed rule's count, if it is one a claim can make (1 to 2**53 - 1)."""
    if not 1 <= n <= _LARGEST_CLAIM:
        shown = f"{n}" if n < 10**20 else "a number that large"
        raise ArbiterError(
            "bad_claim", f"{name} is claimed {shown} times in claim {_shown(value)}: a count is 1 to {_LARGEST_CLAIM}"
        )
    return n


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


@dataclass(frozen=True)
class Claim:
    """What the claimant said: a total, or rules with how many times each."""

    total: int | None = None
    rules: tuple[tuple[str, int], ...] = ()

    @property
    def is_total(self) -> bool:
        return self.total is not None

    def to_json(self) -> int | list[str]:
        if self.total is not None:
            return self.total
        return [name if n == 1 else f"{name} x{n}" for name, n in self.rules]

    def __str__(self) -> str:
        if self.total is not None:
            return f"{self.total:g}"
        return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in self.rules) or "(no rules)"


def parse_claim(value: object) -> Claim:
    """A claim from the command line or a JSON ``claim`` field.

    >>> parse_claim(32).total, parse_claim("32").total
    (32, 32)
    >>> parse_claim("Pure Straight, Tile Hog x2").rules
    (('Pure Straight', 1), ('Tile Hog', 2))
    >>> parse_claim(["Tile Hog", "tile hog"]).rules
    (('Tile Hog', 2),)
    """
    if isinstance(value, bool):
        raise ArbiterError("bad_claim", "a claim is a number or a list of rule names, not true/false")
    if isinstance(value, int | float):
        return Claim(total=claim_total(value))
    if isinstance(value, str):
        if _NUMBER.match(value):
            return Claim(total=claim_total(value))
        if not value.strip():
            raise ArbiterError("bad_claim", "the claim is empty: name at least one rule, or give a total")
        names = re.split(r"[,;\n]", value.strip())  # an empty name between separators is refused below
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        names = list(value)
    else:
        raise ArbiterError("bad_claim", f"a claim is a number or a list of rule names, not {_shown(value)}")
    counts: dict[str, int] = {}
    spelled: dict[str, str] = {}
    for raw in names:
        name, n = split_count(raw)
        if not name:
            raise ArbiterError("bad_claim", f"empty rule name in claim {_shown(value)}")
        key = name.casefold()
        spelled.setdefault(key, name)
        counts[key] = _count(name, counts.get(key, 0) + _count(name, n, value), value)
    if not counts:
        raise ArbiterError("bad_claim", "the claim is empty: name at least one rule, or give a total")
    return Claim(rules=tuple((spelled[k], n) for k, n in counts.items()))


@dataclass(frozen=True)
class Difference:
    """One way the claim differs from the hand's score."""

    kind: str
    message: str
    rule: str = ""
    name: str = ""
    claimed: int | float | None = None
    actual: int | float | None = None
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "name": self.name,
            "claimed": self.claimed,
            "actual": self.actual,
            "message": self.message,
            "source": self.source,
        }


@dataclass(frozen=True)
class Verdict:
    """Right or wrong, the differences, and the score the verdict rests on."""

    claim: Claim
    profile: str
    differences: tuple[Difference, ...]
    result: Result | None
    hand: Hand
    context: Context
    minimum: int | None = None

    @property
    def right(self) -> bool:
        return not self.differences

    @property
    def wins(self) -> bool:
        """The hand is a win: complete and at or above the profile's minimum.  A claim can be right
        about a hand below the minimum (its total is what it scores), but that hand is no win."""
        return self.result is not None and self.result.fields.get("minimum_met") is not False

    @property
    def word(self) -> str:
        return "right" if self.right else "wrong"

    def to_text(self, style: Style, *, ascii: bool = False) -> str:
        """The hand, the claim, the verdict, the differences, then the best reading's breakdown."""
        lines = [hand_text(self.hand, self.context, ascii=ascii), ""]
        unit = f" {self.result.unit}" if self.result is not None and self.claim.is_total else ""
        lines.append(f"claim under {self.profile}: {self.claim}{unit}")
        verdict = style.good("RIGHT") if self.right else style.bad("WRONG")
        lines.append(f"verdict: {verdict}")
        if self.result is not None and not self.wins:
            lines.append(style.bad(f"but the hand is below the minimum of {self.minimum} {self.result.unit} under "
                                   f"{self.profile}: it is no win"))
        if self.differences:
            lines.append(style.bold("differences:"))
            rows = [
                (d.kind.replace("_", " "), d.message + (f"  [{d.source}]" if d.source else ""))
                for d in self.differences
            ]
            lines.extend("  " + line for line in table(rows))
        if self.result is not None:
            lines.append("")
            lines.append(style.bold(f"the best reading: {self.result.reading}"))
            lines.extend(breakdown_lines(self.result, style))
            lines.append(f"verdict: {verdict}")  # restated under the breakdown, which can be long
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The shared result schema (when the hand wins) plus ``verdict``, ``claim``, ``differences``."""
        out: dict[str, Any] = (
            self.result.to_dict() if self.result is not None else {"id": None, "profile": self.profile}
        )
        out["verdict"] = self.word
        out["claim"] = self.claim.to_json()
        out["differences"] = [d.to_dict() for d in self.differences]
        return out


def _additive(result: Result) -> bool:
    return bool(result.items) and sum(i.subtotal for i in result.items) == result.total


def _likely_cause(gap: int | float, result: Result, profile: Profile, hand: Hand, ctx: Context, backend: str) -> str:
    """The one rule whose value is the gap: suppressed (claimed too much) or counted (claimed too little)."""
    if gap > 0:
        for sup in result.suppressed:
            entry = profile.rules.get(sup.id)
            if entry is not None and entry.value == gap:
                answer = why(sup.id, hand, ctx, profile, result, backend=backend)
                return f"; the gap is the value of {entry.name}, which does not count here: {answer.message}"
    else:
        for item in result.items:
            if item.subtotal == -gap:
                return f"; the gap is the value of {item.name}, which counts: was it left out?"
    return ""


def _total_difference(
    claimed: int | float, result: Result, profile: Profile, hand: Hand, ctx: Context, backend: str, what: str
) -> Difference:
    gap = claimed - result.total
    cause = _likely_cause(gap, result, profile, hand, ctx, backend)
    return Difference(
        "wrong_total",
        f"{what} {claimed:g} {result.unit}; the hand scores {result.total:g} {result.unit}{cause}",
        claimed=claimed, actual=result.total, source=f"profile {profile.id}",
    )


def claimed_rules(claim: Claim, profile: Profile) -> Counter[str]:
    """The claimed rules as profile rule ids with counts; ``unknown_rule`` for a name the profile lacks.

    A name the profile gives to two rules (a classical "No chows" in points and as a double)
    claims both.
    """
    claimed: Counter[str] = Counter()
    for name, n in claim.rules:
        for entry in resolve_rules(profile, name):
            claimed[entry.id] += n
    return claimed


def _rule_differences(
    claimed: Counter[str], result: Result, profile: Profile, hand: Hand, ctx: Context, backend: str
) -> list[Difference]:
    actual = {i.id: i for i in result.items}
    book = rulebook_for(profile)
    diffs: list[Difference] = []
    for rid, item in actual.items():
        value = value_text(item.value, item.value_key)
        if rid not in claimed:
            times = f" x{item.count}" if item.count != 1 else ""
            words = " ".join(book.summary(rid).split())
            diffs.append(Difference(
                "missing", f"{item.name}{times} ({value}) counts but was not claimed" + (f": {words}" if words else ""),
                rid, item.name, 0, item.count, item.source or profile.rules[rid].source,
            ))
        elif claimed[rid] != item.count:
            diffs.append(Difference(
                "wrong_count", f"{item.name} ({value}) claimed x{claimed[rid]}, counts x{item.count}",
                rid, item.name, claimed[rid], item.count, item.source or profile.rules[rid].source,
            ))
    for rid, n in claimed.items():
        if rid not in actual:
            entry = profile.rules[rid]
            answer = why(rid, hand, ctx, profile, result, backend=backend)
            diffs.append(Difference(
                "extra", f"claimed, not counted: {answer.message}",
                rid, entry.name, n, 0, answer.source,
            ))
    if diffs and _additive(result):
        claimed_sum = sum(profile.rules[rid].value * n for rid, n in claimed.items())
        if claimed_sum > _LARGEST_CLAIM:  # counts are bounded one by one; their sum is bounded here
            most = f"more than {_LARGEST_CLAIM} {result.unit}"
            raise ArbiterError("bad_claim", f"the claimed rules add up to {most}, more than any score")
        if claimed_sum != result.total:
            diffs.append(Difference(
                "wrong_total",
                f"the claimed rules add up to {claimed_sum:g} {result.unit}; "
                f"the hand scores {result.total:g} {result.unit}",
                claimed=claimed_sum, actual=result.total, source=f"profile {profile.id}",
            ))
    return diffs


def judge(
    hand: Hand,
    context: Context,
    profile: Profile,
    claim: Claim,
    outcome: Result | NotWinningError,
    *,
    backend: str = "fast",
) -> Verdict:
    """The verdict on *claim* given the hand's score *outcome* (or the reason it does not win)."""
    claimed = claimed_rules(claim, profile)
    if isinstance(outcome, NotWinningError):
        diff = Difference(
            "not_winning", f"this is not a winning hand: {outcome.message}", source=f"profile {profile.id}"
        )
        return Verdict(claim, profile.id, (diff,), None, hand, context)
    if claim.total is not None:
        diffs = [] if claim.total == outcome.total else [
            _total_difference(claim.total, outcome, profile, hand, context, backend, "claimed")
        ]
    else:
        diffs = _rule_differences(claimed, outcome, profile, hand, context, backend)
    return Verdict(claim, profile.id, tuple(diffs), outcome, hand, context, profile.minimum)


def verify(
    hand: Hand, context: Context, profile: Profile, claim: Claim, *, backend: str = "fast"
) -> Verdict:
    """Score *hand* under *profile* and judge *claim*.

    Raises
    ------
    ArbiterError
        ``unknown_rule`` when the claim names a rule the profile does not have.
    """
    from ..scoring import score

    claimed_rules(claim, profile)  # a misnamed rule is bad input, whatever the hand
    outcome: Result | NotWinningError
    try:
        outcome = score(hand, context, profile, backend=backend)
    except NotWinningError as exc:
        outcome = exc
    return judge(hand, context, profile, claim, outcome, backend=backend)
