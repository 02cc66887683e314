"""Golden disputes against the real profiles: right and wrong claims, why-answers, scored waits.

Every expectation is worked out by hand in tests/fixtures/disputes/golden.toml, with the rule
source of each number.  A failure prints the full explanation of the hand.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter.disputes import discard_options, explain, parse_claim, scored_waits, verify
from mahjong_arbiter.disputes.style import Style
from mahjong_arbiter.hand import Context
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.loader import builtin_profile_ids
from mahjong_arbiter.profiles.model import Profile
from mahjong_arbiter.scoring import resolve_profile

FIXTURES = tomllib.loads((Path(__file__).parent / "fixtures" / "disputes" / "golden.toml").read_text("utf-8"))
CTX = Context()


@cache
def profile(pid: str) -> Profile:
    return resolve_profile(pid)


def cases(kind: str) -> list[Any]:
    return [pytest.param(case, id=case.get("id", case["profile"])) for case in FIXTURES[kind]]


def shown(case: dict[str, Any]) -> str:
    """The full explanation, printed when a golden case fails."""
    hand = parse_hand(case["hand"]).hand
    try:
        return explain(hand, CTX, profile(case["profile"])).to_text(Style(False), ascii=True)
    except Exception as exc:  # noqa: BLE001  # the explanation is only diagnostics
        return f"(no explanation: {exc})"


def test_every_builtin_profile_has_a_right_claim() -> None:
    assert sorted(case["profile"] for case in FIXTURES["right"]) == builtin_profile_ids()


@pytest.mark.parametrize("case", cases("right"))
def test_right_claim(case: dict[str, Any]) -> None:
    hand = parse_hand(case["hand"]).hand
    verdict = verify(hand, CTX, profile(case["profile"]), parse_claim(case["total"]))
    assert verdict.right, shown(case) + "\n" + str(verdict.differences)
    if "rules" in case:
        by_rules = verify(hand, CTX, profile(case["profile"]), parse_claim(case["rules"]))
        assert by_rules.right, shown(case) + "\n" + str(by_rules.differences)


@pytest.mark.parametrize("case", cases("wrong"))
def test_wrong_claim_item_by_item(case: dict[str, Any]) -> None:
    hand = parse_hand(case["hand"]).hand
    verdict = verify(hand, CTX, profile(case["profile"]), parse_claim(case["claim"]))
    assert not verdict.right
    kinds: dict[str, list[str]] = {}
    for diff in verdict.differences:
        kinds.setdefault(diff.kind, []).append(diff.rule)
    context = shown(case) + "\n" + "\n".join(d.message for d in verdict.differences)
    for kind in ("missing", "extra", "wrong_count"):
        assert sorted(kinds.get(kind, [])) == sorted(case.get(kind, [])), context
    (total,) = [d for d in verdict.differences if d.kind == "wrong_total"]
    assert (total.claimed, total.actual) == (case["claimed_total"], case["actual_total"]), context
    assert verdict.result is not None and verdict.result.reading is not None


@pytest.mark.parametrize("case", cases("why"))
def test_why(case: dict[str, Any]) -> None:
    hand = parse_hand(case["hand"]).hand
    expl = explain(hand, CTX, profile(case["profile"]), why_rule=case["rule"])
    answer = expl.why
    assert answer is not None
    context = shown(case) + "\n" + str(answer)
    assert answer.status == case["status"], context
    assert answer.by == case.get("by", ""), context
    assert case.get("message_contains", "") in answer.message, context
    assert case.get("source_contains", "") in answer.source, context


@pytest.mark.parametrize("case", cases("waits"))
def test_scored_waits(case: dict[str, Any]) -> None:
    hand13 = parse_hand(case["hand"], complete=False).hand
    report = scored_waits(hand13, CTX, profile(case["profile"]))
    assert [w.tile.token for w in report.waits] == case["tiles"]
    assert [w.live for w in report.waits] == case["live"]
    assert [w.discard.total for w in report.waits] == case["discard"]
    assert [w.self_drawn.total for w in report.waits] == case["self_drawn"]
    assert report.best == max(case["self_drawn"] + case["discard"])


@pytest.mark.parametrize("case", cases("discards"))
def test_discards(case: dict[str, Any]) -> None:
    hand14 = parse_hand(case["hand"]).hand
    report = discard_options(hand14, CTX, profile(case["profile"]))
    first = report.options[0]
    assert first.discard.token == case["best_discard"]
    assert first.report.best == case["best"]
    assert [w.tile.token for w in first.report.waits] == case["best_waits"]
    assert all(o.report.best is None or o.report.best < case["best"] for o in report.options[1:])
