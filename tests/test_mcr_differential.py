"""Differential test: our MCR scores against PyMahjongGB on seeded random winning hands.

`mcr-mil` is the profile meant to agree with the peer (issue 4): totals and fan lists must be
equal on every hand, except the differences listed, with their reasons, in
tests/fixtures/mcr/peer_differences.toml.  `mcr` reads the English Green Book: every hand on
which it differs from the peer must be explained by one of the notes N1-N16 of
shared/rules/mcr-fans.md (the table NOTES below says which fans each note may move and
when).  The agreement rates are printed (run with -s) for the README.

The peer does not validate its input (ENVIRONMENT.md): the generator only builds legal hands with
consistent contexts (tests/mcr_hand_generator.py), and the translation is explicit.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import MahjongGB  # the peer: a test dependency, so a missing one fails the run rather than skipping

from mahjong_arbiter.hand import Context, Hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.model import Profile
from mahjong_arbiter.result import Result
from mahjong_arbiter.scoring import score
from mahjong_arbiter.scoring.common import make_situation, profile_readings, rule_hits
from mahjong_arbiter.selection import select
from mahjong_arbiter.solver.api import waits
from mcr_hand_generator import GeneratedHand, corpus, peer_arguments

SEED = 20240917
HANDS = 2000
ALLOW_LIST = Path(__file__).parent / "fixtures" / "mcr" / "peer_differences.toml"

# The peer's English names that are not ours letter for letter (mcr-mil spells the rest alike).
PEER_NAMES = {"All Five": "mcr.all-fives", "Two Dragons Pungs": "mcr.two-dragon-pungs"}

Fans = Counter[str]


def _norm(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


@cache
def _ids_by_name() -> dict[str, str]:
    ids = {_norm(entry.name): rid for rid, entry in load_profile("mcr-mil").rules.items()}
    ids.update({_norm(name): rid for name, rid in PEER_NAMES.items()})
    return ids


@dataclass(frozen=True)
class PeerScore:
    total: int
    fans: Fans
    values: dict[str, int]


def peer_score(hand: Hand, context: Context) -> PeerScore:
    """The peer's total and fan counts, its names mapped to our ids."""
    fans: Fans = Counter()
    values: dict[str, int] = {}
    total = 0
    for points, count, _zh, english in MahjongGB.MahjongFanCalculator(**peer_arguments(hand, context)):
        rid = _ids_by_name()[_norm(english)]
        fans[rid] += count
        values[rid] = points
        total += points * count
    return PeerScore(total, fans, values)


def our_fans(result: Result) -> Fans:
    return Counter({item.id: item.count for item in result.items})


@cache
def the_corpus() -> tuple[GeneratedHand, ...]:
    return tuple(corpus(SEED, HANDS))


@cache
def peer_scores() -> tuple[PeerScore, ...]:
    return tuple(peer_score(g.hand, g.context) for g in the_corpus())


def reading_fan_lists(hand: Hand, context: Context, profile: Profile) -> list[tuple[int | float, Fans]]:
    """Every Reading's total and fans (what the tie check compares the peer's choice with)."""
    situation = make_situation(hand, context, profile)
    out = []
    for reading in profile_readings(hand, context, profile):
        chosen = select(profile, rule_hits(reading, situation, profile), reading.groups)
        out.append((chosen.total, Counter({i.id: i.count for i in chosen.items})))
    return out


# --- mcr-mil: agree with the peer or be allow-listed -------------------------------------------------------------
def _allowed(kind: str, g: GeneratedHand, result: Result, peer: PeerScore, profile: Profile) -> bool:
    if kind == "tie":
        return result.total == peer.total and any(
            total == peer.total and fans == peer.fans for total, fans in reading_fan_lists(g.hand, g.context, profile)
        )
    raise AssertionError(f"allow-list kind {kind!r} has no check in this test")


