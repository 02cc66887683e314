"""Why a hand is not complete, in words.

A hand with no Reading gets a reason a player can check: the suit whose tiles cannot be split into
chows and pungs, the honour that stands alone, the pairs that are one too many, and the special
shapes it is not.  The split facts come from the per-suit table (:mod:`mahjong_arbiter.solver.fast`).

>>> from mahjong_arbiter.hand import Hand
>>> from mahjong_arbiter.tiles import Tile
>>> hand = Hand([Tile.of(t) for t in "1m 2m 4m 5m 6m 7p 8p 9p 2s 3s 4s E E E".split()],
...             winning_tile=Tile.of("E"))
>>> print(why_not_complete(hand, shapes=ShapeOptions(special=frozenset())))
not complete: the characters 1m 2m 4m 5m 6m do not split into chows and pungs (with at most one pair)
"""

from __future__ import annotations

from ..hand import Hand
from ..tiles import SUITS, Tile, counts_of
from .api import readings
from .fast import suit_splits
from .shapes import DEFAULT_SHAPES, SPECIAL_SHAPES, ShapeOptions

__all__ = ["why_not_complete"]

_SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}


def _tiles(counts: list[int], indexes: range) -> str:
    return " ".join(str(Tile.at(i)) for i in indexes for _ in range(counts[i]))


def _standard_reasons(hand: Hand) -> list[str]:
    counts = counts_of(hand.concealed)
    reasons = []
    pair_places = []
    for s, suit in enumerate(SUITS):
        part = range(9 * s, 9 * s + 9)
        vector = tuple(counts[i] for i in part)
        if not any(vector):
            continue
        options = suit_splits(s, vector)
        if not options:
            reasons.append(f"the {_SUIT_NAMES[suit]} {_tiles(counts, part)} do not split into chows and pungs "
                           "(with at most one pair)")
        elif all(pairs for _, pairs, _ in options):
            pair_places.append(f"the {_SUIT_NAMES[suit]}")
    for i in range(27, 34):
        n, tile = counts[i], Tile.at(i)
        if n == 1:
            reasons.append(f"a lone {tile} makes no set or pair")
        elif n == 4:
            reasons.append(f"four {tile} standing make no set: a kong must be declared")
        elif n == 2:
            pair_places.append(str(tile))
    if not reasons and len(pair_places) > 1:
        reasons.append(f"a standard hand has one pair, these tiles need {len(pair_places)} "
                       f"({', '.join(pair_places)})")
    return reasons


def why_not_complete(hand: Hand, *, shapes: ShapeOptions = DEFAULT_SHAPES) -> str | None:
    """The reason *hand* has no Reading under *shapes*, or None when it has one."""
    if hand.winning_tile is None:
        return f"not complete: a hand of {hand.size} tiles without a winning tile"
    if readings(hand, shapes=shapes):
        return None
    reasons = _standard_reasons(hand) if shapes.standard else ["the standard shape is not allowed"]
    special = sorted(SPECIAL_SHAPES[name].description for name in shapes.special if name in SPECIAL_SHAPES)
    text = "not complete: " + "; ".join(reasons or ["its tiles do not make four sets and a pair"])
    if special:
        text += f"; and it is none of the special shapes ({'; '.join(special)})"
    return text
