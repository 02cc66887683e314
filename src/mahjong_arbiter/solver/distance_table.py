"""The per-suit distance table: how many tiles one suit lacks to hold s sets and p pairs.

For one suit's nine counts ``v`` (each 0..4, at most 14 tiles) and a target of ``s`` sets (chows
and pungs, 0..4) and ``p`` pairs (0 or 1), the table holds the least number of tiles that must be
added to ``v`` so that it contains such a group of sets and pairs: the *distance*
``min over complete suit vectors w of sum(max(w_i - v_i, 0))``.  A whole hand's distance to four
sets and a pair is the least sum of its three suits' and its honours' distances over the ways to
share the sets and the pair out (:mod:`mahjong_arbiter.solver.distance`); the shanten number is
that distance minus one.

Two families of entries, for the two readings of "how many copies a target may use":

``limited``
    A target holds at most four copies of a kind.  Its complete suit vectors are exactly the rows
    of the split table (:mod:`mahjong_arbiter.solver.suit_table`, filled by the CP-SAT model), so
    this family is the CP-SAT table's distance transform.  One entry per ``(s, p, k)``: at most
    ``k`` of the ``s`` sets chows (``k = s``: any), for profiles that limit chows (BMJA: one).
``free``
    Copies are not counted: a target may need a fifth copy of a kind the hand holds four of (the
    Chinese Official Mahjong Helper's reading, which PyMahjongGB computes).  Its complete suit
    vectors are every sum of up to four chows or pungs and at most one pair; one entry per
    ``(s, p)``.

Generation (``python -m mahjong_arbiter.solver.distance_table``, ``--check`` to compare only)
needs numpy: the distance to a set of vectors is separable by coordinate, so one pass per rank
over the 5**9 grid computes every entry at once (a few seconds).  The shipped file
(``solver/data/suit_distance.bin``) is a header line of JSON and the zlib-compressed entries:
for each family and key in header order, one byte per vector, vectors with at most 14 tiles in
lexicographic order (:func:`vector_rank`).  Reading it needs only the standard library.

>>> table = shipped_table()
>>> table.distance("limited", (1, 0, 1), (0, 1, 1, 0, 0, 0, 0, 0, 0))  # 23 lacks one tile of a chow
1
>>> table.distance("limited", (1, 1, 1), (1, 1, 1, 1, 0, 0, 0, 0, 0))  # 1234: 123 + 44 or 11 + 234
1
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .reading import GroupKind
from .suit_table import decode_split, read_table, shipped_table_text

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "MAX_SUIT_TILES",
    "FAMILIES",
    "DistanceTable",
    "vector_rank",
    "vector_count",
    "family_keys",
    "generate_table_bytes",
    "shipped_table",
    "main",
]

MAX_SUIT_TILES: Final = 14
"""The most tiles of one suit a hand holds; the table covers vectors with at most this many."""
TABLE_FILE: Final = "suit_distance.bin"
FORMAT: Final = "mahjong-arbiter suit distance table 1"
FAMILIES: Final = ("limited", "free")
_RANKS: Final = 9


def family_keys(family: str) -> tuple[tuple[int, int, int], ...]:
    """The ``(sets, pairs, chows at most)`` keys of a family, in file order.

    ``limited`` has ``k`` from 0 to ``s``; ``free`` only ``k = s`` (any number of chows).
    """
    if family == "limited":
        return tuple((s, p, k) for s in range(5) for p in range(2) for k in range(s + 1))
    if family == "free":
        return tuple((s, p, s) for s in range(5) for p in range(2))
    raise KeyError(family)


# --- ranking the vectors with at most 14 tiles ----------------------------------------------------------------
@cache
def _fitting(length: int, room: int) -> int:
    """How many vectors of *length* counts 0..4 hold at most *room* tiles."""
    if room < 0:
        return 0
    if length == 0:
        return 1
    return sum(_fitting(length - 1, room - x) for x in range(5))


@cache
def _offsets() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[i][room][x]``: vectors that come before, at rank *i*, one holding *x* there."""
    return tuple(
        tuple(
            tuple(sum(_fitting(_RANKS - 1 - i, room - y) for y in range(x)) for x in range(5))
            for room in range(MAX_SUIT_TILES + 1)
        )
        for i in range(_RANKS)
    )


def vector_count() -> int:
    """How many suit vectors the table covers (405,350)."""
    return _fitting(_RANKS, MAX_SUIT_TILES)


def vector_rank(vector: Sequence[int]) -> int:
    """The position of a suit vector (nine counts 0..4, at most 14 tiles) in lexicographic order.

    >>> vector_rank((0,) * 9), vector_rank((0,) * 8 + (1,)), vector_rank((4, 4, 4, 2, 0, 0, 0, 0, 0)) + 1
    (0, 1, 405350)
    """
    offsets = _offsets()
    room = MAX_SUIT_TILES
    rank = 0
    for i, x in enumerate(vector):
        rank += offsets[i][room][x]
        room -= x
    return rank


