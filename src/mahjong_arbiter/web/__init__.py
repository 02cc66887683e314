"""The web face: ``mahjong-arbiter serve``, pages to build a hand and read its ruling, and a JSON API.

The same engine as the command line, nothing computed twice (a face holds no rule knowledge):

* :mod:`.api` — ``/api/...``: every hand command's JSON, exactly the CLI's (:mod:`mahjong_arbiter.answers`);
* :mod:`.hand_page`, :mod:`.builder`, :mod:`.ruling`, :mod:`.forms` — the hand page: the builder's
  pieces, the ruling drawn with the project's one tile renderer (:mod:`mahjong_arbiter.notation.svg`)
  and the sections of :mod:`mahjong_arbiter.disputes.html`, the page state as a share link;
* :mod:`.profile_pages`, :mod:`.uploads` — profiles, their differences, house rules from the browser;
* :mod:`.game_pages` — the games of the SQLite ledger (:mod:`mahjong_arbiter.table.games`);
* :mod:`.app`, :mod:`.config`, :mod:`.state` — the FastAPI app, its settings and its safety
  (loopback by default, a token otherwise, size limits, a strict Content Security Policy).

Pages are HTML made on the server; ``static/app.js`` (ours, no library) posts what changes and
puts in the HTML that comes back.  Nothing is loaded from another site: the app works offline.
"""

from .app import create_app
from .config import ServerConfig

__all__ = ["create_app", "ServerConfig"]
