"""Teaching benchmark: the shanten side by side with its peers, and targets as a ratio to one score.

Run from the repository root::

    python -m benchmarks.teaching            # prints Markdown tables, writes results/teaching.json
    python -m benchmarks.teaching --quick    # a smaller corpus, for a smoke run

Measured in one process, on seeded corpora:

* **shanten** on thirteen-tile hands with melds (``tests/shanten_hand_generator.py``): every form's
  number under ``mcr-mil`` against PyMahjongGB's ``MahjongShanten`` (all forms, no useful tiles); the
  standard form with its useful tiles against ``RegularShanten``; the standard form's number
  alone (the four-copy limit) against the riichi library's regular shanten.  Ours is measured
  twice: cold (every cache cleared before each hand) and warm (the per-suit caches as a session
  keeps them, filled by another corpus of the same size; the per-hand cache cleared before each
  hand, so no hand is answered from memory);
* **shanten under the classical catalogues** (``thompson-maloney``, ``club-rules``: 36 and 16
  forms, most of them special shapes measured from their families of complete hands), no peer:
  every form with its useful tiles for thirteen tiles, and the discard table for fourteen (the
  thirteen and one more tile), median µs per hand (the per-hand caches cleared before each hand);
* **targets** from the ready thirteen-tile hands of ``tests/mcr_hand_generator.py`` (a winning hand
  less its winning tile) under ``mcr``, ``bmja``, ``thompson-maloney`` and ``club-rules``: depth 1
  and 2 per hand, as a ratio to one ``score`` call of the complete hand under the same profile,
  with the complete hands found (``candidates``) and scorings made; depth 3 on fewer hands, with
  its cost;
* the candidate enumeration alone, ``fast`` against the CP-SAT model, at depth 2 (the reason
  ``fast`` is the default).

Ratios are measured in the same run: machines are noisy, ratios less so.  Nothing here is a test.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks._common import corpus, results_folder, timed, write_json
from mahjong_arbiter.hand import Context, Hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.model import Profile
from mahjong_arbiter.scoring import score
from mahjong_arbiter.solver import distance as distances
from mahjong_arbiter.solver import suited_groups
from mahjong_arbiter.solver.distance import copy_limits, standard_distance
from mahjong_arbiter.solver.near import near_complete
from mahjong_arbiter.solver.shanten import form_distances
from mahjong_arbiter.teaching.policy import chow_room, profile_limits, profile_shapes
from mahjong_arbiter.teaching.shanten import shanten_report
from mahjong_arbiter.teaching.targets import find_targets
from mahjong_arbiter.tiles import Tile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from shanten_hand_generator import peer_hand, peer_packs, thirteen_tile_hands  # noqa: E402

SEED = 20261201


def _clear() -> None:
    """Empty every cache of the distances (the shipped table stays loaded)."""
    for name in ("_tabled", "_exact", "_exact_honours", "_bounds", "_standard"):
        getattr(distances, name).cache_clear()
    suited_groups._nearest.cache_clear()


def _riichi_34(hand: Hand) -> list[int]:
    """The standing tiles in the riichi library's 34 order (its dragons are white, green, red)."""
    dragons = {Tile.of("C").index: 33, Tile.of("F").index: 32, Tile.of("P").index: 31}
    counts = [0] * 34
    for t in hand.concealed:
        counts[dragons.get(t.index, t.index)] += 1
    return counts


def _median(samples: list[float]) -> float:
    return round(statistics.median(samples), 1)


