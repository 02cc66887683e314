"""Hand strings: the fixture cases, every error class, and format-then-parse round trips.

Sources of the fixture cases are named in tests/fixtures/notation/hand_strings.toml.
"""

from __future__ import annotations

import contextlib
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_arbiter.errors import ArbiterError, HandError
from mahjong_arbiter.hand import Hand, Meld, MeldKind
from mahjong_arbiter.notation import (
    ParsedHand,
    format_bonus,
    format_hand,
    parse_bonus,
    parse_flowers,
    parse_hand,
    parse_tile,
)
from mahjong_arbiter.tiles import Tile
from notation_strategies import hands_with_bonus

FIXTURES = Path(__file__).parent / "fixtures" / "notation"
CASES: list[dict[str, Any]] = tomllib.loads((FIXTURES / "hand_strings.toml").read_text("utf-8"))["case"]


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.of(t) for t in text.split())


def _expected(case: dict[str, Any]) -> ParsedHand:
    melds = tuple(
        Meld(
            MeldKind(m["kind"]),
            _tiles(m["tiles"]),
            exposed=m["exposed"],
            claimed=Tile.of(m["claimed"]) if m["claimed"] else None,
            claimed_from=m.get("from"),
            added=m.get("added", False),
        )
        for m in case["melds"]
    )
    winning = Tile.of(case["winning"]) if case["winning"] else None
    hand = Hand(_tiles(case["concealed"]), melds, winning, partial=case.get("partial", False))
    return ParsedHand(hand, _tiles(case["bonus"]))


@pytest.mark.parametrize("case", [pytest.param(c, id=c["id"]) for c in CASES])
def test_fixture_cases(case: dict[str, Any]) -> None:
    parsed = parse_hand(
        case["text"],
        win=case.get("win"),
        honour_order=case.get("honour_order", "tenhou"),
        partial=case.get("partial", False),
    )
    assert parsed == _expected(case)
    assert [m.claimed for m in parsed.hand.melds] == [m.claimed for m in _expected(case).hand.melds]


@pytest.mark.parametrize("case", [pytest.param(c, id=c["id"]) for c in CASES])
def test_fixture_cases_round_trip(case: dict[str, Any]) -> None:
    parsed = _expected(case)
    partial = case.get("partial", False)
    for style in ("helper", "mpsz"):
        for order in ("tenhou", "chinese"):
            text = format_hand(parsed.hand, parsed.bonus_tiles, style=style, honour_order=order)
            assert parse_hand(text, honour_order=order, partial=partial) == parsed, text


@pytest.mark.parametrize(
    ("hand", "style", "order", "written"),
    [
        # Hand-written: melds first, standing tiles sorted without the winner, winner last, bonus.
        pytest.param(CASES[0], "helper", "tenhou", "[123p,1][345s,2][999s,3]6m6pEW1m", id="helper"),
        pytest.param(CASES[0], "mpsz", "tenhou", "[123p,1][345s,2][999s,3]6m6p13z1m", id="mpsz"),
        pytest.param(CASES[1], "mpsz", "tenhou", "[1111z][7777z][6666z][5555z]4z4z", id="mpsz-tenhou"),
        pytest.param(CASES[1], "mpsz", "chinese", "[1111z][5555z][6666z][7777z]4z4z", id="mpsz-chinese"),
        pytest.param(CASES[7], "helper", "tenhou", "[5555p,6]123m789sEENN{f1,s3}", id="bonus-last"),
        pytest.param(CASES[8], "helper", "tenhou", "[9999m,0][567s][WWW,2]112p", id="claims"),
    ],
)
def test_format_hand_exact(hand: dict[str, Any], style: str, order: str, written: str) -> None:
    parsed = _expected(hand)
    assert format_hand(parsed.hand, parsed.bonus_tiles, style=style, honour_order=order) == written


