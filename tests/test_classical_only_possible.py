"""Only Possible Tile's shortcut against the waits it stands for.

:func:`~mahjong_arbiter.rules.classical_bonuses.only_possible_tile` answers "no" without the
sole-wait search when the winning tile's placement shows a second live wait (the other end of a
two-sided wait, the other pair of a dual-pung wait).  Here that answer is checked against the
thirteen tiles' waits themselves, on every Reading of corpus hands and of hands built for it (one
of them around the case the shortcut must leave to the search: all four of the other kind held).
"""

from __future__ import annotations

import pytest

from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.rules.classical_bonuses import _second_wait, only_possible_tile
from mahjong_arbiter.scoring.common import make_situation, profile_readings
from mcr_hand_generator import corpus


@pytest.mark.parametrize("profile_id", ["buzzard-2000", "bmja", "codification"])
def test_shortcut_agrees_with_the_waits(profile_id: str) -> None:
    profile = load_profile(profile_id)
    shown = 0
    for generated in corpus(2024, 400):
        try:
            found = profile_readings(generated.hand, generated.context, profile)
        except ArbiterError:
            continue
        waits = make_situation(generated.hand, generated.context, profile).waits
        for reading in found:
            situation = make_situation(generated.hand, generated.context, profile)
            assert only_possible_tile(situation, reading) == (len(waits) == 1)
            if _second_wait(reading):
                shown += 1
                assert len(waits) > 1
    assert shown  # the shortcut is taken on some of them


@pytest.mark.parametrize(
    ("text", "win"),
    [
        ("234m555m789p111s33z", "2m"),  # two-sided 34m on 2m: 5m completes too, and copies are left
        ("123m333m456m789pEE", "6m"),  # two-sided 45m on 6m: 3m completes too, but all four are held
        ("123m55m789p111s333z", "3z"),  # dual pung on 3z: 5m completes too (its pung, 3z the pair)
    ],
)
def test_built_hands(text: str, win: str) -> None:
    hand = parse_hand(text, win=win).hand
    profile = load_profile("buzzard-2000")
    context = Context()
    waits = make_situation(hand, context, profile).waits
    for reading in profile_readings(hand, context, profile):
        situation = make_situation(hand, context, profile)
        assert only_possible_tile(situation, reading) == (len(waits) == 1)
