"""Whole hands as one string: parse and format, MPSZ and the MCR helper's string alike.

A hand string is a sequence of

* runs of tiles (:mod:`.mpsz`): ``123m456p789s1122z``, ``6m6pEW1m``; ``z`` digits follow the
  chosen honour order (Tenhou ``5z 6z 7z`` = white green red by default, ``chinese`` = red
  green white), honour letters ``E S W N C F P`` mean the same in both;
* declared melds in brackets (:mod:`.helper`): ``[567m,2]``, ``[999s,3]``, ``[SSSS]``;
* at most one brace group of bonus tiles (:mod:`.bonus`): ``{f1,s3}``.

Both notations are the same grammar, so there is nothing to detect and mixed forms work
(``[555z]11m...``, ``123mEEE``).  Steps of :func:`parse_hand`:

1. split the string into runs, brackets and the brace group, with positions for messages;
2. read each bracket as a meld and each run as standing tiles, in the order written;
3. refuse a fifth copy of any tile, then count the tiles (each kong as 3): 14 is a complete
   hand whose winning tile is the last standing tile written, unless ``win`` names another;
   13 (or fewer with ``partial``) is a hand with no winning tile; ``complete`` insists on one
   or the other;
4. build the :class:`~mahjong_arbiter.hand.Hand`, which checks copies and counts.

:func:`format_hand` writes melds first (in their order), then the standing tiles sorted, then the
winning tile last, then the bonus group, so ``parse_hand(format_hand(h)).hand == h``.

>>> p = parse_hand("[123p,1][345s,2][999s,3]6m6pEW1m")
>>> str(p.hand.winning_tile), [str(m) for m in p.hand.melds]
('1m', ['1p2p3p', '3s4s5s', '9s9s9s'])
>>> format_hand(p.hand)
'[123p,1][345s,2][999s,3]6m6pEW1m'
>>> p = parse_hand("123m456p789s11222z{s3}", win="1z")
>>> format_hand(p.hand, p.bonus_tiles, style="mpsz")
'123m456p789s1222z1z{s3}'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from ..errors import HandError
from ..hand import Hand, Meld
from ..tiles import Tile
from .bonus import format_bonus, parse_bonus
from .helper import format_meld, meld_from_bracket
from .mpsz import check_order, format_run, scan_run

__all__ = ["ParsedHand", "parse_hand", "parse_meld", "parse_tile", "format_hand", "STYLES", "MAX_HAND_CHARS"]

MAX_HAND_CHARS: Final = 200
"""The longest hand string read: a real hand needs about half of it, so anything longer is refused
before it is parsed (a megabyte of tiles is an accident or an attack, never a hand)."""

_MAX_TILE_CHARS: Final = 16

STYLES: Final = ("helper", "mpsz")
"""Output styles: ``helper`` writes honours as letters, ``mpsz`` as ``z`` digits."""


@dataclass(frozen=True, slots=True)
class ParsedHand:
    """A parsed hand string: the hand and the bonus tiles of its brace group (sorted)."""

    hand: Hand
    bonus_tiles: tuple[Tile, ...] = ()


@dataclass(frozen=True, slots=True)
class _Pieces:
    standing: list[Tile]
    melds: list[Meld]
    bonus: tuple[Tile, ...] | None


def _split(text: str, order: str) -> _Pieces:
    """Steps 1 and 2: runs, brackets and the brace group, read in the order written."""
    standing: list[Tile] = []
    melds: list[Meld] = []
    bonus: tuple[Tile, ...] | None = None
    i = 0
    run_start = 0
    while i <= len(text):
        ch = text[i] if i < len(text) else ""
        if ch in ("[", "{", "]", "}", ""):
            standing.extend(scan_run(text[run_start:i], run_start, order))
        if ch in ("]", "}"):
            raise HandError("unknown_token", f"'{ch}' at position {i + 1} closes nothing")
        if ch in ("[", "{"):
            close = "]" if ch == "[" else "}"
            end = text.find(close, i + 1)
            nested = min((j for j in (text.find("[", i + 1), text.find("{", i + 1)) if j >= 0), default=-1)
            if end < 0:
                raise HandError("unknown_token", f"'{ch}' at position {i + 1} is never closed by '{close}'")
            if 0 <= nested < end:
                raise HandError(
                    "unknown_token", f"'{text[nested]}' at position {nested + 1} opens inside another group"
                )
            inner = text[i + 1 : end]
            if ch == "{":
                if bonus is not None:
                    raise HandError(
                        "bad_flowers", f"a second bonus group at position {i + 1}; list them all in one"
                    )
                bonus = parse_bonus(inner, i + 1)
            else:
                melds.append(_bracket(inner, i + 1, text[i : end + 1], order))
            i = end + 1
            run_start = i
            continue
        i += 1
    return _Pieces(standing, melds, bonus)


def _bracket(inner: str, offset: int, written: str, order: str) -> Meld:
    body, comma, offer_text = inner.partition(",")
    offer: int | None = None
    if comma:
        offer_text = offer_text.strip()
        if not (len(offer_text) == 1 and offer_text in "0123456789"):
            raise HandError(
                "bad_claim", f"the offer in {written} must be one digit (1-3, 5-7 or 0), not {offer_text!r}"
            )
        offer = int(offer_text)
    return meld_from_bracket(scan_run(body, offset, order), offer, written)


def _check_copies(pieces: _Pieces) -> None:
    """A fifth copy is named before any count, since it is the more precise complaint."""
    written = Counter(pieces.standing)
    for meld in pieces.melds:
        written.update(meld.tiles)
    for tile, n in sorted(written.items()):
        if n > 4:
            raise HandError("fifth_copy", f"{n} copies of {tile} (melds included); there are only 4")


def parse_meld(text: str, *, honour_order: str = "tenhou") -> Meld:
    """One declared meld written in brackets, alone: ``"[567m,2]"``, ``"[SSSS]"``.

    >>> m = parse_meld("[999s,3]")
    >>> m.kind.value, m.exposed, str(m.claimed)
    ('pung', True, '9s')
    """
    order = check_order(honour_order)
    written = text.strip()
    if len(written) > 40:
        raise HandError("bad_meld", f"a meld is at most 40 characters, such as [555p,1]; this one has {len(written)}")
    if not (written.startswith("[") and written.endswith("]")) or "[" in written[1:-1] or "]" in written[1:-1]:
        raise HandError("bad_meld", f"a meld is written in brackets, such as [555p,1]; not {written!r}")
    return _bracket(written[1:-1], 1, written, order)


def parse_tile(token: str, *, honour_order: str = "tenhou") -> Tile:
    """One playing tile written as a run: ``"3m"``, ``"E"``, ``"5z"`` (in *honour_order*).

    >>> str(parse_tile("7z")), str(parse_tile("7z", honour_order="chinese"))
    ('C', 'P')
    """
    if len(token) > _MAX_TILE_CHARS:
        raise HandError("unknown_tile", f"expected one tile such as 3m or E, not {len(token)} characters")
    tiles = scan_run(token, 0, check_order(honour_order))
    if len(tiles) != 1:
        raise HandError("unknown_tile", f"expected one tile, not {token!r}")
    return tiles[0]


def parse_hand(
    text: str,
    *,
    win: str | None = None,
    honour_order: str = "tenhou",
    partial: bool = False,
    complete: bool | None = None,
) -> ParsedHand:
    """Parse a hand string (MPSZ, the MCR helper's string, or a mix).

    Parameters
    ----------
    text : str
        The hand, e.g. ``"123m456p789s1122z"`` or ``"[123p,1][345s,2][999s,3]6m6pEW1m"``.
    win : str, optional
        The winning tile (a run of one tile, ``"2z"`` or ``"S"``); it must be among the standing
        tiles.  By default the last standing tile written wins.
    honour_order : {"tenhou", "chinese"}
        What ``5z 6z 7z`` mean (see :mod:`.mpsz`); honour letters are unaffected.
    partial : bool
        Accept fewer than 13 tiles (with no winning tile).
    complete : bool, optional
        True insists on 14 tiles (a winning hand), False on a hand without a winning tile.

    Raises
    ------
    HandError
        With a code and a message naming the problem and, for syntax, its position.
    """
    order = check_order(honour_order)
    if len(text) > MAX_HAND_CHARS:
        raise HandError(
            "hand_too_long",
            f"the hand string has {len(text)} characters; a hand has at most {MAX_HAND_CHARS} "
            "(four kongs and eight bonus tiles, written out with spaces, need about 100)",
        )
    if not text.strip():
        raise HandError(
            "tile_count",
            "the hand is empty: no tiles given (a loser who shows only bonus tiles writes them in braces: '{f1,s3}')",
        )
    pieces = _split(text, order)
    _check_copies(pieces)
    size = len(pieces.standing) + 3 * len(pieces.melds)
    shown = " ".join(str(t) for t in sorted(pieces.standing))
    if complete is None:
        complete = size == 14 or (win is not None and size > 14)
    if complete:
        if size != 14:
            raise HandError(
                "tile_count",
                f"a complete hand has 14 tiles counting each kong as 3; this one has {size}",
            )
        if win is None:
            if not pieces.standing:
                raise HandError("winning_tile_missing", "no standing tile to be the winning tile")
            winning = pieces.standing[-1]
        else:
            winning = parse_tile(win, honour_order=order)
            if winning not in pieces.standing:
                raise HandError(
                    "winning_tile_missing",
                    f"winning tile {winning} is not among the standing tiles ({shown})",
                )
        hand = Hand(tuple(pieces.standing), tuple(pieces.melds), winning)
    else:
        if win is not None:
            raise HandError(
                "tile_count",
                f"a winning tile ({win}) was named, but the hand has {size} tiles counting each kong "
                "as 3, not 14",
            )
        if size > 13 or (size < 13 and not partial):
            raise HandError(
                "tile_count",
                f"a hand has 14 tiles counting each kong as 3 (13 without a winning tile); "
                f"this one has {size}",
            )
        hand = Hand(tuple(pieces.standing), tuple(pieces.melds), None, partial=partial)
    return ParsedHand(hand, pieces.bonus or ())


def format_hand(
    hand: Hand,
    bonus: tuple[Tile, ...] = (),
    *,
    style: str = "helper",
    honour_order: str = "tenhou",
) -> str:
    """Write *hand* (and its bonus tiles) as a hand string that :func:`parse_hand` reads back.

    ``style="helper"`` writes honours as letters (the same in every order); ``style="mpsz"``
    writes them as ``z`` digits in *honour_order*, so parse the result with the same order.
    """
    if style not in STYLES:
        raise HandError("bad_option", f"unknown style {style!r}; use one of {', '.join(STYLES)}")
    order = check_order(honour_order)
    rest = list(hand.concealed)
    if hand.winning_tile is not None:
        rest.remove(hand.winning_tile)
    parts = [format_meld(m, style=style, order=order) for m in hand.melds]
    parts.append(format_run(rest, style=style, order=order))
    if hand.winning_tile is not None:
        parts.append(format_run([hand.winning_tile], style=style, order=order))
    parts.append(format_bonus(bonus))
    return "".join(parts)
