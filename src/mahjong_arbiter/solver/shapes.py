"""Which shapes a complete hand may take, and the registry of special shapes.

A profile chooses its shapes with a :class:`ShapeOptions`: whether the standard shape (four sets and
a pair) counts, which special shapes count (by name, from :data:`SPECIAL_SHAPES`), and whether four
identical standing tiles may count as two of the seven pairs.

A special shape is data plus one function: :class:`SpecialShape` names the shape, cites its source
and recognises it in a :class:`ShapeInput` (the standing tile counts, the declared melds and a
standard decomposer for any sets inside the shape), returning the possible groupings of the
standing tiles.  A shape may also say how far standing tiles are from it (``distance``, a
:class:`DistanceInput` to a :class:`~mahjong_arbiter.solver.distance.Distance`), which gives it an
exact shanten number and useful tiles (:mod:`mahjong_arbiter.solver.shanten`); without one, the
shanten is searched from ``groupings`` up to one tile from ready and reported as "at least" beyond.
Built-in shapes live in :mod:`mahjong_arbiter.solver.special`; a profile adds its own with
:func:`register_special_shape`:

>>> from mahjong_arbiter.solver.reading import Group, GroupKind
>>> from mahjong_arbiter.tiles import Tile
>>> def all_pairs_of_honours(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
...     pairs = [Group.pair(Tile.at(i)) for i, n in enumerate(shape_input.counts) if n == 2]
...     honours = all(g.first.is_honour for g in pairs)
...     return [tuple(pairs)] if len(pairs) == 7 and honours and not shape_input.melds else []
>>> register_special_shape(SpecialShape(
...     "example_honour_pairs", "seven pairs of honours", "doctest", all_pairs_of_honours))
>>> "example_honour_pairs" in SPECIAL_SHAPES
True
>>> unregister_special_shape("example_honour_pairs")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Final, NamedTuple

from ..errors import ArbiterError
from ..hand import Meld
from .placement import Decomposer
from .reading import Group

if TYPE_CHECKING:
    from .distance import Distance, Limits

__all__ = [
    "ShapeInput",
    "WaitInput",
    "DistanceInput",
    "SpecialShape",
    "ShapeOptions",
    "SPECIAL_SHAPES",
    "BUILTIN_SPECIAL_SHAPES",
    "DEFAULT_SHAPES",
    "register_special_shape",
    "unregister_special_shape",
]

_Chosen = tuple[tuple[tuple["SpecialShape", ...], tuple["SpecialShape", ...]], ...]
"""For each number of declared melds 0..4, the shapes a hand can take, and those a standard hand can too."""

BUILTIN_SPECIAL_SHAPES: Final = frozenset(
    {"seven_pairs", "thirteen_orphans", "knitted_straight", "honours_knitted"}
)


@dataclass(frozen=True, slots=True)
class ShapeOptions:
    """The shapes a profile accepts.

    Attributes
    ----------
    standard : bool
        Four sets and a pair.
    special : frozenset of str
        Names of special shapes from :data:`SPECIAL_SHAPES`.
    seven_pairs_four_of_a_kind : bool
        Four identical standing tiles may count as two of the seven pairs (Green Book 2006 fan 19
        with fan 64 Tile Hog: yes; profiles that demand seven different pairs say no).
    """

    standard: bool = True
    special: frozenset[str] = field(default=BUILTIN_SPECIAL_SHAPES)
    seven_pairs_four_of_a_kind: bool = True
    _chosen_for: tuple[int, _Chosen] = field(default=(-1, ()), init=False, repr=False, compare=False)
    """The registry version last read and :func:`_chosen` of :attr:`special` under it: kept on the
    options, so a hand's shapes are two tuple reads (no cache call with its key built and hashed)."""

    def special_shapes(self, melds: int = 0, beside_standard: bool = False) -> tuple[SpecialShape, ...]:
        """The chosen special shapes, in name order, that a hand declaring *melds* melds can take
        (:attr:`SpecialShape.most_melds`; every one for none); an unknown name is an error.  With
        *beside_standard*, only those a hand of four sets and a pair can take too
        (:attr:`SpecialShape.beside_standard`): what is left to try once the standard shape is found."""
        version, chosen = self._chosen_for
        if version != _REGISTRY_VERSION[0]:
            chosen = _chosen(self.special, _REGISTRY_VERSION[0])
            object.__setattr__(self, "_chosen_for", (_REGISTRY_VERSION[0], chosen))
        return chosen[melds if melds < MOST_MELDS else MOST_MELDS][beside_standard]  # no call of min()


