"""The fast exact path: split each suit by table lookup and combine the suits.

1. Split the 34 standing counts into the three suits and the honours.
2. Look each suit's nine counts up in the per-suit split table (generated ahead by the CP-SAT model,
   see :mod:`mahjong_arbiter.solver.tables`); honours split only as pungs and at most the pair (a
   count of 3 is a pung, 2 the pair, 5 -- a waits trial on four held -- a pung and the pair).
3. Combine one split per suit.  A suit's splits all hold the same number of sets and pairs (its
   tile count modulo three says whether it holds the pair), so a hand splits exactly when every
   suit is in the table and one part holds the pair: no search, only a product of the lists.

The winning kinds of thirteen tiles come from the per-suit wait table (generated with the split
table): for each count vector, the ranks whose one more tile makes it split.

Both tables are read once, on first use, into compact byte strings (no Group objects are built at
load, so one command-line hand starts fast); a lookup decodes only the rows it reads.  Nothing
here memoises per hand: a hand costs the same the first time and the thousandth.  A count above
four (only when a caller tries a fifth copy of a kind the hand holds four of) is split by taking
off each group that could hold that kind and looking up the rest.  This module imports neither
OR-Tools nor python-constraint.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import Final

from .placement import standing_group
from .reading import Group, GroupKind
from .suit_table import TABLE_FILE, WAIT_FILE, shipped_table_bytes

__all__ = ["decompose", "split_exists", "suit_splits", "suit_waits", "standard_waits"]

_Option = tuple[int, int, tuple[Group, ...]]  # (sets, pairs, groups)

# A table row is kept as the file's bytes: its key the nine counts (one byte each, as ``bytes`` of
# the counts: the file's digits are translated once at load), its splits two bytes per group (a
# letter c/p/e and the rank digit).  To combine suits, each suit's row is translated so its rank
# digits are its own ('1'..'9', 'A'..'I', 'Q'..'Y'; honours 'r'..'x', no letter among them): every
# group of a hand then has a distinct two-byte token, a split's pairs are the count of its 'e'
# bytes, and a whole split is decoded by one C-level map over the tokens read as 16-bit integers.
_DIGITS: Final = bytes.maketrans(b"012345", bytes(range(6)))
_SUIT_RANKS: Final = (b"123456789", b"ABCDEFGHI", b"QRSTUVWXY")
_HONOUR_RANKS: Final = b"rstuvwx"
_TO_SUIT: Final = tuple(bytes.maketrans(b"123456789", ranks) for ranks in _SUIT_RANKS)
_LETTERS: Final = {GroupKind.CHOW: b"c", GroupKind.PUNG: b"p", GroupKind.PAIR: b"e"}


def _token(kind: GroupKind, rank_byte: int) -> int:
    return int.from_bytes(_LETTERS[kind] + bytes([rank_byte]), sys.byteorder)


def _group_of_token() -> dict[int, Group]:
    found: dict[int, Group] = {}
    for suit, ranks in enumerate(_SUIT_RANKS):
        for rank, byte in enumerate(ranks):
            index = suit * 9 + rank
            if rank < 7:
                found[_token(GroupKind.CHOW, byte)] = standing_group(GroupKind.CHOW, index)
            found[_token(GroupKind.PUNG, byte)] = standing_group(GroupKind.PUNG, index)
            found[_token(GroupKind.PAIR, byte)] = standing_group(GroupKind.PAIR, index)
    for offset, byte in enumerate(_HONOUR_RANKS):
        found[_token(GroupKind.PUNG, byte)] = standing_group(GroupKind.PUNG, 27 + offset)
        found[_token(GroupKind.PAIR, byte)] = standing_group(GroupKind.PAIR, 27 + offset)
    return found


_GROUP_OF: Final = _group_of_token().__getitem__
_HONOUR_PUNG: Final = tuple(b"p" + bytes([b]) for b in _HONOUR_RANKS)
_HONOUR_PAIR: Final = tuple(b"e" + bytes([b]) for b in _HONOUR_RANKS)


def _rows(name: str) -> dict[bytes, bytes]:
    data = shipped_table_bytes(name)
    body = data[data.index(b"\n", data.rindex(b"#")) + 1:]  # after the comment lines that head the file
    cells = body.replace(b"\n", b"\t").split(b"\t")  # key, row, key, row, ... (C-level, no loop per line)
    keys = b"\t".join(cells[0::2]).translate(_DIGITS).split(b"\t")  # the digits as count bytes, all at once
    return dict(zip(keys, cells[1::2], strict=False))


@cache
def _splits() -> dict[bytes, bytes]:
    """The split table: nine counts (``bytes`` of them) -> its splits (two-byte groups, splits
    separated by spaces)."""
    return _rows(TABLE_FILE)


@cache
def _waits() -> dict[bytes, bytes]:
    """The wait table: nine counts (``bytes`` of them) -> the rank digits whose one more tile makes
    it split."""
    return _rows(WAIT_FILE)


def _groups(tokens: bytes) -> tuple[Group, ...]:
    return tuple(map(_GROUP_OF, memoryview(tokens).cast("H")))


def suit_splits(suit: int, vector: tuple[int, ...]) -> tuple[_Option, ...]:
    """Every split of one suit's nine counts (suit 0, 1, 2 = m, p, s) as (sets, pairs, groups).

    >>> [(sets, pairs, [str(g) for g in groups]) for sets, pairs, groups in suit_splits(0, (3, 3, 3, 0, 0, 0, 0, 0, 2))]
    [(3, 1, ['1m2m3m', '1m2m3m', '1m2m3m', '9m9m']), (3, 1, ['1m1m1m', '2m2m2m', '3m3m3m', '9m9m'])]
    """
    if max(vector) > 4:
        return _splits_over_four(suit, vector)
    row = _splits().get(bytes(vector))
    if row is None:
        return ()
    total = sum(vector)
    pairs = 1 if total % 3 == 2 else 0
    sets = (total - 2 * pairs) // 3
    return tuple((sets, pairs, _groups(split)) for split in row.translate(_TO_SUIT[suit]).split(b" "))


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


def decompose(counts: Sequence[int], sets: int) -> list[tuple[Group, ...]]:
    """Every split of the 34 standing *counts* into *sets* sets and one pair.

    >>> from mahjong_arbiter.tiles import counts_of, Tile
    >>> tiles = [Tile.of(t) for t in "1m 1m 1m 2m 2m 2m 3m 3m 3m 5p 5p".split()]
    >>> len(decompose(counts_of(tiles), 3))
    2
    """
    raw = bytes(counts)  # one byte per kind
    table = _splits()
    m = table.get(raw[0:9])  # each suit's splits (b"" when it holds no tile), None when it has none
    p = table.get(raw[9:18])
    s = table.get(raw[18:27])
    honours = raw[27:34]
    h = b""
    if honours != _NO_HONOURS:
        known = _honour_parts().get(honours)  # every honour held 0, 2 or 3 times: read, not looped
        if known is not None:
            h = known
        elif honours.translate(None, b"\x00\x02\x03\x05"):
            return []  # a lone honour, four standing (a kong must be declared) or more makes no group
        else:
            h = _honours_with_five(honours)
    if m is None or p is None or s is None:
        return _decompose_over_four(counts, sets) if 5 in raw else []
    # the suits' rank digits made their own (the m suit's are the table's)
    tokens = h + m + p.translate(_TO_P) + s.translate(_TO_S)
    if _SPACE not in tokens:  # one split per part: its tokens are the split
        # sets and the pair, two bytes a group: the split holds the sets asked
        if tokens.count(_PAIR_LETTER) != 1 or len(tokens) != 2 * sets + 2:
            return []
        return [tuple(map(_GROUP_OF, memoryview(tokens).cast("H")))]
    options = [part.split(b" ") for part in (h, m, p.translate(_TO_P), s.translate(_TO_S))]
    if sum(_PAIR_LETTER in splits[0] for splits in options) != 1:  # each split of a part holds the pair or none does
        return []
    found = [_groups(b"".join(combo)) for combo in product(*options)]
    return found if len(found[0]) == sets + 1 else []


def _honours_with_five(honours: bytes) -> bytes:
    """The tokens of seven honour counts of 0, 2, 3 or 5 (a five a pung and the pair, only in a
    waits trial) in kind order."""
    parts: list[bytes] = []
    for offset, n in enumerate(honours):
        if n == 3 or n == 5:
            parts.append(_HONOUR_PUNG[offset])
        if n == 2 or n == 5:
            parts.append(_HONOUR_PAIR[offset])
    return b"".join(parts)


@cache
def _honour_parts() -> dict[bytes, bytes]:
    """Every seven honour counts of 0, 2 and 3 only (3**7 of them, listed once on first use) ->
    their groups' tokens joined in kind order."""
    found = {b"": b""}  # built one honour at a time: the counts of the first few, their tokens
    for pung, pair in zip(_HONOUR_PUNG, _HONOUR_PAIR, strict=True):
        found = {
            key + n: tokens + part
            for key, tokens in found.items()
            for n, part in ((b"\x00", b""), (b"\x02", pair), (b"\x03", pung))
        }
    return found


