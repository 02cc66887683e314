"""The table companion's facts in a profile: ``[settlement]``, ``[payments]``, ``[progression]``.

Everything the table companion needs to settle a hand and move the deal on is profile data, read
here once into typed form (:class:`SettlementRules`), validated when the profile loads: a
misspelt key or a wrong value fails at load naming the file and the field, and a house-rules
file that changes any of it changes settlement too.  The engine (:mod:`mahjong_arbiter.table`)
reads only these objects; it keeps no copy of any rule.

Layout::

    limit = 600                 # top level: the classical limit / Hong Kong faan cap (the game's
    minimum = 3                 # default); the minimum to win (MCR points, Hong Kong faan)

    [settlement]
    method = "classical"        # classical | mcr | hong-kong: which settler pays the hand
    source = "BMJA rules, Settling up"
    draw = "none"               # none | pairwise (classical: every player scores against every other)
    draw_source = "..."
    east_multiplier = 2         # classical: payments with East on one side (the limit never caps it)
    cap_at_limit = true         # classical: scores are capped at the limit before payment (false where a
                                #   special hand's value above the limit is kept: the Companion, the club)
    base = 8                    # mcr: what every loser pays before the hand's points
    no_table_reason = "..."     # hong-kong: why a win is refused when [payments] names no table

    [settlement.incidents.<kind>]   # one table per incident kind the table may report
    effect = "pays_for_all"     # what it does (EFFECTS below); "refused" with a reason otherwise
    meaning = "..."             # what it is at the table, in players' words (optional)
    source = "..."
    # ... the effect's own keys (profiles/keys.py INCIDENT_EFFECTS)

    [payments]                  # hong-kong
    table = "simple"            # the active table, a name under tables
    responsibility = "half"     # the shares a discard win uses: a name under shares
    [payments.tables.<name>]    steps = [[from_faan, points], ...], source = "..."
                                portion = 2, portion_source = "..."  (one portion is 2 x the
                                points; default 1)
    [payments.shares.self_drawn]  each_loser = 1
    [payments.shares.<name>]      discarder = 1, other = 0.5   (portions on a discard win)

    [progression]
    kind = "east_cycle"         # east_cycle | fixed (the deal passes after every hand)
    after_east_win = "stays"    # stays | passes; leave out where the source is silent: the table
    after_draw = "stays"        #   then chooses when it starts a game
    source = "..."

A child profile merges these tables key by key over its parent's, and the named sub-tables
(``settlement.incidents``, ``payments.tables``, ``payments.shares``) name by name: a house file
declares one new incident, or replaces one, without restating the others.

Incidents are declared by kind; the kind is the profile's own word (``liability``, ``cannon``,
``false_discard_name``), and its ``effect`` is one of a closed vocabulary the settlers implement:

* ``refused`` (``reason``): the source leaves the case open; settling it is refused with the
  reason (code ``open_case``).
* ``pays_for_all`` (``discarder_only``, ``excusable``): the player pays the winner every loser's
  share (East's multiplier inside it) and the losers settle nothing among themselves.  With
  ``discarder_only`` (default true) the player must have discarded the winning tile.  With
  ``excusable`` the incident may carry ``excused: true`` (an accepted excuse such as "No
  choice!"), which restores the ordinary settlement.  At most one such incident a hand.
* ``penalty_to_each`` (one of ``limits`` / ``points`` / ``portion_at_cap``; ``east_doubles``,
  ``withdrawable``): the player pays each other player a multiple of the limit, a number of
  points, or (hong-kong) a whole self-drawn win at the cap (all three losers' self-draw shares),
  also on a drawn hand.  With ``withdrawable`` (default true) an incident with ``exposed: false``
  pays nothing.
* ``dead_hand`` (classical, ``too_few_keeps_score``): the player's hand is dead in the losers'
  settlement; the incident carries ``count``: ``too_many`` pays the others' scores without deducting
  its own, ``too_few`` deducts its own first (with ``too_few_keeps_score``, default false, a hand
  with too few tiles keeps its score both ways: it only may not win).
* ``cannot_win`` (classical): the player's hand may not win (a wrong claim left uncorrected); it
  changes no payment, and reported on the winner it is refused.
* ``collects_limit`` (classical): the loser collects the limit from each other loser and still
  pays the winner (an incomplete limit hand worth the limit).

A new kind with an existing effect needs data only.  A new effect is a new entry of
:data:`EFFECT_METHODS` here, its keys in ``profiles/keys.py`` and its payments in the settlers of
:mod:`mahjong_arbiter.table`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal

from ..errors import ProfileError
from .keys import INCIDENT_EFFECTS, INCIDENT_KEYS, unknown_keys

__all__ = [
    "METHODS",
    "EFFECT_METHODS",
    "IncidentRule",
    "PaymentTable",
    "Shares",
    "Progression",
    "SettlementRules",
    "read_payment_table",
    "read_settlement_rules",
    "read_progression",
]

Method = Literal["classical", "mcr", "hong-kong"]
METHODS: Final[tuple[Method, ...]] = ("classical", "mcr", "hong-kong")

EFFECT_METHODS: Final[Mapping[str, tuple[Method, ...]]] = {
    "refused": METHODS,
    "pays_for_all": ("classical", "hong-kong"),
    "penalty_to_each": METHODS,
    "dead_hand": ("classical",),
    "collects_limit": ("classical",),
    "cannot_win": ("classical",),
}
"""Each incident effect and the settlement methods that implement it."""

DealRule = Literal["stays", "passes"]


@dataclass(frozen=True, slots=True)
class IncidentRule:
    """One declared incident kind (see the module docstring for the effects and their keys)."""

    kind: str
    effect: str
    source: str = ""
    meaning: str = ""
    reason: str = ""
    discarder_only: bool = True
    excusable: bool = False
    limits: Fraction | None = None
    points: int | None = None
    portion_at_cap: bool = False
    east_doubles: bool = False
    withdrawable: bool = True
    too_few_keeps_score: bool = False

    @property
    def fields(self) -> frozenset[str]:
        """The incident JSON fields beyond kind, player and trigger that this kind takes."""
        found = set()
        if self.effect == "dead_hand":
            found.add("count")
        if self.effect == "penalty_to_each" and self.withdrawable:
            found.add("exposed")
        if self.effect == "pays_for_all" and self.excusable:
            found.add("excused")
        return frozenset(found)


@dataclass(frozen=True, slots=True)
class PaymentTable:
    """Faan to base points: ``steps`` is ``((from_faan, points), ...)`` in rising faan order;
    one portion (what the shares count) is ``portion`` times a hand's points."""

    name: str
    source: str
    steps: tuple[tuple[int, int], ...]
    portion: int = 1
    portion_source: str = ""

    def points(self, faan: int | float) -> int | None:
        """The points of the last step at or below ``faan``; ``None`` below the first step.

        >>> PaymentTable("t", "", ((3, 1), (4, 2), (7, 4), (10, 8))).points(5)
        2
        """
        found = None
        for start, points in self.steps:
            if start <= faan:
                found = points
        return found

    def portions(self, faan: int | float) -> int | None:
        """One portion at ``faan``: ``portion`` x :meth:`points`; ``None`` below the first step.

        >>> PaymentTable("t", "", ((3, 1), (4, 2), (7, 4), (10, 8)), portion=2).portions(5)
        4
        """
        points = self.points(faan)
        return None if points is None else self.portion * points


