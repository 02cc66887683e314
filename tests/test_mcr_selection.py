"""The five principles on small in-memory profiles (selection.py), each case from a cited example.

Sources: Green Book 2006 §3.9.1.5 (the principles); the worked examples of the MIL
reading's score_principles.xml, Mahjongtime MCR pages and Mahjongjoy MCR hands; Game::Mahjong,
Score.pm (account-once read literally).  The profiles here are built in memory
so that each test shows exactly which edge or principle acts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from mahjong_arbiter.errors import ProfileError
from mahjong_arbiter.profiles.model import Edge, Profile, RuleEntry
from mahjong_arbiter.rules.registry import Hits
from mahjong_arbiter.selection import ACCOUNT_ONCE_POLICIES, select, selection_graph
from mahjong_arbiter.solver.reading import Group
from mahjong_arbiter.tiles import Tile

POLICIES = sorted(ACCOUNT_ONCE_POLICIES)


def chow(text: str) -> Group:
    return Group.chow(Tile.of(text))


def pung(text: str) -> Group:
    return Group.pung(Tile.of(text))


# The one-point chow fans in the rulebook's order (Green Book 2006 fans 69-72), Double Pung
# (fan 65) and the three-set fans used below; values are the Green Book's.
CHOW_PAIR_FANS = [
    ("pdc", "Pure Double Chow", 1),
    ("mdc", "Mixed Double Chow", 1),
    ("ss", "Short Straight", 1),
    ("ttc", "Two Terminal Chows", 1),
]


def make_profile(
    rules: Sequence[tuple[str, str, int]],
    edges: Iterable[tuple[str, str, str]] = (),
    *,
    combining: Iterable[str] = (),
    params: dict[str, dict[str, Any]] | None = None,
    account_once: str = "exhaustive",
) -> Profile:
    """A root MCR profile of *rules* (id, name, value) with *edges* (rule, relation, target)."""
    combining = set(combining)
    params = params or {}
    by_rule: dict[str, dict[str, list[Edge]]] = {rid: {"excludes": [], "implies": []} for rid, _, _ in rules}
    for rule, relation, target in edges:
        by_rule[rule][relation].append(Edge(rule, target, relation, f"test edge {rule}->{target}"))
    entries = {
        rid: RuleEntry(
            rid,
            name,
            "points",
            value,
            excludes=tuple(by_rule[rid]["excludes"]),
            implies=tuple(by_rule[rid]["implies"]),
            params={**({"combining": True} if rid in combining else {}), **params.get(rid, {})},
        )
        for rid, name, value in rules
    }
    return Profile(
        id="test",
        label="test",
        arithmetic="mcr",
        sources=(),
        extends=None,
        limit=None,
        minimum=8,
        rules=entries,
        policies={"account_once": account_once},
        shapes={},
        settlement={},
        payments={},
        notes=(),
        origin={rid: "added" for rid in entries},
        removed=(),
        path="<memory>",
    )


def chow_pair_hits(chows: Sequence[Group]) -> dict[str, Hits]:
    """Every qualifying pair of *chows* for the four one-point chow fans (as the recognisers do)."""
    found: dict[str, list[tuple[Group, ...]]] = {"pdc": [], "mdc": [], "ss": [], "ttc": []}
    for i, a in enumerate(chows):
        for b in chows[i + 1:]:
            x, y = sorted((a.first, b.first))
            if x == y:
                found["pdc"].append((a, b))
            elif x.suit != y.suit and x.rank == y.rank:
                found["mdc"].append((a, b))
            elif x.suit == y.suit and y.rank - x.rank == 3:
                found["ss"].append((a, b))
            elif x.suit == y.suit and (x.rank, y.rank) == (1, 7):
                found["ttc"].append((a, b))
    return {rid: Hits.each(v) for rid, v in found.items() if v}


def counts(selection: Any) -> dict[str, int]:
    return {item.id: item.count for item in selection.items}


# --- principle 1 and 2: non-repeat and exclusion by edges -------------------------------------------------
def test_implied_rule_is_suppressed_with_its_edge() -> None:
    # Green Book 2006 fan 2: Big Three Dragons is not combined with Dragon Pung.
    profile = make_profile([("btd", "Big Three Dragons", 88), ("dp", "Dragon Pung", 2)], [("btd", "implies", "dp")])
    dragons = [pung("C"), pung("F"), pung("P")]
    chosen = select(profile, {"btd": Hits.once(dragons), "dp": Hits.each((g,) for g in dragons)})
    assert counts(chosen) == {"btd": 1}
    assert chosen.basic == 88
    # the three Dragon Pung instances are suppressed by the same edge: one entry, counted
    assert [(s.id, s.by, s.relation, s.source, s.count) for s in chosen.suppressed] == [
        ("dp", "btd", "implies", "test edge btd->dp", 3)
    ]


def test_edge_reaches_only_the_instances_inside_the_excluder() -> None:
    # MIL reading, score_principles.xml, principle 1a: Little Four Winds removes the Pung of Terminals or Honours of
    # its own wind pungs; a fourth pung of 9s still scores it.  Expected: 64 + 1 = 65.
    profile = make_profile(
        [("lfw", "Little Four Winds", 64), ("pth", "Pung of Terminals or Honors", 1)], [("lfw", "excludes", "pth")]
    )
    winds = [pung("E"), pung("S"), pung("W")]
    nines = pung("9s")
    chosen = select(
        profile,
        {"lfw": Hits.once([*winds, Group.pair(Tile.of("N"))]), "pth": Hits.each((g,) for g in [*winds, nines])},
    )
    assert counts(chosen) == {"lfw": 1, "pth": 1}
    assert chosen.kept["pth"] == ((nines,),)
    assert chosen.basic == 65


def test_whole_hand_instances_suppress_and_are_suppressed_by_everything() -> None:
    # Green Book 2006 fan 24 Full Flush is not combined with No Honors (fan 76): both whole-hand.
    # A whole-hand excluder (All Terminals, fan 8) removes every Pung of Terminals or Honors.
    profile = make_profile(
        [("at", "All Terminals", 64), ("ff", "Full Flush", 24), ("pth", "Pung of T/H", 1), ("nh", "No Honors", 1)],
        [("at", "excludes", "pth"), ("ff", "excludes", "nh")],
    )
    chosen = select(
        profile,
        {"at": Hits.once(), "ff": Hits.once(), "pth": Hits.each([(pung("1m"),), (pung("9m"),)]), "nh": Hits.once()},
    )
    assert counts(chosen) == {"at": 1, "ff": 1}
    assert chosen.basic == 88


def test_a_suppressed_rule_suppresses_nothing() -> None:
    # reading note N4 (MIL reading): Seven Pairs excludes Fully Concealed Hand, so Fully Concealed's
    # own exclusion of Self-Drawn does not fire: 24 + 1 = 25.
    profile = make_profile(
        [("sp", "Seven Pairs", 24), ("fc", "Fully Concealed Hand", 4), ("sd", "Self-Drawn", 1)],
        [("sp", "excludes", "fc"), ("fc", "excludes", "sd")],
    )
    chosen = select(profile, {"sp": Hits.once(), "fc": Hits.once(), "sd": Hits.once()})
    assert counts(chosen) == {"sp": 1, "sd": 1}
    assert chosen.basic == 25


def test_rules_are_decided_after_every_rule_that_can_suppress_them() -> None:
    # An edge from a lower-valued rule to a higher one still acts: the topological order puts the
    # excluder first although "primary first" alone would not.
    profile = make_profile([("big", "Big", 6), ("small", "Small", 1)], [("small", "excludes", "big")])
    graph = selection_graph(profile)
    assert graph.order == ("small", "big")
    chosen = select(profile, {"big": Hits.once(), "small": Hits.once()})
    assert counts(chosen) == {"small": 1}


def test_primary_fan_first_among_unrelated_rules() -> None:
    profile = make_profile([("low", "Low", 1), ("high", "High", 16), ("mid", "Mid", 6)])
    assert selection_graph(profile).order == ("high", "mid", "low")
    chosen = select(profile, {"low": Hits.once(), "high": Hits.once(), "mid": Hits.once()})
    assert [i.id for i in chosen.items] == ["high", "mid", "low"]


def test_cycle_and_unknown_policy_are_profile_errors() -> None:
    with pytest.raises(ProfileError, match="cycle"):
        selection_graph(make_profile([("a", "A", 2), ("b", "B", 1)], [("a", "excludes", "b"), ("b", "excludes", "a")]))
    with pytest.raises(ProfileError, match="account_once"):
        selection_graph(make_profile([("a", "A", 2)], account_once="by-guesswork"))


# --- principle 5: account-once, non-identical, non-separation ------------------------------------------------
def chow_profile(policy: str, extra: Sequence[tuple[str, str, int]] = (), edges: Iterable[tuple[str, str, str]] = ()):
    rules = [*extra, *CHOW_PAIR_FANS]
    return make_profile(rules, edges, combining=[r[0] for r in rules], account_once=policy)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(
    ("chows", "expected"),
    [
        # H principles example 2 (Green Book 2006, 3.9.1.5 principle 5): 123m 789m 123s 789s scores 3, never 4;
        # the rulebook order prefers Mixed Double Chow x2 + Two Terminal Chows x1.
        pytest.param(["1m", "7m", "1s", "7s"], {"mdc": 2, "ttc": 1}, id="123m789m123s789s"),
        # H code comment above exclusionary_rule: 234567s + 234567p = MDC x2 + SS x1, not 2 + 2.
        pytest.param(["2s", "5s", "2p", "5p"], {"mdc": 2, "ss": 1}, id="234567s234567p"),
        # Same comment: 234s 223344567p = Pure Double Chow + Mixed Double Chow + Short Straight.
        pytest.param(["2s", "2p", "2p", "5p"], {"pdc": 1, "mdc": 1, "ss": 1}, id="234s223344567p"),
        # mahjongjoy: 345b 678b 345c 678c = Short Straight + 2 x Mixed Double Chow.
        pytest.param(["3s", "6s", "3p", "6p"], {"mdc": 2, "ss": 1}, id="345678s345678p"),
        # Three chows with one pairing: one fan; a lone chow adds nothing.
        pytest.param(["1m", "4m", "6p"], {"ss": 1}, id="one-pair-and-a-loner"),
        # Two identical chows twice: 123m 123m 456m 456m -> PDC x2 + SS x1 (a spanning tree).
        pytest.param(["1m", "1m", "4m", "4m"], {"pdc": 2, "ss": 1}, id="123123456456m"),
    ],
)
def test_two_chow_combinations_count_once(policy: str, chows: list[str], expected: dict[str, int]) -> None:
    groups = [chow(c) for c in chows]
    chosen = select(chow_profile(policy), chow_pair_hits(groups), groups)
    assert counts(chosen) == expected
    assert all(s.relation in {"account-once", "non-identical", "non-separation"} for s in chosen.suppressed)


@pytest.mark.parametrize("policy", POLICIES)
def test_pure_straight_with_a_fourth_chow_adds_one_fan(policy: str) -> None:
    # Mahjongtime MCR pages, 16-point page, Pure Straight example; Green Book Appendix 1 Full Flush example
    # (Game::Mahjong, Score.pm): 123m 456m 789m + 123m: Pure Straight 16 + Pure Double Chow 1 = 17; the Short
    # Straight and Two Terminal Chows of the extra 123m are refused.  The Pure Straight edges to
    # Short Straight and Two Terminal Chows are H's 不计 list (清龙不计连六、老少副).
    groups = [chow("1m"), chow("4m"), chow("7m"), chow("1m")]
    profile = chow_profile(policy, [("ps", "Pure Straight", 16)], [("ps", "excludes", "ss"), ("ps", "excludes", "ttc")])
    hits = {"ps": Hits.once(groups[:3]), **chow_pair_hits(groups)}
    chosen = select(profile, hits, groups)
    assert counts(chosen) == {"ps": 1, "pdc": 1}
    assert chosen.basic == 17


@pytest.mark.parametrize("policy", POLICIES)
def test_pure_straight_without_edges_still_refuses_its_own_sets(policy: str) -> None:
    # Non-separation (Green Book §3.9.1.5; H example 123/345/567/789): sets already grouped into a
    # fan are not regrouped among themselves.  With no edges at all, only the extra chow's fans
    # remain: Pure Straight + one of PDC (preferred, rulebook order) = 17.
    groups = [chow("1m"), chow("4m"), chow("7m"), chow("1m")]
    profile = chow_profile(policy, [("ps", "Pure Straight", 16)])
    chosen = select(profile, {"ps": Hits.once(groups[:3]), **chow_pair_hits(groups)}, groups)
    assert counts(chosen) == {"ps": 1, "pdc": 1}
    relations = {(s.id, s.relation) for s in chosen.suppressed}
    assert ("ss", "non-separation") in relations


@pytest.mark.parametrize("policy", POLICIES)
def test_mixed_straight_with_an_extra_chow(policy: str) -> None:
    # H principles example 1: Mixed Straight 123s 456m 789p + 123m: one of Short Straight (with
    # 456m) or Mixed Double Chow (with 123s), not both: 8 + 1 = 9.
    groups = [chow("1s"), chow("4m"), chow("7p"), chow("1m")]
    profile = chow_profile(policy, [("ms", "Mixed Straight", 8)])
    chosen = select(profile, {"ms": Hits.once(groups[:3]), **chow_pair_hits(groups)}, groups)
    assert chosen.basic == 9
    assert counts(chosen) == {"ms": 1, "mdc": 1}


@pytest.mark.parametrize("policy", POLICIES)
def test_non_identical_three_set_fans(policy: str) -> None:
    # H non-identical example: Mixed Shifted Pungs 2p 3s 4m + 5p cannot make a second Mixed
    # Shifted Pungs (3s 4m 5p): 8, once.
    a, b, c, d = pung("2p"), pung("3s"), pung("4m"), pung("5p")
    profile = make_profile([("msp", "Mixed Shifted Pungs", 8)], combining=["msp"], account_once=policy)
    chosen = select(profile, {"msp": Hits.each([(a, b, c), (b, c, d)])}, [a, b, c, d])
    assert counts(chosen) == {"msp": 1}
    assert chosen.kept["msp"] == ((a, b, c),)
    assert [s.relation for s in chosen.suppressed] == ["account-once" if policy != "exhaustive" else "non-identical"]


@pytest.mark.parametrize("policy", POLICIES)
def test_three_pung_fan_and_a_fourth_pung_pair_once(policy: str) -> None:
    # Green Book 2006, 3.9.1.5 principle 5 (H): with a three-pung fan, the fourth pung pairs once.  Pure
    # Shifted Pungs 2m 3m 4m + 3p: Double Pung (3m, 3p) once: 24 + 2 = 26.
    g = [pung("2m"), pung("3m"), pung("4m"), pung("3p")]
    profile = make_profile(
        [("psp", "Pure Shifted Pungs", 24), ("dp", "Double Pung", 2)], combining=["psp", "dp"], account_once=policy
    )
    chosen = select(profile, {"psp": Hits.once(g[:3]), "dp": Hits.once([g[1], g[3]])}, g)
    assert counts(chosen) == {"psp": 1, "dp": 1}
    assert chosen.basic == 26


def test_exhaustive_search_maximises_the_total_over_orders() -> None:
    # The literal rule allows any order of adding combinations: 234567s + 234567p keeps 3 only
    # because Short Straight can come first (Game::Mahjong, Score.pm: "account-once read literally").  A greedy
    # pass in primary order would keep 2 (the two Mixed Double Chows use every set).
    groups = [chow("2s"), chow("5s"), chow("2p"), chow("5p")]
    chosen = select(chow_profile("exhaustive"), chow_pair_hits(groups), groups)
    assert chosen.basic == 3


def test_non_combining_instances_do_not_use_up_sets() -> None:
    # Tile Hog and Pung of T/H name sets but are not combinations (Game::Mahjong, Score.pm): they neither block
    # nor are blocked by account-once.  Double Pung 1m 1p + a Tile Hog of 1m + two Pungs of T/H.
    a, b, c = pung("1m"), pung("1p"), chow("1m")
    profile = make_profile(
        [("dp", "Double Pung", 2), ("hog", "Tile Hog", 2), ("pth", "Pung of T/H", 1)], combining=["dp"]
    )
    chosen = select(profile, {"dp": Hits.once([a, b]), "hog": Hits.once([a, c]), "pth": Hits.each([(a,), (b,)])})
    assert counts(chosen) == {"dp": 1, "hog": 1, "pth": 2}


@pytest.mark.parametrize("policy", POLICIES)
def test_equal_chows_are_distinct_sets(policy: str) -> None:
    # 123m 123m 123p 123p (no three-chow fan): PDC x2 and MDC x4 are found; four sets joined in
    # one group allow three two-chow fans (MIL count limit, H exclusionary_rule; literally: a
    # spanning tree, e.g. PDC(1m,1m), MDC(1m,1p), PDC(1p,1p) each bringing a new set): PDC x2 +
    # MDC x1 = 3.
    groups = [chow("1m"), chow("1m"), chow("1p"), chow("1p")]
    chosen = select(chow_profile(policy), chow_pair_hits(groups), groups)
    assert counts(chosen) == {"pdc": 2, "mdc": 1}


# --- Chicken Hand and bonus rules ------------------------------------------------------------------------------
def alone_profile() -> Profile:
    return make_profile(
        [("chicken", "Chicken Hand", 8), ("flower", "Flower Tiles", 1), ("nh", "No Honors", 1)],
        params={"chicken": {"only_when_alone": True}, "flower": {"bonus": True}},
    )


def test_chicken_hand_counts_alone_and_flowers_stay_outside() -> None:
    # Green Book 2006 fan 43 and §3.11.6.6 (Game::Mahjong, Score.pm): a hand with no other fan is Chicken Hand;
    # flowers are not "another fan" and count after the minimum: basic 8, bonus 2.
    chosen = select(alone_profile(), {"chicken": Hits.once(), "flower": Hits.times(2)})
    assert counts(chosen) == {"chicken": 1, "flower": 2}
    assert (chosen.basic, chosen.bonus, chosen.total) == (8, 2, 10)


def test_chicken_hand_gives_way_to_any_other_fan() -> None:
    # zheng-fan/GB-Mahjong issue #7: Chicken Hand is not scored beside another fan.
    chosen = select(alone_profile(), {"chicken": Hits.once(), "nh": Hits.once()})
    assert counts(chosen) == {"nh": 1}
    assert [(s.id, s.by, s.relation) for s in chosen.suppressed] == [("chicken", "nh", "only-when-alone")]
