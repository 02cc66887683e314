"""The rule catalogue: every recogniser registered under its stable id.

A rule is a small pure predicate over a :class:`~mahjong_arbiter.solver.reading.Reading` and a
:class:`Situation`; it returns :class:`Hits`: how many times the rule holds and which groups each
instance uses (account-once needs that).  Predicates know nothing of values, names shown to the
user, or other rules: those live in the profiles.

A rule may also state :class:`Needs`: a cheap prerequisite that holds whenever the rule can
(a fan of three chows needs three chows; Edge Wait needs an edge-wait placement; All Green needs
no tile outside its set).  Each prerequisite is a bit of an integer, so :func:`applicable` tests
every rule of a profile against a Reading with one integer operation per rule
(:func:`mahjong_arbiter.scoring.common.rule_hits`), and a predicate is
called only when its prerequisite holds.  A prerequisite never decides a rule, it only skips
predicates that could not hold (the test suite checks that skipping never hides a hit).

Rule modules group predicates by family (``rules/mcr_*.py``, ``rules/classical_*.py``,
``rules/hk_*.py``, ...); every module of this package is imported by :func:`known_rule_ids`, so
adding a family never touches this file.

>>> from mahjong_arbiter.rules.registry import Hits
>>> Hits.times(3).count
3
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Final

from ..events import FACTS, implied_events
from ..hand import KNOWN_EVENTS, Context, Hand
from ..solver.reading import STANDARD, Group, Reading, Wait
from ..solver.shapes import BUILTIN_SPECIAL_SHAPES
from ..tiles import NUM_KINDS, Tile, kinds_mask

__all__ = [
    "Hits", "hits_of", "NONE", "ONCE", "Situation", "RuleDef", "Needs", "SITUATION_FACTS", "rule", "get_rule",
    "known_rule_ids", "rules_reading", "reading_features", "reading_structure", "plan", "grouped", "Plan",
    "SCREEN_MASKS", "SCREEN_DERIVED", "FEATURE_PARTS", "SUITED_KINDS", "HONOURS_AT", "fact_bits",
]


@dataclass(frozen=True, slots=True)
class Hits:
    """The instances of a rule found on one Reading; each instance names the groups it uses.

    A rule about the whole hand (a flush, a wait, a win condition) has instances that use no
    groups (an empty tuple); a rule about sets lists them (Pure Double Chow: its two chows).
    """

    instances: tuple[tuple[Group, ...], ...] = ()

    @property
    def count(self) -> int:
        return len(self.instances)

    def __bool__(self) -> bool:
        return bool(self.instances)

    @classmethod
    def once(cls, groups: Iterable[Group] = ()) -> Hits:
        """One instance using *groups*."""
        found = tuple(groups)
        return hits_of((found,)) if found else ONCE

    @classmethod
    def each(cls, instances: Iterable[Iterable[Group]]) -> Hits:
        """One instance per item of *instances*."""
        found = tuple(map(tuple, instances))
        return hits_of(found) if found else NONE

    @classmethod
    def times(cls, n: int) -> Hits:
        """*n* instances that use no groups (bonus tiles, for example)."""
        return _TIMES[n] if 0 <= n < len(_TIMES) else cls(((),) * n)

    @classmethod
    def when(cls, condition: bool, groups: Iterable[Group] = ()) -> Hits:
        """One instance using *groups* if *condition*, else none."""
        if not condition:
            return NONE
        found = tuple(groups)
        return hits_of((found,)) if found else ONCE


NONE = Hits()
_SET_INSTANCES: Final = Hits.__dict__["instances"].__set__
_new = object.__new__


def hits_of(instances: tuple[tuple[Group, ...], ...]) -> Hits:
    """``Hits(instances)``, built without the dataclass's ``__init__`` (a rule that holds makes
    one per Reading; this takes about two thirds of the instructions).

    >>> hits_of(((),)) == Hits(((),))
    True
    """
    hits: Hits = _new(Hits)
    _SET_INSTANCES(hits, instances)
    return hits

ONCE: Final = Hits(((),))
"""The hits of a whole-hand rule that holds: one shared value (Hits are immutable), which a
predicate returns as it returns :data:`NONE`, without the call of :meth:`Hits.when`."""
_TIMES: Final = tuple(Hits(((),) * n) for n in range(9))


class Situation:
    """What a predicate may know besides the Reading: the hand, the context, the waits.

    Parameters
    ----------
    hand : Hand
        The complete hand (or a loser's thirteen).
    context : Context
    policies : mapping
        The profile's named policies (e.g. whether a kind whose four copies are held counts as a
        wait).
    winner : bool
        False when a loser's hand is scored.
    wait_finder : callable, optional
        ``hand -> (waits, held_out)`` for the thirteen tiles the complete *hand* stood on before
        its winning tile; supplied by the scorer so that rules never import the solver's
        backends.  :attr:`waits` calls it once, lazily.
    sole_wait_finder : callable, optional
        ``(hand, held_out_counts) -> bool``: whether those thirteen tiles waited on one kind only
        (the held-out kinds counted when *held_out_counts*), the answer :meth:`sole_wait` reads
        from the waits, found without all of them; supplied by the scorer like *wait_finder*.
    """

    def __init__(
        self,
        hand: Hand,
        context: Context,
        policies: Mapping[str, Any] | None = None,
        winner: bool = True,
        wait_finder: Callable[[Hand], tuple[tuple[Tile, ...], tuple[Tile, ...]]] | None = None,
        sole_wait_finder: Callable[[Hand, bool], bool] | None = None,
    ) -> None:
        self.hand = hand
        self.context = context
        self.policies: Mapping[str, Any] = policies or {}
        self.winner = winner
        self._wait_finder = wait_finder
        self._sole_wait_finder = sole_wait_finder
        self._found: tuple[tuple[Tile, ...], tuple[Tile, ...]] | None = None
        self._sole: dict[bool, bool] = {}
        self._facts: int | None = None

    __slots__ = (
        "hand", "context", "policies", "winner", "_wait_finder", "_sole_wait_finder", "_found", "_sole", "_facts"
    )

    @property
    def _waits_and_held(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        found = self._found
        if found is None:
            if self._wait_finder is None or self.hand.winning_tile is None:
                found = ((), ())
            else:
                found = self._wait_finder(self.hand)
            self._found = found
        return found

    @property
    def waits(self) -> tuple[Tile, ...]:
        """Kinds that complete the thirteen tiles the hand stood on (winning tiles only)."""
        return self._waits_and_held[0]

    @property
    def held_out(self) -> tuple[Tile, ...]:
        """Kinds that complete the thirteen but whose four copies the hand already holds."""
        return self._waits_and_held[1]

    def sole_wait(self, held_out_counts: bool) -> bool:
        """Whether the thirteen tiles waited on one kind only: :attr:`waits`, and
        :attr:`held_out` too when *held_out_counts* (read once per flag)."""
        found = self._sole.get(held_out_counts)
        if found is None:
            if self._found is None and self._sole_wait_finder is not None and self.hand.winning_tile is not None:
                found = self._sole_wait_finder(self.hand, held_out_counts)
            else:
                kinds = set(self.waits)
                if held_out_counts:
                    kinds |= set(self.held_out)
                found = len(kinds) == 1
            self._sole[held_out_counts] = found
        return found

    @property
    def facts(self) -> int:
        """The situation's facts (:data:`SITUATION_FACTS`), one bit each (the facts part of the
        feature word, unshifted: :data:`FEATURE_PARTS`), read once."""
        found = self._facts
        if found is None:
            found = self._facts = self._read_facts()
        return found

    @property
    def features(self) -> int:
        """The situation's side of the feature word (see :class:`Needs`); combine with
        :func:`reading_features`."""
        return self.facts << FACTS_AT

    def _read_facts(self) -> int:
        ctx = self.context
        hand = self.hand
        self_drawn = ctx.self_drawn
        bits = _SELF_DRAWN if self_drawn else _DISCARD
        if ctx.last_tile:
            bits |= _LAST_TILE
        if ctx.last_of_kind:
            bits |= _LAST_OF_KIND
        if ctx.kong_related:
            bits |= _KONG_REPLACEMENT if self_drawn else _ROBBING_KONG
        bits |= _FLOWERS if ctx.flowers > 0 else _NO_FLOWERS
        if ctx.bonus_tiles:
            bits |= _BONUS_TILES
        bits |= _WINNER if self.winner else _LOSER
        melds = hand.melds
        if melds:  # concealed kongs only, or an exposed meld (Hand.is_fully_concealed, without its generator)
            bits |= _MELDS_CONCEALED
            for meld in melds:
                if meld.exposed:
                    bits ^= _NO_EXPOSED_MELD
                    break
        else:
            bits |= _NO_MELDS
        if ctx.events:
            for event in implied_events(ctx.events):  # as Context.has answers: Earth's Blessing is a first-turn win
                bits |= _FACT_BITS[f"event:{event}"]
        return bits


Predicate = Callable[[Reading, Situation], Hits]

# --- prerequisites ----------------------------------------------------------------------------------
# A feature word has four parts (FEATURE_PARTS).  Bits 0..33 (the suits' 0..26, the honours'
# 27..33) say which kinds are ABSENT from the Reading, so "no tile outside S" is the requirement
# that every kind outside S be absent: a subset test like every other.  The situation's facts
# follow, then the Reading's structure: counts of sets (one bit per threshold), honours, a shared
# kind, the wait, a special shape, the shape.  Each part has its own bits too (_FACT_BITS,
# _STRUCTURE_BITS): the facts and the structure of the built-in shapes but thirteen orphans (the
# last of them) each fit in one CPython digit, whose & takes a fast path that a word of ninety
# bits misses (and the kinds, split in two parts of 27 and 7 bits).
_KINDS: Final = (1 << NUM_KINDS) - 1


SITUATION_FACTS: Final = (
    "self_drawn", "discard", "last_tile", "last_of_kind", "kong_related", "kong_replacement", "robbing_kong",
    "flowers", "no_flowers", "bonus_tiles", "winner", "loser", "melds", "no_melds", "no_exposed_meld",
    *(f"event:{event}" for event in KNOWN_EVENTS),
)
"""The facts of a situation a rule may need (:attr:`Needs.situation`): the context flags, whether the
hand is the winner's, whether it declares melds or only concealed ones, and ``event:NAME`` for
each known event."""

HONOURS_AT: Final = 27
"""The kinds mask's bit where the honours' kinds begin (East, South, West, North, then the dragons)."""
FACTS_AT: Final = NUM_KINDS
"""The feature word's bit where the situation's facts begin (:attr:`Situation.facts`)."""
STRUCTURE_AT: Final = FACTS_AT + len(SITUATION_FACTS)
"""The feature word's bit where the Reading's structure begins (:func:`reading_structure`)."""
SUITED_KINDS: Final = (1 << HONOURS_AT) - 1
"""The kinds of the three suits in a kinds mask (bits 0..26); the honours' kinds lie above."""
FEATURE_PARTS: Final = (
    ("suited", 0, HONOURS_AT), ("honours", HONOURS_AT, NUM_KINDS - HONOURS_AT),
    ("facts", FACTS_AT, len(SITUATION_FACTS)), ("structure", STRUCTURE_AT, 0),
)
"""The parts of a feature word: a name, the bit it begins at and its width (0: every bit above).
A profile's compiled rules (:func:`mahjong_arbiter.scoring.common.compile_plan`) test each part
as an integer of its own under that name: ``suited`` and ``honours`` the Reading's kinds of the
suits and of the honours (the kinds *present*, :attr:`Reading.mask
<mahjong_arbiter.solver.reading.Reading.mask>` split in two, :data:`SCREEN_DERIVED`: each part
below 2**30, one CPython digit, whose ``&`` takes the fast path a 34-bit mask misses), ``facts``
and ``structure`` the part's bits."""

