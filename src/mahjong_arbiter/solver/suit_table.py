"""The per-suit split table: its text format, reading and writing (no solver needed).

For every count vector of one suit (nine counts, 0..4 each) that splits into chows and pungs with at
most one pair, the table lists every such split.  The shipped file
(``solver/data/suit_splits.txt``) is written by :mod:`mahjong_arbiter.solver.tables` from the CP-SAT
model and read by :mod:`mahjong_arbiter.solver.fast`.

Format: ``#`` lines are comments; every other line is a count vector (nine digits, ranks 1..9), a
tab, and its splits separated by spaces.  A split is a run of two-character groups, a letter and the
lowest rank: ``c`` a chow, ``p`` a pung, ``e`` the pair ("eyes").  Lines are sorted by vector and
splits within a line by group order, so regenerating the file is byte-for-byte reproducible.

>>> format_line((1, 1, 1, 0, 0, 0, 0, 0, 2), ["c1e9"])
'111000002\\tc1e9'
>>> parse_line('111000002\\tc1e9')
((1, 1, 1, 0, 0, 0, 0, 0, 2), ('c1e9',))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from importlib import resources
from typing import Final

from .reading import GroupKind

__all__ = ["SuitSplit", "TABLE_FILE", "KIND_LETTERS", "encode_split", "decode_split", "vector_of",
           "format_line", "parse_line", "format_table", "read_table", "shipped_table_text"]

SuitSplit = tuple[tuple[GroupKind, int], ...]
"""A split of one suit: (group kind, lowest rank 1..9) for each group, in canonical order."""

TABLE_FILE: Final = "suit_splits.txt"
KIND_LETTERS: Final = {GroupKind.CHOW: "c", GroupKind.PUNG: "p", GroupKind.PAIR: "e"}
_KINDS_BY_LETTER: Final = {letter: kind for kind, letter in KIND_LETTERS.items()}
_SIZES: Final = {GroupKind.CHOW: (1, 1, 1), GroupKind.PUNG: (3,), GroupKind.PAIR: (2,)}
_HEADER: Final = (
    "# Every split of one suit's count vector (ranks 1..9) into chows and pungs with at most one pair.\n"
    "# Written by `python -m mahjong_arbiter.solver.tables` from the CP-SAT model; do not edit.\n"
    "# c = chow, p = pung, e = pair (eyes), followed by the lowest rank.\n"
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
    """The file text for a collection of splits (grouped by vector, sorted)."""
    by_vector: dict[tuple[int, ...], list[str]] = {}
    for split in splits:
        by_vector.setdefault(vector_of(split), []).append(encode_split(split))
    lines = [format_line(v, sorted(by_vector[v])) for v in sorted(by_vector)]
    return _HEADER + "\n".join(lines) + "\n"


def read_table(text: str) -> Iterator[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The (vector, encoded splits) rows of a table file's text."""
    for line in text.splitlines():
        if line and not line.startswith("#"):
            yield parse_line(line)


def shipped_table_text() -> str:
    """The text of the table shipped with the package."""
    return resources.files(__package__).joinpath("data", TABLE_FILE).read_text(encoding="ascii")
