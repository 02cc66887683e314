"""Properties of scoring across every profile: the order melds are written in does not matter, and
the solver backend does not matter (the Readings are the same, so the scores must be)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_arbiter.errors import NotWinningError
from mahjong_arbiter.hand import Context, Hand
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.result import Result
from mahjong_arbiter.scoring import score
from mcr_hand_generator import random_hand

PROFILES = [load_profile(pid) for pid in builtin_profile_ids()]


def _score(hand: Hand, context: Context, profile_index: int, backend: str) -> Result | str:
    try:
        return score(hand, context, PROFILES[profile_index], backend=backend)
    except NotWinningError as exc:
        return exc.message


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(0, len(PROFILES) - 1), st.randoms(use_true_random=False))
def test_meld_order_and_backend_do_not_change_a_score(seed: int, profile_index: int, shuffler: random.Random) -> None:
    generated = random_hand(random.Random(seed))
    hand = generated.hand
    melds = list(hand.melds)
    shuffler.shuffle(melds)
    reordered = Hand(tuple(reversed(hand.concealed)), tuple(melds), hand.winning_tile)
    first = _score(hand, generated.context, profile_index, "fast")
    for other in (_score(reordered, generated.context, profile_index, "fast"),
                  _score(hand, generated.context, profile_index, "cpsat")):
        if isinstance(first, Result) and isinstance(other, Result):
            assert other.to_dict() == first.to_dict()
        else:
            assert other == first
