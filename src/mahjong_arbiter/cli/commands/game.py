"""``mahjong-arbiter game``: keep a game in the SQLite ledger (new, hand, draw, undo, show, export, replay).

Players are named by their name or by the seat letter they sit under for this hand (E S W N); a
seat letter always names the seat, even when a player is called by it (the command then says
which it took).
A hand's scores are entered as numbers (``--score NAME=56``), or as the hands themselves
(``--hand NAME=NOTATION``, scored under the game's profile and limit; the winner's context from
``--self-drawn --last-tile --kong --last-of-kind --event``, the winds from the game's state), or
both when they agree; the facts may instead be given as the ``settle`` JSON (``--input FILE``,
seats as letters, hands under ``hands``: :mod:`mahjong_arbiter.table.evidence`).

Each command reads and writes the ledger in one transaction (:meth:`Ledger.transaction
<mahjong_arbiter.table.ledger.Ledger.transaction>`), so commands run at once never interleave.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from ...batch import read_document
from ...errors import ArbiterError
from ...jsonio import dumps
from ...notation import HONOUR_ORDERS
from ...profiles.values import LIMIT
from ...schema import document
from ..common import output_stream, whole_number

NAME = "game"
HELP = "keep a game: new, hand, draw, undo, show, export, replay, list (SQLite ledger)"
EXAMPLE = """examples:
  mahjong-arbiter game new --profile buzzard-2000 --limit 600 --players Ann Bob Cat Dan
  mahjong-arbiter game hand --winner Bob --discarder Cat --score Ann=20 --score Bob=56 --score Cat=8
  mahjong-arbiter game hand --winner Ann --discarder Dan --score Ann=120 \\
      --incident 'liability:Dan:three exposed pungs of one suit'
  mahjong-arbiter game hand --winner Bob --discarder Cat --hand 'Bob=[555m,1][777p,1]333s444mSS' \\
      --hand 'Cat=[CCC,1][FFF,1]PPP2m3m5pE' --hand 'Ann=123m456p{f1}' --partial Ann --last-of-kind
  mahjong-arbiter game draw
  mahjong-arbiter game undo
  mahjong-arbiter game show
  mahjong-arbiter game export --format csv --output game.csv
  mahjong-arbiter game replay

