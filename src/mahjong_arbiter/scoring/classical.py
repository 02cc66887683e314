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
     with ``calculated = "ordinary"`` the hand's ordinary score under the hand's own name
     (Thompson & Maloney 1997: All Honour Hand p. 44, Ordinary Mah Jong p. 42);
   capped at the limit.  A special hand's ``params.exposure`` says what an exposed pung or kong
   (one the player declared exposed) does to it: ``full`` nothing, ``half`` halves its value,
   ``concealed`` voids it (Thompson & Maloney 1997, p. 4: two red dots, one red dot, none).
   Policies: ``fixed_hand_cap`` (``limit``, the default: a fixed hand and its bonus tiles are
   capped at the limit; ``hand``: a fixed value above the limit is kept, bonus tiles never lift
   the total past the greater of the two; ``none``: the fixed value plus its bonus-tile part,
   uncapped) and ``special_hand_replaces_ordinary`` (a Reading that is a special hand is scored
   only as one; by default the greater of the two counts);
5. select the best Reading; the others are alternatives.

The profile's ``[shapes] max_chows`` limits the chows of an *ordinary* hand; a special hand made of
chows (Thompson & Maloney's Run, Pung and Pair) is not refused for them.

A loser's hand is scored by :mod:`.classical_loser` (re-exported here as :func:`score_loser`).

The limit is the profile's; a game or a command overrides it with :meth:`Profile.with_limit`, which
returns the profile with another limit (and so another fingerprint).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..errors import NotWinningError, ProfileError
from ..hand import Context, Hand
from ..profiles.model import Profile, RuleEntry
from ..result import Alternative, Item, Result, Suppressed
from ..rules.registry import Hits
from ..selection import apply_exclusions
from ..solver.reading import STANDARD, Group, Reading
from .common import make_situation, profile_readings, rule_hits

__all__ = [
    "score", "score_loser", "non_winner_limit", "Valued", "value_hits", "exposed_sets",
    "exposure_factor", "kept_special_hits", "FIXED_HAND_CAP", "SPECIAL_REPLACES_ORDINARY",
]

_FIXED_WINS_TIES = {"fixed": 2, "calculated": 1, "ordinary": 0}

FIXED_HAND_CAP = "fixed_hand_cap"
"""Policy name: how a fixed-value hand and its bonus tiles meet the limit (limit | hand | none)."""
SPECIAL_REPLACES_ORDINARY = "special_hand_replaces_ordinary"
"""Policy name: a Reading that is a special hand is scored only as a special hand."""


def exposed_sets(reading: Reading) -> tuple[Group, ...]:
    """The pungs and kongs the player declared exposed: what a special hand's exposure treatment
    looks at (a set completed by the winning discard was not exposed during play)."""
    return tuple(g for g in reading.groups if g.declared and not g.concealed and g.is_pung_or_kong)


def exposure_factor(entry: RuleEntry, reading: Reading) -> float | None:
    """What the rule's ``params.exposure`` does to its value on *reading*: 1 (full value), 0.5 (an
    exposed pung or kong on a half-value hand) or None (one on a concealed-only hand: no hand)."""
    mode = entry.params.get("exposure", "full")
    if mode == "full" or not exposed_sets(reading):
        return 1.0
    return 0.5 if mode == "half" else None


def limit_of(profile: Profile) -> int:
    """The profile's limit; a classical profile without one cannot score."""
    if profile.limit is None:
        raise ProfileError(f"{profile.path}: field 'limit' is required by the classical arithmetic")
    return profile.limit


@dataclass(slots=True)
class Valued:
    """One Reading valued: the total, the items that counted and those suppressed.

    (Not frozen: every Reading of a hand makes one, and nothing changes it once made; a frozen
    dataclass would set each field through ``object.__setattr__``.)"""

    reading: Reading
    total: int
    items: tuple[Item, ...]
    suppressed: tuple[Suppressed, ...]
    fields: dict[str, Any] = field(default_factory=dict)
    kind: str = "ordinary"


def _item(entry: RuleEntry, hits: Hits, *, factor: float = 1.0) -> Item:
    if factor == 1:
        return _made_item(entry, entry.name, entry.value, hits.instances)
    name = f"{entry.name} (an exposed pung or kong: half value)"
    value = entry.value * factor if entry.value_key == "limit" else entry.value
    return _made_item(entry, name, value, hits.instances)


def _made_item(entry: RuleEntry, name: str, value: int | float, instances: tuple[tuple[Group, ...], ...]) -> Item:
    """*entry*'s Item of *instances* under *name* and *value* (:meth:`Item.made`, without the
    frozen dataclass's per-field ``object.__setattr__``: a hand's best Reading makes one per
    rule that counted)."""
    return Item.made(entry.id, name, entry.value_key, value, len(instances), instances, entry.source)


def _sum(entries: list[tuple[RuleEntry, Hits]]) -> int:
    return int(sum(e.value * h.count for e, h in entries))


_POINTS, _DOUBLES, _FIXED, _CALCULATED, _OTHER = range(5)
"""How the arithmetic uses a rule: points added, doubles, a fixed-value hand, a calculated special
hand (the last two are special hands, ``_is_fixed``), or not at all (another value key)."""
_SPECIAL: Final = frozenset((_FIXED, _CALCULATED))


def _category(entry: RuleEntry) -> int:
    key = entry.value_key
    if key == "points":
        return _POINTS
    if key == "limit":
        return _FIXED
    if key == "doubles":
        return _CALCULATED if entry.params.get("calculated") else _DOUBLES
    return _OTHER


@dataclass(frozen=True, slots=True)
class _Table:
    """A profile's rules sorted by how the arithmetic uses them, and its limit policies: read once
    per profile (kept with it, as the compiled rules are) instead of on every Reading."""

    categories: dict[str, int]
    cap: str
    replaces_ordinary: bool
    whole: dict[str, Item]
    """Each rule's Item of one instance that names no groups (a whole-hand rule's), made once:
    Items are immutable, so every Result shares it, as MCR selection's do."""


_TABLE_KEY: Final = "_classical_table"
_WHOLE_HAND: Final[tuple[tuple[Group, ...], ...]] = ((),)


def _table(profile: Profile) -> _Table:
    found: _Table | None = profile.__dict__.get(_TABLE_KEY)
    if found is None:
        found = profile.__dict__[_TABLE_KEY] = _Table(
            {rid: _category(entry) for rid, entry in profile.rules.items()},
            str(profile.policy(FIXED_HAND_CAP, "limit")),
            bool(profile.policy(SPECIAL_REPLACES_ORDINARY, False)),
            {rid: _made_item(entry, entry.name, entry.value, _WHOLE_HAND) for rid, entry in profile.rules.items()},
        )
    return found


@dataclass(slots=True)
class _Parts:
    """A Reading's kept hits sorted by how the arithmetic uses them."""

    reading: Reading
    limit: int
    suppressed: list[Suppressed]
    points: list[tuple[RuleEntry, Hits]]
    doubles: list[tuple[RuleEntry, Hits]]
    fixed: list[tuple[RuleEntry, Hits]]
    calculated: list[tuple[RuleEntry, Hits]]
    factors: dict[str, float]
    table: _Table

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

    def all_rows(self) -> list[tuple[RuleEntry, Hits]]:
        return [*self.points, *self.doubles, *self.fixed, *self.calculated]


def _parts(reading: Reading, hits: dict[str, Hits], profile: Profile, table: _Table) -> _Parts:
    categories = table.categories
    voided: dict[str, Suppressed] = {}
    factors: dict[str, float] = {}
    for rid in hits:
        if categories[rid] in _SPECIAL:  # a special hand: see _exposure
            voided, factors = _exposure(reading, hits, profile)
            break
    if voided:
        kept, suppressed = apply_exclusions({rid: h for rid, h in hits.items() if rid not in voided}, profile)
        suppressed = [*voided.values(), *suppressed]
    else:
        kept, suppressed = apply_exclusions(hits, profile)
    points: list[tuple[RuleEntry, Hits]] = []
    doubles: list[tuple[RuleEntry, Hits]] = []
    fixed: list[tuple[RuleEntry, Hits]] = []
    calculated: list[tuple[RuleEntry, Hits]] = []
    other: list[tuple[RuleEntry, Hits]] = []  # another value key: not counted here
    rows = (points, doubles, fixed, calculated, other)
    entries = profile.rules
    for rid, h in kept.items():  # (one pass instead of a list per category)
        rows[categories[rid]].append((entries[rid], h))
    return _Parts(reading, limit_of(profile), suppressed, points, doubles, fixed, calculated, factors, table)


def _exposure(
    reading: Reading, hits: dict[str, Hits], profile: Profile
) -> tuple[dict[str, Suppressed], dict[str, float]]:
    """The special hands an exposed pung or kong voids (before any edge is applied, so a void hand
    suppresses nothing), and the value factor of the others."""
    voided: dict[str, Suppressed] = {}
    factors: dict[str, float] = {}
    for rid in hits:
        entry = profile.rules[rid]
        if not _is_fixed(entry):
            continue
        factor = exposure_factor(entry, reading)
        if factor is None:
            shown = " ".join(str(g) for g in exposed_sets(reading))
            voided[rid] = Suppressed(rid, entry.name, f"the exposed {shown}", "concealed_only", entry.source)
        else:
            factors[rid] = factor
    return voided, factors


def kept_special_hits(reading: Reading, hits: dict[str, Hits], profile: Profile) -> dict[str, Hits]:
    """The hits left once exposure has voided what it voids and the profile's edges have run."""
    voided, _ = _exposure(reading, hits, profile)
    kept, _ = apply_exclusions({rid: h for rid, h in hits.items() if rid not in voided}, profile)
    return kept


def _ordinary(parts: _Parts) -> Valued:
    """Points added, then doubled, capped at the limit."""
    p: int | float = 0
    d: int | float = 0
    items = []
    whole = parts.table.whole
    for e, h in parts.points:  # (_sum and _item in one pass)
        instances = h.instances
        p += e.value * len(instances)
        items.append(whole[e.id] if instances == _WHOLE_HAND else _made_item(e, e.name, e.value, instances))
    for e, h in parts.doubles:
        instances = h.instances
        d += e.value * len(instances)
        items.append(whole[e.id] if instances == _WHOLE_HAND else _made_item(e, e.name, e.value, instances))
    points, doubles = int(p), int(d)
    raw = points * 2**doubles
    limit = parts.limit
    fields = {"limit": limit, "points": points, "doubles": doubles, "limit_applied": raw > limit, "fixed": None,
              "components": [{"part": "hand", "base": points, "doubles": doubles, "subtotal": raw}]}
    lost = parts.fixed + parts.calculated
    suppressed = tuple(parts.suppressed)
    if lost:
        suppressed += tuple(Suppressed(e.id, e.name, "ordinary score", "lower value", "the ordinary score is greater")
                            for e, _ in lost)
    return Valued(parts.reading, int(min(raw, limit)), tuple(items), suppressed, fields, "ordinary")


def _calculated(parts: _Parts, entry: RuleEntry, hits: Hits) -> Valued:
    """A calculated special hand: tile points x 2^its doubles, plus the bonus-tile part (Purity);
    or, with ``calculated = "ordinary"``, the ordinary score.  Halved first when an exposed pung or
    kong halves the hand, then capped at the limit."""
    factor = parts.factors[entry.id]
    if entry.params["calculated"] == "ordinary":
        p, d = _sum(parts.points), _sum(parts.doubles)
        raw = round(p * 2**d * factor)
        counted = [*parts.points, *parts.doubles]
        components = [{"part": entry.name, "base": p, "doubles": d, "subtotal": p * 2**d}]
        points, doubles = p, d
    else:
        bp, bd = parts.bonus
        tile_points = _sum(parts.points) - bp
        main = tile_points * 2 ** int(entry.value)
        raw = round(main * factor) + bp * 2**bd
        counted = [*parts.points, *((e, h) for e, h in parts.bonus_rows if e.value_key == "doubles")]
        components = [{"part": entry.name, "base": tile_points, "doubles": int(entry.value), "subtotal": main},
                      _bonus_component(bp, bd)]
        points, doubles = _sum(parts.points), int(entry.value) + bd
    if factor != 1:
        components.append({"part": "an exposed pung or kong: half", "base": 0, "doubles": -1, "subtotal": raw})
    items = (_item(entry, hits, factor=factor), *(_item(e, h) for e, h in counted))
    lost = _lost(parts, counted, entry)
    return _valued(parts, min(raw, parts.limit), items, lost, entry.id, "calculated special hand", "calculated",
                   entry.source, {
                       "points": points, "doubles": doubles, "limit_applied": raw > parts.limit, "fixed": entry.id,
                       "components": components, **({"exposure": "half"} if factor != 1 else {}),
                   })


def _fixed(parts: _Parts, entry: RuleEntry, hits: Hits) -> Valued:
    """A fixed-value hand: its fraction (or multiple) of the limit, halved when an exposed pung or
    kong halves it, plus the bonus-tile part; capped as the profile's ``fixed_hand_cap`` says."""
    factor = parts.factors[entry.id]
    bp, bd = parts.bonus
    main = round(entry.value * factor * parts.limit)
    raw = main + bp * 2**bd
    cap = {"limit": parts.limit, "hand": max(parts.limit, main), "none": raw}[parts.table.cap]
    total = min(raw, cap)
    counted = parts.bonus_rows
    items = (_item(entry, hits, factor=factor), *(_item(e, h) for e, h in counted))
    lost = _lost(parts, counted, entry)
    return _valued(parts, total, items, lost, entry.id, "fixed-value hand", "fixed", entry.source, {
        "points": bp, "doubles": bd, "limit_applied": entry.value * factor >= 1 or total < raw, "fixed": entry.id,
        "components": [{"part": entry.name, "base": main, "doubles": 0, "subtotal": main}, _bonus_component(bp, bd)],
        **({"exposure": "half"} if factor != 1 else {}),
    })


def _bonus_component(bp: int, bd: int) -> dict[str, Any]:
    """The bonus-tile part of a special hand's components (*bp* points, *bd* doubles)."""
    return {"part": "bonus tiles", "base": bp, "doubles": bd, "subtotal": bp * 2**bd}


def _lost(parts: _Parts, counted: list[tuple[RuleEntry, Hits]], entry: RuleEntry) -> list[tuple[RuleEntry, Hits]]:
    """The rows of *parts* that a special hand (*entry*) valued with *counted* rows leaves out.

    (A row is one rule's: a row is among *counted* when its rule is, compared by id instead of
    comparing the rows, whose profile entries compare field by field.)"""
    ids = {e.id for e, _ in counted}
    ids.add(entry.id)
    return [(e, h) for e, h in parts.all_rows() if e.id not in ids]


def value_hits(
    reading: Reading, hits: dict[str, Hits], profile: Profile, *, ordinary_allowed: bool
) -> Valued | None:
    """Value one Reading's hits (step 4 of the pipeline): the greatest of the ordinary score, each
    calculated special hand and each fixed-value hand that holds; None when none may value it.

    Under the policy ``special_hand_replaces_ordinary`` a Reading on which a special hand holds is
    not valued as an ordinary hand (ties between special hands go to the one listed first)."""
    table = _table(profile)
    parts = _parts(reading, hits, profile, table)
    if not parts.fixed and not parts.calculated:  # no special hand (most Readings)
        return _ordinary(parts) if ordinary_allowed else None
    if table.replaces_ordinary:
        ordinary_allowed = False
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


def _shape_words(shape: str) -> str:
    """A special shape in players' words (its description), for a refusal a player reads."""
    from ..solver.shapes import SPECIAL_SHAPES

    known = SPECIAL_SHAPES.get(shape)
    return known.description if known is not None else shape


def chow_refusal(reading: Reading, profile: Profile) -> str | None:
    """Why *profile* does not let this standard Reading win (too many chows), or None."""
    max_chows = profile.shapes.get("max_chows")
    if reading.shape != STANDARD or max_chows is None:
        return None
    count = len(reading.chows)
    if count > int(max_chows):
        most = int(max_chows)
        allowed = f"{most} chow" if most == 1 else f"{most} chows"
        return f"{profile.label} allows at most {allowed} in an ordinary hand; this reading has {count}"
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
        hits = rule_hits(reading, situation, profile)  # the winner's rules: applies all or winner
        refusal = chow_refusal(reading, profile)
        found = value_hits(reading, hits, profile, ordinary_allowed=reading.shape == STANDARD and refusal is None)
        if found is None:
            refusals.append(refusal or (
                f"read as {_shape_words(reading.shape)}, the hand scores only as a special hand, and no "
                f"special hand of {profile.label} matches it"
            ))
            continue
        valued.append(found)
    if not valued:
        raise NotWinningError("; ".join(dict.fromkeys(refusals)))
    if len(valued) > 1:
        valued.sort(key=lambda v: (-v.total, -_FIXED_WINS_TIES[v.kind], v.reading.sort_key()))
    best = valued[0]
    return Result.assembled(
        profile.id, profile.fingerprint, "points", best.total, best.items, best.suppressed, best.reading,
        tuple(Alternative(v.reading, v.total) for v in valued[1:]), best.fields,
        tuple(dict.fromkeys(refusals)) if refusals else (), tuple(readings),
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
