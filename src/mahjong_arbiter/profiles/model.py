"""The resolved form of a profile: rule entries, edges, policies, shapes and notes.

A profile file (TOML) is read and composed by :mod:`mahjong_arbiter.profiles.loader`; what comes
out is a :class:`Profile`, immutable, with every ``extends`` chain already applied.  Nothing here
knows how a rule is recognised (that is :mod:`mahjong_arbiter.rules`) or how values combine
(that is the arithmetic named by ``Profile.arithmetic``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from ..rules.registry import Plan
    from .graph import RuleGraph
    from .table_rules import PaymentTable, SettlementRules

__all__ = ["Edge", "RuleEntry", "Note", "Profile", "VALUE_KEYS", "APPLIES", "FINGERPRINT_SCHEME"]

FINGERPRINT_SCHEME: Final = 2
"""How :attr:`Profile.fingerprint` is computed.  1: the whole resolved data, citations included,
without the package version (before the table companion read its rules from the profile).
2: what decides a score or a payment, with the package version, without citations or names."""

VALUE_KEYS: tuple[str, ...] = ("points", "doubles", "limit", "faan")
"""The value a rule carries: points (MCR fan points, classical set or bonus points), doubles
(classical x2 per double), limit (a fraction of the profile's limit), faan (Hong Kong)."""

APPLIES: tuple[str, ...] = ("all", "winner", "loser")
"""Whom a rule applies to: every hand, the winner only, or losers only (fishing values)."""


@dataclass(frozen=True, slots=True)
class Edge:
    """An exclusion or implication between two rules, with the source that states it.

    ``relation`` is ``"excludes"`` (when *rule* is kept, *target* is not counted) or
    ``"implies"`` (the structure of *rule* always contains *target*, which is therefore not
    counted again: the non-repeat principle).
    """

    rule: str
    target: str
    relation: str
    source: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "target": self.target, "relation": self.relation, "source": self.source}


@dataclass(frozen=True, slots=True)
class RuleEntry:
    """One rule as a profile uses it.

    Attributes
    ----------
    id : str
        The stable rule id (``mcr.pure-straight``, ``score.base.pung.major.exposed``).
    name, name_zh : str
        English and native names.
    value_key : str
        One of :data:`VALUE_KEYS`.
    value : int or float
        The value under that key.
    applies : str
        One of :data:`APPLIES`.
    source : str
        Where the rule and its value come from.
    excludes, implies : tuple of Edge
    params : mapping
        Other fields the arithmetic reads (for example ``fishing`` for a loser's special hand).
    """

    id: str
    name: str
    value_key: str
    value: int | float
    applies: str = "all"
    source: str = ""
    name_zh: str = ""
    excludes: tuple[Edge, ...] = ()
    implies: tuple[Edge, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)

    def canonical(self) -> dict[str, Any]:
        """A JSON-ready form used for fingerprints, ``show`` and ``diff``."""
        return {
            "name": self.name,
            "name_zh": self.name_zh,
            self.value_key: self.value,
            "applies": self.applies,
            "source": self.source,
            "excludes": sorted((e.target, e.source) for e in self.excludes),
            "implies": sorted((e.target, e.source) for e in self.implies),
            "params": {k: self.params[k] for k in sorted(self.params)},
        }

    def deciding(self) -> dict[str, Any]:
        """What of this rule decides a score: its value, whom it applies to, its edges, its
        params (not its names or sources)."""
        return {
            self.value_key: self.value,
            "applies": self.applies,
            "excludes": sorted(e.target for e in self.excludes),
            "implies": sorted(e.target for e in self.implies),
            "params": _deciding(self.params),
        }


@dataclass(frozen=True, slots=True)
class Note:
    """A reference note for a procedure the product does not score (Standing Hand lock, ...)."""

    id: str
    title: str
    text: str
    source: str


