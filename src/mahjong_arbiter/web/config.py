"""How one server runs: where its ledger is, whether writes need a token, and its size limits."""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

__all__ = ["ServerConfig", "is_loopback", "MAX_BODY", "MAX_PROFILE", "MAX_HAND_TEXT", "MAX_LINK"]

MAX_BODY: Final = 256 * 1024
"""The largest request body accepted, in bytes (a hand is well under 2 KB)."""

MAX_PROFILE: Final = 64 * 1024
"""The largest uploaded profile, in bytes of UTF-8 (the largest built-in profile is about 27 KB)."""

MAX_HAND_TEXT: Final = 2000
"""The longest hand text a form takes, in characters (a hand with every meld and bonus tile is under 100)."""

MAX_LINK: Final = 2000
"""The longest share link offered, in characters: links longer than this break in mail and chat programs."""


def is_loopback(host: str) -> bool:
    """Whether *host* only accepts connections from this machine (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class ServerConfig:
    """One server's settings.

    Attributes
    ----------
    db : Path or None
        The SQLite ledger the ``game`` pages and endpoints use (None: the ``game`` commands' default).
    token : str or None
        When set, every ledger write and every uploaded profile must carry it (header
        ``X-Arbiter-Token``); :meth:`for_host` sets one for any host but a loopback address.
    host, port : where the server listens (for the URL it prints and the Host header it accepts).
    """

    db: Path | None = None
    token: str | None = None
    host: str = "127.0.0.1"
    port: int = 8765
    max_body: int = MAX_BODY
    max_profile: int = MAX_PROFILE
    extra_hosts: tuple[str, ...] = field(default=())

    @classmethod
    def for_host(cls, host: str, port: int, db: Path | None) -> ServerConfig:
        """The settings for serving on *host*: a fresh token unless the host is a loopback address."""
        token = None if is_loopback(host) else secrets.token_urlsafe(18)
        return cls(db=db, token=token, host=host, port=port)

    @property
    def url(self) -> str:
        """The address to open (with the token when one is needed)."""
        shown = f"[{self.host}]" if ":" in self.host else self.host
        base = f"http://{shown}:{self.port}/"
        return base + (f"?token={self.token}" if self.token else "")

    def allowed_hosts(self) -> list[str]:
        """The Host headers accepted: on a loopback address only local names (no DNS rebinding)."""
        if not is_loopback(self.host):
            return ["*"]
        return ["127.0.0.1", "localhost", "::1", "[::1]", *self.extra_hosts]