_TO_P, _TO_S = _TO_SUIT[1:]
_NO_HONOURS: Final = bytes(7)
_PAIR_LETTER: Final = _LETTERS[GroupKind.PAIR][0]  # bytes searched for an integer: one memchr
_SPACE: Final = ord(" ")


def _decompose_over_four(counts: Sequence[int], sets: int) -> list[tuple[Group, ...]]:
    """:func:`decompose` when a suit holds a fifth copy (the honours are known to split)."""
    honours: list[tuple[int, int, Group]] = []  # (sets, pairs, group)
    for i, n in enumerate(counts[27:34]):
        if n >= 3:
            honours.append((1, 0, standing_group(GroupKind.PUNG, 27 + i)))
        if n % 3 == 2:
            honours.append((0, 1, standing_group(GroupKind.PAIR, 27 + i)))
    per_suit = []
    for suit in range(3):
        vector = tuple(counts[suit * 9:suit * 9 + 9])
        options = suit_splits(suit, vector) if any(vector) else ((0, 0, ()),)
        if not options:
            return []
        per_suit.append(options)
    need_sets = sets - sum(h[0] for h in honours)
    need_pairs = 1 - sum(h[1] for h in honours)
    return [
        (*a[2], *b[2], *c[2], *(h[2] for h in honours))
        for a, b, c in product(*per_suit)
        if a[0] + b[0] + c[0] == need_sets and a[1] + b[1] + c[1] == need_pairs
    ]


