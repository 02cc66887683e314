"""What a profile asks of the teaching tools: which forms win, how copies count, how many chows.

Three facts, each read from the profile's own data (never a second copy):

- the forms: ``[shapes]`` through :func:`mahjong_arbiter.scoring.common.shape_options`;
- the held-out policy: ``[policies] wait_held_out_counts``.  Where it is true (``mcr-mil``, the
  Chinese Official Mahjong Helper's reading), a kind whose four copies the hand holds still counts
  as a wait, and the shanten does not count copies at all (PyMahjongGB: 123456789m + EEEE is
  ready on E).  Elsewhere a target holds at most four copies counting the declared melds, so that
  hand is one exchange from ready (as the riichi library, which sees only the standing tiles,
  also says);
- the chow limit: ``[shapes] max_chows`` (BMJA: one chow in an ordinary hand), less the chows the
  hand has declared, and whether special hands may hold more (``[shapes] chow_special_hands``:
  Thompson & Maloney's Run, Pung and Pair, the club guide's Hovering Angel, ...).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hand import Meld, MeldKind
from ..profiles.model import Profile
from ..solver.distance import Limits, copy_limits
from ..solver.shapes import ShapeOptions

__all__ = ["profile_shapes", "held_out_counts", "profile_limits", "chow_room", "chow_special_hands"]


def profile_shapes(profile: Profile) -> ShapeOptions:
    """The forms a profile lets win."""
    from ..scoring.common import shape_options

    return shape_options(profile)


def held_out_counts(profile: Profile) -> bool:
    """Whether the profile counts a kind whose four copies the hand holds as a wait."""
    return bool(profile.policies.get("wait_held_out_counts", False))


def profile_limits(profile: Profile, melds: Sequence[Meld]) -> Limits:
    """The copies a target may hold under the profile's held-out policy (None: not counted)."""
    return copy_limits(melds, counted=not held_out_counts(profile))


def chow_room(profile: Profile, melds: Sequence[Meld]) -> int | None:
    """How many chows the standing tiles may still form (None: no limit)."""
    most = profile.shapes.get("max_chows")
    if most is None:
        return None
    return int(most) - sum(1 for m in melds if m.kind is MeldKind.CHOW)


def chow_special_hands(profile: Profile) -> bool:
    """Whether a special hand of sets may hold more chows than the profile's ordinary hands."""
    return bool(profile.shapes.get("chow_special_hands", False))
