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

from collections.abc import Iterable, Sequence
from itertools import permutations
from operator import itemgetter
from typing import Final

from ..hand import Meld
from ..tiles import NUM_KINDS, SUITS, TERMINALS_AND_HONOURS, Tile
from .distance import Distance, pair_slots_distance
from .placement import standing_group
from .reading import Group, GroupKind
from .shapes import DistanceInput, ShapeInput, SpecialShape, register_special_shape
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
]

KNITTED_PATTERNS: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(sorted(Tile.suited(start + step, suit) for start, suit in enumerate(order, 1) for step in (0, 3, 6)))
    for order in permutations(SUITS)
)
"""The six knitted patterns: 147 in one suit, 258 in another, 369 in the third (nine tiles each)."""

_ORPHAN_INDEXES: Final = frozenset(t.index for t in TERMINALS_AND_HONOURS)
# Fast gates (C-level lookups): the counts of each pattern's nine tiles, of the thirteen orphans.
_PATTERN_COUNTS: Final = tuple(itemgetter(*(t.index for t in p)) for p in KNITTED_PATTERNS)
_PATTERN_INDEXES: Final = tuple(tuple(t.index for t in p) for p in KNITTED_PATTERNS)
_PATTERN_BYTES: Final = tuple(sum(1 << 8 * i for i in p) for p in _PATTERN_INDEXES)
_PARITY: Final = bytes(n % 2 for n in range(256))
_HELD: Final = bytes(min(n, 1) for n in range(256))
"""Each pattern's kinds as a byte mask of the suited counts (see :func:`_distinct_kinds`)."""
_ORPHAN_COUNTS: Final = itemgetter(*sorted(_ORPHAN_INDEXES))
_OTHER_COUNTS: Final = itemgetter(*sorted(set(range(NUM_KINDS)) - _ORPHAN_INDEXES))


_PAIRS: Final = tuple(standing_group(GroupKind.PAIR, i) for i in range(NUM_KINDS))
_KNITTED_GROUPS: Final = {pattern: Group(GroupKind.KNITTED, pattern) for pattern in KNITTED_PATTERNS}
"""The standing pair of each kind, by index (a tuple read, not a lookup keyed by an enum)."""


def knitted_group(pattern: tuple[Tile, ...]) -> Group:
    """The KNITTED group of one pattern (concealed, undeclared; one shared value per pattern)."""
    found = _KNITTED_GROUPS.get(pattern)
    return found if found is not None else Group(GroupKind.KNITTED, pattern)


IRREGULAR_GROUPS: Final = tuple(Group(GroupKind.IRREGULAR, (Tile.at(i),)) for i in range(NUM_KINDS))
"""The single-tile IRREGULAR group of each kind, by index: built once at import, as the standing
groups are, so every special hand shares them."""


def irregular_group(tile: Tile) -> Group:
    """The single-tile IRREGULAR group of *tile*."""
    return IRREGULAR_GROUPS[tile.index]


def _sorted(groups: list[Group]) -> tuple[Group, ...]:
    return tuple(sorted(groups, key=Group.sort_key))


