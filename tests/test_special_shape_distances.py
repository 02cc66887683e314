"""Every special shape of thompson-maloney and club-rules: its distance (shanten) and its near
search against an independent computation of the nearest complete hand.

The truth comes from ``tests/special_shape_oracle.py`` and from nothing of the product's shape code:

* a shape the oracle lists in full (``complete``): the distance of standing counts ``c`` is the
  least ``sum(max(T_k - c_k, 0))`` over the listed hands ``T`` with the same declared melds and
  within the copy limits, and the useful kinds those some nearest ``T`` holds more of;
* a shape the oracle only samples (Crazy Chows has about 3.5 million hands): the same least,
  found by CP-SAT on a model of the hand's pattern written here (choose so many groups of each
  class, a declared meld filling its class), maximising the tiles kept.

Hands: near misses (a listed or sampled hand with up to three tiles exchanged, and one tile
fewer), random hands from the shape's kinds and from all kinds, hands with declared melds (the
shape's own, and a meld a loose layout cannot take), with copy limits lowered as tiles seen on
the table lower them.  The classical shapes the BMJA profile already had (all pair honours,
knitting, triple knitting, seven pairs) are checked in ``tests/test_shanten.py`` and
``tests/test_shanten_differential.py``.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import cache
from itertools import islice

import numpy as np
import pytest
from ortools.sat.python import cp_model

import mahjong_arbiter.rules  # noqa: F401  (registers the shapes)
from mahjong_arbiter.hand import Meld, MeldKind
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.rules.tm_families import FAMILIES
from mahjong_arbiter.solver.distance import Distance
from mahjong_arbiter.solver.fast import decompose
from mahjong_arbiter.solver.near import special_near
from mahjong_arbiter.solver.shanten import shape_distance
from mahjong_arbiter.solver.shapes import SPECIAL_SHAPES, ShapeInput, ShapeOptions
from mahjong_arbiter.solver.templates import Family, expand, with_melds
from mahjong_arbiter.teaching.policy import profile_shapes
from mahjong_arbiter.tiles import Tile
from special_shape_oracle import DRAGONS, GREEN, MIXED, MIXED_PAIRS, SPECS, SUITS, WHITE, WINDS, key_of, legal

Counts = tuple[int, ...]
CHECKED_ELSEWHERE = {"seven_pairs", "classical_all_pair_honours", "classical_knitting", "classical_triple_knitting"}
CATALOGUE = sorted({s.name for p in ("thompson-maloney", "club-rules")
                    for s in profile_shapes(load_profile(p)).special_shapes()})
LISTED = [name for name in CATALOGUE if name in SPECS and SPECS[name].complete]
MODELLED = [name for name in CATALOGUE if name not in LISTED and name not in CHECKED_ELSEWHERE]


def test_every_catalogue_shape_is_checked_here_or_elsewhere() -> None:
    assert set(LISTED) | set(MODELLED) | CHECKED_ELSEWHERE == set(CATALOGUE)
    assert set(MODELLED) == set(_MODELS)
    assert {name for name in CATALOGUE if name.startswith("tm_")} == set(FAMILIES)


def _options(name: str) -> ShapeOptions:
    return ShapeOptions(standard=False, special=frozenset({name}))


def _rng(name: str, salt: str = "") -> random.Random:
    return random.Random(zlib.crc32((name + salt).encode()))


# --- hands to measure ------------------------------------------------------------------------------------------
def _meld_copies(melds: Sequence[Meld]) -> list[int]:
    used = [0] * 34
    for m in melds:
        for t in m.tiles:
            used[t.index] += 1
    return used


def _exchange(rng: random.Random, counts: list[int], melds: Sequence[Meld], pool: Sequence[int]) -> None:
    """Throw one standing tile and draw one of *pool* (four copies at most, melds counted)."""
    held = [k for k in range(34) if counts[k]]
    counts[rng.choice(held)] -= 1
    used = _meld_copies(melds)
    drawable = [k for k in pool if counts[k] + used[k] < 4]
    counts[rng.choice(drawable)] += 1


def _limits(rng: random.Random, counts: Sequence[int], melds: Sequence[Meld], seen: bool) -> tuple[int, ...]:
    """Four less the melds' copies, and with *seen* a few kinds lowered as seen tiles lower them."""
    limits = [4 - n for n in _meld_copies(melds)]
    if seen:
        for k in rng.sample(range(34), 6):
            limits[k] = max(counts[k], limits[k] - rng.randint(1, 3))
    return tuple(limits)


