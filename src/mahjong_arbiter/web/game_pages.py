"""The game pages: the games of the ledger, a new game, and one game (standings, history, the next
hand's seats, recording a hand by its scores or its tiles with the settlement shown first, undo,
export).  Everything is the ``game`` commands' work on the same SQLite ledger, so a game goes on
from the browser to the command line and back."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from pydantic import ValidationError

from ..errors import ArbiterError
from ..profiles.loader import builtin_profile_ids
from ..profiles.model import Profile
from ..table import games
from ..table.ledger import GameRow
from ..table.seats import SEATS, Seat
from .builder import event_choices
from .layout import checkbox, layout, options, table
from .models import HandFactsRequest
from .state import AppState

__all__ = ["games_page", "game_page", "preview", "settlement_html"]

_INCIDENTS = (("", "no incident"), ("liability", "liability"), ("false_mahjong", "false Mah-Jong"),
              ("wrong_tile_count", "wrong tile count"), ("non_winner_limit", "non-winner limit"))


def _game_profile(game: GameRow) -> Profile | None:
    """The game's profile (None when its file can no longer be loaded)."""
    try:
        return games.game_profile(game)
    except ArbiterError:
        return None


def _token_needed(state: AppState) -> bool:
    return state.config.token is not None


def games_page(state: AppState) -> str:
    """The ledger's games and the form that starts one."""
    with state.ledger() as ledger:
        rows = [
            (f'<a href="/game/{g.id}">game {g.id}</a>', escape(g.created_at), escape(g.profile),
             escape(", ".join(g.players)))
            for g in reversed(ledger.games())
        ]
        where = ledger.path.name  # the file's name: a page never shows where the server keeps its files
    listed = table(("game", "started", "profile", "players"), rows, raw=frozenset({0, 1, 2, 3})) if rows else (
        "<p>No game in this ledger yet.</p>")
    ids = [(pid, pid) for pid in builtin_profile_ids()]
    choices = (("", "the profile's rule"), ("stays", "stays"), ("passes", "passes"))
    players = "".join(
        f'<label class="select">{wind} <input name="player" required maxlength="60" autocomplete="off" '
        f'aria-label="player {i + 1} ({wind} for the first hand)"></label>'
        for i, wind in enumerate(("East", "South", "West", "North"))
    )
    body = f"""
<h1>Games</h1>
<p class="hint">Ledger: <code>{escape(where)}</code> on the server (the <code>game</code> commands go on with its
games when given the same file with <code>--db</code>).</p>
{listed}
<section aria-labelledby="new-title"><h2 id="new-title">Start a game</h2>
<form id="new-game" class="stack">
<label class="select">profile <select name="profile">{options(ids, "mcr")}</select></label>
<fieldset><legend>Players, in seat order</legend>{players}</fieldset>
<label class="select">limit <input name="limit" type="number" min="1" inputmode="numeric"
  placeholder="the profile's"></label>
<label class="select">rounds <select name="rounds">{options((("4", "4 (every wind)"), ("1", "1 (East only)")), "4")}
  </select></label>
<label class="select">after East wins, East <select name="after_east_win">{options(choices, "")}</select></label>
<label class="select">after a draw, East <select name="after_draw">{options(choices, "")}</select></label>
<p><button type="submit">Start the game</button></p>
<p id="new-game-error" class="error" role="alert"></p>
</form></section>"""
    return layout("Games", body, active="game", token_needed=_token_needed(state))


def _standings(game: GameRow, rows: Sequence[Mapping[str, Any]]) -> str:
    totals = rows[-1]["totals"] if rows else {p: 0 for p in game.players}
    order = sorted(game.players, key=lambda p: -float(totals[p]))
    body = [(str(i), p, str(totals[p])) for i, p in enumerate(order, start=1)]
    return table(("place", "player", "total"), body, narrow="table")


def _result_words(row: Mapping[str, Any]) -> str:
    """How a recorded hand ended, in words: a draw, or who won and how."""
    if row["winner"] is None:
        return "draw"
    how = "self-drawn" if row["self_drawn"] else (
        f"on {row['discarder']}'s discard" if row["discarder"] else "on a discard")
    return f"{row['winner']} wins, {how}"


