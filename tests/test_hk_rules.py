"""The hk.* recognisers on hand-built Readings: each holds where its source says, and only there.

Sources: Gameweave rules, Scoring (faan), and the HK sheet with the other Hong Kong pages of docs/sources.md.
"""

from __future__ import annotations

import pytest

from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.rules.registry import Situation, get_rule
from mahjong_arbiter.solver.reading import Group, GroupKind, Reading, Wait
from mahjong_arbiter.tiles import Tile

T = Tile.of
DEFAULT_HAND = "123m456p789s234s5m5m"


def chow(t: str) -> Group:
    return Group.chow(T(t))


def pung(t: str, concealed: bool = True) -> Group:
    return Group.pung(T(t), concealed=concealed, declared=not concealed)


def kong(t: str) -> Group:
    return Group.kong(T(t))


def pair(t: str) -> Group:
    return Group.pair(T(t))


def standard(*groups: Group) -> Reading:
    """Four sets and a pair; the pair (last) is the winning group."""
    return Reading.make("standard", list(groups), groups[-1], groups[-1].first, Wait.SINGLE)


def special(shape: str, tiles: str) -> Reading:
    """A special-shape Reading of seven pairs (pairs) or thirteen orphans (pair + singles)."""
    counts: dict[str, int] = {}
    for token in tiles.split():
        counts[token] = counts.get(token, 0) + 1
    groups = [
        Group.pair(T(t)) if n == 2 else Group(GroupKind.IRREGULAR, (T(t),)) for t, n in counts.items()
    ]
    first_pair = next(g for g in groups if g.kind is GroupKind.PAIR)
    return Reading.make(shape, groups, first_pair, first_pair.first, Wait.SINGLE)


def hits(rule_id: str, reading: Reading, context: Context | None = None, hand: str = DEFAULT_HAND) -> int:
    situation = Situation(parse_hand(hand).hand, context or Context())
    return get_rule(rule_id).predicate(reading, situation).count


CHOWS = standard(chow("1m"), chow("4p"), chow("7s"), chow("2s"), pair("5m"))
PUNGS = standard(pung("1m"), pung("9p"), pung("5s"), pung("2s"), pair("7p"))
HALF = standard(pung("1m"), chow("4m"), chow("7m"), chow("2m"), pair("N"))
FULL = standard(pung("1m"), chow("4m"), chow("7m"), chow("2m"), pair("5m"))
HONOURS = standard(pung("E"), pung("S"), pung("C"), pung("F"), pair("N"))
SMALL_DRAGONS = standard(pung("C"), kong("F"), chow("1m"), chow("4p"), pair("P"))
GREAT_DRAGONS = standard(pung("C"), pung("F"), pung("P"), chow("1m"), pair("5p"))
SMALL_WINDS = standard(pung("E"), pung("S"), pung("W"), chow("1m"), pair("N"))
GREAT_WINDS = standard(pung("E"), pung("S"), pung("W"), kong("N"), pair("5m"))
TERMINALS = standard(pung("1m"), pung("9m"), pung("1p"), pung("9s"), pair("1s"))
KONGS = standard(kong("1m"), kong("2p"), kong("3s"), kong("4s"), pair("9m"))
SEVEN_PAIRS = special("seven_pairs", "1m 1m 3m 3m 5p 5p 7p 7p 9s 9s E E C C")
ORPHANS = special("thirteen_orphans", "1m 1m 9m 1p 9p 1s 9s E S W N C F P")