def bench_shanten(hands: list[Hand], warm_up: list[Hand]) -> list[dict[str, Any]]:
    import MahjongGB
    from mahjong.shanten import Shanten

    mil = load_profile("mcr-mil")
    shapes = profile_shapes(mil)

    def ours_all(h: Hand) -> object:
        return form_distances(h.standing_counts, h.melds, shapes, profile_limits(mil, h.melds), useful=False)

    def ours_standard(h: Hand) -> object:
        return standard_distance(h.standing_counts, 4 - len(h.melds), None)

    def ours_number(h: Hand) -> object:
        return standard_distance(h.standing_counts, 4 - len(h.melds), copy_limits(()), useful=False)

    peer_args = {id(h): (peer_packs(h), peer_hand(h)) for h in hands}
    riichi = {id(h): _riichi_34(h) for h in hands}
    pairs: list[tuple[str, Callable[[Hand], object], str, Callable[[Hand], object]]] = [
        ("every form's number, mcr-mil", ours_all, "PyMahjongGB MahjongShanten",
         lambda h: MahjongGB.MahjongShanten(*peer_args[id(h)])),
        ("standard + useful, mcr-mil", ours_standard, "PyMahjongGB RegularShanten",
         lambda h: MahjongGB.RegularShanten(peer_args[id(h)][1])),
        ("standard number, four copies", ours_number, "riichi regular shanten",
         lambda h: Shanten.calculate_shanten_for_regular_hand(riichi[id(h)])),
    ]
    rows = []
    for name, ours, peer_name, peer in pairs:
        cold = timed(hands, ours, before=_clear)
        for hand in warm_up:
            ours(hand)
        warm = timed(hands, ours, before=distances._standard.cache_clear, warm=0)
        theirs = timed(hands, peer)
        rows.append({
            "ours": name, "peer": peer_name, "hands": len(hands),
            "ours_cold_median_us": _median(cold), "ours_warm_median_us": _median(warm),
            "peer_median_us": _median(theirs),
            "ratio_cold": round(statistics.median(cold) / statistics.median(theirs), 2),
            "ratio_warm": round(statistics.median(warm) / statistics.median(theirs), 2),
        })
    return rows


CATALOGUES = ("thompson-maloney", "club-rules")
PROFILES = ("mcr", "bmja", *CATALOGUES)


def bench_catalogue_shanten(hands: list[Hand]) -> list[dict[str, Any]]:
    """Every form with its useful tiles (thirteen tiles) and the discard table (fourteen) under the
    classical catalogues; caches cleared before each hand, so none is answered from memory."""
    fourteen = [Hand(h.concealed + (h.concealed[0],), h.melds, h.concealed[0]) for h in hands
                if h.all_tiles.count(h.concealed[0]) < 4]
    rows = []
    for profile_id in CATALOGUES:
        profile = load_profile(profile_id)
        forms = 1 + len(profile_shapes(profile).special_shapes())
        def measure(hand: Hand, profile: Profile = profile) -> object:
            return shanten_report(hand, profile)

        thirteen = timed(hands, measure, before=_clear, warm=20)
        table = timed(fourteen, measure, before=_clear, warm=5)
        rows.append({"profile": profile_id, "forms": forms, "hands": len(hands),
                     "thirteen_median_us": _median(thirteen), "fourteen_hands": len(fourteen),
                     "fourteen_median_us": _median(table)})
    return rows


def _ready_hands(n: int) -> list[tuple[Hand, Hand, Context]]:
    """(thirteen tiles, the complete hand, its context) from the winning-hand generator."""
    out = []
    for generated in corpus(SEED, n):
        out.append((generated.hand.without_winning_tile(), generated.hand, generated.context))
    return out


def bench_targets(ready: list[tuple[Hand, Hand, Context]], depths: Sequence[int], profile_id: str) -> dict[str, Any]:
    profile = load_profile(profile_id)
    one_score = []
    for _, complete, context in ready:
        start = time.perf_counter()
        with contextlib.suppress(ValueError):  # a hand BMJA does not let win still costs its scoring
            score(complete, context, profile)
        one_score.append((time.perf_counter() - start) * 1e6)
    report: dict[str, Any] = {"profile": profile_id, "hands": len(ready), "score_median_us": _median(one_score)}
    for depth in depths:
        samples, candidates, scored, found = [], [], [], []
        for thirteen, _, context in ready:
            start = time.perf_counter()
            result = find_targets(thirteen, context, profile, depth=depth)
            samples.append((time.perf_counter() - start) * 1e6)
            candidates.append(result.candidates)
            scored.append(result.scored)
            found.append(len(result.targets))
        report[f"depth_{depth}"] = {
            "median_us": _median(samples),
            "ratio_to_score": round(statistics.median(samples) / statistics.median(one_score), 1),
            "mean_candidates": round(statistics.mean(candidates), 1),
            "mean_scorings": round(statistics.mean(scored), 1),
            "mean_targets": round(statistics.mean(found), 1),
            "max_ms": round(max(samples) / 1000, 1),
        }
    return report


