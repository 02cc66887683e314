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

No special shape takes declared melds.  All but triple knitting name their waits from the pattern
(``waits``: the kinds one more tile of which completes thirteen standing tiles), so a hand's waits
need not try every kind with the shape's groupings.  Each shape also says how far standing tiles are from it
(``distance``, for the shanten of :mod:`mahjong_arbiter.solver.shanten`): all pair honours as the
best seven pair slots of ones, nines and honours; knitting and triple knitting by choosing, rank
by rank, how many knitted groups take each number; nine gates and wriggling snake from their few
complete hands.  Sources: BMJA special hands
(http://mahjongbritishrules.com/scoring/specialhands.html,
https://mahjongbritishrules.wordpress.com/scoring/special-hands/); Buzzard 2000 p. 11 (ledger D).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from ..solver.distance import Distance, Limits, pair_slots_distance
from ..solver.reading import Group, GroupKind
from ..solver.shapes import SPECIAL_SHAPES, DistanceInput, ShapeInput, SpecialShape, WaitInput, register_special_shape
from ..solver.templates import template_distance
from ..tiles import ALL_PLAYING, SUITS, TERMINALS_AND_HONOURS, WINDS, Tile

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


_SINGLES: Final = tuple(Group(GroupKind.IRREGULAR, (t,)) for t in ALL_PLAYING)
"""Each kind's single-tile IRREGULAR group (concealed, undeclared), made once: groups are immutable
and equal by value, so a grouping shares them instead of building fourteen per hand."""


def nine_gates(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """1112345678999 of one suit plus any one tile of that suit, as single tiles."""
    counts = shape_input.counts
    if not _plain(shape_input):
        return []
    for span in _SUIT_RANGES:
        if sum(counts[i] for i in span) != 14:
            continue
        if all(counts[i] >= need for i, need in zip(span, _GATES, strict=True)):
            singles = [_SINGLES[i] for i in span for _ in range(counts[i])]
            return [_sorted(singles)]
    return []


def wriggling_snake(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    """A pair of ones, 2 to 9 of the same suit and one of each wind."""
    counts = shape_input.counts
    if not _plain(shape_input) or any(counts[w.index] != 1 for w in WINDS):
        return []
    for suit, span in zip(SUITS, _SUIT_RANGES, strict=True):
        if [counts[i] for i in span] == [2, 1, 1, 1, 1, 1, 1, 1, 1]:
            singles = [_SINGLES[Tile.suited(r, suit).index] for r in range(2, 10)]
            singles += [_SINGLES[w.index] for w in WINDS]
            return [_sorted([Group.pair(Tile.suited(1, suit)), *singles])]
    return []


# --- waits (see SpecialShape.waits) ---------------------------------------------------------------------
def _thirteen_plain(given: WaitInput) -> bool:
    """Thirteen standing tiles and no declared meld."""
    return not given.melds and sum(given.counts) == 13


def all_pair_honours_waits(given: WaitInput) -> tuple[int, ...]:
    """Only ones, nines and honours held, one kind an odd number of times: that kind."""
    counts = given.counts
    if not _thirteen_plain(given) or any(counts[i] for i in _NOT_ORPHANS):
        return ()
    odd = tuple(i for i in _ORPHANS if counts[i] % 2)
    return odd if len(odd) == 1 else ()


def knitting_waits(given: WaitInput) -> tuple[int, ...]:
    """Two suits, no honours, every number held alike in both but one, held once more in one
    suit: that number in the other suit."""
    counts = given.counts
    if not _thirteen_plain(given) or any(counts[27:]):
        return ()
    used = [span for span in _SUIT_RANGES if any(counts[i] for i in span)]
    if len(used) != 2:
        return ()
    short = [(a, b) for a, b in zip(*used, strict=True) if counts[a] != counts[b]]
    if len(short) != 1:
        return ()
    a, b = short[0]
    if abs(counts[a] - counts[b]) != 1:
        return ()
    return (a,) if counts[a] < counts[b] else (b,)


def nine_gates_waits(given: WaitInput) -> tuple[int, ...]:
    """All thirteen in one suit: 1112345678999 waits on the nine kinds of its suit; one kind short
    of that pattern (another held instead) waits on that kind."""
    counts = given.counts
    if not _thirteen_plain(given):
        return ()
    for span in _SUIT_RANGES:
        if sum(counts[i] for i in span) != 13:
            continue
        short = [i for i, need in zip(span, _GATES, strict=True) if counts[i] < need]
        if not short:
            return tuple(span)
        return (short[0],) if len(short) == 1 and counts[short[0]] == _GATES[short[0] - span[0]] - 1 else ()
    return ()


def wriggling_snake_waits(given: WaitInput) -> tuple[int, ...]:
    """The whole hand of one suit less one tile: that tile's kind."""
    counts = given.counts
    if not _thirteen_plain(given):
        return ()
    for whole in _SNAKE_HANDS:
        missing = [i for i in range(34) if counts[i] != whole[i]]
        if len(missing) == 1 and counts[missing[0]] == whole[missing[0]] - 1:
            return (missing[0],)
    return ()


# --- distances (see SpecialShape.distance) ------------------------------------------------------------------
_ORPHANS: Final = tuple(t.index for t in TERMINALS_AND_HONOURS)
_NOT_ORPHANS: Final = tuple(sorted(set(range(34)) - set(_ORPHANS)))


def _rank_tables(values: Sequence[dict[int, int]], total: int) -> tuple[list[list[int]], list[list[int]]]:
    """``ahead[r][j]``: the most held tiles ranks before *r* keep using *j* of the *total*;
    ``behind[r][j]``: the same for rank *r* and after (-1 where impossible)."""
    ranks = len(values)
    ahead = [[-1] * (total + 1) for _ in range(ranks + 1)]
    ahead[0][0] = 0
    for r, options in enumerate(values):
        now, following = ahead[r], ahead[r + 1]
        for j in range(total + 1):
            kept = now[j]
            if kept < 0:
                continue
            for m, gain in options.items():
                if j + m <= total and kept + gain > following[j + m]:
                    following[j + m] = kept + gain
    behind = [[-1] * (total + 1) for _ in range(ranks + 1)]
    behind[ranks][0] = 0
    for r in range(ranks - 1, -1, -1):
        now, following = behind[r], behind[r + 1]
        for j in range(total + 1):
            best = -1
            for m, gain in values[r].items():
                if m <= j and following[j - m] >= 0 and gain + following[j - m] > best:
                    best = gain + following[j - m]
            now[j] = best
    return ahead, behind


def _rank_choices(values: Sequence[dict[int, int]], total: int) -> tuple[int, set[tuple[int, int]]]:
    """Choose a multiplicity ``m`` at each rank (from that rank's ``{m: held tiles it keeps}``)
    adding up to *total*, keeping the most held tiles: the best, and every (rank, m) some best
    choice takes."""
    ahead, behind = _rank_tables(values, total)
    best = ahead[len(values)][total]
    chosen = set()
    for r, options in enumerate(values):
        for j in range(total + 1):
            if ahead[r][j] < 0:
                continue
            for m, gain in options.items():
                rest = total - j - m
                if rest >= 0 and behind[r + 1][rest] >= 0 and ahead[r][j] + gain + behind[r + 1][rest] == best:
                    chosen.add((r, m))
    return best, chosen


def _limit(limits: Limits, kind: int) -> int:
    return 4 if limits is None else min(4, limits[kind])


def _nearest(found: list[Distance]) -> Distance | None:
    if not found:
        return None
    best = min(d.missing for d in found)
    useful = frozenset(k for d in found if d.missing == best for k in d.useful) if best else frozenset()
    return Distance(best, useful)


def all_pair_honours_distance(given: DistanceInput) -> Distance | None:
    """Seven pair slots of ones, nines and honours, a four of a kind as two."""
    return None if given.melds else pair_slots_distance(given.counts, _ORPHANS, given.limits, repeat=True)


def knitting_distance(given: DistanceInput) -> Distance | None:
    """For each two suits, how many knitted pairs take each number (seven in all)."""
    if given.melds:
        return None
    counts, ways = given.counts, []
    for first, second in combinations(range(3), 2):
        values = []
        for r in range(9):
            a, b = 9 * first + r, 9 * second + r
            most = min(_limit(given.limits, a), _limit(given.limits, b))
            values.append({m: min(counts[a], m) + min(counts[b], m) for m in range(most + 1)})
        kept, chosen = _rank_choices(values, 7)
        if kept >= 0:
            useful = {9 * suit + r for r, m in chosen for suit in (first, second) if m > counts[9 * suit + r]}
            ways.append(Distance(14 - kept, frozenset(useful)))
    return _nearest(ways)


def triple_knitting_distance(given: DistanceInput) -> Distance | None:
    """For each knitted pair (a number in two suits), how many knitted triplets take each number.

    The triplets alone are chosen once (:func:`_rank_tables`); each of the 27 pairs changes one
    rank only, so its best is read from those tables, and only the best pairs are walked again
    for their useful tiles."""
    if given.melds:
        return None
    counts = given.counts

    def rank_values(r: int, extra: Sequence[int]) -> dict[int, int]:
        most = min(_limit(given.limits, 9 * suit + r) - extra[suit] for suit in range(3))
        return {m: sum(min(counts[9 * suit + r], m + extra[suit]) for suit in range(3)) for m in range(most + 1)}

    plain = [rank_values(r, (0, 0, 0)) for r in range(9)]
    ahead, behind = _rank_tables(plain, 4)
    scored: list[tuple[int, int, tuple[int, ...]]] = []
    for pair_rank in range(9):
        for pair_suits in combinations(range(3), 2):
            extra = tuple(1 if suit in pair_suits else 0 for suit in range(3))
            options = rank_values(pair_rank, extra)
            kept = max((ahead[pair_rank][j] + gain + behind[pair_rank + 1][4 - j - m]
                        for j in range(5) if ahead[pair_rank][j] >= 0 for m, gain in options.items()
                        if j + m <= 4 and behind[pair_rank + 1][4 - j - m] >= 0), default=-1)
            if kept >= 0:
                scored.append((kept, pair_rank, extra))
    if not scored:
        return None
    best = max(kept for kept, _, _ in scored)
    useful: set[int] = set()
    for kept, pair_rank, extra in scored:
        if kept != best or best == 14:
            continue
        values = list(plain)
        values[pair_rank] = rank_values(pair_rank, extra)
        _, chosen = _rank_choices(values, 4)
        useful.update(9 * suit + r for r, m in chosen for suit in range(3)
                      if m + (extra[suit] if r == pair_rank else 0) > counts[9 * suit + r])
    return Distance(14 - best, frozenset(useful))


_GATES: Final = [3, 1, 1, 1, 1, 1, 1, 1, 3]
_NINE_GATES: Final = template_distance(
    [{9 * suit + r: _GATES[r] + (r == extra) for r in range(9)} for suit in range(3) for extra in range(9)]
)
_SNAKE_TEMPLATES: Final = [
    {9 * suit + r: 2 if r == 0 else 1 for r in range(9)} | {w.index: 1 for w in WINDS} for suit in range(3)
]
_SNAKE: Final = template_distance(_SNAKE_TEMPLATES)
_SNAKE_HANDS: Final = tuple(tuple(whole.get(i, 0) for i in range(34)) for whole in _SNAKE_TEMPLATES)


def nine_gates_distance(given: DistanceInput) -> Distance | None:
    """The nearest of the 27 complete hands (three suits, nine extra tiles)."""
    return None if given.melds else _NINE_GATES(given.counts, given.limits)


def wriggling_snake_distance(given: DistanceInput) -> Distance | None:
    """The nearest of the three complete hands (one per suit)."""
    return None if given.melds else _SNAKE(given.counts, given.limits)


# How many different kinds the standing tiles of a shape hold (SpecialShape.kinds), where the pattern
# fixes it: nine gates the nine of its suit (fourteen tiles of one suit, each number held), wriggling
# snake thirteen (ones, 2 to 9 and the four winds); the solver leaves the shape untried for others.
CLASSICAL_SHAPES: Final = (
    SpecialShape("classical_all_pair_honours", "seven pairs of ones, nines, winds and dragons",
                 "BMJA special hands: All Pair Honours; Codification: Heavenly Twins", all_pair_honours,
                 distance=all_pair_honours_distance, most_melds=0, waits=all_pair_honours_waits),
    SpecialShape("classical_knitting", "seven same-number pairs across two suits",
                 "BMJA special hands: Knitting", knitting, distance=knitting_distance, most_melds=0,
                 waits=knitting_waits),
    SpecialShape("classical_triple_knitting", "four same-number triplets and a same-number pair",
                 "BMJA special hands: Triple Knitting", triple_knitting, distance=triple_knitting_distance,
                 most_melds=0),
    SpecialShape("classical_nine_gates", "1112345678999 of one suit and one more of that suit",
                 "BMJA special hands: Gates of Heaven; Buzzard 2000 p. 11: Calling Nine Tile Hand", nine_gates,
                 distance=nine_gates_distance, most_melds=0, waits=nine_gates_waits, kinds=range(9, 10)),
    SpecialShape("classical_wriggling_snake", "pair of ones, 2 to 9 of the suit, one of each wind",
                 "BMJA special hands: Wriggling Snake", wriggling_snake, distance=wriggling_snake_distance,
                 most_melds=0, waits=wriggling_snake_waits, kinds=range(13, 14)),
)
"""The classical special shapes, registered on import."""

for _shape in CLASSICAL_SHAPES:
    if _shape.name not in SPECIAL_SHAPES:
        register_special_shape(_shape)
