"""A profile's exclusion and implication edges as plain data, built once per profile.

The edges (``excludes`` and ``implies`` of each rule) form a directed graph over the profile's
rule ids: an edge ``u -> v`` means a kept *u* suppresses *v*.  Everything the engine asks of that
graph is computed here once, when the profile is loaded, and kept as tuples and dicts:

- it must be acyclic (a cycle is a :class:`~mahjong_arbiter.errors.ProfileError` naming it);
- :attr:`RuleGraph.order`: the order MCR selection decides rules in, every rule after each rule
  that can suppress it, the higher value first among the rest, then the rulebook's (file) order;
- :attr:`RuleGraph.edge_order`: the same without the values (the classical and faan arithmetics
  decide whole rules in it);
- for each rule, the edges that can suppress it, in decision order of their source.

The topological orders come from the standard library's :mod:`graphlib` (made for exactly this:
a topological sort with cycle detection) with a heap for the tie-break; nothing here is imported
on the hot path of scoring a hand, and no third-party graph library is loaded for it.

>>> from mahjong_arbiter.profiles.loader import load_profile
>>> graph = load_profile("hk-old-style").graph
>>> graph.edge_order.index("hk.great-three-dragons") < graph.edge_order.index("hk.dragon-pung")
True
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from graphlib import CycleError, TopologicalSorter
from typing import TYPE_CHECKING, Any

from ..errors import ProfileError
from .model import Edge

if TYPE_CHECKING:
    from .model import Profile

__all__ = ["RuleGraph", "rule_graph"]


@dataclass(frozen=True)
class RuleGraph:
    """A profile's edges and rule roles, as plain data.

    Attributes
    ----------
    order : tuple of str
        The order MCR selection decides rules in (primary first, never before a rule that can
        suppress it).
    edge_order : tuple of str
        Every edge's source before its target, file order otherwise.
    rank : mapping of rule id to int
        Position in the profile file (the rulebook's order): the tie-break between equal values.
    position : mapping of rule id to int
        Position in :attr:`order`.
    incoming : mapping of rule id to tuple of Edge
        The edges that can suppress each rule, in decision order of their source.
    combining, alone, bonus : frozenset of str
        Rules with ``params.combining``, ``params.only_when_alone``, ``params.bonus``.
    account_once : str or None
        The profile's ``[policies] account_once`` method, if it names one (the selection step
        checks it and supplies its default).
    """

    order: tuple[str, ...]
    edge_order: tuple[str, ...]
    rank: Mapping[str, int]
    position: Mapping[str, int]
    incoming: Mapping[str, tuple[Edge, ...]]
    combining: frozenset[str]
    alone: frozenset[str]
    bonus: frozenset[str]
    account_once: str | None


def _topological(
    nodes: Mapping[str, Any], edges: tuple[Edge, ...], key: Callable[[str], tuple[Any, ...]], where: str
) -> tuple[str, ...]:
    """The nodes with every edge's source first, the smallest *key* first among the ready ones."""
    sorter: TopologicalSorter[str] = TopologicalSorter({rid: () for rid in nodes})
    for edge in edges:
        sorter.add(edge.target, edge.rule)
    try:
        sorter.prepare()
    except CycleError as exc:
        cycle = " -> ".join(str(rid) for rid in exc.args[1])  # in edge direction, first node repeated
        raise ProfileError(f"{where}: the exclusion/implication edges form a cycle: {cycle}") from None
    ready = [(key(rid), rid) for rid in sorter.get_ready()]
    heapq.heapify(ready)
    order: list[str] = []
    while ready:
        _, rid = heapq.heappop(ready)
        order.append(rid)
        sorter.done(rid)
        for nxt in sorter.get_ready():
            heapq.heappush(ready, (key(nxt), nxt))
    return tuple(order)


def rule_graph(profile: Profile) -> RuleGraph:
    """Build the :class:`RuleGraph` of *profile* (use :attr:`Profile.graph`, built once).

    Raises
    ------
    ProfileError
        When an edge names a rule the profile lacks or the edges form a cycle.
    """
    rules = profile.rules
    edges = profile.edges
    for edge in edges:
        if edge.target not in rules or edge.rule not in rules:
            raise ProfileError(f"{profile.path}: edge {edge.rule} -> {edge.target} names a rule the profile lacks")
    rank = {rid: i for i, rid in enumerate(rules)}
    order = _topological(rules, edges, lambda rid: (-rules[rid].value, rank[rid]), profile.path)
    edge_order = _topological(rules, edges, lambda rid: (rank[rid],), profile.path)
    position = {rid: i for i, rid in enumerate(order)}
    incoming: dict[str, list[Edge]] = {rid: [] for rid in rules}
    for edge in edges:
        incoming[edge.target].append(edge)

    def flagged(name: str) -> frozenset[str]:
        return frozenset(rid for rid, entry in rules.items() if entry.params.get(name))

    return RuleGraph(
        order=order,
        edge_order=edge_order,
        rank=rank,
        position=position,
        incoming={rid: tuple(sorted(found, key=lambda e: position[e.rule])) for rid, found in incoming.items()},
        combining=flagged("combining"),
        alone=flagged("only_when_alone"),
        bonus=flagged("bonus"),
        account_once=profile.policy("account_once"),
    )
