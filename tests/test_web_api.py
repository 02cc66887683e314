"""The JSON API through FastAPI's test client: every endpoint with good and bad input, and the
answers equal to the CLI's ``--json`` on the golden hands.

Expectations are the hand-computed ones of tests/fixtures/disputes/golden.toml (hand H =
``[CCC,1]222m555p888s99p``: 25 points under mcr, Green Book 2006 fans 33, 49, 59, 79; 5 faan under
hk-old-style, HK sheet) and of the README's sample hand ``123m456m789m123pEE`` (21 points under
mcr: Pure Straight 16, Concealed Hand 2, Mixed Double Chow 1, One Voided Suit 1, Single Wait 1;
Green Book 2006 fans 28, 62, 70, 75, 79).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_arbiter.cli import main
from mahjong_arbiter.schema import result_schema
from mahjong_arbiter.web import ServerConfig, create_app
from mahjong_arbiter.web.app import CSP

GOLDEN = tomllib.loads((Path(__file__).parent / "fixtures" / "disputes" / "golden.toml").read_text(encoding="utf-8"))
SAMPLE = "123m456m789m123pEE"
H = "[CCC,1]222m555p888s99p"
STRAIGHT = "123456789p123s55m"
THIRTEEN = "1112345678999m"  # the nine gates: waits on every tile of the suit
TOKEN = "secret-token-for-tests"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("web") / "ledger.sqlite3"
    with TestClient(create_app(ServerConfig(db=db, extra_hosts=("testserver",)))) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A server reachable from other machines: writes and uploads need the token."""
    db = tmp_path_factory.mktemp("web") / "ledger.sqlite3"
    config = ServerConfig(db=db, token=TOKEN, host="0.0.0.0")
    with TestClient(create_app(config)) as test_client:
        yield test_client


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    """Run the CLI with ``--json``; its exit status and decoded output."""
    capsys.readouterr()
    status = main([*argv])
    out = capsys.readouterr().out
    return status, json.loads(out) if out.strip() else None


def hand_json(client: TestClient, text: str, **context: Any) -> dict[str, Any]:
    response = client.post("/api/parse", json={"text": text, **context})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


ERROR_LINE = jsonschema.Draft202012Validator({**result_schema(), "$ref": "#/$defs/error_line"})


def error_of(response: Any, status: int = 422, hand_id: str | None = None) -> dict[str, str]:
    """The error of a refused request, whose body is the CLI's error line (the result schema's
    ``error_line``, ``id`` the hand's)."""
    assert response.status_code == status, response.text
    body = response.json()
    ERROR_LINE.validate(body)
    assert body["id"] == hand_id
    error: dict[str, str] = body["error"]
    return error


# --- parse -------------------------------------------------------------------------------------------

def test_the_request_model_of_a_hand_is_the_json_hand_format() -> None:
    from mahjong_arbiter.notation import json_hand
    from mahjong_arbiter.web.models import JsonHand, JsonMeld

    # and the schema_version that parse writes, which the engine's reader accepts too
    fields = tuple(f.alias or n for n, f in JsonHand.model_fields.items())
    assert tuple(f for f in fields if f != "schema_version") == json_hand.FIELDS
    assert tuple(f.alias or n for n, f in JsonMeld.model_fields.items()) == json_hand._MELD_FIELDS


def test_parse_equals_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    status, expected = cli_json(capsys, "parse", "[123p,1][345s,2][999s,3]6m6pEW1m", "--seat", "S", "--json")
    assert status == 0
    assert hand_json(client, "[123p,1][345s,2][999s,3]6m6pEW1m", seat="S") == expected
    assert expected["winning_tile"] == "1m" and expected["seat_wind"] == "S"


def test_parse_refuses_with_the_engines_message(client: TestClient) -> None:
    error = error_of(client.post("/api/parse", json={"text": "11111m23456789p"}))
    assert error["code"] == "fifth_copy" and "5 copies of 1m" in error["message"]
    error = error_of(client.post("/api/parse", json={"text": SAMPLE, "seat": "X"}))
    assert error["code"] == "bad_request" and "seat" in error["message"]
    error = error_of(client.post("/api/parse", json={"text": SAMPLE, "colour": "red"}))
    assert error["code"] == "bad_request" and "colour" in error["message"]


# --- score -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", [c for c in GOLDEN["right"] if c["profile"] in ("mcr", "bmja", "hk-old-style")],
                         ids=lambda c: c["profile"])
def test_score_golden_hand_equals_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str],
                                          case: dict[str, Any]) -> None:
    status, expected = cli_json(capsys, "score", case["hand"], "--profile", case["profile"], "--json")
    body = {"hand": hand_json(client, case["hand"]), "profile": case["profile"]}
    response = client.post("/api/score", json=body)
    assert response.status_code == 200 and status == 0
    assert response.json() == expected
    assert expected["total"] == case["total"]  # hand-computed: 25 mcr, 144 bmja, 5 faan hk-old-style


def test_score_sample_hand_is_21(client: TestClient) -> None:
    data = client.post("/api/score", json={"hand": hand_json(client, SAMPLE)}).json()
    assert data["total"] == 21 and data["profile"] == "mcr"
    assert {i["name"]: i["points"] for i in data["items"]} == {
        "Pure Straight": 16, "Concealed Hand": 2, "Mixed Double Chow": 1, "One Voided Suit": 1, "Single Wait": 1,
    }


