"""Text rendering: glyphs beside tokens, the --ascii fallback, honours always as letters."""

from __future__ import annotations

import pytest

from mahjong_arbiter.hand import Context, Meld
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.notation.render import context_text, hand_text, meld_text, tiles_text
from mahjong_arbiter.tiles import Tile


@pytest.mark.parametrize(
    ("tokens", "ascii", "expected"),
    [
        # Glyphs: U+1F007 one of characters, U+1F004 red dragon, U+1F022 plum (flower 1).
        pytest.param("1m C f1", False, "\U0001f007 1m  \U0001f004 C  \U0001f022 f1", id="glyphs"),
        pytest.param("1m C f1", True, "1m C f1", id="ascii"),
        pytest.param("", True, "", id="none"),
    ],
)
def test_tiles_text(tokens: str, ascii: bool, expected: str) -> None:
    assert tiles_text([Tile.of(t) for t in tokens.split()], ascii) == expected


def test_meld_text() -> None:
    assert meld_text(Meld.chow(Tile.of("5m"), claimed=Tile.of("6m")), True) == "[5m 6m 7m] exposed chow, claimed 6m"
    assert meld_text(Meld.kong(Tile.of("S"), exposed=False), True) == "[S S S S] concealed kong"


def test_hand_text_chinese_input_prints_letters() -> None:
    # 5z in the Chinese order is the red dragon: it must print as C, never as 5z.
    parsed = parse_hand("[555z]123m456p789s1p1p", honour_order="chinese")
    ctx = Context(self_drawn=True, seat_wind=Tile.of("S"), bonus_tiles=(Tile.of("s2"),))
    text = hand_text(parsed.hand, ctx, ascii=True)
    assert text.splitlines() == [
        "standing: 1m 2m 3m 1p 4p 5p 6p 7s 8s 9s",  # sorted; the other 1p wins
        "meld:     [C C C] exposed pung",
        "winning:  1p",
        "bonus:    s2",
        "context:  self-drawn; seat S, prevailing E; flowers 1 (s2)",
    ]


def test_thirteen_tile_hand_text() -> None:
    parsed = parse_hand("123m456p789s1122z")
    assert "winning:  none (13 tiles)" in hand_text(parsed.hand, Context(), ascii=True)


def test_context_text_lists_every_fact() -> None:
    ctx = Context(kong_related=True, last_tile=True, last_of_kind=True, events=frozenset({"standing_hand"}))
    assert context_text(ctx) == (
        "won on a discard; robbing a kong; last tile; last of its kind; seat E, prevailing E; "
        "flowers 0; events: standing_hand"
    )
