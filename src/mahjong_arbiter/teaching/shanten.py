"""How far a hand is from winning under a profile, which tiles help, and which discard keeps most.

For thirteen tiles: the shanten number of every form the profile allows (standard, and each
special shape through the solver's registry), the least of them, and the useful tiles (those one
more of which lowers the least) with the copies of each still unseen.  For fourteen tiles: the
hand's own shanten (-1 when complete) and, for each kind it could discard, the shanten left and
the useful tiles then, ranked: least shanten first, then most unseen useful copies (the classic
tile-efficiency table).  ``unseen`` is four less the copies in the hand (melds included, a
discard still counted: it is on the table, not unseen) and those given as seen on the table.

The numbers come from :func:`mahjong_arbiter.solver.shanten.form_distances` under the profile's
forms, held-out policy and chow limit (:mod:`.policy`).

>>> from mahjong_arbiter.notation import parse_hand
>>> from mahjong_arbiter.scoring import resolve_profile
>>> report = shanten_report(parse_hand("123m456p789s11pEW").hand, resolve_profile("mcr"))
>>> report.shanten, [u.tile.token for u in report.useful]
(1, ['1p', 'E', 'W'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..hand import Hand
from ..profiles.model import Profile
from ..solver.distance import Distance
from ..solver.shanten import form_distances
from ..tiles import NUM_KINDS, Tile, counts_of
from .policy import chow_room, profile_limits, profile_shapes

__all__ = ["UsefulTile", "DiscardRow", "ShantenReport", "shanten_report", "form_label", "unseen_copies"]


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


def _measure(hand: Hand, counts: list[int], profile: Profile) -> dict[str, Distance | None]:
    return form_distances(counts, hand.melds, profile_shapes(profile), profile_limits(profile, hand.melds),
                          max_chows=chow_room(profile, hand.melds))


def shanten_report(hand: Hand, profile: Profile, *, seen: tuple[Tile, ...] = ()) -> ShantenReport:
    """The shanten of a thirteen- or fourteen-tile *hand* under *profile*.

    *seen* are tiles visible on the table (other players' discards and melds); they only lower
    the unseen counts.  The caller checks that they leave at most four copies of each kind.
    """
    counts = list(hand.standing_counts)
    forms = _measure(hand, counts, profile)
    shanten, exact, kinds = _least(forms)
    unseen = unseen_copies(hand, seen)
    if hand.winning_tile is None:
        form_useful = {name: _useful(d.useful, unseen) for name, d in forms.items() if d is not None}
        return ShantenReport(hand, profile.id, forms, shanten, exact, _exact_least(forms), _useful(kinds, unseen),
                             form_useful, ())
    rows = []
    for kind in range(NUM_KINDS):
        if not counts[kind]:
            continue
        counts[kind] -= 1
        after, row_exact, row_kinds = _least(_measure(hand, counts, profile))
        counts[kind] += 1
        tile = Tile.at(kind)
        rows.append(DiscardRow(tile, after, row_exact, _useful(row_kinds, unseen)))
    rows.sort(key=lambda r: (r.shanten, -r.unseen, r.discard.index))
    return ShantenReport(hand, profile.id, forms, shanten, exact, _exact_least(forms), (), {}, tuple(rows))