@dataclass(frozen=True, slots=True)
class Shares:
    """Portions each loser pays: ``discarder`` and each ``other`` loser on a discard win."""

    name: str
    discarder: Fraction
    other: Fraction
    source: str = ""


@dataclass(frozen=True, slots=True)
class Progression:
    """Who is East next and when the prevailing wind advances (``[progression]``).

    ``kind``: ``east_cycle`` (East keeps or passes the deal; the prevailing wind advances once
    every player has held East and lost it) or ``fixed`` (the deal passes after every hand, the
    prevailing wind changes every four hands).  ``after_east_win`` / ``after_draw`` are ``None``
    where the source is silent: the table chooses when it starts a game.  ``rounds`` is the
    game's number of prevailing winds (4, or 1 as the table chooses).
    """

    kind: Literal["east_cycle", "fixed"]
    after_east_win: DealRule | None
    after_draw: DealRule | None
    source: str
    rounds: int = 4


@dataclass(frozen=True, slots=True)
class SettlementRules:
    """Everything a settler reads, from one resolved profile (see the module docstring)."""

    profile: str
    label: str
    method: Method
    source: str
    limit: int | None
    minimum: int | None
    draw: Literal["none", "pairwise"] = "none"
    draw_source: str = ""
    east_multiplier: int = 1
    cap_at_limit: bool = True
    base: int = 0
    table: PaymentTable | None = None
    no_table_reason: str = ""
    self_drawn_each: Fraction = Fraction(0)
    self_drawn_source: str = ""
    shares: Shares | None = None
    incidents: Mapping[str, IncidentRule] = field(default_factory=dict)
    progression: Progression | None = None

    def incident(self, kind: str) -> IncidentRule | None:
        """The declared incident of that kind, if any."""
        return self.incidents.get(kind)

    @property
    def winner_only(self) -> bool:
        """Whether only the winner's score is read: MCR and Hong Kong settle on it alone (a
        loser's score there is never used); classical losers settle their scores too."""
        return self.method != "classical"


