"""The shipped per-suit split table is exactly what the CP-SAT model generates, and is sound."""

from __future__ import annotations

from mahjong_arbiter.solver.reading import GroupKind
from mahjong_arbiter.solver.suit_table import decode_split, read_table, shipped_table_text, vector_of
from mahjong_arbiter.solver.tables import generate_table_text


def test_regenerated_table_is_identical() -> None:
    assert generate_table_text() == shipped_table_text()


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
