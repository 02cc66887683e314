"""Steps every arithmetic shares: the Readings a profile allows and the rule hits on each.

Rules are recognised here and nowhere else, so every arithmetic sees the same hits.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..hand import Context, Hand
from ..profiles.model import Profile
from ..rules.registry import Hits, Situation, get_rule
from ..solver.reading import Reading
from ..tiles import Tile

__all__ = ["shape_options", "profile_readings", "make_situation", "rule_hits"]


def shape_options(profile: Profile) -> object:
    """The solver's ShapeOptions for the shapes the profile lets win (``[shapes]`` table)."""
    from ..solver.shapes import ShapeOptions

    shapes = profile.shapes
    return ShapeOptions(
        standard=bool(shapes.get("standard", True)),
        special=frozenset(shapes.get("special", ())),
        seven_pairs_four_of_a_kind=bool(shapes.get("seven_pairs_four_of_a_kind", False)),
    )


def profile_readings(hand: Hand, context: Context, profile: Profile, *, backend: str = "fast") -> list[Reading]:
    """Every Reading of *hand* under the shapes *profile* allows."""
    from ..solver.api import readings

    return readings(hand, self_drawn=context.self_drawn, backend=backend, shapes=shape_options(profile))  # type: ignore[arg-type]


def make_situation(hand: Hand, context: Context, profile: Profile, *, winner: bool = True) -> Situation:
    """The Situation the rules see, with the waits read lazily from the thirteen tiles."""
    from ..solver.api import waits

    options = shape_options(profile)

    def finder(thirteen: Hand) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        found = waits(thirteen, shapes=options)  # type: ignore[arg-type]
        return tuple(found.tiles), tuple(found.held_out)

    return Situation(hand, context, policies=profile.policies, winner=winner, wait_finder=finder)


def rule_hits(
    reading: Reading, situation: Situation, profile: Profile, rule_ids: Iterable[str] | None = None
) -> dict[str, Hits]:
    """The hits of each of the profile's rules (or *rule_ids*) that holds on *reading*."""
    found: dict[str, Hits] = {}
    for rid in profile.rules if rule_ids is None else rule_ids:
        hits = get_rule(rid).predicate(reading, situation)
        if hits:
            found[rid] = hits
    return found
