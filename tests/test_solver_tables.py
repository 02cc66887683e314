"""The shipped per-suit split and wait tables are exactly what the CP-SAT model generates, and sound."""

from __future__ import annotations

from mahjong_arbiter.solver.fast import suit_waits
from mahjong_arbiter.solver.reading import GroupKind
from mahjong_arbiter.solver.suit_table import WAIT_FILE, decode_split, read_table, shipped_table_text, vector_of
from mahjong_arbiter.solver.tables import generate_tables


def test_regenerated_tables_are_identical() -> None:
    for name, text in generate_tables().items():
        assert text == shipped_table_text(name), name


def test_every_split_uses_its_vector_and_at_most_one_pair() -> None:
    rows = list(read_table(shipped_table_text()))
    assert [v for v, _ in rows] == sorted(v for v, _ in rows)
    for vector, splits in rows:
        assert len(set(splits)) == len(splits)
        for text in splits:
            split = decode_split(text)
            assert vector_of(split) == vector
            assert sum(kind is GroupKind.PAIR for kind, _ in split) <= 1
            assert max(vector) <= 4


def test_hand_counted_rows() -> None:
    table = dict(read_table(shipped_table_text()))
    # 333: three 123 chows or three pungs (the only two ways, worked by hand).
    assert sorted(table[(3, 3, 3, 0, 0, 0, 0, 0, 0)]) == ["c1c1c1", "p1p2p3"]
    # 111 2345678 999 with a 5 (Nine Gates on 5): only 111 234 55 678 999.
    assert table[(3, 1, 1, 1, 2, 1, 1, 1, 3)] == ("c2c6p1p9e5",)
    # A lone tile never splits; 14 of one suit is the most a hand holds (4 sets and a pair).
    assert (1, 0, 0, 0, 0, 0, 0, 0, 0) not in table
    assert max(sum(v) for v in table) == 14


def test_wait_table_is_the_split_table_one_tile_short() -> None:
    splits = {v for v, _ in read_table(shipped_table_text())}
    waits = {v: tuple(int(r) for r in ranks[0]) for v, ranks in read_table(shipped_table_text(WAIT_FILE))}
    # every listed wait completes the vector (a fifth copy only where the vector holds four)
    for vector, ranks in waits.items():
        for rank in ranks:
            after = list(vector)
            after[rank - 1] += 1
            assert tuple(after) in splits or after[rank - 1] == 5, (vector, rank)
    # and every way to complete a splittable vector by one tile is listed
    for after in splits:
        for rank, n in enumerate(after, start=1):
            if n:
                before = list(after)
                before[rank - 1] -= 1
                assert rank in waits[tuple(before)], (before, rank)


def test_hand_counted_waits() -> None:
    # 88 99: 888 with 99, or 999 with 88
    assert suit_waits(0, (0, 0, 0, 0, 0, 0, 0, 2, 2)) == (8, 9)
    # Nine Gates 1112345678999 waits on all nine (Green Book 2006 fan 4)
    assert suit_waits(1, (3, 1, 1, 1, 1, 1, 1, 1, 3)) == tuple(range(1, 10))
    # 1111 2: only 3 makes 111 123; four 1s wait on a fifth (111 11), which the caller holds out
    assert suit_waits(2, (4, 1, 0, 0, 0, 0, 0, 0, 0)) == (3,)
    assert suit_waits(2, (4, 0, 0, 0, 0, 0, 0, 0, 0)) == (1,)
    # a lone tile waits on itself (the pair); two lone tiles far apart wait on nothing
    assert suit_waits(0, (1, 0, 0, 0, 0, 0, 0, 0, 0)) == (1,)
    assert suit_waits(0, (1, 0, 0, 0, 0, 0, 0, 0, 1)) == ()
