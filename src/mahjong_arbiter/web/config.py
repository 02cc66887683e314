"""How one server runs: where its ledger is, whether writes need a token, and its size limits."""

from __future__ import annotations

import ipaddress
import secrets
import socket
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


_WILDCARDS: Final = ("0.0.0.0", "::", "")


def _reachable_address() -> str:
    """This machine's address on its network (the one an outgoing packet would leave from; no
    packet is sent), or its host name when it has no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): a route lookup only
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


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
        """The address to open (with the token when one is needed); for a wildcard host (every
        address of the machine) the machine's own address, which the table's phones can reach."""
        host = _reachable_address() if self.host in _WILDCARDS else self.host
        shown = f"[{host}]" if ":" in host else host
        base = f"http://{shown}:{self.port}/"
        return base + (f"?token={self.token}" if self.token else "")

    def allowed_hosts(self) -> list[str]:
        """The Host headers accepted: on a loopback address only local names (no DNS rebinding)."""
        if not is_loopback(self.host):
            return ["*"]
        return ["127.0.0.1", "localhost", "::1", "[::1]", *self.extra_hosts]
