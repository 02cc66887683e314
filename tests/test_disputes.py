"""Disputes on hand-built Results and a toy profile: names, claims, verdicts, why-answers, ranking,
comparison rows, the requirement explainers, text style and the HTML page.

These tests do not depend on any arithmetic: the Results are built by hand, so each expectation
is read off the Result written here.  Golden cases against the real profiles are in
test_disputes_golden.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_arbiter.disputes.compare import Column, line_up
from mahjong_arbiter.disputes.explain import Explanation, rank_readings
from mahjong_arbiter.disputes.html import compare_page, explain_page, verify_page
from mahjong_arbiter.disputes.names import find_rule, normalise, resolve_rules, split_count
from mahjong_arbiter.disputes.requirements import Facts, explain_missing
from mahjong_arbiter.disputes.style import Style, colour_wanted, table
from mahjong_arbiter.disputes.verify import Claim, judge, parse_claim
from mahjong_arbiter.disputes.why import why
from mahjong_arbiter.errors import ArbiterError, NotWinningError
from mahjong_arbiter.hand import Context, Hand, Meld
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.model import Profile
from mahjong_arbiter.result import Alternative, Item, Result, Suppressed
from mahjong_arbiter.rules.registry import Hits, Situation, rule
from mahjong_arbiter.solver.api import readings
from mahjong_arbiter.solver.reading import Group, GroupKind, Reading, Wait
from mahjong_arbiter.tiles import Tile

T = Tile.of


# --- a toy profile with its own recognisers (ids under test.disputes-*) ---------------------------
@rule("test.disputes-pung", source="toy book, p. 1")
def _any_pung(reading: Reading, situation: Situation) -> Hits:
    """Each pung or kong."""
    return Hits.each((g,) for g in reading.groups if g.is_pung_or_kong)


@rule("test.disputes-two-pungs", source="toy book, p. 2")
def _two_pungs(reading: Reading, situation: Situation) -> Hits:
    """Two or more pungs."""
    pungs = [g for g in reading.groups if g.is_pung_or_kong]
    return Hits.when(len(pungs) >= 2, pungs)


@rule("test.disputes-low-chow", source="toy book, p. 3")
def _low_chow(reading: Reading, situation: Situation) -> Hits:
    """Each chow starting on a 1."""
    return Hits.each((g,) for g in reading.groups if g.kind is GroupKind.CHOW and g.first.rank == 1)


@rule("test.disputes-honour-pung", source="toy book, p. 4")
def _honour_pung(reading: Reading, situation: Situation) -> Hits:
    """A pung or kong of winds or dragons.

    (Further detail that the why-answer does not quote.)
    """
    return Hits.each((g,) for g in reading.groups if g.is_pung_or_kong and g.first.is_honour)


TOY = """
id = "toy"
label = "Toy"
arithmetic = "classical"
sources = ["toy book"]

[rules."test.disputes-pung"]
name = "Any Pung"
name_zh = "刻子"
points = 1
source = "toy book, p. 1"

[rules."test.disputes-two-pungs"]
name = "Two Pungs"
points = 3
source = "toy book, p. 2"
excludes = [{ rule = "test.disputes-pung", source = "toy book, p. 2, last line" }]

[rules."test.disputes-low-chow"]
name = "Low Chow"
points = 2
source = "toy book, p. 3"

