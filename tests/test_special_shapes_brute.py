"""The classical special shapes against an independent brute-force description of each.

tests/special_shape_oracle.py lists every hand of each shape from its pattern (or a seeded sample
where the shape has too many to list) and tests membership by trying the pattern's choices one by
one, with none of the product's shape code.  Here, for every special shape of thompson-maloney and
club-rules: every listed hand is recognised and every Reading it gets is a correct Reading of the
hand; every hand one tile away from a listed hand is recognised exactly when the brute force says
it has the shape; random hands agree too; and every catalogue fixture that wins on a special shape
has that shape by the brute force.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from mahjong_arbiter.hand import Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.scoring import score
from mahjong_arbiter.scoring.common import shape_options
from mahjong_arbiter.solver import reading_problems, readings
from mahjong_arbiter.solver.api import decomposer
from mahjong_arbiter.solver.shapes import SPECIAL_SHAPES, ShapeInput, ShapeOptions
from mahjong_arbiter.tiles import Tile
from special_shape_oracle import SPECS, key_of, legal

USED = sorted(
    shape_options(load_profile("thompson-maloney")).special | shape_options(load_profile("club-rules")).special
)
OPTIONS = ShapeOptions(special=frozenset(USED), seven_pairs_four_of_a_kind=False)
"""Every shape of the two profiles at once (neither profile lets four of a kind be two of Seven Twins' pairs)."""
DECOMPOSE = decomposer("fast")


def _has(name: str, counts: tuple[int, ...], melds: tuple, options: ShapeOptions = OPTIONS) -> bool:  # type: ignore[type-arg]
    return bool(SPECIAL_SHAPES[name].groupings(ShapeInput(counts, melds, options, DECOMPOSE)))


def test_every_special_shape_of_the_profiles_is_described() -> None:
    assert sorted(SPECS) == USED


@pytest.mark.parametrize("name", USED)
def test_every_listed_hand_has_the_shape(name: str) -> None:
    spec = SPECS[name]
    hands = list(spec.instances(random.Random(f"{name}-members")))
    assert hands, name
    for counts, melds in hands:
        assert spec.member(counts, melds), (name, counts, melds)
        assert _has(name, counts, melds), f"{name} misses {key_of(counts, melds)}"
    # a few as Readings: a correct Reading of the hand, of this shape, won on each kind of tile held
    rng = random.Random(f"{name}-readings")
    for counts, melds in rng.sample(hands, min(4, len(hands))):
        standing = [Tile.at(i) for i, n in enumerate(counts) for _ in range(n)]
        win = rng.choice(standing)
        hand = Hand(tuple(standing), melds, win)
        found = [r for r in readings(hand, shapes=OPTIONS) if r.shape == name]
        assert found, (name, hand)
        for r in found:
            assert reading_problems(r, hand, shapes=OPTIONS) == [], (name, str(r))


def _neighbours(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every hand one standing tile away (a tile replaced by another kind)."""
    out = []
    for i in range(34):
        if not counts[i]:
            continue
        for j in range(34):
            if j != i:
                moved = list(counts)
                moved[i] -= 1
                moved[j] += 1
                out.append(tuple(moved))
    return out


@pytest.mark.parametrize("name", USED)
def test_near_misses_agree_with_the_brute_force(name: str) -> None:
    spec = SPECS[name]
    rng = random.Random(f"{name}-near")
    hands = list(spec.instances(rng))
    for counts, melds in rng.sample(hands, min(3, len(hands))):
        for near in _neighbours(counts):
            if not legal(near, melds):
                continue
            assert _has(name, near, melds) == spec.member(near, melds), (name, key_of(near, melds))


def test_random_hands_agree_with_the_brute_force() -> None:
    rng = random.Random("random-hands")
    for _ in range(150):
        tiles = rng.sample([i for i in range(34) for _ in range(4)], 14)
        counts = tuple(tiles.count(i) for i in range(34))
        for name in USED:
            assert _has(name, counts, ()) == SPECS[name].member(counts, ()), (name, counts)


def _catalogue_wins() -> list[tuple[str, str, dict]]:  # type: ignore[type-arg]
    found = []
    for path in sorted((Path(__file__).parent / "fixtures" / "catalogue").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for entry in data.get("hand", ()):
            if "win" in entry:
                found.append((data["defaults"]["profile"], entry["win"], entry.get("context", {})))
    return found


def test_every_catalogue_hand_on_a_special_shape_has_it_by_the_brute_force() -> None:
    from mahjong_arbiter.hand import Context

    checked = 0
    for pid, text, ctx in _catalogue_wins():
        parsed = parse_hand(text)
        context = Context(**{"seat_wind": "E", "prevailing_wind": "E", **ctx})
        reading = score(parsed.hand, context, load_profile(pid)).reading
        assert reading is not None
        if reading.shape == "standard":
            continue
        counts = parsed.hand.standing_counts
        assert SPECS[reading.shape].member(counts, parsed.hand.melds), (pid, text, reading.shape)
        checked += 1
    assert checked > 40
