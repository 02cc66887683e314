"""The server while slow requests run: a real uvicorn server on a free port (in this process, so that
the engine's slow answers can be held until the test lets them go), asked over real connections.

No timings: each slow request is held inside the engine until the test releases it, so it is surely
still in flight when the cheap request is asked, and the cheap one must be answered before any slow
one is let go.  On the event loop a held analysis holds every other request too (the loop runs
nothing else); in a worker thread the loop goes on serving.

``123m456m789m123pEE`` scores 21 under mcr (Pure Straight 16, Concealed Hand 2, Mixed Double Chow 1,
One Voided Suit 1, Single Wait 1: Green Book 2006 fans 28, 62, 70, 75, 79).
"""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from mahjong_arbiter import answers
from mahjong_arbiter.web import ServerConfig, create_app
from mahjong_arbiter.web.state import ANALYSES, SEARCHES

SAMPLE = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E", "E"],
          "winning_tile": "E"}
THIRTEEN = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E"],
            "winning_tile": None}
BOUND = 60.0
"""How long the test waits for something that must happen (a bound, not a timing: a passing run
never waits it out; on the old code, where the loop was held, the cheap request ran into it)."""

SLOW: list[tuple[str, dict[str, Any]]] = [
    ("/api/waits", {"hand": SAMPLE, "profile": "mcr", "discards": True}),
    ("/api/explain", {"hand": SAMPLE, "profile": "mcr"}),
    ("/api/compare", {"hand": SAMPLE, "profiles": ["mcr", "bmja"]}),
    ("/ui/update", {"form": {"hand": "123m456m789m123pEE", "profile": "mcr"}, "pieces": None}),
    ("/api/waits", {"hand": THIRTEEN, "profile": "mcr"}),
]
"""The analyses (each scores the hand many times over), held in the engine by the test."""
SEARCH = ("/api/shanten", {"hand": THIRTEEN, "profile": "mcr"})


class Held:
    """The engine's slow answers, each held at its start until :meth:`release` (and counted)."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.changed = threading.Condition()
        self.released = threading.Event()

    def wrap(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def held(*args: Any, **kwargs: Any) -> Any:
            with self.changed:
                self.started.append(real.__name__)
                self.changed.notify_all()
            self.released.wait(BOUND)
            return real(*args, **kwargs)

        return held

    def wait_for(self, analyses: int, searches: int) -> bool:
        """Whether that many analyses and searches came to be held (within :data:`BOUND`)."""
        def enough() -> bool:
            began = sum(1 for name in self.started if name == "shanten_answer")
            return len(self.started) - began >= analyses and began >= searches

        with self.changed:
            return self.changed.wait_for(enough, BOUND)

    def release(self) -> None:
        self.released.set()


def _post(port: int, path: str, body: object) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=BOUND * 2)
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Held:
    holder = Held()
    for name in ("discards_answer", "scored_waits_answer", "explain_answer", "compare_answer", "shanten_answer"):
        monkeypatch.setattr(answers, name, holder.wrap(getattr(answers, name)))
    return holder


@pytest.fixture
def port(tmp_path: Path, held: Held) -> Iterator[int]:
    """A uvicorn server in a thread of this process, as ``serve`` runs it; its port."""
    import uvicorn

    from mahjong_arbiter.cli.commands.serve import listen

    listener = listen("127.0.0.1", 0)
    number = listener.getsockname()[1]
    app = create_app(ServerConfig.for_host("127.0.0.1", number, tmp_path / "ledger.sqlite3"))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    started = threading.Event()
    while not server.started and thread.is_alive():
        started.wait(0.01)
    try:
        yield number
    finally:
        held.release()  # whatever the test's outcome, nothing stays held
        server.should_exit = True
        thread.join(BOUND)


def test_a_cheap_request_is_answered_while_slow_ones_are_held(port: int, held: Held) -> None:
    assert len(SLOW) > ANALYSES and SEARCHES == 2
    with ThreadPoolExecutor(len(SLOW) + SEARCHES) as pool:
        slow: list[Future[tuple[int, Any]]] = [pool.submit(_post, port, path, body) for path, body in SLOW]
        searches = [pool.submit(_post, port, *SEARCH) for _ in range(SEARCHES)]
        # as many analyses and searches as their limiters let in are held in the engine (an
        # analysis does not wait for a search); on the event loop the first held one held the rest
        assert held.wait_for(ANALYSES, SEARCHES), f"held in the engine: {held.started}"
        status, scored = _post(port, "/api/score", {"hand": SAMPLE, "profile": "mcr"})
        assert (status, scored["total"]) == (200, 21)
        # the cheap request came back while every slow one was still held; the rest waited their turn
        assert not any(f.done() for f in slow + searches)
        assert len(held.started) == ANALYSES + SEARCHES
        held.release()
        answered = [f.result() for f in slow + searches]
    assert [status for status, _ in answered] == [200] * len(answered)
    assert answered[3][1]["summary"] == "21 points under mcr"  # the page's ruling