def _history(game: GameRow, rows: Sequence[Mapping[str, Any]]) -> str:
    if not rows:
        return "<p>No hand recorded yet.</p>"
    head = ["hand", "round", "East", "result", *(f"{p}" for p in game.players)]
    body = []
    for row in rows:
        cells = [str(row["hand"]), str(row["prevailing"]), str(row["east"]), _result_words(row)]
        cells += [f"{row['scores'][p]} → {row['net'][p]} (total {row['totals'][p]})" for p in game.players]
        body.append(cells)
    return table(head, body)


def _seat_choices(seats: Mapping[Seat, str]) -> list[tuple[str, str]]:
    return [(s, f"{seats[s]} ({s})") for s in SEATS]


def _record_form(
    game: GameRow, number: int, seats: Mapping[Seat, str], prevailing: str, prefill: Mapping[str, Any],
    profile: Profile | None,
) -> str:
    winner = str(prefill.get("seat", "")) if prefill.get("hand") else ""
    hands = {winner: str(prefill["hand"])} if winner in SEATS else {}
    flags = {k: prefill.get(k) in ("1", "true") for k in ("self_drawn", "kong", "last_tile", "last_of_kind")}
    events = set(str(prefill.get("events", "")).split(",")) - {""}
    rows = "".join(
        f'<fieldset class="player"><legend>{escape(seats[s])} <span class="pid">({s})</span></legend>'
        f'<label class="select">score <input name="score-{s}" type="number" inputmode="numeric" class="num" '
        f'aria-label="score of {escape(seats[s])}"></label>'
        f'<label class="select grow">hand <input name="hand-{s}" value="{escape(hands.get(s, ""))}" maxlength="2000" '
        f'autocomplete="off" spellcheck="false" aria-label="hand of {escape(seats[s])}"></label>'
        f'<a href="/?game={game.id}&amp;profile={escape(quote(game.profile))}&amp;seat={s}&amp;round={prevailing}" '
        f'class="build">build the hand of '
        f"{escape(seats[s])}</a></fieldset>"
        for s in SEATS
    )
    incident_rows = "".join(
        f'<div class="row"><label class="select">incident <select name="incident-kind-{i}">{options(_INCIDENTS, "")}'
        f'</select></label><label class="select">by <select name="incident-player-{i}">'
        f'{options(_seat_choices(seats), "E")}</select></label><input name="incident-trigger-{i}" maxlength="200" '
        f'aria-label="what happened (incident {i + 1})" placeholder="what happened"></div>'
        for i in range(2)
    )
    winners = [("", "nobody: a draw"), *_seat_choices(seats)]
    events_html = "".join(
        checkbox("events", title, name in events, hint=meaning, value=name, ident=f"gev-{name}")
        for name, title, meaning in event_choices(profile)
    )
    return f"""
<form id="record" class="stack" data-game="{game.id}" data-hand="{number}">
<label class="select">winner <select name="winner">{options(winners, winner)}</select></label>
{checkbox("self_drawn", "self-drawn", flags["self_drawn"], ident="g-self_drawn")}
<label class="select">discarded by <select name="discarder">{options([("", "-"), *_seat_choices(seats)], "")}
</select></label>
<p class="hint">Give each player's score, or their hand in any notation (scored under the game's profile,
with this hand's winds), or both when they agree.</p>
{rows}
<fieldset><legend>The winner's hand was won</legend>
{checkbox("kong", "on a kong (robbed, or its replacement)", flags["kong"], ident="g-kong")}
{checkbox("last_tile", "on the last tile", flags["last_tile"], ident="g-last_tile")}
{checkbox("last_of_kind", "on the last of its kind", flags["last_of_kind"], ident="g-last_of_kind")}
{events_html}</fieldset>
{incident_rows}
<p><button type="button" id="preview-hand">Show the settlement</button>
<button type="button" id="record-hand">Record the hand</button></p>
<p id="record-error" class="error" role="alert"></p>
</form>
<div id="preview" aria-live="polite"></div>"""