[rules."test.disputes-honour-pung"]
name = "Honour Pung"
points = 2
source = "toy book, p. 4"
"""


# The toy's rulebook: players' words for one rule (what a why-answer quotes, never a docstring).
TOY_RULEBOOK = """
[rules."test.disputes-honour-pung"]
summary = "A pung of winds or of dragons."
examples = [{ hand = "EEE123m456p789s55p" }]
"""


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Profile:
    path: Path = tmp_path_factory.mktemp("toy") / "toy.toml"
    path.write_text(TOY, encoding="utf-8")
    (path.parent / "rulebook").mkdir()
    (path.parent / "rulebook" / "toy.toml").write_text(TOY_RULEBOOK, encoding="utf-8")
    return load_profile(str(path))


# 111 222 333m 456p 55s: read as three pungs (the pung reading) or three 123m chows.
HAND = parse_hand("111222333m456p5s5s").hand
CTX = Context()
CHOW_READING, PUNG_READING = readings(HAND)
PUNGS = tuple(g for g in PUNG_READING.groups if g.is_pung_or_kong)


def pung_result(*, total: int = 3) -> Result:
    """The toy score of the pung reading: Two Pungs (3) counted, Any Pung suppressed by its edge."""
    return Result(
        profile="toy", fingerprint="f", unit="points", total=total,
        items=(Item("test.disputes-two-pungs", "Two Pungs", "points", 3, 1, (PUNGS,), "toy book, p. 2"),),
        suppressed=(Suppressed("test.disputes-pung", "Any Pung", "test.disputes-two-pungs", "excludes",
                               "toy book, p. 2, last line"),),
        reading=PUNG_READING,
        alternatives=(Alternative(CHOW_READING, 6),),
    )


# --- names -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Pung of Terminals or Honours", "pung of terminals or honors", id="british-spelling"),
        pytest.param("  SELF-drawn ", "self drawn", id="case-and-hyphen"),
        pytest.param("two_concealed   pungs", "two concealed pungs", id="underscores-and-spaces"),
    ],
)
def test_normalise(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Tile Hog x2", ("Tile Hog", 2), id="x2"),
        pytest.param("Tile Hog ×3", ("Tile Hog", 3), id="times-sign"),
        pytest.param("Tile Hog (2)", ("Tile Hog", 2), id="parenthesis"),
        pytest.param("Mixed Straight", ("Mixed Straight", 1), id="no-count"),
        pytest.param("Seat Wind*2", ("Seat Wind", 2), id="star"),
    ],
)
def test_split_count(text: str, expected: tuple[str, int]) -> None:
    assert split_count(text) == expected


@pytest.mark.parametrize(
    "query",
    ["test.disputes-pung", "disputes-pung", "any pung", "ANY-PUNG", "刻子"],
)
def test_find_rule_by_id_name_and_native_name(toy: Profile, query: str) -> None:
    entry = find_rule(toy, query)
    assert entry is not None and entry.id == "test.disputes-pung"


def test_resolve_rule_suggests_close_names(toy: Profile) -> None:
    with pytest.raises(ArbiterError) as err:
        resolve_rules(toy, "Two Pung")
    assert err.value.code == "unknown_rule" and "'Two Pungs'" in err.value.message


# --- claims ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "total", "rules"),
    [
        pytest.param(32, 32, (), id="int"),
        pytest.param(8.0, 8, (), id="whole-float"),
        pytest.param(" 28 ", 28, (), id="numeric-string"),
        pytest.param("Pure Straight, Half Flush", None, (("Pure Straight", 1), ("Half Flush", 1)), id="names"),
        pytest.param(["Tile Hog", "tile hog x2"], None, (("Tile Hog", 3),), id="repeats-add-up"),
    ],
)
def test_parse_claim(raw: object, total: float | None, rules: tuple[tuple[str, int], ...]) -> None:
    claim = parse_claim(raw)
    assert claim.total == total and claim.rules == rules


@pytest.mark.parametrize(
    "raw",
    # every total is whole and 0 or more under every profile, and a claim names something: 8.5, -3
    # and [] were judged as claims (always wrong) before
    [True, {"total": 3}, [1, 2], "Tile Hog, , x2", 8.5, -3, "-3", [], "", ["Tile Hog x0"], "Tile Hog x" + "9" * 5000],
)
def test_parse_claim_rejects(raw: object) -> None:
    with pytest.raises(ArbiterError) as err:
        parse_claim(raw)
    assert err.value.code == "bad_claim"


# --- verdicts ----------------------------------------------------------------------------------
def test_right_total(toy: Profile) -> None:
    verdict = judge(HAND, CTX, toy, Claim(total=3), pung_result())
    assert verdict.right and verdict.differences == () and verdict.to_dict()["verdict"] == "right"


def test_wrong_total_names_the_suppressed_rule_worth_the_gap(toy: Profile) -> None:
    # claimed 4 = Two Pungs 3 + Any Pung 1; Any Pung is excluded by Two Pungs (toy book, p. 2).
    verdict = judge(HAND, CTX, toy, Claim(total=4), pung_result())
    (diff,) = verdict.differences
    assert diff.kind == "wrong_total" and (diff.claimed, diff.actual) == (4, 3)
    assert "Any Pung" in diff.message and "excluded by Two Pungs" in diff.message


def test_wrong_total_names_a_counted_rule_left_out(toy: Profile) -> None:
    verdict = judge(HAND, CTX, toy, Claim(total=0), pung_result())
    assert "Two Pungs, which counts" in verdict.differences[0].message


def test_wrong_rules_item_by_item(toy: Profile) -> None:
    # Claimed: Any Pung x3 (suppressed), Low Chow (only on the weaker chow reading); missing Two Pungs.
    verdict = judge(HAND, CTX, toy, parse_claim("Any Pung x3, Low Chow"), pung_result())
    kinds = {d.kind: d for d in verdict.differences}
    assert set(kinds) == {"missing", "extra", "wrong_total"}
    assert kinds["missing"].rule == "test.disputes-two-pungs"
    extras = [d for d in verdict.differences if d.kind == "extra"]
    assert {d.rule for d in extras} == {"test.disputes-pung", "test.disputes-low-chow"}
    pung = next(d for d in extras if d.rule == "test.disputes-pung")
    assert pung.claimed == 3 and pung.source == "toy book, p. 2, last line"
    # the claimed rules add up to 3 x 1 + 2 = 5; the hand scores 3
    assert (kinds["wrong_total"].claimed, kinds["wrong_total"].actual) == (5, 3)
    assert not verdict.right and verdict.to_dict()["verdict"] == "wrong"


def test_wrong_count(toy: Profile) -> None:
    verdict = judge(HAND, CTX, toy, parse_claim("Two Pungs x2"), pung_result())
    counts = [d for d in verdict.differences if d.kind == "wrong_count"]
    assert len(counts) == 1 and (counts[0].claimed, counts[0].actual) == (2, 1)


def test_right_rules(toy: Profile) -> None:
    assert judge(HAND, CTX, toy, parse_claim(["two pungs"]), pung_result()).right


def test_claim_of_unknown_rule_is_bad_input(toy: Profile) -> None:
    with pytest.raises(ArbiterError) as err:
        judge(HAND, CTX, toy, parse_claim("Pure Straight"), pung_result())
    assert err.value.code == "unknown_rule"


def test_claim_on_a_hand_that_does_not_win(toy: Profile) -> None:
    verdict = judge(HAND, CTX, toy, Claim(total=8), NotWinningError("no reading"))
    assert [d.kind for d in verdict.differences] == ["not_winning"]
    assert verdict.to_dict()["verdict"] == "wrong" and verdict.result is None


# --- why ---------------------------------------------------------------------------------------
def test_why_counted(toy: Profile) -> None:
    answer = why("Two Pungs", HAND, CTX, toy, pung_result())
    assert answer.status == "counted" and answer.source == "toy book, p. 2"


def test_why_suppressed_names_the_rule_edge_and_source(toy: Profile) -> None:
    answer = why("any pung", HAND, CTX, toy, pung_result())
    assert answer.status == "suppressed" and answer.by == "test.disputes-two-pungs"
    assert answer.relation == "excludes" and answer.source == "toy book, p. 2, last line"
    assert "excluded by Two Pungs (test.disputes-two-pungs)" in answer.message


def test_why_other_reading(toy: Profile) -> None:
    answer = why("Low Chow", HAND, CTX, toy, pung_result())
    assert answer.status == "other_reading"
    assert "which scores 6 points" in answer.message and "1m2m3m 1m2m3m 1m2m3m" in answer.message


def test_why_absent_quotes_the_rulebook_not_the_docstring(toy: Profile) -> None:
    answer = why("Honour Pung", HAND, CTX, toy, pung_result())
    assert answer.status == "absent" and answer.source == "toy book, p. 4"
    assert answer.message.endswith("The rule: A pung of winds or of dragons.")
    assert answer.rule_words == "A pung of winds or of dragons." and "pung or kong" not in answer.message
    assert why("Low Chow", HAND, CTX, toy, pung_result()).rule_words == ""  # no rulebook entry: no words


def test_why_not_in_profile_names_the_profiles_that_have_it(toy: Profile) -> None:
    answer = why("Pure Straight", HAND, CTX, toy, pung_result())
    assert answer.status == "not_in_profile"
    assert answer.message == "Pure Straight is not a rule of profile toy; it is a rule of mcr, mcr-mil"


def test_why_a_name_of_no_rule_anywhere_is_bad_input(toy: Profile) -> None:
    with pytest.raises(ArbiterError) as caught:
        why("Any Pungs", HAND, CTX, toy, pung_result())
    assert caught.value.code == "unknown_rule"
    assert "names no rule of profile toy nor of any built-in profile; did you mean 'Any Pung'" in caught.value.message


def test_why_not_winning(toy: Profile) -> None:
    answer = why("Any Pung", HAND, CTX, toy, NotWinningError("eleven tiles"))
    # the engine's reason is the caller's to show, once; the answer is about the rule
    assert answer.status == "not_winning" and "eleven tiles" not in answer.message
    assert answer.message.startswith("this hand does not win under Toy, so Any Pung cannot count: it holds on")


# --- explain: ranking ----------------------------------------------------------------------------
def test_rank_readings_best_first_then_by_total() -> None:
    result = Result(
        "toy", "f", "points", 10, (), reading=PUNG_READING,
        alternatives=(Alternative(CHOW_READING, 4), Alternative(PUNG_READING, 10)),
    )
    ranked = rank_readings(result)
    assert [(r.rank, r.total, r.best) for r in ranked] == [(1, 10, True), (2, 4, False)]
    assert ranked[1].reading == CHOW_READING


# --- requirement explainers on hand-built readings ---------------------------------------------
def _reading(groups: list[Group], wait: Wait = Wait.SINGLE) -> tuple[Hand, Reading]:
    pair = next(g for g in groups if g.kind is GroupKind.PAIR)
    tiles = tuple(t for g in groups for t in g.tiles)
    return Hand(tiles, winning_tile=pair.first), Reading.make("standard", groups, pair, pair.first, wait)


C, P, K, PR = Group.chow, Group.pung, Group.kong, Group.pair


def _fan_id(name: str) -> str:
    return "mcr." + name.lower().replace(" ", "-")


@pytest.mark.parametrize(
    ("fan", "groups", "expected"),
    [
        pytest.param(
            "Pure Straight", [C(T("1p")), C(T("4p")), C(T("2s")), P(T("E")), PR(T("5m"))],
            "Pure Straight needs 123, 456 and 789 of one suit; this hand has no 789p", id="pure-straight",
        ),
        pytest.param(
            "Mixed Straight", [C(T("1p")), C(T("4s")), C(T("2s")), P(T("E")), PR(T("5m"))],
            "this hand has no 789m", id="mixed-straight",
        ),
        pytest.param(
            "Mixed Triple Chow", [C(T("2m")), C(T("2p")), C(T("5s")), P(T("E")), PR(T("5m"))],
            "this hand has 234m and 234p but no 234s", id="mixed-triple-chow",
        ),
        pytest.param(
            "Half Flush", [C(T("1p")), C(T("4p")), C(T("2p")), P(T("8p")), PR(T("9p"))],
            "this hand has no honours (one suit alone is Full Flush)", id="half-flush-is-full",
        ),
        pytest.param(
            "Full Flush", [C(T("1p")), C(T("4p")), C(T("2p")), P(T("E")), PR(T("5m"))],
            "this hand has tiles of 2 suits (characters and dots) and honours (E)", id="full-flush",
        ),
        pytest.param(
            "All Chows", [C(T("1p")), C(T("4p")), C(T("2s")), P(T("9m")), PR(T("E"))],
            "this hand has 999m and the honour pair EE", id="all-chows",
        ),
        pytest.param(
            "All Simples", [C(T("1p")), C(T("4p")), C(T("2s")), P(T("5m")), PR(T("E"))],
            "this hand has 1p and E", id="all-simples",
        ),
        pytest.param(
            "All Types", [C(T("1p")), C(T("4m")), C(T("2s")), P(T("E")), PR(T("5m"))],
            "this hand has no dragons", id="all-types",
        ),
        pytest.param(
            "Outside Hand", [C(T("1p")), C(T("4p")), C(T("7s")), P(T("E")), PR(T("9m"))],
            "in this hand 456p has no terminal or honour", id="outside-hand",
        ),
        pytest.param(
            "Dragon Pung", [C(T("1p")), C(T("4p")), C(T("7s")), P(T("E")), PR(T("C"))],
            "this hand has no pung or kong of dragons (only the pair CC)", id="dragon-pung",
        ),
        pytest.param(
            "Seat Wind", [C(T("1p")), C(T("4p")), C(T("7s")), P(T("E")), PR(T("C"))],
            "this hand has no pung or kong of seat wind S", id="seat-wind",
        ),
        pytest.param(
            "One Voided Suit", [C(T("1p")), C(T("4m")), C(T("7s")), P(T("E")), PR(T("C"))],
            "this hand uses 3 suits (characters, dots and bamboo)", id="one-voided-suit",
        ),
    ],
)
def test_requirement_explainers(fan: str, groups: list[Group], expected: str) -> None:
    hand, reading = _reading(groups)
    facts = Facts(hand, Context(seat_wind=T("S")), (reading,), (reading.winning_tile,))
    message = explain_missing(_fan_id(fan), fan, facts)
    assert message is not None and message.startswith(fan + " needs ") and message.endswith(expected)


def test_wait_explainer_lists_the_waits() -> None:
    hand, reading = _reading([C(T("1p")), C(T("4p")), C(T("7s")), P(T("E")), PR(T("C"))])
    facts = Facts(hand, Context(), (reading,), (T("3m"), T("6m")))
    message = explain_missing("mcr.single-wait", "Single Wait", facts)
    assert message is not None
    assert message.endswith("this hand waited on 3m and 6m, so the winning tile was not the only one")


def test_concealed_hand_explainer_names_the_claimed_meld() -> None:
    meld = Meld.pung(T("E"), claimed=T("E"))
    standing = parse_hand("123456p789sC", complete=False, partial=True).hand.concealed
    hand = Hand((*standing, T("C")), (meld,), T("C"))
    message = explain_missing("mcr.concealed-hand", "Concealed Hand", Facts(hand, Context(), (), ()))
    assert message is not None and "this hand has claimed melds:" in message and "E" in message


def test_no_explainer_for_an_unknown_fan() -> None:
    hand, reading = _reading([C(T("1p")), C(T("4p")), C(T("7s")), P(T("E")), PR(T("C"))])
    facts = Facts(hand, Context(), (reading,), ())
    assert explain_missing("mcr.blessing-of-heaven", "Blessing of Heaven", facts) is None


def test_hong_kong_rules_of_the_same_name_get_no_mcr_explainer() -> None:
    """An explainer belongs to a rule id, so HK's All Chows is not explained by MCR's definition."""
    hand, reading = _reading([C(T("1p")), C(T("4p")), C(T("7s")), P(T("E")), PR(T("C"))])
    assert explain_missing("hk.all-chows", "All Chows", Facts(hand, Context(), (reading,), ())) is None


# --- compare rows ------------------------------------------------------------------------------
def test_line_up_rows_that_differ(toy: Profile) -> None:
    chow = Result(
        "toy", "f", "points", 6,
        (Item("test.disputes-low-chow", "Low Chow", "points", 2, 3, (), ""),), reading=CHOW_READING,
    )
    columns = [Column("toy", pung_result()), Column("toy", chow), Column("toy", None, "no reading")]
    comparison = line_up(HAND, CTX, [toy, toy, toy], columns)
    rows = {r.name: r.cells for r in comparison.rows}
    assert rows == {
        "Two Pungs": ("3", "-", ""),
        "Any Pung": ("suppressed", "-", ""),
        "Low Chow": ("-", "2 x3", ""),
    }
    assert comparison.to_dict()["totals"] == {"toy": None}  # one key: the three columns share an id
    text = comparison.to_text(Style(False), ascii=True)
    assert text.splitlines()[-2].startswith("total") and "not a winning hand: no reading" in text


# --- style and HTML ----------------------------------------------------------------------------
def test_table_aligns_columns() -> None:
    assert table([("rule", "points"), ("Pure Straight", "16")], align="<>") == [
        "rule           points",
        "Pure Straight      16",
    ]


def test_no_colour_when_no_color_is_set_or_output_is_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert colour_wanted(None, None)
    assert not colour_wanted("out.txt", None) and not colour_wanted(None, "json")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(None, None)
    assert Style(False).bad("WRONG") == "WRONG" and Style(True).bad("WRONG") != "WRONG"


def test_html_pages_are_self_contained_and_escaped(toy: Profile) -> None:
    result = pung_result()
    evil = Result(
        "toy", "f", "points", 3,
        (Item("x", "<script>alert(1)</script>", "points", 3, 1, (), ""),), reading=PUNG_READING,
    )
    pages = [
        explain_page(Explanation(HAND, CTX, evil, rank_readings(evil))),
        verify_page(judge(HAND, CTX, toy, Claim(total=4), result)),
        compare_page(line_up(HAND, CTX, [toy], [Column("toy", result)])),
    ]
    for page in pages:
        assert page.startswith("<!DOCTYPE html>") and "default-src 'none'" in page
        assert "<script" not in page and "http://" not in page and "https://" not in page
        assert "src=" not in page and "<link" not in page
    assert "&lt;script&gt;" in pages[0]
    assert 'class="verdict wrong">verdict: wrong<' in pages[1]


def test_verify_and_why_read_the_hand_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # verify scores the hand, then asks why for every rule the claim gets wrong: the Readings the
    # scorer read are reused, the hand is decomposed once (issue 14: verify and why decomposed again)
    from mahjong_arbiter.disputes.verify import verify
    from mahjong_arbiter.solver import api

    calls = []
    original = api.readings_of_counts

    def counted(*args: object, **kwargs: object) -> list[Reading]:
        calls.append(1)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(api, "readings_of_counts", counted)
    hand = parse_hand("123m456m789m234p55p").hand  # Pure Straight, no Seven Pairs, no Full Flush
    verdict = verify(hand, Context(), load_profile("mcr"), parse_claim(["Seven Pairs", "Full Flush", "Pure Straight"]))
    assert not verdict.right and len(verdict.differences) >= 2
    assert len(calls) == 1
