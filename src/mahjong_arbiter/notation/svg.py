"""Tiles drawn as SVG: the one tile renderer of every HTML page the project writes.

Headless browsers and many phones have no font with the Mahjong Tiles block, so the pages draw
the tiles themselves, from shapes and Latin letters and digits only (every font has those):

* dots: rings laid out as on the tiles; bamboo: sticks; characters: the rank as a numeral over
  a red brush sign; winds: their letter; red dragon: a boxed stroke; green dragon: a green F;
  white dragon: a blue frame; flowers and seasons: a flower or a sun with their number.
* every tile carries its token (``5s``, ``E``, ``f1``) as a corner index, so a learner reads
  the notation off the picture.

Each of the 42 faces is drawn once per document as an SVG ``<symbol>`` (:func:`sprite`); a tile
on the page is a small ``<svg>`` that refers to it (:func:`tile_svg`) and carries the tile's
accessible name (:func:`tile_label`, "5 of bamboo").  :func:`used_sprite` gives the symbols a
finished page refers to, so a page holds only the faces it shows.  Nothing here uses inline
``style`` attributes or scripts, so pages can forbid both in their Content Security Policy.

>>> tile_label(Tile.of("5s")), tile_label(Tile.of("C")), tile_label(Tile.of("f2"))
('5 of bamboo', 'red dragon', 'flower 2')
>>> 'aria-label="east wind"' in tile_svg(Tile.of("E"))
True
>>> sorted(used_symbols(tile_svg(Tile.of("1m")) + tile_svg(Tile.of("P"))))
['1m', 'P']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from html import escape
from typing import Final

from ..hand import Context, Hand, Meld
from ..tiles import ALL_BONUS, ALL_PLAYING, Tile

__all__ = [
    "TILE_CSS",
    "tile_label",
    "tile_svg",
    "tiles_svg",
    "meld_svg",
    "meld_tiles_svg",
    "meld_label",
    "hand_svg",
    "sprite",
    "used_symbols",
    "used_sprite",
]

WIDTH: Final = 60
HEIGHT: Final = 80
_PREFIX: Final = "mt-"
_SUIT_WORDS: Final = {"m": "characters", "p": "dots", "s": "bamboo"}

_BLUE = "#1d3f8f"
_GREEN = "#17783a"
_RED = "#c0262d"
_INK = "#222"

TILE_CSS: Final = """
.tile { width: 2.6em; height: 3.47em; vertical-align: bottom; flex: none; }
.tile.sideways { width: 3.47em; height: 2.6em; }
.tile.winning { filter: drop-shadow(0 0 .18em #d08a00); }
.tiles { display: flex; flex-wrap: wrap; gap: .2em; align-items: flex-end; }
.meld { display: inline-flex; align-items: flex-end; gap: .08em; padding: .15em; border: 1px dashed #777;
        border-radius: .3em; }
.meld.concealed { border-style: dotted; border-color: #555; }
.set { display: inline-flex; gap: .05em; margin-right: .35em; }
.set .tile { width: 1.6em; height: 2.13em; }
.mt-sprite { display: none; }
"""
"""The CSS every page that shows tiles includes (sizes in ``em``: tiles grow with the text)."""


def tile_label(tile: Tile) -> str:
    """The tile's accessible name: ``"5 of bamboo"``, ``"east wind"``, ``"red dragon"``, ``"season 3"``."""
    if tile.is_suited:
        return f"{tile.rank} of {_SUIT_WORDS[tile.suit]}"
    return tile.name


# --- the faces ---------------------------------------------------------------------------------------

_DOT_LAYOUT: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    2: ((30, 29), (30, 61)),
    3: ((19, 28), (30, 45), (41, 62)),
    4: ((19, 30), (41, 30), (19, 60), (41, 60)),
    5: ((18, 28), (42, 28), (30, 45), (18, 62), (42, 62)),
    6: ((20, 24), (40, 24), (20, 45), (40, 45), (20, 66), (40, 66)),
    7: ((17, 25), (30, 31), (43, 37), (20, 53), (40, 53), (20, 68), (40, 68)),
    8: ((20, 24), (40, 24), (20, 39), (40, 39), (20, 54), (40, 54), (20, 69), (40, 69)),
    9: ((16, 24), (30, 24), (44, 24), (16, 45), (30, 45), (44, 45), (16, 66), (30, 66), (44, 66)),
}
_DOT_COLOURS: Final = (_BLUE, _GREEN, _RED)

_STICK_LAYOUT: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    2: ((30, 31), (30, 59)),
    3: ((30, 31), (20, 59), (40, 59)),
    4: ((20, 31), (40, 31), (20, 59), (40, 59)),
    5: ((18, 31), (42, 31), (30, 45), (18, 59), (42, 59)),
    6: ((17, 33), (30, 33), (43, 33), (17, 59), (30, 59), (43, 59)),
    7: ((30, 26), (17, 46), (30, 46), (43, 46), (17, 65), (30, 65), (43, 65)),
    8: ((14, 33), (25, 33), (36, 33), (47, 33), (14, 59), (25, 59), (36, 59), (47, 59)),
    9: ((17, 26), (30, 26), (43, 26), (17, 46), (30, 46), (43, 46), (17, 65), (30, 65), (43, 65)),
}
_RED_STICKS: Final[dict[int, frozenset[int]]] = {5: frozenset({2}), 7: frozenset({0}), 9: frozenset({1, 4, 7})}


def _ring(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{colour}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.55:g}" fill="#fffdf5"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.25:g}" fill="{colour}"/>'
    )


