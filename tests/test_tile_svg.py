"""The one tile renderer (mahjong_arbiter.notation.svg): every face drawn once, every tile named."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from mahjong_arbiter.hand import Context, Meld
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.notation.svg import hand_svg, meld_svg, sprite, tile_label, tile_svg, used_sprite, used_symbols
from mahjong_arbiter.tiles import ALL_BONUS, ALL_PLAYING, Tile


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(html)
    return parser.tags


def test_every_tile_has_one_face_and_its_own_name() -> None:
    tiles = (*ALL_PLAYING, *ALL_BONUS)
    ids = [a["id"] for t, a in tags(sprite()) if t == "symbol"]
    assert ids == [f"mt-{t.token}" for t in tiles]
    labels = [tile_label(t) for t in tiles]
    assert len(set(labels)) == 42
    assert tile_label(Tile.of("5s")) == "5 of bamboo" and tile_label(Tile.of("9m")) == "9 of characters"
    assert tile_label(Tile.of("1p")) == "1 of dots" and tile_label(Tile.of("P")) == "white dragon"
    assert tile_label(Tile.of("N")) == "north wind" and tile_label(Tile.of("s4")) == "season 4"


def test_faces_use_no_font_glyphs_scripts_or_inline_styles() -> None:
    drawn = sprite()
    texts = re.findall(r">([^<>]+)</text>", drawn)
    assert texts and all(re.fullmatch(r"[A-Za-z0-9]+", t) for t in texts)  # Latin letters and digits only
    assert "style=" not in drawn and "<script" not in drawn and "href=\"http" not in drawn


def test_a_tile_names_itself_unless_decorative() -> None:
    svg = tile_svg(Tile.of("C"))
    (tag, attrs), (_, use) = tags(svg)[0], tags(svg)[-1]
    assert tag == "svg" and attrs["role"] == "img" and attrs["aria-label"] == "red dragon"
    assert use["href"] == "#mt-C"
    quiet = tags(tile_svg(Tile.of("C"), decorative=True))[0][1]
    assert quiet["aria-hidden"] == "true" and "aria-label" not in quiet


def test_melds_turn_the_claimed_tile_and_say_what_they_are() -> None:
    meld = Meld.chow(Tile.of("5m"), exposed=True, claimed=Tile.of("6m"))
    drawn = tags(meld_svg(meld))
    assert drawn[0][1]["aria-label"] == (
        "exposed chow 5 of characters, 6 of characters, 7 of characters, claimed 6 of characters"
    )
    svgs = [a for t, a in drawn if t == "svg"]
    assert [("sideways" in (a["class"] or "")) for a in svgs] == [False, True, False]
    kong = tags(meld_svg(Meld.kong(Tile.of("E"), exposed=False)))[0][1]
    assert kong["aria-label"] == "concealed kong of east wind" and "concealed" in (kong["class"] or "")


def test_a_page_holds_only_the_faces_it_shows() -> None:
    parsed = parse_hand("[CCC,1]222m555p888s99p{f1}")
    html = hand_svg(parsed.hand, Context(bonus_tiles=parsed.bonus_tiles))
    assert used_symbols(html) == {"C", "2m", "5p", "8s", "9p", "f1"}
    ids = [a["id"] for t, a in tags(used_sprite(html)) if t == "symbol"]
    assert ids == ["mt-2m", "mt-5p", "mt-9p", "mt-8s", "mt-C", "mt-f1"]
    labels = [a["aria-label"] for t, a in tags(html) if t == "svg"]
    assert labels.count("9 of dots") == 2 and labels[-1] == "flower 1"  # the pair (winning tile marked), the bonus
    assert used_sprite("<p>no tiles</p>") == ""
