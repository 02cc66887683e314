"""The vocabulary (tiles.py, hand.py): tile values and every error a tile, meld, hand or context raises."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from mahjong_arbiter.errors import HandError
from mahjong_arbiter.hand import Context, Hand, Meld, MeldKind, validate_context
from mahjong_arbiter.tiles import ALL_BONUS, ALL_PLAYING, TERMINALS_AND_HONOURS, Tile, counts_of


def _t(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.of(tok) for tok in text.split())


# 123m 456p 789s EEE S + S: 14 tiles, no melds (hand-counted).
STANDING = _t("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S S")


@pytest.mark.parametrize(
    ("token", "index", "name", "glyph"),
    [
        # Indices from the tiles.py table; glyphs from the Unicode Mahjong Tiles block (U+1F000).
        pytest.param("1m", 0, "1 characters", "\U0001f007", id="1m"),
        pytest.param("9p", 17, "9 dots", "\U0001f021", id="9p"),
        pytest.param("1s", 18, "1 bamboo", "\U0001f010", id="1s"),
        pytest.param("E", 27, "east wind", "\U0001f000", id="east"),
        pytest.param("N", 30, "north wind", "\U0001f003", id="north"),
        pytest.param("C", 31, "red dragon", "\U0001f004", id="red"),
        pytest.param("F", 32, "green dragon", "\U0001f005", id="green"),
        pytest.param("P", 33, "white dragon", "\U0001f006", id="white"),
        pytest.param("f1", 34, "flower 1", "\U0001f022", id="plum"),
        pytest.param("s4", 41, "season 4", "\U0001f029", id="winter"),
    ],
)
def test_tile_values(token: str, index: int, name: str, glyph: str) -> None:
    tile = Tile.of(token)
    assert (tile.index, tile.name, tile.glyph, str(tile)) == (index, name, glyph, token)
    assert Tile.at(index) is tile
    assert pickle.loads(pickle.dumps(tile)) is tile


def test_tile_sets() -> None:
    assert len(ALL_PLAYING) == 34 and len(ALL_BONUS) == 8
    # 1 and 9 of three suits (6) + 7 honours = 13 kinds (Thirteen Orphans).
    assert len(TERMINALS_AND_HONOURS) == 13
    assert counts_of(_t("1m 1m C"))[0] == 2 and counts_of(_t("1m 1m C"))[31] == 1
    assert Tile.of("8m").next_in_suit(1) is Tile.of("9m") and Tile.of("9m").next_in_suit(1) is None
    assert Tile.of("E").next_in_suit(1) is None
    with pytest.raises(AttributeError):
        Tile.of("1m").rank = 2


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        pytest.param(lambda: Tile.of("1z"), "unknown tile '1z'", id="of-z"),
        pytest.param(lambda: Tile.of("W1"), "unknown tile 'W1'", id="of-pymahjonggb"),
        pytest.param(lambda: Tile.at(42), "index 42", id="at-42"),
        pytest.param(lambda: Tile.at(-1), "index -1", id="at-negative"),
        pytest.param(lambda: Tile.suited(0, "m"), "0m", id="suited-0"),
        pytest.param(lambda: Tile.suited(1, "z"), "1z", id="suited-z"),
    ],
)
def test_tile_errors(call: Any, fragment: str) -> None:
    with pytest.raises(HandError) as info:
        call()
    assert info.value.code == "unknown_tile" and fragment in info.value.message


@pytest.mark.parametrize(
    ("call", "code", "fragment"),
    [
        pytest.param(lambda: Meld(MeldKind.KONG, _t("E E E")), "bad_meld", "4 tiles, not 3", id="kong-of-3"),
        pytest.param(lambda: Meld(MeldKind.PUNG, _t("E E")), "bad_meld", "3 tiles, not 2", id="pung-of-2"),
        pytest.param(lambda: Meld(MeldKind.CHOW, _t("E S W")), "bad_meld", "honours", id="honour-chow"),
        pytest.param(lambda: Meld(MeldKind.CHOW, _t("1m 2m 4m")), "bad_meld", "consecutive", id="124"),
        pytest.param(lambda: Meld(MeldKind.CHOW, _t("8m 9m 1p")), "bad_meld", "consecutive", id="89-1"),
        pytest.param(lambda: Meld(MeldKind.PUNG, _t("1m 1m 1p")), "bad_meld", "identical", id="mixed"),
        pytest.param(lambda: Meld(MeldKind.PUNG, _t("f1 f1 f1")), "bad_meld", "bonus", id="bonus"),
        pytest.param(
            lambda: Meld(MeldKind.PUNG, _t("E E E"), exposed=False), "bad_meld", "only a kong", id="c-pung"
        ),
        pytest.param(
            lambda: Meld.kong(Tile.of("E"), exposed=False, claimed=Tile.of("E")),
            "bad_claim",
            "concealed kong has no claimed",
            id="claimed-concealed",
        ),
        pytest.param(
            lambda: Meld.chow(Tile.of("1m"), claimed=Tile.of("4m")), "bad_claim", "not in the chow", id="claim"
        ),
        pytest.param(lambda: Meld.chow(Tile.of("8m")), "bad_meld", "no chow starts at 8m", id="chow-8"),
    ],
)
def test_meld_errors(call: Any, code: str, fragment: str) -> None:
    with pytest.raises(HandError) as info:
        call()
    assert info.value.code == code and fragment in info.value.message


def test_meld_sorts_its_tiles() -> None:
    assert Meld(MeldKind.CHOW, _t("7m 5m 6m")).tiles == _t("5m 6m 7m")


@pytest.mark.parametrize(
    ("kwargs", "code", "fragment"),
    [
        pytest.param(
            {"concealed": STANDING[:-1] + _t("E E")}, "fifth_copy", "5 copies of E", id="fifth-standing"
        ),
        pytest.param(
            {"concealed": _t("E 1m 1m 1m 2m 2m 2m 3m 3m 3m 4m"), "melds": (Meld.pung(Tile.of("E")),) * 2},
            "fifth_copy",
            "7 copies of E",
            id="fifth-melds",
        ),
        pytest.param({"concealed": STANDING[:-1] + _t("f1")}, "bad_flowers", "bonus tile f1", id="bonus"),
        pytest.param(
            {"concealed": STANDING, "winning_tile": Tile.of("9m")}, "winning_tile_missing", "9m", id="win-absent"
        ),
        pytest.param(
            {"concealed": STANDING, "winning_tile": Tile.of("f1")}, "winning_tile_missing", "bonus", id="win-f1"
        ),
        pytest.param({"concealed": STANDING[:-2], "winning_tile": Tile.of("E")}, "tile_count", "has 12", id="12"),
        pytest.param({"concealed": STANDING}, "tile_count", "has 14", id="no-win-14"),
        pytest.param({"concealed": STANDING[:5]}, "tile_count", "has 5", id="5"),
        pytest.param({"concealed": STANDING, "partial": True}, "tile_count", "at most 13", id="partial-14"),
    ],
)
def test_hand_errors(kwargs: dict[str, Any], code: str, fragment: str) -> None:
    with pytest.raises(HandError) as info:
        Hand(**kwargs)
    assert info.value.code == code and fragment in info.value.message


def test_hand_helpers() -> None:
    hand = Hand(STANDING, (), Tile.of("S"))
    before = hand.without_winning_tile()
    assert before.size == 13 and before.winning_tile is None
    assert before.with_tile(Tile.of("S")) == hand
    with pytest.raises(HandError, match="already has a winning tile"):
        hand.with_tile(Tile.of("S"))
    with pytest.raises(HandError, match="no winning tile"):
        before.without_winning_tile()
    kong = Hand(STANDING[3:], (Meld.kong(Tile.of("1m"), exposed=False),), Tile.of("S"))
    assert kong.size == 14 and kong.is_fully_concealed and kong.kongs == kong.melds
    assert len(kong.all_tiles) == 15


@pytest.mark.parametrize(
    ("kwargs", "code", "fragment"),
    [
        pytest.param({"seat_wind": "X"}, "bad_wind", "seat wind", id="seat"),
        pytest.param({"prevailing_wind": Tile.of("C")}, "bad_wind", "prevailing wind", id="dragon-wind"),
        pytest.param({"flowers": -1}, "bad_flowers", "not -1", id="negative"),
        pytest.param({"flowers": 9}, "bad_flowers", "not 9", id="nine"),
        pytest.param({"flowers": True}, "bad_flowers", "whole number", id="bool"),
        pytest.param({"bonus_tiles": _t("1m")}, "bad_flowers", "1m is not a flower", id="not-bonus"),
        pytest.param({"bonus_tiles": _t("f1 f1")}, "bad_flowers", "given twice", id="twice"),
        pytest.param({"bonus_tiles": _t("f1"), "flowers": 2}, "bad_flowers", "disagrees", id="disagree"),
        pytest.param({"events": frozenset({"luck"})}, "bad_event", "unknown event 'luck'", id="event"),
    ],
)
def test_context_errors(kwargs: dict[str, Any], code: str, fragment: str) -> None:
    with pytest.raises(HandError) as info:
        Context(**kwargs)
    assert info.value.code == code and fragment in info.value.message


def test_context_values() -> None:
    ctx = Context(seat_wind="s", bonus_tiles=_t("s3 f1"))  # type: ignore[arg-type]
    assert ctx.seat_wind is Tile.of("S") and ctx.flowers == 2 and ctx.bonus_tiles == _t("f1 s3")
    assert Context(kong_related=True).robbing_kong and not Context(kong_related=True).kong_replacement


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        pytest.param(
            {"self_drawn": True, "kong_related": True}, "needs at least 1 declared kong", id="replacement"
        ),
        pytest.param(
            {"flowers": 1, "events": frozenset({"flower_replacement"})}, "needs a self-drawn win", id="discard"
        ),
        pytest.param(
            {"self_drawn": True, "events": frozenset({"flower_replacement"})},
            "at least 1 flower or season",
            id="no-flowers",
        ),
    ],
)
def test_context_contradictions(kwargs: dict[str, Any], fragment: str) -> None:
    hand = Hand(STANDING, (), Tile.of("S"))
    with pytest.raises(HandError) as info:
        validate_context(hand, Context(**kwargs))
    assert info.value.code == "bad_context" and fragment in info.value.message


def test_one_tile_does_not_replace_a_kong_and_a_flower() -> None:
    hand = Hand(_t("1m 2m 3m 4p 5p 6p 7s 8s 9s S S"), (Meld.kong(Tile.of("E"), exposed=False),), Tile.of("S"))
    ctx = Context(self_drawn=True, kong_related=True, flowers=1, events=frozenset({"flower_replacement"}))
    with pytest.raises(HandError) as info:
        validate_context(hand, ctx)
    assert info.value.code == "bad_context" and "cannot go with kong replacement tile" in info.value.message


def test_robbing_a_kong_needs_no_kong_of_ones_own() -> None:
    validate_context(Hand(STANDING, (), Tile.of("3m")), Context(kong_related=True))
