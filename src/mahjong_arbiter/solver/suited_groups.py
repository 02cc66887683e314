"""The distance of the suited tiles to groups that cross the suits: a programme over the ranks.

Some catalogue hands are built of *mixed chows* (three consecutive numbers, one in each suit, in
any order of suits) and *mixed pairs* (one number in two suits), with perhaps a chow of each suit
and a pair (Thompson & Maloney 1997: Crazy Chows p. 16, Three Philosophers p. 15, Professor's
Pleasure p. 19, Apple Blossom pp. 19, 33).  Their complete hands are too many to list (Crazy
Chows has about 3.5 million), but every group spans at most three consecutive ranks, so the
suited part of a complete hand is a path through a small layered graph, one layer a rank:

- a state after rank ``r`` holds what the groups already started still put on the next ranks
  (the tiles of rank ``r + 1`` and ``r + 2`` they fix, and the first suits of the mixed chows
  started at ``r``, whose second and third suits are still open) and how many of each group
  the hand has started;
- an edge chooses, at rank ``r``, the second suit of each mixed chow started at ``r - 1`` (its
  third is then the one left), the groups starting at ``r``, and so the three counts ``t`` of
  rank ``r``'s tiles in the three suits.

The graph does not depend on the hand and is built once per :class:`SuitedGroups`.  For standing
counts ``c`` an edge costs ``sum over suits of max(t_s - c_s, 0)`` (the tiles it needs beyond the
hand; no edge where ``t_s`` passes the limit), the distance is the cheapest path, and a kind
``(r, s)`` is useful exactly when some cheapest path takes, at rank ``r``, an edge with
``t_s > c_s`` (one more of that kind makes that path one cheaper, and nothing else gets cheaper).
Forward and backward passes over the layers give both, with numpy over the edges.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import TYPE_CHECKING, Final

from .distance import Distance, Limits

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int32]

__all__ = ["SuitedGroups"]

_RANKS: Final = 9
_SUITS: Final = 3
_INF: Final = 10_000
_KINDS: Final = frozenset(range(27))
Vector = tuple[int, int, int]
State = int
"""A state, packed (:func:`_state`): the tiles of the next rank already fixed, those of the rank
after, the first suits of the mixed chows just started, how many mixed chows have started, which
suits' chows have started (a bit mask), whether the mixed pair and the pair are placed."""