_FACT_BITS: Final = {fact: 1 << i for i, fact in enumerate(SITUATION_FACTS)}
"""Each situation fact's bit in :attr:`Situation.facts`."""


def fact_bits(*facts: str) -> int:
    """The bits of *facts* (:data:`SITUATION_FACTS`) in :attr:`Situation.facts`: a predicate that
    asks several facts at once tests ``situation.facts & bits == bits``.

    >>> fact_bits("self_drawn", "discard") == fact_bits("self_drawn") | fact_bits("discard")
    True
    """
    return sum({_FACT_BITS[fact] for fact in facts})


_STRUCTURE_BITS: dict[str, int] = {}


def _bit(name: str) -> int:
    """The bit of a structural fact in :func:`reading_structure` (given on first use)."""
    found = _STRUCTURE_BITS.get(name)
    if found is None:
        found = _STRUCTURE_BITS[name] = 1 << len(_STRUCTURE_BITS)
    return found


_THRESHOLDS: Final = {
    "chows": (1, 2, 3, 4), "pungs": (1, 2, 3, 4), "kongs": (1, 2, 3, 4), "pairs": (1, 4), "alike_chows": (1, 2),
}
"""The counts of :class:`Needs` that have a bit of the structure each, by what they count (no rule
asks two or three pairs, nor three chows alike but Quadruple Chow, which asks its own screen: so the
structure's bits stay below 2**30)."""
_COUNTED: Final = tuple(_THRESHOLDS)
_AT_LEAST: Final = {what: {n: _bit(f"{what}>={n}") for n in thresholds} for what, thresholds in _THRESHOLDS.items()}
# the bits a Reading with n of them sets, and a rule needing n needs: every threshold up to n
_COUNT_BITS: Final = {
    what: tuple(sum(bit for at_least, bit in bits.items() if at_least <= n) for n in range(8))
    for what, bits in _AT_LEAST.items()
}
_HONOURS: Final = _bit("honours")
_SHARED: Final = _bit("shared_kind")
_OTHERS: Final = _bit("others")
_WAIT_BITS: Final = {wait: _bit(f"wait:{wait.value}") for wait in Wait}
# any shape but the standard one: a rule of a special shape, or of groups only special shapes hold
# (others), needs it too, so that the compiled rules test it once for all of them (compile_plan)
_SPECIAL: Final = _bit("special")
# the situation's bits, or-ed as they come together (see Situation._read_facts)
_SELF_DRAWN: Final = _FACT_BITS["self_drawn"]
_DISCARD: Final = _FACT_BITS["discard"]
_LAST_TILE: Final = _FACT_BITS["last_tile"]
_LAST_OF_KIND: Final = _FACT_BITS["last_of_kind"]
_KONG_REPLACEMENT: Final = _FACT_BITS["kong_related"] | _FACT_BITS["kong_replacement"]
_ROBBING_KONG: Final = _FACT_BITS["kong_related"] | _FACT_BITS["robbing_kong"]
_FLOWERS: Final = _FACT_BITS["flowers"]
_NO_FLOWERS: Final = _FACT_BITS["no_flowers"]
_BONUS_TILES: Final = _FACT_BITS["bonus_tiles"]
_WINNER: Final = _FACT_BITS["winner"]
_LOSER: Final = _FACT_BITS["loser"]
_NO_EXPOSED_MELD: Final = _FACT_BITS["no_exposed_meld"]
_MELDS_CONCEALED: Final = _FACT_BITS["melds"] | _NO_EXPOSED_MELD
_NO_MELDS: Final = _FACT_BITS["no_melds"] | _FACT_BITS["no_exposed_meld"]
_WITH_IMPLIED: Final = {"kong_replacement": _KONG_REPLACEMENT, "robbing_kong": _ROBBING_KONG, "no_melds": _NO_MELDS}
"""The bits of a fact that always comes with others (as :meth:`Situation._read_facts` sets them): a
rule that needs it needs those too, so that the compiled rules test the shared one once for all
the rules needing any of them (Robbing the Kong and Out with Replacement Tile: kong_related)."""
_SHAPE_BITS: dict[str, int] = {}


