"""The fast exact path: split each suit by table lookup and combine the suits.

1. Split the 34 standing counts into the three suits and the honours.
2. Look each suit's nine counts up in the per-suit split table (generated ahead by the CP-SAT model,
   see :mod:`mahjong_arbiter.solver.tables`); honours split only as pungs and at most the pair (a
   count of 3 is a pung, 2 the pair, 5 a pung and the pair).
3. Combine one split per suit where the pairs total one and the sets the number required.

The table is read once, on first use.  A count above four (only when :func:`waits` tries a fifth
copy of a kind the hand holds four of) is split by taking off each group that could hold that
kind and looking up the rest; an honour's five are a pung and the pair.  This module imports
neither OR-Tools nor networkx.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product

from .placement import standing_group
from .reading import Group, GroupKind
from .suit_table import decode_split, read_table, shipped_table_text

__all__ = ["decompose", "split_exists", "suit_splits"]

_Option = tuple[int, int, tuple[Group, ...]]  # (sets, pairs, groups)


@cache
def _table() -> dict[tuple[int, ...], tuple[str, ...]]:
    return dict(read_table(shipped_table_text()))


@lru_cache(maxsize=65536)
def suit_splits(suit: int, vector: tuple[int, ...]) -> tuple[_Option, ...]:
    """Every split of one suit's nine counts (suit 0, 1, 2 = m, p, s) as (sets, pairs, groups)."""
    if max(vector) > 4:
        return _splits_over_four(suit, vector)
    options = []
    for text in _table().get(vector, ()):
        groups = tuple(standing_group(kind, suit * 9 + rank - 1) for kind, rank in decode_split(text))
        pairs = sum(1 for g in groups if g.kind is GroupKind.PAIR)
        options.append((len(groups) - pairs, pairs, groups))
    return tuple(options)


def _splits_over_four(suit: int, vector: tuple[int, ...]) -> tuple[_Option, ...]:
    rank = next(r for r, n in enumerate(vector) if n > 4)
    found: dict[tuple[Group, ...], _Option] = {}
    takes: list[tuple[GroupKind, int, tuple[int, ...]]] = [(GroupKind.PUNG, rank, (3,)), (GroupKind.PAIR, rank, (2,))]
    takes += [(GroupKind.CHOW, start, (1, 1, 1)) for start in range(max(0, rank - 2), min(rank, 6) + 1)]
    for kind, start, sizes in takes:
        rest = list(vector)
        for offset, n in enumerate(sizes):
            rest[start + offset] -= n
        if min(rest) < 0:
            continue
        group = standing_group(kind, suit * 9 + start)
        for sets, pairs, groups in suit_splits(suit, tuple(rest)):
            merged = tuple(sorted((*groups, group), key=Group.sort_key))
            is_pair = kind is GroupKind.PAIR
            found[merged] = (sets + (not is_pair), pairs + is_pair, merged)
    return tuple(found.values())


def _honour_split(n: int) -> tuple[int, int] | None:
    """(pungs, pairs) for *n* copies of an honour, or None when they cannot be split.

    >>> [_honour_split(n) for n in range(6)]
    [(0, 0), None, (0, 1), (1, 0), None, (1, 1)]
    """
    pungs, rest = divmod(n, 3)
    if rest == 1:
        return None
    return pungs, rest // 2


def decompose(counts: Sequence[int], sets: int) -> list[tuple[Group, ...]]:
    """Every split of the 34 standing *counts* into *sets* sets and one pair.

    >>> from mahjong_arbiter.tiles import counts_of, Tile
    >>> tiles = [Tile.of(t) for t in "1m 1m 1m 2m 2m 2m 3m 3m 3m 5p 5p".split()]
    >>> len(decompose(counts_of(tiles), 3))
    2
    """
    honour_groups: list[Group] = []
    honour_pairs = 0
    for index in range(27, 34):
        split = _honour_split(counts[index])
        if split is None:
            return []
        honour_groups += [standing_group(GroupKind.PUNG, index)] * split[0]
        honour_groups += [standing_group(GroupKind.PAIR, index)] * split[1]
        honour_pairs += split[1]
    if honour_pairs > 1:
        return []
    per_suit = []
    for suit in range(3):
        vector = tuple(counts[suit * 9:suit * 9 + 9])
        options = suit_splits(suit, vector) if any(vector) else ((0, 0, ()),)
        if not options:
            return []
        per_suit.append(options)
    need_sets = sets - (len(honour_groups) - honour_pairs)
    need_pairs = 1 - honour_pairs
    found = []
    for a, b, c in product(*per_suit):
        if a[0] + b[0] + c[0] == need_sets and a[1] + b[1] + c[1] == need_pairs:
            found.append((*a[2], *b[2], *c[2], *honour_groups))  # Reading.make puts them in order
    return found


@lru_cache(maxsize=65536)
def _suit_shapes(suit: int, vector: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    """The (sets, pairs) counts that one suit's splits can give."""
    if not any(vector):
        return frozenset({(0, 0)})
    return frozenset((sets, pairs) for sets, pairs, _ in suit_splits(suit, vector))


def split_exists(counts: Sequence[int], sets: int) -> bool:
    """Whether :func:`decompose` would find at least one split (no groups are built).

    >>> from mahjong_arbiter.tiles import counts_of, Tile
    >>> split_exists(counts_of([Tile.of(t) for t in "1m 2m 3m 5p 5p".split()]), 1)
    True
    """
    honour_sets = honour_pairs = 0
    for index in range(27, 34):
        split = _honour_split(counts[index])
        if split is None:
            return False
        honour_sets += split[0]
        honour_pairs += split[1]
    if honour_pairs > 1:
        return False
    need = (sets - honour_sets, 1 - honour_pairs)
    first, second, third = (_suit_shapes(s, tuple(counts[s * 9:s * 9 + 9])) for s in range(3))
    if not (first and second and third):
        return False
    return any(
        (need[0] - a - b, need[1] - p - q) in third for a, p in first for b, q in second
    )
