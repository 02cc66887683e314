"""The profile loader: extends chains, add / amend / remove, validation with precise messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_arbiter.disputes.rulebook import rulebook_text
from mahjong_arbiter.errors import ProfileError
from mahjong_arbiter.profiles.describe import profile_diff, profile_table, table_text
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.profiles.rulebook import rulebook_for
from mahjong_arbiter.rules.registry import NONE, Hits, rule

# Three throw-away recognisers so these tests do not depend on any real rule family.
for _rid in ("test.alpha", "test.beta", "test.gamma"):
    rule(_rid, source="test")(lambda reading, situation: NONE)

ROOT = """
id = "root"
label = "Root"
arithmetic = "classical"
limit = 500
sources = ["a book"]

[rules."test.alpha"]
name = "Alpha"
points = 2
source = "book, p. 1"
excludes = [{ rule = "test.beta", source = "book, p. 2" }]

[rules."test.beta"]
name = "Beta"
doubles = 1
applies = "winner"

[[notes]]
id = "lock"
title = "Standing Hand lock"
text = "Once declared, the hand may not change."
source = "book, p. 9"
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return write(tmp_path, "root.toml", ROOT)


def test_root_profile_loads(root: Path) -> None:
    p = load_profile(str(root))
    assert p.id == "root" and p.arithmetic == "classical" and p.limit == 500
    assert list(p.rules) == ["test.alpha", "test.beta"]
    assert p.rules["test.alpha"].value_key == "points" and p.rules["test.alpha"].value == 2
    assert p.rules["test.beta"].applies == "winner"
    assert [(e.rule, e.target, e.relation, e.source) for e in p.edges] == [
        ("test.alpha", "test.beta", "excludes", "book, p. 2")
    ]
    assert p.notes[0].title == "Standing Hand lock"


def test_house_rules_need_only_id_and_extends(tmp_path: Path, root: Path) -> None:
    club = write(tmp_path, "club.toml", 'id = "club"\nextends = "root.toml"\nlimit = 1000\n')
    p = load_profile(str(club))
    base = load_profile(str(root))
    assert p.label == "Root" and p.limit == 1000 and dict(p.rules) == dict(base.rules)
    assert set(p.origin.values()) == {"kept"}
    assert p.fingerprint != base.fingerprint  # the limit decides scores, so it is fingerprinted


def test_add_amend_remove(tmp_path: Path, root: Path) -> None:
    child = write(
        tmp_path,
        "child.toml",
        """
id = "child"
extends = "root.toml"
label = "Child"
remove = ["test.beta"]
[amend."test.alpha"]
points = 4
[add."test.gamma"]
name = "Gamma"
limit = 0.5
""",
    )
    p = load_profile(str(child))
    assert p.origin == {"test.alpha": "amended", "test.gamma": "added"}
    assert p.removed == ("test.beta",)
    assert p.rules["test.alpha"].value == 4 and p.rules["test.alpha"].name == "Alpha"
    assert p.rules["test.alpha"].excludes == ()  # its edge pointed at the removed rule
    table = profile_table(p)
    assert [r["status"] for r in table["rules"]] == ["amended", "added"]
    text = table_text(p)
    assert "~ test.alpha" in text and "+ test.gamma" in text and "- test.beta" in text
    diff = profile_diff(load_profile(str(root)), p)
    assert diff["only_in_a"] == ["test.beta"] and diff["only_in_b"] == ["test.gamma"]
    assert diff["changed"][0]["fields"]["points"] == [2, 4]


def test_identical_resolutions_share_a_fingerprint(tmp_path: Path, root: Path) -> None:
    copy = write(tmp_path, "copy.toml", ROOT.replace('label = "Root"', 'label = "Another name"'))
    assert load_profile(str(copy)).fingerprint == load_profile(str(root)).fingerprint


def test_with_limit_overrides(root: Path) -> None:
    p = load_profile(str(root))
    assert p.with_limit(None) is p
    assert p.with_limit(1000).limit == 1000


def test_rulebook_lists_values_sources_and_notes(root: Path) -> None:
    text = rulebook_text(rulebook_for(load_profile(str(root))))
    assert "Alpha  (test.alpha): 2 points" in text and "Source: book, p. 1" in text
    assert "Not counted with it: Beta [book, p. 2]" in text and "Standing Hand lock" in text