def _shape_bit(shape: str) -> int:
    """The bit of a shape name (a profile's own shape gets one the first time it is named)."""
    found = _SHAPE_BITS.get(shape)
    if found is None:
        found = _SHAPE_BITS[shape] = _bit(f"shape:{shape}")
    return found


for _shape in ("standard", *sorted(BUILTIN_SPECIAL_SHAPES)):
    _shape_bit(_shape)
_STANDARD: Final = _SHAPE_BITS["standard"]


@dataclass(frozen=True)
class Needs:
    """What a Reading and its situation must have before a rule's predicate is worth calling.

    Every field is a necessary condition of the rule (never a sufficient one, unless the rule
    declares them :attr:`exact`): the predicate still decides.  Leaving a field out asks nothing.

    Attributes
    ----------
    chows, pungs, kongs, pairs : int
        At least this many chows, pungs (kongs count), kongs, pairs (1 to 4; two or three pairs
        ask one, :data:`_THRESHOLDS`).
    alike_chows : int
        At least this many chows each equal to a chow before it (1: two chows alike; 2: three
        alike, or two pairs of chows alike; more asks two).
    shape : str or None
        The Reading's shape (``"standard"``, ``"seven_pairs"``, ...).
    shapes : tuple of str
        Shapes at least one of which is the Reading's (All Chows: the standard one or a Knitted
        Straight), tested with the :attr:`screen`.
    within : frozenset of Tile or None
        Every tile of the hand is one of these kinds.
    honours : bool
        The hand holds a wind or a dragon.
    shared_kind : bool
        Two groups hold the same kind (the only way four copies stand without a kong).
    others : bool
        The Reading holds a group that is neither a set nor a pair (a knitted group, a special
        shape's single tiles: :attr:`Reading.others <mahjong_arbiter.solver.reading.Reading.others>`).
    wait : Wait or None
        The winning tile's placement has this wait.
    situation : tuple of str
        Facts of the situation that must hold, from :data:`SITUATION_FACTS` (unlike the event
        registry's facts a rule declares it reads, these are necessary conditions only).
    any_situation : tuple of str
        Facts of the situation at least one of which must hold (Last Tile needs the caller's
        flag or a declared meld).
    screen : str
        A necessary condition on the Reading's kinds, as a Python expression over ``chows``
        (:attr:`Reading.chow_mask <mahjong_arbiter.solver.reading.Reading.chow_mask>`),
        ``pungs`` (``pung_mask``), ``kinds`` (``mask``) and the names worked out from them
        (:data:`SCREEN_DERIVED`: ``suited`` and ``honours``, ``suited_pungs`` and
        ``honour_pungs``, the masks' parts below 2**30 that a screen reads rather than the 34-bit
        masks, and ``suits``, how many suits the kinds hold) with integer literals: a profile's
        compiled rules (:func:`mahjong_arbiter.scoring.common.compile_plan`) test it before
        calling the predicate (say, ``"chows & chows >> 3"``: two chows three ranks apart).  It
        is the one statement of that shortcut; the predicate still decides without it.
    exact : bool
        The rule holds, once and naming no groups (:data:`ONCE`), on every Reading and situation
        that pass the other fields: they are the rule's whole test, so a profile's compiled rules
        keep :data:`ONCE` without calling the predicate (a call costs more than most whole-hand
        fans' tests).  The predicate stays the statement of the rule, asked wherever the rules
        are not compiled; ``tests/test_rule_prerequisites.py`` checks that it holds wherever the
        needs of an exact rule do.

    >>> from mahjong_arbiter.tiles import Tile
    >>> needs = Needs(chows=2, within=frozenset(Tile.of(t) for t in "1m 2m 3m 4m 5m 6m".split()))
    >>> needs.bits & (1 << 8) != 0  # 9m must be absent
    True
    """

    chows: int = 0
    pungs: int = 0
    kongs: int = 0
    pairs: int = 0
    alike_chows: int = 0
    shape: str | None = None
    shapes: tuple[str, ...] = ()
    within: frozenset[Tile] | None = None
    honours: bool = False
    shared_kind: bool = False
    others: bool = False
    wait: Wait | None = None
    situation: tuple[str, ...] = ()
    any_situation: tuple[str, ...] = ()
    screen: str = ""
    exact: bool = False

    def __post_init__(self) -> None:
        unknown = [f for f in (*self.situation, *self.any_situation) if f not in SITUATION_FACTS]
        if unknown:
            raise ValueError(f"unknown situation fact {unknown[0]!r}; known: {', '.join(SITUATION_FACTS)}")
        if self.screen:
            names = compile(self.screen, "<screen>", "eval").co_names
            if not set(names) <= SCREEN_NAMES:
                raise ValueError(f"screen {self.screen!r} reads {sorted(set(names) - SCREEN_NAMES)}; "
                                 f"it may read only {', '.join(sorted(SCREEN_NAMES))}")

    @cached_property
    def bits(self) -> int:
        """The requirement as a feature word: the rule applies when ``features & bits == bits``."""
        structure = 0
        for what in _COUNTED:
            n = getattr(self, what)
            if n:  # every threshold up to n, as a Reading with n sets them: tests nest (compile_plan)
                structure |= _COUNT_BITS[what][min(n, 7)]
        if self.shape is not None:
            structure |= _shape_bit(self.shape)
            if self.shape != STANDARD:
                structure |= _SPECIAL
        if self.honours:
            structure |= _HONOURS
        if self.shared_kind:
            structure |= _SHARED
        if self.others:
            structure |= _OTHERS | _SPECIAL
        if self.wait is not None:
            structure |= _WAIT_BITS[self.wait]
        facts = 0
        for fact in self.situation:
            facts |= _WITH_IMPLIED.get(fact) or _FACT_BITS[fact]
        absent = _KINDS & ~kinds_mask(self.within) if self.within is not None else 0
        return absent | facts << FACTS_AT | structure << STRUCTURE_AT


    @cached_property
    def test(self) -> str:
        """What a profile's compiled rules test after the :attr:`bits`, as a Python expression
        over ``facts`` (:attr:`Situation.facts`), ``structure`` (:func:`reading_structure`) and
        the :attr:`screen`'s names: that one of :attr:`any_situation` holds, that the shape is
        one of :attr:`shapes`, and the screen ("" when none is asked)."""
        tests = []
        if self.any_situation:
            tests.append(f"facts & {sum({_FACT_BITS[fact] for fact in self.any_situation})}")
        if self.shapes:
            tests.append(f"structure & {sum({_shape_bit(shape) for shape in self.shapes})}")
        if self.screen:
            tests.append(f"({self.screen})")
        return " and ".join(tests)


