"""Exact distances to a shape given by its complete hands, in factored form.

A special shape whose complete standing hands are a finite set ``F`` has, for standing counts
``c`` under limits ``L``, the distance ``min over T in F with T <= L of sum(max(T_k - c_k, 0))``
(:mod:`.distance`), and the useful kinds are those some nearest ``T`` holds more of than ``c``.
Listing ``F`` flat is enough for a few dozen hands; the catalogue shapes are larger (Big Robert
has 1,512 complete hands, Windfall 2,646, Crazy Chows about 3.5 million), but each is a union of
*products*: the hand splits into *blocks* over disjoint kinds (a suit, the winds, the dragons)
whose choices are free of each other.  The distance of a product is then the sum of its blocks'
distances, each the least over that block's own choices, and the distance of the family the
least over its products.  A kind is useful for a product at the minimum exactly when it is
useful for its block (the blocks hold disjoint kinds), so the useful kinds follow too.

Three kinds of block:

- :class:`Choice`: one of a few partial hands listed outright (one suit's run with one number
  doubled, three pairs of winds, a pung of the dragon of the suit's colour);
- :class:`PairSlots`: some number of pairs of given kinds, a four of a kind two pairs
  (:func:`.distance.pair_slots_distance`);
- :class:`~.suited_groups.SuitedGroups`: groups that cross the suits (mixed chows, mixed pairs),
  by a dynamic programme over the ranks.

Declared melds: a :class:`Choice` option may mark kinds of its hand as pung-or-kong *places*.
:func:`with_melds` lets each declared pung or kong fill one place of its kind (the option's hand
then holds three fewer of that kind), as a hand's declared sets fill a special hand's sets; a
product in which some meld fills no place cannot be made with those melds.

>>> flush = Family((Product((Choice.of([{0: 3}, {1: 3}], places=[(0,), (1,)]), Choice.of([{27: 2}]))),))
>>> d = family_distance(flush, [2, 0] + [0] * 25 + [1] + [0] * 6, (4,) * 34)
>>> d.missing, sorted(d.useful)            # 1m 1m + E: one more 1m and one more E
(2, [0, 27])
>>> sorted(expand(flush))[0][:2]
(0, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product as cartesian
from typing import TYPE_CHECKING, Protocol

from ..hand import Meld, MeldKind
from .distance import UNREACHABLE, Distance, Limits, pair_slots_distance

if TYPE_CHECKING:
    from .shapes import DistanceInput

__all__ = [
    "Option",
    "Block",
    "Choice",
    "PairSlots",
    "Product",
    "Family",
    "family_distance",
    "with_melds",
    "expand",
    "family_near",
    "template_distance",
    "FamilyMeasures",
]

Option = tuple[tuple[int, int], ...]
"""A partial standing hand: (kind, count) pairs, kinds ascending, counts positive."""


def _option(hand: Mapping[int, int]) -> Option:
    return tuple(sorted((k, n) for k, n in hand.items() if n))


def _missing(option: Option, counts: Sequence[int], limits: Limits) -> int:
    """The tiles *option* holds beyond *counts* (UNREACHABLE past the limits)."""
    missing = 0
    for k, n in option:
        if limits is not None and n > limits[k]:
            return UNREACHABLE
        if n > counts[k]:
            missing += n - counts[k]
    return missing


class Block(Protocol):
    """One independent part of a product: its kinds and its distance."""

    @property
    def kinds(self) -> frozenset[int]:
        """The kinds any of the block's hands may hold."""
        ...

    def nearest(self, counts: Sequence[int], limits: Limits, useful: bool) -> Distance | None:
        """The block's distance from *counts* (None: none of its hands keeps within *limits*)."""
        ...

    def near(self, counts: Sequence[int], limits: Limits, budget: int) -> list[tuple[int, Option]]:
        """Every hand of the block within *limits* holding at most *budget* tiles beyond *counts*,
        with how many it holds beyond them."""
        ...

    def filled(self, kinds: Sequence[int]) -> Block | None:
        """The block with declared pungs or kongs of *kinds* filling its places (None: they cannot)."""
        ...

    def hands(self) -> Iterator[Option]:
        """Every partial hand of the block (for tests and small families)."""
        ...


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the listed partial hands; ``places[i]`` are the pung-or-kong places of option ``i``."""

    options: tuple[Option, ...]
    places: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, hands: Iterable[Mapping[int, int]], places: Iterable[Sequence[int]] | None = None) -> Choice:
        """A choice from ``{kind: count}`` hands (duplicates dropped), with the places of each."""
        listed = [_option(h) for h in hands]
        marks = [tuple(p) for p in places] if places is not None else [()] * len(listed)
        unique = dict.fromkeys(zip(listed, marks, strict=True))
        return cls(tuple(o for o, _ in unique), tuple(p for _, p in unique))

    @property
    def kinds(self) -> frozenset[int]:
        return frozenset(k for option in self.options for k, _ in option)

    def nearest(self, counts: Sequence[int], limits: Limits, useful: bool) -> Distance | None:
        best = UNREACHABLE
        kinds: set[int] = set()
        for option in self.options:
            missing = 0
            for k, n in option:  # (_missing, inline: this is the hot loop of every shanten)
                if limits is not None and n > limits[k]:
                    missing = UNREACHABLE
                    break
                if n > counts[k]:
                    missing += n - counts[k]
            if missing > best or missing >= UNREACHABLE:
                continue
            if missing < best:
                best = missing
                kinds = set()
            if useful:
                kinds.update(k for k, n in option if n > counts[k])
        return None if best >= UNREACHABLE else Distance(best, frozenset(kinds))

    def near(self, counts: Sequence[int], limits: Limits, budget: int) -> list[tuple[int, Option]]:
        found = ((_missing(option, counts, limits), option) for option in self.options)
        return [(missing, option) for missing, option in found if missing <= budget]

    def filled(self, kinds: Sequence[int]) -> Choice | None:
        wanted = Counter(kinds)
        hands: list[dict[int, int]] = []
        places: list[tuple[int, ...]] = []
        for option, marks in zip(self.options, self.places, strict=True):
            if wanted - Counter(marks):
                continue
            hand = dict(option)
            for k in kinds:
                hand[k] -= 3
            hands.append(hand)
            places.append(tuple((Counter(marks) - wanted).elements()))
        return Choice.of(hands, places) if hands else None

    def hands(self) -> Iterator[Option]:
        yield from self.options


@dataclass(frozen=True, slots=True)
class PairSlots:
    """*pairs* pairs of *of* (a kind twice for a four of a kind when *repeat*); no places."""

    of: tuple[int, ...]
    pairs: int
    repeat: bool = True

    @property
    def kinds(self) -> frozenset[int]:
        return frozenset(self.of)

    def nearest(self, counts: Sequence[int], limits: Limits, useful: bool) -> Distance | None:
        found = pair_slots_distance(counts, self.of, limits, pairs=self.pairs, repeat=self.repeat)
        return None if found.missing >= UNREACHABLE else found

    def near(self, counts: Sequence[int], limits: Limits, budget: int) -> list[tuple[int, Option]]:
        most = 2 if self.repeat else 1
        slots = []  # per kind: the cost of its first and second pair (UNREACHABLE past the limits)
        for k in self.of:
            cap = 4 if limits is None else limits[k]
            slots.append([max(2 * n - counts[k], 0) - max(2 * n - 2 - counts[k], 0) if 2 * n <= cap else UNREACHABLE
                          for n in range(1, most + 1)])
        found: list[tuple[int, Option]] = []
        chosen: list[tuple[int, int]] = []

        def walk(i: int, left: int, missing: int) -> None:
            if not left:
                found.append((missing, tuple(chosen)))
                return
            rest = sorted(c for costs in slots[i:] for c in costs)
            if len(rest) < left or missing + sum(rest[:left]) > budget:
                return
            cost = 0
            for n in range(0, min(most, left) + 1):
                cost += slots[i][n - 1] if n else 0
                if missing + cost > budget:
                    break
                if n:
                    chosen.append((self.of[i], 2 * n))
                walk(i + 1, left - n, missing + cost)
                if n:
                    chosen.pop()

        walk(0, self.pairs, 0)
        return found

    def filled(self, kinds: Sequence[int]) -> PairSlots | None:
        return None

    def hands(self) -> Iterator[Option]:
        most = 2 if self.repeat else 1

        def walk(i: int, left: int, chosen: dict[int, int]) -> Iterator[Option]:
            if not left:
                yield _option(chosen)
                return
            if i == len(self.of):
                return
            for n in range(min(most, left), -1, -1):
                yield from walk(i + 1, left - n, {**chosen, self.of[i]: 2 * n})

        yield from walk(0, self.pairs, {})


@dataclass(frozen=True, slots=True)
class Product:
    """Blocks over disjoint kinds: a complete hand takes one hand of each."""

    blocks: tuple[Block, ...]

    def nearest(self, counts: Sequence[int], limits: Limits, useful: bool, bound: int) -> Distance | None:
        """The product's distance, or None once it is known to exceed *bound*."""
        missing = 0
        kinds: set[int] = set()
        for block in self.blocks:
            found = block.nearest(counts, limits, useful)
            if found is None:
                return None
            missing += found.missing
            if missing > bound:
                return None
            kinds |= found.useful
        return Distance(missing, frozenset(kinds))


    def near(self, counts: Sequence[int], limits: Limits, budget: int) -> Iterator[tuple[int, ...]]:
        """Every hand of the product within *budget* tiles beyond *counts*, as 34 counts."""
        parts = [block.near(counts, limits, budget) for block in self.blocks]
        if not all(parts):
            return
        least = [min(m for m, _ in part) for part in parts]
        after = [sum(least[i + 1:]) for i in range(len(parts))]  # the least the later blocks need
        total = [0] * 34

        def walk(i: int, missing: int) -> Iterator[tuple[int, ...]]:
            if i == len(parts):
                yield tuple(total)
                return
            for more, option in parts[i]:
                if missing + more + after[i] > budget:
                    continue
                for k, n in option:
                    total[k] += n
                yield from walk(i + 1, missing + more)
                for k, n in option:
                    total[k] -= n

        yield from walk(0, 0)