@pytest.mark.parametrize(
    ("text", "kwargs", "code", "fragment"),
    [
        pytest.param("", {}, "tile_count", "empty", id="empty"),
        pytest.param("   ", {}, "tile_count", "empty", id="blank"),
        pytest.param("[", {}, "unknown_token", "'[' at position 1 is never closed", id="open-bracket"),
        pytest.param("[[", {}, "unknown_token", "never closed", id="open-open"),
        pytest.param("[1m[2m]]", {}, "unknown_token", "'[' at position 4 opens inside", id="nested"),
        pytest.param("]", {}, "unknown_token", "']' at position 1 closes nothing", id="close"),
        pytest.param("{f1", {}, "unknown_token", "never closed by '}'", id="open-brace"),
        pytest.param("123", {}, "unknown_token", "digits '123' at position 1 have no suit", id="digits"),
        pytest.param("12 3m", {}, "unknown_token", "before the space", id="digits-space"),
        pytest.param("12E", {}, "unknown_token", "before 'E'", id="digits-honour"),
        pytest.param("12x", {}, "unknown_token", "unknown token 'x' at position 3", id="letter"),
        pytest.param("1m\U0001f600", {}, "unknown_token", "position 3", id="emoji"),
        pytest.param("e", {}, "unknown_token", "unknown token 'e'", id="lowercase-wind"),
        pytest.param("s1", {}, "unknown_token", "bonus tiles go in braces", id="season-outside"),
        pytest.param("0m", {}, "unknown_tile", "red fives", id="red-five"),
        pytest.param("8z", {}, "unknown_tile", "'8z'", id="eighth-honour"),
        pytest.param("{f5}", {}, "unknown_token", "'f5' at position 2", id="bad-flower"),
        pytest.param("{f1}{s1}", {}, "bad_flowers", "second bonus group", id="two-bonus-groups"),
        pytest.param("{f1,f1}", {}, "bad_flowers", "f1 is given twice", id="flower-twice"),
        pytest.param("11111m", {}, "fifth_copy", "5 copies of 1m", id="fifth-copy"),
        pytest.param("[EEEE]E123m456p789s", {}, "fifth_copy", "5 copies of E", id="fifth-copy-meld"),
        pytest.param("123m456p789s11z", {}, "tile_count", "this one has 11", id="eleven"),
        pytest.param("123m456p789s111222z", {}, "tile_count", "this one has 15", id="fifteen"),
        pytest.param("123m456p789s1122z", {"complete": True}, "tile_count", "has 13", id="not-complete"),
        pytest.param("123m456p789s11222z", {"complete": False}, "tile_count", "has 14", id="complete"),
        pytest.param("123m456p789s1122z", {"win": "1z"}, "tile_count", "winning tile (1z)", id="win-13"),
        pytest.param(
            "123m456p789s11222z", {"win": "9m"}, "winning_tile_missing", "winning tile 9m", id="win-absent"
        ),
        pytest.param(
            "[111m]23m456p789s122z", {"win": "1m"}, "winning_tile_missing", "not among", id="win-in-meld"
        ),
        pytest.param("123m456p789s11222z", {"win": "9x"}, "unknown_token", "'x'", id="win-garbage"),
        pytest.param("123m456p789s11222z", {"win": "12m"}, "unknown_tile", "one tile", id="win-two"),
        pytest.param("[124m]56p789s11222z", {}, "bad_meld", "not three consecutive", id="meld-124"),
        pytest.param("[ESW]456p789s11222z", {}, "bad_meld", "honours cannot form a chow", id="honour-chow"),
        pytest.param("[789m1p]456p789s1122z", {}, "bad_meld", "kong needs 4 identical", id="mixed-kong"),
        pytest.param("[EEE,5]56p789s11222z", {}, "bad_meld", "a kong has 4 tiles, not 3", id="kong-of-three"),
        pytest.param("[12m]", {}, "bad_meld", "[12m] has 2", id="meld-two"),
        pytest.param("[]", {}, "bad_meld", "[] has 0", id="meld-empty"),
        pytest.param("[123m,4]", {}, "bad_claim", "offer 4", id="offer-4"),
        pytest.param("[123m,12]", {}, "bad_claim", "one digit", id="offer-12"),
        pytest.param("[123m,]", {}, "bad_claim", "one digit", id="offer-empty"),
        pytest.param("[123m,5]", {}, "bad_meld", "added kong", id="chow-added-kong"),
        pytest.param("123m", {"honour_order": "japanese"}, "bad_option", "honour order", id="bad-order"),
    ],
)
def test_bad_hand_strings(text: str, kwargs: dict[str, Any], code: str, fragment: str) -> None:
    with pytest.raises(HandError) as info:
        parse_hand(text, **kwargs)
    assert info.value.code == code
    assert fragment in info.value.message


