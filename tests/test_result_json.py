"""The batch writer (``result_json``) writes exactly what the general writer writes.

A batch's JSON lines are joined from parts written once (groups, Items, suppressed entries); the
general writer is ``dumps(document({**data, "id": id}))`` over the answer's dicts, which the web
API and one HAND's ``--json`` use.  Both must give the same bytes: under every built-in profile
(winners, losers' hands, special shapes), for odd ids (quotes, non-ASCII, line separators, a lone
surrogate from a command line), for numbers of every type, for fields that collide with the
standard keys; and the ``score`` and ``readings`` commands' JSON lines must equal their
``--format json`` documents (which go through the dicts) line for line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_arbiter.answers import readings_answer, scored
from mahjong_arbiter.cli import main
from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.hand import Hand
from mahjong_arbiter.jsonio import dumps
from mahjong_arbiter.notation.json_hand import HandRecord, record_from_json, record_to_json
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.result import Item, Result
from mahjong_arbiter.result_json import readings_line, result_line
from mahjong_arbiter.schema import document
from mcr_hand_generator import corpus

ODD_IDS = [None, "h1", "Zoë", 'say "no"\\', "\u2028\u2029", "\x00\x1f", "\udc80", "名前"]
HANDS = corpus(2026, 60)


def _general(data: dict[str, object], hand_id: str | None) -> str:
    return dumps(document({**data, "id": hand_id}))


def _thirteen(hand: Hand) -> Hand:
    """The hand before its winning tile (a loser's hand, a hand that is not complete)."""
    concealed = list(hand.concealed)
    concealed.remove(hand.winning_tile)
    return Hand(tuple(concealed), hand.melds, None)


@pytest.mark.parametrize("profile_id", builtin_profile_ids())
def test_every_profile_writes_results_alike(profile_id: str) -> None:
    profile = load_profile(profile_id)
    written = 0
    for n, g in enumerate(HANDS):
        for loser in (False, True) if profile.arithmetic != "mcr" else (False,):
            rec = HandRecord(None, _thirteen(g.hand) if loser else g.hand, g.context)
            try:
                _, result = scored(rec, profile, loser=loser)
            except ArbiterError:
                continue  # not winning under this profile, or a loser's hand it does not score
            hand_id = ODD_IDS[n % len(ODD_IDS)]
            assert result_line(result, hand_id) == _general(result.to_dict(), hand_id)
            written += 1
    assert written >= 20


def test_readings_alike_with_and_without_readings() -> None:
    tiles = ["1m", "2m", "4m", "5m", "7m", "8m", "1p", "3p", "5p", "7p", "9p", "E", "S", "S"]
    scattered = record_from_json({"concealed": tiles, "winning_tile": "S"})
    recs = [HandRecord(ODD_IDS[n % len(ODD_IDS)], g.hand, g.context) for n, g in enumerate([*HANDS, *corpus(7, 20)])]
    for rec in [*recs, scattered]:  # the last is not complete: a why_not, status 1
        hand_id = rec.id
        dicts = readings_answer(rec)
        values = readings_answer(rec, dicts=False)
        assert readings_line(hand_id, values.data) == _general(dicts.data, hand_id)
    assert values.status == 1 and "why_not" in values.data


def _result(total: object, value: object, fields: dict[str, object]) -> Result:
    item = Item("x.rule", "Rule «x»", "points", value, 2)  # type: ignore[arg-type]
    return Result("p", "f", "points", total, (item,), fields=fields)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    hand_id=st.none() | st.text(st.characters(blacklist_categories=())),
    total=st.integers(-(2**53), 2**53) | st.floats(allow_nan=False, allow_infinity=False),
    value=st.sampled_from([1, 1.0, 2, 0.5, True]),
    fields=st.dictionaries(st.sampled_from(["basic", "minimum_met", "total", "notes", "doubles", "id", 1, None]),
                           st.none() | st.booleans() | st.integers(0, 99) | st.lists(st.text(max_size=3), max_size=2)),
)
def test_any_numbers_ids_and_fields_alike(hand_id: str | None, total: float, value: float,
                                          fields: dict[str, object]) -> None:
    # equal values of other types (1, 1.0, True) are written apart, a field named like a standard
    # key replaces it in place, as the dict would, and a key that is not text is converted alike
    result = _result(total, value, fields)
    assert result_line(result, hand_id) == _general(result.to_dict(), hand_id)


def test_batch_lines_equal_the_general_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [json.dumps(record_to_json(HandRecord(ODD_IDS[i % len(ODD_IDS)], g.hand, g.context, {})),
                        ensure_ascii=i % 2 == 0) for i, g in enumerate(HANDS[:40])]  # a lone surrogate escaped: bad
    lines.insert(7, '{"id": "bad", "concealed": ["1m"], "winning_tile": "1m"}')
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for command in (["score", "--profile", "mcr"], ["score", "--profile", "bmja"], ["readings"]):
        statuses = []
        for fmt in ("jsonl", "json"):
            statuses.append(main([*command, "--input", str(path), "--format", fmt]))
            out = capsys.readouterr().out
            if fmt == "jsonl":
                fast = out.split("\n")[:-1]  # not splitlines: an id may hold U+2028
            else:
                general = [dumps(doc) for doc in json.loads(out)]
        assert fast == general and len(fast) == 41
        assert statuses[0] == statuses[1] == 2
        assert json.loads(fast[7])["error"]["code"] == "tile_count"
