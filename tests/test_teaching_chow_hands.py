"""The teaching tools see the special hands built from chows, and the profile's own Gates of Heaven.

Under ``thompson-maloney`` and ``club-rules`` an ordinary hand holds one chow at most, yet special
hands of sets hold three or four (Thompson & Maloney 1997 p. 9 Run, Pung and Pair; pp. 10, 39
Guardian Winds; pp. 17, 41 Hovering Angel; Club guide 2026 keeps them, see its question.chow-limit).
``shanten`` must call such a hand ready exactly when ``waits`` finds a winning tile, and depth-1
``targets`` must be those winning tiles.  Hand-worked cases:

- ``1234555567899m`` (T&M): with 9m, 123 456 789 555 99 of characters: Run, Pung and Pair, the
  limit (1,000).  3m and 6m complete sets and a pair too, but only as an ordinary hand of three
  chows, which the profile refuses; so ready on 9m alone, 2 unseen (two 9m held).
- ``1234555567899mE``: discarding East leaves that hand, ready; any other discard leaves a hand
  no tile completes into a win, so East is the best discard.
- ``123456789pSSSN`` (T&M): with N, 123 456 789 of circles, a pung of South and a pair of North:
  Guardian Winds; ready on N alone, 3 unseen.
- ``123m456p789sNNNC``, seat North (club-rules): with C, a chow of each suit, a pung of the own
  wind and a dragon pair: Hovering Angel; ready on C alone, 3 unseen.  With seat East the North
  pung is no own wind, and no tile wins.
- ``1112345678999m`` (BMJA): Gates of Heaven takes one more of 2 to 8 (bmja.toml,
  choice.gates-of-heaven; Kajongg's BMJA ruleset), so 2m to 8m are useful, three unseen each: 21;
  1m and 9m complete the shape's tiles but no BMJA hand.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mahjong_arbiter.disputes.waits import scored_waits
from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.teaching.shanten import CHOW_HANDS, shanten_report
from mahjong_arbiter.teaching.targets import find_targets
from mahjong_arbiter.tiles import Tile

_KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNCFP")


def _useful(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {u.tile.token: u.unseen for u in report.useful}


@pytest.mark.parametrize(("profile", "text", "seat", "useful"), [
    ("thompson-maloney", "1234555567899m", "E", {"9m": 2}),
    ("thompson-maloney", "123456789pSSSN", "E", {"N": 3}),
    ("club-rules", "123m456p789sNNNC", "N", {"C": 3}),
])
def test_a_special_hand_of_chows_is_ready(profile: str, text: str, seat: str, useful: dict[str, int]) -> None:
    rules = load_profile(profile)
    hand = parse_hand(text).hand
    context = Context(seat_wind=Tile.of(seat))
    report = shanten_report(hand, rules, context=context)
    assert report.shanten == 0 and report.exact and _useful(report) == useful
    targets = find_targets(hand, context, rules, depth=1).targets
    assert {t.winning_tile.token for t in targets} == set(useful)


def test_hovering_angel_needs_the_own_wind() -> None:
    report = shanten_report(parse_hand("123m456p789sNNNC").hand, load_profile("club-rules"))
    assert report.shanten > 0


def test_the_best_discard_keeps_the_special_hand_ready() -> None:
    report = shanten_report(parse_hand("1234555567899mE").hand, load_profile("thompson-maloney"))
    best = report.discards[0]
    assert report.shanten == 0 and best.discard.token == "E" and best.shanten == 0
    assert {u.tile.token: u.unseen for u in best.useful} == {"9m": 2}
    assert all(row.shanten >= 1 for row in report.discards[1:])


def test_bmja_gates_of_heaven_takes_two_to_eight() -> None:
    report = shanten_report(parse_hand("1112345678999m").hand, load_profile("bmja"))
    expected = {f"{r}m": 3 for r in range(2, 9)}
    assert report.shanten == 0 and _useful(report) == expected and report.unseen == 21
    assert {u.tile.token: u.unseen for u in report.form_useful["classical_nine_gates"]} == expected


def _near_complete(rng: random.Random) -> str:
    """Thirteen tiles a tile or three from four sets (chows half the time) and a pair; one in four
    starts from 1 to 9 of a suit, the run of many of the special hands."""
    held: Counter[str] = Counter()
    if rng.random() < 0.25:
        suit = rng.choice("mps")
        held.update(f"{n}{suit}" for n in range(1, 10))

    def add(tiles: list[str]) -> None:
        if all(held[t] + tiles.count(t) <= 4 for t in tiles):
            held.update(tiles)

    while sum(held.values()) < 12:
        if rng.random() < 0.5:
            suit, low = rng.choice("mps"), rng.randint(1, 7)
            add([f"{low + i}{suit}" for i in range(3)])
        else:
            add([rng.choice(_KINDS)] * 3)
    while sum(held.values()) < 14:
        add([rng.choice(_KINDS)] * (14 - sum(held.values())))
    tiles = list(held.elements())
    for _ in range(rng.choice((0, 1, 1, 2))):  # swap a tile or two for others
        kind = rng.choice(_KINDS)
        if held[kind] < 4:
            held[tiles.pop(rng.randrange(len(tiles)))] -= 1
            tiles.append(kind)
            held[kind] += 1
    rng.shuffle(tiles)
    return "".join(tiles[:13])


@pytest.mark.parametrize("profile", ["thompson-maloney", "club-rules"])
def test_ready_exactly_when_waits_wins_and_depth_one_is_the_waits(profile: str) -> None:
    """Seeded near-complete hands, many of them chow-heavy: shanten 0 exactly when some tile wins,
    its useful tiles those winning tiles, and depth-1 targets the same tiles."""
    rules = load_profile(profile)
    rng = random.Random(20261201)
    ready = by_chows = 0
    for _ in range(300):
        hand = parse_hand(_near_complete(rng)).hand
        winning = {w.tile for w in scored_waits(hand, Context(), rules).waits if w.wins}
        report = shanten_report(hand, rules)
        assert (report.shanten == 0) == bool(winning), hand
        if winning:
            assert report.exact and {u.tile for u in report.useful} == winning, hand
        assert {t.winning_tile for t in find_targets(hand, Context(), rules, depth=1).targets} == winning, hand
        ready += bool(winning)
        chows = report.forms[CHOW_HANDS]
        by_chows += chows is not None and chows.shanten == 0
    assert ready >= 20 and by_chows >= 3, (ready, by_chows)
