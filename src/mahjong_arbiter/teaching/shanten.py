"""How far a hand is from winning under a profile, which tiles help, and which discard keeps most.

For thirteen tiles: the shanten number of every form the profile allows (standard, and each
special shape through the solver's registry), the least of them, and the useful tiles (those one
more of which lowers the least) with the copies of each still unseen.  For fourteen tiles: the
hand's own shanten (-1 when complete) and, for each kind it could discard, the shanten left and
the useful tiles then, ranked: least shanten first, then most unseen useful copies (the classic
tile-efficiency table).  ``unseen`` is four less the copies in the hand (melds included, a
discard still counted: it is on the table, not unseen) and those given as seen on the table.

The numbers come from :func:`mahjong_arbiter.solver.shanten.form_distances` under the profile's
forms, held-out policy and chow limit (:mod:`.policy`), with two checks against the profile's own
scoring, so that ``shanten`` is 0 exactly when ``waits`` finds a winning tile:

- a special shape one tile from complete keeps as useful only the tiles that complete it into a
  win of that shape (BMJA's Gates of Heaven takes 2 to 8 as the extra tile, not 1 or 9: its
  shape reads 1 and 9 too, but no BMJA hand scores them);
- where the chow limit binds (the club guide, Thompson & Maloney: one chow in an ordinary hand)
  and the profile's special hands may hold more (``[shapes] chow_special_hands``), the form
  :data:`CHOW_HANDS` is the standard shape with more chows than that, which only a special hand
  of sets may be (Thompson & Maloney 1997 p. 9, Run, Pung and Pair; Little Robert,
  Guardian Winds, Hovering Angel, ...).  No distance function knows those hands, so it is exact
  up to ready (each completing tile is scored) and a lower bound beyond (``exact`` false): the
  distance to any standard hand without the chow limit.

>>> from mahjong_arbiter.notation import parse_hand
>>> from mahjong_arbiter.scoring import resolve_profile
>>> report = shanten_report(parse_hand("123m456p789s11pEW").hand, resolve_profile("mcr"))
>>> report.shanten, [u.tile.token for u in report.useful]
(1, ['1p', 'E', 'W'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import ArbiterError
from ..hand import Context, Hand, Meld
from ..profiles.model import Profile
from ..solver.distance import Distance, Limits, standard_distance
from ..solver.reading import STANDARD, GroupKind, Reading
from ..solver.shanten import form_distances, standing_size
from ..tiles import NUM_KINDS, Tile, counts_of
from .policy import chow_room, chow_special_hands, profile_limits, profile_shapes

__all__ = ["UsefulTile", "DiscardRow", "ShantenReport", "shanten_report", "form_label", "unseen_copies",
           "CHOW_HANDS"]

CHOW_HANDS = "special_hands_of_chows"
"""The form of a standard hand with more chows than the profile's ordinary hands may hold: only a
special hand (Run, Pung and Pair, ...) can win so."""


def form_label(name: str) -> str:
    """A form's name for people: ``"seven pairs"``, ``"knitting"`` (without ``classical_``)."""
    return name.removeprefix("classical_").replace("_", " ")


def unseen_copies(hand: Hand, seen: tuple[Tile, ...]) -> list[int]:
    """For each kind, the copies neither in the hand (melds included) nor *seen*."""
    held = counts_of(hand.all_tiles + seen)
    return [max(0, 4 - n) for n in held]


@dataclass(frozen=True, slots=True)
class UsefulTile:
    """A tile that lowers the shanten, and its copies still unseen."""

    tile: Tile
    unseen: int

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile.token, "unseen": self.unseen}


def _useful(kinds: frozenset[int], unseen: list[int]) -> tuple[UsefulTile, ...]:
    return tuple(UsefulTile(Tile.at(k), unseen[k]) for k in sorted(kinds))


def _least(forms: dict[str, Distance | None]) -> tuple[int, bool, frozenset[int]]:
    """The least shanten of the forms, whether it is exact, and the useful kinds of the forms at it.

    A form measured only as a lower bound (``exact`` false) can make the least a lower bound too:
    then it is not exact, and :func:`_exact_least` gives the least the exact forms reach."""
    measured = [d for d in forms.values() if d is not None]
    if not measured:
        return 99, True, frozenset()
    least = min(d.missing for d in measured)
    at_least = [d for d in measured if d.missing == least]
    exact = any(d.exact for d in at_least)
    useful = frozenset(k for d in at_least if d.exact for k in d.useful)
    return least - 1, exact, useful