def _dots(rank: int) -> str:
    if rank == 1:
        ring = f'<circle cx="30" cy="45" r="13" fill="none" stroke="{_RED}" stroke-width="2"/>'
        return _ring(30, 45, 19, _BLUE) + ring
    spots = _DOT_LAYOUT[rank]
    r = 11 if rank == 2 else 9.5 if rank <= 4 else 7.5 if rank <= 6 else 6.4 if rank < 8 else 6
    return "".join(_ring(x, y, r, _DOT_COLOURS[i % 3]) for i, (x, y) in enumerate(spots))


def _stick(x: float, y: float, colour: str, height: float = 20) -> str:
    return (
        f'<rect x="{x - 3.2:g}" y="{y - height / 2:g}" width="6.4" height="{height:g}" rx="3" fill="{colour}"/>'
        f'<path d="M{x - 3.2:g} {y:g}h6.4" stroke="#fffdf5" stroke-width="1.2"/>'
    )


def _bamboo(rank: int) -> str:
    if rank == 1:  # a single tall stalk under a red bud: the bird of the real tile, simplified
        return (
            f'<rect x="25" y="32" width="10" height="40" rx="5" fill="{_GREEN}"/>'
            f'<path d="M25 45h10M25 58h10" stroke="#fffdf5" stroke-width="1.5"/>'
            f'<circle cx="30" cy="24" r="8" fill="{_RED}"/><circle cx="30" cy="24" r="3" fill="#fffdf5"/>'
        )
    red = _RED_STICKS.get(rank, frozenset())
    height = 17 if rank in (7, 9) else 20
    spots = _STICK_LAYOUT[rank]
    return "".join(_stick(x, y, _RED if i in red else _GREEN, height) for i, (x, y) in enumerate(spots))


def _characters(rank: int) -> str:
    # the numeral over a red brush sign shaped like the simplified character for ten thousand
    return (
        f'<text x="30" y="44" text-anchor="middle" font-family="sans-serif" font-weight="bold" '
        f'font-size="30" fill="{_BLUE}">{rank}</text>'
        f'<path d="M15 53H45M27 53C27 63 23 70 15 74M27 61H41V70C41 74 37 75 33 72" fill="none" '
        f'stroke="{_RED}" stroke-width="3.6" stroke-linecap="round" stroke-linejoin="round"/>'
    )


def _letter(text: str, colour: str, size: int = 40) -> str:
    return (
        f'<text x="30" y="{45 + size * 0.36:g}" text-anchor="middle" font-family="sans-serif" '
        f'font-weight="bold" font-size="{size}" fill="{colour}">{text}</text>'
    )