@dataclass(frozen=True, slots=True)
class SuitedGroups:
    """A block of suited groups: *mixed_chows* mixed chows, a mixed pair when *mixed_pair*, one
    chow of each suit in *chow_suits* (0 characters, 1 circles, 2 bamboo) and a pair when *pair*.

    >>> crazy = SuitedGroups(mixed_chows=4, mixed_pair=True)
    >>> counts = [0] * 34
    >>> for k in (0, 10, 20, 1, 11, 21, 2, 12, 22, 3, 13, 23, 6):  # 1m2p3s 2m3p4s 3m4p5s 4m5p6s 7m
    ...     counts[k] += 1
    >>> d = crazy.nearest(counts, (4,) * 34, True)
    >>> d.missing, 15 in d.useful, 24 in d.useful, 16 in d.useful   # 7p or 7s pairs the 7m; 8p does not
    (1, True, True, False)
    """

    mixed_chows: int = 0
    mixed_pair: bool = False
    chow_suits: frozenset[int] = frozenset()
    pair: bool = False

    @property
    def kinds(self) -> frozenset[int]:
        return _KINDS

    def nearest(self, counts: Sequence[int], limits: Limits, useful: bool) -> Distance | None:
        return _nearest(self, tuple(counts[:27]), None if limits is None else tuple(limits[:27]), useful)

    def near(self, counts: Sequence[int], limits: Limits, budget: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
        return _near(self, tuple(counts[:27]), None if limits is None else tuple(limits[:27]), budget)

    def filled(self, kinds: Sequence[int]) -> SuitedGroups | None:
        return None  # no pung-or-kong places

    def hands(self) -> Iterator[tuple[tuple[int, int], ...]]:
        """Every suited hand of the block, each once (for tests: millions for Crazy Chows)."""
        graph = _graph(self)
        seen: set[tuple[tuple[int, int], ...]] = set()
        path: list[tuple[int, ...]] = []

        def walk(r: int, state: int) -> Iterator[tuple[tuple[int, int], ...]]:
            if r == _RANKS:
                hand = tuple(sorted((9 * s + rank, t[s]) for rank, t in enumerate(path) for s in range(3) if t[s]))
                if hand not in seen:
                    seen.add(hand)
                    yield hand
                return
            layer = graph.layers[r]
            begin = int(layer.src_starts[state])
            end = int(layer.src_starts[state + 1]) if state + 1 < len(layer.src_starts) else len(layer.src)
            for edge in layer.by_src[begin:end]:
                path.append(tuple(int(n) for n in layer.vectors[layer.vector[edge]]))
                yield from walk(r + 1, int(layer.dst[edge]))
                path.pop()

        yield from walk(0, 0)


@dataclass(frozen=True)
class _Layer:
    """One rank's edges for numpy: the distinct rank vectors and the edges sorted two ways."""

    vectors: IntArray  # (n, 3) the distinct rank vectors t
    src: IntArray      # the edges, sorted by destination
    vector: IntArray
    dst: IntArray
    dst_starts: IntArray
    by_src: IntArray   # the permutation sorting the edges by source
    src_starts: IntArray


@dataclass(frozen=True)
class _Graph:
    layers: tuple[_Layer, ...]


# Rank vectors are packed a byte a suit (``a | b << 8 | c << 16``) so that adding two is one
# integer addition; a suit past four copies shows as bit 7 of its byte after adding 123 to each
# (no byte carries into the next: every count stays below sixteen).
_OVER: Final = 0x7B7B7B
_SIGNS: Final = 0x808080
_VECTOR: Final = 0xFFFFFF


def _unit(suit: int, n: int = 1) -> int:
    return n << 8 * suit


def _unpack(v: int) -> Vector:
    return (v & 255, v >> 8 & 255, v >> 16 & 255)


@cache
def _seconds(firsts: int) -> tuple[tuple[int, int], ...]:
    """Every way the mixed chows with these (packed) first suits take their second suits: (the
    second suits now, the third suits next rank), packed."""
    ways = [(0, 0)]
    for first in range(_SUITS):
        a, b = (s for s in range(_SUITS) if s != first)
        n = firsts >> 8 * first & 255
        ways = [(now + _unit(a, i) + _unit(b, n - i), then + _unit(b, i) + _unit(a, n - i))
                for now, then in ways for i in range(n + 1)]
    return tuple(ways)


@cache
def _starts(room: int) -> tuple[tuple[int, int], ...]:
    """The first suits of up to *room* mixed chows starting at one rank: (packed, how many)."""
    return tuple((a | b << 8 | c << 16, a + b + c)
                 for a, b, c in product(range(room + 1), repeat=3) if a + b + c <= room)


def _state(fixed: int, after: int, firsts: int, started: int, mask: int, mixed: int, pair: int) -> int:
    """A state packed into one integer (see :data:`State`)."""
    return fixed | after << 24 | firsts << 48 | started << 72 | mask << 76 | mixed << 79 | pair << 80


@cache
def _graph(spec: SuitedGroups) -> _Graph:
    import numpy as np

    wanted = sum(1 << s for s in spec.chow_suits)
    start, end = 0, _state(0, 0, 0, spec.mixed_chows, wanted, int(spec.mixed_pair), int(spec.pair))
    mixed_pairs = [(0, 0)] + [(_unit(a) + _unit(b), 1 << 79) for a in range(3) for b in range(a + 1, 3)]
    pairs = [(0, 0)] + [(_unit(s, 2), 1 << 80) for s in range(3)]
    states = [start]
    raw: list[tuple[list[int], list[int], list[int], list[int]]] = []  # per rank: sources, t, destinations, states
    for r in range(_RANKS):
        may_start = r + 2 < _RANKS
        sources: list[int] = []
        vectors: list[int] = []
        targets: list[int] = []
        number: dict[int, int] = {}
        for source, state in enumerate(states):
            fixed, after, firsts = state & _VECTOR, state >> 24 & _VECTOR, state >> 48 & _VECTOR
            started, mask = state >> 72 & 15, state >> 76 & 7
            counters = state >> 72 << 72
            # the last rank a chow may start at starts every chow still wanted; the last rank
            # places the pairs still wanted (so no state is a dead end but by its tiles)
            room, missing = spec.mixed_chows - started, wanted & ~mask
            last_start, last = r + 3 == _RANKS, r + 1 == _RANKS
            new_chows = [(v, n) for v, n in _starts(room) if n == room or not last_start] if may_start \
                else [(0, 0)]
            pure = [(sum(_unit(s) for s in range(3) if bits >> s & 1), bits) for bits in range(8)
                    if may_start and not bits & ~missing and (bits == missing or not last_start)] or [(0, 0)]
            mixed_options = mixed_pairs if spec.mixed_pair and not state >> 79 & 1 else mixed_pairs[:1]
            pair_options = pairs if spec.pair and not state >> 80 & 1 else pairs[:1]
            if last:
                mixed_options, pair_options = mixed_options[-3:], pair_options[-3:]
            for now, then in _seconds(firsts):
                for new, count in new_chows:
                    for chows, bits in pure:
                        base = fixed + now + new + chows
                        carry = counters + ((after + then + chows) | chows << 24 | new << 48) + (count << 72) \
                            + (bits << 76)
                        for mixed, mixed_flag in mixed_options:
                            for pair, pair_flag in pair_options:
                                t = base + mixed + pair
                                if (t + _OVER) & _SIGNS:
                                    continue
                                following = carry + mixed_flag + pair_flag
                                sources.append(source)
                                vectors.append(t)
                                targets.append(number.setdefault(following, len(number)))
        states = list(number)
        raw.append((sources, vectors, targets, states))
    # keep only the edges on some path to the end, numbered afresh, without repeats
    kept = [np.array([s == end for s in states])]
    for sources, _, targets, _ in reversed(raw):
        on_path = kept[0][np.array(targets, dtype=np.int64)]
        alive = np.zeros(max(sources) + 1, dtype=bool)
        alive[np.array(sources, dtype=np.int64)[on_path]] = True
        kept.insert(0, alive)
    layers = []
    for r, (sources, vectors, targets, _) in enumerate(raw):
        old_src, old_dst = np.array(sources, dtype=np.int64), np.array(targets, dtype=np.int64)
        on_path = kept[r + 1][old_dst]
        src_id, dst_id = kept[r].cumsum() - 1, kept[r + 1].cumsum() - 1
        rows = np.unique(np.stack([dst_id[old_dst[on_path]], src_id[old_src[on_path]],
                                   np.array(vectors, dtype=np.int64)[on_path]], axis=1), axis=0)
        dst, src, packed = rows[:, 0].astype(np.int32), rows[:, 1].astype(np.int32), rows[:, 2]
        distinct, vector = np.unique(packed, return_inverse=True)
        by_src = np.argsort(src, kind="stable").astype(np.int32)
        layers.append(_Layer(
            vectors=np.stack([distinct & 255, distinct >> 8 & 255, distinct >> 16 & 255], axis=1).astype(np.int32),
            src=src,
            vector=vector.astype(np.int32).reshape(-1),
            dst=dst,
            dst_starts=np.flatnonzero(np.r_[True, dst[1:] != dst[:-1]]).astype(np.int32),
            by_src=by_src,
            src_starts=np.flatnonzero(np.r_[True, src[by_src][1:] != src[by_src][:-1]]).astype(np.int32),
        ))
    return _Graph(tuple(layers))


def _forward(spec: SuitedGroups, counts: tuple[int, ...], limits: tuple[int, ...] | None
             ) -> tuple[np.ndarray, list[IntArray], list[IntArray]]:
    """(the held counts by rank, each layer's vector costs, the cheapest cost of reaching each
    state of each layer: the last layer's one state last)."""
    import numpy as np

    graph = _graph(spec)
    held = np.array(counts, dtype=np.int32).reshape(3, 9).T  # held[r] = the three suits' counts of rank r
    caps = None if limits is None else np.array(limits, dtype=np.int32).reshape(3, 9).T
    costs = []
    forward = [np.zeros(1, dtype=np.int32)]
    for r, layer in enumerate(graph.layers):
        cost = np.maximum(layer.vectors - held[r], 0).sum(axis=1).astype(np.int32)
        if caps is not None:
            cost[(layer.vectors > caps[r]).any(axis=1)] = _INF
        costs.append(cost)
        forward.append(np.minimum.reduceat(forward[-1][layer.src] + cost[layer.vector], layer.dst_starts))
    return held, costs, forward


def _backward(spec: SuitedGroups, costs: list[IntArray]) -> list[IntArray]:
    """The cheapest cost of finishing from each state of each layer (the first layer's one state
    first)."""
    import numpy as np

    finish = [np.zeros(1, dtype=np.int32)]
    for r in range(_RANKS - 1, -1, -1):
        layer = _graph(spec).layers[r]
        through = costs[r][layer.vector] + finish[0][layer.dst]
        finish.insert(0, np.minimum.reduceat(through[layer.by_src], layer.src_starts))
    return finish


@lru_cache(maxsize=1 << 12)
def _nearest(spec: SuitedGroups, counts: tuple[int, ...], limits: tuple[int, ...] | None,
             useful: bool) -> Distance | None:
    import numpy as np

    held, costs, forward = _forward(spec, counts, limits)
    best = int(forward[-1][0])
    if best >= _INF:
        return None
    if not useful or not best:
        return Distance(best, frozenset())
    finish = _backward(spec, costs)
    kinds: set[int] = set()
    for r, layer in enumerate(_graph(spec).layers):
        on_best = forward[r][layer.src] + costs[r][layer.vector] + finish[r + 1][layer.dst] == best
        chosen = layer.vectors[np.unique(layer.vector[on_best])]
        kinds.update(9 * s + r for s in range(3) if (chosen[:, s] > held[r][s]).any())
    return Distance(best, frozenset(kinds))


def _near(spec: SuitedGroups, counts: tuple[int, ...], limits: tuple[int, ...] | None,
          budget: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every suited hand of the block within *budget* tiles beyond *counts*: a walk along the
    edges whose cost, with the cheapest way to finish, stays within the budget."""
    _, costs, forward = _forward(spec, counts, limits)
    if int(forward[-1][0]) > budget:
        return []
    finish = _backward(spec, costs)
    if int(finish[0][0]) > budget:
        return []
    layers = _graph(spec).layers
    found: dict[tuple[tuple[int, int], ...], int] = {}
    path: list[tuple[int, int, int]] = []

    def walk(r: int, state: int, spent: int) -> None:
        if r == _RANKS:
            hand = tuple(sorted((9 * s + rank, t[s]) for rank, t in enumerate(path) for s in range(3) if t[s]))
            found[hand] = min(spent, found.get(hand, spent))
            return
        layer = layers[r]
        begin = int(layer.src_starts[state])
        end = int(layer.src_starts[state + 1]) if state + 1 < len(layer.src_starts) else len(layer.src)
        edges = layer.by_src[begin:end]
        cost = costs[r][layer.vector[edges]]
        within = spent + cost + finish[r + 1][layer.dst[edges]] <= budget
        for edge, more in zip(edges[within].tolist(), cost[within].tolist(), strict=True):
            vector = layer.vectors[layer.vector[edge]]
            path.append((int(vector[0]), int(vector[1]), int(vector[2])))
            walk(r + 1, int(layer.dst[edge]), spent + more)
            path.pop()

    walk(0, 0, 0)
    return [(missing, hand) for hand, missing in found.items()]
