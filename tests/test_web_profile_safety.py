"""What the web app takes for a profile, and what its answers never tell.

* A profile named from the web is a built-in profile (any spelling the shared matcher reads) or
  the uploaded text the request carries; a name that looks like a path is refused before anything
  is opened, on every route that takes one (games included), so the answer is the same whether
  the file exists, is unreadable, or is a valid profile.
* An uploaded text is read by the profile loader alone: a value nested too deep gets the loader's
  message (the command line's, the file named "uploaded profile"), never a 500.
* An uploaded profile's id may not name a built-in profile, in any spelling.
* An uploaded text a request carries must define the profile it names: sent and not used, it is
  refused, invalid or not, instead of being ignored in silence.
* No answer names the server's files: the ledger is "the ledger".
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mahjong_arbiter.cli import main
from mahjong_arbiter.web import ServerConfig, create_app
from mahjong_arbiter.web.forms import pack_profile

SAMPLE = "123m456m789m123pEE"  # 21 points under mcr (README's sample hand)
THIRTEEN = "123m456m789m123pE"
HOUSE = 'id = "backroom"\nextends = "mcr"\n[amend."mcr.pure-straight"]\npoints = 99\n'
DEEP = 'id = "deep"\nextends = "mcr"\na = ' + "[" * 30000 + "]" * 30000 + "\n"  # 60 KB, under the 64 KB limit
DEEP_TABLE = 'id = "deep"\nextends = "mcr"\na = ' + "{b=" * 10000 + "1" + "}" * 10000 + "\n"
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(scope="module")
def ledger_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("private-server-folder") / "club-ledger.sqlite3"


@pytest.fixture(scope="module")
def client(ledger_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db=ledger_path, extra_hosts=("testserver",)))) as test_client:
        yield test_client


def hand_json(client: TestClient, text: str) -> dict[str, Any]:
    data: dict[str, Any] = client.post("/api/parse", json={"text": text}).json()
    return data


def error_of(response: Any, status: int = 422) -> dict[str, str]:
    assert response.status_code == status, response.text
    error: dict[str, str] = response.json()["error"]
    return error


def refusal(name: str) -> str:
    return f"profile {name!r}: the web app takes a built-in profile id or an uploaded profile, not a file"


# --- finding 1: a profile named from the web is never a file ------------------------------------------

def test_a_game_is_never_started_on_a_file_named_from_the_web(client: TestClient, tmp_path: Path) -> None:
    valid = tmp_path / "house.toml"
    valid.write_text(HOUSE, encoding="utf-8")  # a valid profile file on the server
    unreadable = tmp_path / "secret"
    unreadable.write_text("password = hunter2\n", encoding="utf-8")
    before = client.get("/api/games").json()["games"]
    for name in ("/etc/shadow", str(valid), str(unreadable), "/proc/self/environ", "/nonexistent/x", "house.toml",
                 "..\\x", str(tmp_path)):
        error = error_of(client.post("/api/games", json={"profile": name, "players": PLAYERS}))
        # the same words whether the file exists, is secret, is a directory or is a valid profile
        assert error == {"code": "unknown_profile", "message": refusal(name)}
    assert client.get("/api/games").json()["games"] == before
    # a built-in profile in another spelling is that profile, stored by its id
    created = client.post("/api/games", json={"profile": "MCR", "players": PLAYERS})
    assert created.status_code == 200, created.text
    assert created.json()["game"]["profile"] == "mcr"
    # an uploaded profile cannot pin a game: the ledger could not replay it once the request is gone
    error = error_of(client.post("/api/games", json={"profile": "backroom", "profile_toml": HOUSE, "players": PLAYERS}))
    assert error["code"] == "unsupported_profile" and "game new --profile FILE" in error["message"]


def test_no_route_that_takes_a_profile_reads_a_file(client: TestClient, tmp_path: Path) -> None:
    valid = tmp_path / "house.toml"
    valid.write_text(HOUSE, encoding="utf-8")
    name = str(valid)
    hand = hand_json(client, SAMPLE)
    for path, body in (("/api/score", {"hand": hand, "profile": name}),
                       ("/api/explain", {"hand": hand, "profile": name}),
                       ("/api/compare", {"hand": hand, "profiles": ["mcr", name]}),
                       ("/api/waits", {"hand": hand_json(client, THIRTEEN), "profile": name})):
        assert error_of(client.post(path, json=body)) == {"code": "unknown_profile", "message": refusal(name)}, path
    assert error_of(client.get("/api/profiles/diff", params={"a": "mcr", "b": name}))["message"] == refusal(name)
    for page in (client.get("/profiles/diff", params={"a": name, "b": "mcr"}),
                 client.get("/", params={"hand": SAMPLE, "profile": name})):
        assert "not a file" in page.text and "backroom" not in page.text
    ruling = client.post("/ui/update", json={"form": {"hand": SAMPLE, "profile": name, "compare": [name]}}).json()
    assert "not a file" in ruling["ruling_html"] and "backroom" not in ruling["ruling_html"]


# --- finding 2: a deeply nested upload is the loader's bad input, on every entry point ----------------

def test_a_deeply_nested_upload_gets_the_loaders_message_everywhere(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP, encoding="utf-8")
    capsys.readouterr()
    assert main(["score", SAMPLE, "--profile", str(deep)]) == 2
    cli = capsys.readouterr().err
    expected = "uploaded profile: field 'a' must be a value nested at most 16 deep"
    assert f"{deep}: field 'a' must be a value nested at most 16 deep" in cli  # the same words as the CLI's
    hand = hand_json(client, SAMPLE)
    for text in (DEEP, DEEP_TABLE):
        assert error_of(client.post("/api/profiles", json={"text": text})) == {"code": "bad_profile",
                                                                               "message": expected}
        for path in ("/api/score", "/api/shanten"):
            response = client.post(path, json={"hand": hand, "profile": "deep", "profile_toml": text})
            assert error_of(response) == {"code": "bad_profile", "message": expected}, path
        checked = client.post("/ui/profile", json={"text": text})
        assert checked.status_code == 200 and checked.json()["error"] == expected
        form = {"hand": SAMPLE, "profile": "deep", "house": text}
        updated = client.post("/ui/update", json={"form": form})
        assert updated.status_code == 200 and escape(expected) in updated.json()["ruling_html"]
    link = client.get("/", params={"hand": SAMPLE, "profile": "deep", "house": pack_profile(DEEP)})
    assert len(link.url.query) < 300 and link.status_code == 200 and escape(expected) in link.text


# --- finding 6: an upload may not take a built-in profile's name ---------------------------------------

@pytest.mark.parametrize(("pid", "builtin"), [("chinese-standard", "mcr-mil"), ("MCR", "mcr"),
                                              ("mcr_mil", "mcr-mil"), ("HK Old Style", "hk-old-style")])
def test_an_upload_may_not_take_a_name_of_a_built_in_profile(client: TestClient, pid: str, builtin: str) -> None:
    text = HOUSE.replace('"backroom"', f'"{pid}"')
    message = (f"uploaded profile: field 'id' is {pid!r}, a name of the built-in profile {builtin!r}; "
               "give the house rules their own id")
    assert error_of(client.post("/api/profiles", json={"text": text})) == {"code": "bad_profile", "message": message}
    scored = client.post("/api/score", json={"hand": hand_json(client, SAMPLE), "profile": pid, "profile_toml": text})
    assert error_of(scored)["message"] == message
    exact = error_of(client.post("/api/profiles", json={"text": HOUSE.replace('"backroom"', '"mcr"')}))
    assert exact["message"] == "uploaded profile: field 'id' is the built-in 'mcr'; give the house rules their own id"


# --- finding 10: an uploaded text sent and not used is refused -------------------------------------------

def test_an_uploaded_text_the_request_does_not_use_is_refused(client: TestClient) -> None:
    hand, waiting = hand_json(client, SAMPLE), hand_json(client, THIRTEEN)
    invalid = error_of(client.post("/api/waits", json={"hand": waiting, "profile_toml": "garbage [[["}))
    assert invalid["code"] == "bad_profile" and invalid["message"].startswith("uploaded profile: not valid TOML")
    unnamed = error_of(client.post("/api/waits", json={"hand": waiting, "profile_toml": HOUSE}))
    assert unnamed == {"code": "unused_profile", "message": (
        "profile_toml: the uploaded profile defines 'backroom', but the request names no profile: "
        "name 'backroom' as the profile to use it, or leave profile_toml out")}
    other = error_of(client.post("/api/score", json={"hand": hand, "profile": "mcr", "profile_toml": HOUSE}))
    assert other == {"code": "unused_profile", "message": (
        "profile_toml: the uploaded profile defines 'backroom', but the request names 'mcr': "
        "name 'backroom' as the profile to use it, or leave profile_toml out")}
    defaulted = error_of(client.post("/api/explain", json={"hand": hand, "profile_toml": HOUSE}))  # profile: mcr
    assert defaulted["code"] == "unused_profile"
    compared = client.post("/api/compare", json={"hand": hand, "profiles": ["mcr", "mcr-mil"], "profile_toml": HOUSE})
    assert "names 'mcr' and 'mcr-mil'" in error_of(compared)["message"]
    # named, it is used: Pure Straight at 99 instead of 16 (21 - 16 + 99 = 104)
    used = client.post("/api/compare", json={"hand": hand, "profiles": ["mcr", "backroom"], "profile_toml": HOUSE})
    assert used.status_code == 200, used.text
    scored = client.post("/api/score", json={"hand": hand, "profile": "backroom", "profile_toml": HOUSE})
    assert scored.json()["total"] == 104
    link = client.get("/", params={"hand": SAMPLE, "profile": "mcr", "house": pack_profile(HOUSE)})
    assert escape("defines 'backroom', but the request names 'mcr'") in link.text


# --- finding 13: no answer names the server's files ------------------------------------------------------

def test_answers_never_name_the_servers_files(client: TestClient, ledger_path: Path) -> None:
    folder = str(ledger_path.parent)
    missing = client.get("/api/games/999")
    assert error_of(missing, 404) == {"code": "no_game", "message": "no game 999 in the ledger"}
    for response in (client.post("/api/games/999/hands", json={"winner": None, "preview": True}),
                     client.get("/api/games/999/export"), client.get("/api/games/999/replay"),
                     client.delete("/api/games/999/hands/last"), client.get("/game/999"),
                     client.post("/ui/game/999/preview", json={"winner": None})):
        assert "no game 999 in the ledger" in response.text and folder not in response.text, response.url
    games_page = client.get("/game").text
    assert folder not in games_page and "club-ledger.sqlite3" in games_page  # the file named, not where it is


def test_serve_refuses_a_ledger_it_could_never_open(tmp_path: Path) -> None:
    # said at the start (exit 2, nothing served), not as a 422 at every request; a process with a
    # time bound, so a server that starts anyway fails the test instead of holding it
    import subprocess
    import sys

    text = tmp_path / "notes.txt"
    text.write_text("not a ledger\n")
    for db, said in ((tmp_path / "no-such-folder" / "x.sqlite3", "does not exist"),
                     (tmp_path, "it is a directory"), (text, "is not a ledger")):
        done = subprocess.run([sys.executable, "-m", "mahjong_arbiter", "serve", "--port", "0", "--db", str(db)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and said in done.stderr, done.stderr
    assert text.read_text() == "not a ledger\n"


def test_a_ledger_message_names_its_folder_in_words(tmp_path: Path) -> None:
    from mahjong_arbiter.web.state import _without_path

    ledger = tmp_path / "gone" / "x.sqlite3"
    message = f"cannot create the ledger {ledger}: the folder {ledger.parent} does not exist"
    assert _without_path(message, ledger) == "cannot create the ledger: the ledger's folder does not exist"
