"""How far standing tiles are from a complete shape: the distance, and the tiles that shorten it.

The *distance* of standing tiles ``c`` (34 counts) to a shape is the fewest tiles a complete
standing hand ``T`` of that shape holds that ``c`` does not: ``min over T of sum(max(T_k - c_k, 0))``.
Each exchange (draw one tile, discard one) shortens it by at most one, and a hand one tile short
waits on that tile, so the shanten number is the distance minus one, for thirteen tiles and for
fourteen alike (-1: complete, 0: ready).  A kind is *useful* when one more of it shortens the
distance: some nearest ``T`` holds more of it than ``c`` does.

How many copies a target may use is the profile's held-out policy (*limits*): a tuple of 34
counts, the most copies of each kind the standing tiles may hold (four less the declared melds'
copies), or None when copies are not counted.  With limits, a hand of 123456789m and four East
is one exchange from ready (it cannot wait on a fifth East); without, it is ready on East, as
PyMahjongGB reports.  The riichi library counts the copies in hand (it is not told the melds).

The standard shape (sets and a pair) is computed per suit: each suit's distance to every number of
sets and pairs comes from the shipped table (:mod:`.distance_table`), or, where the table does
not apply (a suit whose limits a declared meld lowers, a vector outside the table), from an exact
dynamic programme over the nine ranks (:func:`suit_distances`, also the table's independent check).
The suits and the honours are then combined by min-plus over the ways to share out the sets and
the pair, keeping for each part the shares that reach the minimum (their useful tiles count).

>>> from mahjong_arbiter.tiles import Tile, counts_of
>>> def counts(text): return counts_of(Tile.of(t) for t in text.split())
>>> d = standard_distance(counts("1m 2m 3m 4m 5m 6m 7m 8m 9m E E E E"), 4, (4,) * 34)
>>> d.shanten, [Tile.at(k).token for k in sorted(d.useful)][:3]
(1, ['1m', '2m', '3m'])
>>> d = standard_distance(counts("1m 2m 3m 4m 5m 6m 7m 8m 9m E E E E"), 4, None)
>>> d.shanten, [Tile.at(k).token for k in d.useful]
(0, ['E'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import Final

from ..hand import Meld
from ..tiles import NUM_KINDS
from .distance_table import MAX_SUIT_TILES, shipped_table, vector_rank

__all__ = [
    "Distance",
    "Limits",
    "UNREACHABLE",
    "copy_limits",
    "standard_distance",
    "suit_distances",
    "pair_slots_distance",
]

Limits = tuple[int, ...] | None
"""The most copies of each of the 34 kinds the standing tiles may hold, or None (not counted)."""

UNREACHABLE: Final = 99
_FREE_CAP: Final = 14  # with copies not counted, no group sum needs more of one kind than this


@dataclass(frozen=True, slots=True)
class Distance:
    """The distance of standing tiles to one shape.

    Attributes
    ----------
    missing : int
        The fewest tiles a nearest complete hand of the shape holds that these do not (0: complete).
    useful : frozenset of int
        The kinds (0..33) one more of which shortens the distance.
    exact : bool
        False when *missing* is only a lower bound (a shape with no distance function of its own,
        searched only so far; see :mod:`mahjong_arbiter.solver.shanten`).
    """

    missing: int
    useful: frozenset[int]
    exact: bool = True

    @property
    def shanten(self) -> int:
        """The shanten number: -1 complete, 0 ready, n tiles to exchange before ready."""
        return self.missing - 1


def copy_limits(melds: Iterable[Meld], *, counted: bool = True) -> Limits:
    """The limits a hand's declared melds leave: four less their copies of each kind (None when
    copies are not *counted*)."""
    if not counted:
        return None
    limits = [4] * NUM_KINDS
    for meld in melds:
        for tile in meld.tiles:
            limits[tile.index] -= 1
    return tuple(limits)


# --- one suit, exactly: a dynamic programme over the ranks -----------------------------------------------------
Key = tuple[int, int, int]
"""(sets, pairs, chows) of one part's target."""