DEFAULT_SHAPES: Final = ShapeOptions()
"""The standard shape, every built-in special shape, four of a kind allowed as two pairs."""


class ShapeInput(NamedTuple):
    """What a special shape sees: the standing tiles, the declared melds, the options.

    Attributes
    ----------
    counts : tuple of int
        34 counts of the standing tiles (the winning tile included).
    melds : tuple of Meld
        The declared melds.
    options : ShapeOptions
    decompose : Decomposer
        The backend's standard decomposer, for shapes that contain ordinary sets and a pair.
    """

    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    options: ShapeOptions
    decompose: Decomposer


class WaitInput(NamedTuple):
    """What a special shape's ``waits`` function sees: thirteen tiles' worth and the backend.

    Attributes
    ----------
    counts : bytes
        34 counts of the standing tiles, one byte per kind (thirteen tiles' worth with the melds;
        no winning tile): a shape reads them with C-level ``count``, ``in`` and ``translate``.
    melds : tuple of Meld
        The declared melds.
    options : ShapeOptions
    decompose : Decomposer
        The backend's standard decomposer.
    standard : callable
        ``standard(counts, sets) -> kinds``: the backend's standard waits, the kinds whose one
        more tile makes *counts* (``3 * sets + 1`` tiles) *sets* sets and a pair.
    """

    counts: bytes
    melds: tuple[Meld, ...]
    options: ShapeOptions
    decompose: Decomposer
    standard: Callable[[Sequence[int], int], Iterable[int]]


@dataclass(frozen=True, slots=True)
class DistanceInput:
    """What a special shape's distance function sees.

    Attributes
    ----------
    counts : tuple of int
        34 counts of the standing tiles (thirteen or fourteen tiles' worth with the melds, or more
        while a search adds tiles).
    melds : tuple of Meld
        The declared melds.
    options : ShapeOptions
    limits : tuple of int or None
        The most copies of each kind a complete hand's standing tiles may hold (four less the
        melds' copies), or None when the profile does not count copies (see
        :mod:`mahjong_arbiter.solver.distance`).
    standard : callable
        ``standard(counts, sets, limits) -> Distance | None``: the distance to *sets* sets and a
        pair, for shapes that hold ordinary sets (with the useful kinds when *useful*).
    useful : bool
        Whether the useful kinds are wanted; a search that needs only the number says False, and a
        shape may then leave them out.
    within : int
        The caller only needs the distance when it is at most this: a shape may answer None (or any
        larger number) as soon as it knows the distance exceeds it.
    """

    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    options: ShapeOptions
    limits: Limits
    standard: Callable[[Sequence[int], int, Limits], Distance | None]
    useful: bool = True
    within: int = 99


