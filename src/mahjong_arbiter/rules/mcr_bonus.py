"""MCR bonus tiles (Green Book 2006, section 3.8, fan 81 Flower Tiles; 3.11.6.6: counted only after
the 8-point minimum is reached without them)."""

from __future__ import annotations

from typing import Final

from ..solver.reading import Reading
from .registry import Hits, Needs, Situation, rule

__all__: list[str] = []


@rule("mcr.flower-tiles", source="Green Book 2006, fan 81", facts=("flowers",), needs=Needs(situation=("flowers",)))
def flower_tiles(reading: Reading, situation: Situation) -> Hits:
    """花牌 Flower Tiles: one instance per flower or season the player holds."""
    flowers = situation.context.flowers
    return _BY_COUNT[flowers] if flowers < len(_BY_COUNT) else Hits.times(flowers)


_BY_COUNT: Final = tuple(Hits.times(n) for n in range(9))
"""The hits of each count of bonus tiles there are (eight), read without the call of :meth:`Hits.times`."""