def suit_distances(vector: Sequence[int], caps: Sequence[int], most_sets: int, *, chows: bool,
                   chow_starts: bool = True) -> dict[Key, int]:
    """The distance of one suit's counts to every ``(sets, pairs, chows)`` with up to *most_sets* sets.

    The exact reference: a dynamic programme over the ranks choosing how many chows start, pungs
    and pairs sit at each rank, where rank ``i`` of the target holds at most ``caps[i]`` tiles.
    With *chows* the key's third element counts the target's chows exactly (else it is 0);
    *chow_starts* False makes it a row of honours (no chows).
    """
    ranks = len(vector)
    states: dict[tuple[int, int, int, int, int], int] = {(0, 0, 0, 0, 0): 0}
    for i in range(ranks):
        have, cap = vector[i], caps[i]
        may_start = chow_starts and i + 2 < ranks
        following: dict[tuple[int, int, int, int, int], int] = {}
        for (before, last, sets, pairs, chow_count), cost in states.items():
            room = most_sets - sets
            for started in range(room + 1 if may_start else 1):
                held = before + last + started
                if held > cap:
                    break
                for pungs in range(room - started + 1):
                    with_pungs = held + 3 * pungs
                    if with_pungs > cap:
                        break
                    for pair in range(2 - pairs):
                        used = with_pungs + 2 * pair
                        if used > cap:
                            break
                        total = cost + (used - have if used > have else 0)
                        state = (last, started, sets + started + pungs, pairs + pair,
                                 chow_count + started if chows else 0)
                        if total < following.get(state, UNREACHABLE):
                            following[state] = total
        states = following
    found: dict[Key, int] = {}
    for (_, _, sets, pairs, chow_count), cost in states.items():
        key = (sets, pairs, chow_count)
        if cost < found.get(key, UNREACHABLE):
            found[key] = cost
    return found


def _vector_of(exact: dict[Key, int], most_chows: int | None) -> tuple[int, ...]:
    """A part's distances as a flat tuple indexed by :func:`_slot` (chows at most k, or not counted)."""
    width = 1 if most_chows is None else most_chows + 1
    out = [UNREACHABLE] * (10 * width)
    for (sets, pairs, count), cost in exact.items():
        for k in (0,) if most_chows is None else range(count, width):
            slot = (2 * sets + pairs) * width + k
            if cost < out[slot]:
                out[slot] = cost
    return tuple(out)


@cache
def _triples(most_sets: int, most_chows: int | None) -> tuple[tuple[int, int, int], ...]:
    """For the min-plus join: every (slot a, slot b, slot of a + b) within the limits."""
    width = 1 if most_chows is None else most_chows + 1
    found = []
    for s1, s2 in product(range(5), repeat=2):
        for p1, p2 in ((0, 0), (0, 1), (1, 0)):
            for k1, k2 in product(range(width), repeat=2):
                if s1 + s2 <= most_sets and k1 + k2 < width:
                    found.append(((2 * s1 + p1) * width + k1, (2 * s2 + p2) * width + k2,
                                  (2 * (s1 + s2) + p1 + p2) * width + k1 + k2))
    return tuple(found)


def _join(a: Sequence[int], b: Sequence[int], triples: tuple[tuple[int, int, int], ...]) -> list[int]:
    """Min-plus of two parts' distances over the ways to add their sets, pairs and chows."""
    out = [UNREACHABLE] * len(a)
    for i, j, o in triples:
        cost = a[i] + b[j]
        if cost < out[o]:
            out[o] = cost
    return out


@lru_cache(maxsize=1 << 18)
def _tabled(vector: tuple[int, ...], family: str, most_chows: int | None) -> tuple[int, ...] | None:
    """One suit's distances read from the table, or None when the vector is outside it."""
    if max(vector) > 4 or sum(vector) > MAX_SUIT_TILES:
        return None
    table = shipped_table()
    data, planes = table.data, table.planes
    rank = vector_rank(vector)
    chows = most_chows is not None
    width = 1 if most_chows is None else most_chows + 1
    out = []
    for sets in range(5):
        for pairs in (0, 1):
            for k in range(width):
                out.append(data[planes[family, (sets, pairs, min(k, sets) if chows else sets)] + rank])
    return tuple(out)


def _more(vector: tuple[int, ...], i: int) -> tuple[int, ...]:
    return vector[:i] + (vector[i] + 1,) + vector[i + 1:]


@lru_cache(maxsize=1 << 17)
def _exact(vector: tuple[int, ...], caps: tuple[int, ...] | None, honours: bool,
           most_chows: int | None, most_sets: int = 4) -> tuple[int, ...]:
    """One part's distances by the dynamic programme (any vector, any limits), for targets of at
    most *most_sets* sets (the slots above are unreachable)."""
    if honours:  # the honour kinds are interchangeable: sort them so that the cache sees fewer vectors
        held = sorted(zip(vector, caps if caps is not None else (_FREE_CAP,) * 7, strict=True))
        return _exact_honours(tuple(held), most_chows, most_sets)
    exact = suit_distances(vector, caps or (_FREE_CAP,) * 9, most_sets, chows=most_chows is not None)
    return _vector_of(exact, most_chows)