def seven_pairs(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """七对 Seven Pairs: seven pairs, no declared meld."""
    counts = shape_input.counts
    if shape_input.melds or 1 in counts or 3 in counts or 5 in counts or sum(counts) != 14:
        return []
    if not shape_input.options.seven_pairs_four_of_a_kind and 4 in counts:
        return []
    # in kind order, which is the canonical order of pairs
    pairs = [_PAIRS[i] for i, n in enumerate(counts) if n for _ in range(n // 2)]
    return [tuple(pairs)]


def thirteen_orphans(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """十三幺 Thirteen Orphans: one of each terminal and honour, one of them twice."""
    counts = shape_input.counts
    if not (counts[0] and counts[33]) or shape_input.melds or 0 in _ORPHAN_COUNTS(counts) or sum(counts) != 14:
        return []  # (the 1m and the red dragon first: most hands lack one of them)
    held = {i for i, n in enumerate(counts) if n}
    doubled = [i for i, n in enumerate(counts) if n == 2]
    if held != _ORPHAN_INDEXES or len(doubled) != 1:
        return []
    groups = [standing_group(GroupKind.PAIR, doubled[0])]
    groups += [IRREGULAR_GROUPS[i] for i in sorted(held) if i != doubled[0]]
    return [_sorted(groups)]


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
    for pattern, pattern_counts in zip(KNITTED_PATTERNS, _PATTERN_COUNTS, strict=True):
        if 0 not in pattern_counts(counts):
            rest = list(counts)
            for t in pattern:
                rest[t.index] -= 1
            knitted = knitted_group(pattern)
            found += [_sorted([knitted, *split]) for split in shape_input.decompose(rest, sets)]
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
    if all(held & ~pattern_bytes for pattern_bytes in _PATTERN_BYTES):
        return []
    return [_sorted([IRREGULAR_GROUPS[i] for i in range(NUM_KINDS) if counts[i]])]


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


# --- which kinds could complete thirteen tiles into each shape (supersets; see SpecialShape) -------


def _odd_kinds(counts: Sequence[int], melds: Sequence[Meld]) -> Iterable[int]:
    """Seven pairs: the tile that completes it pairs the one kind held an odd number of times (six
    pairs and a lone tile; with two odd kinds no one tile completes it)."""
    if melds:
        return ()
    parity = bytes(counts).translate(_PARITY)  # one byte per kind: 1 where the count is odd
    return (parity.index(1),) if parity.count(1) == 1 else ()


def _orphan_kinds(counts: Sequence[int], melds: Sequence[Meld]) -> Iterable[int]:
    """Thirteen orphans: only terminals and honours, and only when nothing else is held."""
    return _ORPHAN_INDEXES if not melds and not any(_OTHER_COUNTS(counts)) else ()


def _knitted_kinds(counts: Sequence[int], melds: Sequence[Meld]) -> Iterable[int]:
    """Knitted straight: the thirteen hold at least eight of one pattern's nine tiles.  With eight,
    the one tile that completes the shape is the ninth; with all nine, it joins the tiles beside
    them into the set and the pair, so it is one of those kinds or a suited kind within two ranks
    of one of them."""
    if len(melds) > 1:
        return ()  # nine knitted tiles and two sets do not fit in fourteen tiles
    held = int.from_bytes(bytes(counts[:27]).translate(_HELD), "little")  # a byte 1 per suited kind held
    near = [(pattern, missing) for pattern, pattern_bytes in zip(_PATTERN_INDEXES, _PATTERN_BYTES, strict=True)
            if (missing := (pattern_bytes & ~held).bit_count()) <= 1]
    if not near:
        return ()
    found: set[int] = set()
    for pattern, missing in near:
        if missing:
            found.update(i for i in pattern if not counts[i])
        else:
            rest = list(counts)
            for i in pattern:
                rest[i] -= 1
            for index, n in enumerate(rest):
                if n and index >= 27:
                    found.add(index)
                elif n:
                    low = index - index % 9
                    found.update(range(max(low, index - 2), min(low + 8, index + 2) + 1))
    return sorted(found)


def _distinct_kinds(counts: Sequence[int], melds: Sequence[Meld]) -> Iterable[int]:
    """Honours-and-knitted: thirteen different tiles already, the suited ones inside one knitted
    pattern; the tile that completes it is an honour or a tile of such a pattern not yet held."""
    if melds or max(counts) > 1:
        return ()
    held = int.from_bytes(bytes(counts[:27]), "little")  # one byte per suited kind, 0 or 1
    found: set[int] = set()
    matched = False
    for pattern, pattern_bytes in zip(_PATTERN_INDEXES, _PATTERN_BYTES, strict=True):
        if not held & ~pattern_bytes:
            matched = True
            found.update(i for i in pattern if not counts[i])
    if not matched:
        return ()
    found.update(i for i in range(27, NUM_KINDS) if not counts[i])
    return sorted(found)


for _shape in (
    SpecialShape("seven_pairs", "seven pairs", "Green Book 2006 fan 19", seven_pairs, _odd_kinds,
                 seven_pairs_distance, most_melds=0),
    SpecialShape("thirteen_orphans", "one of each terminal and honour, one doubled",
                 "Green Book 2006 fan 7; BMJA 13 Unique Wonders", thirteen_orphans, _orphan_kinds,
                 thirteen_orphans_distance, most_melds=0),
    SpecialShape("knitted_straight", "147/258/369 in three suits, a set and a pair",
                 "Green Book 2006 fan 35", knitted_straight, _knitted_kinds, knitted_straight_distance,
                 most_melds=1),
    SpecialShape("honours_knitted", "fourteen different honours and knitted tiles",
                 "Green Book 2006 fans 34 and 20", honours_knitted, _distinct_kinds, honours_knitted_distance,
                 most_melds=0),
):
    register_special_shape(_shape)
