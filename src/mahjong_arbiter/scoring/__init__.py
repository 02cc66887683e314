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
from ..hand import Context, Hand, validate_context
from ..profiles.events import fact_notes
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
    prof = resolve_profile(profile)
    if not hand.is_complete:
        raise ArbiterError("tile_count", "a winning hand needs its winning tile (14 tiles, kongs as 3)")
    validate_context(hand, context)
    return _with_unscored_notes(_arithmetic(prof).score(hand, context, prof, backend=backend), prof, context)


def _with_unscored_notes(result: Result, profile: Profile, context: Context) -> Result:
    """*result* with a note for each fact given that earns nothing: under the profile at all, or
    on this hand."""
    notes = fact_notes(profile, context, result)
    if not notes:
        return result  # nothing given that earns nothing (most hands of an archive)
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
    validate_context(hand, context)
    result: Result = scorer(hand, context, prof)
    return _with_unscored_notes(result, prof, context)
