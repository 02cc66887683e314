"""The classical arithmetic: points, doubles and a limit (BMJA, Buzzard 2000, the Codification).

Pipeline for a winning hand:

1. read: every Reading the profile's ``[shapes]`` allow; a standard Reading with more chows than
   ``[shapes] max_chows`` is refused with the reason (BMJA: at most one chow in an ordinary hand);
2. recognise: the hits of every rule that applies to all hands or to the winner;
3. suppress: the ``excludes`` / ``implies`` edges of the rules that hold, in topological order
   (each suppressed rule names the rule and the source that suppressed it);
4. value, taking the greatest of
   - the ordinary score: set points and bonus points added, then x2 per double (Buzzard 2000
     p. 10: "bonuses are added before the hand is multiplied by doubles"), standard shape only;
   - a fixed-value hand (a ``limit`` rule, a fraction of the limit), plus the bonus-tile part: the
     bonus-tile points doubled only by the doubles marked ``params.bonus_part`` (BMJA
     doubling.html: All Pair Honours with two flowers including North's own: 500 + 8 x 2 = 516);
   - a calculated special hand (a ``doubles`` rule with ``params.calculated``, BMJA Purity): the
     playing-tile points doubled by its own doubles only, plus the bonus-tile part (496 + 16 = 512);
   capped at the limit;
5. select the best Reading; the others are alternatives.

A loser's hand is scored by :mod:`.classical_loser` (re-exported here as :func:`score_loser`).

The limit is the profile's; a game or a command overrides it with :meth:`Profile.with_limit`, which
returns the profile with another limit (and so another fingerprint).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import NotWinningError, ProfileError
from ..hand import Context, Hand
from ..profiles.model import Profile, RuleEntry
from ..result import Alternative, Item, Result, Suppressed
from ..rules.registry import Hits
from ..selection import apply_exclusions
from ..solver.reading import STANDARD, GroupKind, Reading
from .common import make_situation, profile_readings, rule_hits

__all__ = ["score", "score_loser", "non_winner_limit", "Valued", "value_hits"]

_FIXED_WINS_TIES = {"fixed": 2, "calculated": 1, "ordinary": 0}


def limit_of(profile: Profile) -> int:
    """The profile's limit; a classical profile without one cannot score."""
    if profile.limit is None:
        raise ProfileError(f"{profile.path}: field 'limit' is required by the classical arithmetic")
    return profile.limit


@dataclass(frozen=True)
class Valued:
    """One Reading valued: the total, the items that counted and those suppressed."""

    reading: Reading
    total: int
    items: tuple[Item, ...]
    suppressed: tuple[Suppressed, ...]
    fields: dict[str, Any] = field(default_factory=dict)
    kind: str = "ordinary"


def _item(entry: RuleEntry, hits: Hits, *, name: str | None = None) -> Item:
    return Item(entry.id, name or entry.name, entry.value_key, entry.value, hits.count, hits.instances, entry.source)


def _sum(entries: list[tuple[RuleEntry, Hits]]) -> int:
    return int(sum(e.value * h.count for e, h in entries))


@dataclass(frozen=True)
class _Parts:
    """A Reading's kept hits sorted by how the arithmetic uses them."""

    reading: Reading
    limit: int
    suppressed: list[Suppressed]
    points: list[tuple[RuleEntry, Hits]]
    doubles: list[tuple[RuleEntry, Hits]]
    fixed: list[tuple[RuleEntry, Hits]]
    calculated: list[tuple[RuleEntry, Hits]]

    @property
    def bonus_rows(self) -> list[tuple[RuleEntry, Hits]]:
        """The bonus-tile points and the doubles that still apply to them on a fixed-value hand."""
        return [(e, h) for e, h in (*self.points, *self.doubles) if e.params.get("bonus_part")]

    @property
    def bonus(self) -> tuple[int, int]:
        """(bonus-tile points, their doubles)."""
        rows = self.bonus_rows
        points = _sum([r for r in rows if r[0].value_key == "points"])
        return points, _sum([r for r in rows if r[0].value_key == "doubles"])

    def bonus_component(self) -> dict[str, Any]:
        bp, bd = self.bonus
        return {"part": "bonus tiles", "base": bp, "doubles": bd, "subtotal": bp * 2**bd}

    def all_rows(self) -> list[tuple[RuleEntry, Hits]]:
        return [*self.points, *self.doubles, *self.fixed, *self.calculated]


