"""The ``mcr`` arithmetic: Mahjong Competition Rules fan points under the five principles.

Pipeline for one hand (Green Book 2006 §3.9.1.5 and §3.11.6.6; Game::Mahjong, Score.pm):

1. read the hand: every Reading of the shapes the profile's ``[shapes]`` table allows, one per
   split and winning-tile placement; none is a :class:`~mahjong_arbiter.errors.NotWinningError`
   with the reason;
2. recognise every rule of the profile on each Reading (the waits are read from the thirteen
   tiles the hand stood on when a wait rule asks);
3. select: :func:`mahjong_arbiter.selection.select` applies the edges and the account-once method
   the profile names; Chicken Hand counts when nothing else does;
4. value: ``basic`` is the sum without bonus rules (flowers); ``minimum_met`` reads ``basic``
   against the minimum (8); flowers are added after, so a 7-point hand with a flower does not
   win;
5. the best Reading has the highest total, then the highest ``basic``; on a tie, the one whose
   counted fans come first in the rulebook's order (so Edge Wait before Closed Wait before Single
   Wait when one placement allows either, as the MIL reading scores them), then the first in the
   solver's order; the others are the alternatives, each with its total.

:func:`floor` is a lower bound from the declared melds alone, for a bot's "can I still reach
eight" test.
"""

from __future__ import annotations

from typing import Final

from ..errors import NotWinningError
from ..hand import Context, Hand
from ..profiles.model import Profile
from ..result import Alternative, Result
from ..rules.mcr_win import mcr_context_notes
from ..rules.registry import Hits
from ..selection import Selection, select, selection_graph
from ..solver.placement import meld_group
from ..solver.reading import STANDARD, Reading, Wait
from .common import make_situation, profile_readings, rule_hits, shape_options

__all__ = ["MINIMUM", "score", "floor", "minimum_met", "minimum_of"]

MINIMUM: Final = 8
"""Points a win needs without flowers (Green Book 2006 §3.11.6.6)."""

UNIT: Final = "points"


def minimum_of(profile: Profile) -> int:
    """The profile's minimum, or :data:`MINIMUM`."""
    return profile.minimum if profile.minimum is not None else MINIMUM


def score(hand: Hand, context: Context, profile: Profile, *, backend: str = "fast") -> Result:
    """Score a complete MCR hand: the best total over every Reading.

    Raises
    ------
    NotWinningError
        When the hand has no Reading under the profile's shapes (the message says why).

    Examples
    --------
    >>> from mahjong_arbiter.notation import parse_hand
    >>> from mahjong_arbiter.profiles.loader import load_profile
    >>> hand = parse_hand("[888s,1]23m567p456sEE4m").hand  # Green Book fan 43 example
    >>> result = score(hand, Context(), load_profile("mcr"))
    >>> result.total, result.fields["minimum_met"], [i.name for i in result.items]
    (8, True, ['Chicken Hand'])
    """
    readings = profile_readings(hand, context, profile, backend=backend)
    if not readings:
        from ..solver.diagnose import why_not_complete

        reason = why_not_complete(hand, shapes=shape_options(profile))
        raise NotWinningError(reason or "the hand is not a winning hand under this profile")
    situation = make_situation(hand, context, profile)
    alternatives: tuple[Alternative, ...] = ()
    if len(readings) == 1:  # (most hands)
        reading = readings[0]
        chosen = select(profile, rule_hits(reading, situation, profile), reading.groups)
    else:
        scored = [(r, select(profile, rule_hits(r, situation, profile), r.groups)) for r in readings]
        values = [(s.total, s.basic) for _, s in scored]
        top = max(values)
        tied = [i for i, value in enumerate(values) if value == top]
        best = tied[0]
        if len(tied) > 1:  # the counted fans in the rulebook's order, then the solver's order
            rank = selection_graph(profile).rank

            def preference(i: int) -> tuple[object, ...]:
                return (tuple(sorted(rank[rid] for rid in scored[i][1].kept)), i)

            best = min(tied, key=preference)
        alternatives = tuple(Alternative(r, s.total) for i, (r, s) in enumerate(scored) if i != best)
        reading, chosen = scored[best]
    minimum, below = profile.__dict__.get(_MINIMUM_KEY) or _minimum_notes(profile)
    basic = chosen.basic
    # (mcr_context_notes' own first test, asked here: most hands give neither, and then no list is made)
    notes = tuple(mcr_context_notes(hand, context)) if context.last_of_kind or context.events else ()
    if basic < minimum:
        notes += (below.get(basic) or _below_minimum(basic, minimum),)
    return Result.assembled(
        profile.id,
        profile.fingerprint,
        UNIT,
        basic + chosen.bonus,
        chosen.items,
        chosen.suppressed,
        reading,
        alternatives,
        {"basic": basic, "minimum_met": basic >= minimum},
        notes,
        tuple(readings),
    )


def _below_minimum(basic: int | float, minimum: int) -> str:
    """The note of a hand whose *basic* points (without flowers) are below *minimum*."""
    return (
        f"{basic:g} points without flowers is below the minimum of {minimum}: not a valid win "
        "(Green Book 2006 §3.11.6.6; flowers do not count towards it)"
    )


_MINIMUM_KEY: Final = "_mcr_minimum_notes"


def _minimum_notes(profile: Profile) -> tuple[int, dict[float, str]]:
    """The profile's minimum and the note of each whole number of points below it, made and kept
    with the profile on its first hand (a quarter of the hands of an archive fall short)."""
    minimum = minimum_of(profile)
    notes: dict[float, str] = {n: _below_minimum(n, minimum) for n in range(minimum)}
    found = profile.__dict__[_MINIMUM_KEY] = (minimum, notes)
    return found


def minimum_met(result: Result) -> bool:
    """Whether a scored hand's points without flowers reach the minimum (Green Book 2006 §3.11.6.6).

    >>> from mahjong_arbiter.notation import parse_hand
    >>> from mahjong_arbiter.profiles.loader import load_profile
    >>> minimum_met(score(parse_hand("[888s,1]23m567p456sEE4m").hand, Context(flowers=2), load_profile("mcr")))
    True
    """
    return bool(result.fields["minimum_met"])


def floor(hand: Hand, context: Context, profile: Profile) -> int | float:
    """A lower bound on the hand's eventual score from its declared melds alone.

    The fans found within the declared melds (those that name sets: a dragon pung, a melded kong,
    a double pung of two exposed pungs, ...), combined under the profile's principles, without
    flowers and without Chicken Hand.  Zero with no melds.  For a bot's "can I still reach eight"
    test (Game::Mahjong, Score.pm ``floor``).  *hand* may be complete, thirteen tiles or
    partial; only its melds are read.

    Examples
    --------
    >>> from mahjong_arbiter.notation import parse_hand
    >>> from mahjong_arbiter.profiles.loader import load_profile
    >>> hand = parse_hand("[CCC,1][FFF,2]1234m5p", partial=True).hand
    >>> floor(hand, Context(), load_profile("mcr"))  # Two Dragon Pungs
    6
    """
    if not hand.melds:
        return 0
    groups = tuple(meld_group(m) for m in hand.melds)
    reading = Reading.make(STANDARD, groups, groups[0], groups[0].first, Wait.TWO_SIDED)
    situation = make_situation(hand, context, profile)
    hits = {}
    for rid, found in rule_hits(reading, situation, profile).items():
        instances = tuple(inst for inst in found.instances if inst)
        if instances:
            hits[rid] = Hits(instances)
    chosen: Selection = select(profile, hits, groups)
    return chosen.basic