@lru_cache(maxsize=1 << 12)
def _exact_honours(held: tuple[tuple[int, int], ...], most_chows: int | None, most_sets: int) -> tuple[int, ...]:
    vector = tuple(count for count, _ in held)
    caps = tuple(cap for _, cap in held)
    return _vector_of(suit_distances(vector, caps, most_sets, chows=False, chow_starts=False), most_chows)


@lru_cache(maxsize=1 << 17)
def _bounds(vector: tuple[int, ...], caps: tuple[int, ...] | None, honours: bool,
            most_chows: int | None) -> tuple[tuple[int, ...], frozenset[int], str | None]:
    """One part's distances from the table where it applies: (values, uncertain slots, family).

    Copies not counted: the ``free`` table.  Counted: the ``limited`` table, which lets every
    kind reach four copies.  Where a declared meld lowers a kind's limit ``L`` below four, a slot
    stays exact unless raising the kind to ``L + 1`` copies lowers the distance by all the copies
    added: only then does some nearest target hold more than ``L`` (every nearest target keeps
    within the limit otherwise, so the limited optimum is the table's).  Such slots are only
    lower bounds (*uncertain*).  The family is None when the programme gave every value.
    """
    if not honours:
        family = "free" if caps is None else "limited"
        found = None if caps is None and most_chows is not None else _tabled(vector, family, most_chows)
        if found is not None and caps is not None:
            uncertain: set[int] = set()
            for i in (i for i, cap in enumerate(caps) if cap < 4):
                extra = caps[i] + 1 - vector[i]  # a target past the limit holds this many more
                more = _tabled(vector[:i] + (caps[i] + 1,) + vector[i + 1:], family, most_chows)
                if more is None:
                    uncertain = set(range(len(found)))
                    break
                uncertain.update(slot for slot, (a, b) in enumerate(zip(more, found, strict=True)) if a == b - extra)
            return found, frozenset(uncertain), family
        if found is not None:
            return found, frozenset(), family
    return _exact(vector, caps, honours, most_chows, 4), frozenset(), None


