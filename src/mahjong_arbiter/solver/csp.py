"""An independent cross-check: the split problem as a python-constraint model.

The same problem as the CP-SAT model, written separately (this module imports nothing from
:mod:`mahjong_arbiter.solver.cpsat`):

1. one variable per candidate group the standing tiles allow, its domain how many times it is used
   (a chow at most as often as its scarcest tile, a pung at most once per three copies, a pair at
   most once);
2. for each tile kind held, an exact weighted sum: chows use one tile, pungs three, the pair two;
3. exactly one pair, and exactly the number of sets the declared melds leave;
4. every solution is one split.

Two workarounds for python-constraint2 2.9, whose ``ExactSumConstraint.preProcess`` takes ``min()``
of a domain that is already empty and fails: a sum over one variable narrows that variable's domain
instead of becoming a constraint, and :class:`_ExactSum` skips pre-processing once a domain is empty
(the problem then has no solution, which the library reports itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import constraint

from ..tiles import NUM_KINDS
from .placement import standing_group
from .reading import Group, GroupKind

__all__ = ["decompose"]

_Key = tuple[GroupKind, int]


class _ExactSum(constraint.ExactSumConstraint):  # type: ignore[misc]
    """``ExactSumConstraint`` that leaves alone a domain another constraint has emptied."""

    def preProcess(self, variables: Sequence[_Key], domains: dict[_Key, Any], constraints: Any,
                   vconstraints: Any) -> None:
        if all(domains[v] for v in variables):
            super().preProcess(variables, domains, constraints, vconstraints)


def _candidates(counts: Sequence[int], sets: int) -> dict[_Key, list[int]]:
    domains: dict[_Key, list[int]] = {}
    for i in range(NUM_KINDS):
        if i < 27 and i % 9 <= 6:
            most = min(counts[i], counts[i + 1], counts[i + 2], sets)
            if most:
                domains[(GroupKind.CHOW, i)] = list(range(most + 1))
        if counts[i] >= 3:
            domains[(GroupKind.PUNG, i)] = list(range(min(counts[i] // 3, sets) + 1))
        if counts[i] >= 2:
            domains[(GroupKind.PAIR, i)] = [0, 1]
    return domains


def _weight(key: _Key, index: int) -> int:
    kind, first = key
    if kind is GroupKind.CHOW:
        return 1 if first <= index <= first + 2 else 0
    if first != index:
        return 0
    return 3 if kind is GroupKind.PUNG else 2


def decompose(counts: Sequence[int], sets: int) -> list[tuple[Group, ...]]:
    """Every split of the 34 standing *counts* into *sets* sets and one pair.

    >>> from mahjong_arbiter.tiles import counts_of, Tile
    >>> tiles = [Tile.of(t) for t in "1m 1m 1m 2m 2m 2m 3m 3m 3m 5p 5p".split()]
    >>> len(decompose(counts_of(tiles), 3))
    2
    """
    domains = _candidates(counts, sets)
    keys = sorted(domains, key=lambda k: (k[1], k[0].value))
    sums: list[tuple[int, list[_Key], list[int]]] = []
    for i in range(NUM_KINDS):
        using = [k for k in keys if _weight(k, i)]
        if counts[i] and not using:
            return []  # a tile no candidate group can use
        if using:
            sums.append((counts[i], using, [_weight(k, i) for k in using]))
    sums.append((1, [k for k in keys if k[0] is GroupKind.PAIR], []))
    sums.append((sets, [k for k in keys if k[0] is not GroupKind.PAIR], []))
    problem = constraint.Problem()
    for total, using, weights in sums:
        if len(using) > 1:
            problem.addConstraint(_ExactSum(total, weights or None), using)
        elif using:  # a one-variable sum narrows that variable's domain
            key, weight = using[0], (weights or [1])[0]
            domains[key] = [n for n in domains[key] if n * weight == total]
        elif total:
            return []  # a sum of nothing cannot reach a positive total
    if any(not domain for domain in domains.values()):
        return []
    for key in keys:
        problem.addVariable(key, domains[key])
    splits = []
    for solution in problem.getSolutions():
        groups = [standing_group(kind, i) for (kind, i), n in solution.items() for _ in range(n)]
        splits.append(tuple(sorted(groups, key=Group.sort_key)))
    return splits