NOTHING: Final = Needs()

SCREEN_MASKS: Final = {"chows": "chow_mask", "pungs": "pung_mask", "kinds": "mask"}
"""The masks a :attr:`Needs.screen` may read, each the Reading's mask of that name."""
SCREEN_DERIVED: Final = {
    "suited": f"kinds & {SUITED_KINDS}",
    "honours": f"kinds >> {HONOURS_AT}",
    "suited_pungs": f"pungs & {SUITED_KINDS}",
    "honour_pungs": f"pungs >> {HONOURS_AT}",
    # (as conditional expressions: a test of an integer's truth and the addition of small integers
    # cost less than a comparison and the addition of booleans; no shift)
    "suits": "(1 if suited & 511 else 0) + (1 if suited & 261632 else 0) + (1 if suited & 133955584 else 0)",
}
"""The other names a :attr:`Needs.screen` may read, each an expression over :data:`SCREEN_MASKS`
and the names before it that a profile's compiled rules work out once per Reading however many
screens read it: ``suited`` and ``honours``, the kinds of the suits (bits 0..26) and of the
honours (bit 0 East .. bit 6, the dragons from bit 4), ``suited_pungs`` and ``honour_pungs`` the
same of the pungs, ``suits`` how many of the three suits the Reading holds.  Each is below 2**30
(one CPython digit: its ``&`` and ``>>`` take the fast path that ``kinds`` and ``pungs``, 34 bits,
miss when they hold a North wind or a dragon), so a screen reads them rather than the masks."""
SCREEN_NAMES: Final = frozenset(SCREEN_MASKS) | frozenset(SCREEN_DERIVED)