def bench_search(ready: list[tuple[Hand, Hand, Context]], depth: int) -> dict[str, Any]:
    profile = load_profile("mcr")
    shapes = profile_shapes(profile)
    timings: dict[str, list[float]] = {"fast": [], "cpsat": []}
    for thirteen, _, _ in ready:
        limits = copy_limits(thirteen.melds)
        assert limits is not None
        for backend in timings:
            start = time.perf_counter()
            near_complete(thirteen.standing_counts, thirteen.melds, shapes, limits, depth,
                          max_chows=chow_room(profile, thirteen.melds), backend=backend)
            timings[backend].append((time.perf_counter() - start) * 1e6)
    return {"depth": depth, "hands": len(ready),
            **{f"{name}_median_us": _median(samples) for name, samples in timings.items()},
            "cpsat_over_fast": round(statistics.median(timings["cpsat"]) / statistics.median(timings["fast"]), 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, prog="python -m benchmarks.teaching", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a smaller corpus, for a smoke run")
    args = parser.parse_args(argv)
    sizes = (300, 40, 8, 10, 30) if args.quick else (3000, 200, 30, 40, 300)
    shanten_hands, target_hands, deep_hands, search_hands, catalogue_hands = sizes
    report: dict[str, Any] = {"seed": SEED, "quick": args.quick}
    report["shanten"] = bench_shanten(thirteen_tile_hands(SEED, shanten_hands),
                                      thirteen_tile_hands(SEED + 1, shanten_hands))
    report["catalogue_shanten"] = bench_catalogue_shanten(thirteen_tile_hands(SEED, catalogue_hands))
    ready = _ready_hands(target_hands)
    report["targets"] = [bench_targets(ready, (1, 2), p) for p in PROFILES]
    report["targets_depth_3"] = [bench_targets(ready[:deep_hands], (3,), p) for p in PROFILES]
    report["search"] = bench_search(ready[:search_hands], 2)
    path = write_json("teaching", report, results_folder(args.quick))

    print("| ours | µs cold | µs warm | peer | µs | ratio cold | ratio warm |")
    print("|---|---:|---:|---|---:|---:|---:|")
    for row in report["shanten"]:
        print(f"| {row['ours']} | {row['ours_cold_median_us']} | {row['ours_warm_median_us']} | {row['peer']} | "
              f"{row['peer_median_us']} | {row['ratio_cold']} | {row['ratio_warm']} |")
    print()
    print("| profile | forms | thirteen tiles µs | fourteen tiles (discard table) µs |")
    print("|---|---:|---:|---:|")
    for row in report["catalogue_shanten"]:
        print(f"| {row['profile']} | {row['forms']} | {row['thirteen_median_us']} | {row['fourteen_median_us']} |")
    print()
    print("| profile | depth | µs per hand | x one score | complete hands found | scorings | targets | worst ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for block in report["targets"] + report["targets_depth_3"]:
        for key, row in block.items():
            if key.startswith("depth_"):
                print(f"| {block['profile']} | {key[6:]} | {row['median_us']} | {row['ratio_to_score']} | "
                      f"{row['mean_candidates']} | {row['mean_scorings']} | {row['mean_targets']} | {row['max_ms']} |")
    search = report["search"]
    print()
    print(f"candidates at depth {search['depth']}: fast {search['fast_median_us']} µs, CP-SAT "
          f"{search['cpsat_median_us']} µs per hand ({search['cpsat_over_fast']}x)")
    print(f"\nwritten to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
