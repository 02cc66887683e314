"""The canonical partition model in OR-Tools CP-SAT: every split of the standing tiles.

The model, in the style of the CP-SAT primer (a variables container, one function per constraint
family, a function that composes them):

1. :func:`group_variables` -- one integer variable per candidate group the tiles allow: a chow
   (``chow_3p``: how many 3p-4p-5p chows), a pung (``pung_E``) and a pair (``pair_5s``);
2. :func:`add_tile_equalities` -- for every tile kind, the groups use exactly the tiles held;
3. :func:`add_group_counts` -- exactly one pair and the number of sets the declared melds leave;
4. :func:`split_model` composes them; :func:`decompose` enumerates every solution by callback
   (``enumerate_all_solutions``) and returns the splits in canonical order.

The same families with free tile counts build :func:`suit_table_model`, which enumerates every
split of one suit at once; :mod:`mahjong_arbiter.solver.tables` writes the fast path's tables from it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from ..tiles import NUM_KINDS, Tile
from .placement import standing_group
from .reading import Group, GroupKind

__all__ = [
    "GroupVariables",
    "group_variables",
    "add_tile_equalities",
    "add_group_counts",
    "split_model",
    "decompose",
    "suit_table_model",
    "suit_table_splits",
    "near_model",
    "near_standard",
]

_SUIT_STARTS = (0, 9, 18)


@dataclass
class GroupVariables:
    """The decision variables: how many of each candidate group the split uses, by lowest tile."""

    chows: dict[int, cp_model.IntVar] = field(default_factory=dict)
    pungs: dict[int, cp_model.IntVar] = field(default_factory=dict)
    pairs: dict[int, cp_model.IntVar] = field(default_factory=dict)

    def tiles_used(self, index: int) -> cp_model.LinearExprT:
        """How many tiles of kind *index* the chosen groups use."""
        terms: list[cp_model.LinearExprT] = [
            self.chows[start] for start in (index - 2, index - 1, index) if start in self.chows
        ]
        if index in self.pungs:
            terms.append(3 * self.pungs[index])
        if index in self.pairs:
            terms.append(2 * self.pairs[index])
        return sum(terms, cp_model.LinearExpr.constant(0))

    def items(self) -> Iterator[tuple[GroupKind, int, cp_model.IntVar]]:
        """Every variable with the group kind and lowest tile it counts."""
        for kind, table in ((GroupKind.CHOW, self.chows), (GroupKind.PUNG, self.pungs), (GroupKind.PAIR, self.pairs)):
            for index, var in table.items():
                yield kind, index, var


def _chow_starts(kinds: range) -> list[int]:
    return [i for i in kinds if i < 27 and (i - _SUIT_STARTS[i // 9]) <= 6 and i + 2 in kinds]


def group_variables(model: cp_model.CpModel, counts: Sequence[int], kinds: range, sets: int) -> GroupVariables:
    """Variables for the groups that tiles with at most *counts* copies allow, within *kinds*.

    A chow is a candidate when its three kinds are held, a pung when three copies are, a pair when two
    are; the bounds follow from the counts, at most *sets* chows of one kind and one pair.
    """
    variables = GroupVariables()
    for i in _chow_starts(kinds):
        most = min(counts[i], counts[i + 1], counts[i + 2], sets)
        if most:
            variables.chows[i] = model.new_int_var(0, most, f"chow_{Tile.at(i)}")
    for i in kinds:
        if counts[i] >= 3:
            variables.pungs[i] = model.new_int_var(0, min(counts[i] // 3, sets), f"pung_{Tile.at(i)}")
        if counts[i] >= 2:
            variables.pairs[i] = model.new_int_var(0, 1, f"pair_{Tile.at(i)}")
    return variables


def add_tile_equalities(
    model: cp_model.CpModel, variables: GroupVariables, counts: Sequence[cp_model.LinearExprT], kinds: range
) -> None:
    """One equality per tile kind: the groups use exactly the tiles held."""
    for i in kinds:
        model.add(variables.tiles_used(i) == counts[i])


def add_group_counts(model: cp_model.CpModel, variables: GroupVariables, sets: int, *, exact: bool = True) -> None:
    """Exactly one pair and *sets* sets (with ``exact=False``: at most one pair and *sets* sets)."""
    pairs = sum(variables.pairs.values(), cp_model.LinearExpr.constant(0))
    chosen_sets = sum([*variables.chows.values(), *variables.pungs.values()], cp_model.LinearExpr.constant(0))
    if exact:
        model.add(pairs == 1)
        model.add(chosen_sets == sets)
    else:
        model.add(pairs <= 1)
        model.add(chosen_sets <= sets)


def split_model(counts: Sequence[int], sets: int) -> tuple[cp_model.CpModel, GroupVariables]:
    """The model whose solutions are the splits of *counts* (34 kinds) into *sets* sets and a pair."""
    model = cp_model.CpModel()
    kinds = range(NUM_KINDS)
    variables = group_variables(model, counts, kinds, sets)
    add_tile_equalities(model, variables, counts, kinds)
    add_group_counts(model, variables, sets)
    return model, variables


class _SplitCollector(cp_model.CpSolverSolutionCallback):
    """Records each solution as the sorted tuple of its groups."""

    def __init__(self, variables: GroupVariables) -> None:
        super().__init__()
        self._items = list(variables.items())
        self.splits: list[tuple[Group, ...]] = []

    def on_solution_callback(self) -> None:
        groups: list[Group] = []
        for kind, index, var in self._items:
            groups += [standing_group(kind, index)] * self.value(var)
        self.splits.append(tuple(sorted(groups, key=Group.sort_key)))


def _enumerate(model: cp_model.CpModel, variables: GroupVariables) -> list[tuple[Group, ...]]:
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collector = _SplitCollector(variables)
    status = solver.solve(model, collector)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise RuntimeError(f"CP-SAT stopped early: {solver.status_name(status)}")
    return sorted(collector.splits, key=lambda split: [g.sort_key() for g in split])


def decompose(counts: Sequence[int], sets: int) -> list[tuple[Group, ...]]:
    """Every split of the 34 standing *counts* into *sets* sets and one pair, in canonical order.

    >>> from mahjong_arbiter.tiles import counts_of, Tile
    >>> tiles = [Tile.of(t) for t in "1m 1m 1m 2m 2m 2m 3m 3m 3m 5p 5p".split()]
    >>> [" ".join(str(g) for g in split) for split in decompose(counts_of(tiles), 3)]
    ['1m2m3m 1m2m3m 1m2m3m 5p5p', '1m1m1m 2m2m2m 3m3m3m 5p5p']
    """
    model, variables = split_model(counts, sets)
    return _enumerate(model, variables)


def suit_table_model(
    max_sets: int = 4, *, fifth: bool = False
) -> tuple[cp_model.CpModel, GroupVariables, list[cp_model.IntVar]]:
    """One suit with free tile counts (0..4 each): its solutions are every split of every count vector
    into at most *max_sets* chows or pungs and at most one pair.

    With *fifth*, one rank may hold a fifth copy: the vectors a thirteen-tile hand holding four of a
    kind reaches when it tries that kind again (the wait table records such waits too).
    """
    model = cp_model.CpModel()
    kinds = range(9)
    top = 5 if fifth else 4
    counts = [model.new_int_var(0, top, f"count_{rank}") for rank in range(1, 10)]
    if fifth:
        over = [model.new_bool_var(f"fifth_{rank}") for rank in range(1, 10)]
        for count, extra in zip(counts, over, strict=True):
            model.add(count == 5).only_enforce_if(extra)
            model.add(count <= 4).only_enforce_if(extra.negated())
        model.add(sum(over, cp_model.LinearExpr.constant(0)) <= 1)
    variables = group_variables(model, [top] * 9, kinds, max_sets)
    add_tile_equalities(model, variables, counts, kinds)
    add_group_counts(model, variables, max_sets, exact=False)
    return model, variables, counts


def suit_table_splits(max_sets: int = 4, *, fifth: bool = False) -> list[tuple[tuple[GroupKind, int], ...]]:
    """Every split of one suit (groups as kind and rank 1..9), each once, in canonical order (with
    *fifth*, also the splits of vectors holding one fifth copy)."""
    model, variables, _ = suit_table_model(max_sets, fifth=fifth)
    return sorted(
        tuple((g.kind, g.first.rank) for g in split) for split in _enumerate(model, variables)
    )


def near_model(
    counts: Sequence[int], sets: int, limits: Sequence[int], budget: int, *, max_chows: int | None = None
) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The complete standing hands within *budget* new tiles of standing *counts*, as a model.

    Target counts ``t_k`` in ``0..limits[k]`` split into *sets* sets (at most *max_chows* of them
    chows) and one pair (the same families as :func:`split_model`, with the counts free); the new
    tiles ``max(t_k - counts_k, 0)`` add up to at most *budget*.  Returns the model and the 34
    target variables (:mod:`mahjong_arbiter.solver.near`).
    """
    model = cp_model.CpModel()
    kinds = range(NUM_KINDS)
    targets = [model.new_int_var(0, max(0, limits[k]), f"t_{Tile.at(k)}") for k in kinds]
    variables = group_variables(model, [max(0, n) for n in limits], kinds, sets)
    add_tile_equalities(model, variables, targets, kinds)
    add_group_counts(model, variables, sets)
    if max_chows is not None:
        model.add(sum(variables.chows.values(), cp_model.LinearExpr.constant(0)) <= max_chows)
    new = []
    for k in kinds:
        extra = model.new_int_var(0, 14, f"new_{Tile.at(k)}")
        model.add_max_equality(extra, [targets[k] - counts[k], 0])
        new.append(extra)
    model.add(sum(new, cp_model.LinearExpr.constant(0)) <= budget)
    return model, targets


class _TargetCollector(cp_model.CpSolverSolutionCallback):
    """Records each solution's target counts (several splits of one hand give one entry)."""

    def __init__(self, targets: list[cp_model.IntVar]) -> None:
        super().__init__()
        self._targets = targets
        self.found: set[tuple[int, ...]] = set()

    def on_solution_callback(self) -> None:
        self.found.add(tuple(self.value(t) for t in self._targets))


def near_standard(
    counts: Sequence[int], sets: int, limits: Sequence[int], budget: int, *, max_chows: int | None = None
) -> list[tuple[int, ...]]:
    """Every four-sets-and-a-pair standing hand within *budget* new tiles, enumerated by CP-SAT."""
    if sets < 0 or (max_chows is not None and max_chows < 0):
        return []
    model, targets = near_model(counts, sets, limits, budget, max_chows=max_chows)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collector = _TargetCollector(targets)
    status = solver.solve(model, collector)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
        raise RuntimeError(f"CP-SAT stopped early: {solver.status_name(status)}")
    return sorted(collector.found)