def _dragon(tile: Tile) -> str:
    if tile.token == "C":  # a box crossed by one long stroke
        return (
            f'<rect x="16" y="35" width="28" height="20" rx="2" fill="none" stroke="{_RED}" stroke-width="5"/>'
            f'<path d="M30 20V72" stroke="{_RED}" stroke-width="5.5" stroke-linecap="round"/>'
        )
    if tile.token == "F":
        return _letter("F", _GREEN, 44)
    return (  # the white dragon: an empty blue frame
        f'<rect x="12" y="18" width="36" height="54" rx="3" fill="none" stroke="{_BLUE}" stroke-width="4"/>'
        f'<rect x="18" y="24" width="24" height="42" rx="2" fill="none" stroke="{_BLUE}" stroke-width="1.6"/>'
    )


_BONUS_COLOURS: Final = (_RED, "#7a3fa0", _GREEN, "#c77800")


def _bonus(tile: Tile) -> str:
    colour = _BONUS_COLOURS[tile.rank - 1]
    if tile.is_flower:  # five petals round a heart
        petals = "".join(
            f'<circle cx="{30 + 10 * dx:.3g}" cy="{40 + 10 * dy:.3g}" r="7" fill="{colour}"/>'
            for dx, dy in ((0, -1), (0.951, -0.309), (0.588, 0.809), (-0.588, 0.809), (-0.951, -0.309))
        )
        art = petals + '<circle cx="30" cy="40" r="4.5" fill="#f4c430"/>'
    else:  # a sun with eight rays
        rays = "".join(
            f'<path d="M{30 + 11 * dx:.3g} {40 + 11 * dy:.3g}L{30 + 17 * dx:.3g} {40 + 17 * dy:.3g}"/>'
            for dx, dy in ((1, 0), (0.707, 0.707), (0, 1), (-0.707, 0.707), (-1, 0), (-0.707, -0.707),
                           (0, -1), (0.707, -0.707))
        )
        art = (f'<g stroke="{colour}" stroke-width="3" stroke-linecap="round">{rays}</g>'
               f'<circle cx="30" cy="40" r="8" fill="{colour}"/>')
    number = (f'<text x="30" y="73" text-anchor="middle" font-family="sans-serif" font-weight="bold" '
              f'font-size="15" fill="{colour}">{tile.rank}</text>')
    return art + number


def _art(tile: Tile) -> str:
    if tile.suit == "p":
        return _dots(tile.rank)
    if tile.suit == "s":
        return _bamboo(tile.rank)
    if tile.suit == "m":
        return _characters(tile.rank)
    if tile.is_wind:
        return _letter(tile.token, _INK)
    if tile.is_dragon:
        return _dragon(tile)
    return _bonus(tile)


@cache
def _symbol(tile: Tile) -> str:
    """The ``<symbol>`` of one face: the tile body, its corner index, its picture."""
    return (
        f'<symbol id="{_PREFIX}{tile.token}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f'<rect x="1" y="1" width="58" height="78" rx="7" fill="#e9dfc4"/>'
        f'<rect x="1" y="1" width="58" height="74" rx="7" fill="#fffdf5" stroke="#8a7f66" stroke-width="1.5"/>'
        f'<text x="6" y="13" font-family="sans-serif" font-size="11" fill="#555">{tile.token}</text>'
        f"{_art(tile)}</symbol>"
    )


def sprite(tiles: Iterable[Tile] = (*ALL_PLAYING, *ALL_BONUS)) -> str:
    """An invisible ``<svg>`` holding the faces of *tiles* (all 42 by default), once per document."""
    symbols = "".join(_symbol(t) for t in dict.fromkeys(tiles))
    return f'<svg class="mt-sprite" aria-hidden="true" focusable="false">{symbols}</svg>'


_USE = re.compile(r'href="#' + _PREFIX + r'([A-Za-z0-9]+)"')


def used_symbols(html: str) -> set[str]:
    """The tokens of the faces *html* refers to."""
    return set(_USE.findall(html))


