"""Hypothesis strategies for valid hands: melds (chows, pungs, exposed and concealed kongs, with
and without claimed tiles), standing tiles, winning tile, bonus tiles.  Shared by the notation
and CLI tests.  No hand drawn here holds a fifth copy of any tile.
"""

from __future__ import annotations

from hypothesis import strategies as st

from mahjong_arbiter.hand import CLAIM_SOURCES, Context, Hand, Meld, MeldKind
from mahjong_arbiter.tiles import ALL_BONUS, ALL_PLAYING, WINDS, Tile

__all__ = ["hands", "hands_with_bonus", "contexts"]


def _draw_meld(draw: st.DrawFn, left: list[int]) -> Meld:
    kind = draw(st.sampled_from(list(MeldKind)))
    if kind is MeldKind.CHOW:
        starts = [
            t for t in ALL_PLAYING if t.is_suited and t.rank <= 7 and all(left[t.index + k] for k in range(3))
        ]
        start = draw(st.sampled_from(starts))
        tiles = tuple(Tile.at(start.index + k) for k in range(3))
    else:
        size = 3 if kind is MeldKind.PUNG else 4
        tile = draw(st.sampled_from([t for t in ALL_PLAYING if left[t.index] >= size]))
        tiles = (tile,) * size
    for t in tiles:
        left[t.index] -= 1
    exposed = kind is not MeldKind.KONG or draw(st.booleans())
    claimed = draw(st.none() | st.sampled_from(tiles)) if exposed else None
    if claimed is None:
        return Meld(kind, tiles, exposed=exposed)
    # a claimed tile carries its offer in the bracket form: the player it came from (a chow's is
    # always the left), and for a kong whether it was added to a claimed pung
    source = "left" if kind is MeldKind.CHOW else draw(st.sampled_from(CLAIM_SOURCES))
    added = kind is MeldKind.KONG and draw(st.booleans())
    return Meld(kind, tiles, exposed=exposed, claimed=claimed, claimed_from=source, added=added)


@st.composite
def hands(draw: st.DrawFn, *, shape: str | None = None) -> Hand:
    """A valid hand; *shape* is ``"complete"``, ``"thirteen"``, ``"partial"`` or None (any)."""
    shape = shape or draw(st.sampled_from(["complete", "complete", "thirteen", "partial"]))
    left = [4] * 34
    melds = [_draw_meld(draw, left) for _ in range(draw(st.integers(0, 4)))]
    if shape == "complete":
        size = 14
    elif shape == "thirteen":
        size = 13
    else:
        size = draw(st.integers(max(1, 3 * len(melds)), 12))
    standing: list[Tile] = []
    for _ in range(size - 3 * len(melds)):
        tile = draw(st.sampled_from([t for t in ALL_PLAYING if left[t.index]]))
        left[tile.index] -= 1
        standing.append(tile)
    winning = draw(st.sampled_from(standing)) if shape == "complete" else None
    return Hand(tuple(standing), tuple(melds), winning, partial=shape == "partial")


@st.composite
def hands_with_bonus(draw: st.DrawFn, *, shape: str | None = None) -> tuple[Hand, tuple[Tile, ...]]:
    """A hand and a sorted set of bonus tiles."""
    bonus = draw(st.lists(st.sampled_from(ALL_BONUS), unique=True, max_size=8))
    return draw(hands(shape=shape)), tuple(sorted(bonus))


@st.composite
def contexts(draw: st.DrawFn, hand: Hand) -> Context:
    """A context consistent with *hand*: no kong replacement without a kong, no robbed kong while
    the hand holds another copy of the winning tile, no Original Call with a claimed set,
    flower-replacement wins self-drawn with a flower (the event registry's preconditions)."""
    self_drawn = draw(st.booleans())
    win = hand.winning_tile
    robbable = win is None or hand.all_tiles.count(win) == 1
    kong_related = draw(st.booleans()) and (bool(hand.kongs) if self_drawn else robbable)
    bonus = draw(st.none() | st.lists(st.sampled_from(ALL_BONUS), unique=True, max_size=8).map(tuple))
    flowers = len(bonus) if bonus is not None else draw(st.integers(0, 8))
    claimed = any(m.exposed for m in hand.melds)
    possible = ["standing_hand", "only_possible"] + ([] if claimed else ["original_call"])
    events = set(draw(st.sets(st.sampled_from(possible))))
    if self_drawn and flowers and not kong_related and draw(st.booleans()):
        events.add("flower_replacement")
    return Context(
        self_drawn=self_drawn,
        last_of_kind=draw(st.booleans()),
        kong_related=kong_related,
        last_tile=draw(st.booleans()),
        seat_wind=draw(st.sampled_from(WINDS)),
        prevailing_wind=draw(st.sampled_from(WINDS)),
        flowers=0 if bonus is not None else flowers,
        bonus_tiles=bonus,
        events=frozenset(events),
    )
