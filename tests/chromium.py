"""Debian's Chromium driven by Playwright for Python: the one way the tests and benchmarks start a browser.

``chromium`` on the PATH (Debian: ``apt-get install -y chromium``, which tools/test.sh runs when it
is missing; elsewhere a ``chromium`` or ``chromium-browser`` of the system's own),
never ``playwright install`` (its download host cannot be reached).  Without the browser the
caller fails and says how to install it: browser tests never skip.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]
EXPECT_TIMEOUT_MS = 30_000
"""How long an ``expect`` waits for the page (Playwright's 5 s default failed on a machine whose
load average was 8; a passing check returns as soon as it holds, so a long bound costs nothing)."""
MISSING = (
    f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium; tools/test.sh does this); "
    "never `playwright install`"
)


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched headless Chromium (a Playwright ``Browser``), closed on exit."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(MISSING)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
