"""A hand string with its context, as the command line's HAND and flags give it, read into a
:class:`~mahjong_arbiter.notation.json_hand.HandRecord` (the web's hand field reads the same way).

>>> rec = record_from_text("[123p,1][345s,2][999s,3]6m6pEW1m", seat="S", self_drawn=True)
>>> str(rec.hand.winning_tile), str(rec.context.seat_wind), rec.context.self_drawn
('1m', 'S', True)
>>> record_from_text("123m456p789s11222z{f1}", flowers="2")
Traceback (most recent call last):
...
mahjong_arbiter.errors.HandError: bonus tiles are given twice: in the hand's braces and in the flowers
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import HandError
from ..hand import Context, validate_context
from ..tiles import WINDS, Tile
from .bonus import parse_flowers
from .hand_string import parse_hand
from .json_hand import HandRecord

__all__ = ["record_from_text", "wind_of"]


def wind_of(value: str | None, what: str) -> Tile:
    """A wind letter (E S W N, any case) as its tile; None is East."""
    if value is None:
        return WINDS[0]
    letter = value.strip().upper()
    if letter not in ("E", "S", "W", "N"):
        raise HandError("bad_wind", f"{what} must be a wind E S W N, not {value!r}")
    return Tile.of(letter)


def record_from_text(
    text: str,
    *,
    win: str | None = None,
    honour_order: str = "tenhou",
    thirteen: bool = False,
    partial: bool = False,
    self_drawn: bool = False,
    seat: str | None = None,
    round: str | None = None,
    flowers: str | None = None,
    last_of_kind: bool = False,
    kong: bool = False,
    last_tile: bool = False,
    events: Iterable[str] = (),
    seat_name: str = "the seat",
    round_name: str = "the prevailing wind",
    flowers_name: str = "the flowers",
) -> HandRecord:
    """Read *text* (any hand notation) with the context flags; check the context against the hand.

    *thirteen* insists on a hand without a winning tile; *flowers* is a count (``"2"``) or a list
    (``"f1,s3"``), and may not be given beside a brace group.  The ``*_name`` arguments are how
    messages name the seat, the prevailing wind and the flowers (``--seat`` on the command line).
    """
    parsed = parse_hand(
        text, win=win, honour_order=honour_order, complete=False if thirteen else None, partial=partial
    )
    count = 0 if flowers is None else parse_flowers(flowers)
    if parsed.bonus_tiles and flowers is not None:
        raise HandError("bad_flowers", f"bonus tiles are given twice: in the hand's braces and in {flowers_name}")
    tiles = parsed.bonus_tiles or (count if isinstance(count, tuple) else None)
    context = Context(
        self_drawn=self_drawn,
        last_of_kind=last_of_kind,
        kong_related=kong,
        last_tile=last_tile,
        seat_wind=wind_of(seat, seat_name),
        prevailing_wind=wind_of(round, round_name),
        flowers=count if isinstance(count, int) else 0,
        bonus_tiles=tiles,
        events=frozenset(events),
    )
    validate_context(parsed.hand, context)
    return HandRecord(None, parsed.hand, context)
