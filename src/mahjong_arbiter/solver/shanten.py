"""The shanten of standing tiles for every shape a profile allows: one Distance per form.

``form_distances`` measures the standard shape (sets and a pair, :func:`standard_distance`) and
each chosen special shape through the registry (:mod:`mahjong_arbiter.solver.shapes`): a shape's
own ``distance`` function when it has one, else a search with its ``groupings`` that is exact up
to one tile from complete (ready, for thirteen tiles) and a lower bound beyond (``exact=False``).
So a shape registered by a profile gets a shanten number without further work, and an exact one
with a distance function.

>>> from mahjong_arbiter.tiles import Tile, counts_of
>>> from mahjong_arbiter.solver.shapes import DEFAULT_SHAPES
>>> counts = counts_of(Tile.of(t) for t in "1m 9m 1p 9p 1s 9s E S W N C F P".split())
>>> {name: d.shanten for name, d in form_distances(counts, (), DEFAULT_SHAPES, (4,) * 34).items() if d}
... # doctest: +NORMALIZE_WHITESPACE
{'standard': 8, 'honours_knitted': 4, 'knitted_straight': 9, 'seven_pairs': 6, 'thirteen_orphans': 0}
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hand import Meld
from .distance import Distance, Limits, standard_distance
from .reading import STANDARD
from .shapes import DistanceInput, ShapeInput, ShapeOptions, SpecialShape

__all__ = ["form_distances", "shape_distance", "distance_input", "standing_size"]


def standing_size(melds: Sequence[Meld]) -> int:
    """How many standing tiles a complete hand with these declared melds holds."""
    return 14 - 3 * len(melds)


def _standard(counts: Sequence[int], sets: int, limits: Limits) -> Distance | None:
    return standard_distance(counts, sets, limits)


def _standard_number(counts: Sequence[int], sets: int, limits: Limits) -> Distance | None:
    return standard_distance(counts, sets, limits, useful=False)


def form_distances(
    counts: Sequence[int],
    melds: Sequence[Meld],
    shapes: ShapeOptions,
    limits: Limits,
    *,
    max_chows: int | None = None,
    useful: bool = True,
) -> dict[str, Distance | None]:
    """Each allowed form's distance from the standing *counts* (None: the form cannot be made).

    *max_chows* is how many chows the standing tiles may still form (the profile's limit less the
    declared chows), None for no limit; ``useful=False`` when only the numbers are wanted (a form
    may then leave its useful kinds out).
    """
    found: dict[str, Distance | None] = {}
    if shapes.standard:
        found[STANDARD] = standard_distance(counts, 4 - len(melds), limits, max_chows=max_chows, useful=useful)
    for shape in shapes.special_shapes():
        found[shape.name] = shape_distance(shape, counts, melds, shapes, limits, useful=useful)
    return found


def shape_distance(
    shape: SpecialShape,
    counts: Sequence[int],
    melds: Sequence[Meld],
    shapes: ShapeOptions,
    limits: Limits,
    *,
    useful: bool = True,
    within: int = 99,
) -> Distance | None:
    """One special shape's distance: its own function, or the search from its groupings.

    ``useful=False`` lets the shape skip the useful kinds, and *within* answer anything above it
    (None included) once the distance is known to exceed it: for a search needing only "is the
    shape at most this far?".
    """
    if shape.distance is not None:
        return shape.distance(distance_input(counts, melds, shapes, limits, useful=useful, within=within))
    return _searched(shape, counts, melds, shapes, limits)


def distance_input(counts: Sequence[int], melds: Sequence[Meld], shapes: ShapeOptions, limits: Limits, *,
                   useful: bool = True, within: int = 99) -> DistanceInput:
    """What a special shape's ``distance`` (or ``near``) is given for these standing tiles."""
    standard = _standard if useful else _standard_number
    return DistanceInput(tuple(counts), tuple(melds), shapes, limits, standard, useful, within)


def _searched(
    shape: SpecialShape, counts: Sequence[int], melds: Sequence[Meld], shapes: ShapeOptions, limits: Limits
) -> Distance:
    """Exact when the shape is complete or one tile away; otherwise "at least" the next step."""
    from .fast import decompose

    size = standing_size(melds)
    held = sum(counts)
    frozen = tuple(melds)

    def completed_by(trial: Sequence[int], kind: int) -> bool:
        """Whether one more *kind* (within four copies and the limits) completes the shape."""
        if trial[kind] + 1 > (4 if limits is None else limits[kind]):
            return False
        more = list(trial)
        more[kind] += 1
        return bool(shape.groupings(ShapeInput(tuple(more), frozen, shapes, decompose)))

    if held == size:
        if shape.groupings(ShapeInput(tuple(counts), frozen, shapes, decompose)):
            return Distance(0, frozenset())
        for drop in (k for k, n in enumerate(counts) if n):
            rest = list(counts)
            rest[drop] -= 1
            if any(completed_by(rest, kind) for kind in range(34)):
                return Distance(1, frozenset())
        return Distance(2, frozenset(), exact=False)
    if held == size - 1:
        useful = frozenset(k for k in range(34) if completed_by(counts, k))
        return Distance(1, useful) if useful else Distance(2, frozenset(), exact=False)
    return Distance(max(size - held, 0), frozenset(), exact=False)