Incidents: KIND[/VARIANT]:PLAYER[:TRIGGER], KIND one of the game's profile's incident kinds
(mahjong-arbiter profiles show PROFILE lists them and what each does, e.g. liability,
false_mahjong, wrong_tile_count); VARIANT too_many or too_few (a dead hand's tile count),
withdrawn (a false call withdrawn in time), excused (an excuse the table accepted).
Hands: PLAYER=HAND in any notation (bonus tiles in braces, {f1,s3}); the winner's has 14 tiles,
a loser's 13 (fewer with --partial PLAYER); losers' hands only under profiles that score them
(classical).  A Buzzard loser's incomplete Three-Dragon or Four-Wind-family hand adds the
non_winner_limit incident by itself.  A typed --score beside a --hand must agree with it.
A --score is the hand's whole score, bonus tiles included, as it is paid; the MCR and Hong Kong
minimum counts no bonus tiles, so a typed score is checked against it only as a whole (below it:
exit 1, below_minimum), and a --hand is checked without its bonus tiles.  MCR and Hong Kong
read the winner's score alone: a loser's --score there is refused.  --input facts settle under
the game's profile and limit: facts naming another profile or limit are refused.
The ledger is $XDG_DATA_HOME/mahjong-arbiter/games.sqlite3 unless --db PATH; --game ID picks a
game (default: the latest). Only "new" creates a ledger (and a missing folder only for the
default one); the other actions refuse a path where there is no ledger.
"""


def _common(db_only: bool = False) -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parent.add_argument("--db", metavar="PATH", help="the ledger file (default: the user's data directory)")
    if not db_only:
        from ...table.ledger import MAX_GAME_ID  # the game commands open the ledger anyway

        game_id = whole_number(1, MAX_GAME_ID)
        parent.add_argument("--game", type=game_id, metavar="ID", help="which game (default: the latest)")
    return parent


def _hand_arguments(parser: argparse.ArgumentParser, *, draw: bool) -> None:
    if not draw:
        parser.add_argument("--winner", metavar="PLAYER", help="the winner (a name or a seat letter)")
        how = parser.add_mutually_exclusive_group()
        how.add_argument("--self-drawn", action="store_true", help="the winning tile was drawn")
        how.add_argument("--discarder", metavar="PLAYER", help="who discarded the winning tile")
    parser.add_argument(
        "--score", action="append", default=[], metavar="PLAYER=N", help="a player's score (points, or faan)"
    )
    parser.add_argument(
        "--incident", action="append", default=[], metavar="KIND:PLAYER[:TRIGGER]", help="an incident (repeatable)"
    )
    tiles = parser.add_argument_group("hands, scored under the game's profile (winds come from the game)")
    tiles.add_argument(
        "--hand",
        action="append",
        default=[],
        metavar="PLAYER=HAND",
        help="a player's hand, e.g. 'Bob=[123p,1][345s,2][999s,3]6m6pEW1m{f1,s3}' (repeatable)",
    )
    tiles.add_argument(
        "--partial", action="append", default=[], metavar="PLAYER", help="this loser's hand has fewer than 13 tiles"
    )
    tiles.add_argument(
        "--honour-order",
        choices=tuple(HONOUR_ORDERS),
        help="what 5z 6z 7z mean: tenhou = white green red (default), chinese = red green white",
    )
    if not draw:
        tiles.add_argument("--last-of-kind", action="store_true", help="the winning tile was the last unseen copy")
        tiles.add_argument(
            "--kong",
            dest="kong_related",
            action="store_true",
            help="robbing a kong (on a discard) or a kong's replacement tile",
        )
        tiles.add_argument("--last-tile", action="store_true", help="the last tile of the wall (or its discard)")
        tiles.add_argument(
            "--event",
            action="append",
            default=[],
            metavar="NAME",
            help="a named fact about the win, e.g. standing_hand (repeatable)",
        )
    parser.add_argument("--input", metavar="FILE", help="the hand's facts as settle JSON instead of the options")
    parser.add_argument("--json", action="store_true", help="print the stored result as JSON")
    parser.add_argument(
        "--preview", action="store_true", help="settle and show the hand, store nothing (what recording it would do)"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from .. import EXIT_STATUS

    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    def add_parser(name: str, parents: list[argparse.ArgumentParser], help: str) -> argparse.ArgumentParser:
        # every action's --help says what it does and ends with the one exit-status table, as every
        # command's does
        return sub.add_parser(
            name, parents=parents, help=help, description=help, epilog=EXIT_STATUS, allow_abbrev=False,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    new = add_parser("new", parents=[_common(db_only=True)], help="start a game")
    new.add_argument("--json", action="store_true", help="print the game as JSON")
    new.add_argument("--profile", required=True, help="profile id or house-rules file (it decides the settlement)")
    new.add_argument(
        "--limit", type=whole_number(LIMIT.low, LIMIT.high), help="the agreed limit (default: the profile's)"
    )
    new.add_argument("--players", nargs=4, required=True, metavar="NAME", help="in seat order, East first")
    new.add_argument("--rounds", type=int, choices=(1, 4), default=4, help="prevailing winds to play (4 or 1)")
    for flag in ("--after-east-win", "--after-draw"):
        new.add_argument(flag, choices=("stays", "passes"), help="the table's choice where the source is silent")
    _hand_arguments(add_parser("hand", parents=[_common()], help="record a won hand"), draw=False)
    _hand_arguments(add_parser("draw", parents=[_common()], help="record a drawn (dead) hand"), draw=True)
    add_parser("undo", parents=[_common()], help="remove the last hand").add_argument(
        "--json", action="store_true", help='print {"game", "removed"}'
    )
    show = add_parser("show", parents=[_common()], help="the ledger")
    show.add_argument("--json", action="store_true")
    export = add_parser("export", parents=[_common()], help="the ledger as JSON or CSV")
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("--output", metavar="FILE", help="default: standard output")
    add_parser("replay", parents=[_common()], help="recompute every hand; exit 1 on any difference").add_argument(
        "--json", action="store_true", help='print {"game", "hands", "differences", "notes"}'
    )
    add_parser("list", parents=[_common(db_only=True)], help="every game in the ledger").add_argument(
        "--json", action="store_true", help='print {"games": [...]}'
    )


def _pairs(items: list[str], flag: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        name, sep, value = item.rpartition("=")
        if not sep or not name:
            raise ArbiterError("bad_arguments", f"{flag} {item!r}: expected PLAYER=VALUE")
        out.append((name, value))
    return out


_VARIANTS: Final = {
    "too_many": ("count", "too_many"),
    "too_few": ("count", "too_few"),
    "withdrawn": ("exposed", False),
    "excused": ("excused", True),
}
"""``--incident KIND/VARIANT``: the incident field each variant sets (the profile says which
kinds take which)."""


def _incident(text: str, seat: Any) -> dict[str, Any]:
    head, sep, rest = text.partition(":")
    if not sep:
        raise ArbiterError("bad_arguments", f"--incident {text!r}: expected KIND:PLAYER[:TRIGGER]")
    who, _, trigger = rest.partition(":")
    kind, _, detail = head.partition("/")
    incident: dict[str, Any] = {"kind": kind, "player": seat(who), "trigger": trigger}
    if detail:
        if detail not in _VARIANTS:
            known = ", ".join(_VARIANTS)
            raise ArbiterError("bad_arguments", f"--incident {text!r}: /{detail} is not a variant ({known})")
        key, value = _VARIANTS[detail]
        incident[key] = value
    return incident


_CONTEXT_FLAGS = (("last_of_kind", "--last-of-kind"), ("kong_related", "--kong"), ("last_tile", "--last-tile"))


def _hand_options(args: argparse.Namespace, seat: Any, *, draw: bool) -> dict[str, Any]:
    """The hands' fields of the facts (:mod:`mahjong_arbiter.table.evidence`) from the options."""
    hands: dict[str, str] = {}
    for item in args.hand:
        who, sep, text = item.partition("=")
        if not sep or not who or not text.strip():
            raise ArbiterError("bad_arguments", f"--hand {item!r}: expected PLAYER=HAND")
        if seat(who) in hands:
            raise ArbiterError("bad_arguments", f"--hand: {who} is given twice")
        hands[seat(who)] = text
    out: dict[str, Any] = {}
    if hands:
        out["hands"] = hands
    if args.partial:
        out["partial"] = [seat(who) for who in args.partial]
    if args.honour_order:
        out["honour_order"] = args.honour_order
    if not draw:
        context: dict[str, Any] = {key: True for key, _ in _CONTEXT_FLAGS if getattr(args, key)}
        if args.event:
            context["events"] = list(args.event)
        if context:
            out["context"] = context
    return out


def _given_options(args: argparse.Namespace, *, draw: bool) -> list[str]:
    given = [flag for flag, value in (("--score", args.score), ("--incident", args.incident)) if value]
    given += [flag for flag, value in (("--hand", args.hand), ("--partial", args.partial)) if value]
    given += ["--honour-order"] if args.honour_order else []
    if not draw:
        given += [flag for flag in ("--winner", "--discarder", "--event") if getattr(args, flag[2:])]
        given += ["--self-drawn"] if args.self_drawn else []
        given += [flag for key, flag in _CONTEXT_FLAGS if getattr(args, key)]
    return given


def _facts(args: argparse.Namespace, game: Any, state: Any, notes: list[str], *, draw: bool) -> dict[str, Any]:
    """The hand's facts JSON (decoded), seats as letters, from ``--input`` or the options; a
    note for each player named by a seat letter that is also a player's name."""
    from ...table.games import resolve_player

    if args.input:
        given = _given_options(args, draw=draw)
        if given:
            raise ArbiterError(
                "bad_arguments", f"--input replaces the other hand options ({', '.join(given)}); give one or the other"
            )
        raw = read_document(args.input, "the facts")
        if not isinstance(raw, dict):
            raise ArbiterError("bad_facts", "the hand's facts must be a JSON object")
        if (raw.get("winner") is None) != draw:
            raise ArbiterError("bad_arguments", "use game draw for a drawn hand and game hand for a won one")
        return raw
    if not draw and not args.winner:
        raise ArbiterError("bad_arguments", "game hand needs --winner (use game draw for a drawn hand)")

    def seat(who: str) -> str:
        found, note = resolve_player(game, state, who)
        if note and note not in notes:
            notes.append(note)
        return found

    scores: dict[str, Any] = {}
    for who, value in _pairs(args.score, "--score"):
        if seat(who) in scores:
            raise ArbiterError("bad_arguments", f"--score: {who} is given twice")
        try:
            number = int(value)
        except ValueError:
            raise ArbiterError("bad_arguments", f"--score {who}={value}: not a whole number") from None
        if number < 0:  # the facts check says the same of scores.S; here the user typed --score
            raise ArbiterError("bad_facts", f"--score {who}={value}: a score cannot be below 0")
        scores[seat(who)] = number
    return {
        "profile": game.profile,
        "winner": None if draw else seat(args.winner),
        "self_drawn": False if draw else bool(args.self_drawn),
        "discarder": None if draw or not args.discarder else seat(args.discarder),
        "scores": scores,
        "incidents": [_incident(text, seat) for text in args.incident],
        **_hand_options(args, seat, draw=draw),
    }


def _scored_lines(result: dict[str, Any]) -> list[str]:
    """What the hands scored and which incidents they added, players by name."""
    seats: dict[str, str] = result["seats"]
    lines = []
    for seat, scored in result.get("hands", {}).items():
        role = "winner" if scored["winner"] else "loser"
        value = scored["result"]
        lines.append(f"  {seats[seat]} ({seat}, {role}) {scored['hand']}: {value['total']:g} {value['unit']}")
    for incident in result.get("incidents_added", []):
        lines.append(
            f"  {seats[incident['player']]}: {incident['kind']} added ({incident['trigger']}): "
            "collects the limit from each other loser"
        )
    return ["hands scored:", *lines] if lines else []


def _say(text: str, *, err: bool = False) -> None:
    """Print for people: every line stripped of terminal escapes (names come from users)."""
    from ...table.render import printable

    print("\n".join(printable(line) for line in text.split("\n")), file=sys.stderr if err else sys.stdout)


def _record(args: argparse.Namespace, ledger: Any) -> int:
    from ...table import games
    from ...table.render import ledger_text

    notes: list[str] = []
    with ledger.transaction():
        game = ledger.game(args.game)
        profile = games.game_profile(game)
        state = games.table_state(game, ledger.hands(game), profile)
        facts = _facts(args, game, state, notes, draw=args.action == "draw")
        if args.preview:
            number, result = games.preview_hand(ledger, game, facts, profile=profile)
        else:
            number, result = games.record_hand(ledger, game, facts, profile=profile)
        hands = ledger.hands(game)
        rows = games.ledger_rows(game, hands)
        after_state = games.table_state(game, hands, profile)
    for note in notes:
        _say(f"note: {note}", err=True)
    if args.json:
        print(dumps(document(result), pretty=True))
        return 0
    if args.preview:
        for line in _scored_lines(result):
            _say(line)
        seats, settlement = result["seats"], result["settlement"]
        _say(f"game {game.id}: hand {number} would settle as follows (nothing recorded):")
        for p in settlement["payments"]:
            _say(f"  {seats[p['from']]} pays {seats[p['to']]} {p['amount']}  {p['why']}")
        _say("net: " + "  ".join(f"{seats[s]} {v}" for s, v in settlement["net"].items()))
        return 0
    for line in _scored_lines(result):
        _say(line)
    print(ledger_text(game.players, rows[-1:], f"game {game.id}: recorded hand {number}"))
    after = result["next"]
    if after["finished"]:
        print("the game is over")
    else:
        seats = games.seat_map(game, after_state)
        _say(
            f"next: hand {after['hand']}, {after['prevailing_wind']} round, East: {seats['E']}"
            f" (East's consecutive wins: {after['east_wins']})"
        )
    return 0


def _replay(ledger: Any, game: Any, *, as_json: bool) -> int:
    from ...table import games
    from ...table.export import replay_json

    report = games.replay(ledger, game)
    if as_json:
        print(dumps(document(replay_json(game, report)), pretty=True))
        return 1 if report.differences else 0
    for line in report.differences:
        _say(line)
    for line in report.notes:
        _say(f"note: {line}")
    if report.differences:
        print(f"game {game.id}: {len(report.differences)} difference(s)", file=sys.stderr)
        return 1
    print(f"game {game.id}: {report.hands} hand(s) replayed, no difference")
    return 0


def run(args: argparse.Namespace) -> int:
    from ...table import games
    from ...table.export import export_game, game_json, games_json, undo_json
    from ...table.ledger import Ledger
    from ...table.render import ledger_text

    # only "new" makes a ledger, once the game is checked: the others read or record into a game
    # that must exist
    plan = games.plan_game(
        profile=args.profile, players=args.players, limit=args.limit, rounds=args.rounds,
        after_east_win=args.after_east_win, after_draw=args.after_draw,
    ) if args.action == "new" else None
    with Ledger.open(args.db, create=plan is not None) as ledger:
        if plan is not None:
            with ledger.transaction():
                gid = games.new_game(ledger, plan)
                game = ledger.game(gid)
            if args.json:
                print(dumps(document(game_json(game, [])), pretty=True))
                return 0
            limit = f", limit {game.limit}" if game.limit is not None else ""
            _say(f"game {gid}: {game.profile}{limit}, East: {game.players[0]}")
            return 0
        if args.action == "list":
            if args.json:
                print(dumps(document(games_json(ledger.games())), pretty=True))
                return 0
            for g in ledger.games():
                _say(f"game {g.id}  {g.created_at}  {g.profile}  {' '.join(g.players)}")
            return 0
        if args.action in ("hand", "draw"):
            return _record(args, ledger)
        if args.action == "undo":
            with ledger.transaction():
                game = ledger.game(args.game)
                number = games.undo_hand(ledger, game)
            if args.json:
                print(dumps(document(undo_json(game, number)), pretty=True))
            else:
                print(f"game {game.id}: removed hand {number}")
            return 0
        with ledger.snapshot():
            game = ledger.game(args.game)
            if args.action == "replay":
                return _replay(ledger, game, as_json=args.json)
            hands = ledger.hands(game)
            rows = games.ledger_rows(game, hands)
        if args.action == "show":
            if args.json:
                print(dumps(document(game_json(game, hands)), pretty=True))
            else:
                limit = f", limit {game.limit}" if game.limit is not None else ""
                print(ledger_text(game.players, rows, f"game {game.id}: {game.profile}{limit}"))
            return 0
        text = export_game(game, hands, args.format)
        with output_stream(args.output, newline="") as stream:
            print(text, file=stream)
        return 0