def _exact_least(forms: dict[str, Distance | None]) -> int | None:
    """The least shanten of the exactly measured forms (None when there is none)."""
    return min((d.missing - 1 for d in forms.values() if d is not None and d.exact), default=None)


@dataclass(frozen=True)
class DiscardRow:
    """One discard from fourteen tiles: the shanten it leaves and the useful tiles then."""

    discard: Tile
    shanten: int
    exact: bool
    useful: tuple[UsefulTile, ...]

    @property
    def unseen(self) -> int:
        return sum(u.unseen for u in self.useful)

    def to_dict(self) -> dict[str, Any]:
        return {"discard": self.discard.token, "shanten": self.shanten, "exact": self.exact,
                "useful": [u.to_dict() for u in self.useful], "unseen": self.unseen}


@dataclass(frozen=True)
class ShantenReport:
    """The shanten of one hand under one profile (see the module docstring)."""

    hand: Hand
    profile: str
    forms: dict[str, Distance | None]
    shanten: int
    exact: bool
    at_most: int | None
    useful: tuple[UsefulTile, ...]
    form_useful: dict[str, tuple[UsefulTile, ...]]
    discards: tuple[DiscardRow, ...]

    @property
    def inexact_forms(self) -> list[str]:
        """The forms measured only as a lower bound (special shapes without a distance function)."""
        return [name for name, d in self.forms.items() if d is not None and not d.exact]

    @property
    def unseen(self) -> int:
        """Unseen copies of the useful tiles, all kinds together."""
        return sum(u.unseen for u in self.useful)

    @property
    def thirteen(self) -> bool:
        return self.hand.winning_tile is None

    def to_dict(self) -> dict[str, Any]:
        forms: dict[str, Any] = {}
        for name, distance in self.forms.items():
            if distance is None:
                forms[name] = {"shanten": None, "exact": True}
                continue
            entry: dict[str, Any] = {"shanten": distance.shanten, "exact": distance.exact}
            if self.thirteen:
                entry["useful"] = [u.to_dict() for u in self.form_useful[name]]
            forms[name] = entry
        out: dict[str, Any] = {"id": None, "profile": self.profile, "tiles": 13 if self.thirteen else 14,
                               "shanten": self.shanten, "exact": self.exact, "at_most": self.at_most,
                               "forms": forms}
        if self.thirteen:
            out["useful"] = [u.to_dict() for u in self.useful]
            out["unseen"] = self.unseen
        else:
            out["discards"] = [row.to_dict() for row in self.discards]
        return out


_Accepts = Callable[[Reading], bool]


def _winning_readings(standing: Sequence[int], kind: int, melds: tuple[Meld, ...], context: Context,
                      profile: Profile) -> list[Reading]:
    """The readings that win when one more *kind* completes the standing counts, on a discard or
    self-drawn (the ways ``waits`` scores); empty when neither way wins."""
    from ..scoring import score

    tiles = tuple(Tile.at(k) for k, n in enumerate(standing) for _ in range(n + (k == kind)))
    hand = Hand(tiles, melds, Tile.at(kind))
    found: list[Reading] = []
    for self_drawn in (False, True):
        try:
            result = score(hand, replace(context, self_drawn=self_drawn), profile)
        except ArbiterError:  # no win under the profile, or a context this win contradicts
            continue
        if result.fields.get("minimum_met") is False:
            continue
        found += [r for r in (result.reading, *(a.reading for a in result.alternatives)) if r is not None]
    return found


def _verified(distance: Distance | None, accepts: _Accepts, counts: Sequence[int], melds: tuple[Meld, ...],
              context: Context, profile: Profile) -> Distance | None:
    """*distance* of thirteen tiles' worth one tile from complete, keeping the useful kinds whose
    completion wins with a reading the form *accepts*; none left: at least one tile further."""
    if distance is None or distance.missing != 1 or sum(counts) != standing_size(melds) - 1:
        return distance
    useful = frozenset(k for k in distance.useful
                       if any(accepts(r) for r in _winning_readings(counts, k, melds, context, profile)))
    return Distance(1, useful) if useful else Distance(2, frozenset(), exact=False)


