"""The ``shanten`` and ``targets`` commands and the shanten line of ``waits --discards``: JSON,
text, batches and exit statuses (0 done, 1 no target within reach, 2 bad input).  The numbers are
the hand-worked ones of tests/test_shanten.py and tests/test_targets.py."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.cli import main
from mahjong_arbiter.solver.reading import Group
from mahjong_arbiter.solver.shapes import ShapeInput, SpecialShape, register_special_shape, unregister_special_shape
from mahjong_arbiter.tiles import Tile


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    status = main([*argv, "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_shanten_json_for_thirteen_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "shanten", "123m456p789s11pEW", "--profile", "mcr", "--seen", "EE")
    assert status == 0 and out["shanten"] == 1 and out["tiles"] == 13 and out["exact"] is True
    assert out["useful"] == [{"tile": "1p", "unseen": 2}, {"tile": "E", "unseen": 1}, {"tile": "W", "unseen": 3}]
    assert out["unseen"] == 6 and out["forms"]["standard"]["shanten"] == 1
    assert set(out["forms"]) == {"standard", "seven_pairs", "thirteen_orphans", "knitted_straight", "honours_knitted"}


def test_shanten_json_for_fourteen_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "shanten", "123m456p789s11pEWN", "--profile", "mcr")
    assert status == 0 and out["tiles"] == 14 and "useful" not in out
    assert [(d["discard"], d["shanten"], d["unseen"]) for d in out["discards"][:3]] == \
        [("E", 1, 8), ("W", 1, 8), ("N", 1, 8)]


def test_shanten_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["shanten", "114477m225588pN", "--profile", "hk-old-style-seven-pairs", "--ascii"]) == 0
    text = capsys.readouterr().out
    assert "shanten 0 under hk-old-style-seven-pairs: ready" in text
    assert "useful tiles: N(3); 3 unseen copies" in text


def test_the_held_out_example_under_both_readings(capsys: pytest.CaptureFixture[str]) -> None:
    _, helper = run_json(capsys, "shanten", "123456789mEEEE", "--profile", "mcr-mil")
    _, green = run_json(capsys, "shanten", "123456789mEEEE", "--profile", "mcr")
    assert helper["forms"]["standard"]["shanten"] == 0 and helper["useful"] == [{"tile": "E", "unseen": 0}]
    assert green["forms"]["standard"]["shanten"] == 1


@pytest.mark.parametrize("argv", [
    ["shanten", "123m456p789s11pE"],                                 # 12 tiles
    ["shanten", "123m456p789s11pEW", "--seen", "EEEE"],              # a fifth East
    ["shanten", "123m456p789s11pEW", "--profile", "nonesuch"],
    ["targets", "123m456p789s11pEW", "--depth", "4"],
    ["targets", "123m456p789s11pEW", "--depth", "two"],
    ["targets", "123m456p789s11pEW", "--top", "0"],
    # --at-least nan was taken and ignored, inf accepted (a filter nothing passes)
    *(["targets", "123m456p789s11pEW", "--at-least", bad] for bad in ("nan", "inf", "1e400", "-1", "eight")),
])
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err


def test_shanten_batch_goes_on_past_a_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1p", "1p", "E", "W"]
    lines = [
        {"id": "a", "concealed": hand, "winning_tile": None, "seen": ["E", "E"]},
        {"id": "b", "concealed": hand, "winning_tile": None, "seen": ["E", "E", "E", "E"]},
        {"id": "c", "concealed": hand, "winning_tile": None, "seen": "EE"},
    ]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    assert main(["shanten", "--input", str(path), "--profile", "mcr"]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["id"] for o in out] == ["a", "b", "c"]
    assert out[0]["unseen"] == 6 and out[1]["error"]["code"] == "fifth_copy" and out[2]["error"]["code"] == "bad_seen"


def test_targets_json_and_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "targets", "12345m99mEEESS5p", "--profile", "mcr", "--top", "2")
    assert status == 0 and out["depth"] == 2 and out["found"] == 4 and len(out["targets"]) == 2
    best = out["targets"][0]
    assert (best["total"], best["draw"], best["give_up"], best["winning_tile"], best["live_total"]) == \
        (18, ["6m", "9m"], ["5p"], "6m", 6)
    assert best["result"]["total"] == 18 and best["result"]["reading"] is not None
    status, out = run_json(capsys, "targets", "12345m99mEEESS5p", "--profile", "mcr", "--depth", "1")
    assert status == 1 and out["targets"] == [] and out["found"] == 0


def test_targets_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["targets", "19m19p19sESWNCF5p", "--profile", "bmja", "--ascii", "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert "targets under bmja within 2 new tiles: 13" in text
    assert "1000 points  1m P" in text and "Thirteen Unique Wonders" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "1123345678999m2m", "--self-drawn"],
        ["explain", "1123345678999m2m", "--self-drawn"],
        ["targets", "1123345678999m", "--depth", "1"],
    ],
)
def test_one_of_two_equal_chows_is_marked_as_won(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # 11233m..., won on 2m: 1m2m3m 1m2m3m 4m5m6m 7m8m9m 9m9m, the 2m completed one chow, not both
    assert main([*argv, "--profile", "codification", "--ascii"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "closed wait on 2m" in x)
    assert "1m2m3m* 1m2m3m " in line and line.count("*") == 1


def test_waits_discards_gains_the_shanten(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json(capsys, "waits", "123m456p789s11pEWN", "--profile", "mcr", "--discards")
    assert status == 1 and out["shanten"] == 1  # no discard leaves it ready: 1 from ready at best
    assert {d["discard"]: d["shanten"] for d in out["discards"]}["N"] == 1
    assert main(["waits", "123m456m789m11pEEE", "--profile", "mcr", "--discards", "--ascii"]) == 0
    assert "shanten under mcr: -1 (complete)" in capsys.readouterr().out


def test_a_rulebook_example_links_to_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "mcr", "pure straight"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "reach it:" in x)
    command = line.split("reach it: mahjong-arbiter ", 1)[1].replace("'", "").split()
    assert command[:2] == ["targets", "123456789m123p5s"]
    status, out = run_json(capsys, *command, "--top", "1000")
    assert status == 0 and any(t["draw"] == ["5s"] and t["give_up"] == [] for t in out["targets"])


@pytest.mark.parametrize(
    ("profile", "rule", "rule_id"),
    [
        ("mcr", "seat wind", "mcr.seat-wind"),  # seat South: --seat S
        ("mcr", "concealed hand", "mcr.concealed-hand"),  # won on a discard: no command can show it
        ("hk-old-style", "own flower", "hk.own-flower"),  # {f1}: --flowers f1
        ("hk-old-style", "win on a kong's replacement", "hk.kong-replacement"),  # --kong --self-drawn
        ("bmja", "all winds and dragons", "score.limit.all-honours"),  # ties at the limit: --top
    ],
)
def test_every_reach_it_command_shows_its_rule_or_says_it_cannot(
    profile: str, rule: str, rule_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", profile, rule]) == 0
    lines = [x.split("reach it: ", 1)[1] for x in capsys.readouterr().out.splitlines() if "reach it: " in x]
    assert lines
    for line in lines:
        if line.startswith("no targets command shows "):
            continue
        command = shlex.split(line)
        assert command[:2] == ["mahjong-arbiter", "targets"]
        status, out = run_json(capsys, *command[1:])
        shown = [{i["id"] for i in t["result"]["items"]} | {s["id"] for s in t["result"]["suppressed"]}
                 for t in out["targets"]]
        assert status == 0 and any(rule_id in ids for ids in shown), line


def test_the_readme_pure_straight_example_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if "Pure Straight" in x and x.startswith("mahjong-arbiter targets"))
    status, out = run_json(capsys, *shlex.split(line.split("#", 1)[0])[1:])
    assert status == 0 and any("mcr.pure-straight" in {i["id"] for i in t["result"]["items"]} for t in out["targets"])


def test_the_classical_catalogues_are_measured_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """Under thompson-maloney every special shape has its own distance, so the shanten is exact:
    123m 456p 789s 11p E W is two exchanges from ready for Windy Chow (Thompson & Maloney 1997,
    p. 18: the three chows are there, South, North and a second wind are missing) and for Three
    Philosophers (p. 15: a chow of each suit and the pair 11p are there, a mixed chow is not),
    nearer than the standard form (5: one chow at most, as in BMJA).  The special hands of chows
    (Run, Pung and Pair, ...) have no distance function: beyond ready they are a lower bound, the
    distance to any four sets and a pair (one tile, E or W, from 123m 456p 789s 11p and a pung),
    so the shanten is 1 at least and 2 at most."""
    status, out = run_json(capsys, "shanten", "123m456p789s11pEW", "--profile", "thompson-maloney")
    assert status == 0 and out["exact"] is False and (out["shanten"], out["at_most"]) == (1, 2)
    assert [name for name, form in out["forms"].items() if not form["exact"]] == ["special_hands_of_chows"]
    assert out["forms"]["special_hands_of_chows"]["shanten"] == 1
    assert out["forms"]["tm_windy_chow"]["shanten"] == out["forms"]["tm_three_philosophers"]["shanten"] == 2
    assert out["forms"]["standard"]["shanten"] == 5
    assert [u["tile"] for u in out["forms"]["tm_windy_chow"]["useful"]] == ["E", "S", "W", "N"]
    assert main(["shanten", "123m456p789s11pEW", "--profile", "thompson-maloney", "--ascii"]) == 0
    assert "shanten at least 1 and at most 2 under thompson-maloney" in capsys.readouterr().out


def _honour_pairs(shape_input: ShapeInput) -> list[tuple[Group, ...]]:
    counts = shape_input.counts
    if shape_input.melds or any(counts[k] != 2 for k in range(27, 34)) or sum(counts) != 14:
        return []
    return [tuple(Group.pair(Tile.at(k)) for k in range(27, 34))]


def test_a_shape_without_a_distance_gives_a_range(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A house profile's shape registered with a recogniser only is measured up to ready: for
    EESSWWNNCC 1m2m3m (two tiles short of seven honour pairs) the shanten is at least 1, and at
    most the least exact form, 2: BMJA's standard form (the chow 123m, pungs of three of the pairs,
    a fourth pair: three tiles short) and All Pair Honours (five pairs and 1m: three short)."""
    register_special_shape(SpecialShape("test_honour_pairs", "seven honour pairs", "test", _honour_pairs))
    try:
        house = tmp_path / "house.toml"
        house.write_text('id = "honour-pairs-house"\nextends = "bmja"\n\n[shapes]\nspecial = ["thirteen_orphans", '
                         '"classical_all_pair_honours", "test_honour_pairs"]\n')
        status, out = run_json(capsys, "shanten", "EESSWWNNCC1m2m3m", "--profile", str(house))
        assert status == 0 and out["exact"] is False and (out["shanten"], out["at_most"]) == (1, 2)
        assert out["forms"]["test_honour_pairs"] == {"shanten": 1, "exact": False, "useful": []}
        assert main(["shanten", "EESSWWNNCC1m2m3m", "--profile", str(house), "--ascii"]) == 0
        assert "shanten at least 1 and at most 2 under honour-pairs-house" in capsys.readouterr().out
    finally:
        unregister_special_shape("test_honour_pairs")
