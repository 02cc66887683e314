"""Differential tests of the shanten against PyMahjongGB and the riichi library.

20,000 seeded random thirteen-tile hands with declared melds (tests/shanten_hand_generator.py),
every form on every hand.  Each profile follows its own held-out policy
(``[policies] wait_held_out_counts``, :mod:`mahjong_arbiter.teaching.policy`), and each peer
agrees with the profile whose policy it shares, except for the differences stated here and
checked exactly:

PyMahjongGB (``mcr-mil``: copies are not counted, so 123456789m + EEEE is ready on E)
    ``RegularShanten``, ``SevenPairsShanten``, ``ThirteenOrphansShanten``,
    ``HonorsAndKnittedTilesShanten``, ``KnittedStraightShanten`` (standing tiles only) and
    ``MahjongShanten`` (with the packs) equal ``mcr-mil``'s numbers on every hand, and the useful
    tiles are equal too, with one difference: when the hand is not ready, ``RegularShanten``
    leaves out the kinds the standing tiles hold four of, which ``mcr-mil`` lists (one more copy
    would lower the distance if copies are not counted, and ``RegularShanten`` itself lists such a
    kind once the hand is ready: 123456789m + EEEE waits on E).  The special forms list them.
    A special form the hand cannot make (declared melds) is ``None`` here and an
    ``ERROR_INVALID_HAND`` there.
The riichi library (copies counted in the standing tiles, four at most)
    ``calculate_shanten_for_regular_hand`` equals the standard form computed with the four-copy
    limit on the standing tiles alone, on every hand: the library is not told the melds.  ``mcr``
    (the Green Book reading) also counts the declared melds' copies, so it is never lower, and it
    is higher exactly on the hands counted in ``MELD_COPIES`` below.  The chiitoitsu and kokushi
    shanten equal seven pairs of seven different kinds (``seven_pairs_four_of_a_kind = false``,
    as ``hk-old-style-seven-pairs``) and thirteen orphans, on every hand without melds.
Between the two readings
    ``mcr`` and ``mcr-mil`` differ only where the nearest target of ``mcr-mil`` needs a fifth
    copy: ``mcr`` is never lower, and is higher on a share of the hands that the test prints.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import MahjongGB  # the peers: test dependencies, so a missing one fails the run rather than skipping
from mahjong.shanten import Shanten

from mahjong_arbiter.hand import Hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.model import Profile
from mahjong_arbiter.solver.distance import Distance, copy_limits, standard_distance
from mahjong_arbiter.solver.reading import STANDARD
from mahjong_arbiter.solver.shanten import form_distances
from mahjong_arbiter.teaching.policy import chow_room, profile_limits, profile_shapes
from mahjong_arbiter.tiles import ALL_PLAYING
from mcr_hand_generator import PEER_TOKENS
from shanten_hand_generator import peer_hand, peer_packs, thirteen_tile_hands

SEED = 20261201
HANDS = 20_000
KIND_OF_PEER = {code: tile.index for tile, code in PEER_TOKENS.items()}
PEER_FORMS = {
    STANDARD: MahjongGB.RegularShanten,
    "seven_pairs": MahjongGB.SevenPairsShanten,
    "thirteen_orphans": MahjongGB.ThirteenOrphansShanten,
    "honours_knitted": MahjongGB.HonorsAndKnittedTilesShanten,
    "knitted_straight": MahjongGB.KnittedStraightShanten,
}


@cache
def _hands() -> list[Hand]:
    return thirteen_tile_hands(SEED, HANDS)


def _forms(hand: Hand, profile: Profile) -> dict[str, Distance | None]:
    return form_distances(hand.standing_counts, hand.melds, profile_shapes(profile),
                          profile_limits(profile, hand.melds), max_chows=chow_room(profile, hand.melds))


def _peer(form: str, hand: Hand) -> tuple[int, list[int]] | None:
    try:
        shanten, useful = PEER_FORMS[form](peer_hand(hand))
    except TypeError as exc:
        assert "ERROR_INVALID_HAND" in str(exc)
        return None
    return shanten, sorted(KIND_OF_PEER[code] for code in useful)


def _expected_peer_useful(form: str, distance: Distance, hand: Hand) -> list[int]:
    """Our useful kinds as PyMahjongGB lists them (the one stated difference)."""
    if form == STANDARD and distance.shanten > 0:
        return sorted(k for k in distance.useful if hand.standing_counts[k] < 4)
    return sorted(distance.useful)


def test_pymahjonggb_equals_mcr_mil_on_every_form() -> None:
    mil = load_profile("mcr-mil")
    compared: Counter[str] = Counter()
    fifth_copies = 0
    for hand in _hands():
        forms = _forms(hand, mil)
        for form in PEER_FORMS:
            ours, theirs = forms[form], _peer(form, hand)
            if ours is None:
                assert theirs is None, (form, hand)
                continue
            assert theirs is not None, (form, hand)
            assert (ours.shanten, _expected_peer_useful(form, ours, hand)) == theirs, (form, hand, ours)
            compared[form] += 1
            if form == STANDARD and sorted(ours.useful) != theirs[1]:
                fifth_copies += 1
        least = min(d.shanten for d in forms.values() if d is not None)
        assert least == MahjongGB.MahjongShanten(peer_packs(hand), peer_hand(hand)), hand
        compared["mahjong"] += 1
    print(f"\nPyMahjongGB: forms compared {dict(compared)}; regular useful lists with a fifth copy: {fifth_copies}")
    assert compared["mahjong"] == HANDS and compared["seven_pairs"] > 10_000 and compared["knitted_straight"] > 10_000
    assert fifth_copies > 0  # the stated difference occurs, so the rule above is exercised


def test_riichi_library_counts_the_standing_copies_only() -> None:
    mcr = load_profile("mcr")
    distinct_pairs = load_profile("hk-old-style-seven-pairs")
    melds_counted = 0
    for hand in _hands():
        counts = hand.standing_counts
        regular = Shanten.calculate_shanten_for_regular_hand(list(counts))
        theirs_standard = standard_distance(counts, 4 - len(hand.melds), copy_limits(()))
        assert theirs_standard is not None and theirs_standard.shanten == regular, hand
        ours = standard_distance(counts, 4 - len(hand.melds), profile_limits(mcr, hand.melds))
        assert ours is not None and ours.shanten >= regular, hand
        melds_counted += ours.shanten > regular
        if not hand.melds:
            assert ours.shanten == regular, hand
            forms = _forms(hand, distinct_pairs)
            pairs, orphans = forms["seven_pairs"], forms["thirteen_orphans"]
            assert pairs is not None and pairs.shanten == Shanten.calculate_shanten_for_chiitoitsu_hand(list(counts))
            assert orphans is not None and orphans.shanten == Shanten.calculate_shanten_for_kokushi_hand(list(counts))
    print(f"\nriichi library: mcr higher by the melds' copies on {melds_counted} of {HANDS} hands")
    assert melds_counted > 0


def test_the_two_mcr_readings_differ_only_upwards() -> None:
    mcr, mil = load_profile("mcr"), load_profile("mcr-mil")
    higher = 0
    for hand in _hands()[:2000]:
        green, helper = _forms(hand, mcr), _forms(hand, mil)
        for form, distance in green.items():
            other = helper[form]
            assert (distance is None) == (other is None)
            if distance is not None and other is not None:
                assert distance.shanten >= other.shanten, (form, hand)
                higher += distance.shanten > other.shanten
    print(f"\nmcr above mcr-mil on {higher} form readings of 2000 hands")
    assert higher > 0


def test_the_held_out_example_of_the_issue() -> None:
    """123456789m + EEEE: PyMahjongGB says ready on E; the riichi library says one from ready."""
    east = ALL_PLAYING[27]
    hand = Hand(tuple(ALL_PLAYING[:9]) + (east,) * 4)
    assert MahjongGB.RegularShanten(peer_hand(hand)) == (0, ("F1",))
    assert Shanten.calculate_shanten_for_regular_hand(list(hand.standing_counts)) == 1
    helper = _forms(hand, load_profile("mcr-mil"))[STANDARD]
    green = _forms(hand, load_profile("mcr"))[STANDARD]
    assert helper is not None and (helper.shanten, sorted(helper.useful)) == (0, [east.index])
    # Green Book: discard an East and wait on any tile's pair (all but East itself)
    assert green is not None and (green.shanten, sorted(green.useful)) == (1, [k for k in range(34) if k != 27])
