"""The event registry (issue 11 §1; issue 12 §4): one meaning per fact, impossible facts refused as
bad input, and what each fact earns derived from the rules and checked against the scores."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_arbiter.cli import main
from mahjong_arbiter.errors import HandError, NotWinningError
from mahjong_arbiter.events import EVENT_NAMES, FACTS, Example, _load, holds, implied_events, validate_context
from mahjong_arbiter.hand import KNOWN_EVENTS, Context, Hand
from mahjong_arbiter.notation import parse_hand
from mahjong_arbiter.profiles.events import earned_by, registry_markdown
from mahjong_arbiter.profiles.loader import builtin_profile_ids, load_profile
from mahjong_arbiter.rules.registry import get_rule, known_rule_ids
from mahjong_arbiter.scoring import score
from mahjong_arbiter.tiles import WINDS, counts_of
from notation_strategies import hands

ROOT = Path(__file__).resolve().parent.parent


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# ---- the reproductions: each scored before, each is bad input now ------------------------------
@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        pytest.param(
            ["[SSSS][234p,1]567s789m11m", "--profile", "mcr", "--kong"],
            ["Robbing a kong", "1m twice", "5 copies"],
            id="mcr-robbing-with-1m-in-hand",
        ),
        pytest.param(
            ["[SSSS][234p,1]567s789mCC", "--win", "C", "--profile", "buzzard-2000", "--kong"],
            ["Robbing a kong", "C twice", "5 copies"],
            id="buzzard-robbing-with-C-in-hand",
        ),
        pytest.param(
            ["[SSSS][234p,1]567s789mCC", "--win", "C", "--profile", "hk-old-style", "--kong"],
            ["Robbing a kong", "C twice", "5 copies"],
            id="hk-robbing-with-C-in-hand",
        ),
        pytest.param(
            ["1112345567899p9p", "--profile", "bmja", "--kong"],
            ["Robbing a kong", "9p 3 times", "6 copies"],
            id="bmja-gates-on-a-robbed-9p",
        ),
        pytest.param(
            ["222s333s444sCCC55s", "--profile", "buzzard-2000", "--event", "heavens_blessing"],
            ["Heaven's Blessing", "needs a self-drawn win"],
            id="heavens-blessing-on-a-discard",
        ),
        pytest.param(
            ["222s333s444sCCC55s", "--profile", "bmja", "--seat", "S", "--self-drawn", "--event", "heavens_blessing"],
            ["Heaven's Blessing", "needs seat E, not S"],
            id="heavens-blessing-for-south",
        ),
        pytest.param(
            ["[222s,1]333s444sCCC55s", "--profile", "bmja", "--seat", "S", "--event", "earths_blessing"],
            ["Earth's Blessing", "1 declared set ([2s2s2s])"],
            id="earths-blessing-with-a-claimed-pung",
        ),
        pytest.param(
            ["[SSSS]567s789m11m234p", "--profile", "bmja", "--kong", "--self-drawn", "--event", "twofold_fortune"],
            ["Twofold Fortune", "at least 2 declared kongs; the hand declares 1"],
            id="twofold-fortune-with-one-kong",
        ),
    ],
)
def test_impossible_facts_are_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    status, out, err = _run(capsys, "score", *argv)
    assert status == 2 and out == ""
    for fragment in fragments:
        assert fragment in err, err


def test_a_batch_line_with_an_impossible_fact_is_a_bad_context_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    line = {"id": "r", "concealed": ["1m", "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "1m"],
            "winning_tile": "1m", "kong_related": True}
    path = tmp_path / "hands.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    status, out, _ = _run(capsys, "score", "--input", str(path), "--profile", "mcr")
    result = json.loads(out)
    assert status == 2 and result["id"] == "r" and result["error"]["code"] == "bad_context"
    assert "1m 3 times" in result["error"]["message"]


def test_robbing_a_kong_on_a_single_copy_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    # Green Book 2006, fan 47: 8 points; the 3m robbed completes 12m3m and is the winner's only 3m
    status, out, _ = _run(capsys, "score", "[SSSS]567s789m11m12p3p", "--profile", "mcr", "--kong", "--json")
    assert status == 0 and "mcr.robbing-the-kong" in {i["id"] for i in json.loads(out)["items"]}


def test_earths_blessing_earns_the_codification_gift_from_earth(capsys: pytest.CaptureFixture[str]) -> None:
    # Codification, Special hands 2: "going Mahjong before your first turn is over (anyone except
    # East)"; a win on East's first discard is one: the limit, 500 (it scored 24 before)
    argv = ["123m456m789p333s66s", "--profile", "codification", "--seat", "S", "--event", "earths_blessing", "--json"]
    status, out, _ = _run(capsys, "score", *argv)
    result = json.loads(out)
    assert status == 0 and result["total"] == 500
    assert [i["id"] for i in result["items"]] == ["score.limit.gift-from-earth"]


def test_first_turn_win_does_not_earn_earths_blessing() -> None:
    # BMJA rules, Special hands: Earth's Blessing is a win on East's first discard only; a win on
    # one's first draw is not it (one event, one meaning)
    hand = parse_hand("123m555p777sCCC9m9m").hand
    result = score(hand, Context(seat_wind="S", self_drawn=True, events=frozenset({"first_turn_win"})), "bmja")
    assert "score.limit.earths-blessing" not in {i.id for i in result.items}
    assert any("first turn" in note and "earns nothing under bmja" in note for note in result.notes)


@pytest.mark.parametrize("profile", ["mcr", "hk-old-style"])
def test_an_event_the_profile_does_not_score_is_named_in_the_notes(
    capsys: pytest.CaptureFixture[str], profile: str
) -> None:
    argv = ["123m456m789mEEE55m", "--self-drawn", "--event", "heavens_blessing", "--profile", profile, "--json"]
    status, out, _ = _run(capsys, "score", *argv)
    notes = json.loads(out)["notes"]
    assert status == 0
    assert f"Heaven's Blessing (--event heavens_blessing) earns nothing under {profile}" in " ".join(notes)


def test_a_scored_fact_gets_no_such_note() -> None:
    hand = parse_hand("123m555p777sCCC9m9m").hand
    result = score(hand, Context(self_drawn=True, events=frozenset({"heavens_blessing"})), "bmja")
    assert not any("earns nothing" in note for note in result.notes)


def test_mcr_last_tile_with_a_copy_in_hand_is_not_scored_and_says_why() -> None:
    # Green Book 2006, fan 58 (MIL reading N14): physically possible, merely not scored
    hand = parse_hand("123m456m789p234s6s6s").hand
    result = score(hand, Context(last_of_kind=True), "mcr")
    assert "mcr.last-tile" not in {i.id for i in result.items}
    assert any("Last Tile" in note and "6s stands twice" in note for note in result.notes)
    # the profile's own note says why: no second, general note
    assert not any("earns nothing" in note for note in result.notes)


def test_a_fact_whose_rules_fail_on_this_hand_gets_a_note() -> None:
    # Codification scores the last possible tile only when it is the only tile that completes the
    # hand: 23m waits on 1m and 4m, and EE 11p on E and 1p, so the fact earns nothing and says so
    for text in ("23m456p789sEEE11p1m", "123m456m789m11pEEE"):
        result = score(parse_hand(text).hand, Context(last_of_kind=True), "codification")
        assert "score.bonus.last-possible" not in {i.id for i in result.items}
        assert any(n.startswith("Last of its kind (--last-of-kind) earns nothing on this hand under codification: "
                                "Mahjong on last possible tile does not hold") for n in result.notes)
    # where it holds (13m waits on 2m alone) there is no such note
    held = score(parse_hand("13m456p789sEEE11p2m").hand, Context(last_of_kind=True), "codification")
    assert "score.bonus.last-possible" in {i.id for i in held.items}
    assert not any("earns nothing" in n for n in held.notes)


# ---- the property: no accepted input implies a fifth copy ------------------------------------------------
@given(
    hands(shape="complete"),
    st.booleans(),
    st.booleans(),
    st.sampled_from(WINDS),
    st.sets(st.sampled_from(EVENT_NAMES)),
    st.integers(0, 8),
)
def test_no_accepted_context_implies_a_fifth_copy(
    hand: Hand, self_drawn: bool, kong: bool, seat: object, events: set[str], flowers: int
) -> None:
    ctx = Context(self_drawn=self_drawn, kong_related=kong, seat_wind=seat, flowers=flowers,  # type: ignore[arg-type]
                  events=frozenset(events))
    try:
        validate_context(hand, ctx)
    except HandError as exc:
        assert exc.code == "bad_context"
        return
    copies = list(counts_of(hand.all_tiles))
    if ctx.robbing_kong and hand.winning_tile is not None:
        copies[hand.winning_tile.index] += 3  # the robbed pung's three copies
    assert max(copies) <= 4


# ---- the registry's data ---------------------------------------------------------------------------------
def test_every_event_name_is_a_fact_of_the_registry() -> None:
    assert set(KNOWN_EVENTS) == set(EVENT_NAMES) == {n for n, f in FACTS.items() if f.kind == "event"}
    assert set(implied_events(frozenset(EVENT_NAMES))) == set(EVENT_NAMES)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param('[fact.x]\nkind = "event"\ntitle = "X"\nmeaning = "m"\nsource = "s"\ncolour = 1\n',
                     "unknown field(s) colour", id="unknown-field"),
        pytest.param('[fact.x]\nkind = "event"\ntitle = "X"\nmeaning = "m"\nsource = "s"\n'
                     'requires = { seat = "E" }\n', "one reason", id="check-without-reason"),
        pytest.param('[fact.x]\nkind = "event"\ntitle = "X"\nmeaning = "m"\nsource = "s"\n'
                     'requires = { luck = 1 }\nbecause = { luck = "l" }\n', "unknown check 'luck'", id="unknown-check"),
        pytest.param('[fact.x]\nkind = "event"\ntitle = "X"\nmeaning = "m"\nsource = "s"\nimplies = ["y"]\n',
                     "implies 'y'", id="implies-unknown"),
        pytest.param('[fact.x]\nkind = "event"\ntitle = "X"\nmeaning = "m"\nsource = "s"\n'
                     'requires = { seat = "Q" }\nbecause = { seat = "q" }\n', "wrong value 'Q'", id="bad-seat"),
    ],
)
def test_the_registry_file_is_checked_at_load(tmp_path: Path, text: str, fragment: str) -> None:
    path = tmp_path / "events.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuntimeError, match="fact x") as caught:
        _load(path)
    assert fragment in str(caught.value)


def test_every_declared_fact_is_in_the_registry() -> None:
    for rid in known_rule_ids():
        assert set(get_rule(rid).facts) <= set(FACTS), rid


def test_the_readme_table_is_the_registry() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = "<!-- events table: generated by `mahjong-arbiter events --format markdown` -->"
    end = "<!-- end of events table -->"
    assert start in readme and end in readme
    table = readme.split(start, 1)[1].split(end, 1)[0].strip("\n") + "\n"
    assert table == registry_markdown([load_profile(p) for p in builtin_profile_ids()])


def test_events_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "events", "--profile", "codification", "--json")
    rows = {r["name"]: r for r in json.loads(out)["events"]}
    assert status == 0 and set(rows) == set(FACTS)
    assert rows["earths_blessing"]["earns"] == {"codification": ["Gift from Earth"]}
    assert rows["robbing_kong"]["refused_when"] == ["the hand holds more than 1 of the winning tile"]


# ---- what a fact earns: the rules' declarations against the scores --------------------------------------
def _example(example: Example) -> tuple[Hand, Context]:
    parsed = parse_hand(example.hand)
    fields = dict(example.context)
    events = frozenset(fields.pop("events", ()))
    return parsed.hand, Context(**fields, bonus_tiles=parsed.bonus_tiles or None, events=events)


def _without(fact: str, hand: Hand, ctx: Context) -> Context:
    """*ctx* with *fact* taken away (a wind fact moves to a wind the hand does not hold)."""
    kind = FACTS[fact].kind
    if kind == "event":
        return replace(ctx, events=ctx.events - {fact})
    if fact in ("robbing_kong", "kong_replacement"):
        return replace(ctx, kong_related=False)
    if fact == "flowers":
        return replace(ctx, flowers=0, bonus_tiles=None)
    if fact in ("seat_wind", "prevailing_wind"):
        other = next(w for w in reversed(WINDS) if w not in hand.all_tiles and w is not getattr(ctx, fact))
        return replace(ctx, **{fact: other})
    return replace(ctx, **{fact: False})


def _held(hand: Hand, ctx: Context, profile_id: str) -> set[str] | None:
    """The rules that held (counted or suppressed), or None when the hand does not win."""
    try:
        result = score(hand, ctx, profile_id)
    except NotWinningError:
        return None
    return {i.id for i in result.items} | {s.id for s in result.suppressed}


@cache
def _earnings() -> dict[str, list[tuple[str, str, frozenset[str]]]]:
    """For each fact, on each example and each profile under which it wins: (example hand, profile,
    the rules that held with the fact and not without it)."""
    found: dict[str, list[tuple[str, str, frozenset[str]]]] = {}
    for name, fact in FACTS.items():
        rows = found.setdefault(name, [])
        for example in fact.examples:
            hand, ctx = _example(example)
            off = _without(name, hand, ctx)
            for pid in builtin_profile_ids():
                with_fact = _held(hand, ctx, pid)
                if with_fact is None:
                    continue
                without = _held(hand, off, pid)
                if without is None:
                    continue  # the fact makes the hand a legal win here (a Gameweave self-drawn win)
                rows.append((example.hand, pid, frozenset(with_fact - without)))
    return found


@pytest.mark.parametrize("name", list(FACTS))
def test_the_examples_hold_and_what_the_fact_earns_is_declared(name: str) -> None:
    fact = FACTS[name]
    assert fact.examples, f"{name} has no example"
    for example in fact.examples:
        hand, ctx = _example(example)
        validate_context(hand, ctx)
        validate_context(hand, _without(name, hand, ctx))
        assert holds(name, ctx), example
    for hand_text, pid, lost in _earnings()[name]:
        declared = {e.id for e in earned_by(load_profile(pid), name)}
        undeclared = lost - declared
        assert not undeclared, f"{name} earns {sorted(undeclared)} under {pid} on {hand_text}, undeclared"


def test_every_declared_fact_earns_its_rule_on_an_example() -> None:
    used = {rid for pid in builtin_profile_ids() for rid in load_profile(pid).rules}
    shown = {(rid, name) for name, rows in _earnings().items() for *_, lost in rows for rid in lost}
    missing = sorted(
        (rid, fact) for rid in used for fact in get_rule(rid).facts if (rid, fact) not in shown
    )
    assert not missing, f"no example shows these (rule, fact) pairs: {missing}"
