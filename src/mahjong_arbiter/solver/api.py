"""Every Reading of a hand, the waits of a thirteen-tile hand, and the decomposition count.

Readings are found in three steps:

1. a backend splits the standing tiles into the sets the declared melds leave and one pair
   (``fast`` by table lookup, ``cpsat`` with the OR-Tools model, ``csp`` with python-constraint; all
   three give the same splits), and each chosen special shape groups them its own way;
2. every split becomes one Reading per distinct placement of the winning tile
   (:mod:`mahjong_arbiter.solver.placement`: concealment and wait);
3. equal Readings merge and the rest are sorted by :meth:`Reading.sort_key`.

>>> from mahjong_arbiter.hand import Hand
>>> from mahjong_arbiter.tiles import Tile
>>> def tiles(text): return [Tile.of(t) for t in text.split()]
>>> hand = Hand(tiles("1m 2m 3m 3m 4m 5m 7p 8p 9p 2s 3s 4s 5s 5s"), winning_tile=Tile.of("3m"))
>>> [f"{r.winning} {r.wait.value}" for r in readings(hand)]
['1m2m3m edge', '3m4m5m two-sided']
>>> decomposition_count(hand)
1
>>> w = waits(hand.without_winning_tile())
>>> [str(t) for t in w.tiles], w.held_out
(['3m', '6m'], ())
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from ..errors import ArbiterError, HandError
from ..hand import Hand, Meld
from ..tiles import ALL_PLAYING, NUM_KINDS, Tile, counts_of
from .placement import Decomposer, meld_group, place_winning_tile
from .reading import STANDARD, Reading
from .shapes import DEFAULT_SHAPES, ShapeInput, ShapeOptions, SpecialShape, WaitInput

__all__ = [
    "BACKENDS", "Waits", "completes", "decomposer", "readings", "readings_of_counts", "waits", "winning_kinds",
    "winning_kinds_before", "sole_wait_before", "decomposition_count", "splits_among",
]

BACKENDS: Final = {
    "fast": "mahjong_arbiter.solver.fast",
    "cpsat": "mahjong_arbiter.solver.cpsat",
    "csp": "mahjong_arbiter.solver.csp",
}
"""Backend name to module; each module defines ``decompose(counts, sets)``."""


@cache
def decomposer(backend: str) -> Decomposer:
    """The ``decompose`` function of a backend (its module is imported on first use)."""
    if backend not in BACKENDS:
        raise ArbiterError("unknown_backend", f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    found: Decomposer = importlib.import_module(BACKENDS[backend]).decompose
    return found


def readings_of_counts(
    counts: Sequence[int],
    melds: Sequence[Meld],
    winning_tile: Tile,
    *,
    self_drawn: bool,
    decompose: Decomposer,
    shapes: ShapeOptions,
) -> list[Reading]:
    """The Readings of standing tile *counts* (34, the winning tile included) with *melds*.

    Works on counts rather than a :class:`Hand`, so :func:`waits` can try a fifth copy of a kind.
    """
    declared = tuple(map(meld_group, melds)) if melds else ()
    sets = 4 - len(melds)
    found: list[Reading] = []
    splits = decompose(counts, sets) if shapes.standard else ()  # [] unless sets and a pair's worth
    for split in splits:
        found += place_winning_tile(STANDARD, split, declared, winning_tile, self_drawn)
    special = shapes.special_shapes(len(melds), bool(splits))  # a standard hand rules some shapes out
    if special:
        held = NUM_KINDS - counts.count(0)  # how many kinds stand: most shapes hold a few numbers only
        shape_input = None
        for shape in special:
            if shape.kinds is not None and held not in shape.kinds:
                continue
            if shape_input is None:
                shape_input = ShapeInput(tuple(counts), tuple(melds), shapes, decompose)
            groupings = shape.groupings(shape_input)
            for grouping in groupings:
                found += place_winning_tile(shape.name, grouping, declared, winning_tile, self_drawn)
    if len(found) > 1:
        # distinct splits (every backend returns each once) and distinct shapes give distinct Readings
        found.sort(key=Reading.order_key)
    return found


def readings(
    hand: Hand, *, self_drawn: bool = False, backend: str = "fast", shapes: ShapeOptions = DEFAULT_SHAPES
) -> list[Reading]:
    """Every Reading of a complete hand, sorted, each once; ``[]`` when it is not complete.

    Parameters
    ----------
    hand : Hand
        A complete hand (with its winning tile).
    self_drawn : bool
        Won from the wall: every standing group stays concealed.  On a discard (the default) the
        group the winning tile completed counts as exposed.
    backend : {"fast", "cpsat", "csp"}
        How the standing tiles are split; all three give the same Readings.
    shapes : ShapeOptions
        The shapes the profile accepts.

    See :func:`mahjong_arbiter.solver.diagnose.why_not_complete` for the reason a hand has none.

    Examples
    --------
    A pung completed by a discard is exposed; self-drawn it stays concealed:

    >>> from mahjong_arbiter.hand import Hand
    >>> from mahjong_arbiter.tiles import Tile
    >>> hand = Hand([Tile.of(t) for t in "2p 2p 2p 4p 5p 6p 7s 8s 9s E E E C C".split()],
    ...             winning_tile=Tile.of("E"))
    >>> [(str(r.winning), r.winning.concealed, r.wait.value) for r in readings(hand)]
    [('EEE', False, 'dual-pung')]
    >>> readings(hand, self_drawn=True)[0].winning.concealed
    True
    """
    if hand.winning_tile is None:
        raise HandError("winning_tile_missing", "a Reading needs a complete hand with its winning tile")
    return readings_of_counts(
        hand.standing_counts, hand.melds, hand.winning_tile,
        self_drawn=self_drawn, decompose=decomposer(backend), shapes=shapes,
    )


def decomposition_count(hand: Hand, *, backend: str = "fast") -> int:
    """How many distinct standard decompositions (sets and a pair) the hand's tiles have.

    The winning tile's placement is ignored and special shapes are not counted.

    >>> from mahjong_arbiter.hand import Hand
    >>> from mahjong_arbiter.tiles import Tile
    >>> hand = Hand([Tile.of(t) for t in "1m 1m 1m 2m 2m 2m 3m 3m 3m 4p 5p 6p 7s 7s".split()],
    ...             winning_tile=Tile.of("7s"))
    >>> decomposition_count(hand)
    2
    """
    counts = counts_of(hand.concealed)
    sets = 4 - len(hand.melds)
    if sum(counts) != 3 * sets + 2:
        return 0
    return len(decomposer(backend)(counts, sets))


def splits_among(found: Sequence[Reading]) -> int:
    """How many distinct standard decompositions the Readings *found* come from: what
    :func:`decomposition_count` says for their hand when the standard shape was read, without
    splitting the tiles again (each split gives one Reading per placement of the winning tile).

    >>> from mahjong_arbiter.hand import Hand
    >>> from mahjong_arbiter.tiles import Tile
    >>> hand = Hand([Tile.of(t) for t in "1m 1m 1m 2m 2m 2m 3m 3m 3m 4p 5p 6p 7s 7s".split()],
    ...             winning_tile=Tile.of("1m"))
    >>> splits_among(readings(hand)), decomposition_count(hand)
    (2, 2)
    """
    if len(found) == 1:  # one Reading: one split, if it is of the standard shape
        return 1 if found[0].shape == STANDARD else 0
    return len({
        tuple(sorted((g._key[0], g._key[1], g.declared) for g in r.groups)) for r in found if r.shape == STANDARD
    })


@dataclass(frozen=True)
class Waits:
    """What a thirteen-tile hand waits for.

    Attributes
    ----------
    tiles : tuple of Tile
        The kinds that complete the hand, in tile order.
    by_tile : dict
        For each of ``tiles``, its Readings.
    held_out : tuple of Tile
        Kinds that would complete the shape but whose four copies the hand already holds: formally
        waits, never winning tiles (profiles differ on whether they count for wait scoring).
    """

    tiles: tuple[Tile, ...]
    by_tile: dict[Tile, tuple[Reading, ...]]
    held_out: tuple[Tile, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "waits": [
                {"tile": t.token, "readings": [r.to_dict() for r in self.by_tile[t]]} for t in self.tiles
            ],
            "held_out": [t.token for t in self.held_out],
        }


def completes(
    counts: Sequence[int], melds: Sequence[Meld], *, decompose: Decomposer, shapes: ShapeOptions
) -> bool:
    """Whether standing *counts* (34, fourteen tiles' worth with *melds*) form any allowed shape.

    The plain test, no Readings built; :func:`winning_kinds` uses the same tests shape by shape.
    """
    sets = 4 - len(melds)
    if shapes.standard and sum(counts) == 3 * sets + 2 and decompose(counts, sets):
        return True
    special = shapes.special_shapes(len(melds))
    if not special:
        return False
    shape_input = ShapeInput(tuple(counts), tuple(melds), shapes, decompose)
    return any(shape.groupings(shape_input) for shape in special)


def winning_kinds(
    hand13: Hand, *, backend: str = "fast", shapes: ShapeOptions = DEFAULT_SHAPES
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The kinds that complete a thirteen-tile hand, and those whose four copies it holds.

    The same kinds as :func:`waits` without their Readings: what wait rules need, fast.  Four sets
    and a pair: the ``fast`` backend reads its per-suit wait table (one lookup per suit); another
    backend tries each kind already held or suited within two ranks of one held (the only tiles a
    chow, pung or pair can join).  A special shape names its waits itself when it has a ``waits``
    function, else it is tried on its declared candidates (every kind if it declares none).

    A kong of 1m beside 23m: 4m wins, 1m would too but all four copies are in the kong.

    >>> from mahjong_arbiter.hand import Hand, Meld
    >>> from mahjong_arbiter.tiles import Tile
    >>> standing = [Tile.of(t) for t in "2m 3m 4p 5p 6p 7p 8p 9p E E".split()]
    >>> hand = Hand(standing, (Meld.kong(Tile.of("1m")),))
    >>> [[str(t) for t in kinds] for kinds in winning_kinds(hand)]
    [['4m'], ['1m']]
    """
    if hand13.winning_tile is not None or hand13.size != 13:
        raise HandError("tile_count", f"waits needs a thirteen-tile hand without a winning tile; got {hand13.size}")
    held = counts_of(hand13.concealed)
    for meld in hand13.melds:
        for t in meld.tiles:
            held[t.index] += 1
    return _kinds_completing(counts_of(hand13.concealed), hand13.melds, held, backend, shapes)


def winning_kinds_before(
    hand: Hand, *, backend: str = "fast", shapes: ShapeOptions = DEFAULT_SHAPES
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """:func:`winning_kinds` of the thirteen tiles a complete *hand* stood on before its winning
    tile (what a wait rule asks), without building that thirteen-tile hand.

    >>> from mahjong_arbiter.hand import Hand
    >>> from mahjong_arbiter.tiles import Tile
    >>> hand = Hand([Tile.of(t) for t in "1m 2m 3m 3m 4m 5m 7p 8p 9p 2s 3s 4s 5s 5s".split()],
    ...             winning_tile=Tile.of("3m"))
    >>> [str(t) for t in winning_kinds_before(hand)[0]]
    ['3m', '6m']
    """
    standing, held = _before_winning_tile(hand)
    return _kinds_completing(standing, hand.melds, held, backend, shapes)


def sole_wait_before(
    hand: Hand, *, held_out_counts: bool, backend: str = "fast", shapes: ShapeOptions = DEFAULT_SHAPES
) -> bool:
    """Whether exactly one kind completed the thirteen tiles a complete *hand* stood on: one of
    :func:`winning_kinds_before`'s live kinds, its held-out kinds counted too when
    *held_out_counts* (what a wait fan asks).  The same answer as counting those kinds, found
    faster: the search stops at the second kind (most hands: before any special shape is tried).

    >>> from mahjong_arbiter.hand import Hand
    >>> from mahjong_arbiter.tiles import Tile
    >>> hand = Hand([Tile.of(t) for t in "1m 2m 3m 3m 4m 5m 7p 8p 9p 2s 3s 4s 5s 5s".split()],
    ...             winning_tile=Tile.of("3m"))
    >>> sole_wait_before(hand, held_out_counts=False)
    False
    """
    tile = hand.winning_tile
    if tile is None:
        raise HandError("winning_tile_missing", "a complete hand with its winning tile is needed")
    counts = bytearray(hand.standing_counts)  # (cheaper from a tuple than a list, and than bytes of one)
    counts[tile.index] -= 1
    standing = bytes(counts)  # read as bytes throughout: C-level counts and sums, no conversion per reader
    melds = hand.melds
    # the standard waits read here, not through _completing: most hands are answered by them alone
    found: Collection[int] = _standard_waits(backend)(standing, 4 - len(melds)) if shapes.standard else ()
    if held_out_counts and len(found) > 1:
        return False  # the special shapes could only add kinds
    special = shapes.special_shapes(len(melds), bool(found))  # standard waits rule some shapes out
    if special and len(found) < 2:
        found = _special_completing(standing, melds, backend, shapes, special, set(found), 2, None)
    exact = not special or len(found) < 2  # else the search stopped at the second kind
    if held_out_counts:
        return len(found) == 1  # every kind found counts: the kinds are the count
    if len(found) == 1 and tile.index in found:
        # one kind only completes: the winning tile's, which is live (the complete hand holds
        # four copies at most, the winning tile one of them)
        return True
    if not found:
        return False
    held = _held_counts(standing, melds) if melds else standing
    live = sum(held[i] < 4 for i in found)
    if exact or live >= 2:
        return live == 1
    # a kind found is held out: search the special shapes on, live kinds only
    found = _special_completing(standing, melds, backend, shapes, special, set(found), 2, held)
    return sum(held[i] < 4 for i in found) == 1


def _before_winning_tile(hand: Hand) -> tuple[list[int], list[int]]:
    """The standing counts of the thirteen tiles a complete *hand* stood on, and the counts of
    every tile they show (the melds' included)."""
    if hand.winning_tile is None:
        raise HandError("winning_tile_missing", "a complete hand with its winning tile is needed")
    standing = list(hand.standing_counts)
    standing[hand.winning_tile.index] -= 1
    return standing, _held_counts(standing, hand.melds)


def _held_counts(standing: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The counts of every tile shown: the *standing* counts and the *melds*' tiles."""
    held = list(standing)
    for meld in melds:
        for t in meld.tiles:
            held[t.index] += 1
    return held


def _kinds_completing(
    counts: list[int], melds: tuple[Meld, ...], held: Sequence[int], backend: str, shapes: ShapeOptions
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """The kinds completing standing *counts* (thirteen tiles' worth with *melds*), split by
    whether *held* (every tile the thirteen show) has all four copies of them."""
    kinds = sorted(_completing(counts, melds, backend, shapes))
    live = tuple(ALL_PLAYING[i] for i in kinds if held[i] < 4)
    held_out = tuple(ALL_PLAYING[i] for i in kinds if held[i] == 4)
    return live, held_out


def _completing(
    counts: list[int], melds: tuple[Meld, ...], backend: str, shapes: ShapeOptions,
    *, enough: int = NUM_KINDS + 1, counted: Sequence[int] | None = None,
) -> set[int]:
    """The kinds completing standing *counts* (thirteen tiles' worth with *melds*).  With *enough*,
    the search stops once that many are found, those whose four copies *counted* holds left out
    (all of them without *counted*): a caller that asks whether there is one gets a part.

    A special shape's own ``waits`` names its kinds at once; a shape without one is tried on
    each of its candidates."""
    standing = bytes(counts)  # what the standard waits and the shapes' waits read
    standard = _standard_waits(backend)
    complete: set[int] = set(standard(standing, 4 - len(melds))) if shapes.standard else set()
    special = shapes.special_shapes(len(melds), bool(complete))  # standard waits rule some shapes out
    return _special_completing(standing, melds, backend, shapes, special, complete, enough, counted)


def _special_completing(
    counts: bytes, melds: tuple[Meld, ...], backend: str, shapes: ShapeOptions,
    special: tuple[SpecialShape, ...], complete: set[int], enough: int, counted: Sequence[int] | None,
) -> set[int]:
    """:func:`_completing` once the standard waits are *complete*: the *special* shapes' kinds
    added to it, the search stopped as :func:`_completing` says; *counts* one byte per kind."""
    if not special or len(complete) >= enough and _live_enough(complete, enough, counted):
        return complete
    held = NUM_KINDS - counts.count(0)  # how many kinds stand; with the tile one more at most
    wait_input = None
    trial = None
    for shape in special:
        bound = shape.kinds
        if bound is not None and not bound.start - 1 <= held < bound.stop:
            continue
        decompose = decomposer(backend)  # read here: most hands try no shape
        if shape.waits is not None:
            if wait_input is None:
                # (tuple.__new__ in place of the NamedTuple's own __new__, a Python function of five arguments)
                wait_input = _TUPLE_NEW(WaitInput, (counts, melds, shapes, decompose, _standard_waits(backend)))
            complete.update(shape.waits(wait_input))
            if len(complete) >= enough and _live_enough(complete, enough, counted):
                return complete
            continue
        if trial is None:
            trial = list(counts)
        kinds = range(NUM_KINDS) if shape.candidates is None else shape.candidates(counts, melds)
        for index in kinds:
            if index in complete:
                continue
            trial[index] += 1
            if shape.groupings(ShapeInput(tuple(trial), melds, shapes, decompose)):
                complete.add(index)
                if len(complete) >= enough and _live_enough(complete, enough, counted):
                    return complete
            trial[index] -= 1
    return complete


_TUPLE_NEW: Final = tuple.__new__


def _live_enough(complete: set[int], enough: int, counted: Sequence[int] | None) -> bool:
    """Whether *complete*, which holds *enough* kinds, still does with those whose four copies
    *counted* holds left out (all of them without *counted*)."""
    return counted is None or sum(counted[i] < 4 for i in complete) >= enough


def _near_kinds(counts: Sequence[int]) -> set[int]:
    """Kinds held, and suited kinds within two ranks of a suited kind held."""
    kinds: set[int] = set()
    for index, n in enumerate(counts):
        if n and index >= 27:
            kinds.add(index)
        elif n:
            low = index - index % 9
            kinds.update(range(max(low, index - 2), min(low + 8, index + 2) + 1))
    return kinds


@cache
def _standard_waits(backend: str) -> Callable[[Sequence[int], int], Sequence[int]]:
    """The kinds completing thirteen standing counts into sets and a pair: the backend's own
    ``standard_waits`` if it has one (``fast`` reads its wait table), else each kind that could
    join a group is tried with ``decompose``."""
    module = importlib.import_module(BACKENDS[backend])
    found: Callable[[Sequence[int], int], Sequence[int]] | None = getattr(module, "standard_waits", None)
    if found is not None:
        return found
    decompose = decomposer(backend)

    def tried(counts: Sequence[int], sets: int) -> list[int]:
        kinds = []
        trial = list(counts)
        for index in sorted(_near_kinds(counts)):
            trial[index] += 1
            if decompose(trial, sets):
                kinds.append(index)
            trial[index] -= 1
        return kinds

    return tried


def waits(
    hand13: Hand, *, self_drawn: bool = False, backend: str = "fast", shapes: ShapeOptions = DEFAULT_SHAPES
) -> Waits:
    """Every tile kind that completes a thirteen-tile hand, with its Readings.

    Examples
    --------
    Nine Gates (Green Book 2006 fan 4) waits on all nine tiles of its suit:

    >>> from mahjong_arbiter.hand import Hand
    >>> from mahjong_arbiter.tiles import Tile
    >>> gates = Hand([Tile.of(t) for t in "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m".split()])
    >>> " ".join(str(t) for t in waits(gates).tiles)
    '1m 2m 3m 4m 5m 6m 7m 8m 9m'
    """
    live, held_out = winning_kinds(hand13, backend=backend, shapes=shapes)
    decompose = decomposer(backend)
    standing = counts_of(hand13.concealed)
    found: dict[Tile, tuple[Reading, ...]] = {}
    for tile in live:
        counts = list(standing)
        counts[tile.index] += 1
        found[tile] = tuple(
            readings_of_counts(counts, hand13.melds, tile, self_drawn=self_drawn, decompose=decompose, shapes=shapes)
        )
    return Waits(live, found, held_out)