def split_exists(counts: Sequence[int], sets: int) -> bool:
    """Whether :func:`decompose` would find at least one split (no groups are built).

    >>> from mahjong_arbiter.tiles import counts_of, Tile
    >>> split_exists(counts_of([Tile.of(t) for t in "1m 2m 3m 5p 5p".split()]), 1)
    True
    """
    if sum(counts) != 3 * sets + 2:
        return False
    if 5 in counts:
        return bool(decompose(counts, sets))
    pairs = 0
    for n in counts[27:34]:
        if n == 2 or n == 5:
            pairs += 1
        elif n and n != 3:
            return False
    table = _splits()
    for start in (0, 9, 18):
        vector = counts[start:start + 9]
        total = sum(vector)
        if total:
            if bytes(vector) not in table:
                return False
            if total % 3 == 2:
                pairs += 1
    return pairs == 1


def suit_waits(suit: int, vector: Sequence[int]) -> tuple[int, ...]:
    """The ranks (1..9) whose one more tile lets one suit's nine counts split (wait table).

    A rank the vector already holds four of is included when a fifth copy would complete it: the
    caller decides what such a wait is worth.

    >>> suit_waits(0, (0, 0, 0, 0, 0, 0, 0, 2, 2))  # 88 99: a pung of either with the other pair
    (8, 9)
    """
    row = _waits().get(bytes(vector), b"")
    return tuple(byte - 0x30 for byte in row)


