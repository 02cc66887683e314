"""Building blocks shared by the classical special shapes (the Companion's, the club guide's).

Nothing here is a shape or a rule.  These are the small facts the shape recognisers in
:mod:`.tm_shapes_loose` and :mod:`.tm_shapes_sets` ask about the standing tile counts: one suit's
nine counts, the honours held, whether a run is complete, how the declared melds fill a hand's
pung-or-kong places, and whether suited tiles split into "mixed chows" (three consecutive numbers,
one in each suit).  Counts are the solver's 34 kinds: 0-8 characters, 9-17 dots (circles), 18-26
bamboo, 27-30 E S W N, 31-33 red, green, white.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final

from ..hand import MeldKind
from ..solver.reading import Group
from ..solver.shapes import ShapeInput
from ..solver.special import IRREGULAR_GROUPS
from ..tiles import Tile

__all__ = [
    "SUIT_BASES", "WIND_INDEXES", "DRAGON_INDEXES", "HONOUR_INDEXES", "MATCHING_DRAGON", "RED", "GREEN", "WHITE",
    "vector", "held_suits", "only_suit", "single", "singles", "pairs_of", "canonical", "plain", "take_sets",
    "exact_run", "run_with_double", "even_counts", "mixed_chows_split", "honour_counts",
]

SUIT_BASES: Final = (0, 9, 18)
"""The index of the one of each suit: characters, dots (circles), bamboo."""
WIND_INDEXES: Final = range(27, 31)
DRAGON_INDEXES: Final = range(31, 34)
HONOUR_INDEXES: Final = range(27, 34)
RED, GREEN, WHITE = 31, 32, 33
MATCHING_DRAGON: Final = {0: RED, 9: WHITE, 18: GREEN}
"""The dragon of each suit's colour (Thompson & Maloney 1997, Golden Gates p. 25 and Dragon's Gates
p. 12): characters with red, circles with white, bamboo with green."""


def vector(counts: Sequence[int], base: int) -> tuple[int, ...]:
    """The nine counts of the suit whose one is at *base*."""
    return tuple(counts[base:base + 9])


def held_suits(counts: Sequence[int]) -> list[int]:
    """The bases of the suits with at least one tile held."""
    return [base for base in SUIT_BASES if any(counts[base:base + 9])]


def only_suit(counts: Sequence[int]) -> int | None:
    """The base of the one suit held, or None when none or several are."""
    held = held_suits(counts)
    return held[0] if len(held) == 1 else None


def honour_counts(counts: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the four wind counts, the three dragon counts)."""
    return tuple(counts[27:31]), tuple(counts[31:34])


def single(index: int) -> Group:
    """The single-tile IRREGULAR group of kind *index* (a loose tile of a special hand)."""
    return IRREGULAR_GROUPS[index]


def singles(counts: Sequence[int], indexes: Iterable[int]) -> list[Group]:
    """Every tile of *indexes* as a loose single."""
    return [single(i) for i in indexes for _ in range(counts[i])]


def pairs_of(counts: Sequence[int], indexes: Iterable[int]) -> list[Group]:
    """The pairs of *indexes* (two of a kind one pair, four of a kind two)."""
    return [Group.pair(Tile.at(i)) for i in indexes for _ in range(counts[i] // 2)]


def canonical(groups: Iterable[Group]) -> tuple[Group, ...]:
    """Groups in the order Readings keep them."""
    return tuple(sorted(groups, key=Group.sort_key))


def plain(shape_input: ShapeInput) -> bool:
    """Fourteen standing tiles and no declared meld (a loose layout)."""
    return not shape_input.melds and sum(shape_input.counts) == 14


def take_sets(
    shape_input: ShapeInput, kinds: Sequence[int], *, kongs: bool = True
) -> tuple[list[int], list[Group]] | None:
    """Fill the pung-or-kong places *kinds* (one set of each kind) from the declared melds first,
    then from the standing tiles.

    Every declared meld must be a pung or kong (a kong only when *kongs*) of one of *kinds*, each
    place taken once; a place no meld fills takes three standing tiles.  Returns the standing
    counts left and the standing pungs taken, or None when the hand cannot fill the places so.
    """
    left = list(kinds)
    for meld in shape_input.melds:
        index = meld.first.index
        if meld.kind is MeldKind.CHOW or (meld.is_kong and not kongs) or index not in left:
            return None
        left.remove(index)
    rest = list(shape_input.counts)
    pungs = []
    for index in left:
        if rest[index] < 3:
            return None
        rest[index] -= 3
        pungs.append(Group.pung(Tile.at(index)))
    return rest, pungs


def exact_run(counts: Sequence[int], base: int, low: int, high: int) -> bool:
    """One each of ranks *low*..*high* of the suit at *base* and nothing else of that suit."""
    return all(counts[base + r - 1] == (1 if low <= r <= high else 0) for r in range(1, 10))


def run_with_double(counts: Sequence[int], base: int, low: int, high: int) -> int | None:
    """Ranks *low*..*high* of the suit at *base*, one of them twice, nothing else of the suit:
    the doubled rank, else None."""
    doubled = None
    for r in range(1, 10):
        n = counts[base + r - 1]
        if not low <= r <= high:
            if n:
                return None
        elif n == 2 and doubled is None:
            doubled = r
        elif n != 1:
            return None
    return doubled


def even_counts(counts: Sequence[int], indexes: Iterable[int]) -> bool:
    """Every kind of *indexes* is held 0, 2 or 4 times (pairs, a four of a kind as two pairs)."""
    return all(counts[i] % 2 == 0 for i in indexes)


def mixed_chows_split(counts: Sequence[int], chows: int, *, pair: bool = False) -> bool:
    """Whether the suited tiles of *counts* (and nothing else) are exactly *chows* mixed chows,
    plus one mixed pair when *pair*.

    A mixed chow is three consecutive numbers, one in each suit, in any order of suits; a mixed
    pair two tiles of one number in two suits (Thompson & Maloney 1997, Crazy Chows p. 16).
    The lowest tile left must start a mixed chow or belong to the pair, so the search is short.
    """
    if any(counts[27:34]) or sum(counts[:27]) != 3 * chows + (2 if pair else 0):
        return False
    return _split(tuple(counts[:27]), pair)


@cache
def _split(suited: tuple[int, ...], pair: bool) -> bool:
    if not any(suited):
        return not pair
    # the lowest *number* held, in its first suit, starts a mixed chow or is in the pair
    rank = min(i % 9 for i in range(27) if suited[i])
    holders = [s for s in range(3) if suited[9 * s + rank]]
    first = holders[0]
    rest = list(suited)
    rest[9 * first + rank] -= 1
    if pair:
        for other in range(3):
            if other != first and rest[9 * other + rank]:
                rest[9 * other + rank] -= 1
                if _split(tuple(rest), False):
                    return True
                rest[9 * other + rank] += 1
    if rank > 6:
        return False
    for second in range(3):
        for third in range(3):
            if len({first, second, third}) != 3:
                continue
            a, b = 9 * second + rank + 1, 9 * third + rank + 2
            if rest[a] and rest[b]:
                rest[a] -= 1
                rest[b] -= 1
                if _split(tuple(rest), pair):
                    return True
                rest[a] += 1
                rest[b] += 1
    return False
