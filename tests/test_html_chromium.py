"""The HTML pages of ``explain``, ``verify`` and ``compare`` rendered by a real headless Chromium.

Debian's ``chromium`` (``/usr/bin/chromium``) driven by Playwright for Python; tools/test.sh
installs it with apt-get when missing.  This test never skips: without the browser it fails and
says how to install it (never ``playwright install``: its download host cannot be reached).

The expectations are the hand-computed ones of tests/fixtures/disputes/golden.toml: the hand
123456789p123s55m scores 22 under mcr (Pure Straight 16, Concealed Hand 2, All Chows 2, Mixed
Double Chow 1, Single Wait 1; Green Book 2006 fans 28, 62, 63, 70, 79); hand H scores 25 under
mcr and 5 faan under hk-old-style.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chromium import chromium
from mahjong_arbiter.cli import main

STRAIGHT = "123456789p123s55m"
H = "[CCC,1]222m555p888s99p"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        with chromium() as launched:
            yield launched
    except RuntimeError as exc:
        pytest.fail(str(exc))


# every tile drawn: its accessible name, and the width its face was drawn at (0 when the face is missing)
_TILES = """() => [...document.querySelectorAll('svg.tile')].map(
    svg => [svg.getAttribute('aria-label'), svg.querySelector('use').getBBox().width])"""


def rendered(browser: Any, tmp_path: Path, *argv: str) -> tuple[int, str, list[str]]:
    """Run a command with ``--format html -o page.html``, open the page; its visible text and the
    accessible names of the tiles it draws (each checked to be drawn)."""
    page_file = tmp_path / "page.html"
    status = main([*argv, "--format", "html", "-o", str(page_file)])
    page = browser.new_page()
    blocked: list[str] = []
    page.on("request", lambda request: blocked.append(request.url) if not request.url.startswith("file:") else None)
    page.goto(page_file.as_uri())
    text: str = page.inner_text("body")
    tiles = page.evaluate(_TILES)
    page.close()
    assert blocked == [], f"the page asked for external resources: {blocked}"
    assert tiles and all(width > 0 for _, width in tiles), f"tiles without a face: {tiles}"
    return status, text, [label for label, _ in tiles]


def test_explain_page(browser: Any, tmp_path: Path) -> None:
    status, text, tiles = rendered(
        browser, tmp_path, "explain", STRAIGHT, "--profile", "mcr", "--why", "Short Straight"
    )
    assert status == 0
    assert "5m123456789p123s5m" in text  # the hand written again, the winning tile last
    for name in ("1 of dots", "9 of dots", "1 of bamboo", "5 of characters"):
        assert name in tiles
    assert tiles.count("1 of dots") == 3  # in the hand, in the sets of Pure Straight and Mixed Double Chow
    assert "total: 22 points" in text
    assert "Pure Straight" in text and "Mixed Double Chow" in text
    assert "Short Straight" in text and "3.9.1.5" in text  # suppressed, with its source


def test_verify_page(browser: Any, tmp_path: Path) -> None:
    status, text, _ = rendered(
        browser, tmp_path, "verify", STRAIGHT, "--profile", "mcr",
        "--claim-rules", "Pure Straight, Half Flush, Single Wait, Short Straight",
    )
    assert status == 1
    assert "verdict: wrong" in text and "total: 22 points" in text
    assert "Half Flush needs tiles of one suit together with honours" in text
    assert "the claimed rules add up to 24 points" in text


def test_verify_page_right(browser: Any, tmp_path: Path) -> None:
    status, text, tiles = rendered(browser, tmp_path, "verify", H, "--profile", "mcr", "--claim", "25")
    assert status == 0 and "verdict: right" in text and "total: 25 points" in text
    assert "red dragon" in tiles and "222m" in text  # the red dragon drawn, the pungs listed


def test_compare_page(browser: Any, tmp_path: Path) -> None:
    status, text, tiles = rendered(browser, tmp_path, "compare", H, "--profiles", "mcr,hk-old-style")
    assert status == 0
    assert "mcr" in text and "hk-old-style" in text
    assert "25 points" in text and "5 faan" in text
    assert "Three Concealed Pungs" in text and "9 of dots" in tiles and "red dragon" in tiles
