"""The JSON hand format (issue 2, notation 4): the example, defaults, every error, round trips."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_arbiter.errors import ArbiterError, HandError
from mahjong_arbiter.hand import Context, Hand, Meld
from mahjong_arbiter.notation.json_hand import FIELDS, HandRecord, record_from_json, record_to_json
from mahjong_arbiter.tiles import Tile
from notation_strategies import contexts, hands

FIXTURES = Path(__file__).parent / "fixtures" / "notation"
EXAMPLE: dict[str, Any] = json.loads((FIXTURES / "issue2_example.json").read_text("utf-8"))

# A 14-tile hand with no melds: 123m 456p 789s EEE SS, S wins (worked out by hand).
MINIMAL: dict[str, Any] = {
    "concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "S", "S"],
    "winning_tile": "S",
}


def _t(*tokens: str) -> tuple[Tile, ...]:
    return tuple(Tile.of(t) for t in tokens)


def test_issue_example() -> None:
    rec = record_from_json(EXAMPLE)
    assert rec.id == "h1"
    assert rec.hand == Hand(
        _t("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E"),
        (Meld.chow(Tile.of("1m"), exposed=True, claimed=Tile.of("2m")),),
        Tile.of("3m"),
    )
    assert rec.context == Context(prevailing_wind=Tile.of("S"), flowers=1)
    assert record_to_json(rec) == EXAMPLE
    assert list(record_to_json(rec)) == list(FIELDS)


def test_defaults() -> None:
    rec = record_from_json(MINIMAL)
    assert rec.id is None and rec.extra == {}
    assert rec.context == Context()
    out = record_to_json(rec)
    assert "id" not in out
    assert out["melds"] == [] and out["flowers"] == 0 and out["events"] == []
    assert out["seat_wind"] == out["prevailing_wind"] == "E"
    assert record_from_json(out) == rec


def test_thirteen_tile_hand_has_null_winning_tile() -> None:
    obj = {**MINIMAL, "concealed": MINIMAL["concealed"][:-1], "winning_tile": None}
    rec = record_from_json(obj)
    assert rec.hand.winning_tile is None and rec.hand.size == 13
    assert record_to_json(rec)["winning_tile"] is None


def test_concealed_kong_and_flower_list() -> None:
    obj = {
        "concealed": ["2m", "3m", "4m", "4p", "5p", "6p", "7s", "8s", "9s", "S", "S"],
        "melds": [{"kind": "kong", "tiles": ["1m"] * 4, "exposed": False}],
        "winning_tile": "S",
        "flowers": ["s3", "f1"],
    }
    rec = record_from_json(obj)
    assert rec.hand.melds == (Meld.kong(Tile.of("1m"), exposed=False),)
    assert rec.context.bonus_tiles == _t("f1", "s3") and rec.context.flowers == 2
    assert record_to_json(rec)["flowers"] == ["f1", "s3"]


def test_extra_fields_are_kept_when_allowed() -> None:
    obj = {**MINIMAL, "claim": 24}
    with pytest.raises(HandError, match="unknown field 'claim'"):
        record_from_json(obj)
    rec = record_from_json(obj, extra_fields=frozenset({"claim"}))
    assert rec.extra == {"claim": 24}
    assert record_to_json(rec)["claim"] == 24


def _with(**changes: Any) -> dict[str, Any]:
    obj = dict(MINIMAL)
    for key, value in changes.items():
        if value is _DROP:
            obj.pop(key, None)
        else:
            obj[key] = value
    return obj


_DROP = object()
_PUNG_E = {"kind": "pung", "tiles": ["E", "E", "E"]}


@pytest.mark.parametrize(
    ("obj", "code", "fragment"),
    [
        # a refused value is quoted in JSON's words (null, true, "1x"), not Python's (None, True, '1x')
        pytest.param([1, 2], "bad_json", "a hand is a JSON object, not [1, 2]", id="not-object"),
        pytest.param(None, "bad_json", "a hand is a JSON object, not null", id="null"),
        pytest.param(_with(colour=1), "unknown_field", "unknown field 'colour'", id="unknown-field"),
        pytest.param(_with(concealed=_DROP), "missing_field", "'concealed'", id="no-concealed"),
        pytest.param(_with(winning_tile=_DROP), "missing_field", "'winning_tile'", id="no-winning-tile"),
        pytest.param(_with(winning_tile=None), "tile_count", "this one has 14", id="null-win-14"),
        pytest.param(_with(winning_tile="9m"), "winning_tile_missing", "9m", id="win-absent"),
        pytest.param(_with(id=7), "bad_json", "id must be a string", id="id-int"),
        pytest.param(_with(concealed="1m2m"), "bad_json", "concealed must be a list", id="concealed-str"),
        pytest.param(_with(concealed=["1m", 2]), "unknown_tile", "concealed[1]", id="tile-int"),
        pytest.param(_with(concealed=["1m", "1x"]), "unknown_tile", "unknown tile \"1x\"", id="tile-bad"),
        pytest.param(_with(winning_tile="5z"), "unknown_tile", "write honours as letters", id="z-digit"),
        pytest.param(
            _with(concealed=["1m"] * 5 + MINIMAL["concealed"][5:]), "fifth_copy", "5 copies of 1m", id="fifth"
        ),
        pytest.param(_with(concealed=["1m"], winning_tile="1m"), "tile_count", "this one has 1", id="one-tile"),
        pytest.param(_with(melds={}), "bad_json", "melds must be a list", id="melds-object"),
        pytest.param(_with(melds=["EEE"]), "bad_json", "melds[0] must be an object", id="meld-string"),
        pytest.param(
            _with(melds=[{**_PUNG_E, "size": 3}]), "unknown_field", "melds[0]: unknown field 'size'", id="mf"
        ),
        pytest.param(_with(melds=[{"kind": "pung"}]), "missing_field", "'tiles'", id="meld-no-tiles"),
        pytest.param(_with(melds=[{**_PUNG_E, "kind": "pair"}]), "bad_meld", "kind must be", id="pair"),
        pytest.param(
            _with(melds=[{"kind": "kong", "tiles": ["E", "E", "E"]}]), "bad_meld", "4 tiles, not 3", id="k3"
        ),
        pytest.param(
            _with(melds=[{"kind": "chow", "tiles": ["1m", "2m", "4m"]}]), "bad_meld", "consecutive", id="124"
        ),
        pytest.param(
            _with(melds=[{"kind": "chow", "tiles": ["E", "S", "W"]}]), "bad_meld", "honours", id="wind-chow"
        ),
        pytest.param(_with(melds=[{**_PUNG_E, "claimed": "S"}]), "bad_claim", "claimed tile S", id="claim"),
        pytest.param(_with(melds=[{**_PUNG_E, "exposed": "yes"}]), "bad_json", "exposed", id="exposed-str"),
        pytest.param(_with(melds=[{**_PUNG_E, "exposed": False}]), "bad_meld", "only a kong", id="c-pung"),
        pytest.param(_with(self_drawn=1), "bad_json", "self_drawn must be true or false", id="flag-int"),
        pytest.param(_with(self_drawn=None), "bad_json", "self_drawn must be true or false, not null", id="flag-null"),
        pytest.param(_with(seat_wind="X"), "bad_wind", "seat_wind", id="bad-seat"),
        pytest.param(_with(prevailing_wind=1), "bad_wind", "prevailing_wind", id="bad-round"),
        pytest.param(_with(flowers=-1), "bad_flowers", "not -1", id="flowers-negative"),
        pytest.param(_with(flowers=9), "bad_flowers", "not 9", id="flowers-nine"),
        pytest.param(_with(flowers=True), "bad_flowers", "count or a list such as [\"f1\", \"s3\"], not true",
                     id="flowers-bool"),
        pytest.param(_with(flowers=["f1", "f1"]), "bad_flowers", "twice", id="flowers-twice"),
        pytest.param(_with(flowers=["1s"]), "bad_flowers", "1s is not a flower", id="flowers-bamboo"),
        pytest.param(_with(events="x"), "bad_json", "events must be a list", id="events-str"),
        pytest.param(_with(events=["magic"]), "bad_event", "unknown event 'magic'", id="event-unknown"),
        pytest.param(
            _with(self_drawn=True, kong_related=True), "bad_context", "needs at least 1 declared kong", id="no-kong"
        ),
    ],
)
def test_errors(obj: object, code: str, fragment: str) -> None:
    with pytest.raises(HandError) as info:
        record_from_json(obj)
    assert info.value.code == code
    assert fragment in info.value.message


@given(st.data())
def test_round_trip(data: st.DataObject) -> None:
    hand = data.draw(hands(shape=data.draw(st.sampled_from(["complete", "thirteen"]))))
    context = data.draw(contexts(hand))
    ident = data.draw(st.none() | st.text(max_size=5))
    rec = HandRecord(ident, hand, context)
    out = record_to_json(rec)
    again = record_from_json(json.loads(json.dumps(out)))
    assert again == rec
    assert [m.claimed for m in again.hand.melds] == [m.claimed for m in hand.melds]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["1m", "E", "f1", "5z", "x", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=5),
    max_leaves=20,
)


@given(st.dictionaries(st.sampled_from(FIELDS + ("kind", "tiles")), JSON_VALUES, max_size=8))
def test_garbage_raises_only_arbiter_errors(obj: dict[str, object]) -> None:
    with contextlib.suppress(ArbiterError):
        record_from_json(obj)


@given(st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=12), st.data())
def test_near_valid_raises_only_arbiter_errors(changes: dict[str, object], data: st.DataObject) -> None:
    base = record_to_json(HandRecord("x", data.draw(hands(shape="complete")), Context()))
    with contextlib.suppress(ArbiterError):
        record_from_json({**base, **changes})


_ITEMS = (st.sampled_from(["1m", "9s", "E", "P", "f1", "s4", "1z", "0m", "e", "", "10m"]) | st.integers(0, 3)
          | st.none() | st.booleans() | st.lists(st.just("1m"), max_size=1)
          | st.dictionaries(st.just("t"), st.just("1m"), max_size=1))


@given(st.lists(_ITEMS, max_size=20))
def test_a_list_of_tiles_reads_as_item_by_item(items: list[object]) -> None:
    """The list reader's one-lookup-per-token path gives what reading each item in turn gives:
    the same tiles, or the same error about the first item that is not a tile (its place named)."""
    from mahjong_arbiter.notation.json_hand import _tile, _tiles

    def outcome(read: Any) -> object:
        try:
            return read()
        except HandError as exc:
            return exc.code, exc.message

    one_by_one = outcome(lambda: tuple(_tile(v, f"concealed[{i}]") for i, v in enumerate(items)))
    if len(items) > 18:
        one_by_one = ("tile_count", f"concealed lists {len(items)} tiles; a hand holds at most 18")
    assert outcome(lambda: _tiles(items, "concealed")) == one_by_one
