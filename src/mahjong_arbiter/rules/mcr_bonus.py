"""MCR bonus tiles (Green Book 2006, section 3.8, fan 81 Flower Tiles; 3.11.6.6: counted only after
the 8-point minimum is reached without them)."""

from __future__ import annotations

from ..solver.reading import Reading
from .registry import Hits, Needs, Situation, rule

__all__: list[str] = []


@rule("mcr.flower-tiles", source="Green Book 2006, fan 81", facts=("flowers",), needs=Needs(situation=("flowers",)))
def flower_tiles(reading: Reading, situation: Situation) -> Hits:
    """花牌 Flower Tiles: one instance per flower or season the player holds."""
    return Hits.times(situation.context.flowers)