@pytest.mark.parametrize(
    ("rule_id", "reading", "expected"),
    [
        pytest.param("hk.legal-win", CHOWS, 1, id="legal-win"),
        pytest.param("hk.all-chows", CHOWS, 1, id="all-chows"),
        pytest.param("hk.all-chows", HALF, 0, id="all-chows-not-with-a-pung"),
        pytest.param("hk.all-chows", SEVEN_PAIRS, 0, id="all-chows-not-seven-pairs"),
        pytest.param("hk.all-pungs", PUNGS, 1, id="all-pungs"),
        pytest.param("hk.all-pungs", KONGS, 1, id="all-pungs-kongs-count"),
        pytest.param("hk.all-pungs", HALF, 0, id="all-pungs-not-with-chows"),
        pytest.param("hk.mixed-one-suit", HALF, 1, id="mixed-one-suit"),
        pytest.param("hk.mixed-one-suit", FULL, 0, id="mixed-one-suit-needs-an-honour"),
        pytest.param("hk.mixed-one-suit", HONOURS, 0, id="mixed-one-suit-needs-a-suit"),
        pytest.param("hk.pure-one-suit", FULL, 1, id="pure-one-suit"),
        pytest.param("hk.pure-one-suit", HALF, 0, id="pure-one-suit-no-honours"),
        pytest.param("hk.all-honours", HONOURS, 1, id="all-honours"),
        pytest.param("hk.all-honours", HALF, 0, id="all-honours-not-half-flush"),
        pytest.param("hk.dragon-pung", SMALL_DRAGONS, 2, id="dragon-pung-each-kong-counts"),
        pytest.param("hk.dragon-pung", GREAT_DRAGONS, 3, id="dragon-pung-three"),
        pytest.param("hk.small-three-dragons", SMALL_DRAGONS, 1, id="small-three-dragons"),
        pytest.param("hk.small-three-dragons", GREAT_DRAGONS, 0, id="small-three-dragons-not-great"),
        pytest.param("hk.great-three-dragons", GREAT_DRAGONS, 1, id="great-three-dragons"),
        pytest.param("hk.great-three-dragons", SMALL_DRAGONS, 0, id="great-three-dragons-not-small"),
        pytest.param("hk.small-four-winds", SMALL_WINDS, 1, id="small-four-winds"),
        pytest.param("hk.small-four-winds", HONOURS, 0, id="small-four-winds-needs-three-wind-pungs"),
        pytest.param("hk.great-four-winds", GREAT_WINDS, 1, id="great-four-winds"),
        pytest.param("hk.great-four-winds", SMALL_WINDS, 0, id="great-four-winds-not-small"),
        pytest.param("hk.seven-pairs", SEVEN_PAIRS, 1, id="seven-pairs"),
        pytest.param("hk.seven-pairs", CHOWS, 0, id="seven-pairs-not-standard"),
        pytest.param("hk.thirteen-orphans", ORPHANS, 1, id="thirteen-orphans"),
        pytest.param("hk.thirteen-orphans", SEVEN_PAIRS, 0, id="thirteen-orphans-not-pairs"),
        pytest.param("hk.all-terminals", TERMINALS, 1, id="all-terminals"),
        pytest.param("hk.all-terminals", ORPHANS, 0, id="all-terminals-no-honours"),
        pytest.param("hk.all-kongs", KONGS, 1, id="all-kongs"),
        pytest.param("hk.all-kongs", GREAT_WINDS, 0, id="all-kongs-needs-four"),
    ],
)
def test_hand_recognisers(rule_id: str, reading: Reading, expected: int) -> None:
    assert hits(rule_id, reading) == expected


