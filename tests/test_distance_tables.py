"""The per-suit distance table is what its sources give, agrees with the dynamic programme, and the
standard-form distance built on it agrees with the programme alone under every policy."""

from __future__ import annotations

import random
import zlib

from mahjong_arbiter.solver import distance as D
from mahjong_arbiter.solver.distance import copy_limits, standard_distance, suit_distances
from mahjong_arbiter.solver.distance_table import (
    FAMILIES,
    family_keys,
    generate_table_bytes,
    shipped_table,
    vector_count,
    vector_rank,
)
from shanten_hand_generator import thirteen_tile_hands


def test_regenerated_table_is_identical() -> None:
    blob = generate_table_bytes()
    assert zlib.decompress(blob.partition(b"\n")[2]) == shipped_table().data


def test_ranks_are_dense_and_ordered() -> None:
    rng = random.Random(3)
    vectors = set()
    while len(vectors) < 3000:
        v = [0] * 9
        for _ in range(rng.randint(0, 14)):
            i = rng.randrange(9)
            if v[i] < 4:
                v[i] += 1
        vectors.add(tuple(v))
    ranked = sorted(vectors)
    ranks = [vector_rank(v) for v in ranked]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    assert vector_rank((0,) * 9) == 0 and vector_rank((4, 4, 4, 2, 0, 0, 0, 0, 0)) == vector_count() - 1


def test_hand_counted_entries() -> None:
    table = shipped_table()
    # 23 waits for 1 or 4: one tile from a chow (worked by hand)
    assert table.distance("limited", (1, 0, 1), (0, 1, 1, 0, 0, 0, 0, 0, 0)) == 1
    # the same with no chow allowed: a pung of 2 or 3 needs two more
    assert table.distance("limited", (1, 0, 0), (0, 1, 1, 0, 0, 0, 0, 0, 0)) == 2
    # 1111 to a set and a pair: with four copies at most, 111 + a new pair or 123 + 11 (two tiles
    # each); with copies not counted, 111 + 11 needs only a fifth 1
    assert table.distance("limited", (1, 1, 1), (4, 0, 0, 0, 0, 0, 0, 0, 0)) == 2
    assert table.distance("free", (1, 1, 1), (4, 0, 0, 0, 0, 0, 0, 0, 0)) == 1
    # nothing held: four sets and a pair are 14 new tiles
    assert table.distance("limited", (4, 1, 4), (0,) * 9) == 14


def test_table_agrees_with_the_dynamic_programme() -> None:
    rng = random.Random(11)
    table = shipped_table()
    for _ in range(300):
        v = [0] * 9
        for _ in range(rng.randint(0, 14)):
            i = rng.randrange(9)
            if v[i] < 4:
                v[i] += 1
        vector = tuple(v)
        limited = suit_distances(vector, (4,) * 9, 4, chows=True)
        free = suit_distances(vector, (14,) * 9, 4, chows=False)
        for s, p, k in family_keys("limited"):
            expected = min(cost for (s2, p2, k2), cost in limited.items() if (s2, p2) == (s, p) and k2 <= k)
            assert table.distance("limited", (s, p, k), vector) == expected, (vector, s, p, k)
        for s, p, k in family_keys("free"):
            assert table.distance("free", (s, p, k), vector) == free[s, p, 0], (vector, s, p)
    assert FAMILIES == ("limited", "free")


def test_standard_distance_agrees_with_the_programme_alone() -> None:
    """The table path (with its lowered-limit check) against every part computed by the programme."""

    def programme(vector, caps, honours, most_chows):  # type: ignore[no-untyped-def]
        return D._exact(vector, caps, honours, most_chows, 4), frozenset(), None

    hands = thirteen_tile_hands(77, 120)
    cases = [(h, limits, chows) for h in hands for limits in (copy_limits(h.melds), None) for chows in (None, 1)]
    fast = [standard_distance(h.standing_counts, 4 - len(h.melds), limits, max_chows=chows)
            for h, limits, chows in cases]
    saved = D._bounds
    D._bounds = programme  # type: ignore[assignment]
    D._standard.cache_clear()
    try:
        slow = [standard_distance(h.standing_counts, 4 - len(h.melds), limits, max_chows=chows)
                for h, limits, chows in cases]
    finally:
        D._bounds = saved
        D._standard.cache_clear()
    assert fast == slow
