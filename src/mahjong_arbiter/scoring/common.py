"""Steps every arithmetic shares: the Readings a profile allows and the rule hits on each.

Rules are recognised here and nowhere else, so every arithmetic sees the same hits.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..hand import Context, Hand
from ..profiles.model import Profile
from ..rules.registry import Hits, Situation, plan, reading_features
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
    from ..solver.api import winning_kinds_before

    options = shape_options(profile)

    def finder(complete: Hand) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        return winning_kinds_before(complete, shapes=options)

    return Situation(hand, context, policies=profile.policies, winner=winner, wait_finder=finder)


def rule_hits(
    reading: Reading, situation: Situation, profile: Profile, rule_ids: Iterable[str] | None = None
) -> dict[str, Hits]:
    """The hits of each of the profile's rules that holds on *reading*.

    The profile's rules are asked only of the hands they apply to (``applies``: the winner's, a
    loser's, or all).  With *rule_ids*, exactly those rules are asked, whatever they apply to.  A
    rule's predicate is called only when its prerequisite holds
    (:class:`~mahjong_arbiter.rules.registry.Needs`): one integer test per group of rules with
    the same needs, one per rule of a group that passes, then the few predicates that could hold.
    The hits of the profile's rules come in the order of those groups (the arithmetics order
    them by the profile's graph); with *rule_ids*, in the order given.
    """
    found: dict[str, Hits] = {}
    features = reading_features(reading) | situation.features
    chosen = profile.recognisers if rule_ids is None else ((0, plan(rule_ids)),)
    for head, members in chosen:
        if features & head == head:
            for bits, rid, predicate in members:
                if features & bits == bits:
                    hits = predicate(reading, situation)
                    if hits.instances:
                        found[rid] = hits
    return found
