"""The rule catalogue: every recogniser registered under its stable id.

A rule is a small pure predicate over a :class:`~mahjong_arbiter.solver.reading.Reading` and a
:class:`Situation`; it returns :class:`Hits`: how many times the rule holds and which groups each
instance uses (account-once needs that).  Predicates know nothing of values, names shown to the
user, or other rules: those live in the profiles.

Rule modules group predicates by family (``rules/mcr_*.py``, ``rules/classical_*.py``,
``rules/hk_*.py``, ...); every module of this package is imported by :func:`known_rule_ids`, so
adding a family never touches this file.

>>> from mahjong_arbiter.rules.registry import Hits
>>> Hits.times(3).count
3
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from ..events import FACTS
from ..hand import Context, Hand
from ..solver.reading import Group, Reading
from ..tiles import Tile

__all__ = ["Hits", "Situation", "RuleDef", "rule", "get_rule", "known_rule_ids", "rules_reading"]


@dataclass(frozen=True, slots=True)
class Hits:
    """The instances of a rule found on one Reading; each instance names the groups it uses.

    A rule about the whole hand (a flush, a wait, a win condition) has instances that use no
    groups (an empty tuple); a rule about sets lists them (Pure Double Chow: its two chows).
    """

    instances: tuple[tuple[Group, ...], ...] = ()

    @property
    def count(self) -> int:
        return len(self.instances)

    def __bool__(self) -> bool:
        return bool(self.instances)

    @classmethod
    def once(cls, groups: Iterable[Group] = ()) -> Hits:
        """One instance using *groups*."""
        return cls((tuple(groups),))

    @classmethod
    def each(cls, instances: Iterable[Iterable[Group]]) -> Hits:
        """One instance per item of *instances*."""
        found = tuple(tuple(g) for g in instances)
        return cls(found) if found else NONE

    @classmethod
    def times(cls, n: int) -> Hits:
        """*n* instances that use no groups (bonus tiles, for example)."""
        return cls(((),) * n)

    @classmethod
    def when(cls, condition: bool, groups: Iterable[Group] = ()) -> Hits:
        """One instance using *groups* if *condition*, else none."""
        return cls.once(groups) if condition else NONE


NONE = Hits()


class Situation:
    """What a predicate may know besides the Reading: the hand, the context, the waits.

    Parameters
    ----------
    hand : Hand
        The complete hand (or a loser's thirteen).
    context : Context
    policies : mapping
        The profile's named policies (e.g. whether a kind whose four copies are held counts as a
        wait).
    winner : bool
        False when a loser's hand is scored.
    wait_finder : callable, optional
        ``hand13 -> (waits, held_out)``; supplied by the scorer so that rules never import the
        solver's backends.  :attr:`waits` calls it once, lazily.
    """

    def __init__(
        self,
        hand: Hand,
        context: Context,
        *,
        policies: Mapping[str, Any] | None = None,
        winner: bool = True,
        wait_finder: Callable[[Hand], tuple[tuple[Tile, ...], tuple[Tile, ...]]] | None = None,
    ) -> None:
        self.hand = hand
        self.context = context
        self.policies: Mapping[str, Any] = policies or {}
        self.winner = winner
        self._wait_finder = wait_finder

    @cached_property
    def _waits_and_held(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        if self._wait_finder is None or self.hand.winning_tile is None:
            return ((), ())
        return self._wait_finder(self.hand.without_winning_tile())

    @property
    def waits(self) -> tuple[Tile, ...]:
        """Kinds that complete the thirteen tiles the hand stood on (winning tiles only)."""
        return self._waits_and_held[0]

    @property
    def held_out(self) -> tuple[Tile, ...]:
        """Kinds that complete the thirteen but whose four copies the hand already holds."""
        return self._waits_and_held[1]


Predicate = Callable[[Reading, Situation], Hits]


@dataclass(frozen=True, slots=True)
class RuleDef:
    """A registered recogniser: its id, the predicate, where it comes from, the context facts
    (:data:`mahjong_arbiter.events.FACTS`) that can earn it."""

    id: str
    predicate: Predicate
    source: str
    facts: tuple[str, ...] = ()


_REGISTRY: dict[str, RuleDef] = {}


def rule(rule_id: str, *, source: str, facts: tuple[str, ...] = ()) -> Callable[[Predicate], Predicate]:
    """Register *predicate* under *rule_id* (a stable id such as ``mcr.pure-straight``).

    *facts* names the context facts of the event registry the predicate reads and that can earn
    the rule (``robbing_kong`` for Robbing the Kong): the rule counts on some hand with the fact
    and not without it.  ``tests/test_events.py`` checks every declaration against the scores.
    """
    unknown = [f for f in facts if f not in FACTS]
    if unknown:
        raise RuntimeError(f"rule {rule_id!r} declares unknown fact(s) {', '.join(unknown)}")

    def register(predicate: Predicate) -> Predicate:
        if rule_id in _REGISTRY and _REGISTRY[rule_id].predicate is not predicate:
            raise RuntimeError(f"rule id {rule_id!r} is registered twice")
        _REGISTRY[rule_id] = RuleDef(rule_id, predicate, source, tuple(facts))
        return predicate

    return register


@cache
def _load_families() -> None:
    from .. import rules

    for info in pkgutil.iter_modules(rules.__path__):
        if info.name != "registry" and not info.name.startswith("_"):
            importlib.import_module(f"{rules.__name__}.{info.name}")


def known_rule_ids() -> frozenset[str]:
    """Every registered rule id (imports every rule family once)."""
    _load_families()
    return frozenset(_REGISTRY)


def get_rule(rule_id: str) -> RuleDef:
    """The recogniser registered under *rule_id*; KeyError if none."""
    _load_families()
    return _REGISTRY[rule_id]


def rules_reading(fact: str) -> frozenset[str]:
    """The ids of the rules that declare *fact* (the rules it can earn, in any profile)."""
    _load_families()
    return frozenset(rid for rid, d in _REGISTRY.items() if fact in d.facts)
