"""The hand builder's pieces: what the page's script keeps while tiles are tapped, and their HTML.

The script keeps the hand as *pieces* (:class:`Pieces`): standing tiles, the last tile added
(the winning tile once there are fourteen), declared melds as brackets (``[999s,3]``) and bonus
tiles.  After every tap it posts them; the server writes them as a hand string (the text
field), reads that string with the engine, and draws the pieces as buttons.  When the text
field is typed in, the server reads the text and sends back its pieces.  So taps and text stay
in step, and every judgement (is this a meld, a fifth copy, a winning hand) is the engine's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from ..errors import ArbiterError, HandError
from ..events import EVENT_NAMES, FACTS
from ..notation import parse_hand, parse_meld
from ..notation.bonus import format_bonus
from ..notation.helper import format_meld
from ..notation.mpsz import format_run
from ..notation.svg import meld_label, meld_tiles_svg, tile_label, tile_svg
from ..profiles.events import earned_by
from ..profiles.model import Profile
from ..tiles import ALL_BONUS, ALL_PLAYING, Tile

__all__ = ["Pieces", "palette_html", "pieces_html", "event_choices", "MELD_KINDS"]

MELD_KINDS: Final = ("chow", "pung", "kong", "concealed_kong")
_MAX_PIECES: Final = 40


def _tile(token: object) -> Tile:
    if not isinstance(token, str):
        raise HandError("unknown_tile", f"a tile is written as a token such as 5m or E, not {token!r}")
    return Tile.of(token)


def _meld_text(raw: object) -> str:
    """A meld as the script sends it: a bracket already written, or ``{"kind", "tile", "offer"}``."""
    if isinstance(raw, str):
        return _checked_bracket(raw.strip())
    if not isinstance(raw, Mapping):
        raise HandError("bad_meld", f"a meld is a bracket such as [555p,1], not {raw!r}")
    kind, tile, offer = raw.get("kind"), _tile(raw.get("tile")), raw.get("offer")
    if kind not in MELD_KINDS:
        raise HandError("bad_meld", f"a meld is one of {', '.join(MELD_KINDS)}, not {kind!r}")
    if offer is not None and (isinstance(offer, bool) or not isinstance(offer, int)):
        raise HandError("bad_claim", f"the claim of a meld is a digit, not {offer!r}")
    if kind == "chow":
        second, third = tile.next_in_suit(1), tile.next_in_suit(2)
        if second is None or third is None:
            raise HandError("bad_meld", f"no chow starts at {tile}")
        tiles = [tile, second, third]
    else:
        tiles = [tile] * (3 if kind == "pung" else 4)
    body = "".join(t.token for t in tiles)
    if kind == "concealed_kong":
        return f"[{body}]"
    return _checked_bracket(f"[{body}]" if offer is None else f"[{body},{offer}]")


def _checked_bracket(text: str) -> str:
    parse_meld(text)  # the engine's word on it; the bracket is kept as written (its claim digit too)
    return text


@dataclass(frozen=True)
class Pieces:
    """A hand being built: standing tiles (sorted), the last tile added, melds, bonus tiles."""

    standing: tuple[Tile, ...] = ()
    last: Tile | None = None
    melds: tuple[str, ...] = ()
    bonus: tuple[Tile, ...] = ()

    @classmethod
    def from_json(cls, raw: object) -> Pieces:
        """The pieces the script posts (``{"standing": [...], "last": ..., "melds": [...], "bonus": [...]}``)."""
        if not isinstance(raw, Mapping):
            raise HandError("bad_json", "the hand's pieces are an object")
        lists = {name: raw.get(name) or [] for name in ("standing", "melds", "bonus")}
        if not all(isinstance(v, list) for v in lists.values()) or sum(len(v) for v in lists.values()) > _MAX_PIECES:
            raise HandError("bad_json", f"the hand's pieces are lists of at most {_MAX_PIECES} tiles and melds")
        last = raw.get("last")
        return cls(
            standing=tuple(sorted(_tile(t) for t in lists["standing"])),
            last=None if last is None else _tile(last),
            melds=tuple(_meld_text(m) for m in lists["melds"]),
            bonus=tuple(sorted(_tile(t) for t in lists["bonus"])),
        )

    @classmethod
    def from_text(cls, text: str, honour_order: str = "tenhou") -> Pieces:
        """The pieces of a typed hand (fewer than 13 tiles allowed while building)."""
        try:
            parsed = parse_hand(text, honour_order=honour_order, partial=True)
        except ArbiterError as exc:
            if exc.code != "tile_count":
                raise
            parsed = parse_hand(text, honour_order=honour_order, complete=True)  # 14: say what is wrong
        hand = parsed.hand
        standing = list(hand.concealed)
        last = hand.winning_tile
        if last is not None:
            standing.remove(last)
        return cls(tuple(standing), last, tuple(format_meld(m) for m in hand.melds), parsed.bonus_tiles)

    def text(self) -> str:
        """The pieces as a hand string: melds, standing tiles, the last tile, bonus tiles in braces."""
        last = format_run([self.last], style="helper") if self.last is not None else ""
        return "".join(self.melds) + format_run(self.standing, style="helper") + last + format_bonus(self.bonus)

    def to_json(self) -> dict[str, Any]:
        return {
            "standing": [t.token for t in self.standing],
            "last": None if self.last is None else self.last.token,
            "melds": list(self.melds),
            "bonus": [t.token for t in self.bonus],
        }

    @property
    def empty(self) -> bool:
        return not (self.standing or self.last or self.melds or self.bonus)


def _piece_button(tile: Tile, kind: str, index: int, *, winning: bool = False) -> str:
    what = {"standing": "", "last": ", the last tile added", "bonus": ", bonus tile"}[kind]
    cls = "winning" if winning else ""
    return (
        f'<button type="button" class="piece" data-piece="{kind}" data-i="{index}" '
        f'aria-label="{escape(tile_label(tile) + what)}">{tile_svg(tile, decorative=True, cls=cls)}</button>'
    )


def pieces_html(pieces: Pieces) -> str:
    """The hand being built as buttons (tap to remove, or to make it the winning tile)."""
    if pieces.empty:
        return '<p class="hint">No tiles yet: tap tiles below, or type a hand.</p>'
    parts: list[str] = []
    for i, text in enumerate(pieces.melds):
        try:
            meld = parse_meld(text)
        except ArbiterError:
            parts.append(f'<button type="button" class="piece" data-piece="meld" data-i="{i}">{escape(text)}</button>')
            continue
        drawn = meld_tiles_svg(meld, decorative=True)
        cls = "piece meld" + ("" if meld.exposed else " concealed")
        parts.append(
            f'<button type="button" class="{cls}" data-piece="meld" data-i="{i}" '
            f'aria-label="{escape(meld_label(meld))}">{drawn}</button>'
        )
    parts += [_piece_button(t, "standing", i) for i, t in enumerate(pieces.standing)]
    if pieces.last is not None:
        parts.append(_piece_button(pieces.last, "last", 0, winning=len(pieces.standing) + 3 * len(pieces.melds) == 13))
    parts += [_piece_button(t, "bonus", i) for i, t in enumerate(pieces.bonus)]
    return "".join(parts)


def palette_html() -> str:
    """The 34 tiles and 8 bonus tiles, a button each, in rows by suit."""
    rows = [ALL_PLAYING[0:9], ALL_PLAYING[9:18], ALL_PLAYING[18:27], ALL_PLAYING[27:34], ALL_BONUS]
    out = []
    for row in rows:
        buttons = []
        for t in row:
            chow = t.is_suited and t.next_in_suit(2) is not None
            buttons.append(
                f'<button type="button" class="pal" data-tile="{t.token}" data-bonus="{int(t.is_bonus)}" '
                f'data-chow="{int(chow)}" aria-label="{escape(tile_label(t))}">{tile_svg(t, decorative=True)}</button>'
            )
        out.append(f'<div class="pal-row">{"".join(buttons)}</div>')
    return "".join(out)


def event_choices(profile: Profile | None = None) -> list[tuple[str, str, str]]:
    """The named events of the registry (name, title, meaning and what each earns): with a
    *profile*, only those it scores (its rules read them)."""
    out = []
    for name in EVENT_NAMES:
        fact = FACTS[name]
        if profile is None:
            out.append((name, fact.title, fact.meaning))
            continue
        earned = earned_by(profile, name)
        if earned:
            earns = ", ".join(e.name for e in earned)
            out.append((name, fact.title, f"{fact.meaning} Under {profile.id} it earns: {earns}."))
    return out
