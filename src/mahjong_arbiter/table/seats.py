"""Seats at the table: East, South, West, North, East being the dealer.

The table companion names seats by their wind letter (``"E" "S" "W" "N"``), in turn order.  A
game's players keep their chairs; the wind each one sits under moves when East passes.

>>> SEATS
('E', 'S', 'W', 'N')
>>> next_seat("N")
'E'
"""

from __future__ import annotations

from typing import Final, Literal, TypeGuard

__all__ = ["Seat", "SEATS", "WIND_NAMES", "is_seat", "next_seat"]

Seat = Literal["E", "S", "W", "N"]
SEATS: Final[tuple[Seat, ...]] = ("E", "S", "W", "N")
WIND_NAMES: Final[dict[Seat, str]] = {"E": "East", "S": "South", "W": "West", "N": "North"}


def is_seat(value: object) -> TypeGuard[Seat]:
    """Whether ``value`` is one of the four seat letters."""
    return isinstance(value, str) and value in SEATS


def next_seat(seat: Seat) -> Seat:
    """The seat after ``seat`` in turn order (East → South → West → North → East)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]
