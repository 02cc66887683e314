"""The special shapes of the Western classical profiles, registered with the solver.

These are shapes a complete hand may take besides four sets and a pair; the rules that value them
are in :mod:`.classical_specials`.  A profile lets a shape win by naming it in ``[shapes] special``.
Groupings (every group concealed and undeclared, as the solver's registry asks):

- ``classical_all_pair_honours``: seven PAIR groups of ones, nines, winds and dragons; four of a
  kind is two pairs (BMJA All Pair Honours, "pairs may repeat"; the Codification's Heavenly Twins
  is the same shape with the seven honours).
- ``classical_knitting``: seven two-tile KNITTED groups, each one tile of each of two suits with the
  same number (BMJA Knitting).
- ``classical_triple_knitting``: four three-tile KNITTED groups (one number in all three suits) and
  one two-tile KNITTED group (one number in two suits) (BMJA Triple Knitting).
- ``classical_nine_gates``: 1112345678999 of one suit and one more tile of that suit, as fourteen
  single-tile IRREGULAR groups (BMJA Gates of Heaven, Buzzard's Calling Nine Tile Hand; which extra
  tile is allowed is the rule's business).
- ``classical_wriggling_snake``: a PAIR of ones, 2 to 9 of the same suit and one of each wind, the
  twelve unpaired tiles IRREGULAR (BMJA Wriggling Snake).

No special shape takes declared melds.  Sources: BMJA special hands
(http://mahjongbritishrules.com/scoring/specialhands.html,
https://mahjongbritishrules.wordpress.com/scoring/special-hands/); Buzzard 2000 p. 11 (ledger D).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ..solver.reading import Group, GroupKind
from ..solver.shapes import SPECIAL_SHAPES, ShapeInput, SpecialShape, register_special_shape
from ..tiles import SUITS, WINDS, Tile

__all__ = ["CLASSICAL_SHAPES", "knitted"]

_SUIT_RANGES: Final = tuple(range(9 * i, 9 * i + 9) for i in range(3))


def knitted(*tiles: Tile) -> Group:
    """A KNITTED group of same-number tiles from different suits (concealed, undeclared)."""
    return Group(GroupKind.KNITTED, tuple(sorted(tiles)))


def _sorted(groups: list[Group]) -> tuple[Group, ...]:
    return tuple(sorted(groups, key=Group.sort_key))


def _plain(shape_input: ShapeInput) -> bool:
    """Fourteen standing tiles and no declared meld."""
    return not shape_input.melds and sum(shape_input.counts) == 14


def all_pair_honours(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """Seven pairs of ones, nines, winds and dragons (a four of a kind is two pairs)."""
    counts = shape_input.counts
    if not _plain(shape_input) or any(n % 2 for n in counts):
        return []
    held = [Tile.at(i) for i, n in enumerate(counts) if n]
    if not all(t.is_terminal_or_honour for t in held):
        return []
    return [_sorted([Group.pair(t) for t in held for _ in range(counts[t.index] // 2)])]


def knitting(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """Seven same-number pairs across exactly two suits, no honours; numbers may repeat."""
    counts = shape_input.counts
    if not _plain(shape_input) or any(counts[27:]):
        return []
    used = [s for s, span in zip(SUITS, _SUIT_RANGES, strict=True) if any(counts[i] for i in span)]
    if len(used) != 2:
        return []
    first, second = used
    groups: list[Group] = []
    for rank in range(1, 10):
        a, b = Tile.suited(rank, first), Tile.suited(rank, second)
        if counts[a.index] != counts[b.index]:
            return []
        groups += [knitted(a, b)] * counts[a.index]
    return [_sorted(groups)]


def triple_knitting(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """Four same-number triplets across the three suits and a same-number pair of two suits."""
    counts = shape_input.counts
    if not _plain(shape_input) or any(counts[27:]):
        return []
    found = []
    for rank in range(1, 10):
        for pair_suits in combinations(SUITS, 2):
            rest = list(counts)
            pair_tiles = [Tile.suited(rank, s) for s in pair_suits]
            for t in pair_tiles:
                rest[t.index] -= 1
            if min(rest) < 0:
                continue
            triplets: list[Group] = []
            for r in range(1, 10):
                row = [rest[Tile.suited(r, s).index] for s in SUITS]
                if len(set(row)) != 1:
                    break
                triplets += [knitted(*(Tile.suited(r, s) for s in SUITS))] * row[0]
            else:
                if len(triplets) == 4:
                    found.append(_sorted([knitted(*pair_tiles), *triplets]))
    return found


def nine_gates(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """1112345678999 of one suit plus any one tile of that suit, as single tiles."""
    counts = shape_input.counts
    if not _plain(shape_input):
        return []
    for span in _SUIT_RANGES:
        if sum(counts[i] for i in span) != 14:
            continue
        base = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        if all(counts[i] >= need for i, need in zip(span, base, strict=True)):
            singles = [Group(GroupKind.IRREGULAR, (Tile.at(i),)) for i in span for _ in range(counts[i])]
            return [_sorted(singles)]
    return []


def wriggling_snake(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """A pair of ones, 2 to 9 of the same suit and one of each wind."""
    counts = shape_input.counts
    if not _plain(shape_input) or any(counts[w.index] != 1 for w in WINDS):
        return []
    for suit, span in zip(SUITS, _SUIT_RANGES, strict=True):
        if [counts[i] for i in span] == [2, 1, 1, 1, 1, 1, 1, 1, 1]:
            singles = [Group(GroupKind.IRREGULAR, (Tile.suited(r, suit),)) for r in range(2, 10)]
            singles += [Group(GroupKind.IRREGULAR, (w,)) for w in WINDS]
            return [_sorted([Group.pair(Tile.suited(1, suit)), *singles])]
    return []


CLASSICAL_SHAPES: Final = (
    SpecialShape("classical_all_pair_honours", "seven pairs of ones, nines, winds and dragons",
                 "BMJA special hands: All Pair Honours; Codification: Heavenly Twins", all_pair_honours),
    SpecialShape("classical_knitting", "seven same-number pairs across two suits",
                 "BMJA special hands: Knitting", knitting),
    SpecialShape("classical_triple_knitting", "four same-number triplets and a same-number pair",
                 "BMJA special hands: Triple Knitting", triple_knitting),
    SpecialShape("classical_nine_gates", "1112345678999 of one suit and one more of that suit",
                 "BMJA special hands: Gates of Heaven; Buzzard 2000 p. 11: Calling Nine Tile Hand", nine_gates),
    SpecialShape("classical_wriggling_snake", "pair of ones, 2 to 9 of the suit, one of each wind",
                 "BMJA special hands: Wriggling Snake", wriggling_snake),
)
"""The classical special shapes, registered on import."""

for _shape in CLASSICAL_SHAPES:
    if _shape.name not in SPECIAL_SHAPES:
        register_special_shape(_shape)
