"""Hands as text for people: each tile drawn as its Unicode glyph beside its token.

The glyphs are the Mahjong Tiles block (U+1F000..U+1F02B, :attr:`Tile.glyph`); ``ascii=True``
gives the tokens alone, for terminals and fonts without that block.  Honours are always written
as letters (E S W N; C red, F green, P white), never as ``z`` digits, so the text cannot be
misread whatever honour order the input used.  Every command draws tiles with these functions.

>>> tiles_text([Tile.of("1m"), Tile.of("C")], ascii=True)
'1m C'
>>> tiles_text([Tile.of("1m")]) == "\\U0001f007 1m"
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ..hand import Context, Hand, Meld
from ..tiles import Tile

__all__ = ["tile_text", "tiles_text", "meld_text", "context_text", "hand_text"]


def tile_text(tile: Tile, ascii: bool = False) -> str:
    """One tile: ``"🀇 1m"``, or ``"1m"`` with *ascii*."""
    return tile.token if ascii else f"{tile.glyph} {tile.token}"


def tiles_text(tiles: Iterable[Tile], ascii: bool = False) -> str:
    """Tiles in the order given, separated by spaces (two with glyphs, so each pair reads apart)."""
    sep = " " if ascii else "  "
    return sep.join(tile_text(t, ascii) for t in tiles)


def meld_text(meld: Meld, ascii: bool = False) -> str:
    """A meld with its kind, exposure and claim: ``"[1p 2p 3p] exposed chow, claimed 1p from the left"``."""
    how = "exposed" if meld.exposed else "concealed"
    kind = f"added {meld.kind.value}" if meld.added else meld.kind.value
    claim = f", claimed {meld.claimed}" if meld.claimed is not None else ""
    if meld.claimed_from is not None:
        claim += " from across the table" if meld.claimed_from == "opposite" else f" from the {meld.claimed_from}"
    return f"[{tiles_text(meld.tiles, ascii)}] {how} {kind}{claim}"


def context_text(ctx: Context, *, won: bool = True) -> str:
    """The context on one line: how the hand was won, winds, bonus tiles and events.

    A hand that has not won (*won* false: thirteen tiles) says how its coming win is to be made
    only when the context says so (``--self-drawn``, ``--kong``), since both ways are open.
    """
    parts = ["self-drawn" if ctx.self_drawn else "won on a discard"] if won else []
    if not won and ctx.self_drawn:
        parts.append("to be won self-drawn")
    if ctx.robbing_kong:
        parts.append("robbing a kong" if won else "to be won on a kong (robbing one, or its replacement tile)")
    if ctx.kong_replacement:
        parts.append("on a kong's replacement tile")
    if ctx.last_tile:
        parts.append("last tile")
    if ctx.last_of_kind:
        parts.append("last of its kind")
    parts.append(f"seat {ctx.seat_wind}, prevailing {ctx.prevailing_wind}")
    bonus = "" if ctx.bonus_tiles is None else f" ({' '.join(str(t) for t in ctx.bonus_tiles)})"
    parts.append(f"flowers {ctx.flowers}{bonus}")
    if ctx.events:
        parts.append("events: " + ", ".join(sorted(ctx.events)))
    return "; ".join(parts)


def hand_text(hand: Hand, ctx: Context, ascii: bool = False) -> str:
    """The hand on a few labelled lines: standing tiles, melds, winning tile, context.

    The standing tiles are written without the winning tile, which has its own line.
    """
    rest = list(hand.concealed)
    if hand.winning_tile is not None:
        rest.remove(hand.winning_tile)
    lines = [f"standing: {tiles_text(rest, ascii)}"]
    lines.extend(f"meld:     {meld_text(m, ascii)}" for m in hand.melds)
    if hand.winning_tile is None:
        lines.append(f"winning:  none ({hand.size} tiles)")
    else:
        lines.append(f"winning:  {tile_text(hand.winning_tile, ascii)}")
    if ctx.bonus_tiles:
        lines.append(f"bonus:    {tiles_text(ctx.bonus_tiles, ascii)}")
    lines.append(f"context:  {context_text(ctx, won=hand.winning_tile is not None)}")
    return "\n".join(lines)