def reading_features(reading: Reading) -> int:
    """The Reading's side of the feature word (see :class:`Needs`); combine with
    :attr:`Situation.features`."""
    structure = reading_structure(reading)
    return _KINDS & ~reading.mask | structure << STRUCTURE_AT


def reading_structure(reading: Reading) -> int:
    """The structure part of the Reading's feature word (:data:`FEATURE_PARTS`), unshifted:
    its counts of sets, honours, a shared kind, chows alike, other groups, its wait, whether its shape is a
    special one and its shape."""
    chows = len(reading.chows)
    bits = _SET_COUNTS[chows][len(reading.pungs)][len(reading.pairs)] | _WAIT_BITS[reading.wait]
    kongs = reading.kongs
    if kongs:  # (few Readings have one)
        bits |= _KONG_COUNT[len(kongs)]
    if reading.mask > SUITED_KINDS:  # (reading.mask & HONOUR_MASK, without a 34-bit &)
        bits |= _HONOURS
    if reading.shared_mask:
        bits |= _SHARED
        if chows > 1:  # chows alike: fewer lowest kinds than chows
            bits |= _ALIKE_COUNT[chows - reading.chow_mask.bit_count()]
    shape = reading.shape
    if shape == STANDARD:  # a standard Reading's groups are sets and its pair
        return bits | _STANDARD
    if reading.others:
        bits |= _OTHERS
    return bits | _SPECIAL | (_SHAPE_BITS.get(shape) or _shape_bit(shape))


