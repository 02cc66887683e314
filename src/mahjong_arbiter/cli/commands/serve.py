"""``mahjong-arbiter serve``: the web app and its JSON API on a local server (uvicorn)."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

from ...errors import ArbiterError

NAME = "serve"
HELP = "start the web app (build a hand, read the ruling, keep a game) and its JSON API; prints its URL"
EXAMPLE = """examples:
  mahjong-arbiter serve                         # http://127.0.0.1:8765/, this machine only
  mahjong-arbiter serve --port 9000 --open      # and open it in the browser
  mahjong-arbiter serve --db club.sqlite3       # the ledger the game commands use with --db
  mahjong-arbiter serve --host 0.0.0.0          # other machines too: writes and uploads need the printed token
"""


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number, not {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=_port, default=8765, help="port (default 8765; 0 picks a free one)")
    parser.add_argument("--db", metavar="PATH", help="the game ledger (default: the game commands' default)")
    parser.add_argument("--open", action="store_true", help="open the app in the default web browser")


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on *host*:*port* (0: a free port) for uvicorn.

    It names its protocol (TCP) explicitly: :func:`socket.create_server` leaves it 0, the
    connections it accepts inherit that 0, and asyncio then does not turn Nagle's algorithm off on
    them (it checks for TCP by that number).  With Nagle on, the body of every answer after the
    first on a kept-alive connection waited for the browser's delayed acknowledgement of its
    headers: about 40 ms a request."""
    listener = socket.create_server((host, port))
    return socket.socket(listener.family, listener.type, socket.IPPROTO_TCP, fileno=listener.detach())


def run(args: argparse.Namespace) -> int:
    import webbrowser

    import uvicorn

    from ...web import ServerConfig, create_app
    from ...web.config import is_loopback

    if args.db:  # a --db the server could never open is said now, not at each request
        from ...table.ledger import Ledger

        with Ledger.open(Path(args.db)):
            pass
    try:
        listener = listen(args.host, args.port)
    except OSError as exc:
        raise ArbiterError("bad_arguments", f"cannot listen on {args.host}:{args.port}: {exc.strerror}") from None
    port = listener.getsockname()[1]
    config = ServerConfig.for_host(args.host, port, Path(args.db) if args.db else None)
    app = create_app(config)
    if not is_loopback(args.host):
        print(
            f"warning: listening on {args.host}: other machines can reach this server. Ledger writes and "
            "uploaded profiles need the token in the URL below; share it only with your table.",
            file=sys.stderr,
        )
    print(f"mahjong-arbiter serving on {config.url}", flush=True)
    if args.open:
        webbrowser.open(config.url)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    server.run(sockets=[listener])
    return 0