def test_allow_list_entries_are_documented() -> None:
    entries = tomllib.loads(ALLOW_LIST.read_text(encoding="utf-8"))["difference"]
    for entry in entries:
        assert entry["reason"].strip() and entry["source"].strip() and entry["kind"], entry["id"]


def test_mcr_mil_agrees_with_pymahjonggb() -> None:
    profile = load_profile("mcr-mil")
    entries = tomllib.loads(ALLOW_LIST.read_text(encoding="utf-8"))["difference"]
    unexplained = []
    used: Counter[str] = Counter()
    for g, peer in zip(the_corpus(), peer_scores(), strict=True):
        result = score(g.hand, g.context, profile)
        if result.total == peer.total and our_fans(result) == peer.fans:
            continue
        reason = next((e["id"] for e in entries if _allowed(e["kind"], g, result, peer, profile)), None)
        if reason is None:
            unexplained.append(_describe(g, result, peer))
        else:
            used[reason] += 1
    agreement = 1 - (sum(used.values()) + len(unexplained)) / HANDS
    print(f"\nmcr-mil vs PyMahjongGB: {HANDS} hands, equal totals and fan lists on {agreement:.2%}; "
          f"allowed differences: {dict(used)}")
    assert not unexplained, "\n".join(unexplained[:20])


def _describe(g: GeneratedHand, result: Result, peer: PeerScore) -> str:
    from mahjong_arbiter.notation import format_hand

    ours = our_fans(result)
    delta = {k: ours[k] - peer.fans[k] for k in sorted(set(ours) | set(peer.fans)) if ours[k] != peer.fans[k]}
    return f"{format_hand(g.hand)} {g.context} ({g.family}): ours {result.total} peer {peer.total} delta {delta}"


# --- mcr: every difference is one of the notes N1-N16 ---------------------------------------------------------------
SPECIAL_FANS = frozenset({
    "mcr.seven-pairs", "mcr.seven-shifted-pairs", "mcr.thirteen-orphans", "mcr.lesser-honors-and-knitted-tiles",
    "mcr.greater-honors-and-knitted-tiles", "mcr.four-concealed-pungs", "mcr.nine-gates",
})


@dataclass(frozen=True)
class Case:
    hand: Hand
    context: Context
    ours: Fans


def _held_out(case: Case) -> bool:
    return bool(waits(case.hand.without_winning_tile()).held_out)


def _own_melds_hold_three(case: Case) -> bool:
    tile = case.hand.winning_tile
    return sum(t is tile for m in case.hand.melds for t in m.tiles) == 3


NOTES: dict[str, tuple[frozenset[str], Callable[[Case], bool]]] = {
    # N1 All Green combines with Half Flush in the Green Book; the MIL reading drops it.
    "N1": (frozenset({"mcr.half-flush", "mcr.one-voided-suit"}), lambda c: "mcr.all-green" in c.ours),
    # N2 Nine Gates: the Green Book bars every terminal pung, the MIL reading one.
    "N2": (frozenset({"mcr.pung-of-terminals-or-honors"}), lambda c: "mcr.nine-gates" in c.ours),
    # N4 Fully Concealed with the self-drawn special hands (3 points more in the Green Book).
    "N4": (frozenset({"mcr.fully-concealed-hand", "mcr.self-drawn"}),
           lambda c: c.context.self_drawn and bool(SPECIAL_FANS & set(c.ours))),
    # N5 All Terminals keeps Double Pung in the Green Book.
    "N5": (frozenset({"mcr.double-pung"}), lambda c: "mcr.all-terminals" in c.ours),
    # N9 what Lesser Honors and Knitted Tiles combines with (All Types; the Knitted Straight inside
    # it, which the MIL reading adds: mcr-fans.md row 34, H column).
    "N9": (frozenset({"mcr.knitted-straight", "mcr.all-types"}),
           lambda c: "mcr.lesser-honors-and-knitted-tiles" in c.ours),
    # N11 Big Three Winds: the Green Book names no exclusion of Pung of Terminals or Honors.
    "N11": (frozenset({"mcr.pung-of-terminals-or-honors"}), lambda c: "mcr.big-three-winds" in c.ours),
    # N12 Out with Replacement Tile with Self-Drawn: the English sentence bars nothing.
    "N12": (frozenset({"mcr.self-drawn"}), lambda c: "mcr.out-with-replacement-tile" in c.ours),
    # N13 kong values: Two Concealed Kongs 8 (MIL 6), one melded + one concealed 6 (MIL 5).
    "N13": (frozenset({"mcr.two-concealed-kongs", "mcr.concealed-kong-and-melded-kong"}), lambda c: True),
    # N14 Last Tile derived from the winner's own melds (MIL) or taken from the caller (Green Book).
    "N14": (frozenset({"mcr.last-tile"}), _own_melds_hold_three),
    # N15 a kind whose four copies are held still counts as a wait in the MIL reading.
    "N15": (frozenset({"mcr.edge-wait", "mcr.closed-wait", "mcr.single-wait"}), _held_out),
}