_CHOW_COUNT: Final = _COUNT_BITS["chows"]
_PUNG_COUNT: Final = _COUNT_BITS["pungs"]
_KONG_COUNT: Final = _COUNT_BITS["kongs"]
_PAIR_COUNT: Final = _COUNT_BITS["pairs"]
_ALIKE_COUNT: Final = _COUNT_BITS["alike_chows"]
_SET_COUNTS: Final = tuple(
    tuple(tuple(_CHOW_COUNT[c] | _PUNG_COUNT[p] | _PAIR_COUNT[n] for n in range(8)) for p in range(8)) for c in range(8)
)
"""The bits of a Reading's counts of chows, pungs and pairs, by those counts (three subscripts in
place of three and two ``|``)."""


@dataclass(frozen=True, slots=True)
class RuleDef:
    """A registered recogniser: its id, the predicate, where it comes from, the context facts
    (:data:`mahjong_arbiter.events.FACTS`) that can earn it, and its cheap prerequisite."""

    id: str
    predicate: Predicate
    source: str
    facts: tuple[str, ...] = ()
    needs: Needs = NOTHING

    @property
    def doc(self) -> str:
        return (self.predicate.__doc__ or "").strip()


_REGISTRY: dict[str, RuleDef] = {}


def rule(
    rule_id: str, *, source: str, facts: tuple[str, ...] = (), needs: Needs = NOTHING
) -> Callable[[Predicate], Predicate]:
    """Register *predicate* under *rule_id* (a stable id such as ``mcr.pure-straight``).

    *facts* names the context facts of the event registry the predicate reads and that can earn
    the rule (``robbing_kong`` for Robbing the Kong): the rule counts on some hand with the fact
    and not without it.  ``tests/test_events.py`` checks every declaration against the scores.
    *needs* is the rule's cheap prerequisite (see :class:`Needs`).
    """
    unknown = [f for f in facts if f not in FACTS]
    if unknown:
        raise RuntimeError(f"rule {rule_id!r} declares unknown fact(s) {', '.join(unknown)}")

    def register(predicate: Predicate) -> Predicate:
        if rule_id in _REGISTRY and _REGISTRY[rule_id].predicate is not predicate:
            raise RuntimeError(f"rule id {rule_id!r} is registered twice")
        _REGISTRY[rule_id] = RuleDef(rule_id, predicate, source, tuple(facts), needs)
        return predicate

    return register