BAD = [
    pytest.param('label = "x"\narithmetic = "classical"\n', "field 'id' is required", id="missing-id"),
    pytest.param('colour = "red"\n' + ROOT, "unknown field 'colour'", id="unknown-top-field"),
    pytest.param(ROOT.replace("points = 2", "points = 2\nvalue = 3"), "rule 'test.alpha': unknown field 'value'",
                 id="unknown-rule-field"),
    pytest.param(ROOT.replace("points = 2", 'points = "two"'),
                 "rule 'test.alpha': field 'points' must be a whole number", id="value-not-number"),
    pytest.param(ROOT.replace("points = 2", "points = 2\ndoubles = 1"), "needs exactly one value field",
                 id="two-values"),
    pytest.param(ROOT.replace('applies = "winner"', 'applies = "east"'), "field 'applies' must be one of",
                 id="bad-applies"),
    pytest.param(ROOT.replace('"test.beta"]\nname', '"test.nonesuch"]\nname'), "no recogniser of that id",
                 id="unsupported-rule"),
    pytest.param(ROOT.replace('rule = "test.beta"', 'rule = "test.gamma"'),
                 "'test.gamma' is not a rule of this profile", id="edge-to-missing-rule"),
    pytest.param(ROOT.replace('applies = "winner"', 'applies = "winner"\nexcludes = ["test.alpha"]'),
                 "form a cycle", id="cycle"),
    pytest.param(ROOT.replace('arithmetic = "classical"', 'arithmetic = "bingo"'), "field 'arithmetic' must be one of",
                 id="bad-arithmetic"),
    pytest.param(ROOT.replace("limit = 500", "limit = -5"), "field 'limit' must be a whole number from 1",
                 id="negative-limit"),
    pytest.param("id = [", "not valid TOML", id="not-toml"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_root_files_name_file_rule_and_field(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, "bad.toml", text)
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert message in err.value.message
    assert str(path) in err.value.message


BAD_CHILD = [
    pytest.param('remove = ["test.gamma"]', "rule 'test.gamma': field 'remove': the parent root has no such rule",
                 id="remove-missing"),
    pytest.param('[amend."test.gamma"]\npoints = 1', "field 'amend': the parent root has no such rule",
                 id="amend-missing"),
    pytest.param('[add."test.alpha"]\nname = "A"\npoints = 1', "the parent already has it; use amend",
                 id="add-existing"),
    pytest.param('[rules."test.gamma"]\nname = "G"\npoints = 1', "changes rules with add/amend/remove",
                 id="rules-in-child"),
    pytest.param('arithmetic = "mcr"', "a child keeps its parent's arithmetic", id="change-arithmetic"),
]


@pytest.mark.parametrize(("body", "message"), BAD_CHILD)
def test_bad_child_files(tmp_path: Path, root: Path, body: str, message: str) -> None:
    path = write(tmp_path, "child.toml", f'id = "child"\nextends = "root.toml"\n{body}\n')
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert message in err.value.message


def test_extends_loop_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", 'id = "a"\nextends = "b.toml"\n')
    write(tmp_path, "b.toml", 'id = "b"\nextends = "a.toml"\n')
    with pytest.raises(ProfileError, match="loop"):
        load_profile(str(tmp_path / "a.toml"))


def test_unknown_builtin_profile_lists_the_known_ones() -> None:
    with pytest.raises(ProfileError, match="unknown profile 'nonesuch'"):
        load_profile("nonesuch")


def test_hits_helpers() -> None:
    assert Hits.times(2).count == 2 and not NONE and Hits.when(True).count == 1


def test_an_edited_parent_is_read_again(tmp_path: Path, root: Path) -> None:
    import os

    club = write(tmp_path, "club.toml", 'id = "club"\nextends = "root.toml"\n')
    assert load_profile(str(club)).limit == 500
    root.write_text(ROOT.replace("limit = 500", "limit = 700"), encoding="utf-8")
    later = root.stat().st_mtime_ns + 10**9
    os.utime(root, ns=(later, later))
    assert load_profile(str(club)).limit == 700


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param("[shapes]\nseven_pairs_four_of_kind = true", "[shapes] unknown field 'seven_pairs_four_of_kind'",
                     id="misspelt-shape-option"),
        pytest.param("[policies]\naccount_once_method = 'exhaustive'", "[policies] unknown field 'account_once_method'",
                     id="misspelt-policy"),
        pytest.param('[amend."test.alpha"]\nparams = { combine = true }', "params: unknown field 'combine'",
                     id="misspelt-param"),
    ],
)
def test_unknown_table_keys_are_refused(tmp_path: Path, root: Path, body: str, message: str) -> None:
    path = write(tmp_path, "child.toml", f'id = "child"\nextends = "root.toml"\n{body}\n')
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert message in err.value.message


def test_a_known_key_may_carry_its_source(tmp_path: Path, root: Path) -> None:
    path = write(tmp_path, "child.toml", 'id = "child"\nextends = "root.toml"\n[shapes]\nmax_chows = 1\n'
                 'max_chows_source = "BMJA rules"\n')
    assert load_profile(str(path)).shapes["max_chows_source"] == "BMJA rules"