def game_page(state: AppState, game_id: int, query: Iterable[tuple[str, str]]) -> str:
    """One game: standings, the next hand, the record form (prefilled from the hand page), history."""
    prefill = dict(query)
    with state.ledger() as ledger:
        game = ledger.game(game_id)
        hands = ledger.hands(game)
        rows = games.ledger_rows(game, hands)
        current = games.table_state(game, hands)
        seats = games.seat_map(game, current)
    limit = f", limit {game.limit}" if game.limit is not None else ""
    head = (f"<h1>Game {game.id}</h1><p>{escape(game.profile)}{escape(limit)}; "
            f"players {escape(', '.join(game.players))}</p>")
    if current.finished:
        upcoming = "<p>The game is over.</p>"
        form = ""
    else:
        sitting = ", ".join(f"{s}: {seats[s]}" for s in SEATS)
        upcoming = (f"<p>Next: hand {current.hand}, {escape(current.prevailing_wind)} round; "
                    f"{escape(sitting)}.</p>")
        form = _record_form(game, current.hand, seats, current.prevailing_wind, prefill, _game_profile(game))
    # the page asks before an undo, naming the hand it removes (a stray tap on a phone loses no hand)
    last = f"hand {rows[-1]['hand']} ({_result_words(rows[-1])})" if rows else ""
    tools = (
        f'<p><button type="button" id="undo-hand" data-game="{game.id}" data-last="{escape(last)}">'
        'Undo the last hand</button> '
        f'<a href="/api/games/{game.id}/export?format=csv" download>Export CSV</a> '
        f'<a href="/api/games/{game.id}/export?format=json" download>Export JSON</a></p>'
        '<p id="undo-error" class="error" role="alert"></p>'
    )
    body = (
        head
        + f'<section aria-labelledby="standings"><h2 id="standings">Standings</h2>{_standings(game, rows)}</section>'
        + f'<section aria-labelledby="next"><h2 id="next">Record a hand</h2>{upcoming}{form}</section>'
        + f'<section aria-labelledby="history"><h2 id="history">History</h2>{_history(game, rows)}{tools}</section>'
    )
    return layout(f"Game {game.id}", body, active="game", token_needed=_token_needed(state))


def settlement_html(number: int, result: Mapping[str, Any]) -> str:
    """A hand's settlement before it is recorded: what the hands scored, who pays whom, the nets."""
    seats: Mapping[str, str] = result["seats"]
    parts = [f"<h3>Hand {number}: the settlement</h3>"]
    scored = result.get("hands", {})
    if scored:
        lines = "".join(
            f"<li>{escape(seats[s])} ({s}, {'winner' if h['winner'] else 'loser'}) <code>{escape(h['hand'])}</code>: "
            f"{h['result']['total']:g} {escape(h['result']['unit'])}</li>"
            for s, h in scored.items()
        )
        parts.append(f"<ul>{lines}</ul>")
    settlement = result["settlement"]
    payments = [(seats[p["from"]], seats[p["to"]], str(p["amount"]), p["why"]) for p in settlement["payments"]]
    paid = table(("pays", "to", "amount", "why"), payments, narrow="table") if payments else "<p>No payments.</p>"
    parts.append(paid)
    nets = "".join(f"<li>{escape(seats[s])}: {escape(str(v))}</li>" for s, v in settlement["net"].items())
    parts.append(f"<p>Each player's net:</p><ul>{nets}</ul>")
    parts += [f'<p class="hint">{escape(n)}</p>' for n in settlement.get("notes", [])]
    return '<section class="settlement">' + "".join(parts) + "</section>"


def preview(state: AppState, game_id: int, data: object) -> dict[str, Any]:
    """The settlement the facts *data* would give, stored nowhere: ``{"html", "error"}``."""
    try:
        request = HandFactsRequest.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return {"html": "", "error": f"{where}: {first.get('msg', 'invalid')}"}
    try:
        with state.ledger() as ledger:
            game = ledger.game(game_id)
            number, result = games.preview_hand(ledger, game, request.facts(), expected_hand=request.expected_hand)
    except ArbiterError as exc:
        return {"html": "", "error": exc.message}
    return {"html": settlement_html(number, result), "error": ""}