@dataclass(frozen=True, slots=True)
class SpecialShape:
    """A named special shape.

    Attributes
    ----------
    name : str
        The shape name Readings carry (``Reading.shape``).
    description : str
    source : str
        The rulebook that defines it.
    groupings : callable
        ``groupings(shape_input) -> list[tuple[Group, ...]]``: every distinct grouping of the
        standing tiles into this shape (each tuple sorted by :meth:`Group.sort_key`, every group
        concealed and undeclared); empty when the hand does not have the shape.
    candidates : callable, optional
        ``candidates(counts13, melds) -> kinds``: a superset of the kinds (0..33) that could complete
        thirteen standing tiles into this shape, so :func:`~mahjong_arbiter.solver.api.waits` need
        not try the others.  None (the default) means any kind may.  Not read when ``waits`` is given.
    distance : callable, optional
        ``distance(distance_input) -> Distance | None``: how many tiles the nearest complete hand
        of this shape holds that the standing tiles do not, and the kinds one more of which
        brings it nearer (None when the shape cannot be made, e.g. with declared melds).  Exact
        for every count of tiles; :func:`~mahjong_arbiter.solver.templates.template_distance`
        builds one from a list of complete hands, :class:`~mahjong_arbiter.solver.templates.
        FamilyMeasures` one (with ``near``) from a family of them.
    near : callable, optional
        ``near(distance_input, budget) -> hands``: every complete standing hand of this shape
        (34 counts, each once) within the limits that holds at most *budget* tiles beyond the
        standing tiles, for :func:`~mahjong_arbiter.solver.near.special_near`; without it the
        search is guided by ``distance``.
    most_melds : int
        The most declared melds a hand of this shape can hold (four, the default, for any number;
        none for seven pairs): :meth:`ShapeOptions.special_shapes` leaves the shape out for more,
        so its ``groupings`` must find nothing then.
    waits : callable, optional
        ``waits(wait_input) -> kinds``: exactly the kinds (0..33) whose one more tile makes the
        thirteen standing tiles of a :class:`WaitInput` a hand ``groupings`` accepts (a kind held
        four times included when a fifth copy would), computed from the shape's pattern.  When
        given, the waits read it in place of trying ``candidates`` one by one with ``groupings``.
    beside_standard : bool
        Whether tiles can have this shape and four sets and a pair both.  False is a promise, to be
        argued from the pattern: no tiles that split into four sets and a pair (the declared melds
        among them) have the shape, and no thirteen tiles that some tile completes into four sets
        and a pair are completed into the shape by any tile.  The solver then leaves the shape
        untried once it has found a standard split, or a standard wait
        (:meth:`ShapeOptions.special_shapes`).  True, the default, promises nothing.
    kinds : range, optional
        How many different kinds the standing tiles of a hand of this shape can hold (the declared
        melds' tiles not counted), a promise argued from the pattern: the solver leaves the shape
        untried for standing tiles holding another number of kinds, and for thirteen tiles (one
        tile fewer: one kind fewer at most) holding fewer than ``kinds.start - 1`` or more than
        the last of the range.  None, the default, promises nothing.
    """

    name: str
    description: str
    source: str
    groupings: Callable[[ShapeInput], list[tuple[Group, ...]]]
    candidates: Callable[[Sequence[int], Sequence[Meld]], Iterable[int]] | None = None
    distance: Callable[[DistanceInput], Distance | None] | None = None
    near: Callable[[DistanceInput, int], Iterable[tuple[int, ...]]] | None = None
    most_melds: int = 4
    waits: Callable[[WaitInput], Iterable[int]] | None = None
    beside_standard: bool = True
    kinds: range | None = None


SPECIAL_SHAPES: dict[str, SpecialShape] = {}
"""Every known special shape by name."""
_REGISTRY_VERSION = [0]  # bumped on every change of SPECIAL_SHAPES, so _chosen's cache stays true


MOST_MELDS: Final = 4
"""The most declared melds a hand can hold."""


@lru_cache(maxsize=256)
def _chosen(names: frozenset[str], version: int) -> _Chosen:
    """The shapes *names* in name order, for each number of declared melds 0..4 those a hand with
    that many can take: all of them, and those of them a standard hand can take too."""
    if not names <= SPECIAL_SHAPES.keys():
        unknown = sorted(names - SPECIAL_SHAPES.keys())
        raise ArbiterError("unknown_shape", f"unknown special shape(s): {', '.join(unknown)}")
    shapes = tuple(SPECIAL_SHAPES[name] for name in sorted(names))
    found = []
    for melds in range(MOST_MELDS + 1):
        taken = tuple(shape for shape in shapes if shape.most_melds >= melds)
        found.append((taken, tuple(shape for shape in taken if shape.beside_standard)))
    return tuple(found)


def register_special_shape(shape: SpecialShape, *, replace: bool = False) -> None:
    """Make *shape* available to :class:`ShapeOptions` by name (``replace`` to redefine one)."""
    if shape.name in SPECIAL_SHAPES and not replace:
        raise ValueError(f"special shape {shape.name!r} is already registered")
    if shape.name == "standard":
        raise ValueError("'standard' names the four-sets-and-a-pair shape")
    SPECIAL_SHAPES[shape.name] = shape
    _REGISTRY_VERSION[0] += 1


def unregister_special_shape(name: str) -> None:
    """Forget a registered shape (tests and profile reloads)."""
    del SPECIAL_SHAPES[name]
    _REGISTRY_VERSION[0] += 1


from . import special  # noqa: E402, F401  (registers the built-in shapes)
