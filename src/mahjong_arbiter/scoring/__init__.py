"""Scoring: a hand, its context and a profile become a :class:`~mahjong_arbiter.result.Result`.

The profile's ``arithmetic`` names the module that combines values: ``mcr`` (fan points under
the five principles, :mod:`.mcr`), ``classical`` (points and doubles under a limit,
:mod:`.classical`) or ``faan`` (Hong Kong, :mod:`.faan`).  Each such module defines
``score(hand, context, profile, *, backend) -> Result`` and may define ``score_loser``.

Pipeline, the same for every arithmetic:

1. validate the context against the hand (the event registry's preconditions: a fact the tiles
   make impossible is bad input);
2. read the hand: every Reading the profile's shapes allow (the solver);
3. recognise: for each Reading, the hits of every rule the profile keeps (the rules);
4. value and select: the arithmetic's principles, the best Reading, what was suppressed and why;
5. note every flag or event the caller gave that the profile does not score.
"""

from __future__ import annotations

import importlib
from typing import Protocol, cast

from ..errors import ArbiterError
from ..events import NO_FACTS, apply_checks, facts_key
from ..hand import Context, Hand
from ..profiles.events import fact_plan, unearned_notes
from ..profiles.loader import load_profile
from ..profiles.model import Profile
from ..result import Result

__all__ = ["score", "score_loser", "resolve_profile"]

_ARITHMETIC_MODULES = {
    "mcr": "mahjong_arbiter.scoring.mcr",
    "classical": "mahjong_arbiter.scoring.classical",
    "faan": "mahjong_arbiter.scoring.faan",
}


class _Arithmetic(Protocol):
    def score(self, hand: Hand, context: Context, profile: Profile, *, backend: str) -> Result: ...


def resolve_profile(profile: Profile | str) -> Profile:
    """A Profile from itself, a built-in id or a path to a profile file."""
    return profile if isinstance(profile, Profile) else load_profile(profile)


_LOADED: dict[str, _Arithmetic] = {}


def _arithmetic(profile: Profile) -> _Arithmetic:
    found = _LOADED.get(profile.arithmetic)
    if found is None:
        found = _LOADED[profile.arithmetic] = cast(
            _Arithmetic, importlib.import_module(_ARITHMETIC_MODULES[profile.arithmetic])
        )
    return found


def score(hand: Hand, context: Context, profile: Profile | str, *, backend: str = "fast") -> Result:
    """Score a complete (14-tile) winning hand.

    Raises
    ------
    NotWinningError
        When the hand cannot be read as a winning hand under the profile (with the reason).
    HandError
        When the context contradicts the hand.
    """
    prof = profile if isinstance(profile, Profile) else load_profile(profile)  # (resolve_profile, inlined)
    if hand.winning_tile is None:  # (not Hand.is_complete, without the property call)
        raise ArbiterError("tile_count", "a winning hand needs its winning tile (14 tiles, kongs as 3)")
    arithmetic = _LOADED.get(prof.arithmetic) or _arithmetic(prof)
    if facts_key(context) == NO_FACTS:
        # no flag and no event given (most hands): fact_plan's answer is nothing to check and nothing to note
        return arithmetic.score(hand, context, prof, backend=backend)
    checks, unscored, pending = fact_plan(prof, context)  # validate_context's checks and the notes, in one look-up
    if checks:
        apply_checks(hand, context, checks)
    result = arithmetic.score(hand, context, prof, backend=backend)
    if unscored or pending:  # (most hands give no fact that can earn nothing)
        notes = unearned_notes(result, unscored, pending)
        if notes:  # (most hands: every fact given earned something)
            return _with_notes(result, notes)
    return result


def _with_notes(result: Result, notes: tuple[str, ...]) -> Result:
    """*result* with *notes* after its own, those it has already left out."""
    extra = tuple(n for n in notes if n not in result.notes)
    return result.with_notes(result.notes + extra) if extra else result


def score_loser(hand: Hand, context: Context, profile: Profile | str) -> Result:
    """Score a loser's hand (13 tiles, or fewer when the hand is partial) where the profile does."""
    prof = resolve_profile(profile)
    module = _arithmetic(prof)
    scorer = getattr(module, "score_loser", None)
    if scorer is None:
        raise ArbiterError(
            "unsupported", f"profile {prof.id} ({prof.arithmetic}) does not score losers' hands"
        )
    checks, unscored, pending = fact_plan(prof, context)
    if checks:
        apply_checks(hand, context, checks)
    result: Result = scorer(hand, context, prof)
    notes = unearned_notes(result, unscored, pending)
    return _with_notes(result, notes) if notes else result