def _parts(reading: Reading, hits: dict[str, Hits], profile: Profile) -> _Parts:
    kept, suppressed = apply_exclusions(hits, profile)
    rows = [(profile.rules[rid], h) for rid, h in kept.items()]
    return _Parts(
        reading,
        limit_of(profile),
        suppressed,
        points=[(e, h) for e, h in rows if e.value_key == "points"],
        doubles=[(e, h) for e, h in rows if e.value_key == "doubles" and not e.params.get("calculated")],
        fixed=[(e, h) for e, h in rows if e.value_key == "limit"],
        calculated=[(e, h) for e, h in rows if e.value_key == "doubles" and e.params.get("calculated")],
    )


def _ordinary(parts: _Parts) -> Valued:
    """Points added, then doubled, capped at the limit."""
    p, d = _sum(parts.points), _sum(parts.doubles)
    raw = p * 2**d
    items = tuple(_item(e, h) for e, h in (*parts.points, *parts.doubles))
    return _valued(parts, min(raw, parts.limit), items, [*parts.fixed, *parts.calculated], "ordinary score",
                   "lower value", "ordinary", "the ordinary score is greater", {
                       "points": p, "doubles": d, "limit_applied": raw > parts.limit, "fixed": None,
                       "components": [{"part": "hand", "base": p, "doubles": d, "subtotal": raw}],
                   })


def _calculated(parts: _Parts, entry: RuleEntry, hits: Hits) -> Valued:
    """A calculated special hand: tile points x 2^its doubles, plus the bonus-tile part (Purity)."""
    bp, bd = parts.bonus
    tile_points = _sum(parts.points) - bp
    main = tile_points * 2 ** int(entry.value)
    raw = main + bp * 2**bd
    counted = [*parts.points, *((e, h) for e, h in parts.bonus_rows if e.value_key == "doubles")]
    items = (_item(entry, hits), *(_item(e, h) for e, h in counted))
    lost = [(e, h) for e, h in parts.all_rows() if (e, h) not in counted and e is not entry]
    return _valued(parts, min(raw, parts.limit), items, lost, entry.id, "calculated special hand", "calculated",
                   entry.source, {
                       "points": _sum(parts.points), "doubles": int(entry.value) + bd,
                       "limit_applied": raw > parts.limit, "fixed": entry.id,
                       "components": [
                           {"part": entry.name, "base": tile_points, "doubles": int(entry.value), "subtotal": main},
                           parts.bonus_component(),
                       ],
                   })


def _fixed(parts: _Parts, entry: RuleEntry, hits: Hits) -> Valued:
    """A fixed-value hand: its fraction of the limit, plus the bonus-tile part, capped."""
    bp, bd = parts.bonus
    main = round(entry.value * parts.limit)
    raw = main + bp * 2**bd
    counted = parts.bonus_rows
    items = (_item(entry, hits), *(_item(e, h) for e, h in counted))
    lost = [(e, h) for e, h in parts.all_rows() if (e, h) not in counted and e is not entry]
    return _valued(parts, min(raw, parts.limit), items, lost, entry.id, "fixed-value hand", "fixed", entry.source, {
        "points": bp, "doubles": bd, "limit_applied": entry.value >= 1 or raw > parts.limit, "fixed": entry.id,
        "components": [{"part": entry.name, "base": main, "doubles": 0, "subtotal": main}, parts.bonus_component()],
    })


def value_hits(
    reading: Reading, hits: dict[str, Hits], profile: Profile, *, ordinary_allowed: bool
) -> Valued | None:
    """Value one Reading's hits (step 4 of the pipeline): the greatest of the ordinary score, each
    calculated special hand and each fixed-value hand that holds; None when none may value it."""
    parts = _parts(reading, hits, profile)
    options = [_ordinary(parts)] if ordinary_allowed else []
    options += [_calculated(parts, e, h) for e, h in parts.calculated]
    options += [_fixed(parts, e, h) for e, h in parts.fixed]
    if not options:
        return None
    return max(options, key=lambda v: (v.total, _FIXED_WINS_TIES[v.kind]))


