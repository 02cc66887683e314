"""A solver-independent check of a Reading against the hand it claims to read.

This module defines what a correct Reading is, without calling any solver code: every group is
well formed (chows, pungs, kongs, pairs, single irregular tiles; a KNITTED group's form belongs to
its shape), the groups use exactly the hand's tiles, the declared melds appear as declared groups,
the winning group holds the winning tile, concealment follows the win (Green Book 2006 fan 66; BMJA:
a set completed by a discard is exposed), the wait matches the placement (Green Book 2006 fans
77-79), and the groups have the shape the Reading names.  Shapes registered by profiles are checked
for everything but their own shape rule.

>>> from mahjong_arbiter.hand import Hand
>>> from mahjong_arbiter.tiles import Tile
>>> from mahjong_arbiter.solver.reading import Group, Reading, Wait
>>> hand = Hand([Tile.of(t) for t in "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p E E".split()],
...             winning_tile=Tile.of("9m"))
>>> won = Group.chow(Tile.of("7m"), concealed=False)
>>> good = Reading.make("standard", [Group.chow(Tile.of("1m")), Group.chow(Tile.of("4m")), won,
...                     Group.chow(Tile.of("1p")), Group.pair(Tile.of("E"))], won, Tile.of("9m"), Wait.TWO_SIDED)
>>> reading_problems(good, hand)
[]
>>> bad = Reading.make("standard", list(good.groups), won, Tile.of("9m"), Wait.EDGE)
>>> reading_problems(bad, hand)
['wait is edge, but 9m completing 7m8m9m is a two-sided wait']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..hand import Hand
from ..tiles import Tile
from .reading import Group, GroupKind, Reading, Wait
from .shapes import DEFAULT_SHAPES, ShapeOptions

__all__ = ["reading_problems"]

_ORPHANS = frozenset(t for t in (Tile.at(i) for i in range(34)) if t.is_terminal_or_honour)


def _show(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def _group_problem(group: Group) -> str | None:
    tiles = group.tiles
    if list(tiles) != sorted(tiles):
        return f"group {_show(tiles)} is not sorted"
    same = len(set(tiles)) == 1
    sizes = {GroupKind.CHOW: 3, GroupKind.PUNG: 3, GroupKind.KONG: 4, GroupKind.PAIR: 2, GroupKind.IRREGULAR: 1}
    if group.kind in sizes and len(tiles) != sizes[group.kind]:
        return f"a {group.kind.value} of {len(tiles)} tiles: {_show(tiles)}"
    if group.kind is GroupKind.CHOW:
        a, b, c = tiles
        if not (a.suit == b.suit == c.suit and a.is_suited and b.rank == a.rank + 1 and c.rank == a.rank + 2):
            return f"not a chow: {_show(tiles)}"
    elif group.kind in (GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR) and not same:
        return f"not a {group.kind.value}: {_show(tiles)}"
    if group.kind is GroupKind.PAIR and group.declared:
        return "a pair is never declared"
    return None


def _is_knitted(tiles: tuple[Tile, ...]) -> bool:
    """Nine tiles: 147, 258 and 369, each in a different suit."""
    by_suit: dict[str, set[int]] = {}
    for t in tiles:
        by_suit.setdefault(t.suit, set()).add(t.rank)
    rows = sorted(frozenset(r) for r in by_suit.values())
    return set(by_suit) <= {"m", "p", "s"} and sorted(map(sorted, rows)) == [[1, 4, 7], [2, 5, 8], [3, 6, 9]]


def _expected_wait(group: Group, tile: Tile) -> Wait:
    if group.kind is GroupKind.CHOW:
        low, _, high = (t.rank for t in group.tiles)
        if tile.rank == low + 1:
            return Wait.CLOSED
        if (tile.rank == low and high == 9) or (tile.rank == high and low == 1):
            return Wait.EDGE
        return Wait.TWO_SIDED
    return {GroupKind.PUNG: Wait.DUAL_PUNG, GroupKind.PAIR: Wait.SINGLE}.get(group.kind, Wait.IRREGULAR)


def _shape_problems(reading: Reading, shapes: ShapeOptions) -> list[str]:
    kinds = Counter(g.kind for g in reading.groups)
    sets = kinds[GroupKind.CHOW] + kinds[GroupKind.PUNG] + kinds[GroupKind.KONG]
    pairs = kinds[GroupKind.PAIR]
    declared = any(g.declared for g in reading.groups)
    shape = reading.shape
    if shape == "standard":
        ok, rule = shapes.standard and sets == 4 and pairs == 1 and len(reading.groups) == 5, "four sets and a pair"
    elif shape not in shapes.special:
        return [f"shape {shape!r} is not among the shapes allowed"]
    elif shape == "seven_pairs":
        doubled = len({g.first for g in reading.groups}) < 7
        ok = pairs == 7 and len(reading.groups) == 7 and not declared
        ok = ok and (shapes.seven_pairs_four_of_a_kind or not doubled)
        rule = "seven pairs, no declared meld" + ("" if shapes.seven_pairs_four_of_a_kind else ", all different")
    elif shape == "thirteen_orphans":
        ok = pairs == 1 and kinds[GroupKind.IRREGULAR] == 12 and set(reading.tiles) == _ORPHANS
        rule = "one pair and twelve single terminals and honours, all thirteen kinds"
    elif shape == "knitted_straight":
        knitted = [g for g in reading.groups if g.kind is GroupKind.KNITTED]
        bad = [g for g in knitted if not _is_knitted(g.tiles)]
        if bad:
            return [f"not a knitted straight: {_show(bad[0].tiles)}"]
        ok = len(knitted) == 1 and sets == 1 and pairs == 1 and len(reading.groups) == 3
        rule = "a knitted straight (147, 258, 369 in three suits), one set and a pair"
    elif shape == "honours_knitted":
        tiles = reading.tiles
        suited = [t for t in tiles if t.is_suited]
        ok = (kinds[GroupKind.IRREGULAR] == 14 and len(reading.groups) == 14 and len(set(tiles)) == 14
              and _fits_knitted(suited))
        rule = "fourteen different honours and tiles of one knitted pattern"
    else:
        return []  # a profile's own shape: its rule is the profile's to check
    return [] if ok else [f"a {shape} reading needs {rule}"]


def _fits_knitted(tiles: list[Tile]) -> bool:
    rows: dict[str, int] = {}
    for t in tiles:
        row = (t.rank - 1) % 3
        if rows.setdefault(t.suit, row) != row:
            return False
    return len(set(rows.values())) == len(rows)


def reading_problems(
    reading: Reading, hand: Hand, *, self_drawn: bool = False, shapes: ShapeOptions = DEFAULT_SHAPES
) -> list[str]:
    """Everything wrong with *reading* as a Reading of *hand*; ``[]`` when it is correct."""
    problems = [p for g in reading.groups if (p := _group_problem(g))]
    if list(reading.groups) != sorted(reading.groups, key=Group.sort_key):
        problems.append("groups are not in canonical order")
    if Counter(reading.tiles) != Counter(hand.all_tiles):
        problems.append(f"groups use {_show(reading.tiles)}, the hand holds {_show(hand.all_tiles)}")
    declared = Counter((g.kind.value, g.tiles, g.concealed) for g in reading.groups if g.declared)
    melds = Counter((m.kind.value, m.tiles, not m.exposed) for m in hand.melds)
    if declared != melds:
        problems.append("declared groups do not match the declared melds (kind, tiles, concealment)")
    if any(g.declared and g.kind is not GroupKind.KONG and g.concealed for g in reading.groups):
        problems.append("only a declared kong can be concealed")
    if any(g.kind is GroupKind.KONG and not g.declared for g in reading.groups):
        problems.append("a kong among the standing tiles (a kong is always declared)")
    standing = sorted(t for g in reading.groups if not g.declared for t in g.tiles)
    if Counter(standing) != Counter(hand.concealed):
        problems.append(f"standing groups use {_show(standing)}, the standing tiles are {_show(hand.concealed)}")
    problems += _winning_problems(reading, hand, self_drawn)
    problems += _shape_problems(reading, shapes)
    return problems


def _winning_problems(reading: Reading, hand: Hand, self_drawn: bool) -> list[str]:
    won = reading.winning
    problems = []
    if reading.winning_tile is not hand.winning_tile:
        problems.append(f"winning tile {reading.winning_tile}, the hand won on {hand.winning_tile}")
    if won not in reading.groups:
        problems.append(f"the winning group {won} is not one of the groups")
    if won.declared:
        problems.append("the winning tile cannot complete a declared meld")
    if reading.winning_tile not in won.tiles:
        problems.append(f"the winning group {won} does not hold {reading.winning_tile}")
    open_standing = [g for g in reading.groups if not g.declared and not g.concealed]
    expected_open = [] if self_drawn else [won]
    if open_standing != expected_open or won.concealed is not self_drawn:
        rule = "every standing group is concealed" if self_drawn else "only the winning group is exposed"
        problems.append(f"concealment: won {'self-drawn' if self_drawn else 'on a discard'}, {rule}")
    expected = _expected_wait(won, reading.winning_tile)
    if reading.wait is not expected:
        problems.append(
            f"wait is {reading.wait.value}, but {reading.winning_tile} completing {won} is a {expected.value} wait"
        )
    return problems