def test_partial_hand_needs_partial() -> None:
    assert parse_hand("11m", partial=True).hand.size == 2
    with pytest.raises(HandError, match="this one has 2"):
        parse_hand("11m")


@pytest.mark.parametrize(
    ("token", "order", "expected"),
    [
        pytest.param("5z", "tenhou", "P", id="5z-tenhou-white"),
        pytest.param("6z", "tenhou", "F", id="6z-tenhou-green"),
        pytest.param("7z", "tenhou", "C", id="7z-tenhou-red"),
        pytest.param("5z", "chinese", "C", id="5z-chinese-red"),
        pytest.param("6z", "chinese", "F", id="6z-chinese-green"),
        pytest.param("7z", "chinese", "P", id="7z-chinese-white"),
        pytest.param("4z", "chinese", "N", id="4z-north"),
        pytest.param("P", "chinese", "P", id="letter-order-free"),
        pytest.param("9p", "tenhou", "9p", id="suited"),
    ],
)
def test_parse_tile_orders(token: str, order: str, expected: str) -> None:
    assert parse_tile(token, honour_order=order) is Tile.of(expected)


def test_bonus_forms() -> None:
    assert parse_bonus("s3f1") == _tiles("f1 s3")
    assert format_bonus(_tiles("s4 f2")) == "{f2,s4}"
    assert format_bonus(()) == ""
    assert parse_flowers("3") == 3
    assert parse_flowers("f1, s3") == _tiles("f1 s3")


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        pytest.param("-1", "not -1", id="negative"),
        pytest.param("9", "not 9", id="nine"),
        pytest.param("", "needs a count", id="empty"),
        pytest.param("1s", "unknown bonus tile '1s'", id="bamboo"),
        pytest.param("f1,f1", "twice", id="twice"),
    ],
)
def test_bad_flowers(value: str, fragment: str) -> None:
    with pytest.raises(HandError, match=fragment):
        parse_flowers(value)


@given(hands_with_bonus(), st.sampled_from(["helper", "mpsz"]), st.sampled_from(["tenhou", "chinese"]))
def test_format_then_parse_round_trip(hb: tuple[Hand, tuple[Tile, ...]], style: str, order: str) -> None:
    hand, bonus = hb
    text = format_hand(hand, bonus, style=style, honour_order=order)
    parsed = parse_hand(text, honour_order=order, partial=hand.partial)
    assert parsed == ParsedHand(hand, bonus)
    assert [m.claimed for m in parsed.hand.melds] == [m.claimed for m in hand.melds]
    if style == "helper":  # honour letters do not depend on the order
        assert parse_hand(text, honour_order="chinese", partial=hand.partial) == parsed


@given(hands_with_bonus())
def test_win_option_agrees_with_position(hb: tuple[Hand, tuple[Tile, ...]]) -> None:
    hand, bonus = hb
    if hand.winning_tile is None:
        return
    text = format_hand(hand, bonus)
    assert parse_hand(text, win=str(hand.winning_tile)) == ParsedHand(hand, bonus)


ALPHABET = "0123456789mpszESWNCFPfxe[]{},  \t\U0001f600\u00e9"


@given(st.one_of(st.text(alphabet=ALPHABET, max_size=30), st.text(max_size=20)))
def test_garbage_raises_only_arbiter_errors(text: str) -> None:
    for kwargs in ({}, {"honour_order": "chinese", "partial": True}, {"win": text[:2] or "1m"}):
        with contextlib.suppress(ArbiterError):
            parse_hand(text, **kwargs)
