"""The per-suit split and wait tables: their text format, reading and writing (no solver needed).

For every count vector of one suit (nine counts, 0..4 each) that splits into chows and pungs with at
most one pair, the split table lists every such split.  The wait table lists, for every count
vector, the ranks whose one more tile makes it such a vector (a fifth copy of a rank held four times
included, so a caller can tell a wait it holds every copy of).  The shipped files
(``solver/data/suit_splits.txt``, ``solver/data/suit_waits.txt``) are written by
:mod:`mahjong_arbiter.solver.tables` from one CP-SAT enumeration and read by
:mod:`mahjong_arbiter.solver.fast`.

Format: ``#`` lines are comments; every other line is a count vector (nine digits, ranks 1..9), a
tab, and its splits separated by spaces.  A split is a run of two-character groups, a letter and the
lowest rank: ``c`` a chow, ``p`` a pung, ``e`` the pair ("eyes").  Lines are sorted by vector and
splits within a line by group order, so regenerating the file is byte-for-byte reproducible.  A wait
table line is a vector, a tab and its winning ranks as digits in order (``000000022``, a tab, ``89``).

>>> format_line((1, 1, 1, 0, 0, 0, 0, 0, 2), ["c1e9"])
'111000002\\tc1e9'
>>> parse_line('111000002\\tc1e9')
((1, 1, 1, 0, 0, 0, 0, 0, 2), ('c1e9',))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Final

from .reading import GroupKind

__all__ = ["SuitSplit", "TABLE_FILE", "WAIT_FILE", "KIND_LETTERS", "encode_split", "decode_split", "vector_of",
           "format_line", "parse_line", "format_table", "format_wait_table", "read_table", "shipped_table_text",
           "shipped_table_bytes"]

SuitSplit = tuple[tuple[GroupKind, int], ...]
"""A split of one suit: (group kind, lowest rank 1..9) for each group, in canonical order."""

TABLE_FILE: Final = "suit_splits.txt"
WAIT_FILE: Final = "suit_waits.txt"
KIND_LETTERS: Final = {GroupKind.CHOW: "c", GroupKind.PUNG: "p", GroupKind.PAIR: "e"}
_KINDS_BY_LETTER: Final = {letter: kind for kind, letter in KIND_LETTERS.items()}
_SIZES: Final = {GroupKind.CHOW: (1, 1, 1), GroupKind.PUNG: (3,), GroupKind.PAIR: (2,)}
_HEADER: Final = (
    "# Every split of one suit's count vector (ranks 1..9) into chows and pungs with at most one pair.\n"
    "# Written by `python -m mahjong_arbiter.solver.tables` from the CP-SAT model; do not edit.\n"
    "# c = chow, p = pung, e = pair (eyes), followed by the lowest rank.\n"
)

_WAIT_HEADER: Final = (
    "# For every count vector of one suit (ranks 1..9), the ranks whose one more tile lets it split into\n"
    "# chows and pungs with at most one pair (a fifth copy of a rank held four times included).\n"
    "# Written by `python -m mahjong_arbiter.solver.tables` from the CP-SAT model; do not edit.\n"
)


def encode_split(split: SuitSplit) -> str:
    """``((CHOW, 1), (PAIR, 9))`` as ``"c1e9"``."""
    return "".join(f"{KIND_LETTERS[kind]}{rank}" for kind, rank in split)


def decode_split(text: str) -> SuitSplit:
    """The inverse of :func:`encode_split`."""
    return tuple((_KINDS_BY_LETTER[text[i]], int(text[i + 1])) for i in range(0, len(text), 2))


def vector_of(split: SuitSplit) -> tuple[int, ...]:
    """The nine counts a split uses."""
    counts = [0] * 9
    for kind, rank in split:
        for offset, n in enumerate(_SIZES[kind]):
            counts[rank - 1 + offset] += n
    return tuple(counts)


def format_line(vector: Sequence[int], splits: Iterable[str]) -> str:
    return "".join(str(n) for n in vector) + "\t" + " ".join(splits)


def parse_line(line: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    vector, _, splits = line.rstrip("\n").partition("\t")
    return tuple(int(c) for c in vector), tuple(splits.split(" "))


def format_table(splits: Iterable[SuitSplit]) -> str:
    """The split table's text for a collection of splits (grouped by vector, sorted); splits of a
    vector with a count above four are left out (no hand stands five of a kind)."""
    by_vector: dict[tuple[int, ...], list[str]] = {}
    for split in splits:
        vector = vector_of(split)
        if max(vector) <= 4:
            by_vector.setdefault(vector, []).append(encode_split(split))
    lines = [format_line(v, sorted(by_vector[v])) for v in sorted(by_vector)]
    return _HEADER + "\n".join(lines) + "\n"


def format_wait_table(splits: Iterable[SuitSplit]) -> str:
    """The wait table's text from every split of every vector with at most one count of five.

    A vector *v* (counts 0..4) waits on rank *r* when *v* plus one tile of *r* is the vector of a
    split.

    >>> format_wait_table([((GroupKind.PUNG, 8), (GroupKind.PAIR, 9)),
    ...                    ((GroupKind.PAIR, 8), (GroupKind.PUNG, 9))]).splitlines()[-2:]
    ['000000022\\t89', '000000031\\t9']
    """
    ranks: dict[tuple[int, ...], set[int]] = {}
    for split in splits:
        vector = vector_of(split)
        for rank, n in enumerate(vector):
            if n and max(vector[:rank] + vector[rank + 1:], default=0) <= 4 and n <= 5:
                before = vector[:rank] + (n - 1,) + vector[rank + 1:]
                ranks.setdefault(before, set()).add(rank + 1)
    lines = ["".join(map(str, v)) + "\t" + "".join(map(str, sorted(ranks[v]))) for v in sorted(ranks)]
    return _WAIT_HEADER + "\n".join(lines) + "\n"


def read_table(text: str) -> Iterator[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The (vector, encoded splits) rows of a table file's text."""
    for line in text.splitlines():
        if line and not line.startswith("#"):
            yield parse_line(line)


def shipped_table_text(name: str = TABLE_FILE) -> str:
    """The text of a table shipped with the package (the split table unless *name* says)."""
    return shipped_table_bytes(name).decode("ascii")


def shipped_table_bytes(name: str) -> bytes:
    """The bytes of a table shipped with the package."""
    return (_DATA / name).read_bytes()


_DATA: Final = Path(__file__).parent / "data"
