"""Golden Readings and waits (tests/fixtures/solver/readings.toml, each worked out by hand), run on
every backend, plus the API's edges: errors, lazy imports, shape registration."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.errors import ArbiterError, HandError
from mahjong_arbiter.hand import Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.solver import (
    BACKENDS,
    DEFAULT_SHAPES,
    ShapeOptions,
    decomposition_count,
    reading_problems,
    readings,
    waits,
    why_not_complete,
)
from mahjong_arbiter.solver.reading import Group, Reading
from mahjong_arbiter.solver.shapes import SPECIAL_SHAPES, SpecialShape, register_special_shape
from mahjong_arbiter.tiles import Tile

FIXTURES = tomllib.loads((Path(__file__).parent / "fixtures" / "solver" / "readings.toml").read_text())


def group_token(group: Group) -> str:
    """A group as the fixtures write it: tile runs, "[...]" exposed declared, "<...>" concealed kong."""
    runs: list[str] = []
    suit = ""
    for tile in group.tiles:
        if tile.is_suited:
            if tile.suit != suit and suit:
                runs.append(suit)
            runs.append(str(tile.rank))
            suit = tile.suit
        else:
            if suit:
                runs.append(suit)
            runs.append(tile.token)
            suit = ""
    text = "".join(runs) + suit
    if group.declared:
        return f"<{text}>" if group.concealed else f"[{text}]"
    return text


def reading_text(reading: Reading) -> tuple[str, list[str], str, str]:
    return (reading.shape, sorted(group_token(g) for g in reading.groups), group_token(reading.winning),
            reading.wait.value)


def expected_text(line: str) -> tuple[str, list[str], str, str]:
    shape, _, rest = line.partition(": ")
    groups, _, placement = rest.partition(" | ")
    winning, wait = placement.rsplit(" ", 1)
    return shape, sorted(groups.split()), winning, wait


def shapes_of(case: dict[str, Any]) -> ShapeOptions:
    return ShapeOptions(
        special=frozenset(case.get("special", DEFAULT_SHAPES.special)),
        seven_pairs_four_of_a_kind=case.get("seven_pairs_four_of_a_kind", True),
    )


def hand_of(case: dict[str, Any], *, complete: bool) -> Hand:
    return parse_hand(case["hand"], win=case.get("win"), complete=complete).hand


READING_CASES = [pytest.param(case, backend, id=f"{case['id']}-{backend}")
                 for case in FIXTURES["readings"] for backend in BACKENDS]
WAIT_CASES = [pytest.param(case, backend, id=f"{case['id']}-{backend}")
              for case in FIXTURES["waits"] for backend in BACKENDS]


@pytest.mark.parametrize(("case", "backend"), READING_CASES)
def test_golden_readings(case: dict[str, Any], backend: str) -> None:
    hand = hand_of(case, complete=True)
    shapes = shapes_of(case)
    self_drawn = case.get("self_drawn", False)
    found = readings(hand, self_drawn=self_drawn, backend=backend, shapes=shapes)
    assert sorted(map(reading_text, found)) == sorted(map(expected_text, case["readings"]))
    assert decomposition_count(hand, backend=backend) == case["decompositions"]
    for reading in found:
        assert reading_problems(reading, hand, self_drawn=self_drawn, shapes=shapes) == []
        if "winning_concealed" in case:
            assert reading.winning.concealed is case["winning_concealed"]
    if "why_not" in case:
        assert case["why_not"] in (why_not_complete(hand, shapes=shapes) or "")


@pytest.mark.parametrize(("case", "backend"), WAIT_CASES)
def test_golden_waits(case: dict[str, Any], backend: str) -> None:
    hand13 = hand_of(case, complete=False)
    found = waits(hand13, backend=backend)
    assert [t.token for t in found.tiles] == case["tiles"]
    assert [t.token for t in found.held_out] == case["held_out"]
    for tile in found.tiles:
        completed = hand13.with_tile(tile)
        assert list(found.by_tile[tile]) == readings(completed, backend=backend)
    assert found.to_dict()["held_out"] == case["held_out"]


def test_readings_are_sorted_and_distinct() -> None:
    hand = parse_hand("111222333m456p77s", win="2m").hand
    found = readings(hand)
    assert found == sorted(set(found), key=Reading.sort_key)


def test_complete_hand_has_no_reason() -> None:
    assert why_not_complete(parse_hand("111222333m456p77s").hand) is None


def test_thirteen_tiles_is_not_complete() -> None:
    hand13 = parse_hand("1112345678999m").hand
    assert "without a winning tile" in (why_not_complete(hand13) or "")
    with pytest.raises(HandError, match="winning tile"):
        readings(hand13)


def test_waits_needs_thirteen_tiles() -> None:
    with pytest.raises(HandError, match="thirteen"):
        waits(parse_hand("111222333m456p77s").hand)


def test_unknown_backend_and_shape() -> None:
    hand = parse_hand("111222333m456p77s").hand
    with pytest.raises(ArbiterError, match="unknown backend"):
        readings(hand, backend="abacus")
    with pytest.raises(ArbiterError, match="unknown special shape"):
        readings(hand, shapes=ShapeOptions(special=frozenset({"dragon_dance"})))


def test_standard_shape_can_be_switched_off() -> None:
    hand = parse_hand("112233m445566p77s").hand
    found = readings(hand, shapes=ShapeOptions(standard=False))
    assert [r.shape for r in found] == ["seven_pairs"]


def test_a_registered_shape_is_found_and_validated() -> None:
    def all_honour_pairs(shape_input: Any) -> list[tuple[Group, ...]]:
        pairs = [Group.pair(Tile.at(i)) for i, n in enumerate(shape_input.counts) if n == 2 and i >= 27]
        return [tuple(pairs)] if len(pairs) == 7 and not shape_input.melds else []

    register_special_shape(SpecialShape("test_honour_pairs", "seven honour pairs", "test", all_honour_pairs))
    try:
        hand = parse_hand("EESSWWNNCCFFPP").hand
        shapes = ShapeOptions(special=frozenset({"test_honour_pairs"}))
        found = readings(hand, shapes=shapes)
        assert [(r.shape, r.wait.value) for r in found] == [("test_honour_pairs", "single")]
        assert reading_problems(found[0], hand, shapes=shapes) == []
        with pytest.raises(ValueError, match="already registered"):
            register_special_shape(SPECIAL_SHAPES["test_honour_pairs"])
    finally:
        del SPECIAL_SHAPES["test_honour_pairs"]


def test_importing_the_solver_does_not_import_ortools() -> None:
    code = ("import sys; import mahjong_arbiter.solver as s; from mahjong_arbiter.notation import parse_hand; "
            "s.readings(parse_hand('111222333m456p77s').hand); s.waits(parse_hand('1112345678999m').hand); "
            "print(sorted(m for m in ('ortools', 'constraint', 'networkx') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_splits_among_readings_equal_the_decomposition_count() -> None:
    # readings --input reports the decompositions from the Readings it read (no second split)
    from mahjong_arbiter.solver.api import decomposition_count, splits_among
    from mcr_hand_generator import corpus

    for g in corpus(2024, 400):
        assert splits_among(readings(g.hand, self_drawn=g.context.self_drawn)) == decomposition_count(g.hand)