def _useful_here(vector: tuple[int, ...], caps: tuple[int, ...] | None, honours: bool, most_chows: int | None,
                 family: str | None, slots: list[tuple[int, int]]) -> list[int]:
    """The positions of one part where one more tile lowers its distance at one of *slots*
    (exact slots, with their costs)."""
    width = 1 if most_chows is None else most_chows + 1
    most_sets = max(slot // width // 2 for slot, _ in slots)
    found = []
    for i, n in enumerate(vector):
        if caps is not None and n + 1 > caps[i]:
            continue
        more = _more(vector, i)
        values = _tabled(more, family, most_chows) if family is not None else None
        if values is None:
            values = _exact(more, caps, honours, most_chows, most_sets)
        if any(values[slot] == cost - 1 for slot, cost in slots):
            found.append(i)
    return found


def _piece(
    counts: tuple[int, ...], caps: tuple[int, ...] | None, index: int
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """Part *index* (0-2 the suits, 3 the honours) of the counts and of the limits."""
    low, high = 9 * index, (9 * index + 9 if index < 3 else 34)
    return counts[low:high], None if caps is None else caps[low:high]


def standard_distance(
    counts: Sequence[int],
    sets: int,
    limits: Limits,
    *,
    max_chows: int | None = None,
    useful: bool = True,
) -> Distance | None:
    """The distance of standing *counts* to *sets* sets and a pair (None when no such hand exists).

    *max_chows* limits the chows among those sets (BMJA's one chow, less the declared chows);
    ``useful=False`` skips the useful kinds (an empty set), for searches that need only the number.
    """
    if sets < 0 or (max_chows is not None and max_chows < 0):
        return None
    most_chows = max_chows if max_chows is not None and max_chows < sets else None
    return _standard(tuple(counts), sets, None if limits is None else tuple(limits), most_chows, useful)


@lru_cache(maxsize=1 << 15)
def _standard(counts: tuple[int, ...], sets: int, caps: tuple[int, ...] | None, most_chows: int | None,
              useful: bool) -> Distance | None:
    width = 1 if most_chows is None else most_chows + 1
    triples = _triples(sets, most_chows)
    target = (2 * sets + 1) * width
    pieces = [_piece(counts, caps, i) for i in range(4)]
    parts, uncertain, families = [], [], []
    for i, (vector, cap) in enumerate(pieces):
        values, slots, family = _bounds(vector, cap, i == 3, most_chows)
        parts.append(values)
        uncertain.append(slots)
        families.append(family)
    while True:
        front, back = _join(parts[0], parts[1], triples), _join(parts[2], parts[3], triples)
        best = min(_join(front, back, triples)[target:target + width])
        if best >= UNREACHABLE or not (any(uncertain) or useful and best):
            return None if best >= UNREACHABLE else Distance(best, frozenset())
        rests = (_join(parts[1], back, triples), _join(parts[0], back, triples),
                 _join(front, parts[3], triples), _join(front, parts[2], triples))
        nearest = [[slot for slot, cost in enumerate(part) if _on_best(slot, cost, rest, sets, width, best)]
                   for part, rest in zip(parts, rests, strict=True)]
        redo = [i for i in range(4) if uncertain[i] & set(nearest[i])]
        if not redo:
            break
        for i in redo:  # a lower bound reached the minimum: compute that part exactly and look again
            vector, cap = pieces[i]
            parts[i], uncertain[i], families[i] = _exact(vector, cap, i == 3, most_chows, sets), frozenset(), None
    if not useful or not best:
        return Distance(best, frozenset())
    kinds: set[int] = set()
    for index, optimal in enumerate(nearest):
        vector, cap = pieces[index]
        costs = [(slot, parts[index][slot]) for slot in optimal if parts[index][slot]]
        if costs:
            found = _useful_here(vector, cap, index == 3, most_chows, families[index], costs)
            kinds.update(9 * index + i for i in found)
    return Distance(best, frozenset(kinds))


def _on_best(slot: int, cost: int, rest: list[int], sets: int, width: int, best: int) -> bool:
    """Whether a part taking *slot* at *cost* can be completed by the others to the minimum."""
    if cost >= UNREACHABLE:
        return False
    pairs_sets, k = divmod(slot, width)
    s, p = divmod(pairs_sets, 2)
    if s > sets or p > 1:
        return False
    other = (2 * (sets - s) + 1 - p) * width
    return cost + min(rest[other:other + width - k]) == best


# --- helpers for special shapes -------------------------------------------------------------------------------
def pair_slots_distance(
    counts: Sequence[int], kinds: Iterable[int], limits: Limits, *, pairs: int = 7, repeat: bool
) -> Distance:
    """The distance to *pairs* pairs of the given *kinds*: seven pairs and its relatives.

    Each kind offers a first pair slot worth ``min(c, 2)`` held tiles and, when pairs may *repeat*
    (four of a kind as two pairs), a second worth ``min(c - 2, 2)``; a slot needs the limit to
    allow its copies.  The nearest targets fill the slots worth most: the distance is ``2 * pairs``
    less the sum of the best *pairs* slots, and a kind is useful when one of its slots short of
    two tiles is worth at least the last slot taken.

    >>> pair_slots_distance([2, 2, 2, 2, 2, 2, 1] + [0] * 27, range(34), (4,) * 34, repeat=False).missing
    1
    """
    by_worth: tuple[list[int], list[int], list[int]] = ([], [], [])  # the kinds of each slot, by worth 0, 1, 2
    for kind in kinds:
        have = counts[kind]
        cap = 4 if limits is None else limits[kind]
        if cap >= 2:
            by_worth[have if have < 2 else 2].append(kind)
        if repeat and cap >= 4:
            extra = have - 2
            by_worth[2 if extra >= 2 else max(extra, 0)].append(kind)
    zeros, ones, twos = (len(k) for k in by_worth)
    if zeros + ones + twos < pairs:
        return Distance(UNREACHABLE, frozenset())
    take_two = min(twos, pairs)
    take_one = min(ones, pairs - take_two)
    missing = 2 * (pairs - take_two) - take_one
    if not missing:
        return Distance(0, frozenset())
    last = 1 if take_two + take_one == pairs else 0  # the worth of the last slot taken
    useful = set(by_worth[1]) if last <= 1 else set()
    if last == 0:
        useful.update(by_worth[0])
    return Distance(missing, frozenset(useful))
