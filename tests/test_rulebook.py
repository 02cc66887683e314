"""The players' rulebook: every example hand scores its rule under its profile, and entries are checked at load.

The example hands were built by hand from each rule's definition (docs/sources.md names the
documents); here the engine scores them.  An example passes when its rule counts on the best
reading (a rule worth nothing, a hand the source puts out of scope, passes when it holds and the
result names it), the hand is a legal win (at the profile's minimum), and every rule it says it
suppresses is suppressed by it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_arbiter.errors import ProfileError
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.profiles.rulebook import Example, rulebook_for
from mahjong_arbiter.result import Result
from mahjong_arbiter.scoring import score


def _cases() -> list[tuple[str, str, int]]:
    cases = []
    for pid in builtin_profile_ids():
        book = rulebook_for(load_profile(pid))
        for rid, entry in book.entries.items():
            cases.extend((pid, rid, i) for i in range(len(entry.examples)))
    return cases


def _counted(result: Result, rule_id: str, value: float) -> bool:
    if any(item.id == rule_id for item in result.items):
        return True
    # a rule worth nothing adds no item; the result names it in a note instead
    return value == 0 and any(note.startswith(load_name(result.profile, rule_id) + ":") for note in result.notes)


def load_name(pid: str, rule_id: str) -> str:
    return load_profile(pid).rules[rule_id].name


@pytest.mark.parametrize(("pid", "rid", "index"), _cases())
def test_example_scores_its_rule(pid: str, rid: str, index: int) -> None:
    profile = load_profile(pid)
    example: Example = rulebook_for(profile).entries[rid].examples[index]
    record = example.record()
    result = score(record.hand, record.context, profile)
    counted = [f"{i.id} x{i.count}" for i in result.items]
    if example.outranked_by:  # a rule always outranked: it holds, and that rule suppresses it
        assert (rid, example.outranked_by) in [(s.id, s.by) for s in result.suppressed], (
            f"{pid}: example {example.hand!r}: {rid} is not suppressed by {example.outranked_by}"
        )
        return
    assert _counted(result, rid, profile.rules[rid].value), (
        f"{pid}: example {example.hand!r} of {rid}: the rule does not count; counted: {counted}"
    )
    assert result.fields.get("minimum_met", True), f"{pid}: example {example.hand!r} of {rid} is below the minimum"
    edges = {e.target for e in (*profile.rules[rid].excludes, *profile.rules[rid].implies)}
    by = [(s.id, s.by) for s in result.suppressed]
    for target in example.suppresses:
        if example.origin != pid and target not in edges:
            continue  # this child profile dropped the edge its parent's example shows
        assert (target, rid) in by, f"{pid}: example {example.hand!r}: {target} is not suppressed by {rid}; {by}"


# --- loading checks ---------------------------------------------------------------------------------------
def _house(tmp_path: Path, rulebook: str) -> Path:
    profile = tmp_path / "club.toml"
    profile.write_text('id = "club"\nextends = "hk-gameweave"\n[amend."hk.self-drawn"]\nfaan = 2\n', encoding="utf-8")
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "club.toml").write_text(rulebook, encoding="utf-8")
    return profile


def test_a_house_profile_inherits_entries_and_adds_examples(tmp_path: Path) -> None:
    text = '[rules."hk.self-drawn"]\nexamples = [{ hand = "123m456p789s234m55s", self_drawn = true }]\n'
    path = _house(tmp_path, text)
    book = rulebook_for(load_profile(path))
    assert [e.hand for e in book.entries["hk.self-drawn"].examples] == ["123m456p789s234m55p", "123m456p789s234m55s"]
    assert book.summary("hk.legal-win") == rulebook_for(load_profile("hk-gameweave")).summary("hk.legal-win")
    assert book.missing() == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[rules."hk.no-such-rule"]\nsummary = "x"\nexamples = [{ hand = "123m456p789s234m55p" }]\n',
         "not a rule of profile club"),
        ('[rules."hk.self-drawn"]\nsummary = "x"\n', "field 'examples' is required"),
        ('[rules."hk.self-drawn"]\nsummary = "x"\nexamples = []\n', "non-empty list"),
        ('[rules."hk.self-drawn"]\nsummary = "x"\nwords = "y"\nexamples = [{ hand = "123m456p789s234m55p" }]\n',
         "unknown field 'words'"),
        ('[rules."hk.self-drawn"]\nexamples = [{ hand = "123m456p789s234m55p", windy = true }]\n',
         "unknown field 'windy'"),
        ('[rules."hk.self-drawn"]\nexamples = [{ hand = "123m456p789s234m5x" }]\n', "the hand does not read"),
        ('[rules."hk.self-drawn"]\nexamples = [{ hand = "123m456p789s234m5p" }]\n', "an example is a winning hand"),
        ('[rules."hk.self-drawn"]\nsummary = "see :func:`score`"\nexamples = [{ hand = "123m456p789s234m55p" }]\n',
         "developer markup"),
        ('[rules."hk.self-drawn"]\nexamples = [{ hand = "123m456p789s234m55p", suppresses = ["hk.x"] }]\n',
         "'hk.x' is not a rule"),
        ('preface = "x"\n', "unknown field 'preface'"),
    ],
)
def test_a_bad_rulebook_file_is_refused_with_file_rule_and_field(tmp_path: Path, text: str, message: str) -> None:
    path = _house(tmp_path, text)
    with pytest.raises(ProfileError, match="club.toml") as info:
        rulebook_for(load_profile(path))
    assert message in info.value.message


def test_an_added_rule_needs_a_summary(tmp_path: Path) -> None:
    profile = tmp_path / "club.toml"
    profile.write_text(
        'id = "club"\nextends = "hk-gameweave"\n[add."hk.robbing-kong"]\nname = "Robbing a Kong"\nfaan = 1\n'
        'applies = "winner"\nsource = "our choice: a test"\n',
        encoding="utf-8",
    )
    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "club.toml").write_text(
        '[rules."hk.robbing-kong"]\nexamples = [{ hand = "123m456p789s234m55p", kong_related = true }]\n',
        encoding="utf-8",
    )
    with pytest.raises(ProfileError, match="field 'summary' is required"):
        rulebook_for(load_profile(profile))


# --- the command ------------------------------------------------------------------------------------------
def test_rules_prints_the_rulebook_one_entry_and_a_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.cli import main

    assert main(["rules", "hk-gameweave"]) == 0
    text = capsys.readouterr().out
    assert "Full flush 清一色  (hk.pure-one-suit): 7 faan" in text
    assert "Every tile of one suit, with no winds or dragons." in text
    assert "Example: [123m,1][456m,1][789m,1][234m,1]55m" in text

    assert main(["rules", "hk-gameweave", "FULL FLUSH"]) == 0
    one = capsys.readouterr().out
    assert one.startswith("Full flush") and "The examples, scored:" in one and "Half flush" not in one

    out = tmp_path / "book.html"
    assert main(["rules", "hk-gameweave", "--format", "html", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    book = rulebook_for(load_profile("hk-gameweave"))
    assert page.count('<div class="example">') == sum(len(e.examples) for e in book.entries.values())
    assert "default-src 'none'" in page and '<svg class="tile winning"' in page  # drawn by notation/svg
    assert '<symbol id="mt-' in page and "<script" not in page  # the faces it shows, in the page itself


def test_rules_json_gives_the_entry_its_edges_and_each_example_scored(capsys: pytest.CaptureFixture[str]) -> None:
    """Green Book 2006, fan 63: All Chows, 2 points, 平和; it is not counted with No Honors, and Pure
    Terminal Chows (fan 39) and Three-Suited Terminal Chows (fan 40) are not counted with it."""
    import json

    from mahjong_arbiter.cli import main

    assert main(["rules", "mcr", "all chows", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["profile"] == "mcr" and doc["minimum"] == 8 and doc["limit"] is None and len(doc["rules"]) == 1
    rule = doc["rules"][0]
    expected = ("mcr.all-chows", "平和", 2, "2 points")
    assert (rule["id"], rule["name_native"], rule["value"], rule["value_text"]) == expected
    assert [r for group in (*rule["excludes"], *rule["implies"]) for r in group["rules"]] == ["mcr.no-honors"]
    assert sorted(rule["suppressed_by"]) == ["mcr.pure-terminal-chows", "mcr.three-suited-terminal-chows"]
    assert rule["examples"]
    assert all("mcr.all-chows" in [i["id"] for i in e["result"]["items"]] for e in rule["examples"])

    assert main(["rules", "bmja", "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in whole["rules"]] == list(load_profile("bmja").rules)
    assert all(r["summary"] and r["examples"] and "result" not in r["examples"][0] for r in whole["rules"])
    assert whole["limit"] == 1000 and "concealed_double_honours" in [c["key"] for c in whole["choices"]]


def test_rules_names_a_near_miss(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.cli import main

    assert main(["rules", "hk-gameweave", "full flsh"]) == 2
    assert "did you mean 'Full flush'" in capsys.readouterr().err


# --- completeness -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("pid", builtin_profile_ids())
def test_every_rule_of_a_builtin_profile_has_an_entry(pid: str) -> None:
    assert rulebook_for(load_profile(pid)).missing() == []


@pytest.mark.parametrize("pid", builtin_profile_ids())
def test_every_rule_that_excludes_or_implies_shows_it_in_an_example(pid: str) -> None:
    profile = load_profile(pid)
    book = rulebook_for(profile)
    unshown = []
    for rid, rule in profile.rules.items():
        edges = {e.target for e in (*rule.excludes, *rule.implies)}
        shown = {t for ex in book.entries[rid].examples for t in ex.suppresses}
        if edges and not edges & shown:
            unshown.append(rid)
    assert unshown == [], f"{pid}: no example shows what these rules exclude or imply"