@dataclass(frozen=True, slots=True)
class Family:
    """A shape's complete standing hands: the union of its products."""

    products: tuple[Product, ...]


def family_distance(family: Family, counts: Sequence[int], limits: Limits, *, useful: bool = True,
                    within: int = UNREACHABLE) -> Distance | None:
    """The distance of *counts* to the nearest hand of *family* within *limits* (None: none).

    With *within*, any answer above it (None included) may come as soon as it is known to be
    above it; ``useful=False`` leaves the useful kinds out.
    """
    best = UNREACHABLE
    kinds: set[int] = set()
    for item in family.products:
        # ties keep their useful kinds; without them, only a strictly nearer product matters
        bound = min(best if useful else best - 1, within)
        found = item.nearest(counts, limits, useful, bound)
        if found is None:
            continue
        if found.missing < best:
            best, kinds = found.missing, set(found.useful)
        else:
            kinds |= found.useful
    if best >= UNREACHABLE:
        return None
    return Distance(best, frozenset(kinds) if best else frozenset())


def family_near(family: Family, counts: Sequence[int], limits: Limits, budget: int) -> list[tuple[int, ...]]:
    """Every hand of *family* within *limits* holding at most *budget* tiles beyond *counts*, once
    each, sorted."""
    return sorted({hand for item in family.products for hand in item.near(counts, limits, budget)})


