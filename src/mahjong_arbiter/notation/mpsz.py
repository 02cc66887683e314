"""Runs of tiles: MPSZ digit groups, honour letters, and the two orders of ``5z 6z 7z``.

A run is what stands outside the brackets of a hand string (and inside one bracket): digit
groups closed by a suit letter, ``123m`` characters, ``456p`` dots, ``789s`` bamboo, ``1234567z``
honours, mixed freely with the honour letters ``E S W N`` (winds) and ``C F P`` (dragons: C red
中, F green 發, P white 白).  ``1z 2z 3z 4z`` are always East South West North.  The dragons
among the ``z`` digits depend on the order (a known trap of this notation):

=========== ====== ====== ====== ==========================================================
order       ``5z`` ``6z`` ``7z`` used by
=========== ====== ====== ====== ==========================================================
``tenhou``  P      F      C      Tenhou and most riichi tools (white green red); the default
``chinese`` C      F      P      the MIL reading, 国标小助手 (red green white, 中發白)
=========== ====== ====== ====== ==========================================================

Honour letters never depend on the order, so output writes honours as letters unless asked for
MPSZ.  Red fives (``0m``) are not mahjong-arbiter tiles and are refused.

>>> [str(t) for t in scan_run("123m5zC", 0, "tenhou")]
['1m', '2m', '3m', 'P', 'C']
>>> [str(t) for t in scan_run("5z", 0, "chinese")]
['C']
>>> format_run([Tile.of("1m"), Tile.of("2m"), Tile.of("E"), Tile.of("P")], style="mpsz")
'12m15z'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..errors import HandError
from ..tiles import Tile

__all__ = ["HONOUR_ORDERS", "HONOUR_LETTERS", "check_order", "z_tile", "z_digit", "scan_run", "format_run"]

HONOUR_LETTERS: Final = "ESWNCFP"
"""The honour letters of the MCR helper's string: winds E S W N, dragons C (red) F (green) P (white)."""

HONOUR_ORDERS: Final[dict[str, str]] = {"tenhou": "ESWNPFC", "chinese": "ESWNCFP"}
"""For each order, the honour letter of ``1z`` .. ``7z``."""


def check_order(order: str) -> str:
    """Return *order* if it is a known honour order, else raise ``HandError`` (``bad_option``)."""
    if order not in HONOUR_ORDERS:
        raise HandError(
            "bad_option", f"unknown honour order {order!r}; use one of {', '.join(HONOUR_ORDERS)}"
        )
    return order


def z_tile(digit: int, order: str) -> Tile:
    """The honour tile written ``{digit}z`` in *order*."""
    if not 1 <= digit <= 7:
        raise HandError("unknown_tile", f"unknown tile '{digit}z': honours are 1z to 7z")
    return Tile.of(HONOUR_ORDERS[check_order(order)][digit - 1])


def z_digit(tile: Tile, order: str) -> int:
    """The ``z`` digit of honour *tile* in *order*."""
    return HONOUR_ORDERS[check_order(order)].index(tile.token) + 1


def scan_run(text: str, offset: int, order: str) -> list[Tile]:
    """The tiles written in *text*, a run without brackets or braces, in the order written.

    *offset* is where *text* starts in the whole string, so that messages give 1-based positions
    in what the user typed.  Whitespace separates tokens and is otherwise ignored.
    """
    tiles: list[Tile] = []
    digits: list[tuple[int, int]] = []  # (digit, position) waiting for a suit letter

    def dangling(before: str) -> HandError:
        written = "".join(str(d) for d, _ in digits)
        return HandError(
            "unknown_token",
            f"digits '{written}' at position {digits[0][1] + 1} have no suit letter (m, p, s or z) "
            f"{before}",
        )

    for i, ch in enumerate(text):
        pos = offset + i
        if ch.isspace():
            if digits:
                raise dangling("before the space")
        elif ch in "0123456789":
            digits.append((int(ch), pos))
        elif ch in "mpsz":
            if not digits:
                hint = " (bonus tiles go in braces, e.g. {f1,s3})" if ch == "s" else ""
                raise HandError(
                    "unknown_token", f"suit letter '{ch}' at position {pos + 1} follows no digits{hint}"
                )
            for d, p in digits:
                if ch == "z":
                    tiles.append(z_tile(d, order))
                elif d == 0:
                    raise HandError(
                        "unknown_tile", f"unknown tile '0{ch}' at position {p + 1}: red fives are not used"
                    )
                else:
                    tiles.append(Tile.suited(d, ch))
            digits.clear()
        elif ch in HONOUR_LETTERS:
            if digits:
                raise dangling(f"before '{ch}'")
            tiles.append(Tile.of(ch))
        else:
            raise HandError("unknown_token", f"unknown token {ch!r} at position {pos + 1}")
    if digits:
        raise dangling("at the end")
    return tiles


def format_run(tiles: Iterable[Tile], *, style: str = "helper", order: str = "tenhou") -> str:
    """Write *tiles* compactly, keeping their order: consecutive suited tiles of one suit share
    a suit letter; honours are letters (``style="helper"``) or ``z`` digits (``style="mpsz"``).
    """
    out: list[str] = []
    pending: list[str] = []
    pending_suit = ""

    def flush() -> None:
        if pending:
            out.append("".join(pending) + pending_suit)
            pending.clear()

    for t in tiles:
        if t.is_suited or (t.is_honour and style == "mpsz"):
            suit = t.suit if t.is_suited else "z"
            if suit != pending_suit:
                flush()
                pending_suit = suit
            pending.append(str(t.rank if t.is_suited else z_digit(t, order)))
        elif t.is_honour:
            flush()
            pending_suit = ""
            out.append(t.token)
        else:
            raise HandError("bad_flowers", f"bonus tile {t} cannot stand in a run of playing tiles")
    flush()
    return "".join(out)

