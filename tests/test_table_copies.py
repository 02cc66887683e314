"""The hands of one deal together (src/mahjong_arbiter/table/copies.py): no kind more than four
times across the players' hands, no bonus tile in two hands.

Each hand used to be checked alone, so a deal holding seven 1m was scored, settled and stored.
Every face goes through :func:`mahjong_arbiter.table.evidence.score_hands` (``settle``, ``game
hand`` and ``game draw``, the web's game routes, replay): the refusal is tested there, then
through the CLI (exit 2) and the web API (422), and a ledger written before the check still
replays.  The counts are the hands' own tiles, counted by hand in each case.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_arbiter.cli import main
from mahjong_arbiter.errors import ArbiterError, NotWinningError
from mahjong_arbiter.hand import Hand
from mahjong_arbiter.notation import format_hand, parse_hand
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.table.evidence import score_hands, split_evidence
from mahjong_arbiter.table.facts import parse_facts
from mahjong_arbiter.tiles import Tile
from mahjong_arbiter.web import ServerConfig, create_app
from notation_strategies import hands_with_bonus

# The exploratory tester's three deals (South wins on West's discard).
SEVEN_1M = {"S": "111m222m333m444mSS", "W": "111m2p3p4p5p6p7p8p9pE", "N": "1m3s3s"}
SIX_5M = {"S": "[555m,1][777p,1]333s444mSS", "W": "[555m,1]123p456p7sE"}
FIVE_E = {"S": "[EEE,1]222m333m444mSS", "W": "EE2p3p4p5p6p7p8p9p1s"}


def scored(hands: dict[str, str], *, partial: tuple[str, ...] = (), **facts: Any) -> Any:
    """score_hands on settle-style facts (Buzzard 2000, South wins on West's discard)."""
    raw = {"profile": "buzzard-2000", "winner": "S", "discarder": "W", "hands": hands, "partial": list(partial)}
    evidence, rest = split_evidence({**raw, **facts})
    parsed = parse_facts(rest)
    profile = load_profile(parsed.profile)
    return score_hands(parsed, evidence, profile, limit=profile.limit, prevailing="E")


def refusal(hands: dict[str, str], **kwargs: Any) -> ArbiterError:
    with pytest.raises(ArbiterError) as caught:
        scored(hands, **kwargs)
    return caught.value


@pytest.mark.parametrize(
    ("hands", "partial", "message"),
    [
        # S 111m (3), W 111m (3), N 1m (1)
        pytest.param(SEVEN_1M, ("W", "N"), "7 copies of 1m across the hands (S: 3, W: 3, N: 1)", id="seven-1m"),
        # two exposed pungs of 5m, one in each hand
        pytest.param(SIX_5M, ("W",), "6 copies of 5m across the hands (S: 3, W: 3)", id="six-5m-melds"),
        # S's exposed pung of E, W's pair
        pytest.param(FIVE_E, ("W",), "5 copies of E across the hands (S: 3, W: 2)", id="five-E"),
        # a kong counts its four tiles: W's kong of 2m and S's concealed pung
        pytest.param(
            {"S": "111m222m333m444mSS", "W": "[2222m]5p6p7p8p9p1s"}, ("W",),
            "7 copies of 2m across the hands (S: 3, W: 4)", id="kong-counts-four",
        ),
        # the winning tile counts: S's last S is the fifth with W's three
        pytest.param(
            {"S": "111m222m333m444mSS", "W": "SSS5p6p7p8p9p"}, ("W",),
            "5 copies of S across the hands (S: 2, W: 3)", id="winning-tile-counts",
        ),
        # every kind over four is named, in tile order
        pytest.param(
            {"S": "111m222m333m444mSS", "W": "111m222m5p"}, ("W",),
            "6 copies of 1m across the hands (S: 3, W: 3) and 6 copies of 2m (S: 3, W: 3)", id="two-kinds",
        ),
    ],
)
def test_a_deal_with_more_than_four_of_a_kind_is_refused(
    hands: dict[str, str], partial: tuple[str, ...], message: str
) -> None:
    error = refusal(hands, partial=partial)
    assert error.code == "fifth_copy"
    assert error.message == f"hands: {message}; there are only 4 of each kind"


def test_each_bonus_tile_is_in_one_hand_only() -> None:
    hands = {"S": "111m222m333m444mSS{f1,s2}", "W": "5p6p7p{f1}", "N": "8p{s2}"}
    error = refusal(hands, partial=("W", "N"))
    assert error.code == "bad_flowers"
    assert error.message == "hands: bonus tile f1 is in 2 hands (S and W); each flower and season exists once"


def test_a_deal_that_fits_is_scored() -> None:
    # four 1m exactly (S 3, W 1), four S (S 2, W 2), different bonus tiles
    out = scored({"S": "111m222m333m444mSS{f1}", "W": "1mSS5p6p7p{f2}"}, partial=("W",))
    assert out.facts.score("S") > 0 and out.refused is None


def test_the_deal_is_checked_before_the_winner_is_scored() -> None:
    # S does not win, and the deal holds five E: bad input (exit 2) comes before "does not win" (exit 1)
    error = refusal({"S": "1m4m7m2p5p8p3s6s9sEESWN", "W": "EEE5p"}, partial=("W",), self_drawn=True, discarder=None)
    assert error.code == "fifth_copy"
    with pytest.raises(NotWinningError):
        scored({"S": "1m4m7m2p5p8p3s6s9sEESWN", "W": "E5p"}, partial=("W",), self_drawn=True, discarder=None)


# ---- the faces --------------------------------------------------------------------------------------------
@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "games.sqlite3")
    players = ["--players", "Ann", "Bob", "Cat", "Dan"]
    assert main(["game", "new", "--db", path, "--profile", "buzzard-2000", *players]) == 0
    return path


