"""The web app end to end: a real ``mahjong-arbiter serve`` process on a free port, driven by a real
headless Chromium (Debian's ``/usr/bin/chromium`` through Playwright for Python; never
``playwright install``).  One server and one browser for the module; each test opens its own page.

Expectations are hand-computed from the sources: ``123m456m789m123pEE`` scores 21 under mcr (Pure
Straight 16, Concealed Hand 2, Mixed Double Chow 1, One Voided Suit 1, Single Wait 1: Green Book
2006 fans 28, 62, 70, 75, 79); hand H ``[CCC,1]222m555p888s99p`` 25 (fans 33, 49, 59, 79); the
other hands are tests/fixtures/disputes/golden.toml's.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from chromium import chromium
from mahjong_arbiter.cli import main

SAMPLE = "123m456m789m123pEE"
H = "[CCC,1]222m555p888s99p"
STRAIGHT = "123456789p123s55m"


class Server:
    """A running ``mahjong-arbiter serve``: its URL and its ledger file."""

    def __init__(self, url: str, db: Path) -> None:
        self.url = url.rstrip("/")
        self.db = db

    def post(self, path: str, body: object) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())


def serve(db: Path, *options: str) -> tuple[subprocess.Popen[str], str]:
    """A ``mahjong-arbiter serve`` process on a free port and the URL it printed."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "mahjong_arbiter", "serve", "--port", "0", "--db", str(db), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"(http://\S+)", line)
    if match is None:
        process.kill()
        pytest.fail(f"serve did not print its URL: {line!r} {process.stderr.read() if process.stderr else ''}")
    return process, match.group(1)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("serve") / "ledger.sqlite3"
    process, url = serve(db)
    assert url.startswith("http://127.0.0.1:") and "token" not in url  # loopback, no token needed
    try:
        yield Server(url, db)
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        with chromium() as launched:
            yield launched
    except RuntimeError as exc:
        pytest.fail(str(exc))


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    """A phone-sized page; any script error or request to another site fails the test."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    # a 4xx answer is logged by the browser itself ("Failed to load resource"); the page shows its message
    tab.on("console", lambda m: problems.append(f"console: {m.text}")
           if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    tab.on("request", lambda r: None if r.url.startswith(server.url) else problems.append(f"foreign request {r.url}"))
    yield tab
    context.close()
    assert problems == []


def expect(locator: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


_SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, select, a, label.check, input:not([type=checkbox]):not([type=radio]):not([type=file])')]
  .filter(e => e.offsetParent !== null)
  .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
  .filter(([_, r]) => r.width < 44 || r.height < 44)
  .map(([html, r]) => html + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


# drawn but running off the right edge (a table cell, a tile) or a checkbox stretched wide
_CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  const shown = e => e.getClientRects().length && !e.closest('details:not([open])');
  const cut = [...document.querySelectorAll('main td, main svg.tile')]
    .filter(e => shown(e) && e.getBoundingClientRect().right > width + 0.5)
    .map(e => 'cut off: ' + (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40));
  const wide = [...document.querySelectorAll('main input[type=checkbox], main input[type=radio]')]
    .filter(e => shown(e) && e.getBoundingClientRect().width > 32)
    .map(e => 'stretched: ' + (e.id || e.name));
  return cut.concat(wide);
}"""


def no_horizontal_scroll(tab: Any) -> None:
    """The phone layout holds: no sideways scrolling at 390 px, nothing drawn past the right edge
    (a wide table shows its rows as cards), every tap target at least 44 x 44 px."""
    width = tab.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1], f"horizontal scroll at 390 px: {width}"
    assert tab.evaluate(_CUT_OFF) == []
    assert tab.evaluate(_SMALL_TARGETS) == []


def cli_json(*argv: str, capsys: pytest.CaptureFixture[str]) -> Any:
    capsys.readouterr()
    main([*argv])
    return json.loads(capsys.readouterr().out)


