"""The built-in special shapes: seven pairs, thirteen orphans, knitted straight, honours-and-knitted.

Each recognises the standing tiles of a complete hand and returns its groupings (see
:class:`~mahjong_arbiter.solver.shapes.SpecialShape`).  Representations:

- ``seven_pairs``: seven PAIR groups (Green Book 2006 fan 19; a four of a kind is two equal pairs
  when :attr:`ShapeOptions.seven_pairs_four_of_a_kind` allows it, Green Book fan 64 Tile Hog).
- ``thirteen_orphans``: one PAIR of the doubled terminal or honour and twelve single-tile IRREGULAR
  groups (Green Book 2006 fan 7; BMJA "13 Unique Wonders").
- ``knitted_straight``: one nine-tile KNITTED group (147, 258 and 369, each in a different suit),
  plus one set and a pair; the set may be a declared meld (Green Book 2006 fan 35).
- ``honours_knitted``: fourteen single-tile IRREGULAR groups, fourteen different tiles, the suited
  ones from one knitted 147/258/369 pattern (Green Book 2006 fan 34 Lesser Honors and Knitted Tiles;
  fan 20, Greater, is the same shape with all seven honours, a rule on top of it).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress, permutations
from operator import attrgetter, itemgetter
from typing import Final

from ..tiles import NUM_KINDS, SUITS, TERMINALS_AND_HONOURS, Tile
from .distance import Distance, pair_slots_distance
from .placement import standing_group
from .reading import Group, GroupKind
from .shapes import DistanceInput, ShapeInput, SpecialShape, WaitInput, register_special_shape
from .templates import template_distance

__all__ = [
    "KNITTED_PATTERNS",
    "knitted_group",
    "irregular_group",
    "IRREGULAR_GROUPS",
    "seven_pairs_distance",
    "thirteen_orphans_distance",
    "knitted_straight_distance",
    "honours_knitted_distance",
    "seven_pairs_waits",
    "thirteen_orphans_waits",
    "knitted_straight_waits",
    "honours_knitted_waits",
]

KNITTED_PATTERNS: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(sorted(Tile.suited(start + step, suit) for start, suit in enumerate(order, 1) for step in (0, 3, 6)))
    for order in permutations(SUITS)
)
"""The six knitted patterns: 147 in one suit, 258 in another, 369 in the third (nine tiles each)."""

_ORPHAN_INDEXES: Final = frozenset(t.index for t in TERMINALS_AND_HONOURS)
# Fast gates (C-level lookups): each pattern's kinds, and as a byte mask of the suited counts
# (a byte 1 for each of its kinds: a mask of the kinds held, _HELD, holds them all when ANDing it
# with the pattern's complement leaves nothing); the counts of the thirteen orphans and of the rest.
_PATTERN_INDEXES: Final = tuple(tuple(t.index for t in p) for p in KNITTED_PATTERNS)
_PATTERN_BYTES: Final = tuple(sum(1 << 8 * i for i in p) for p in _PATTERN_INDEXES)
_PARITY: Final = bytes(n % 2 for n in range(256))
_HELD: Final = bytes(min(n, 1) for n in range(256))
_ORPHAN_COUNTS: Final = itemgetter(*sorted(_ORPHAN_INDEXES))
_OTHER_COUNTS: Final = itemgetter(*sorted(set(range(NUM_KINDS)) - _ORPHAN_INDEXES))


_PAIRS: Final = tuple(standing_group(GroupKind.PAIR, i) for i in range(NUM_KINDS))
"""The standing pair of each kind, by index (a tuple read, not a lookup keyed by an enum)."""
_KNITTED_GROUPS: Final = {pattern: Group(GroupKind.KNITTED, pattern) for pattern in KNITTED_PATTERNS}
_KNITTED_BY_PATTERN: Final = tuple(_KNITTED_GROUPS.values())
"""The KNITTED group of each pattern, in the order of :data:`KNITTED_PATTERNS`."""


def knitted_group(pattern: tuple[Tile, ...]) -> Group:
    """The KNITTED group of one pattern (concealed, undeclared; one shared value per pattern)."""
    found = _KNITTED_GROUPS.get(pattern)
    return found if found is not None else Group(GroupKind.KNITTED, pattern)


IRREGULAR_GROUPS: Final = tuple(Group(GroupKind.IRREGULAR, (Tile.at(i),)) for i in range(NUM_KINDS))
"""The single-tile IRREGULAR group of each kind, by index: built once at import, as the standing
groups are, so every special hand shares them."""


_ORPHAN_GROUPINGS: Final = tuple(
    (_PAIRS[doubled], *(IRREGULAR_GROUPS[i] for i in sorted(_ORPHAN_INDEXES) if i != doubled))
    for doubled in sorted(_ORPHAN_INDEXES)
)
"""The thirteen orphans grouping for each doubled kind, in the order of the orphans: the pair,
then the twelve single tiles (the canonical order, pairs before irregular groups)."""


def irregular_group(tile: Tile) -> Group:
    """The single-tile IRREGULAR group of *tile*."""
    return IRREGULAR_GROUPS[tile.index]


def _sorted(groups: Iterable[Group]) -> tuple[Group, ...]:
    return tuple(sorted(groups, key=_ORDER))


_ORDER: Final = attrgetter("order")  # Group.sort_key as one integer, read at C level


_ODD_COUNTS: Final = frozenset((1, 3, 5))
_FOUR_EQ: Final = (4).__eq__  # a kind held so often is not pairs only


def seven_pairs(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """七对 Seven Pairs: seven pairs, no declared meld."""
    counts = shape_input.counts
    held = set(counts)  # the counts held, found once: each ``n in counts`` compares up to 34 integers
    if shape_input.melds or not held.isdisjoint(_ODD_COUNTS) or sum(counts) != 14:
        return []
    # in kind order, which is the canonical order of pairs
    if 4 in held:
        if not shape_input.options.seven_pairs_four_of_a_kind:
            return []
        # a pair for each kind held, a second for each held four times (C-level, not a loop per kind)
        return [_sorted((*compress(_PAIRS, counts), *compress(_PAIRS, map(_FOUR_EQ, counts))))]
    return [tuple(compress(_PAIRS, counts))]  # every kind held is held twice: one pair each


def thirteen_orphans(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """十三幺 Thirteen Orphans: one of each terminal and honour, one of them twice."""
    counts = shape_input.counts
    if not (counts[0] and counts[33]) or shape_input.melds or 0 in _ORPHAN_COUNTS(counts) or sum(counts) != 14:
        return []  # (the 1m and the red dragon first: most hands lack one of them)
    if any(_OTHER_COUNTS(counts)):
        return []
    # fourteen tiles, each of the thirteen kinds at least once and no other: one of them twice
    return [_ORPHAN_GROUPINGS[_ORPHAN_COUNTS(counts).index(2)]]


def knitted_straight(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """组合龙 Knitted Straight: the nine knitted tiles, one set (maybe declared) and a pair."""
    counts = shape_input.counts
    sets = 1 - len(shape_input.melds)
    # a gate before the patterns: each suit must hold its 1 4 7, its 2 5 8 or its 3 6 9
    for start in (0, 9, 18):
        if not ((counts[start] and counts[start + 3] and counts[start + 6])
                or (counts[start + 1] and counts[start + 4] and counts[start + 7])
                or (counts[start + 2] and counts[start + 5] and counts[start + 8])):
            return []
    if sets < 0 or sum(counts) != 9 + 3 * sets + 2:
        return []
    found = []
    held = int.from_bytes(bytes(counts[:27]).translate(_HELD), "little")  # a byte 1 per suited kind held
    for knitted, indexes, pattern_bytes in zip(_KNITTED_BY_PATTERN, _PATTERN_INDEXES, _PATTERN_BYTES, strict=True):
        if not pattern_bytes & ~held:
            rest = list(counts)
            for index in indexes:
                rest[index] -= 1
            found += [_sorted((knitted, *split)) for split in shape_input.decompose(rest, sets)]
    return found


def honours_knitted(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """全不靠 Honours and Knitted Tiles: fourteen different honours and tiles of one knitted pattern."""
    counts = shape_input.counts
    # at most nine of the fourteen are suited, so five of the seven honours are held: any three
    # honours include one of them (the cheapest refusal for most hands)
    if not (counts[27] or counts[28] or counts[29]):
        return []
    if shape_input.melds or counts.count(1) != 14 or sum(counts) != 14:
        return []
    held = int.from_bytes(bytes(counts[:27]), "little")
    for pattern_bytes in _PATTERN_BYTES:
        if not held & ~pattern_bytes:
            return [tuple(compress(IRREGULAR_GROUPS, counts))]  # one group a kind held, in kind order
    return []


# --- how far standing tiles are from each shape (see SpecialShape.distance) ------------------------
_HONOUR_INDEXES: Final = tuple(range(27, NUM_KINDS))
_ORPHAN_TEMPLATES: Final = template_distance(
    [{k: 2 if k == doubled else 1 for k in sorted(_ORPHAN_INDEXES)} for doubled in sorted(_ORPHAN_INDEXES)]
)


def _nearest(found: Iterable[Distance]) -> Distance | None:
    """The nearest of several ways to make one shape, with the useful kinds of every nearest way."""
    best: Distance | None = None
    useful: set[int] = set()
    for distance in found:
        if best is None or distance.missing < best.missing:
            best, useful = distance, set(distance.useful)
        elif distance.missing == best.missing:
            useful |= distance.useful
    return None if best is None else Distance(best.missing, frozenset(useful) if best.missing else frozenset())


def seven_pairs_distance(given: DistanceInput) -> Distance | None:
    """Seven pairs: the best seven pair slots (a four of a kind is two when the options allow)."""
    if given.melds:
        return None
    return pair_slots_distance(given.counts, range(NUM_KINDS), given.limits,
                               repeat=given.options.seven_pairs_four_of_a_kind)


def thirteen_orphans_distance(given: DistanceInput) -> Distance | None:
    """Thirteen orphans: the nearest of its thirteen complete hands (which orphan is doubled)."""
    return None if given.melds else _ORPHAN_TEMPLATES(given.counts, given.limits)


def knitted_straight_distance(given: DistanceInput) -> Distance | None:
    """Knitted straight: for each pattern, its missing tiles plus the distance of the rest to the
    set (or none, with a declared one) and the pair.  Patterns are tried from the one with most
    tiles held; one whose own missing tiles already exceed the nearest found is skipped."""
    sets = 1 - len(given.melds)
    if sets < 0:
        return None
    counts = given.counts
    patterns = sorted(([t.index for t in p] for p in KNITTED_PATTERNS),
                      key=lambda kinds: -sum(1 for k in kinds if counts[k]))
    ways: list[Distance] = []
    for kinds in patterns:
        absent = [k for k in kinds if not counts[k]]
        if len(absent) > given.within or ways and len(absent) > min(w.missing for w in ways):
            continue
        if given.limits is not None and any(given.limits[k] < 1 for k in kinds):
            continue
        rest = list(counts)
        limits = None if given.limits is None else list(given.limits)
        for k in kinds:
            if rest[k]:
                rest[k] -= 1
            if limits is not None:
                limits[k] -= 1
        others = given.standard(rest, sets, None if limits is None else tuple(limits))
        if others is not None:
            ways.append(Distance(len(absent) + others.missing, frozenset(absent) | others.useful))
    return _nearest(ways)


def honours_knitted_distance(given: DistanceInput) -> Distance | None:
    """Honours and knitted tiles: fourteen different tiles of one pattern and the honours."""
    if given.melds:
        return None
    ways = []
    for pattern in KNITTED_PATTERNS:
        kinds = [t.index for t in pattern] + list(_HONOUR_INDEXES)
        if given.limits is not None:
            kinds = [k for k in kinds if given.limits[k] >= 1]
        held = sum(1 for k in kinds if given.counts[k])
        missing = max(0, 14 - held)
        if len(kinds) >= 14:
            ways.append(Distance(missing, frozenset(k for k in kinds if not given.counts[k])))
    return _nearest(ways)


# --- exactly which kinds complete thirteen tiles into each shape (see SpecialShape.waits) ----------


def _odd_kinds(counts: bytes) -> tuple[int, ...]:
    """The one kind held an odd number of times, when there is one only."""
    parity = counts.translate(_PARITY)  # one byte per kind: 1 where the count is odd
    return (parity.index(1),) if parity.count(1) == 1 else ()


def seven_pairs_waits(given: WaitInput) -> Iterable[int]:
    """Seven pairs: six pairs and a lone tile wait on the lone tile's kind (with two odd kinds no
    one tile completes it); unless four of a kind may be two pairs, not when the hand then holds
    four of a kind."""
    counts = given.counts  # thirteen tiles without a meld (the WaitInput's promise): no sum to test
    if given.melds or counts.count(1) > 1:
        return ()  # (two kinds held once are two odd kinds: the cheapest refusal)
    odd = _odd_kinds(counts)
    if odd and not given.options.seven_pairs_four_of_a_kind and (4 in counts or counts[odd[0]] == 3):
        return ()
    return odd


def thirteen_orphans_waits(given: WaitInput) -> Iterable[int]:
    """Thirteen orphans: only terminals and honours held; all thirteen once wait on any of them,
    twelve of them with one doubled on the missing one."""
    counts = given.counts
    if counts[4] or counts[13] or counts[22] or given.melds or any(_OTHER_COUNTS(counts)):
        return ()  # (a 5 first: most hands hold one; thirteen tiles without a meld, no sum to test)
    held = _ORPHAN_COUNTS(counts)
    missing = held.count(0)
    if not missing:
        return _ORPHAN_ORDER  # thirteen tiles, each of the thirteen kinds once
    return (_ORPHAN_ORDER[held.index(0)],) if missing == 1 else ()  # twelve kinds, one of them twice


_ORPHAN_ORDER: Final = tuple(sorted(_ORPHAN_INDEXES))


def knitted_straight_waits(given: WaitInput) -> Iterable[int]:
    """Knitted straight: for each pattern whose nine tiles are all held, the standard waits of
    the rest (the set and the pair less one tile); for each with one tile missing, that tile
    when the rest is already the set and the pair."""
    counts = given.counts
    sets = 1 - len(given.melds)
    if sets < 0:
        return ()
    held = int.from_bytes(counts[:27].translate(_HELD), "little")  # a byte 1 per suited kind held
    if (held & held >> 24 & held >> 48 & _TRIPLE_STARTS).bit_count() < 2:
        return ()  # a pattern held but for one tile holds a whole 147, 258 or 369 in two suits at least
    found: set[int] = set()  # (the eight tiles, the set and the pair: the WaitInput's thirteen, no sum to test)
    for pattern, pattern_bytes in zip(_PATTERN_INDEXES, _PATTERN_BYTES, strict=True):
        missing = pattern_bytes & ~held
        if missing and missing & (missing - 1):
            continue  # two tiles of the pattern missing
        rest = list(counts)
        for i in pattern:
            rest[i] -= 1
        if not missing:
            found.update(given.standard(rest, sets))
            continue
        kind = (missing.bit_length() - 1) // 8
        rest[kind] += 1
        if given.decompose(rest, sets):
            found.add(kind)
    return found


_TRIPLE_STARTS: Final = sum(1 << 8 * (9 * suit + rank) for suit in range(3) for rank in range(3))
"""The bytes of each suit's 1, 2 and 3 in a byte mask of the suited kinds held: with the mask
ANDed with itself shifted by three and by six kinds, each of those bytes says whether its suit
holds the whole 147, 258 or 369."""


def honours_knitted_waits(given: WaitInput) -> Iterable[int]:
    """Honours-and-knitted: thirteen different tiles already, the suited ones inside one knitted
    pattern; the tile that completes it is an honour or a tile of such a pattern not yet held."""
    counts = given.counts
    # thirteen different tiles, nine suited at most: four of the seven honours at least, so one
    # of any four honours (the cheapest refusal for most hands)
    if not (counts[27] or counts[28] or counts[29] or counts[30]):
        return ()
    if given.melds or counts.count(1) != 13:
        return ()  # thirteen tiles without a meld (the WaitInput's promise): thirteen kinds held once
    held = int.from_bytes(counts[:27], "little")  # one byte per suited kind, 0 or 1
    found: set[int] = set()
    matched = False
    for pattern, pattern_bytes in zip(_PATTERN_INDEXES, _PATTERN_BYTES, strict=True):
        if not held & ~pattern_bytes:
            matched = True
            found.update(i for i in pattern if not counts[i])
    if not matched:
        return ()
    found.update(i for i in range(27, NUM_KINDS) if not counts[i])
    return found


# Which shapes no standard hand takes (SpecialShape.beside_standard=False).  Four sets and a pair
# are five groups (the declared melds among them); a chow spans three consecutive ranks of one
# suit, a pung, kong or pair holds one kind at least twice.  So:
# - thirteen orphans: each group of a standard hand holds one terminal or honour kind at most (a
#   chow holds a 1 or a 9, not both), five at most in all; fourteen tiles of the shape hold all
#   thirteen kinds, and thirteen tiles waiting on it twelve at least (the fourteenth tile adds one
#   kind at most): neither is standard, nor made standard by one more tile.
# - knitted straight: two kinds of one pattern in one suit are three ranks apart at least, so no
#   group holds two of them; the shape holds all nine, thirteen tiles waiting on it eight at least
#   (more than five groups hold, one more tile or not).
# - honours and knitted tiles: an honour of a standard hand is held twice at least (a pung, kong
#   or pair); the shape holds five honours or more once each, and thirteen tiles waiting on it
#   four or more once each (one more tile doubles one of them at most).
# Seven pairs can be standard (11 22 33 of a suit are three chows, or 11 22 33 44 55 66 7 waits
# on the 7 both ways).
# How many different kinds the standing tiles of each shape hold (SpecialShape.kinds): seven pairs
# seven at most, four at least (a kind held four times is two of the pairs at most); thirteen
# orphans thirteen; the knitted straight its nine and up to three more, the set's and the pair's (a
# chow holds a rank of each residue modulo three, so one kind of the pattern); honours and knitted
# tiles fourteen.
# tests/test_shape_exclusion.py lists every hand of the three shapes and checks both promises.
for _shape in (
    SpecialShape("seven_pairs", "seven pairs", "Green Book 2006 fan 19", seven_pairs,
                 distance=seven_pairs_distance, most_melds=0, waits=seven_pairs_waits,
                 kinds=range(4, 8)),
    SpecialShape("thirteen_orphans", "one of each terminal and honour, one doubled",
                 "Green Book 2006 fan 7; BMJA 13 Unique Wonders", thirteen_orphans,
                 distance=thirteen_orphans_distance, most_melds=0, waits=thirteen_orphans_waits,
                 beside_standard=False, kinds=range(13, 14)),
    SpecialShape("knitted_straight", "147/258/369 in three suits, a set and a pair",
                 "Green Book 2006 fan 35", knitted_straight, distance=knitted_straight_distance,
                 most_melds=1, waits=knitted_straight_waits, beside_standard=False,
                 kinds=range(9, 13)),
    SpecialShape("honours_knitted", "fourteen different honours and knitted tiles",
                 "Green Book 2006 fans 34 and 20", honours_knitted, distance=honours_knitted_distance,
                 most_melds=0, waits=honours_knitted_waits, beside_standard=False,
                 kinds=range(14, 15)),
):
    register_special_shape(_shape)