# --- reading -------------------------------------------------------------------------------------
class _Reader:
    """Typed access to one table of a profile file, naming the file and the field on error."""

    def __init__(self, table: Mapping[str, Any], where: str, name: str) -> None:
        self.table = table
        self.where = where
        self.name = name

    def fail(self, key: str, what: str) -> ProfileError:
        return ProfileError(f"{self.where}: [{self.name}] {key}: {what}")

    def text(self, key: str, *, required: bool = False) -> str:
        value = self.table.get(key)
        if value is None:
            if required:
                raise self.fail(key, "is required")
            return ""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be non-empty text, not {value!r}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str | None = None) -> str | None:
        value = self.table.get(key, default)
        if value is None:
            return None
        if value not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, not {value!r}")
        return str(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {value!r}")
        return value

    def whole(self, key: str, *, minimum: int, maximum: int, default: int | None = None) -> int | None:
        value = self.table.get(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
            raise self.fail(key, f"must be a whole number from {minimum} to {maximum}, not {value!r}")
        return value

    def amount(self, key: str, *, maximum: int) -> Fraction | None:
        value = self.table.get(key)
        if value is None:
            return None
        return _amount(value, maximum, lambda what: self.fail(key, what))


def _amount(value: object, maximum: int, fail: Any) -> Fraction:
    """A non-negative finite number (0.5 reads as exactly 1/2)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise fail(f"must be a number, not {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise fail(f"must be a finite number, not {value!r}")
    exact = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    if not 0 <= exact <= maximum:
        raise fail(f"must be from 0 to {maximum}, not {value!r}")
    return exact


def _known(table: Mapping[str, Any], known: Mapping[str, str], where: str, name: str) -> None:
    unknown = unknown_keys(table, known)
    if unknown:
        raise ProfileError(f"{where}: [{name}] unknown field {unknown[0]!r} (known: {', '.join(known)})")


def _sub(table: Mapping[str, Any], key: str, where: str, name: str) -> Mapping[str, Any]:
    value = table.get(key, {})
    if not isinstance(value, Mapping):
        raise ProfileError(f"{where}: [{name}] {key}: must be a table of named tables")
    for sub, body in value.items():
        if not isinstance(body, Mapping):
            raise ProfileError(f"{where}: [{name}.{key}.{sub}] must be a table")
    return value


_BIG: Final = 10**9
"""The largest amount a settlement key takes (a sanity bound, far above any real table)."""


def read_payment_table(payments: Mapping[str, Any], where: str) -> PaymentTable | None:
    """The active payment table of a ``[payments]`` table (``None`` when it names none)."""
    name = payments.get("table")
    if name is None:
        return None
    tables = _sub(payments, "tables", where, "payments")
    if not isinstance(name, str) or name not in tables:
        raise ProfileError(
            f"{where}: [payments] table: {name!r} is not a table under [payments.tables] "
            f"(named: {', '.join(tables) or 'none'})"
        )
    body = tables[name]
    here = f"payments.tables.{name}"
    _known(body, {"steps": "", "source": "", "portion": "", "portion_source": ""}, where, here)
    steps = body.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ProfileError(f"{where}: [{here}] steps: must be a list of [from_faan, points]")
    read: list[tuple[int, int]] = []
    for step in steps:
        if (
            not isinstance(step, list)
            or len(step) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= _BIG for n in step)
        ):
            raise ProfileError(
                f"{where}: [{here}] steps: each step is [from_faan, points], whole numbers, not {step!r}"
            )
        if read and step[0] <= read[-1][0]:
            raise ProfileError(f"{where}: [{here}] steps: from_faan must rise, {step[0]} follows {read[-1][0]}")
        read.append((step[0], step[1]))
    reader = _Reader(body, where, here)
    portion = reader.whole("portion", minimum=1, maximum=_BIG, default=1) or 1
    return PaymentTable(name, reader.text("source"), tuple(read), portion, reader.text("portion_source"))


def _shares(payments: Mapping[str, Any], where: str) -> tuple[Fraction | None, str, Shares | None]:
    shares = _sub(payments, "shares", where, "payments")
    for name, body in shares.items():
        keys = (
            {"each_loser": "", "source": ""} if name == "self_drawn" else {"discarder": "", "other": "", "source": ""}
        )
        _known(body, keys, where, f"payments.shares.{name}")
    self_drawn = shares.get("self_drawn", {})
    reader = _Reader(self_drawn, where, "payments.shares.self_drawn")
    each = reader.amount("each_loser", maximum=_BIG)
    responsibility = payments.get("responsibility")
    chosen = None
    if responsibility is not None:
        if not isinstance(responsibility, str) or responsibility == "self_drawn" or responsibility not in shares:
            named = [n for n in shares if n != "self_drawn"]
            raise ProfileError(
                f"{where}: [payments] responsibility: {responsibility!r} is not a table under "
                f"[payments.shares] (named: {', '.join(named) or 'none'})"
            )
        body = shares[responsibility]
        r = _Reader(body, where, f"payments.shares.{responsibility}")
        discarder, other = r.amount("discarder", maximum=_BIG), r.amount("other", maximum=_BIG)
        if discarder is None or other is None:
            raise r.fail("discarder" if discarder is None else "other", "is required")
        chosen = Shares(responsibility, discarder, other, r.text("source"))
    return each, reader.text("source"), chosen


def read_progression(progression: Mapping[str, Any], where: str) -> Progression | None:
    """The ``[progression]`` table (``None`` when the profile has none)."""
    if not progression:
        return None
    r = _Reader(progression, where, "progression")
    kind = r.choice("kind", ("east_cycle", "fixed"))
    if kind is None:
        raise r.fail("kind", "is required (east_cycle or fixed)")
    after_win = r.choice("after_east_win", ("stays", "passes"))
    after_draw = r.choice("after_draw", ("stays", "passes"))
    if kind == "fixed" and (after_win or after_draw):
        raise r.fail(
            "after_east_win" if after_win else "after_draw", "a fixed rotation passes the deal after every hand"
        )
    return Progression(
        kind="east_cycle" if kind == "east_cycle" else "fixed",
        after_east_win="stays" if after_win == "stays" else "passes" if after_win else None,
        after_draw="stays" if after_draw == "stays" else "passes" if after_draw else None,
        source=r.text("source", required=True),
    )


def _incident(kind: str, body: Mapping[str, Any], method: Method, where: str) -> IncidentRule:
    name = f"settlement.incidents.{kind}"
    r = _Reader(body, where, name)
    effect = r.choice("effect", tuple(INCIDENT_EFFECTS))
    if effect is None:
        raise r.fail("effect", f"is required (one of {', '.join(INCIDENT_EFFECTS)})")
    if method not in EFFECT_METHODS[effect]:
        raise r.fail("effect", f"{effect} is not available to the {method} settlement method")
    _known(body, {**INCIDENT_KEYS, **INCIDENT_EFFECTS[effect]}, where, name)
    rule = IncidentRule(kind=kind, effect=effect, source=r.text("source"), meaning=r.text("meaning"))
    if effect == "refused":
        return _replace(rule, reason=r.text("reason", required=True))
    if effect == "pays_for_all":
        return _replace(rule, discarder_only=r.flag("discarder_only", True), excusable=r.flag("excusable", False))
    if effect == "penalty_to_each":
        limits = r.amount("limits", maximum=_BIG)
        points = r.whole("points", minimum=1, maximum=_BIG)
        at_cap = r.flag("portion_at_cap", False)
        given = [k for k, v in (("limits", limits), ("points", points), ("portion_at_cap", at_cap)) if v]
        if len(given) != 1:
            raise r.fail(
                "effect", f"penalty_to_each needs exactly one of limits, points, portion_at_cap; has {given or 'none'}"
            )
        if at_cap and method != "hong-kong":
            raise r.fail("portion_at_cap", "only a hong-kong settlement has portions")
        if limits is not None and method != "classical":
            raise r.fail("limits", "only a classical settlement pays multiples of the limit")
        return _replace(
            rule,
            limits=limits,
            points=points,
            portion_at_cap=at_cap,
            east_doubles=r.flag("east_doubles", False),
            withdrawable=r.flag("withdrawable", True),
        )
    if effect == "dead_hand":
        return _replace(rule, too_few_keeps_score=r.flag("too_few_keeps_score", False))
    return rule


def _replace(rule: IncidentRule, **changes: Any) -> IncidentRule:
    from dataclasses import replace

    return replace(rule, **changes)


def read_settlement_rules(
    *,
    profile: str,
    label: str,
    limit: int | None,
    minimum: int | None,
    settlement: Mapping[str, Any],
    payments: Mapping[str, Any],
    progression: Mapping[str, Any],
    where: str,
) -> SettlementRules | None:
    """The typed settlement of a profile's tables (``None`` when it has no ``[settlement]``).

    Raises
    ------
    ProfileError
        Naming the file, the table and the field of the first wrong value.
    """
    table = read_payment_table(payments, where)
    each, each_source, shares = _shares(payments, where)
    flow = read_progression(progression, where)
    if not settlement:
        return None
    r = _Reader(settlement, where, "settlement")
    method_name = r.choice("method", METHODS)
    if method_name is None:
        raise r.fail("method", f"is required (one of {', '.join(METHODS)})")
    method: Method = "classical" if method_name == "classical" else "mcr" if method_name == "mcr" else "hong-kong"
    draw = r.choice("draw", ("none", "pairwise"), "none")
    if draw == "pairwise" and method != "classical":
        raise r.fail("draw", "pairwise settlement of a draw is classical only")
    own = {
        "classical": ("east_multiplier", "cap_at_limit"),
        "mcr": ("base",),
        "hong-kong": ("no_table_reason",),
    }
    for other, keys in own.items():
        for key in keys:
            if other != method and key in settlement:
                raise r.fail(key, f"belongs to a {other} settlement, and this one is {method}")
    incidents = {
        kind: _incident(kind, body, method, where)
        for kind, body in _sub(settlement, "incidents", where, "settlement").items()
    }
    if flow is None:
        raise ProfileError(f"{where}: [progression] is required beside [settlement] (who deals next)")
    if method == "hong-kong":
        if table is None and not settlement.get("no_table_reason"):
            raise r.fail("no_table_reason", "is required when [payments] names no table")
        if table is not None and shares is None:
            raise ProfileError(f"{where}: [payments] responsibility: is required beside a payment table")
        if table is not None and minimum is not None and minimum < table.steps[0][0]:
            raise ProfileError(
                f"{where}: [payments.tables.{table.name}] starts at {table.steps[0][0]} faan, above the minimum "
                f"{minimum}: a winning hand of {minimum} faan would have no payment (name a table that starts lower)"
            )
        if table is not None and each is None:
            raise ProfileError(f"{where}: [payments.shares.self_drawn] each_loser: is required beside a payment table")
    elif payments:
        raise ProfileError(f"{where}: [payments] belongs to a hong-kong settlement, and this one is {method}")
    return SettlementRules(
        profile=profile,
        label=label,
        method=method,
        source=r.text("source", required=True),
        limit=limit,
        minimum=minimum,
        draw="pairwise" if draw == "pairwise" else "none",
        draw_source=r.text("draw_source"),
        east_multiplier=r.whole("east_multiplier", minimum=1, maximum=16, default=1) or 1,
        cap_at_limit=r.flag("cap_at_limit", True),
        base=r.whole("base", minimum=0, maximum=_BIG, default=0) or 0,
        table=table,
        no_table_reason=r.text("no_table_reason"),
        self_drawn_each=each if each is not None else Fraction(0),
        self_drawn_source=each_source,
        shares=shares,
        incidents=incidents,
        progression=flow,
    )