@cache
def _load_families() -> None:
    from .. import rules

    for info in pkgutil.iter_modules(rules.__path__):
        if info.name != "registry" and not info.name.startswith("_"):
            importlib.import_module(f"{rules.__name__}.{info.name}")


def known_rule_ids() -> frozenset[str]:
    """Every registered rule id (imports every rule family once)."""
    _load_families()
    return frozenset(_REGISTRY)


def get_rule(rule_id: str) -> RuleDef:
    """The recogniser registered under *rule_id*; KeyError if none."""
    _load_families()
    return _REGISTRY[rule_id]


def rules_reading(fact: str) -> frozenset[str]:
    """The ids of the rules that declare *fact* (the rules it can earn, in any profile)."""
    _load_families()
    return frozenset(rid for rid, d in _REGISTRY.items() if fact in d.facts)


def plan(
    rule_ids: Iterable[str], also: Mapping[str, str] | None = None
) -> tuple[tuple[int, str, Predicate], ...]:
    """For each of *rule_ids* in order: its prerequisite bits, its id and its predicate.

    *also* adds a situation fact (:data:`SITUATION_FACTS`) some rules need besides their own
    (a profile's rule for the winner only needs ``"winner"``).  A profile builds its plan once
    (:attr:`Profile.recognisers <mahjong_arbiter.profiles.model.Profile.recognisers>`).
    """
    found = []
    extra = also or {}
    for rid in rule_ids:
        definition = get_rule(rid)
        bits = definition.needs.bits
        if rid in extra:
            bits |= _FACT_BITS[extra[rid]] << FACTS_AT
        found.append((bits, rid, definition.predicate))
    return tuple(found)


Plan = tuple[tuple[int, tuple[tuple[int, str, Predicate], ...]], ...]
"""A plan in groups: (the bits every member needs, the members), so one test skips a group."""


def grouped(flat: Iterable[tuple[int, str, Predicate]]) -> Plan:
    """*flat* (:func:`plan`'s rules) in groups of equal structural needs (counts, shape, wait,
    situation; not the kinds), each group's rules in plan order.  A caller that reads the hits
    in a dict must not rely on their order (the arithmetics order them by the profile's graph).
    """
    groups: dict[int, list[tuple[int, str, Predicate]]] = {}
    for bits, rid, predicate in flat:
        groups.setdefault(bits & ~_KINDS, []).append((bits, rid, predicate))
    return tuple((head, tuple(members)) for head, members in groups.items())