def _valued(
    parts: _Parts,
    total: int,
    items: tuple[Item, ...],
    lost: list[tuple[RuleEntry, Hits]],
    by: str,
    relation: str,
    kind: str,
    source: str,
    fields: dict[str, Any],
) -> Valued:
    """A valued option; *lost* are the rules that held but this way of valuing does not count."""
    extra = [
        Suppressed(e.id, e.name, by, "one fixed value per hand" if _is_fixed(e) and kind != "ordinary" else relation,
                   source)
        for e, _ in lost
    ]
    return Valued(parts.reading, int(total), items, (*parts.suppressed, *extra), {"limit": parts.limit, **fields}, kind)


def _is_fixed(entry: RuleEntry) -> bool:
    return entry.value_key == "limit" or bool(entry.params.get("calculated"))


def chow_refusal(reading: Reading, profile: Profile) -> str | None:
    """Why *profile* does not let this standard Reading win (too many chows), or None."""
    max_chows = profile.shapes.get("max_chows")
    if reading.shape != STANDARD or max_chows is None:
        return None
    count = sum(1 for g in reading.groups if g.kind is GroupKind.CHOW)
    if count > int(max_chows):
        return (
            f"{profile.label} allows at most {max_chows} chow(s) in an ordinary hand; "
            f"this reading has {count}"
        )
    return None


def score(hand: Hand, context: Context, profile: Profile, *, backend: str = "fast") -> Result:
    """Score a complete winning hand under a classical profile (steps 1-5 of the module).

    Raises
    ------
    NotWinningError
        When no Reading of the hand may win under the profile (with the reason: no shape, too many
        chows, a special shape that none of the profile's hands matches).
    """
    readings = profile_readings(hand, context, profile, backend=backend)
    if not readings:
        from ..solver.diagnose import why_not_complete
        from .common import shape_options

        reason = why_not_complete(hand, shapes=shape_options(profile))
        raise NotWinningError(reason or f"the hand has no reading that {profile.label} lets win")
    situation = make_situation(hand, context, profile, winner=True)
    valued: list[Valued] = []
    refusals: list[str] = []
    for reading in readings:
        refusal = chow_refusal(reading, profile)
        if refusal is not None:
            refusals.append(refusal)
            continue
        hits = rule_hits(reading, situation, profile)  # the winner's rules: applies all or winner
        found = value_hits(reading, hits, profile, ordinary_allowed=reading.shape == STANDARD)
        if found is None:
            refusals.append(
                f"the {reading.shape} shape scores only as a special hand, and no special hand of "
                f"{profile.label} matches it"
            )
            continue
        valued.append(found)
    if not valued:
        raise NotWinningError("; ".join(dict.fromkeys(refusals)))
    valued.sort(key=lambda v: (-v.total, -_FIXED_WINS_TIES[v.kind], v.reading.sort_key()))
    best = valued[0]
    return Result(
        profile=profile.id,
        fingerprint=profile.fingerprint,
        unit="points",
        total=best.total,
        items=best.items,
        suppressed=best.suppressed,
        reading=best.reading,
        alternatives=tuple(Alternative(v.reading, v.total) for v in valued[1:]),
        fields=best.fields,
        notes=tuple(dict.fromkeys(refusals)),
    )


def score_loser(hand: Hand, context: Context, profile: Profile) -> Result:
    """Score a loser's thirteen-tile (or partial) hand: see :mod:`.classical_loser`."""
    from .classical_loser import score_loser as scorer

    return scorer(hand, context, profile)


def non_winner_limit(hand13: Hand, context: Context, profile: Profile) -> bool:
    """Whether a loser's incomplete hand is worth the limit against the other losers (Buzzard
    2000 pp. 11-12, ledger section E): see :func:`.classical_loser.non_winner_limit`."""
    from .classical_loser import non_winner_limit as check

    return check(hand13, context, profile)