def _of_shape(name: str) -> _Accepts:
    """Accepts a reading of the special shape *name*."""
    return lambda reading: reading.shape == name


def _chow_hands(counts: Sequence[int], melds: tuple[Meld, ...], limits: Limits, room: int, context: Context,
                profile: Profile) -> Distance | None:
    """The distance to a winning standard hand with more than *room* chows (see :data:`CHOW_HANDS`)."""
    sets = 4 - len(melds)
    loose = standard_distance(counts, sets, limits)
    if loose is None:
        return None

    def accepts(reading: Reading) -> bool:
        return reading.shape == STANDARD and sum(1 for g in reading.groups if g.kind is GroupKind.CHOW) > room

    size = standing_size(melds)
    held = sum(counts)
    if held == size - 1 and loose.missing == 1:
        return _verified(Distance(1, loose.useful), accepts, counts, melds, context, profile)
    if held == size and loose.missing <= 1:  # fourteen: ready after some discard?
        for drop in (k for k, n in enumerate(counts) if n):
            rest = list(counts)
            rest[drop] -= 1
            after = standard_distance(rest, sets, limits)
            if after is not None and after.missing == 1:
                ready = _verified(after, accepts, rest, melds, context, profile)
                if ready is not None and ready.missing == 1:
                    return Distance(1, frozenset())
        return Distance(2, frozenset(), exact=False)
    return Distance(loose.missing, frozenset(), exact=False)


def _measure(hand: Hand, counts: list[int], profile: Profile, context: Context) -> dict[str, Distance | None]:
    melds = tuple(hand.melds)
    limits = profile_limits(profile, melds)
    room = chow_room(profile, melds)
    forms = form_distances(counts, melds, profile_shapes(profile), limits, max_chows=room)
    for name, distance in forms.items():
        if name != STANDARD:
            forms[name] = _verified(distance, _of_shape(name), counts, melds, context, profile)
    if room is not None and room < 4 - len(melds) and chow_special_hands(profile):
        forms[CHOW_HANDS] = _chow_hands(counts, melds, limits, room, context, profile)
    return forms


def shanten_report(hand: Hand, profile: Profile, *, seen: tuple[Tile, ...] = (),
                   context: Context | None = None) -> ShantenReport:
    """The shanten of a thirteen- or fourteen-tile *hand* under *profile*.

    *seen* are tiles visible on the table (other players' discards and melds); they only lower
    the unseen counts.  The caller checks that they leave at most four copies of each kind.
    *context* (the seat and round winds, ...) is what a completion one tile away is scored with.
    """
    context = context or Context()
    counts = list(hand.standing_counts)
    forms = _measure(hand, counts, profile, context)
    shanten, exact, kinds = _least(forms)
    unseen = unseen_copies(hand, seen)
    if hand.winning_tile is None:
        form_useful = {name: _useful(d.useful, unseen) for name, d in forms.items() if d is not None}
        return ShantenReport(hand, profile.id, forms, shanten, exact, _exact_least(forms), _useful(kinds, unseen),
                             form_useful, ())
    rows = []
    at_most: dict[Tile, int] = {}  # a row's least exact shanten breaks ties between lower bounds
    for kind in range(NUM_KINDS):
        if not counts[kind]:
            continue
        counts[kind] -= 1
        measured = _measure(hand, counts, profile, context)
        counts[kind] += 1
        after, row_exact, row_kinds = _least(measured)
        tile = Tile.at(kind)
        bound = _exact_least(measured)
        at_most[tile] = 99 if bound is None else bound
        rows.append(DiscardRow(tile, after, row_exact, _useful(row_kinds, unseen)))
    rows.sort(key=lambda r: (r.shanten, at_most[r.discard], -r.unseen, r.discard.index))
    return ShantenReport(hand, profile.id, forms, shanten, exact, _exact_least(forms), (), {}, tuple(rows))

