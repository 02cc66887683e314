"""Steps every arithmetic shares: the Readings a profile allows and the rule hits on each.

Rules are recognised here and nowhere else, so every arithmetic sees the same hits.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..hand import Context, Hand
from ..profiles.model import Profile
from ..rules.registry import Hits, Predicate, Situation, get_rule
from ..solver.reading import Reading
from ..solver.shapes import ShapeOptions
from ..tiles import Tile

__all__ = ["shape_options", "profile_readings", "make_situation", "rule_hits"]


@lru_cache(maxsize=128)
def shape_options(profile: Profile) -> ShapeOptions:
    """The solver's ShapeOptions for the shapes the profile lets win (``[shapes]`` table)."""
    shapes = profile.shapes
    return ShapeOptions(
        standard=bool(shapes.get("standard", True)),
        special=frozenset(shapes.get("special", ())),
        seven_pairs_four_of_a_kind=bool(shapes.get("seven_pairs_four_of_a_kind", False)),
    )


def profile_readings(hand: Hand, context: Context, profile: Profile, *, backend: str = "fast") -> list[Reading]:
    """Every Reading of *hand* under the shapes *profile* allows."""
    from ..solver.api import readings

    return readings(hand, self_drawn=context.self_drawn, backend=backend, shapes=shape_options(profile))


def make_situation(hand: Hand, context: Context, profile: Profile, *, winner: bool = True) -> Situation:
    """The Situation the rules see, with the waits read lazily from the thirteen tiles."""
    from ..solver.api import winning_kinds

    options = shape_options(profile)

    def finder(thirteen: Hand) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        return winning_kinds(thirteen, shapes=options)

    return Situation(hand, context, policies=profile.policies, winner=winner, wait_finder=finder)


def rule_hits(
    reading: Reading, situation: Situation, profile: Profile, rule_ids: Iterable[str] | None = None
) -> dict[str, Hits]:
    """The hits of each of the profile's rules (or *rule_ids*) that holds on *reading*."""
    found: dict[str, Hits] = {}
    chosen = _predicates(profile) if rule_ids is None else [(rid, get_rule(rid).predicate) for rid in rule_ids]
    for rid, predicate in chosen:
        hits = predicate(reading, situation)
        if hits.instances:
            found[rid] = hits
    return found


@lru_cache(maxsize=128)
def _predicates(profile: Profile) -> list[tuple[str, Predicate]]:
    """The profile's rules with their recognisers, looked up once per profile."""
    return [(rid, get_rule(rid).predicate) for rid in profile.rules]