def used_sprite(html: str) -> str:
    """The sprite of exactly the faces *html* refers to (in tile order), or ``""`` when it shows none."""
    tokens = used_symbols(html)
    tiles = [t for t in (*ALL_PLAYING, *ALL_BONUS) if t.token in tokens]
    return sprite(tiles) if tiles else ""


# --- tiles on the page -------------------------------------------------------------------------------

def tile_svg(tile: Tile, *, cls: str = "", decorative: bool = False, sideways: bool = False) -> str:
    """One tile: an ``<svg>`` naming itself ("5 of bamboo") unless *decorative* (inside a labelled
    button, say); *sideways* turns it a quarter (the claimed tile of a meld); *cls* adds classes."""
    classes = " ".join(c for c in ("tile", "sideways" if sideways else "", cls) if c)
    label = tile_label(tile)
    a11y = 'aria-hidden="true" focusable="false"' if decorative else f'role="img" aria-label="{escape(label)}"'
    title = "" if decorative else f"<title>{escape(label)}</title>"
    use = f'<use href="#{_PREFIX}{tile.token}" width="{WIDTH}" height="{HEIGHT}"/>'
    if sideways:
        box = f"0 0 {HEIGHT} {WIDTH}"
        use = f'<g transform="translate({HEIGHT} 0) rotate(90)">{use}</g>'
    else:
        box = f"0 0 {WIDTH} {HEIGHT}"
    return f'<svg class="{classes}" viewBox="{box}" {a11y}>{title}{use}</svg>'


def tiles_svg(tiles: Sequence[Tile], *, cls: str = "") -> str:
    """Several tiles in the order given."""
    return "".join(tile_svg(t, cls=cls) for t in tiles)


def meld_label(meld: Meld) -> str:
    """A meld in words: ``"exposed pung of 5 of bamboo, claimed 5 of bamboo from the right"``,
    ``"concealed kong of east wind"``."""
    how = "exposed" if meld.exposed else "concealed"
    kind = f"added {meld.kind.value}" if meld.added else meld.kind.value
    if meld.kind.value == "chow":
        what = "chow " + ", ".join(tile_label(t) for t in meld.tiles)
    else:
        what = f"{kind} of {tile_label(meld.first)}"
    claimed = f", claimed {tile_label(meld.claimed)}" if meld.claimed is not None else ""
    if meld.claimed_from is not None:
        claimed += " from across the table" if meld.claimed_from == "opposite" else f" from the {meld.claimed_from}"
    return f"{how} {what}{claimed}"


def meld_tiles_svg(meld: Meld, *, decorative: bool = False) -> str:
    """A meld's tiles, the claimed tile (when known) turned sideways."""
    sideways_at = meld.tiles.index(meld.claimed) if meld.claimed is not None else -1
    return "".join(tile_svg(t, sideways=i == sideways_at, decorative=decorative) for i, t in enumerate(meld.tiles))


def meld_svg(meld: Meld) -> str:
    """A declared meld: its tiles in a dashed box, the claimed tile (when known) turned sideways."""
    body = meld_tiles_svg(meld)
    cls = "meld" if meld.exposed else "meld concealed"
    return f'<span class="{cls}" role="group" aria-label="{escape(meld_label(meld))}">{body}</span>'


def hand_svg(hand: Hand, context: Context | None = None) -> str:
    """The whole hand in one row, in the order of the notation: declared melds, standing tiles, the
    winning tile marked, bonus tiles."""
    rest = list(hand.concealed)
    if hand.winning_tile is not None:
        rest.remove(hand.winning_tile)
    parts = [meld_svg(m) for m in hand.melds]
    parts.append(f'<span class="standing tiles" role="group" aria-label="standing tiles">{tiles_svg(rest)}</span>')
    if hand.winning_tile is not None:
        win = tile_svg(hand.winning_tile, cls="winning")
        parts.append(f'<span class="won" role="group" aria-label="winning tile">{win}</span>')
    if context is not None and context.bonus_tiles:
        parts.append(
            f'<span class="bonus" role="group" aria-label="bonus tiles">{tiles_svg(context.bonus_tiles)}</span>'
        )
    return '<div class="hand tiles">' + "".join(parts) + "</div>"
