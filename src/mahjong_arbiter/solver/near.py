"""Every complete hand within a few new tiles: the candidates the teaching tools score.

Given standing counts ``c``, the declared melds (fixed) and a budget ``n``, list every complete
standing hand ``T`` of an allowed form with ``sum(max(T_k - c_k, 0)) <= n`` (at most *n* new
tiles; the rest of ``T`` is kept from ``c``) and ``T_k <= limits[k]`` (four copies counting the
melds and the tiles seen on the table).  Each ``T`` comes once, as a 34-tuple of counts.

Two enumerations of the standard form (sets and a pair), which agree exactly:

``fast``
    Per suit, a depth-first walk over the ranks choosing chows, pungs and the pair, cut as soon as
    the tiles it needs beyond the hand exceed the budget (the cost only grows); then the suits and
    honours are combined so that the sets, the pair, the chows and the budget add up.
``cpsat``
    The constraint problem :func:`mahjong_arbiter.solver.cpsat.near_model` states the same
    conditions on 34 target counts and the group variables, and CP-SAT enumerates its solutions.

A special shape that lists its own nearby hands (``SpecialShape.near``, e.g. from its family of
complete hands) gives them directly, each confirmed by its recogniser.  Another is searched
through its distance function: tiles are added one kind at a time
(in kind order, so each multiset once), a branch is cut when the shape's distance from the
enlarged counts exceeds what the budget has left (sound, since one tile lowers a distance by at
most one), only useful kinds are tried when the budget left equals the distance (each tile to
come must then shorten it), and where the distance reaches zero the complete hands keeping
exactly those new tiles are found by dropping the surplus one kind at a time while the distance
stays zero, each read with the shape's own ``groupings``.  A shape without a distance function is
searched the same way with the distance taken as zero (no cuts: slower, still exact).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product

from ..hand import Meld
from .distance import Limits
from .reading import STANDARD
from .shanten import distance_input, shape_distance, standing_size
from .shapes import ShapeInput, ShapeOptions, SpecialShape

__all__ = ["NearSearch", "near_complete", "standard_near", "special_near"]

Counts = tuple[int, ...]


@dataclass
class NearSearch:
    """What a search examined: ``nodes`` partial choices visited, ``found`` complete hands per form."""

    nodes: int = 0
    found: dict[str, int] = field(default_factory=dict)


# --- the standard form, fast ------------------------------------------------------------------------------------
_SuitOption = tuple[Counts, int, int, int, int]  # (counts of the part, sets, pairs, chows, new tiles)


def _suit_options(vector: Counts, caps: Counts, most_sets: int, most_chows: int, budget: int,
                  chows: bool, search: NearSearch) -> list[_SuitOption]:
    """Every complete group of one part within the budget (a depth-first walk over the ranks)."""
    ranks = len(vector)
    found: list[_SuitOption] = []
    chosen = [0] * ranks

    def walk(i: int, before: int, last: int, sets: int, pairs: int, chow_count: int, cost: int) -> None:
        search.nodes += 1
        if i == ranks:
            if before == 0 and last == 0:
                found.append((tuple(chosen), sets, pairs, chow_count, cost))
            return
        room = most_sets - sets
        may_start = chows and i + 2 < ranks
        for started in range(min(room, most_chows - chow_count) + 1 if may_start else 1):
            held = before + last + started
            if held > caps[i]:
                break
            for pungs in range(min(room - started, 1) + 1):
                for pair in range(2 - pairs):
                    used = held + 3 * pungs + 2 * pair
                    if used > caps[i]:
                        break
                    more = cost + (used - vector[i] if used > vector[i] else 0)
                    if more > budget:
                        break
                    chosen[i] = used
                    walk(i + 1, last, started, sets + started + pungs, pairs + pair, chow_count + started, more)
        chosen[i] = 0

    walk(0, 0, 0, 0, 0, 0, 0)
    return found


def standard_near(
    counts: Sequence[int],
    sets: int,
    limits: Sequence[int],
    budget: int,
    *,
    max_chows: int | None = None,
    search: NearSearch | None = None,
) -> Iterator[Counts]:
    """Every four-sets-and-a-pair standing hand (*sets* of them standing) within *budget* new tiles."""
    search = search if search is not None else NearSearch()
    if sets < 0 or (max_chows is not None and max_chows < 0):
        return
    most_chows = sets if max_chows is None else min(max_chows, sets)
    parts = []
    for low, high, chows in ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False)):
        options = _suit_options(tuple(counts[low:high]), tuple(limits[low:high]), sets, most_chows, budget,
                                chows, search)
        by_shape: dict[tuple[int, int, int, int], list[Counts]] = {}
        for part, s, p, k, d in options:
            by_shape.setdefault((s, p, k, d), []).append(part)
        parts.append(by_shape)
    honours: dict[tuple[int, int], list[tuple[int, list[Counts]]]] = {}
    for (s, p, _, d), found in sorted(parts[3].items()):
        honours.setdefault((s, p), []).append((d, found))
    for key0 in sorted(parts[0]):
        for key1 in sorted(parts[1]):
            s1, p1, k1, d1 = (a + b for a, b in zip(key0, key1, strict=True))
            if s1 > sets or p1 > 1 or k1 > most_chows or d1 > budget:
                continue
            for key2 in sorted(parts[2]):
                s2, p2, k2, d2 = s1 + key2[0], p1 + key2[1], k1 + key2[2], d1 + key2[3]
                if s2 > sets or p2 > 1 or k2 > most_chows or d2 > budget:
                    continue
                for d3, found3 in honours.get((sets - s2, 1 - p2), ()):
                    if d2 + d3 > budget:
                        continue
                    for pieces in product(parts[0][key0], parts[1][key1], parts[2][key2], found3):
                        search.found[STANDARD] = search.found.get(STANDARD, 0) + 1
                        yield pieces[0] + pieces[1] + pieces[2] + pieces[3]


# --- special shapes -------------------------------------------------------------------------------------------
def special_near(
    shape: SpecialShape,
    counts: Sequence[int],
    melds: Sequence[Meld],
    shapes: ShapeOptions,
    limits: Sequence[int],
    budget: int,
    *,
    search: NearSearch | None = None,
) -> Iterator[Counts]:
    """Every complete standing hand of one special shape within *budget* new tiles."""
    from .fast import decompose

    search = search if search is not None else NearSearch()
    base = tuple(counts)
    size = standing_size(melds)
    frozen = tuple(melds)
    cap = tuple(limits)
    if shape.near is not None:  # the shape lists them itself; its recogniser confirms each
        for hand in shape.near(distance_input(base, frozen, shapes, cap, useful=False), budget):
            search.nodes += 1
            if shape.groupings(ShapeInput(tuple(hand), frozen, shapes, decompose)):
                search.found[shape.name] = search.found.get(shape.name, 0) + 1
                yield tuple(hand)
        return

    every_kind = frozenset(range(34))

    def distance(trial: Counts, room: int) -> tuple[int, frozenset[int]]:
        """The shape's distance from *trial* and the kinds that shorten it (every kind when the
        shape has no distance function)."""
        if shape.distance is None:
            return 0, every_kind
        found = shape_distance(shape, trial, frozen, shapes, cap, within=room)
        return (budget + 1, frozenset()) if found is None else (found.missing, found.useful)

    def complete_hands(added: Counts, new: int) -> Iterator[Counts]:
        """Complete hands keeping every added tile and dropping the surplus from the hand's own:
        one kind at a time, in kind order, a branch cut once the shape's distance is no longer
        zero (no complete hand inside what is left)."""
        trial = [a + b for a, b in zip(base, added, strict=True)]
        droppable = [k for k in range(34) if base[k] and not added[k]]

        def drop(start: int, left: int) -> Iterator[Counts]:
            search.nodes += 1
            if not left:
                if shape.groupings(ShapeInput(tuple(trial), frozen, shapes, decompose)):
                    yield tuple(trial)
                return
            for i in range(start, len(droppable)):
                kind = droppable[i]
                if trial[kind]:
                    trial[kind] -= 1
                    if shape.distance is None or distance(tuple(trial), 0)[0] == 0:
                        yield from drop(i, left - 1)
                    trial[kind] += 1

        yield from drop(0, sum(trial) - size)

    seen: set[Counts] = set()

    def walk(start: int, added: list[int], new: int) -> Iterator[Counts]:
        search.nodes += 1
        grown = tuple(a + b for a, b in zip(base, added, strict=True))
        missing, useful = distance(grown, budget - new)
        if missing > budget - new:
            return
        if missing == 0 and sum(grown) >= size:
            for hand in complete_hands(tuple(added), new):
                if hand not in seen:
                    seen.add(hand)
                    search.found[shape.name] = search.found.get(shape.name, 0) + 1
                    yield hand
        if new == budget:
            return
        # with no budget to spare, every tile still to come must shorten the distance
        tight = missing == budget - new and shape.distance is not None
        for kind in range(start, 34):
            if grown[kind] + 1 <= cap[kind] and (not tight or kind in useful):
                added[kind] += 1
                yield from walk(kind, added, new + 1)
                added[kind] -= 1

    yield from walk(0, [0] * 34, 0)


def near_complete(
    counts: Sequence[int],
    melds: Sequence[Meld],
    shapes: ShapeOptions,
    limits: Limits,
    budget: int,
    *,
    max_chows: int | None = None,
    search: NearSearch | None = None,
    backend: str = "fast",
) -> list[Counts]:
    """Every complete standing hand of an allowed form within *budget* new tiles, each once, sorted.

    *limits* must count copies here (real tiles are drawn); *backend* chooses the standard form's
    enumeration (``fast`` or ``cpsat``).
    """
    if limits is None:
        raise ValueError("a search for real hands needs the copy limits")
    search = search if search is not None else NearSearch()
    found: set[Counts] = set()
    sets = 4 - len(melds)
    if shapes.standard:
        if backend == "cpsat":
            from .cpsat import near_standard

            standard = near_standard(counts, sets, limits, budget, max_chows=max_chows)
            search.found[STANDARD] = len(standard)
            found.update(standard)
        else:
            found.update(standard_near(counts, sets, limits, budget, max_chows=max_chows, search=search))
    for shape in shapes.special_shapes():
        found.update(special_near(shape, counts, melds, shapes, limits, budget, search=search))
    return sorted(found)