def _hand_argv(db: str, hands: dict[str, str], partial: tuple[str, ...]) -> list[str]:
    names = {"E": "Ann", "S": "Bob", "W": "Cat", "N": "Dan"}
    argv = ["game", "hand", "--db", db, "--winner", "Bob", "--discarder", "Cat"]
    for seat, text in hands.items():
        argv += ["--hand", f"{names[seat]}={text}"]
    for seat in partial:
        argv += ["--partial", names[seat]]
    return argv


@pytest.mark.parametrize("preview", [pytest.param(True, id="preview"), pytest.param(False, id="record")])
def test_game_hand_refuses_the_deal(db: str, preview: bool, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    argv = _hand_argv(db, SEVEN_1M, ("W", "N")) + (["--preview"] if preview else [])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "7 copies of 1m across the hands (S (Bob): 3, W (Cat): 3, N (Dan): 1); there are only 4" in err
    assert main(["game", "show", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == []


def test_settle_refuses_the_deal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    facts = {"profile": "buzzard-2000", "winner": "S", "discarder": "W", "hands": FIVE_E, "partial": ["W"]}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(facts)))
    assert main(["settle", "--json"]) == 2
    assert "5 copies of E across the hands (S: 3, W: 2)" in capsys.readouterr().err


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db=tmp_path / "web.sqlite3", extra_hosts=("testserver",)))) as test:
        yield test


@pytest.mark.parametrize("preview", [pytest.param(True, id="preview"), pytest.param(False, id="record")])
def test_the_web_api_refuses_the_deal(client: TestClient, preview: bool) -> None:
    new = client.post("/api/games", json={"profile": "buzzard-2000", "players": ["Ann", "Bob", "Cat", "Dan"]})
    gid = new.json()["game"]["id"]
    body = {"winner": "S", "discarder": "W", "hands": SEVEN_1M, "partial": ["W", "N"], "preview": preview}
    response = client.post(f"/api/games/{gid}/hands", json=body)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "fifth_copy"
    assert "7 copies of 1m across the hands (S (Bob): 3, W (Cat): 3, N (Dan): 1)" in error["message"]
    assert client.get(f"/api/games/{gid}").json()["hands"] == []


def test_a_ledger_recorded_before_the_check_still_replays(
    db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Record the five-E deal as the old code did (no check across hands), then a valid hand.
    with monkeypatch.context() as old:
        old.setattr("mahjong_arbiter.table.evidence.deal_tiles_problem", lambda hands, who: None)
        assert main(_hand_argv(db, FIVE_E, ("W",))) == 0
    assert main(["game", "hand", "--db", db, "--winner", "Bob", "--self-drawn", "--score", "Bob=10"]) == 0
    capsys.readouterr()
    assert main(["game", "show", "--db", db, "--json"]) == 0
    before = json.loads(capsys.readouterr().out)
    assert len(before["hands"]) == 2
    # Replay names the impossible deal (a difference: exit 1), recomputes it as stored, goes on to
    # hand 2, and changes nothing stored.
    assert main(["game", "replay", "--db", db]) == 1
    out = capsys.readouterr().out
    assert "hand 1: its hands would be refused now (hands: 5 copies of E across the hands" in out
    assert "no longer settle" not in out and "hand 2" not in out
    assert main(["game", "show", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == before


# ---- the property: no accepted deal implies a fifth copy --------------------------------------------------
# The winner holds one of these winning hands (Buzzard 2000 fixture hands); the other seats draw any
# legal thirteen-tile or partial hand with bonus tiles, each legal alone.
WINNERS = ("[555m,1][777p,1]333s444mSS", "[234m,1][8888m,1]567p345s9s9s", "123m456p789s234sEE")


def _tiles(hand: Hand, bonus: tuple[Tile, ...]) -> Counter[Tile]:
    return Counter(hand.all_tiles) + Counter(bonus)


@settings(max_examples=60)
@given(
    st.sampled_from(WINNERS),
    st.lists(hands_with_bonus(shape="partial") | hands_with_bonus(shape="thirteen"), min_size=1, max_size=3),
)
def test_no_accepted_deal_implies_a_fifth_copy(winner: str, losers: list[tuple[Hand, tuple[Tile, ...]]]) -> None:
    seats = ("E", "W", "N")[: len(losers)]
    hands = {"S": winner} | {s: format_hand(h, b) for s, (h, b) in zip(seats, losers, strict=True)}
    partial = tuple(s for s, (h, _) in zip(seats, losers, strict=True) if h.size < 13)
    held = _tiles(parse_hand(winner).hand, ()) + sum((_tiles(h, b) for h, b in losers), Counter())
    fits = all(n <= (1 if t.is_bonus else 4) for t, n in held.items())
    try:
        out = scored(hands, partial=partial)
    except ArbiterError as exc:
        assert (exc.code in ("fifth_copy", "bad_flowers")) == (not fits), exc.message
        return
    assert fits and out.refused is None
