"""What one running app holds: its settings, the uploaded profiles, the ledger's write lock; and the
profile a request names (a built-in id, or the id of the uploaded text it carries)."""

from __future__ import annotations

import hmac
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TypeVar

import anyio
import anyio.to_thread

from ..errors import ArbiterError, ProfileError
from ..profiles.model import Profile
from ..table.ledger import Ledger, default_db_path
from .config import ServerConfig
from .uploads import UPLOAD_NAME, UploadedProfiles

__all__ = ["AppState", "TokenError", "TOKEN_HEADER", "SEARCHES", "ANALYSES"]

TOKEN_HEADER = "X-Arbiter-Token"

SEARCHES: Final = 2
"""Teaching searches (shanten, targets) running at once; more wait their turn.  They share the
interpreter with the event loop, which takes its turn between their slices: the fewer run at
once, the sooner it does (two: the two parts of one page's teaching panel)."""

ANALYSES: Final = 2
"""Analyses (the page's ruling, the best discards, scored waits, explain, compare, a rulebook)
running at once; more wait their turn.  They have their own limiter, so a ruling never waits for a
teaching search, and as few at once as the searches, for the same reason."""

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
    _analyses: anyio.CapacityLimiter | None = field(default=None, init=False, repr=False)

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

    async def analyse(self, work: Callable[[], T]) -> T:
        """*work*'s answer, worked out in a worker thread, at most :data:`ANALYSES` at once.

        For the answers that score a hand many times over: the best discards of fourteen tiles
        (each discard's waits, each wait scored), a thirteen-tile hand's waits scored, explain
        (every reading ranked), compare (one score per profile), the page's ruling (which holds
        the best discards), a rulebook.  Under a classical profile the discards alone can take a
        second; on the event loop they would hold every other request that long, and several
        one after another.  Their limiter is not the searches', so neither waits for the other."""
        if self._analyses is None:  # made on the loop, as the searches' limiter
            self._analyses = anyio.CapacityLimiter(ANALYSES)
        return await anyio.to_thread.run_sync(work, limiter=self._analyses)

    def check_token(self, given: str | None) -> None:
        """Refuse (:class:`TokenError`) unless the server needs no token or *given* is it."""
        wanted = self.config.token
        if wanted is not None and not (given and hmac.compare_digest(given.encode(), wanted.encode())):
            raise TokenError()

    def upload(self, toml: str, *, token: str | None = None) -> Profile:
        """The profile an uploaded text defines, checked by the loader (the token checked first)."""
        self.check_token(token)
        return self.uploads.load(toml)

    def builtin(self, name: str, *, limit: int | None = None) -> Profile:
        """The built-in profile *name* names (its id in any spelling, or an alias).

        Files are never named from the web: a name that looks like a path is refused before
        anything is opened, so the answer is the same whether or not such a file exists."""
        if "/" in name or "\\" in name or name.endswith(".toml"):
            raise ProfileError(
                f"profile {name!r}: the web app takes a built-in profile id or an uploaded profile, not a file",
                code="unknown_profile",
            )
        from ..scoring import resolve_profile

        return resolve_profile(name).with_limit(limit)

    def profile(self, name: str, toml: str | None = None, *, token: str | None = None,
                limit: int | None = None) -> Profile:
        """The profile *name*: the uploaded *toml*, which must define that id, or else a built-in profile.

        An uploaded text that is given but not used is bad input (:meth:`profiles`)."""
        return self.profiles([name], toml, token=token, limit=limit)[0]

    def profiles(self, names: Sequence[str], toml: str | None = None, *, token: str | None = None,
                 limit: int | None = None) -> list[Profile]:
        """The profiles *names*: the one the uploaded *toml* defines, the others built-in.

        *toml*, when given, is loaded (an invalid text is refused with the loader's message) and
        must define one of *names*: a house-rules text sent with a request that does not name it
        would otherwise be ignored in silence, and the answer taken for a house ruling."""
        uploaded = None if toml is None else self.upload(toml, token=token)
        if uploaded is not None and uploaded.id not in names:
            named = f"names {' and '.join(repr(n) for n in names)}" if names else "names no profile"
            raise ProfileError(
                f"profile_toml: the {UPLOAD_NAME} defines {uploaded.id!r}, but the request {named}: "
                f"name {uploaded.id!r} as the profile to use it, or leave profile_toml out",
                code="unused_profile",
            )
        return [uploaded.with_limit(limit) if uploaded is not None and name == uploaded.id
                else self.builtin(name, limit=limit) for name in names]

    @contextmanager
    def ledger(self) -> Iterator[Ledger]:
        """The ledger, opened for one request.  A problem met while it is open is told as the
        ledger's messages tell it, with the server's file path left out: "no game 9 in the ledger"
        (the command line names its own file; a web client, perhaps on another machine, is not
        told where the server keeps it)."""
        path = self.config.db if self.config.db is not None else default_db_path()
        try:
            with Ledger.open(path) as ledger:
                yield ledger
        except ArbiterError as exc:
            exc.message = _without_path(exc.message, Path(path))
            exc.args = (exc.message,)
            raise

    @contextmanager
    def ledger_write(self, token: str | None) -> Iterator[Ledger]:
        """The ledger for a write: the token checked, and one writer at a time in this server (the
        ledger's own transactions keep writers in other processes apart)."""
        self.check_token(token)
        with self.ledger_lock, self.ledger() as ledger:
            yield ledger


def _without_path(message: str, ledger: Path) -> str:
    """*message* with the ledger's file (as given, resolved) and its folder named in words."""
    for where in dict.fromkeys((ledger, ledger.resolve())):
        message = message.replace(f"the ledger {where}", "the ledger").replace(str(where), "the ledger")
    for folder in dict.fromkeys((ledger.parent, ledger.resolve().parent)):
        if folder.parent != folder and str(folder) != ".":  # neither the root nor "here"
            message = message.replace(f"the folder {folder}", "the ledger's folder").replace(
                str(folder), "the ledger's folder"
            )
    return message
