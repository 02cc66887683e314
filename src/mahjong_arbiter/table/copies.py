"""The tiles of one deal's hands together: no kind more than four times, no bonus tile twice.

Reading a hand checks it alone (:func:`~mahjong_arbiter.notation.parse_hand`: at most four copies
of a kind, melds included, and each bonus tile once).  The hands of one deal come from one set of
tiles, four of each playing kind and one of each flower and season, so the hands a table enters
for a deal (the facts' ``hands``, :mod:`.evidence`) must also fit in it together:

* every tile of every hand counts: standing tiles (the winner's winning tile among them),
  declared melds, and each kong as its four tiles, whether the hand is complete, thirteen tiles
  or partial;
* each bonus tile (``{f1,s3}``) belongs to one player only.

What the hands leave out (discards, the wall, a partial hand's missing tiles) is not known, so it
is not counted.  The copies a winner's context puts outside the hand (a robbed kong's pung) are
checked against the winner's own hand by :func:`mahjong_arbiter.events.validate_context`; which
other hand holds them the facts do not say, so they add nothing here.

>>> from mahjong_arbiter.notation import parse_hand
>>> deal = {"S": parse_hand("111m222m333m444mSS"), "W": parse_hand("111m2p3p4p5p6p7p8p9pE", partial=True)}
>>> print(deal_tiles_problem(deal).message)
hands: 6 copies of 1m across the hands (S: 3, W: 3); there are only 4 of each kind
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from ..errors import ArbiterError, HandError
from ..notation import ParsedHand
from ..tiles import Tile
from .seats import SEATS, Seat

__all__ = ["deal_tiles_problem"]


def _seat_name(seat: Seat) -> str:
    return seat


def _listed(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def deal_tiles_problem(
    hands: Mapping[Seat, ParsedHand], who: Callable[[Seat], str] = _seat_name
) -> ArbiterError | None:
    """What makes the hands of one deal impossible together, or ``None`` when they fit.

    ``hands`` are the deal's hands as read, by seat; ``who`` names a seat in messages
    (``S (Bob)``).  The problem is a :class:`~mahjong_arbiter.errors.HandError`, not raised, so
    that a caller reading back a stored deal can report it instead: ``fifth_copy`` naming every
    kind held more than four times and how many each seat holds, else ``bad_flowers`` naming a
    bonus tile two seats hold.
    """
    seats = [s for s in SEATS if s in hands]
    held = {s: Counter(hands[s].hand.all_tiles) for s in seats}
    total: Counter[Tile] = Counter()
    for counts in held.values():
        total.update(counts)
    over = [(tile, n) for tile, n in sorted(total.items()) if n > 4]
    if over:
        parts = [
            f"{n} copies of {tile}{' across the hands' if k == 0 else ''} "
            f"({', '.join(f'{who(s)}: {held[s][tile]}' for s in seats if held[s][tile])})"
            for k, (tile, n) in enumerate(over)
        ]
        return HandError("fifth_copy", f"hands: {_listed(parts)}; there are only 4 of each kind")
    owners: dict[Tile, list[Seat]] = {}
    for seat in seats:
        for tile in hands[seat].bonus_tiles:
            owners.setdefault(tile, []).append(seat)
    for tile, holders in sorted(owners.items()):
        if len(holders) > 1:
            return HandError(
                "bad_flowers",
                f"hands: bonus tile {tile} is in {len(holders)} hands ({_listed([who(s) for s in holders])}); "
                "each flower and season exists once",
            )
    return None
