"""An independent cross-check: the split problem as a python-constraint model.

The same problem as the CP-SAT model, written separately (this module imports nothing from
:mod:`mahjong_arbiter.solver.cpsat`):

1. one variable per candidate group the standing tiles allow, its domain how many times it is used
   (a chow at most as often as its scarcest tile, a pung at most once per three copies, a pair at
   most once);
2. for each tile kind held, an exact weighted sum: chows use one tile, pungs three, the pair two;
3. exactly one pair, and exactly the number of sets the declared melds leave;
4. every solution is one split.
"""

from __future__ import annotations

from collections.abc import Sequence

import constraint

from ..tiles import NUM_KINDS
from .placement import standing_group
from .reading import Group, GroupKind

__all__ = ["decompose"]

_Key = tuple[GroupKind, int]


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
    covered = {i for key in domains for i in range(NUM_KINDS) if _weight(key, i)}
    if any(counts[i] and i not in covered for i in range(NUM_KINDS)):
        return []  # a tile no candidate group can use
    problem = constraint.Problem()
    keys = sorted(domains, key=lambda k: (k[1], k[0].value))
    for key in keys:
        problem.addVariable(key, domains[key])
    for i in sorted(covered):
        using = [k for k in keys if _weight(k, i)]
        problem.addConstraint(constraint.ExactSumConstraint(counts[i], [_weight(k, i) for k in using]), using)
    pairs = [k for k in keys if k[0] is GroupKind.PAIR]
    set_keys = [k for k in keys if k[0] is not GroupKind.PAIR]
    if not pairs or (sets and not set_keys):
        return []
    problem.addConstraint(constraint.ExactSumConstraint(1), pairs)
    if set_keys:
        problem.addConstraint(constraint.ExactSumConstraint(sets), set_keys)
    splits = []
    for solution in problem.getSolutions():
        groups = [standing_group(kind, i) for (kind, i), n in solution.items() for _ in range(n)]
        splits.append(tuple(sorted(groups, key=Group.sort_key)))
    return splits
