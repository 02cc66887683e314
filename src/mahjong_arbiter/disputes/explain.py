"""``explain``: every Reading of a hand ranked by score, the best one rule by rule, and what was suppressed.

The ranking comes from the Result itself: the best Reading and its total, then each
:class:`~mahjong_arbiter.result.Alternative` the arithmetic reports, ordered by total (best
first; ties keep the arithmetic's order).  The counted rules, the suppressed rules (each with the
rule that suppressed it, the relation of the edge and the edge's source) and the arithmetic's own
fields are the Result's; ``--why`` adds a :class:`~.why.WhyAnswer`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import NotWinningError
from ..hand import Context, Hand
from ..notation.render import hand_text
from ..profiles.model import Profile
from ..result import Result
from ..solver.reading import Reading
from .breakdown import breakdown_lines
from .style import Style, table
from .why import WhyAnswer, why

__all__ = ["RankedReading", "Explanation", "rank_readings", "explain", "why_lines"]


@dataclass(frozen=True)
class RankedReading:
    """One Reading, its place in the ranking and its total."""

    rank: int
    total: int | float
    reading: Reading
    best: bool

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "total": self.total, "best": self.best, "reading": self.reading.to_dict()}


def rank_readings(result: Result) -> tuple[RankedReading, ...]:
    """The best Reading first, then the alternatives by total, highest first (each Reading once)."""
    if result.reading is None:
        return ()
    pairs: list[tuple[Reading, int | float, bool]] = [(result.reading, result.total, True)]
    seen = {result.reading}
    for alt in sorted(result.alternatives, key=lambda a: -a.total):
        if alt.reading not in seen:
            seen.add(alt.reading)
            pairs.append((alt.reading, alt.total, False))
    return tuple(RankedReading(i, total, r, best) for i, (r, total, best) in enumerate(pairs, start=1))


@dataclass(frozen=True)
class Explanation:
    """A hand's score under one profile, ready to be shown: ranking, breakdown, and a why-answer."""

    hand: Hand
    context: Context
    result: Result
    ranked: tuple[RankedReading, ...]
    why: WhyAnswer | None = None

    def to_dict(self) -> dict[str, Any]:
        """The shared result schema plus ``readings`` (ranked) and ``why``."""
        out = self.result.to_dict()
        out["readings"] = [r.to_dict() for r in self.ranked]
        out["why"] = self.why.to_dict() if self.why else None
        return out

    def to_text(self, style: Style, *, ascii: bool = False) -> str:
        lines = [hand_text(self.hand, self.context, ascii=ascii), ""]
        lines.append(style.bold(f"readings ranked by score ({len(self.ranked)}):"))
        rows = [
            (f"{r.rank}.", f"{r.total:g} {self.result.unit}", str(r.reading) + ("   <- best" if r.best else ""))
            for r in self.ranked
        ]
        lines.extend("  " + line for line in table(rows, align=">><"))
        lines.append("")
        lines.append(style.bold("the best reading, rule by rule:"))
        lines.extend(breakdown_lines(self.result, style))
        if self.why is not None:
            lines.append("")
            lines.extend(why_lines(self.why, style))
        return "\n".join(lines)


def why_lines(answer: WhyAnswer, style: Style) -> list[str]:
    """A why-answer as text: the question, the answer, the rule in the rulebook's words, its source."""
    lines = [
        style.bold(f"why {answer.name or answer.query}? ({answer.status.replace('_', ' ')})"),
        f"  {answer.message}",
    ]
    if answer.rule_words and answer.rule_words not in answer.message:
        lines.append(f"  the rule: {' '.join(answer.rule_words.split())}")
    lines.append(f"  source: {answer.source}")
    return lines


def explain(
    hand: Hand,
    context: Context,
    profile: Profile,
    *,
    backend: str = "fast",
    why_rule: str | None = None,
) -> Explanation:
    """Score *hand* under *profile* and explain it; with *why_rule*, also answer "why (not) that rule?".

    Raises
    ------
    NotWinningError
        When the hand is not a winning hand under the profile.
    """
    from ..scoring import score

    try:
        result = score(hand, context, profile, backend=backend)
    except NotWinningError as exc:
        if why_rule is None:
            raise
        failed = why(why_rule, hand, context, profile, exc, backend=backend)
        asked = failed.name or why_rule
        raise NotWinningError(f"{exc.message}. Why {asked}? {failed.message}") from exc
    answer = None if why_rule is None else why(why_rule, hand, context, profile, result, backend=backend)
    return Explanation(hand, context, result, rank_readings(result), answer)