@pytest.mark.parametrize(
    ("rule_id", "reading", "context", "expected"),
    [
        pytest.param("hk.seat-wind-pung", HONOURS, Context(seat_wind="S"), 1, id="seat-wind"),
        pytest.param("hk.seat-wind-pung", HONOURS, Context(seat_wind="W"), 0, id="seat-wind-other"),
        pytest.param("hk.round-wind-pung", HONOURS, Context(prevailing_wind="E"), 1, id="round-wind"),
        pytest.param("hk.round-wind-pung", HONOURS, Context(prevailing_wind="N"), 0, id="round-wind-pair-only"),
        pytest.param("hk.self-drawn", CHOWS, Context(self_drawn=True), 1, id="self-drawn"),
        pytest.param("hk.self-drawn", CHOWS, Context(), 0, id="self-drawn-not-discard"),
        pytest.param("hk.robbing-kong", CHOWS, Context(kong_related=True), 1, id="robbing-kong"),
        pytest.param("hk.robbing-kong", CHOWS, Context(kong_related=True, self_drawn=True), 0, id="robbing-not-drawn"),
        pytest.param("hk.kong-replacement", CHOWS, Context(kong_related=True, self_drawn=True), 1, id="replacement"),
        pytest.param("hk.kong-replacement", CHOWS, Context(kong_related=True), 0, id="replacement-not-robbing"),
        pytest.param("hk.last-tile", CHOWS, Context(last_tile=True), 1, id="last-tile"),
        pytest.param("hk.bonus-tile", CHOWS, Context(flowers=3), 3, id="bonus-tile-each"),
        pytest.param("hk.no-flowers", CHOWS, Context(), 1, id="no-flowers"),
        pytest.param("hk.no-flowers", CHOWS, Context(flowers=1), 0, id="no-flowers-with-one"),
        pytest.param(
            "hk.own-flower", CHOWS, Context(seat_wind="W", bonus_tiles=(T("f3"), T("s1"))), 1, id="own-flower-west"
        ),
        pytest.param("hk.own-flower", CHOWS, Context(seat_wind="W", flowers=2), 0, id="own-flower-unknown-tiles"),
        pytest.param(
            "hk.own-season", CHOWS, Context(seat_wind="N", bonus_tiles=(T("s4"), T("f4"))), 1, id="own-season-north"
        ),
        pytest.param(
            "hk.full-bonus-set",
            CHOWS,
            Context(bonus_tiles=tuple(T(t) for t in ("f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"))),
            2,
            id="full-bonus-set-both",
        ),
        pytest.param(
            "hk.full-bonus-set",
            CHOWS,
            Context(bonus_tiles=tuple(T(t) for t in ("f1", "f2", "f3", "s4"))),
            0,
            id="full-bonus-set-three-flowers",
        ),
    ],
)
def test_context_recognisers(rule_id: str, reading: Reading, context: Context, expected: int) -> None:
    assert hits(rule_id, reading, context) == expected


def test_concealed_hand_looks_at_claimed_sets() -> None:
    """門前清: a claimed chow spoils it; a concealed kong does not (HK sheet: 'no melded sets')."""
    assert hits("hk.concealed", CHOWS, hand="123m456p789s234s5m5m") == 1
    assert hits("hk.concealed", CHOWS, hand="[123m,1]456p789s234s5m5m") == 0
    assert hits("hk.concealed", CHOWS, hand="[1111m]456p789s234s5m5m") == 1


def test_nine_gates_needs_the_concealed_one_suit_pattern() -> None:
    """HK sheet: 'single suit 1112345678999 plus pair, must all be concealed'."""
    reading = standard(pung("1m"), chow("2m"), chow("6m"), pung("9m"), pair("5m"))
    assert hits("hk.nine-gates", reading, hand="1112345678999m5m") == 1
    assert hits("hk.nine-gates", reading, hand="[111m,1]2345678999m5m") == 0
    assert hits("hk.nine-gates", FULL, hand="1112345678899m5m") == 0


def test_hidden_treasure_needs_concealed_pungs_and_self_draw() -> None:
    """HK sheet: 'Hidden Treasure (all Pungs, all concealed, out on Self-Pick)'."""
    concealed = standard(pung("2m"), pung("3p"), pung("5p"), pung("7s"), pair("9s"))
    one_exposed = standard(pung("2m", concealed=False), pung("3p"), pung("5p"), pung("7s"), pair("9s"))
    assert hits("hk.hidden-treasure", concealed, Context(self_drawn=True)) == 1
    assert hits("hk.hidden-treasure", concealed, Context()) == 0
    assert hits("hk.hidden-treasure", one_exposed, Context(self_drawn=True)) == 0
