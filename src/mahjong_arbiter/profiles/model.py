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
from typing import Any

__all__ = ["Edge", "RuleEntry", "Note", "Profile", "VALUE_KEYS", "APPLIES"]

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
        The settlement policy (``policy`` id) and its parameters.
    payments : mapping
        A faan to base-points table and responsibility rule (Hong Kong).
    notes : tuple of Note
    origin : mapping of rule id to one of ``kept``, ``added``, ``amended`` (relative to the
        parent; ``added`` for every rule of a profile without parent)
    removed : tuple of str
        Rule ids the parent had and this profile removed.
    path : str
        The file it was read from.
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

    def canonical(self) -> dict[str, Any]:
        """Everything that decides a score, in a stable JSON-ready form."""
        return {
            "arithmetic": self.arithmetic,
            "limit": self.limit,
            "minimum": self.minimum,
            "rules": {rid: self.rules[rid].canonical() for rid in sorted(self.rules)},
            "policies": _sorted_json(self.policies),
            "shapes": _sorted_json(self.shapes),
            "settlement": _sorted_json(self.settlement),
            "payments": _sorted_json(self.payments),
        }

    @cached_property
    def fingerprint(self) -> str:
        """A short hash of the resolved rules: equal fingerprints score every hand alike."""
        text = json.dumps(self.canonical(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    @property
    def edges(self) -> tuple[Edge, ...]:
        """Every exclusion and implication edge of the kept rules."""
        return tuple(e for r in self.rules.values() for e in (*r.excludes, *r.implies))

    def with_limit(self, limit: int | None) -> Profile:
        """This profile with the limit (or cap) a game or a command chose; ``None`` keeps it.

        Refused (``bad_limit``) for a profile that has no limit (MCR adds points without a cap:
        a limit there would be ignored in silence) and outside the range profiles may give.
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
        return replace(self, limit=limit)

    def policy(self, name: str, default: Any = None) -> Any:
        return self.policies.get(name, default)

    def rule(self, rule_id: str) -> RuleEntry:
        return self.rules[rule_id]


def _sorted_json(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _sorted_json(value[k]) for k in sorted(value)}
    if isinstance(value, list | tuple):
        return [_sorted_json(v) for v in value]
    return value