def _random_hand(rng: random.Random, pool: Sequence[int], size: int) -> list[int]:
    wall = [k for k in pool for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, size):
        counts[k] += 1
    return counts


def _hands(name: str, members: Sequence[tuple[Counts, tuple[Meld, ...]]], trials: int
           ) -> Iterator[tuple[Counts, tuple[Meld, ...], tuple[int, ...]]]:
    """(standing counts, declared melds, limits): near misses of *members*, random hands, hands
    with a meld the shape may not take."""
    rng = _rng(name)
    kinds = sorted({k for counts, _ in members for k in range(34) if counts[k]})
    for trial in range(trials):
        mode = trial % 5
        melds: tuple[Meld, ...] = ()
        if mode <= 2:
            base, melds = rng.choice(members)
            counts = list(base)
            for _ in range(rng.randrange(4)):
                _exchange(rng, counts, melds, kinds if rng.random() < 0.7 else range(34))
            if mode == 1:  # thirteen tiles' worth: one tile fewer
                counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        elif mode == 3:
            counts = _random_hand(rng, kinds, 13)
        else:  # all kinds, sometimes with a declared pung of a kind not held
            kind = rng.randrange(34)
            melds = (Meld.pung(Tile.at(kind), exposed=True),) if trial % 2 else ()
            counts = _random_hand(rng, [k for k in range(34) if not melds or k != kind], 13 - 3 * len(melds))
        if legal(counts, melds):
            yield tuple(counts), melds, _limits(rng, counts, melds, seen=trial % 3 == 0)


# --- the truth for a shape listed in full ------------------------------------------------------------------------
@cache
def _listed(name: str) -> dict[object, np.ndarray]:
    """The oracle's hands of a shape by their declared melds, as count rows."""
    groups: dict[object, set[Counts]] = {}
    for counts, melds in SPECS[name].instances(random.Random(0)):
        groups.setdefault(key_of(counts, melds)[1], set()).add(tuple(counts))
    return {key: np.array(sorted(rows), dtype=np.int16) for key, rows in groups.items()}


def _listed_truth(name: str, counts: Counts, melds: tuple[Meld, ...], limits: Sequence[int]) -> Distance | None:
    rows = _listed(name).get(key_of(counts, melds)[1])
    if rows is None:
        return None
    rows = rows[(rows <= np.array(limits)).all(axis=1)]
    if not len(rows):
        return None
    need = np.maximum(rows - np.array(counts, dtype=np.int16), 0)
    missing = need.sum(axis=1)
    best = int(missing.min())
    useful = frozenset(int(k) for k in np.nonzero(need[missing == best].max(axis=0))[0]) if best else frozenset()
    return Distance(best, useful)


def _members(name: str) -> list[tuple[Counts, tuple[Meld, ...]]]:
    return [(tuple(c), m) for c, m in SPECS[name].instances(_rng(name, "members"))]


