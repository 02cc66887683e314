"""The shipped account-once table holds the account-once methods' own answers.

Every entry is checked against its method run on the entry's input rebuilt with real groups; a
sample of the generating hands is regenerated and must be in the file; and scoring seeded hands
with the table gives what scoring them with the table ignored gives.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjong_arbiter import account_once_table
from mahjong_arbiter.account_once_table import TABLE_FILE, answer_of, generate_table_text, table_hands
from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.scoring import score
from mahjong_arbiter.selection import ACCOUNT_ONCE_POLICIES, Candidate
from mahjong_arbiter.solver.reading import Group
from mahjong_arbiter.tiles import Tile
from mcr_hand_generator import corpus

SHIPPED = TABLE_FILE.read_text(encoding="ascii")
ENTRIES = account_once_table._read(SHIPPED)
# distinct real groups to stand for the renamed ones (any distinct groups do: the methods compare
# groups only for equality)
GROUPS = [Group.chow(Tile.at(9 * suit + rank)) for suit in range(3) for rank in range(7)]


def test_the_table_is_not_empty_and_names_both_methods() -> None:
    assert len(ENTRIES) > 100
    assert {method for method, _, _ in ENTRIES} == set(ACCOUNT_ONCE_POLICIES)


def test_every_shipped_answer_is_its_methods_answer() -> None:
    for key, answer in ENTRIES.items():
        method, renamed, copies = key
        cands = [
            Candidate(rule, tuple(GROUPS[g] for g in groups), value, (i, 0))
            for i, (rule, value, groups) in enumerate(renamed)
        ]
        available = Counter({GROUPS[g].order: n for g, n in enumerate(copies)})
        assert answer_of(cands, ACCOUNT_ONCE_POLICIES[method](cands, available)) == answer, key


def test_a_sample_of_the_generating_hands_regenerates_lines_of_the_table() -> None:
    # 123m 456m 789m 234m, 123p 123s, and the pungs of 1m 1p 1s 2m: straights, shifted and double
    # chows, terminal chows, double and shifted pungs, with and without a declared set
    sample = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (1, 2, 3), (9, 10, 11), (18, 19, 20), (0, 0, 0), (9, 9, 9),
              (18, 18, 18), (1, 1, 1)]
    text = generate_table_text(table_hands(sample))
    lines = text.splitlines()[1:]
    assert len(lines) > 20
    shipped = set(SHIPPED.splitlines())
    assert [line for line in lines if line not in shipped] == []


@pytest.mark.parametrize("pid", ["mcr", "mcr-mil"])
def test_scoring_with_the_table_is_scoring_without_it(pid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    profile = load_profile(pid)
    hands = corpus(1414, 600)

    def scored() -> list[object]:
        out: list[object] = []
        for g in hands:
            try:
                out.append(score(g.hand, g.context, profile).to_dict())
            except ArbiterError as exc:
                out.append(str(exc))
        return out

    with_table = scored()
    monkeypatch.setattr(account_once_table, "lookup", lambda key: None)
    monkeypatch.setattr("mahjong_arbiter.selection.lookup", lambda key: None)
    assert scored() == with_table