def with_melds(family: Family, melds: Sequence[Meld], *, kongs: bool = True) -> Family:
    """The family's hands with these declared melds: each pung or kong (a kong only when *kongs*)
    fills one place of its kind in one block; chows fill none."""
    if any(m.kind is MeldKind.CHOW or (m.is_kong and not kongs) for m in melds):
        return Family(())
    kept = []
    for item in family.products:
        blocks: list[Block | None] = list(item.blocks)
        assigned: dict[int, list[int]] = {}
        for meld in melds:
            kind = meld.first.index
            home = next((i for i, b in enumerate(item.blocks) if kind in b.kinds), None)
            if home is None:
                break
            assigned.setdefault(home, []).append(kind)
        else:
            for i, kinds in assigned.items():
                block = blocks[i]
                blocks[i] = None if block is None else block.filled(kinds)
            if all(b is not None for b in blocks):
                kept.append(Product(tuple(b for b in blocks if b is not None)))
    return Family(tuple(kept))


def expand(family: Family) -> Iterator[tuple[int, ...]]:
    """Every complete standing hand of *family* as 34 counts (duplicates possible across products)."""
    for item in family.products:
        for parts in cartesian(*(list(b.hands()) for b in item.blocks)):
            counts = [0] * 34
            for part in parts:
                for k, n in part:
                    counts[k] += n
            yield tuple(counts)


def template_distance(templates: Sequence[Mapping[int, int]]) -> Callable[[Sequence[int], Limits], Distance | None]:
    """A distance function for a shape given as a short list of its complete standing hands.

    >>> toy = template_distance([{0: 2, 8: 1}, {0: 1, 8: 2}])   # a toy shape: 1m1m9m or 1m9m9m
    >>> d = toy([1] + [0] * 33, (4,) * 34)
    >>> d.missing, sorted(d.useful)
    (2, [0, 8])
    """
    family = Family((Product((Choice.of(templates),)),))

    def distance(counts: Sequence[int], limits: Limits) -> Distance | None:
        return family_distance(family, counts, limits)

    return distance


class FamilyMeasures:
    """A special shape's :attr:`~mahjong_arbiter.solver.shapes.SpecialShape.distance` and
    :attr:`~mahjong_arbiter.solver.shapes.SpecialShape.near` from its family of complete hands,
    built on first use and kept (and kept per set of declared melds, which fill its places;
    *kongs* False when a declared kong cannot)."""

    def __init__(self, build: Callable[[], Family], *, kongs: bool = True) -> None:
        plain = cache(build)

        @lru_cache(maxsize=256)
        def melded(melds: tuple[Meld, ...]) -> Family:
            return with_melds(plain(), melds, kongs=kongs)

        self._plain, self._melded = plain, melded

    def family(self, melds: tuple[Meld, ...]) -> Family:
        """The complete standing hands with these declared melds."""
        return self._melded(melds) if melds else self._plain()

    def distance(self, given: DistanceInput) -> Distance | None:
        return family_distance(self.family(given.melds), given.counts, given.limits, useful=given.useful,
                               within=given.within)

    def near(self, given: DistanceInput, budget: int) -> list[tuple[int, ...]]:
        return family_near(self.family(given.melds), given.counts, given.limits, budget)