def _measured(name: str, counts: Counts, melds: tuple[Meld, ...], limits: Sequence[int], **kw: object
              ) -> Distance | None:
    return shape_distance(SPECIAL_SHAPES[name], counts, melds, _options(name), tuple(limits), **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", LISTED)
def test_a_listed_shape_s_distance_is_the_nearest_listed_hand(name: str) -> None:
    checked = 0
    for counts, melds, limits in _hands(name, _members(name), 40):
        truth = _listed_truth(name, counts, melds, limits)
        assert _measured(name, counts, melds, limits) == truth, (name, counts, melds, limits)
        number = _measured(name, counts, melds, limits, useful=False)
        assert (number is None) == (truth is None) and (truth is None or number.missing == truth.missing)
        for within in (0, 2):
            quick = _measured(name, counts, melds, limits, within=within)
            if truth is not None and truth.missing <= within:
                assert quick == truth
            else:
                assert quick is None or quick.missing > within
        checked += truth is not None
    assert checked >= 25


@pytest.mark.parametrize("name", LISTED)
def test_a_listed_shape_s_near_search_finds_the_listed_hands(name: str) -> None:
    """Every listed hand within the budget, and nothing else, for near misses."""
    shape, options = SPECIAL_SHAPES[name], _options(name)
    for counts, melds, limits in list(_hands(name, _members(name), 15))[:9:3]:
        rows = _listed(name).get(key_of(counts, melds)[1], np.zeros((0, 34), dtype=np.int16))
        rows = rows[(rows <= np.array(limits)).all(axis=1)]
        missing = np.maximum(rows - np.array(counts, dtype=np.int16), 0).sum(axis=1)
        for budget in (1, 3):
            truth = {tuple(int(n) for n in row) for row in rows[missing <= budget]}
            assert set(special_near(shape, counts, melds, options, limits, budget)) == truth, (name, counts, budget)


# --- the truth for a sampled shape: CP-SAT on the pattern ---------------------------------------------------------
Alternative = tuple[dict[int, int], object]  # (standing tiles, the place a declared meld of it fills)
Class = tuple[list[Alternative], int]         # (alternatives, how many to choose)


def _pungs(kinds: Sequence[int]) -> list[Alternative]:
    return [({k: 3}, k) for k in kinds]


def _fixed(tiles: dict[int, int]) -> Class:
    return [(tiles, None)], 1


def _pairs(kinds: Sequence[int]) -> list[Alternative]:
    return [({k: 2}, None) for k in kinds]


def _tiles(group: Sequence[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for k in group:
        out[k] = out.get(k, 0) + 1
    return out


_MIXED: list[Alternative] = [(_tiles(chow), None) for chow in MIXED]
_MODELS: dict[str, list[list[Class]]] = {
    # Thompson & Maloney 1997, p. 22: seven pairs of one suit and the honours (a kind twice at most)
    "tm_all_pair": [[(_pairs([*range(s, s + 9), *WINDS, *DRAGONS]), 7)] for s in SUITS],
    # p. 16: four mixed chows and a mixed pair
    "tm_crazy_chows": [[(_MIXED, 4), ([(_tiles(pair), None) for pair in MIXED_PAIRS], 1)]],
    # p. 19: three mixed chows, the three dragons, a pair of one wind
    "tm_professors": [[(_MIXED, 3), _fixed(dict.fromkeys(DRAGONS, 1)), (_pairs(WINDS), 1)]],
    # pp. 19, 33: white dragons (a place), a pair of green dragons, three mixed chows
    "tm_apple_blossom": [[(_MIXED, 3), ([({WHITE: 3}, WHITE)], 1), _fixed({GREEN: 2})]],
    # pp. 28-29: a pung or kong of each suit, E S W N and one of them again
    "tm_windvane": [[*((_pungs(range(s, s + 9)), 1) for s in SUITS), _fixed(dict.fromkeys(WINDS, 1)),
                     ([({w: 1}, None) for w in WINDS], 1)]],
    # p. 31: a pung or kong of each suit, a pair of one suit, the three dragons
    "tm_dragonfly": [[*((_pungs(range(s, s + 9)), 1) for s in SUITS), (_pairs(range(27)), 1),
                      _fixed(dict.fromkeys(DRAGONS, 1))]],
    # p. 15: a chow of each suit (a place: declared chows), a pair of one suit, a mixed chow
    "tm_three_philosophers": [[*(([({s + r: 1, s + r + 1: 1, s + r + 2: 1}, ("chow", s + r)) for r in range(7)], 1)
                                 for s in SUITS), (_pairs(range(27)), 1), (_MIXED, 1)]],
}


def _place(meld: Meld) -> object:
    return ("chow", meld.first.index) if meld.kind is MeldKind.CHOW else meld.first.index


def _fill(classes: list[Class], melds: Sequence[Meld]) -> list[Class] | None:
    """The classes left to choose from the standing tiles once each meld fills its place."""
    needs = [need for _, need in classes]
    for meld in melds:
        home = [i for i, (alternatives, _) in enumerate(classes) if any(p == _place(meld) for _, p in alternatives)]
        if len(home) != 1 or needs[home[0]] == 0:
            return None
        needs[home[0]] -= 1
    return [(alternatives, need) for (alternatives, _), need in zip(classes, needs, strict=True)]


def _cpsat(name: str, counts: Counts, melds: tuple[Meld, ...], limits: Sequence[int]) -> int | None:
    """The fewest tiles a complete hand of the pattern holds beyond *counts* (None: none)."""
    best = None
    for classes in _MODELS[name]:
        filled = _fill(classes, melds)
        if filled is None:
            continue
        model = cp_model.CpModel()
        totals: list[list[tuple[int, cp_model.IntVar]]] = [[] for _ in range(34)]
        for c, (alternatives, need) in enumerate(filled):
            chosen = [model.NewIntVar(0, need, f"x{c}_{a}") for a in range(len(alternatives))]
            model.Add(sum(chosen) == need)
            for (tiles, _), x in zip(alternatives, chosen, strict=True):
                for k, n in tiles.items():
                    totals[k].append((n, x))
        kept = []
        for k in range(34):
            if not totals[k]:
                continue
            total = sum(n * x for n, x in totals[k])
            model.Add(total <= limits[k])
            keep = model.NewIntVar(0, counts[k], f"o{k}")
            model.Add(keep <= total)
            kept.append(keep)
        model.Maximize(sum(kept))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if solver.Solve(model) == cp_model.OPTIMAL:
            missing = 14 - 3 * len(melds) - round(solver.ObjectiveValue())
            best = missing if best is None else min(best, missing)
    return best


@pytest.mark.parametrize("name", MODELLED)
def test_a_sampled_shape_s_distance_is_the_cpsat_optimum(name: str) -> None:
    members = _members(name)
    assert all(_measured(name, c, m, [4 - n for n in _meld_copies(m)]) == Distance(0, frozenset())
               for c, m in members[:20])
    checked = 0
    for counts, melds, limits in _hands(name, members, 14):
        truth = _cpsat(name, counts, melds, limits)
        found = _measured(name, counts, melds, limits)
        assert (found is None and truth is None) or (found is not None and found.missing == truth), \
            (name, counts, melds, limits, found, truth)
        checked += truth is not None
    assert checked >= 8


@pytest.mark.parametrize("name", MODELLED)
def test_a_sampled_shape_s_useful_tiles_are_those_that_bring_it_nearer(name: str) -> None:
    """One near miss, every kind: useful exactly when one more of it lowers the CP-SAT optimum."""
    rng = _rng(name, "useful")
    counts, melds = rng.choice(_members(name))
    grown = list(counts)
    for _ in range(2):
        _exchange(rng, grown, melds, range(34))
    grown[rng.choice([k for k in range(34) if grown[k]])] -= 1
    limits = [4 - n for n in _meld_copies(melds)]
    found = _measured(name, tuple(grown), melds, limits)
    assert found is not None and found.missing == _cpsat(name, tuple(grown), melds, limits)
    useful = set()
    for k in range(34):
        if grown[k] < limits[k]:
            grown[k] += 1
            if _cpsat(name, tuple(grown), melds, limits) == found.missing - 1:
                useful.add(k)
            grown[k] -= 1
    assert found.useful == frozenset(useful), name


@pytest.mark.parametrize("name", ["tm_crazy_chows", "tm_windvane", "tm_three_philosophers"])
def test_a_sampled_shape_s_near_search_equals_the_search_without_a_distance(name: str) -> None:
    """The hands the shape lists itself (``near``), those the search guided by its distance finds
    and those the blind search (every added multiset, read by the recogniser) finds are the same."""
    shape, options = SPECIAL_SHAPES[name], _options(name)
    guided_only, blind = replace(shape, near=None), replace(shape, near=None, distance=None)
    rng = _rng(name, "near")
    for _ in range(1 if name == "tm_three_philosophers" else 2):
        counts, melds = rng.choice(_members(name))
        grown = list(counts)
        _exchange(rng, grown, melds, range(34))
        grown[rng.choice([k for k in range(34) if grown[k]])] -= 1
        limits = tuple(4 - n for n in _meld_copies(melds))
        for budget in (1, 2):
            guided = set(special_near(shape, tuple(grown), melds, options, limits, budget))
            assert guided == set(special_near(blind, tuple(grown), melds, options, limits, budget)), (name, grown)
            assert guided == set(special_near(guided_only, tuple(grown), melds, options, limits, budget))
        assert guided  # one exchange and one tile fewer: at most two tiles away


# --- the families themselves -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", [n for n in FAMILIES if n not in ("tm_crazy_chows", "tm_three_philosophers")])
def test_every_hand_of_a_family_has_its_shape(name: str) -> None:
    """Each family's hands (without melds, and with the melds of a few listed or sampled hands)
    are the shape's: every one recognised (a sample; of the first 3,000 of each product where the
    oracle does not list them all), and where it does, exactly its list."""
    shape, options = SPECIAL_SHAPES[name], _options(name)
    family = FAMILIES[name]()
    listed = SPECS[name].complete
    hands = {h for item in family.products for h in islice(expand(Family((item,))), None if listed else 3000)
             if max(h) <= 4}
    sample = random.Random(len(hands)).sample(sorted(hands), min(150, len(hands)))
    assert all(shape.groupings(ShapeInput(h, (), options, decompose)) for h in sample), name
    if listed:
        assert hands == {tuple(c) for c, m in SPECS[name].instances(random.Random(0)) if not m}
    for counts, melds in [(c, m) for c, m in _members(name) if m][:5]:
        kongs = name != "tm_dragons_teeth"
        assert counts in set(expand(with_melds(family, melds, kongs=kongs))), (name, melds)
