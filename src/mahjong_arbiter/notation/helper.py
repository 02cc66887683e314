"""Declared melds in brackets, as the MIL reading, (国标小助手) writes them.

A bracket holds the tiles of one meld and, optionally, a comma and an *offer* digit (source: the
helper's README, "字符串化说明", under MIL reading in docs/sources.md):

================= ========================= ==================================================
meld              offer                     meaning
================= ========================= ==================================================
chow ``[567m]``   ``,1`` ``,2`` ``,3``      exposed; the 1st / 2nd / 3rd tile (low to high)
                                            was claimed: ``[567m,2]`` claimed the 6m
pung ``[999s]``   ``,1`` ``,2`` ``,3``      exposed, claimed from the left / opposite / right
kong ``[8888p]``  none                      a **concealed** kong
kong              ``,1`` ``,2`` ``,3``      exposed, claimed from the left / opposite / right
kong              ``,5`` ``,6`` ``,7``      an added kong (a claimed pung from left / opposite /
                                            right, completed with the fourth tile)
any               ``,0``                    exposed, the claimed tile not recorded
                                            (mahjong-arbiter's extension)
================= ========================= ==================================================

Where the helper would assume an offer (a chow or pung with none), mahjong-arbiter guesses
nothing: the set is exposed and its claimed tile is unknown.  The offer is kept
(:attr:`~mahjong_arbiter.hand.Meld.claimed_from`, :attr:`~mahjong_arbiter.hand.Meld.added`), so a
bracket is written back as it was read: who discarded a tile can decide liability.  A pung or
kong whose claimed tile is known but not the player it came from (possible in the JSON format)
is written ``,1``; an exposed kong whose claim is unknown is written ``,0``, since the bare form
would make it concealed.  Inside the brackets the tiles are written as any run (:mod:`.mpsz`):
``[EEE]``, ``[555z]``, ``[5m6m7m]``.

>>> m = meld_from_bracket([Tile.of("5m"), Tile.of("6m"), Tile.of("7m")], 2, "[567m,2]")
>>> m.kind.value, m.exposed, str(m.claimed)
('chow', True, '6m')
>>> format_meld(m)
'[567m,2]'
>>> format_meld(meld_from_bracket([Tile.of("9s")] * 3, 3, "[999s,3]"))
'[999s,3]'
>>> format_meld(meld_from_bracket([Tile.of("S")] * 4, None, "[SSSS]"))
'[SSSS]'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import HandError
from ..hand import CLAIM_SOURCES, Meld, MeldKind
from ..tiles import Tile
from .mpsz import format_run

__all__ = ["OFFERS", "meld_from_bracket", "format_meld"]

OFFERS = (0, 1, 2, 3, 5, 6, 7)
"""The offer digits a bracket may carry."""


def meld_from_bracket(tiles: Sequence[Tile], offer: int | None, written: str) -> Meld:
    """The meld a bracket holding *tiles* with *offer* (None when absent) stands for.

    *written* is the bracket as the user wrote it, quoted in messages.
    """
    if offer is not None and offer not in OFFERS:
        raise HandError(
            "bad_claim", f"offer {offer} in {written}: use 1-3 (claimed), 5-7 (added kong) or 0 (unknown)"
        )
    ordered = sorted(tiles)
    if len(ordered) == 4:
        kind = MeldKind.KONG
    elif len(ordered) == 3:
        if offer is not None and offer >= 5:
            raise HandError(
                "bad_meld", f"offer {offer} in {written} marks an added kong, but a kong has 4 tiles, not 3"
            )
        kind = MeldKind.PUNG if ordered[0] is ordered[-1] else MeldKind.CHOW
    else:
        raise HandError(
            "bad_meld", f"a meld has 3 tiles (chow, pung) or 4 (kong); {written} has {len(ordered)}"
        )
    if kind is MeldKind.KONG and offer is None:
        return Meld(kind, tuple(ordered), exposed=False)
    claimed: Tile | None = None
    claimed_from: str | None = None
    if offer:
        if kind is MeldKind.CHOW:
            claimed, claimed_from = ordered[offer - 1], "left"
        else:
            claimed, claimed_from = ordered[0], CLAIM_SOURCES[(offer - 1) % 4]
    try:
        return Meld(
            kind, tuple(ordered), exposed=True, claimed=claimed, claimed_from=claimed_from,
            added=offer is not None and offer >= 5,
        )
    except HandError as exc:
        raise HandError(exc.code, f"{exc.message} (in {written})") from None


def format_meld(meld: Meld, *, style: str = "helper", order: str = "tenhou") -> str:
    """The bracket for *meld*; honours as letters (``helper``) or ``z`` digits (``mpsz``)."""
    body = format_run(meld.tiles, style=style, order=order)
    if not meld.exposed:
        return f"[{body}]"
    if meld.claimed is None:
        return f"[{body},0]" if meld.is_kong else f"[{body}]"
    if meld.kind is MeldKind.CHOW:
        offer = meld.tiles.index(meld.claimed) + 1
    else:
        source = meld.claimed_from or CLAIM_SOURCES[0]
        offer = CLAIM_SOURCES.index(source) + 1 + (4 if meld.added else 0)
    return f"[{body},{offer}]"
