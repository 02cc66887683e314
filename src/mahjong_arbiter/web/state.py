"""What one running app holds: its settings, the uploaded profiles, the ledger's write lock; and the
profile a request names (a built-in id, or the id of the uploaded text it carries)."""

from __future__ import annotations

import hmac
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final, TypeVar

import anyio
import anyio.to_thread

from ..errors import ArbiterError, ProfileError
from ..profiles.model import Profile
from ..table.ledger import Ledger
from .config import ServerConfig
from .uploads import UploadedProfiles

__all__ = ["AppState", "TokenError", "TOKEN_HEADER", "SEARCHES"]

TOKEN_HEADER = "X-Arbiter-Token"

SEARCHES: Final = 2
"""Teaching searches (shanten, targets) running at once; more wait their turn.  They share the
interpreter with the event loop, which takes its turn between their slices: the fewer run at
once, the sooner it does (two: the two parts of one page's teaching panel)."""

T = TypeVar("T")


class TokenError(ArbiterError):
    """A write or an upload without the server's token (HTTP 403)."""

    def __init__(self) -> None:
        super().__init__(
            "token_required",
            "this server is reachable from other machines: ledger writes and uploaded profiles need the token "
            "printed when it started (open the URL it printed)",
        )


@dataclass
class AppState:
    """The app's settings and shared objects (one per app, shared by the request threads)."""

    config: ServerConfig
    uploads: UploadedProfiles = field(init=False)
    ledger_lock: threading.Lock = field(default_factory=threading.Lock)
    _searches: anyio.CapacityLimiter | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.uploads = UploadedProfiles(self.config.max_profile)

    async def search(self, work: Callable[[], T]) -> T:
        """*work*'s answer, worked out in a worker thread, at most :data:`SEARCHES` at once.

        For the teaching searches: a score takes a quarter of a millisecond and runs on the event
        loop, but a search for targets three tiles away can take seconds, and on the loop it would
        hold every other request that long; in a thread the loop serves them between its slices."""
        if self._searches is None:  # made on the loop: the limiter belongs to the running event loop
            self._searches = anyio.CapacityLimiter(SEARCHES)
        return await anyio.to_thread.run_sync(work, limiter=self._searches)

    def check_token(self, given: str | None) -> None:
        """Refuse (:class:`TokenError`) unless the server needs no token or *given* is it."""
        wanted = self.config.token
        if wanted is not None and not (given and hmac.compare_digest(given.encode(), wanted.encode())):
            raise TokenError()

    def profile(self, name: str, toml: str | None = None, *, token: str | None = None,
                limit: int | None = None) -> Profile:
        """The profile *name*: the uploaded *toml* when it defines that id, else a built-in profile.

        Files are never named from the web: a name that looks like a path is refused.
        """
        if toml is not None:
            self.check_token(token)
            uploaded = self.uploads.load(toml)
            if uploaded.id == name:
                return uploaded.with_limit(limit)
        if "/" in name or "\\" in name or name.endswith(".toml"):
            raise ProfileError(
                f"profile {name!r}: the web app takes a built-in profile id or an uploaded profile, not a file",
                code="unknown_profile",
            )
        from ..scoring import resolve_profile

        return resolve_profile(name).with_limit(limit)

    @contextmanager
    def ledger(self) -> Iterator[Ledger]:
        """The ledger, opened for one request."""
        with Ledger.open(self.config.db) as ledger:
            yield ledger

    @contextmanager
    def ledger_write(self, token: str | None) -> Iterator[Ledger]:
        """The ledger for a write: the token checked, and one writer at a time in this server (the
        ledger's own transactions keep writers in other processes apart)."""
        self.check_token(token)
        with self.ledger_lock, self.ledger() as ledger:
            yield ledger