def type_hand(tab: Any, text: str) -> None:
    tab.fill("#hand-text", text)


def breakdown(tab: Any) -> list[list[str]]:
    """The rows of the ruling's breakdown table (rule, value, times, subtotal)."""
    rows: list[list[str]] = tab.locator(".breakdown table").first.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].slice(0, 4).map(c => c.innerText.trim()))"
    )
    return rows


# --- the hand page -----------------------------------------------------------------------------------

def test_build_the_sample_hand_by_tapping_and_by_keyboard(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    taps = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E", "E"]
    for tile in taps[:-1]:
        page.click(f'#palette button[data-tile="{tile}"]')
    page.focus('#palette button[data-tile="E"]')  # the last tile by keyboard alone
    page.keyboard.press("Enter")
    expect(page.locator("#ruling .big")).to_have_text("21 points")
    assert page.input_value("#hand-text") == "123456789m123pEE"  # written by the engine, the last tap last
    assert [r[0] for r in breakdown(page)] == [
        "Pure Straight", "Concealed Hand", "Mixed Double Chow", "One Voided Suit", "Single Wait",
    ]
    pieces = page.locator("#pieces button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert pieces[0] == "1 of characters" and pieces[-1] == "east wind, the last tile added"
    no_horizontal_scroll(page)
    page.click('#pieces button[data-piece="last"]')  # tap the winning tile: removed, 13 tiles left
    expect(page.locator("#ruling h2").nth(1)).to_have_text("The hand")
    expect(page.locator("#ruling .waits")).to_contain_text("Waits under mcr")


def test_a_typed_helper_string_shows_the_items_of_score_json(
    page: Any, server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    page.goto(server.url + "/")
    type_hand(page, H)
    expect(page.locator("#ruling .big")).to_have_text("25 points")
    expected = cli_json("score", H, "--profile", "mcr", "--json", capsys=capsys)
    rows = breakdown(page)
    points = [(i["name"], i["points"], i["count"]) for i in expected["items"]]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (name, f"{n} point" + ("s" if n != 1 else ""), f"x{count}" if count != 1 else "") for name, n, count in points
    ]
    assert [r[0] for r in rows] == ["Three Concealed Pungs", "All Pungs", "Dragon Pung", "Single Wait"]
    sets = page.locator(".breakdown tbody tr").first.locator("td").nth(4).locator("svg.tile")
    expect(sets).to_have_count(9)  # the three concealed pungs drawn, on the screen (the rows are cards)
    no_horizontal_scroll(page)
    labels = page.locator("#pieces button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert labels[0] == "exposed pung of red dragon, claimed red dragon from the left"
    page.click('#pieces button[data-piece="standing"] >> nth=0')  # tiles and text stay in step
    expect(page.locator("#hand-text")).to_have_value("[CCC,1]22m5559p888s9p")  # one 2m fewer


def focused(tab: Any) -> str:
    """Where the keyboard is: the focused element's id, its piece's label, or "body" when lost."""
    where: str = tab.evaluate("""() => { const e = document.activeElement;
        if (!e || e === document.body) return 'body';
        return e.id || ('piece: ' + e.getAttribute('aria-label')); }""")
    return where


def test_melds_the_winning_tile_and_events_with_the_keyboard_alone(
    page: Any, server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    page.goto(server.url + "/")
    type_hand(page, "11111m23456789p")  # bad input: the engine's own words beside the field
    expect(page.locator("#hand-error")).to_have_text("5 copies of 1m (melds included); there are only 4")
    page.focus("#clear-hand")
    page.keyboard.press("Enter")
    expect(page.locator("#hand-text")).to_have_value("")

    def press(selector: str, key: str = "Enter") -> None:
        page.focus(selector)
        page.keyboard.press(key)

    press('input[name="add"][value="pung"]', "Space")
    page.select_option("#claim-seat", "3")  # from the right
    press('#palette button[data-tile="C"]')
    press('input[name="add"][value="concealed_kong"]', "Space")
    expect(page.locator("#claim-seat-box")).to_be_hidden()  # a concealed kong was claimed from nobody
    press('#palette button[data-tile="1m"]')
    press('input[name="add"][value="chow"]', "Space")
    page.select_option("#claim-tile", "3")  # the chow's 3rd tile was the discard
    press('#palette button[data-tile="2s"]')
    press('input[name="add"][value="tile"]', "Space")
    for tile in ["5p", "6p", "7p", "9s", "9s"]:
        press(f'#palette button[data-tile="{tile}"]')
    expect(page.locator("#hand-text")).to_have_value("[CCC,3][1m1m1m1m][2s3s4s,3]567p9s9s")
    press('input[name="tap"][value="win"]', "Space")
    press('#pieces button[data-piece="standing"] >> nth=1')  # 6p becomes the winning tile
    expect(page.locator("#hand-text")).to_have_value("[CCC,3][1m1m1m1m][2s3s4s,3]57p99s6p")
    assert focused(page).startswith("piece: ")  # the keyboard stays in the hand, not thrown to the top
    labels = page.locator("#pieces button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert labels[:3] == [
        "exposed pung of red dragon, claimed red dragon from the right", "concealed kong of 1 of characters",
        "exposed chow 2 of bamboo, 3 of bamboo, 4 of bamboo, claimed 4 of bamboo from the left",
    ]
    assert labels[-1] == "6 of dots, the last tile added"
    press("#f-self_drawn", "Space")
    press("#f-kong", "Space")
    expected = cli_json("score", "[CCC,3][1111m][234s,3]57p99s6p", "--self-drawn", "--kong", "--json", capsys=capsys)
    expect(page.locator("#ruling .big")).to_have_text(f"{expected['total']} points")
    page.select_option("#f-profile", "bmja")  # the events bmja scores, offered as toggles
    expect(page.locator("#events legend")).to_have_text("Events bmja scores")
    press("#ev-original_call", "Space")
    expect(page).to_have_url(re.compile(r"events=original_call"))
    assert focused(page) == "ev-original_call"  # the toggles drawn again, the keyboard where it was
    no_horizontal_scroll(page)


def test_z_digits_follow_the_honour_order(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    type_hand(page, "123m456m789m123p77z")  # 7z: red (Tenhou) or white (the MCR helper's order)
    expect(page.locator("#pieces button").last).to_have_attribute("aria-label", "red dragon, the last tile added")
    page.select_option("#f-honour_order", "chinese")
    expect(page.locator("#pieces button").last).to_have_attribute("aria-label", "white dragon, the last tile added")


def test_why_not_a_suppressed_fan(page: Any, server: Server) -> None:
    page.goto(server.url + "/?hand=" + STRAIGHT)
    expect(page.locator("#ruling .big")).to_have_text("22 points")
    page.fill("#f-why", "Short Straight")
    why = page.locator("#ruling section.why")
    expect(why).to_contain_text("Why Short Straight?")
    expect(why).to_contain_text("Pure Straight")
    expect(why).to_contain_text("3.9.1.5")  # Green Book 2006 §3.9.1.5, non-separation
    options = page.locator("#rule-names option").evaluate_all("os => os.map(o => o.value)")
    assert "Short Straight" in options and "Pure Straight" in options  # offered as you type


def test_verify_a_wrong_claim(page: Any, server: Server) -> None:
    page.goto(server.url + "/?hand=" + STRAIGHT)
    page.fill("#f-claim", "Pure Straight, Half Flush, Single Wait, Short Straight")
    claim = page.locator("#ruling section.claim")
    expect(claim.locator(".verdict")).to_have_text("verdict: wrong")
    expect(claim).to_contain_text("Half Flush needs tiles of one suit together with honours")
    expect(claim).to_contain_text("the claimed rules add up to 24 points")
    for other in ("bmja", "hk-old-style", "codification", "mcr-mil"):
        page.check(f"#cmp-{other}")
    expect(page.locator("#ruling section.comparison")).to_contain_text("3 faan")
    expect(page.locator("#ruling section.comparison thead th")).to_have_count(6)  # rule and five profiles
    no_horizontal_scroll(page)  # the differences and the side-by-side table fit the phone
    page.set_viewport_size({"width": 600, "height": 900})  # and a small tablet, where the tables are still cards
    no_horizontal_scroll(page)


def test_thirteen_tiles_show_their_waits(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    type_hand(page, "1112345678999m")
    rows = page.locator("#ruling .waits tbody tr")
    expect(rows).to_have_count(9)
    first = rows.first.locator("svg.tile").get_attribute("aria-label")
    assert first == "1 of characters"
    expect(rows.first).to_contain_text("points")  # Nine Gates on every wait (Green Book 2006 fan 4)


def test_the_teaching_panel_on_a_phone(page: Any, server: Server, capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_arbiter.notation.svg import tile_label
    from mahjong_arbiter.tiles import Tile

    page.goto(server.url + "/?hand=123m456p789s11pEW&seen=EE")  # 13 tiles, two Easts seen on the table
    shanten = cli_json("shanten", "123m456p789s11pEW", "--seen", "EE", "--json", capsys=capsys)
    distance = page.locator("#distance")
    expect(distance.locator(".headline")).to_have_text("1 exchange from ready (shanten 1)")
    useful = distance.locator("ul.useful").first
    said = useful.locator(".vh").evaluate_all("es => es.map(e => e.textContent)")
    assert said == [f"{tile_label(Tile.of(u['tile']))}, {u['unseen']} unseen" for u in shanten["useful"]]
    # by hand: a third 1p, a second E or W; unseen 4 - 2 held, 4 - 1 held - 2 seen, 4 - 1 held
    assert useful.locator(".n").all_inner_texts() == ["2", "1", "3"]
    expect(page.locator("#targets .targets-found table")).to_be_visible()
    no_horizontal_scroll(page)
    page.focus("#f-depth")
    page.keyboard.press("Home")  # 1 new tile, by keyboard alone: a hand not ready has none
    expect(page.locator("#targets")).to_have_text("No complete hand within 1 new tile under mcr. Try more new tiles.")
    page.keyboard.press("End")  # 3 new tiles
    expect(page.locator("#targets")).to_contain_text("within 3 new tiles under mcr")
    expect(page).to_have_url(re.compile(r"seen=EE&depth=3"))  # a shared link keeps the panel's fields
    best = cli_json("targets", "123m456p789s11pEW", "--seen", "EE", "--depth", "3", "--json", capsys=capsys)
    first = page.locator("#targets a").first
    total = f"{best['targets'][0]['total']} points"
    expect(first).to_have_attribute("aria-label", f"Open the ruling of hand 1 ({total})")
    first.click()
    expect(page.locator("#ruling .big")).to_have_text(total)  # the target's own ruling, scored by the engine
    expect(page.locator("#teaching")).to_be_hidden()  # a winning hand: nothing to teach
    page.goto(server.url + "/?hand=123m456p789s11pEWN")  # fourteen tiles, not a win: the discard table
    expect(page.locator("#distance .discard-table").first).to_be_visible()
    page.click("#distance details summary")  # the other discards too
    expect(page.locator("#targets .targets-found")).to_be_visible()
    no_horizontal_scroll(page)


def test_the_teaching_panel_says_it_is_working_and_asks_again_after_a_change(page: Any, server: Server) -> None:
    """While a teaching request is out its part says what it is doing and is aria-busy; a change
    meanwhile is said to wait for the search under way, and is asked for once that is back."""
    held: list[Any] = []
    holding = True

    def hold(route: Any) -> None:
        if holding:
            held.append(route)  # the answers wait until the test lets them go
        else:
            route.continue_()

    page.route("**/ui/teach", hold)
    page.goto(server.url + "/?hand=123m456p789s11pEW&depth=3")
    distance, targets = page.locator("#distance"), page.locator("#targets")
    expect(page.locator("#distance-working")).to_contain_text("Measuring how far the hand is from winning…")
    expect(page.locator("#targets-working")).to_contain_text("Searching the complete hands within 3 new tiles…")
    expect(distance).to_have_attribute("aria-busy", "true")
    expect(targets).to_have_attribute("aria-busy", "true")
    page.focus("#f-depth")
    page.keyboard.press("Home")  # 1 new tile, while the 3-tile search is out
    expect(page.locator("#targets-working")).to_contain_text(
        "Searching the complete hands within 1 new tile (once the search under way ends)…"
    )
    assert len(held) == 2  # one request per part at a time: the change was not sent meanwhile
    holding = False
    for route in held:
        route.continue_()
    # the 3-tile answer is not drawn: the 1-tile state is asked for and drawn
    expect(targets).to_have_text("No complete hand within 1 new tile under mcr. Try more new tiles.")
    expect(page.locator("#targets-working")).to_have_text("")
    expect(targets).not_to_have_attribute("aria-busy", "true")
    expect(distance.locator(".headline")).to_have_text("1 exchange from ready (shanten 1)")
    expect(distance).not_to_have_attribute("aria-busy", "true")


def test_compare_and_a_shared_link_reproduce_the_ruling(page: Any, browser: Any, server: Server) -> None:
    page.goto(server.url + "/")
    type_hand(page, H)
    page.check("#cmp-hk-old-style")
    comparison = page.locator("#ruling section.comparison")
    expect(comparison).to_contain_text("5 faan")
    expect(comparison).to_contain_text("25 points")
    link = page.locator("#share-link").get_attribute("href")
    assert link is not None and "compare=hk-old-style" in link
    expect(page.locator("#ruling")).not_to_have_attribute("aria-busy", "true")  # the latest answer drawn
    ruling = page.inner_text("#ruling")
    other = browser.new_page(viewport={"width": 390, "height": 844})
    other.goto(server.url + link)  # the shared page's ruling comes drawn by the server
    expect(other.locator("#ruling")).to_have_text(ruling, use_inner_text=True)
    assert other.input_value("#hand-text") == H
    other.close()


def test_the_print_stylesheet_shows_the_ruling_only(page: Any, server: Server) -> None:
    # a long ruling: the breakdown, a why-not and a wrong claim item by item
    page.goto(server.url + "/?hand=" + STRAIGHT + "&why=Short+Straight&claim=Pure+Straight,+Half+Flush,+Single+Wait")
    page.emulate_media(media="print")
    assert not page.locator(".builder").is_visible() and not page.locator("header.top").is_visible()
    assert page.locator("#ruling .big").is_visible()
    assert not page.locator("#ruling .discards").is_visible()  # a won hand's page: the verdict alone
    pdf: bytes = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1  # the whole ruling on one page


def test_hostile_hand_id_shows_escaped(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    hostile = '<img src=x onerror="document.title=1">'
    hand = {"id": hostile, "concealed": list("EE"), "winning_tile": "E"}
    hand["concealed"] = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E", "E"]
    type_hand(page, json.dumps(hand))
    heading = page.locator("#ruling h2").first
    expect(heading).to_contain_text(f"Hand {hostile}")
    assert page.locator("#ruling img").count() == 0


# --- profiles ----------------------------------------------------------------------------------------

def test_house_rules_checked_then_used_in_the_session(page: Any, server: Server) -> None:
    page.goto(server.url + "/profiles")
    page.fill("#house-input", 'id = "club"\nextends = "/etc/passwd"\n')
    page.click("#house-check")
    expect(page.locator("#house-result .error")).to_contain_text("may extend only built-in profiles")
    # the club values All Pungs at 4 faan (the HK sheet's 3): hand H is 6 faan, not 5
    page.fill("#house-input", 'id = "club"\nextends = "hk-old-style"\nlabel = "Our club"\n'
                              '[amend."hk.all-pungs"]\nfaan = 4\n')
    page.click("#house-check")
    expect(page.locator("#house-result")).to_contain_text("The house rules club load")
    page.goto(server.url + "/?hand=" + H.replace("[", "%5B").replace("]", "%5D").replace(",", "%2C"))
    page.select_option("#f-profile", "club")
    expect(page.locator("#ruling h2").first).to_contain_text("Our club")
    expect(page.locator("#ruling .big")).to_have_text("6 faan")
    expect(page.locator("#share")).to_contain_text("carries the house rules")
    no_horizontal_scroll(page)
    page.goto(server.url + "/profiles/mcr")
    expect(page.locator("h1")).to_have_text("Rulebook: " + "Mahjong Competition Rules (Green Book 2006, English)")
    no_horizontal_scroll(page)
    page.goto(server.url + "/profiles/diff?a=bmja&b=club-rules")  # long setting names and sources
    expect(page.locator("main h2").first).to_have_text("From bmja to club-rules")
    no_horizontal_scroll(page)


# --- the game ----------------------------------------------------------------------------------------

def test_a_game_of_three_hands_matches_game_show(page: Any, server: Server,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    page.goto(server.url + "/game")
    for field, name in zip(page.locator('input[name="player"]').all(), ["Ann", "Bob", "<b>Cat</b>", "Dan"],
                           strict=True):
        field.fill(name)
    page.click('#new-game button[type="submit"]')
    page.wait_for_url(re.compile(r"/game/\d+$"))
    gid = int(page.url.rsplit("/", 1)[1])
    assert page.locator("main b").count() == 0  # the hostile name is text
    # hand 1: Bob (South) wins 8 on Cat's (West) discard, shown before it is recorded
    page.select_option('select[name="winner"]', "S")
    page.select_option('select[name="discarder"]', "W")
    page.fill('input[name="score-S"]', "8")
    page.click("#preview-hand")
    expect(page.locator("#preview")).to_contain_text("Hand 1: the settlement")
    with page.expect_navigation():
        page.click("#record-hand")
    # hand 2: the new East (Bob: East passes after a hand East did not win) self-draws the sample
    # hand, scored from its tiles: 23 (Fully Concealed Hand, Green Book 2006 fan 56, in place of 62 and 80)
    page.select_option('select[name="winner"]', "E")
    page.check("#g-self_drawn")
    page.fill('input[name="hand-E"]', SAMPLE)
    with page.expect_navigation():
        page.click("#record-hand")
    # hand 3: a draw
    page.select_option('select[name="winner"]', "")
    with page.expect_navigation():
        page.click("#record-hand")
    expect(page.locator("section[aria-labelledby=history] tbody tr")).to_have_count(3)
    history = page.locator("section[aria-labelledby=history] tbody tr")
    expect(history.first).to_contain_text("Bob wins, on <b>Cat</b>'s discard")  # escaped, in words
    shown = cli_json("game", "show", "--db", str(server.db), "--game", str(gid), "--json", capsys=capsys)
    totals = shown["hands"][-1]["totals"]
    standings = page.locator("section[aria-labelledby=standings] tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[1].innerText, r.cells[2].innerText])"
    )
    assert {name: value for name, value in standings} == {p: str(v) for p, v in totals.items()}
    assert shown["hands"][1]["scores"]["Bob"] == 23
    no_horizontal_scroll(page)
    asked: list[str] = []

    def answer(accept: bool) -> Callable[[Any], None]:
        def reply(dialog: Any) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()
        return reply

    page.once("dialog", answer(False))  # a stray tap: the page asks first, and "cancel" keeps the hand
    page.click("#undo-hand")
    expect(history).to_have_count(3)
    page.once("dialog", answer(True))
    with page.expect_navigation():
        page.click("#undo-hand")
    expect(history).to_have_count(2)
    assert asked == ["Undo hand 3 (draw)? It leaves the history and the standings."] * 2


# --- concurrency (the live server, no browser) -------------------------------------------------------

def test_pages_and_the_api_answer_head_with_their_headers_alone(server: Server) -> None:
    """A monitor's or link checker's HEAD gets the page's or the answer's status and headers, and
    no body, wherever GET is answered; elsewhere 405 saying what is allowed."""
    parts = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
    for path, kind in (("/", "text/html"), ("/profiles/mcr", "text/html"), ("/game", "text/html"),
                       ("/static/app.js", "javascript"), ("/api/profiles", "application/json"),
                       ("/api/games", "application/json")):
        connection.request("HEAD", path)
        response = connection.getresponse()
        assert (response.status, response.read()) == (200, b""), path
        assert kind in response.getheader("content-type", ""), path
    connection.request("HEAD", "/api/score")
    response = connection.getresponse()
    assert (response.status, response.read(), response.getheader("allow")) == (405, b"", "POST")
    connection.close()


def test_twenty_concurrent_score_requests(server: Server) -> None:
    hands = {SAMPLE: 21, H: 25, STRAIGHT: 22}
    parsed = {text: server.post("/api/parse", {"text": text})[1] for text in hands}
    answers: dict[int, tuple[int, Any]] = {}

    def ask(n: int) -> None:
        text = list(hands)[n % 3]
        answers[n] = (hands[text], server.post("/api/score", {"hand": parsed[text], "profile": "mcr"}))

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(answers) == 20
    for expected, (status, data) in answers.values():
        assert status == 200 and data["total"] == expected


def test_two_concurrent_hand_recordings_are_both_stored(server: Server) -> None:
    status, created = server.post("/api/games", {"profile": "mcr", "players": ["A", "B", "C", "D"]})
    assert status == 200
    gid = created["game"]["id"]
    results: list[tuple[int, Any]] = []
    facts = [{"winner": "S", "discarder": "W", "scores": {"S": 8}}, {"winner": "E", "self_drawn": True,
                                                                    "scores": {"E": 10}}]
    threads = [threading.Thread(target=lambda f=f: results.append(server.post(f"/api/games/{gid}/hands", f)))
               for f in facts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [status for status, _ in results] == [200, 200]
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}", timeout=30) as response:
        stored = json.loads(response.read())
    assert [h["hand"] for h in stored["hands"]] == [1, 2]  # both stored, numbered in turn
    assert sorted(max(h["scores"].values()) for h in stored["hands"]) == [8, 10]


def test_other_hosts_need_the_printed_token(browser: Any, tmp_path: Path) -> None:
    process, url = serve(tmp_path / "ledger.sqlite3", "--host", "0.0.0.0")
    try:
        assert "?token=" in url
        base = url.split("?", 1)[0].rstrip("/")
        guest = browser.new_page(viewport={"width": 390, "height": 844})  # no token: may read, not write
        guest.goto(base + "/game")
        for field, name in zip(guest.locator('input[name="player"]').all(), "ABCD", strict=True):
            field.fill(name)
        guest.click('#new-game button[type="submit"]')
        expect(guest.locator("#new-game-error")).to_contain_text("need the token")
        guest.close()
        table = browser.new_page(viewport={"width": 390, "height": 844})  # opened from the printed URL
        table.goto(url)
        table.goto(base + "/game")
        for field, name in zip(table.locator('input[name="player"]').all(), "ABCD", strict=True):
            field.fill(name)
        with table.expect_navigation():
            table.click('#new-game button[type="submit"]')
        assert re.search(r"/game/\d+$", table.url)
        table.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert process.stderr is not None and "warning: listening on 0.0.0.0" in process.stderr.read()