def standard_waits(counts: Sequence[int], sets: int) -> list[int]:
    """The kinds (0..33) whose one more tile makes thirteen standing *counts* four sets and a pair.

    Each part (a suit, or the honours) must split once it takes the tile and every other part must
    split as it is, with one pair among them all (a suit's pair follows from its tile count).  A
    kind the hand holds four of may be listed (a fifth copy would complete the shape).

    >>> from mahjong_arbiter.tiles import counts_of, Tile
    >>> standard_waits(counts_of([Tile.of(t) for t in "2m 3m 4p 5p 6p 7p 8p 9p E E".split()]), 3)
    [0, 3]
    """
    raw = bytes(counts)  # one byte per kind
    if sum(raw) != 3 * sets + 1:
        return []
    honours = raw[27:34]
    keys = (raw[0:9], raw[9:18], raw[18:27])
    m, p, s = map(_splits().get, keys)  # per suit: its splits as it is (b"" when empty), or None
    needy = honours.translate(None, b"\x00\x02\x03")  # the honour counts other than 0, 2 and 3
    if needy:
        # one honour held once or four times: the tile pairs it (four: a pung and the pair), so
        # every suit splits as it is and no other part holds a pair
        lone = needy == b"\x01" or needy == b"\x04"
        if lone and m is not None and p is not None and s is not None and 2 not in honours:
            return [] if _PAIR_LETTER in m + p + s else [27 + honours.index(needy)]
        return []
    if m is None or p is None or s is None:
        # the tile goes to the one suit that does not split; the others split as they are, and
        # that suit holds the pair with the tile exactly when no other part holds one
        if m is None:
            suit, first, second = 0, p, s
        elif p is None:
            suit, first, second = 1, m, s
        else:
            suit, first, second = 2, m, p
        if first is None or second is None:
            return []
        # with thirteen tiles in all, that suit's count is 1 modulo 3 with no other pair and 2 with
        # one (the parts that split hold 0 modulo 3 tiles, 2 with the pair): no pair or one pair
        # elsewhere is the whole test (it replaces summing that suit's counts)
        if honours.count(2) + (_PAIR_LETTER in first) + (_PAIR_LETTER in second) > 1:
            return []
        row = _waits().get(keys[suit])
        return list(row.translate(_KIND_BYTES[suit])) if row else []
    # every part splits as it is (each split of a suit holds the pair or none does): with one pair
    # the tile goes to a suit without it, with two to a part holding one (the pair made a pung)
    paired = (_PAIR_LETTER in m, _PAIR_LETTER in p, _PAIR_LETTER in s)
    honour_pairs = honours.count(2)
    pairs = honour_pairs + paired.count(True)
    if pairs != 1 and pairs != 2:
        return []
    found: list[int] = []  # in kind order: the suits in turn, then the honours
    waits = _waits()
    for suit in (0, 1, 2):
        if paired[suit] is (pairs == 2):
            row = waits.get(keys[suit])
            if row:
                found += row.translate(_KIND_BYTES[suit])  # the rank digits as the suit's kind indexes
    if pairs == 2 and honour_pairs:
        found += [27 + offset for offset, n in enumerate(honours) if n == 2]
    return found


_KIND_BYTES: Final = tuple(bytes.maketrans(b"123456789", bytes(range(9 * suit, 9 * suit + 9))) for suit in range(3))
