"""Targets: hand-worked cases, and the properties the issue names.

Hand-worked cases:

- ``12345m99mEEESS5p`` under ``mcr`` (the hand leaning to Half Flush).  Two new tiles: throw 5p,
  draw 6m and 9m, self-drawn on 6m: 123m 456m 999m EEE SS, wait 3m-6m (no wait fan).  Half Flush 6
  (Green Book 2006, fan 50), Fully Concealed Hand 4 (fan 56), Prevalent Wind 2 and Seat Wind 2
  (fans 60, 61; East round, East seat), Two Concealed Pungs 2 (fan 66: EEE and 999m), Short
  Straight 1 (fan 71: 123m 456m), Pung of Terminals or Honors 1 (fan 73: 999m): 18.  Drawing 6m and
  S instead scores the same 18 (SSS for 999m; 99m the pair) with as many unseen copies (6m four,
  S two against 9m two), so the draws break the tie.  Three new tiles: throw 5p and a 9m, draw 6m,
  7m, 8m, self-drawn on 7m (the edge of 89m): Pure Straight 16 (fan 28), Half Flush 6, Fully
  Concealed Hand 4, Prevalent Wind 2, Seat Wind 2, Edge Wait 1 (fan 77): 31.
- ``19m19p19sESWNCF5p`` under ``bmja``: Thirteen Unique Wonders, a 1,000-point hand (BMJA rules,
  Special hands; Kajongg for its value), is two tiles away: throw 5p, draw White and a second copy
  of one of the twelve orphans held (or a second White).  Thirteen targets at the limit; the
  twelve with a held orphan have 4 + 3 = 7 unseen copies, the White pair 4, so it comes last.
- ``123m456p789sESW1p`` under ``thompson-maloney``: Windy Chow (Thompson & Maloney 1997, p. 18: E S
  W N with one doubled and a run of three in each suit, 500 concealed) is two tiles away: throw
  1p, draw North and a second wind.  Four targets at 500; a second E, S or W leaves 3 + 4 = 7
  unseen copies to draw from, a second North 4, so it comes last.  Nothing is one tile away.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjong_arbiter.disputes.waits import scored_waits
from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.hand import Context, Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.solver.near import near_complete
from mahjong_arbiter.teaching.policy import chow_room, profile_shapes
from mahjong_arbiter.teaching.seen import seen_from_text
from mahjong_arbiter.teaching.targets import find_targets
from shanten_hand_generator import thirteen_tile_hands

LEANING = parse_hand("12345m99mEEESS5p").hand


def _tokens(tiles) -> list[str]:  # type: ignore[no-untyped-def]
    return [t.token for t in tiles]


def test_half_flush_two_tiles_away_and_pure_straight_three() -> None:
    mcr = load_profile("mcr")
    assert not find_targets(LEANING, Context(), mcr, depth=1).targets
    two = find_targets(LEANING, Context(), mcr, depth=2).targets
    best = two[0]
    assert (best.total, _tokens(best.draw), _tokens(best.give_up), best.winning_tile.token, best.self_drawn) == \
        (18, ["6m", "9m"], ["5p"], "6m", True)
    assert [i.name for i in best.result.items] == ["Half Flush", "Fully Concealed Hand", "Prevalent Wind", "Seat Wind",
                                                   "Two Concealed Pungs", "Short Straight",
                                                   "Pung of Terminals or Honors"]
    assert (two[1].total, _tokens(two[1].draw), two[1].live_total, best.live_total) == (18, ["6m", "S"], 6, 6)
    assert all("Pure Straight" not in [i.name for i in t.result.items] for t in two)
    three = find_targets(LEANING, Context(), mcr, depth=3).targets
    straight = [t for t in three if "Pure Straight" in [i.name for i in t.result.items]]
    top = max(straight, key=lambda t: t.total)
    assert (top.total, _tokens(top.draw), _tokens(top.give_up), top.winning_tile.token) == \
        (31, ["6m", "7m", "8m"], ["9m", "5p"], "7m")
    assert "Edge Wait" in [i.name for i in top.result.items]


def test_a_bmja_special_hand_two_tiles_away() -> None:
    bmja = load_profile("bmja")
    hand = parse_hand("19m19p19sESWNCF5p").hand
    assert not find_targets(hand, Context(), bmja, depth=1).targets
    report = find_targets(hand, Context(), bmja, depth=2)
    assert len(report.targets) == 13 and {t.total for t in report.targets} == {1000}
    assert all(_tokens(t.give_up) == ["5p"] and "P" in _tokens(t.draw) for t in report.targets)
    assert [t.live_total for t in report.targets] == [7] * 12 + [4]
    assert _tokens(report.targets[-1].draw) == ["P", "P"]
    assert report.targets[0].result.items[0].name == "Thirteen Unique Wonders"


def test_a_catalogue_hand_two_tiles_away() -> None:
    tm = load_profile("thompson-maloney")
    hand = parse_hand("123m456p789sESW1p").hand
    assert not find_targets(hand, Context(), tm, depth=1).targets
    report = find_targets(hand, Context(), tm, depth=2)
    assert [(_tokens(t.draw), _tokens(t.give_up), t.total, t.live_total) for t in report.targets] == [
        (["E", "N"], ["1p"], 500, 7), (["S", "N"], ["1p"], 500, 7), (["W", "N"], ["1p"], 500, 7),
        (["N", "N"], ["1p"], 500, 4)]
    assert {t.result.items[0].name for t in report.targets} == {"Windy Chow"}


def test_at_least_and_seen_apply() -> None:
    mcr = load_profile("mcr")
    assert [t.total for t in find_targets(LEANING, Context(), mcr, depth=2, at_least=18).targets] == [18, 18]
    # every 6m seen: no target can draw it
    seen = seen_from_text("6m6m6m6m")
    report = find_targets(LEANING, Context(), mcr, depth=2, seen=seen)
    assert all("6m" not in _tokens(t.draw) for t in report.targets)
    with pytest.raises(ArbiterError) as caught:
        find_targets(LEANING, Context(), mcr, depth=4)
    assert caught.value.code == "bad_depth"


def test_a_complete_hand_is_its_own_target() -> None:
    hand = parse_hand("123m456m789m123pEE").hand
    report = find_targets(hand, Context(), load_profile("mcr"), depth=1)
    own = [t for t in report.targets if not t.draw]
    assert len(own) == 1 and own[0].winning_tile.token == "E" and not own[0].give_up


# --- properties ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("profile", ["mcr", "bmja", "hk-old-style"])
def test_depth_one_is_the_winning_tiles_of_waits(profile: str) -> None:
    rules = load_profile(profile)
    checked = 0
    for hand in thirteen_tile_hands(2718, 300):
        waits = scored_waits(hand, Context(), rules)
        if not waits.waits:
            continue
        winning = {}
        for wait in waits.waits:
            totals = [o.result.total for o in (wait.discard, wait.self_drawn)
                      if o.result is not None and o.result.fields.get("minimum_met") is not False]
            if totals:
                winning[wait.tile] = max(totals)
        targets = find_targets(hand, Context(), rules, depth=1).targets
        assert {t.winning_tile: t.total for t in targets} == winning, hand
        assert all(len(t.draw) == 1 and not t.give_up for t in targets)
        checked += bool(winning)
    assert checked >= 5


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_targets_keep_within_four_copies_and_the_depth(depth: int) -> None:
    rules = load_profile("mcr")
    for number, hand in enumerate(thirteen_tile_hands(3141, 12 if depth < 3 else 4)):
        seen = tuple(t for t in hand.concealed[:2] if hand.all_tiles.count(t) < 3) if number % 2 else ()
        for target in find_targets(hand, Context(), rules, depth=depth, seen=seen).targets:
            assert 1 <= len(target.draw) <= depth and len(target.give_up) == len(target.draw) - 1
            kept = Counter(hand.concealed) - Counter(target.give_up)
            assert sum((Counter(hand.concealed) - kept).values()) == len(target.give_up)
            copies = kept + Counter(target.draw) + Counter(t for m in hand.melds for t in m.tiles) + Counter(seen)
            assert max(copies.values()) <= 4, (hand, target.draw)
            assert target.live == {t: 4 - hand.all_tiles.count(t) - seen.count(t) for t in target.draw}


def test_fast_and_cpsat_candidates_agree() -> None:
    for profile in ("mcr", "bmja"):
        rules = load_profile(profile)
        for hand in thirteen_tile_hands(1618, 10):
            limits = tuple(4 - sum(t.index == k for m in hand.melds for t in m.tiles) for k in range(34))
            for depth in (1, 2):
                args = (hand.standing_counts, hand.melds, profile_shapes(rules), limits, depth)
                room = chow_room(rules, hand.melds)
                assert near_complete(*args, max_chows=room) == near_complete(*args, max_chows=room, backend="cpsat")


def test_special_shapes_near_agree_with_brute_force() -> None:
    """Every complete hand within two tiles, found by trying every pair of new tiles and every discard."""
    from itertools import combinations_with_replacement

    from mahjong_arbiter.solver.fast import decompose
    from mahjong_arbiter.solver.shapes import ShapeInput

    mcr = profile_shapes(load_profile("mcr"))
    for text in ("19m19p19sESWNCF5p", "114477m225588pN", "147m258p369sESWC", "1133m5577p99sEEN"):
        hand = parse_hand(text).hand
        counts = hand.standing_counts
        found = set(near_complete(counts, (), mcr, (4,) * 34, 2))
        brute = set()
        for added in [*((k,) for k in range(34)), *combinations_with_replacement(range(34), 2)]:
            grown = list(counts)
            for k in added:
                grown[k] += 1
            if max(grown) > 4:
                continue
            for dropped in ([()] if len(added) == 1 else [(k,) for k in range(34) if counts[k] and k not in added]):
                trial = list(grown)
                for k in dropped:
                    trial[k] -= 1
                shape_input = ShapeInput(tuple(trial), (), mcr, decompose)
                if decompose(trial, 4) or any(s.groupings(shape_input) for s in mcr.special_shapes()):
                    brute.add(tuple(trial))
        assert found == brute, text


def test_no_target_is_below_the_minimum() -> None:
    mcr = load_profile("mcr")
    for hand in thirteen_tile_hands(99, 15):
        for target in find_targets(hand, Context(), mcr, depth=2).targets:
            assert target.result.fields["minimum_met"] is True and target.total >= 8
    assert isinstance(LEANING, Hand)