@dataclass(frozen=True, eq=False)
class Profile:
    """A resolved profile (compared and hashed by identity; compare fingerprints for equal rules).

    Attributes
    ----------
    id, label : str
    arithmetic : str
        ``"mcr"``, ``"classical"`` or ``"faan"``: which arithmetic combines the values.
    sources : tuple of str
    extends : str or None
        The parent's id (or path) as written.
    limit : int or None
        The limit (classical) or cap (faan) when the profile has one.
    minimum : int or None
        The minimum to win (MCR 8, Hong Kong 3 faan) when the profile has one.
    rules : mapping of rule id to RuleEntry, in file order
    policies : mapping
        Named methods the engine offers and the profile picks (see docs/architecture.md).
    shapes : mapping
        Which shapes may win: ``special`` (a list of shape names), ``seven_pairs_four_of_a_kind``,
        and arithmetic-specific keys such as ``max_chows``.
    settlement : mapping
        How a hand is paid and the incidents the table may report (profiles/table_rules.py).
    payments : mapping
        Faan to base-points tables and the shares each loser pays (Hong Kong).
    notes : tuple of Note
    origin : mapping of rule id to one of ``kept``, ``added``, ``amended`` (relative to the
        parent; ``added`` for every rule of a profile without parent)
    removed : tuple of str
        Rule ids the parent had and this profile removed.
    path : str
        The file it was read from.
    progression : mapping
        Who deals next and when the prevailing wind moves (profiles/table_rules.py).
    """

    id: str
    label: str
    arithmetic: str
    sources: tuple[str, ...]
    extends: str | None
    limit: int | None
    minimum: int | None
    rules: Mapping[str, RuleEntry]
    policies: Mapping[str, Any]
    shapes: Mapping[str, Any]
    settlement: Mapping[str, Any]
    payments: Mapping[str, Any]
    notes: tuple[Note, ...]
    origin: Mapping[str, str]
    removed: tuple[str, ...]
    path: str
    progression: Mapping[str, Any] = field(default_factory=dict)

    def deciding(self) -> dict[str, Any]:
        """Everything that decides a score or a payment, in a stable JSON-ready form: the
        arithmetic, limit and minimum, every rule's value, reach, edges and params, the policies
        and shapes, and the table companion's settlement, payments and progression; never a
        name, a label, a citation or a note (keys in ``PROSE_KEYS`` or ending in ``_source``)."""
        return {
            "arithmetic": self.arithmetic,
            "limit": self.limit,
            "minimum": self.minimum,
            "rules": {rid: self.rules[rid].deciding() for rid in sorted(self.rules)},
            "policies": _deciding(self.policies),
            "shapes": _deciding(self.shapes),
            "settlement": _deciding(self.settlement),
            "payments": _deciding(self.payments),
            "progression": _deciding(self.progression),
        }

    @cached_property
    def fingerprint(self) -> str:
        """A short hash of what decides a score and a payment (:meth:`deciding`) together with the
        package version (which fixes the rule code): equal fingerprints score and settle every
        hand alike.  Changing a citation, a name or a note leaves it alone; changing a value, an
        edge, a policy, a shape, the settlement data or the package version changes it.  The
        scheme is :data:`FINGERPRINT_SCHEME`; a kept game records the scheme it was pinned under."""
        from .. import __version__

        return self.fingerprint_at(__version__)

    def fingerprint_at(self, version: str) -> str:
        """The :attr:`fingerprint` this profile's data would have had under package ``version``
        (same scheme): a kept game pinned under an older version compares its data this way."""
        payload = {"scheme": FINGERPRINT_SCHEME, "version": version, "profile": self.deciding()}
        text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    @cached_property
    def settlement_rules(self) -> SettlementRules | None:
        """The table companion's typed settlement, payments and progression (``None`` without a
        ``[settlement]``); validated when the profile loads."""
        from .table_rules import read_settlement_rules

        return read_settlement_rules(
            profile=self.id,
            label=self.label,
            limit=self.limit,
            minimum=self.minimum,
            settlement=self.settlement,
            payments=self.payments,
            progression=self.progression,
            where=self.path,
        )

    @cached_property
    def payment_table(self) -> PaymentTable | None:
        """The active faan to base-points table of ``[payments]`` (``None`` when it names none)."""
        from .table_rules import read_payment_table

        return read_payment_table(self.payments, self.path)

    @cached_property
    def graph(self) -> RuleGraph:
        """The edges as plain data (orders, the edges into each rule), built once per profile.

        Raises :class:`~mahjong_arbiter.errors.ProfileError` when the edges form a cycle.
        """
        from .graph import rule_graph

        return rule_graph(self)

    @cached_property
    def recognisers(self) -> Plan:
        """The profile's rules with each one's recogniser and prerequisite bits, grouped by their
        structural needs (:func:`mahjong_arbiter.rules.registry.grouped`), looked up once per
        profile.  A rule that ``applies`` to the winner (or a loser) only also needs the
        situation to be the winner's (a loser's)."""
        from ..rules.registry import grouped, plan

        whom = {rid: entry.applies for rid, entry in self.rules.items() if entry.applies != "all"}
        return grouped(plan(self.rules, whom))

    @cached_property
    def fact_readers(self) -> Mapping[str, frozenset[str]]:
        """For each context fact of the event registry, the ids of this profile's rules that read it
        (each rule declares the facts it reads), derived once per profile."""
        from ..rules.registry import get_rule

        readers: dict[str, set[str]] = {}
        for rid in self.rules:
            for fact in get_rule(rid).facts:
                readers.setdefault(fact, set()).add(rid)
        return {fact: frozenset(rids) for fact, rids in readers.items()}

    @property
    def edges(self) -> tuple[Edge, ...]:
        """Every exclusion and implication edge of the kept rules."""
        return tuple(e for r in self.rules.values() for e in (*r.excludes, *r.implies))

    def with_limit(self, limit: int | None) -> Profile:
        """This profile with the limit (or cap) a game or a command chose; ``None`` keeps it.

        Refused (``bad_limit``) for a profile that has no limit (MCR adds points without a cap:
        a limit there would be ignored in silence), outside the range profiles may give, and below
        the profile's minimum (Hong Kong's 3 faan: no hand could win).
        """
        if limit is None or limit == self.limit:
            return self
        from ..errors import ProfileError
        from .values import TOP_VALUES

        if self.limit is None:
            raise ProfileError(
                f"profile {self.id} has no limit to change: its totals have no cap", code="bad_limit"
            )
        problem = TOP_VALUES["limit"].problem(limit)
        if problem:
            raise ProfileError(f"a limit must be {problem}", code="bad_limit")
        if self.minimum is not None and limit < self.minimum:
            raise ProfileError(
                f"a limit of {limit} is below profile {self.id}'s minimum of {self.minimum}: no hand could be "
                "worth a win", code="bad_limit",
            )
        return replace(self, limit=limit)

    def policy(self, name: str, default: Any = None) -> Any:
        return self.policies.get(name, default)

    def __getstate__(self) -> dict[str, Any]:
        """The fields, without what other layers derived from them and keep with the profile
        (``_``-named: a compiled rule function, selection plans); they are rebuilt on first use."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Read back (in a batch's Dask worker, say): the fields, and every rule family registered
        with its special shapes, as loading the profile registers them in the loading process."""
        from ..rules.registry import known_rule_ids

        self.__dict__.update(state)
        known_rule_ids()

    def rule(self, rule_id: str) -> RuleEntry:
        return self.rules[rule_id]


def _deciding(value: Any) -> Any:
    """``value`` sorted, without prose (see :meth:`Profile.deciding`)."""
    from .keys import PROSE_KEYS

    if isinstance(value, Mapping):
        return {
            str(k): _deciding(value[k])
            for k in sorted(value)
            if k not in PROSE_KEYS and not str(k).endswith("_source")
        }
    if isinstance(value, list | tuple):
        return [_deciding(v) for v in value]
    return value