def explain(case: Case, peer: PeerScore, values: dict[str, int | float]) -> tuple[set[str], set[str]]:
    """The notes that explain the differing fans, and the fans left unexplained."""
    differing = {k for k in set(case.ours) | set(peer.fans) if case.ours[k] != peer.fans[k]}
    differing |= {k for k in case.ours if k in peer.values and values[k] != peer.values[k]}
    notes: set[str] = set()
    left = set()
    for rid in differing:
        found = [note for note, (rules, when) in NOTES.items() if rid in rules and when(case)]
        notes.update(found)
        if not found:
            left.add(rid)
    return notes, left


def test_mcr_differences_from_pymahjonggb_are_the_notes() -> None:
    gb, mil = load_profile("mcr"), load_profile("mcr-mil")
    by_note: Counter[str] = Counter()
    differing = 0
    unexplained = []
    for g, peer in zip(the_corpus(), peer_scores(), strict=True):
        result = score(g.hand, g.context, gb)
        if result.total == peer.total and our_fans(result) == peer.fans:
            continue
        differing += 1
        case = Case(g.hand, g.context, our_fans(result))
        values = {item.id: item.value for item in result.items}
        notes, left = explain(case, peer, values)
        if left:
            # what the MIL reading also does differently from the peer is the allow-list's business
            mil_result = score(g.hand, g.context, mil)
            if mil_result.total == peer.total and _allowed("tie", g, mil_result, peer, mil):
                notes.add("allow-list: tie-between-readings")
                left = set()
        if left:
            unexplained.append(f"{_describe(g, result, peer)}; no note for {sorted(left)}")
        by_note.update(notes)
    print(f"\nmcr vs PyMahjongGB: {HANDS} hands, equal on {1 - differing / HANDS:.2%}; "
          f"differences by note: {dict(sorted(by_note.items()))}")
    assert not unexplained, "\n".join(unexplained[:20])


def test_the_tie_check_accepts_only_a_reading_the_peer_could_have_chosen() -> None:
    # 1111223344455s + 5s on a discard: 111 123 234 555 44 (Pung of Terminals or Honors) and
    # 11 123 123 444 555 (Pure Double Chow) both total 29 with the peer's fan list one of them
    # (found with seed 2024 of the generator); the peer keeps its first split.
    from mahjong_arbiter.notation import parse_hand

    profile = load_profile("mcr-mil")
    hand = parse_hand("1111223344455s5s").hand
    g = GeneratedHand(hand, Context(), "one-suit")
    result = score(hand, Context(), profile)
    peer = peer_score(hand, Context())
    assert result.total == peer.total == 29
    assert _allowed("tie", g, result, peer, profile)
    worse = PeerScore(peer.total, peer.fans + Counter({"mcr.no-honors": 1}), peer.values)
    assert not _allowed("tie", g, result, worse, profile)