def _vectors() -> Iterator[tuple[int, ...]]:
    """Every covered vector, in rank order."""

    def walk(prefix: tuple[int, ...], room: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == _RANKS:
            yield prefix
            return
        for x in range(min(4, room) + 1):
            yield from walk((*prefix, x), room - x)

    return walk((), MAX_SUIT_TILES)


# --- the table --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DistanceTable:
    """The entries of both families, one byte per (family, key, vector).

    ``planes[family, key]`` is where that key's entries start in :attr:`data`.
    """

    data: bytes
    planes: dict[tuple[str, tuple[int, int, int]], int]

    def distance(self, family: str, key: tuple[int, int, int], vector: Sequence[int]) -> int:
        """The distance of one suit *vector* to *key* ``(sets, pairs, chows at most)``."""
        return self.data[self.planes[family, key] + vector_rank(vector)]


def _header() -> dict[str, Any]:
    return {
        "format": FORMAT,
        "max_suit_tiles": MAX_SUIT_TILES,
        "vectors": vector_count(),
        "families": {family: [list(k) for k in family_keys(family)] for family in FAMILIES},
    }


def _parse(blob: bytes) -> DistanceTable:
    head, _, body = blob.partition(b"\n")
    header = json.loads(head)
    if header.get("format") != FORMAT or header.get("vectors") != vector_count():
        raise ValueError(f"{TABLE_FILE}: not a {FORMAT!r} for {vector_count()} vectors")
    planes: dict[tuple[str, tuple[int, int, int]], int] = {}
    for family in FAMILIES:
        for s, p, k in header["families"][family]:
            planes[family, (s, p, k)] = len(planes) * vector_count()
    data = zlib.decompress(body)
    if len(data) != len(planes) * vector_count():
        raise ValueError(f"{TABLE_FILE}: {len(data)} entries, expected {len(planes) * vector_count()}")
    return DistanceTable(data, planes)


@cache
def shipped_table() -> DistanceTable:
    """The table shipped with the package (read once; about 16 MB in memory)."""
    blob = resources.files(__package__).joinpath("data", TABLE_FILE).read_bytes()
    return _parse(blob)


# --- generation (numpy) -----------------------------------------------------------------------------------------
def _limited_targets() -> dict[tuple[int, int], dict[tuple[int, ...], int]]:
    """Complete suit vectors with at most four of a kind (the CP-SAT split table): for each
    ``(sets, pairs)``, each vector with the fewest chows any of its splits uses."""
    found: dict[tuple[int, int], dict[tuple[int, ...], int]] = {}
    for vector, splits in read_table(shipped_table_text()):
        for text in splits:
            groups = decode_split(text) if text else ()
            pairs = sum(1 for kind, _ in groups if kind is GroupKind.PAIR)
            chows = sum(1 for kind, _ in groups if kind is GroupKind.CHOW)
            by_vector = found.setdefault((len(groups) - pairs, pairs), {})
            by_vector[vector] = min(chows, by_vector.get(vector, chows))
    return found


def _free_targets() -> dict[tuple[int, int], dict[tuple[int, ...], int]]:
    """Every sum of up to four chows or pungs and at most one pair, copies not counted: for each
    ``(sets, pairs)``, each vector clipped to four copies with the fewest copies above four."""
    sets = [(start, start + 1, start + 2) for start in range(7)] + [(r, r, r) for r in range(9)]
    found: dict[tuple[int, int], dict[tuple[int, ...], int]] = {}
    for size in range(5):
        for chosen in combinations_with_replacement(sets, size):
            base = [0] * _RANKS
            for group in chosen:
                for r in group:
                    base[r] += 1
            for pair in (None, *range(_RANKS)):
                w = list(base)
                if pair is not None:
                    w[pair] += 2
                clipped = tuple(min(n, 4) for n in w)
                excess = sum(n - 4 for n in w if n > 4)
                by_vector = found.setdefault((size, pair is not None), {})
                by_vector[clipped] = min(excess, by_vector.get(clipped, excess))
    return found


def _transform(grid: np.ndarray) -> np.ndarray:
    """``out[v] = min over u of grid[u] + sum(max(u_i - v_i, 0))`` on the 5**9 grid, rank by rank."""
    import numpy as np

    for axis in range(_RANKS):
        moved = np.moveaxis(grid, axis, 0)
        out = np.empty_like(moved)
        for y in range(5):
            best = moved[y].copy()
            for x in range(5):
                if x != y:
                    np.minimum(best, moved[x] + max(0, x - y), out=best)
            out[y] = best
        grid = np.moveaxis(out, 0, axis)
    return grid


def generate_table_bytes() -> bytes:
    """The table file's bytes, computed now from the split table (and the free group sums)."""
    import numpy as np

    covered = np.indices((5,) * _RANKS).sum(axis=0).reshape(-1) <= MAX_SUIT_TILES
    unreachable = 60
    planes: list[bytes] = []
    for family, targets in (("limited", _limited_targets()), ("free", _free_targets())):
        for s, p, k in family_keys(family):
            grid = np.full((5,) * _RANKS, unreachable, dtype=np.int16)
            for vector, extra in targets.get((s, p), {}).items():
                if family == "free" or extra <= k:  # limited: extra is the fewest chows
                    cost = extra if family == "free" else 0
                    grid[vector] = min(int(grid[vector]), cost)
            values = _transform(grid).reshape(-1)[covered]
            if values.max() >= unreachable:
                raise AssertionError(f"{family} {(s, p, k)}: an unreachable entry")
            planes.append(values.astype(np.uint8).tobytes())
    header = json.dumps(_header(), separators=(",", ":")).encode()
    return header + b"\n" + zlib.compress(b"".join(planes), 9)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_arbiter.solver.distance_table", description=__doc__, allow_abbrev=False
    )
    parser.add_argument("--check", action="store_true", help="compare with the shipped table, write nothing")
    args = parser.parse_args(argv)
    blob = generate_table_bytes()
    path = Path(__file__).parent / "data" / TABLE_FILE
    if args.check:
        same = path.exists() and zlib.decompress(blob.partition(b"\n")[2]) == shipped_table().data
        print("distance table is up to date" if same else "distance table differs from its sources")
        return 0 if same else 1
    path.write_bytes(blob)
    print(f"wrote {path} ({len(blob)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