def test_score_not_winning_and_below_minimum_are_answers(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    # 123456789m 123p E S: fourteen tiles, no pair: not a winning hand (CLI exit 1)
    hand = hand_json(client, "123456789m123pES")
    status, expected = cli_json(capsys, "score", "123456789m123pES", "--json")
    response = client.post("/api/score", json={"hand": hand})
    assert response.status_code == 200 and status == 1
    assert response.json() == expected and expected["error"]["code"] == "not_winning"
    # 123m 567p 234s 789s 55p on a discard: Concealed Hand 2 + All Chows 2 (Green Book 2006 fans 62,
    # 63) = 4, below the minimum of 8 (§3.11.6.6): the CLI exits 1 and prints the result
    low = "123m567p234s789s55p"
    status, expected = cli_json(capsys, "score", low, "--json")
    response = client.post("/api/score", json={"hand": hand_json(client, low)})
    assert response.status_code == 200 and status == 1
    assert response.json() == expected and expected["minimum_met"] is False


def test_score_bad_input_is_422(client: TestClient) -> None:
    hand = hand_json(client, SAMPLE)
    assert error_of(client.post("/api/score", json={"hand": hand, "profile": "nope"}))["code"] == "unknown_profile"
    error = error_of(client.post("/api/score", json={"hand": hand, "profile": "../../etc/passwd.toml"}))
    assert error["code"] == "unknown_profile" and "not a file" in error["message"]
    bad_tile = {**hand, "concealed": [*hand["concealed"][:-1], "X"]}
    assert error_of(client.post("/api/score", json={"hand": bad_tile}))["code"] == "unknown_tile"
    assert error_of(client.post("/api/score", json={"hand": {**hand, "self_drawn": "yes"}}))["code"] == "bad_request"
    assert error_of(client.post("/api/score", json={"hand": hand, "limit": -5}))["code"] == "bad_request"
    missing = {k: v for k, v in hand.items() if k != "winning_tile"}
    assert error_of(client.post("/api/score", json={"hand": missing}))["code"] == "missing_field"
    response = client.post("/api/score", content=b"{not json", headers={"content-type": "application/json"})
    assert error_of(response)["code"] in ("bad_request", "bad_json")


def test_score_loser_partial(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    # a loser's 11 tiles under bmja: [CCC,1] 222m 55p 88s (BMJA rules, Working out the scores: exposed major pung 4,
    # concealed minor pung 4, pairs score nothing without an honour... as the CLI computes it)
    text = "[CCC,1]222m55p88s"
    status, expected = cli_json(capsys, "score", text, "--loser", "--partial", "--profile", "bmja", "--json")
    hand = client.post("/api/parse", json={"text": text, "partial": True}).json()
    response = client.post("/api/score", json={"hand": hand, "profile": "bmja", "loser": True, "partial": True})
    assert response.status_code == 200 and status == 0
    assert response.json() == expected


# --- readings, waits ---------------------------------------------------------------------------------

def test_readings_equal_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    status, expected = cli_json(capsys, "readings", "111222333m456p77s", "--win", "2m", "--json")
    hand = hand_json(client, "111222333m456p77s", win="2m")
    response = client.post("/api/readings", json={"hand": hand})
    assert response.status_code == 200 and response.json() == expected and status == 0
    assert expected["decompositions"] == 2  # three pungs, or three identical chows
    none = client.post("/api/readings", json={"hand": hand_json(client, "123456789m123pES")}).json()
    assert none["readings"] == [] and none["why_not"]
    assert error_of(client.post("/api/readings", json={"hand": hand, "special": "nonsense"}))["code"]


def test_waits_equal_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    hand = hand_json(client, THIRTEEN)
    status, expected = cli_json(capsys, "waits", THIRTEEN, "--json")
    response = client.post("/api/waits", json={"hand": hand})
    assert response.status_code == 200 and response.json() == expected and status == 0
    assert [w["tile"] for w in expected["waits"]] == [f"{n}m" for n in range(1, 10)]
    status, expected = cli_json(capsys, "waits", THIRTEEN, "--profile", "mcr", "--json")
    scored = client.post("/api/waits", json={"hand": hand, "profile": "mcr"}).json()
    assert scored == expected and all(w["discard"]["total"] >= 88 for w in scored["waits"])  # Nine Gates, fan 1
    status, expected = cli_json(capsys, "waits", SAMPLE, "--profile", "mcr", "--discards", "--json")
    discards = client.post("/api/waits", json={"hand": hand_json(client, SAMPLE), "profile": "mcr", "discards": True})
    assert discards.status_code == 200 and discards.json() == expected
    assert error_of(client.post("/api/waits", json={"hand": hand, "discards": True}))["code"] == "bad_arguments"
    assert error_of(client.post("/api/waits", json={"hand": hand_json(client, SAMPLE)}))["code"] == "tile_count"


# --- explain, verify, compare ------------------------------------------------------------------------

def test_explain_with_why_equals_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in GOLDEN["why"] if c["id"] == "short-straight-suppressed-gb")
    status, expected = cli_json(capsys, "explain", case["hand"], "--profile", "mcr", "--why", case["rule"], "--json")
    body = {"hand": hand_json(client, case["hand"]), "profile": "mcr", "why": case["rule"]}
    data = client.post("/api/explain", json=body).json()
    assert data == expected and status == 0
    assert data["why"]["status"] == case["status"] and data["why"]["by"] == case["by"]
    assert case["source_contains"] in data["why"]["source"]
    assert error_of(client.post("/api/explain", json={**body, "why": "x" * 500}))["code"] == "bad_request"
    typo = error_of(client.post("/api/explain", json={**body, "why": "Short Straights"}))
    assert typo["code"] == "unknown_rule" and "did you mean 'Short Straight'" in typo["message"]


def test_verify_right_and_wrong(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in GOLDEN["wrong"] if c["id"] == "pure-straight-over-claimed")
    claim = ", ".join(case["claim"])
    status, expected = cli_json(capsys, "verify", case["hand"], "--claim-rules", claim, "--json")
    response = client.post("/api/verify", json={"hand": hand_json(client, case["hand"]), "claim": case["claim"]})
    assert response.status_code == 200 and status == 1  # a wrong claim is an answer
    assert response.json() == expected and expected["verdict"] == "wrong"
    assert {d["rule"] for d in expected["differences"] if d["kind"] == "extra"} == set(case["extra"])
    right = client.post("/api/verify", json={"hand": hand_json(client, H), "claim": 25}).json()
    assert right["verdict"] == "right" and right["total"] == 25
    body = b'{"hand": ' + json.dumps(hand_json(client, H)).encode() + b', "claim": NaN}'
    response = client.post("/api/verify", content=body, headers={"content-type": "application/json"})
    error = error_of(response)  # refused by the same decoder as the CLI's --input
    assert error["code"] == "bad_json" and "NaN" in error["message"]
    assert error_of(client.post("/api/verify", json={"hand": hand_json(client, H), "claim": True}))["code"]


def test_compare_equals_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    status, expected = cli_json(capsys, "compare", H, "--profiles", "mcr,hk-old-style", "--json")
    body = {"hand": hand_json(client, H), "profiles": ["mcr", "hk-old-style"]}
    data = client.post("/api/compare", json=body).json()
    assert data == expected and status == 0 and data["totals"] == {"mcr": 25, "hk-old-style": 5}
    assert error_of(client.post("/api/compare", json={**body, "profiles": []}))["code"] == "bad_request"


# --- profiles ----------------------------------------------------------------------------------------

def test_profiles_list_show_diff_equal_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    _, expected = cli_json(capsys, "profiles", "--json")
    assert client.get("/api/profiles").json() == expected
    _, expected = cli_json(capsys, "profiles", "show", "buzzard-2000", "--json")
    assert client.get("/api/profiles/buzzard-2000").json() == expected
    _, expected = cli_json(capsys, "profiles", "diff", "mcr", "mcr-mil", "--json")
    assert client.get("/api/profiles/diff", params={"a": "mcr", "b": "mcr-mil"}).json() == expected
    # the address names the profile to show: one that does not exist is 404, as an unknown game is
    assert error_of(client.get("/api/profiles/nope"), 404)["code"] == "unknown_profile"
    assert error_of(client.get("/api/profiles/club.toml"), 404)["code"] == "unknown_profile"
    assert error_of(client.get("/api/profiles/diff", params={"a": "mcr", "b": "nope"}))["code"] == "unknown_profile"
    assert client.get("/profiles/nope").status_code == 404


# a club that values All Pungs at 4 faan (the HK sheet's 3): hand H scores 6 faan, not 5
HOUSE = 'id = "club"\nextends = "hk-old-style"\nlabel = "Our club"\n[amend."hk.all-pungs"]\nfaan = 4\n'


def test_uploaded_profile_is_checked_and_usable(client: TestClient) -> None:
    data = client.post("/api/profiles", json={"text": HOUSE}).json()
    assert data["id"] == "club" and data["extends"] == "hk-old-style"
    assert next(r for r in data["rules"] if r["id"] == "hk.all-pungs")["status"] == "amended"
    hand = hand_json(client, H)
    scored = client.post("/api/score", json={"hand": hand, "profile": "club", "profile_toml": HOUSE}).json()
    plain = client.post("/api/score", json={"hand": hand, "profile": "hk-old-style"}).json()
    assert scored["profile"] == "club" and (scored["total"], plain["total"]) == (6, 5)
    for text, words in [
        ('id = "x"\nextends = "/etc/passwd"\n', "built-in"),
        ('id = "x"\nextends = "../mcr.toml"\n', "built-in"),
        ('id = "x"\n', "built-in"),
        ('id = "mcr"\nextends = "mcr"\n', "own id"),
        ("id = [unclosed", "not valid TOML"),
        ('id = "x"\nextends = "mcr"\n[amend."mcr.nope"]\npoints = 3\n', "mcr.nope"),
    ]:
        error = error_of(client.post("/api/profiles", json={"text": text}))
        assert words in error["message"] and "/tmp" not in error["message"], error
    too_big = "# " + "x" * 70_000
    assert error_of(client.post("/api/profiles", json={"text": too_big}))["code"] == "bad_request"


# --- games -------------------------------------------------------------------------------------------

def test_a_game_through_the_api_equals_the_cli(client: TestClient, capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    db = str(client.app.state.arbiter.config.db)  # type: ignore[attr-defined]
    new = client.post("/api/games", json={"profile": "mcr", "players": ["Ann", "Bob", "Cat", "Dan"]})
    assert new.status_code == 200, new.text
    gid = new.json()["game"]["id"]
    # hand 1 by score: Bob (South) wins 8 on Cat's discard; hand 2 by its tiles: Ann self-draws
    first = {"winner": "S", "discarder": "W", "scores": {"S": 8}}
    preview = client.post(f"/api/games/{gid}/hands", json={**first, "preview": True}).json()
    assert client.get(f"/api/games/{gid}").json()["hands"] == []  # a preview stores nothing
    recorded = client.post(f"/api/games/{gid}/hands", json=first).json()
    assert preview == recorded
    assert recorded["settlement"]["net"] == {"E": -8, "S": 32, "W": -16, "N": -8}  # Green Book 2006 §2.3
    second = {"winner": "E", "self_drawn": True, "hands": {"E": SAMPLE}}
    response = client.post(f"/api/games/{gid}/hands", json=second)
    assert response.status_code == 200, response.text
    # self-drawn, the sample hand is Pure Straight 16 + Fully Concealed Hand 4 (fan 56, in place of
    # Concealed Hand and Self-Drawn) + Mixed Double Chow 1 + One Voided Suit 1 + Single Wait 1 = 23
    assert response.json()["scores"]["E"] == 23
    _, expected = cli_json(capsys, "game", "show", "--db", db, "--game", str(gid), "--json")
    assert client.get(f"/api/games/{gid}").json() == expected
    assert client.get("/api/games").json()["games"][-1]["id"] == gid
    csv_text = client.get(f"/api/games/{gid}/export", params={"format": "csv"}).text
    main(["game", "export", "--db", db, "--game", str(gid), "--format", "csv", "--output", str(tmp_path / "g.csv")])
    assert csv_text == (tmp_path / "g.csv").read_text(encoding="utf-8")
    _, expected = cli_json(capsys, "game", "replay", "--db", db, "--game", str(gid), "--json")
    assert client.get(f"/api/games/{gid}/replay").json() == expected
    assert expected["differences"] == [] and expected["hands"] == 2
    _, expected = cli_json(capsys, "game", "list", "--db", db, "--json")
    assert client.get("/api/games").json() == expected
    preview = client.post(f"/api/games/{gid}/hands", json={"winner": None, "preview": True}).json()
    _, expected = cli_json(capsys, "game", "draw", "--db", db, "--game", str(gid), "--preview", "--json")
    assert preview == expected and len(client.get(f"/api/games/{gid}").json()["hands"]) == 2
    assert client.delete(f"/api/games/{gid}/hands/last").json() == {"schema_version": 1, "game": gid, "removed": 2}
    assert len(client.get(f"/api/games/{gid}").json()["hands"]) == 1
    _, expected = cli_json(capsys, "game", "undo", "--db", db, "--game", str(gid), "--json")
    assert (expected["game"], expected["removed"]) == (gid, 1) and client.get(f"/api/games/{gid}").json()["hands"] == []
    _, created = cli_json(capsys, "game", "new", "--db", db, "--profile", "mcr", "--players", "P", "Q", "R", "S",
                          "--json")
    assert created == client.get(f"/api/games/{created['game']['id']}").json() and created["hands"] == []


def test_game_hand_preview_stores_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "ledger.sqlite3")
    main(["game", "new", "--db", db, "--profile", "mcr", "--players", "Ann", "Bob", "Cat", "Dan"])
    capsys.readouterr()
    argv = ["game", "hand", "--db", db, "--winner", "Bob", "--discarder", "Cat", "--score", "Bob=8", "--preview"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    # Green Book 2006 §2.3: 8 + 8 from the discarder, 8 from each of the others
    assert "hand 1 would settle as follows (nothing recorded)" in text and "Cat pays Bob 16" in text
    assert main(["game", "show", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"] == []


def test_game_bad_input(client: TestClient) -> None:
    assert error_of(client.get("/api/games/99999"), 404)["code"] == "no_game"
    bad = client.post("/api/games", json={"profile": "mcr", "players": ["A", "A", "B", "C"]})
    assert error_of(bad)["code"] == "bad_arguments"
    gid = client.post("/api/games", json={"profile": "mcr", "players": ["A", "B", "C", "D"]}).json()["game"]["id"]
    error = error_of(client.post(f"/api/games/{gid}/hands", json={"winner": "S", "self_drawn": True,
                                                                  "discarder": "W"}))
    assert error["code"] == "bad_facts"
    assert error_of(client.post(f"/api/games/{gid}/hands", json={"winner": "Q"}))["code"] == "bad_request"
    assert error_of(client.post(f"/api/games/{gid}/hands", json={"winner": "E", "hands": {"E": "1m"}}))["code"]
    assert error_of(client.delete(f"/api/games/{gid}/hands/last"))["code"] == "no_hand"
    # a page that showed hand 1 cannot record over a hand another table member recorded meanwhile
    first = {"winner": "S", "discarder": "W", "scores": {"S": 8}, "expected_hand": 1}
    assert client.post(f"/api/games/{gid}/hands", json=first).status_code == 200
    assert error_of(client.post(f"/api/games/{gid}/hands", json=first))["code"] == "stale_state"


BEYOND = str(2**63)  # one past the largest SQLite rowid: SQLite cannot be asked about it


def test_a_game_id_beyond_the_ledger_is_bad_input_never_a_500(client: TestClient) -> None:
    gid = client.post("/api/games", json={"profile": "mcr", "players": ["A", "B", "C", "D"]}).json()["game"]["id"]
    preview = {"winner": "S", "discarder": "W", "scores": {"S": 56}, "preview": True}
    for huge in (BEYOND, "99999999999999999999", "0", "-1"):
        for response in (
            client.get(f"/api/games/{huge}"),
            client.post(f"/api/games/{huge}/hands", json=preview),
            client.delete(f"/api/games/{huge}/hands/last"),
            client.get(f"/api/games/{huge}/export"),
            client.get(f"/api/games/{huge}/replay"),
            client.post(f"/ui/game/{huge}/preview", json={}),
        ):
            # the bound the CLI's game --game takes (1 to 2**63 - 1), named in the message
            error = error_of(response)
            assert error["code"] == "bad_request" and "game_id" in error["message"], response.request.url
        page = client.get(f"/game/{huge}")
        assert page.status_code == 422 and "text/html" in page.headers["content-type"]
        assert "<h1>422</h1>" in page.text
    assert "9223372036854775807" in error_of(client.get(f"/api/games/{BEYOND}"))["message"]
    assert error_of(client.get("/api/games/9223372036854775807"), 404)["code"] == "no_game"
    assert client.get(f"/game/{gid}").status_code == 200


def test_an_error_document_is_the_cli_error_line_with_the_hand_s_id(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hand = {**hand_json(client, SAMPLE), "id": "h7"}
    # a fifth copy of E: the same refusal as the CLI's for the same JSON hand, the id kept
    fifth = {**hand, "concealed": [*hand["concealed"][:-3], "E", "E", "E", "E"], "melds": [
        {"kind": "pung", "tiles": ["E", "E", "E"], "exposed": True}]}
    fifth["concealed"] = fifth["concealed"][:11]
    source = tmp_path / "fifth.jsonl"
    source.write_text(json.dumps(fifth) + "\n", encoding="utf-8")
    status, expected = cli_json(capsys, "score", "--input", str(source), "--profile", "mcr")
    assert status == 2 and expected["id"] == "h7"
    body = client.post("/api/score", json={"hand": fifth, "profile": "mcr"}).json()
    expected["error"]["message"] = expected["error"]["message"].removeprefix("line 1: ")
    assert body == expected
    # every refusal of a request carrying that hand: the engine's, the models' and the profile's
    assert error_of(client.post("/api/score", json={"hand": hand, "profile": "nope"}), hand_id="h7")
    assert error_of(client.post("/api/score", json={"hand": hand, "limit": 0}), hand_id="h7")
    assert error_of(client.post("/api/explain", json={"hand": hand, "why": "No Such Rule"}), hand_id="h7")
    # a request with no hand, or one whose hand has no id: null
    assert error_of(client.post("/api/score", json={"hand": {**hand, "id": None}, "profile": "nope"}))
    assert error_of(client.post("/api/parse", json={"text": "1m", "win": "9z"}))
    assert error_of(client.get("/api/games/99999"), 404)


def test_the_openapi_document_promises_the_refusals_each_endpoint_gives(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    line = {"$ref": "#/components/schemas/Result_error_line"}
    for path, methods in paths.items():
        for method, operation in methods.items():
            for status, answer in operation["responses"].items():
                if status != "200" and status in ("403", "404", "413", "415", "422"):
                    assert answer["content"]["application/json"]["schema"] == line, (path, method, status)
    assert set(paths["/api/profiles/{profile_id}"]["get"]["responses"]) - {"422"} == {"200", "404"}
    assert set(paths["/api/profiles"]["get"]["responses"]) == {"200"}
    assert set(paths["/api/score"]["post"]["responses"]) == {"200", "403", "413", "415", "422"}
    assert set(paths["/api/games/{game_id}"]["get"]["responses"]) == {"200", "404", "422"}
    assert set(paths["/api/games/{game_id}/hands/last"]["delete"]["responses"]) == {"200", "403", "404", "422"}
    assert set(paths["/api/games/{game_id}/export"]["get"]["responses"]) >= {"404", "422"}
    bound = paths["/api/games/{game_id}"]["get"]["parameters"][0]["schema"]
    assert (bound["minimum"], bound["maximum"]) == (1, 2**63 - 1)


def test_a_405_says_what_is_allowed_and_head_is_answered_wherever_get_is(client: TestClient) -> None:
    for method, path, allowed in (
        ("PUT", "/api/score", "POST"),
        ("GET", "/api/score", "POST"),
        ("HEAD", "/api/score", "POST"),
        ("PUT", "/api/games", "GET, HEAD, POST"),  # two routes at one address: both named
        ("POST", "/api/profiles/mcr", "GET, HEAD"),
        ("DELETE", "/", "GET, HEAD"),
    ):
        response = client.request(method, path)
        assert response.status_code == 405 and response.headers["allow"] == allowed, (method, path)
        if method != "HEAD" and path.startswith("/api/"):
            assert error_of(response, 405)["code"] == "method_not_allowed"
    for path in ("/api/profiles", "/api/profiles/mcr", "/api/games", "/api/openapi.json", "/", "/game"):
        got, head = client.get(path), client.head(path)
        assert (head.status_code, head.content) == (200, b""), path
        assert head.headers["content-type"] == got.headers["content-type"], path
    assert client.head("/api/profiles/nope").status_code == 404


def test_a_key_given_twice_is_refused_naming_it(client: TestClient) -> None:
    hand = json.dumps(hand_json(client, SAMPLE))
    for extra, key in (('"profile": "mcr", "profile": "bmja"', "profile"), ('"hand": {}', "hand")):
        body = f'{{"hand": {hand}, {extra}}}'.encode()
        response = client.post("/api/score", content=body, headers={"content-type": "application/json"})
        assert error_of(response)["message"] == f'the key "{key}" is given twice in one object; give each key once'
    inner = hand.replace('"winning_tile": "E"', '"winning_tile": "E", "winning_tile": "5m"')
    assert inner != hand
    response = client.post("/api/score", content=f'{{"hand": {inner}}}', headers={"content-type": "application/json"})
    assert error_of(response)["code"] == "bad_json" and '"winning_tile"' in error_of(response)["message"]


def test_a_body_not_sent_as_json_is_told_so(client: TestClient) -> None:
    body = json.dumps({"hand": hand_json(client, SAMPLE)}).encode()
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        headers = {"content-type": content_type} if content_type else {}
        response = client.post("/api/score", content=body, headers=headers)
        error = error_of(response, 415)
        assert error["code"] == "bad_content_type"
        assert error["message"].startswith("the request body must be JSON sent with Content-Type: application/json")
        assert (content_type or "names no Content-Type") in error["message"]
    for content_type in ("application/json; charset=utf-8", "application/merge-patch+json", "Application/JSON"):
        response = client.post("/api/score", content=body, headers={"content-type": content_type})
        assert response.status_code == 200 and response.json()["total"] == 21, content_type


# --- safety ------------------------------------------------------------------------------------------

def test_writes_and_uploads_need_the_token_off_loopback(guarded: TestClient) -> None:
    body = {"profile": "mcr", "players": ["A", "B", "C", "D"]}
    assert error_of(guarded.post("/api/games", json=body), 403)["code"] == "token_required"
    assert error_of(guarded.post("/api/profiles", json={"text": HOUSE}), 403)["code"] == "token_required"
    created = guarded.post("/api/games", json=body, headers={"X-Arbiter-Token": TOKEN})
    assert created.status_code == 200
    gid = created.json()["game"]["id"]
    assert guarded.get(f"/api/games/{gid}").status_code == 200  # reading needs no token
    hand = guarded.post("/api/parse", json={"text": SAMPLE}).json()
    with_house = {"hand": hand, "profile": "club", "profile_toml": HOUSE}
    assert error_of(guarded.post("/api/score", json=with_house), 403)["code"] == "token_required"
    assert guarded.post("/api/score", json=with_house, headers={"X-Arbiter-Token": TOKEN}).status_code == 200
    wrong = guarded.delete(f"/api/games/{gid}/hands/last", headers={"X-Arbiter-Token": "guess"})
    assert error_of(wrong, 403)["code"] == "token_required"


def test_limits_headers_and_hosts(client: TestClient) -> None:
    big = b'{"text": "' + b"1" * 300_000 + b'"}'
    response = client.post("/api/parse", content=big, headers={"content-type": "application/json"})
    assert error_of(response, 413)["code"] == "too_large"
    deep = b'{"text": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    assert client.post("/api/parse", content=deep, headers={"content-type": "application/json"}).status_code == 422
    for path in ("/", "/api/profiles", "/profiles", "/static/app.js"):
        response = client.get(path)
        assert response.status_code == 200 and response.headers["content-security-policy"] == CSP
        assert response.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert client.get("/api/profiles", headers={"host": "evil.example"}).status_code == 400
    assert error_of(client.get("/api/nothing-here"), 404)["code"] == "not_found"


def test_openapi_is_generated_from_the_models(client: TestClient) -> None:
    doc = client.get("/api/openapi.json").json()
    for path in ("/api/score", "/api/readings", "/api/waits", "/api/explain", "/api/verify", "/api/compare",
                 "/api/profiles", "/api/games", "/api/games/{game_id}/hands"):
        assert path in doc["paths"], path
    schemas = doc["components"]["schemas"]
    assert {"ScoreRequest", "JsonHand", "VerifyRequest", "CompareRequest", "HandFactsRequest"} <= set(schemas)
    assert schemas["ScoreRequest"]["properties"]["hand"]["$ref"].endswith("JsonHand")
    # the answers are the result schema's documents, every reference resolving inside the document
    answer = doc["paths"]["/api/score"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"oneOf": [{"$ref": "#/components/schemas/Result_score"},
                                {"$ref": "#/components/schemas/Result_error_line"}]}
    refs = re.findall(r'"\$ref": "#/components/schemas/([^"]+)"', json.dumps(doc))
    assert refs and set(refs) <= set(schemas)
    assert "API" in client.get("/api").text


def test_pages_escape_what_users_write(client: TestClient) -> None:
    hostile = '<img src=x onerror=alert(1)>'
    hand = json.dumps({**hand_json(client, SAMPLE), "id": hostile})
    page = client.get("/", params={"hand": hand}).text
    assert hostile not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    gid = client.post("/api/games", json={"profile": "mcr", "players": [hostile, "<b>B", "C&D", '"E"']}).json()
    text = client.get(f"/game/{gid['game']['id']}").text
    assert hostile not in text and "<b>B" not in text and "&lt;b&gt;B" in text


def test_share_links_carry_the_house_rules(client: TestClient) -> None:
    from mahjong_arbiter.web.forms import RulingForm, parse_qsl

    form = RulingForm(hand=H, profile="club", house=HOUSE, seat="S")
    link, _ = form.share_link("/")
    assert link is not None and "house=" in link
    again = RulingForm.from_pairs(parse_qsl(link.split("?", 1)[1]))
    assert again.house == HOUSE and again.seat == "S"
    page = client.get(link).text
    assert "Our club" in page and 'class="big">6 faan<' in page
    noise = "".join(f"# {i:x} {i * 7919:x}\n" for i in range(3000))  # does not compress into a link
    huge = RulingForm(hand=SAMPLE, profile="club", house=HOUSE + noise)
    assert huge.share_link("/")[0] is None
    assert "damaged" in client.get("/", params={"hand": SAMPLE, "house": "%%%"}).text


def _alerts(html: str) -> list[str]:
    return [a.strip() for a in re.findall(r'class="error" role="alert">([^<]*)<', html) if a.strip()]


@pytest.mark.parametrize(("bad", "message"), [
    ("game=abc", "a game is named by its number, not &#x27;abc&#x27;"),
    ("house=!!!", "the house rules in this link are damaged (copy the whole link)"),
])
def test_a_bad_field_in_a_share_link_is_said_and_the_rest_of_the_link_kept(
    client: TestClient, bad: str, message: str
) -> None:
    # the hand, its context and the questions are kept and ruled (21 points); the page says what was
    # wrong with the link, and nothing else (it once dropped the whole link, then said the hand was empty)
    page = client.get(f"/?hand={SAMPLE}&seat=S&claim=21&{bad}").text
    assert _alerts(page) == [message]
    assert f'value="{SAMPLE}"' in page and "seat S" in page and 'class="big">21 points<' in page
    assert re.search(r"verdict: *(<[^>]*>)*right", page)
    # the page's script sends the link's game again with every change: the ruling is made, the field said
    data = _update(client, SAMPLE, seat="S", game="abc")
    assert _alerts(data["ruling_html"]) == ["a game is named by its number, not &#x27;abc&#x27;"]
    assert data["summary"] == "21 points under mcr" and "game" not in data["query"]


def test_an_unknown_honour_order_is_refused_and_no_ruling_made(client: TestClient) -> None:
    # as a bad seat or event: the engine's message, and no ruling (the hand was once ruled in Tenhou
    # order under the message); the same hand in a known order is ruled
    message = "unknown honour order &#x27;bogus&#x27;; use one of tenhou, chinese"
    data = _update(client, "123m456m789m123p55z", honour_order="bogus")
    assert data["error"] == "unknown honour order 'bogus'; use one of tenhou, chinese"
    assert _alerts(data["ruling_html"]) == [f"hand: {message}"] and data["summary"] == ""
    assert 'class="big"' not in data["ruling_html"]
    page = client.get("/", params={"hand": "123m456m789m123p55z", "honour_order": "bogus"}).text
    assert f"hand: {message}" in _alerts(page) and 'class="big"' not in page
    assert _update(client, "123m456m789m123p55z", honour_order="chinese")["summary"] == "21 points under mcr"
    assert "unknown honour order" in _teach(client, "distance", hand="123m456p789s11pEW", honour_order="bogus")


def test_a_hand_built_on_the_hand_page_comes_back_to_the_game(client: TestClient) -> None:
    gid = client.post("/api/games", json={"profile": "mcr", "players": ["A", "B", "C", "D"]}).json()["game"]["id"]
    game_page = client.get(f"/game/{gid}").text
    build = re.search(r'href="(/\?game=[^"]*seat=S[^"]*)"', game_page)
    assert build is not None  # each player's "build the hand" opens the hand page for that seat
    hand_page = client.get(build.group(1).replace("&amp;", "&") + "&hand=" + SAMPLE + "&self_drawn=1").text
    back = re.search(r'id="to-game" href="([^"]*)"', hand_page)
    assert back is not None and f"/game/{gid}?" in back.group(1)
    prefilled = client.get(back.group(1).replace("&amp;", "&")).text
    assert f'name="hand-S" value="{SAMPLE}"' in prefilled
    assert '<option value="S" selected>' in prefilled  # the winner
    assert 'id="g-self_drawn" name="self_drawn" value="1" checked' in prefilled


# --- teaching: shanten and targets --------------------------------------------------------------

def test_shanten_and_targets_answer_as_the_command_line(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    # hand-worked in tests/test_shanten.py and tests/test_targets.py: 1 from ready (useful 1p, E, W);
    # Half Flush two tiles away (18 points: draw 6m and 9m, give up 5p)
    hand = hand_json(client, "123m456p789s11pEW")
    response = client.post("/api/shanten", json={"hand": hand, "profile": "mcr", "seen": ["E", "E"]})
    assert response.status_code == 200, response.text
    _, cli = cli_json(capsys, "shanten", "123m456p789s11pEW", "--profile", "mcr", "--seen", "EE", "--json")
    assert response.json() == cli and cli["shanten"] == 1
    leaning = hand_json(client, "12345m99mEEESS5p")
    response = client.post("/api/targets", json={"hand": leaning, "profile": "mcr", "depth": 2, "top": 2})
    assert response.status_code == 200, response.text
    _, cli = cli_json(capsys, "targets", "12345m99mEEESS5p", "--profile", "mcr", "--top", "2", "--json")
    assert response.json() == cli and cli["targets"][0]["total"] == 18


def test_teaching_endpoints_refuse_bad_input(client: TestClient) -> None:
    hand = hand_json(client, "123m456p789s11pEW")
    assert error_of(client.post("/api/shanten", json={"hand": hand, "seen": ["E"] * 4}))["code"] == "fifth_copy"
    error_of(client.post("/api/targets", json={"hand": hand, "depth": 4}))


def _teach(client: TestClient, part: str, **form: Any) -> str:
    response = client.post("/ui/teach", json={"form": {"profile": "mcr", **form}, "part": part})
    assert response.status_code == 200, response.text
    html: str = response.json()["html"]
    return html


def _update(client: TestClient, hand: str, **form: Any) -> dict[str, Any]:
    response = client.post("/ui/update", json={"form": {"hand": hand, "profile": "mcr", **form}, "pieces": None})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _target_rows(html: str) -> list[tuple[str, list[str], list[str], str]]:
    """The targets table's rows: the score cell, the tiles to draw and to give up, the unseen copies."""
    def tiles(cell: str) -> list[str]:
        return re.findall(r'aria-label="([^"]*)"', cell)

    cells = re.findall(r'<td data-label="score">([^<]*)</td><td data-label="draw">(.*?)</td>'
                       r'<td data-label="give up">(.*?)</td>.*?data-label="unseen">([^<]*)</td>', html)
    return [(score, tiles(draw), tiles(give_up), unseen) for score, draw, give_up, unseen in cells]


def test_the_teaching_panel_draws_the_engines_answers(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.notation.svg import tile_label
    from mahjong_arbiter.teaching.shanten import form_label
    from mahjong_arbiter.tiles import Tile

    # the panel shows for a hand that does not win yet, and not for one that does
    assert _update(client, "123m456p789s11pEW")["teach"] is True  # 13 tiles
    assert _update(client, "123m456p789s11pEWN")["teach"] is True  # 14, not complete
    assert _update(client, "123m456p789s11pEE")["teach"] is True  # complete, 6 points: below mcr's 8
    assert _update(client, SAMPLE)["teach"] is False  # 21 points
    assert 'id="teaching" class="ruling teaching" aria-labelledby="distance-title" hidden' in client.get(
        "/", params={"hand": SAMPLE}).text
    # how far from winning: the useful tiles and their unseen copies are shanten --json's
    html = _teach(client, "distance", hand="123m456p789s11pEW", seen="EE")
    _, cli = cli_json(capsys, "shanten", "123m456p789s11pEW", "--seen", "EE", "--json")
    assert "1 exchange from ready" in html and "Useful tiles: 6 unseen copies" in html
    said = re.findall(r'<span class="vh">([^<]*)</span>', html)
    assert said[:3] == [f"{tile_label(Tile.of(u['tile']))}, {u['unseen']} unseen" for u in cli["useful"]]
    # by hand: 123m 456p 789s 11p plus E and W; a third 1p, a second E or a second W makes it
    # ready; unseen: 1p 4 - 2 held, E 4 - 1 held - 2 seen, W 4 - 1 held
    assert said[:3] == ["1 of dots, 2 unseen", "east wind, 1 unseen", "west wind, 3 unseen"]
    forms = re.findall(r'<td data-label="form">([^<]*)</td><td class="num" data-label="shanten">([^<]*)</td>', html)
    assert sorted(forms) == sorted((form_label(name), str(f["shanten"])) for name, f in cli["forms"].items())
    # by hand: 123m 456p 789s 55p EE waits on 5p or E (either pair becomes a pung); with one 5p seen
    # none of 5p is left (three held), E has 4 - 2 held
    ready = _teach(client, "distance", hand="123m456p789sEE55p", seen="5p")
    assert "ready: one tile from winning" in ready and "Useful tiles: 2 unseen copies" in ready
    assert re.findall(r'<span class="vh">([^<]*)</span>', ready)[:2] == ["5 of dots, 0 unseen", "east wind, 2 unseen"]
    # fourteen tiles: the discard table, row by row as shanten --json ranks it
    fourteen = _teach(client, "distance", hand="123m456p789s11pEWN")
    _, cli = cli_json(capsys, "shanten", "123m456p789s11pEWN", "--json")
    assert "Discards, the best first" in fourteen and f"The other {len(cli['discards']) - 6} discards" in fourteen
    rows = re.findall(r'<tr><td data-label="discard"><svg [^>]*aria-label="([^"]*)".*?'
                      r'data-label="shanten">([^<]*)</td><td class="num" data-label="unseen">([^<]*)</td>', fourteen)
    assert rows == [(tile_label(Tile.of(r["discard"])), str(r["shanten"]), str(r["unseen"])) for r in cli["discards"]]
    # the best hands within reach: row by row targets --json's (scores, tiles, unseen copies after
    # the seen tiles), and the first one's link opens its ruling
    html = _teach(client, "targets", hand="12345m99mEEESS5p", seen="6m")
    _, cli = cli_json(capsys, "targets", "12345m99mEEESS5p", "--seen", "6m", "--json")
    best = cli["targets"][0]
    assert f"{cli['found']} complete hands within 2 new tiles under mcr" in html and "1. 18 points" in html
    assert _target_rows(html) == [
        (f"{n}. {t['total']} {t['unit']}", [tile_label(Tile.of(x)) for x in t["draw"]],
         [tile_label(Tile.of(x)) for x in t["give_up"]], str(t["live_total"]))
        for n, t in enumerate(cli["targets"], start=1)
    ]
    assert best["draw"] == ["6m", "9m"] and best["live_total"] == 5  # by hand: 6m 4 - 1 seen, 9m 4 - 2 held
    links = re.findall(r'<a href="([^"]*)" aria-label="Open the ruling of hand 1 \(18 points\)">', html)
    assert len(links) == 1
    opened = client.get(links[0].replace("&amp;", "&")).text
    assert f'class="big">{best["total"]} points<' in opened and "self_drawn=1" in links[0]
    # a JSON hand's target opens as a JSON hand, its context kept
    as_json = json.dumps({**hand_json(client, "12345m99mEEESS5p"), "seat_wind": "S"})
    link, total = re.findall(r'<a href="([^"]*)" aria-label="Open the ruling of hand 1 \((\d+) points\)',
                             _teach(client, "targets", hand=as_json))[0]
    opened = client.get(link.replace("&amp;", "&")).text
    assert "seat S" in opened and f'class="big">{total} points<' in opened
    # depth and "at least" are the command's options
    assert "No complete hand scoring at least 100 within 1 new tile under mcr." in _teach(
        client, "targets", hand="12345m99mEEESS5p", depth="1", at_least="100")


def test_the_teaching_panel_shows_bad_input_in_place(client: TestClient) -> None:
    assert "seen tiles: unknown token" in _teach(client, "distance", hand="123m456p789s11pEW", seen="x")
    assert "there are only 4" in _teach(client, "targets", hand="123m456p789s11pEW", seen="EEEE")
    assert "&#x27;at least&#x27; is a score such as 8, not &#x27;lots&#x27;" in _teach(
        client, "targets", hand="123m456p789s11pEW", at_least="lots")
    assert "--depth must be 1 to 3, not 4" in _teach(client, "targets", hand="123m456p789s11pEW", depth="4")
    assert error_of(client.post("/ui/teach", json={"form": {}, "part": "score"}))["code"] == "bad_json"
    hostile = '"><img src=x onerror=alert(1)>'
    page = client.get("/", params={"hand": "123m456p789s11pEW", "seen": hostile, "at_least": hostile}).text
    assert hostile not in page and 'value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"' in page
    assert hostile not in _teach(client, "distance", hand="123m456p789s11pEW", seen=hostile)
    from mahjong_arbiter.web.forms import RulingForm, parse_qsl

    form = RulingForm(hand="123m456p789s11pEW", seen="EE", depth="3", at_least="8")
    assert RulingForm.from_pairs(parse_qsl(form.query())) == form  # a share link keeps the panel's fields
    assert "seen" not in RulingForm(hand="123m456p789s11pEW").query()


def test_the_teaching_panel_says_when_a_distance_is_only_a_least() -> None:
    # a house shape without a distance of its own is measured only up to ready (exact false): the
    # panel says "at least", as shanten --json's "exact": false and "at_most" do
    from dataclasses import replace

    from mahjong_arbiter.notation.text_record import record_from_text
    from mahjong_arbiter.scoring import resolve_profile
    from mahjong_arbiter.solver.distance import Distance
    from mahjong_arbiter.teaching.shanten import shanten_report
    from mahjong_arbiter.web.teach_panel import distance_html

    report = shanten_report(record_from_text("123m456p789s11pEW").hand, resolve_profile("mcr"))
    # as if a house shape, measured only up to ready, might be one exchange from ready: the least of
    # the forms is then at least 1, and the exact forms' least (1 here, made 2) the most it can be
    forms = {**report.forms, "house_shape": Distance(2, frozenset(), exact=False)}
    html = distance_html(replace(report, forms=forms, shanten=1, exact=False, at_most=2))
    assert "at least 1 exchange from ready, at most 2" in html and "(shanten 1 or more)" in html
    assert "For house shape the page can tell only whether the hand is ready" in html
    assert '<td data-label="form">house shape</td><td class="num" data-label="shanten">1 or more</td>' in html


def test_slow_work_runs_off_the_event_loop(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # a score runs on the event loop; what scores a hand many times over (a ruling's scored waits
    # or best discards, explain, compare) and the teaching searches can take seconds: they run in
    # worker threads, so the loop serves other requests meanwhile (tests/test_web_slow_requests.py
    # checks it on a real server)
    import threading

    from mahjong_arbiter import answers

    threads: dict[str, set[int]] = {}

    def noting(name: str, work: Any) -> Any:
        def noted(*args: Any, **kwargs: Any) -> Any:
            threads.setdefault(name, set()).add(threading.get_ident())
            return work(*args, **kwargs)
        return noted

    slow = ("scored_waits_answer", "discards_answer", "explain_answer", "compare_answer", "shanten_answer",
            "targets_answer")
    for name in ("score_answer", *slow):
        monkeypatch.setattr(answers, name, noting(name, getattr(answers, name)))
    thirteen, fourteen = hand_json(client, "123m456p789s11pEW"), hand_json(client, SAMPLE)
    assert client.post("/api/score", json={"hand": fourteen, "profile": "mcr"}).status_code == 200
    (loop,) = threads.pop("score_answer")
    _update(client, "123m456p789s11pEW")
    _update(client, SAMPLE)
    _teach(client, "distance", hand="123m456p789s11pEW")
    _teach(client, "targets", hand="123m456p789s11pEW")
    assert "21 points" in client.get("/", params={"hand": SAMPLE}).text
    for path, body in (("/api/shanten", {"hand": thirteen}), ("/api/targets", {"hand": thirteen}),
                       ("/api/waits", {"hand": thirteen}), ("/api/waits", {"hand": fourteen, "discards": True}),
                       ("/api/explain", {"hand": fourteen})):
        assert client.post(path, json={"profile": "mcr", **body}).status_code == 200, path
    assert client.post("/api/compare", json={"hand": fourteen, "profiles": ["mcr", "bmja"]}).status_code == 200
    assert set(slow) <= set(threads)
    assert all(loop not in ids for ids in threads.values()), threads


def test_writes_from_another_sites_page_are_refused(client: TestClient) -> None:
    # a page of another site open in the referee's browser can post to a server on 127.0.0.1, which
    # needs no token: a browser names that page's origin, and the write is refused whatever its body
    body = {"profile": "mcr", "players": ["A", "B", "C", "D"]}
    before = len(client.get("/api/games").json()["games"])
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Origin": "http://testserver:8765"}):
        assert error_of(client.post("/api/games", json=body, headers=headers), 403)["code"] == "cross_origin"
    assert error_of(client.post("/ui/profile", json={"text": HOUSE}, headers={"Origin": "http://evil.example"}),
                    403)["code"] == "cross_origin"
    assert len(client.get("/api/games").json()["games"]) == before
    same_site = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}  # the app's own page
    assert client.post("/api/games", json=body, headers=same_site).status_code == 200
    assert client.get("/api/profiles", headers={"Origin": "http://evil.example"}).status_code == 200  # reading


# a limit hand under bmja: Thirteen Unique Wonders (BMJA rules, Special hands: the limit, 1,000)
ORPHANS = "19m19p19sESWNCFP1m"


def test_the_ruling_and_the_diff_are_in_a_players_words(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    page = client.get("/", params={"hand": SAMPLE}).text
    assert "<li>points without flowers: 21</li>" in page and "<li>minimum met: yes</li>" in page
    limit = client.get("/", params={"hand": ORPHANS, "profile": "bmja"}).text
    assert 'class="big">1000 points<' in limit
    assert "<li>fixed-value hand: Thirteen Unique Wonders</li>" in limit and "<li>limit applied: yes</li>" in limit
    for text in (page, limit):
        assert not re.search(r"<li>[a-z]+_[a-z_]+:|: (True|False)</li>", text)  # no field names, no Python flags
    capsys.readouterr()
    main(["score", SAMPLE])
    assert "  minimum met: yes\n" in capsys.readouterr().out  # the command line says it the same way
    diff = client.get("/profiles/diff", params={"a": "mcr", "b": "mcr-mil"}).text
    assert "mcr.half-flush (MIL reading" in diff and "[(" not in diff and ">False<" not in diff
    main(["profiles", "diff", "mcr", "mcr-mil"])
    out = capsys.readouterr().out
    assert "policies.last_tile_from_own_melds: no -> yes" in out and "[(" not in out


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_KEYS = ["hand", "profile", "profiles", "profile_toml", "claim", "why", "limit", "loser", "partial", "discards",
         "special", "text", "form", "pieces", "winner", "scores", "hands", "players", "preview", "expected_hand",
         "seen", "depth", "top", "at_least", "part"]
_HAND = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E", "E"],
         "winning_tile": "E"}
_POSTS = ["/api/parse", "/api/score", "/api/readings", "/api/waits", "/api/explain", "/api/verify", "/api/compare",
          "/api/shanten", "/api/targets", "/api/profiles", "/api/games", "/api/games/1/hands", "/ui/update",
          "/ui/teach", "/ui/profile", "/ui/game/1/preview"]


@st.composite
def _bodies(draw: st.DrawFn) -> Any:
    """A JSON body: anything, or the request shape with one field wrong, or a hand with one field wrong."""
    kind = draw(st.sampled_from(["any", "shaped", "hand"]))
    if kind == "any":
        return draw(_JSON)
    body: dict[str, Any] = draw(st.dictionaries(st.sampled_from(_KEYS), _JSON, max_size=3))
    if kind == "hand":
        wrong = draw(st.sampled_from([*_HAND, "melds", "flowers", "events", "seat_wind"]))
        body["hand"] = {**_HAND, wrong: draw(_JSON)}
    return body


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("fuzz") / "ledger.sqlite3"
    with TestClient(create_app(ServerConfig(db=db, extra_hosts=("testserver",)))) as test_client:
        test_client.post("/api/games", json={"profile": "bmja", "players": ["A", "B", "C", "D"]})
        yield test_client


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(_POSTS), body=_bodies())
def test_no_request_is_a_500(fuzzed: TestClient, path: str, body: Any) -> None:
    # a 500 is a bug (the test client raises the server's exception before it gets here)
    response = fuzzed.post(path, content=json.dumps(body).encode(), headers={"content-type": "application/json"})
    assert response.status_code in (200, 403, 404, 422), (response.status_code, response.text[:300])
    if response.status_code != 200:
        assert set(response.json()["error"]) == {"code", "message"}


def test_the_server_answers_without_waiting_on_nagles_algorithm() -> None:
    # serve's listening socket names TCP, so asyncio turns Nagle's algorithm off on each connection
    # it accepts; with it on, every answer's body after the first on a kept-alive connection waited
    # for the client's delayed acknowledgement (about 40 ms a request)
    import asyncio
    import socket

    from mahjong_arbiter.cli.commands.serve import listen

    async def accepted_nodelay() -> int:
        flags: list[int] = []

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            flags.append(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=listen("127.0.0.1", 0))
        async with server:
            _, writer = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
            while not flags:
                await asyncio.sleep(0.01)
            writer.close()
        return flags[0]

    assert asyncio.run(accepted_nodelay()) != 0
