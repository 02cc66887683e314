"""Games: start one, record a hand (settle + progress + store), undo, view, replay.

This is the Python API of the table companion that every face calls (the ``game`` command, the
web pages): each function takes an open :class:`~mahjong_arbiter.table.ledger.Ledger`.

A game is pinned to its profile (a built-in id, or a house-rules file's absolute path), whose
data decides everything: the settlement, the incidents, the payments, the progression, the
default limit (:mod:`mahjong_arbiter.profiles.table_rules`).

Steps of :func:`record_hand`, all in one ledger transaction (no other command writes between the
first read and the last write, so two writers, or an undo racing a writer, never lose, duplicate
or misnumber a hand):

1. replay the stored hands' outcomes to find the table state (East, prevailing wind);
2. settle the new hand's facts under the game's profile and limit;
3. advance the table state;
4. write facts, result (state before, seats → players, settlement, state after) and payments.

A hand's facts may carry the players' hands (:mod:`.evidence`): they are scored under the game's
profile (loaded afresh) at its pinned limit, with the seat winds of this hand and the prevailing
wind of the table state, and East's run of wins for the thirteenth-consecutive limit.  The stored
facts keep the hand strings and the winner's context as entered; the stored result adds every
seat's score, each hand's resolved context and Result, and the incidents the hands added.

:func:`replay` recomputes every hand from its recorded facts alone (hands scored again under the
profile as it is now) and lists each difference from what was stored: a changed ruling (a score,
a payment, a state) is a difference; changed words (a payment's ``why``, a note, a rule's name
or source) and a fingerprint pinned under another scheme or package version are notes.  A stored
hand whose hands no longer fit together (more than four of a kind across them, recorded before
that check) is a difference too; it is still recomputed as stored, so the rest of the game is
checked, and nothing stored is changed.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from .. import __version__
from ..errors import ArbiterError
from ..profiles.loader import builtin_profile_path, load_profile
from ..profiles.model import FINGERPRINT_SCHEME, Profile
from ..profiles.table_rules import Progression, SettlementRules
from .evidence import HandEvidence, ScoredHands, score_hands, split_evidence
from .facts import HandFacts, parse_facts
from .ledger import GameRow, HandRow, Ledger, TransactionRow
from .progression import TableState, advance, outcome_of, player_at, seat_of
from .seats import SEATS, WIND_NAMES, Seat, is_seat
from .settlement import Settlement, amount_json, check_entered, settle, settlement_rules

__all__ = [
    "ReplayReport",
    "GamePlan",
    "plan_game",
    "new_game",
    "game_profile",
    "game_rules",
    "game_progression",
    "table_state",
    "record_hand",
    "preview_hand",
    "score_game_hands",
    "undo_hand",
    "check_pinned",
    "replay",
    "ledger_rows",
    "seat_map",
    "chair_of",
    "resolve_player",
]


def _profile_reference(name: str) -> tuple[str, Profile]:
    """What a game stores for ``name`` and the profile: a built-in profile's id, however it was
    spelt (``MCR``, ``chinese-standard``, the package's own file), else the file's absolute path."""
    profile = load_profile(name)
    builtin = builtin_profile_path(profile.id)
    return (profile.id if builtin is not None and Path(profile.path) == builtin else profile.path), profile


def game_profile(game: GameRow) -> Profile:
    """The game's profile as its files say now, at the game's limit."""
    return load_profile(game.profile).with_limit(game.limit)


def game_rules(game: GameRow) -> SettlementRules:
    """The settlement data of the game's profile."""
    return settlement_rules(game_profile(game))


def game_progression(game: GameRow, rules: SettlementRules) -> Progression:
    """The profile's progression with the table's choices (rounds, who deals after a draw)."""
    assert rules.progression is not None  # the loader requires [progression] beside [settlement]
    choices = {k: game.options[k] for k in ("after_east_win", "after_draw") if game.options.get(k)}
    return dataclasses.replace(rules.progression, rounds=game.rounds, **choices)


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ArbiterError("bad_arguments", "a game needs four different player names, none empty")
    lone = next((c for c in name if unicodedata.category(c) == "Cs"), None)
    if lone is not None:  # a byte that was not UTF-8 on a command line arrives as a lone surrogate
        raise ArbiterError(
            "bad_arguments",
            f"player name {name[:40]!r} holds the lone surrogate \\u{ord(lone):04x}, which is no character "
            "(bytes that are not UTF-8?)",
        )
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name):
        raise ArbiterError("bad_arguments", f"player name {name!r}: control characters are not allowed in a name")
    if len(name) > 40:
        raise ArbiterError("bad_arguments", f"player name {name[:40]!r}...: at most 40 characters")
    return name


@dataclass(frozen=True)
class GamePlan:
    """A game checked and ready to record: what :meth:`Ledger.create_game` stores."""

    fields: Mapping[str, Any]


def plan_game(
    *,
    profile: str,
    players: Sequence[str],
    limit: int | None = None,
    rounds: int = 4,
    after_east_win: str | None = None,
    after_draw: str | None = None,
) -> GamePlan:
    """Check a new game's settings without a ledger (so a refused game creates no file);
    ``players`` in chair order, the first is East for the first hand.

    Raises
    ------
    ArbiterError
        ``bad_arguments`` (names, rounds), ``bad_limit`` (a limit out of range or under a profile
        without one),
        the loader's codes for a profile that cannot be loaded, ``no_settlement``, and
        ``open_case`` when the profile leaves who deals next to the table and it did not choose.
    """
    names = [_check_name(p) for p in players]
    if len(names) != 4 or len(set(names)) != 4:
        raise ArbiterError("bad_arguments", "a game needs four different player names")
    if rounds not in (1, 4):
        raise ArbiterError("bad_arguments", f"a game is 4 rounds or 1, not {rounds}")
    reference, loaded = _profile_reference(profile)
    rules = settlement_rules(loaded)
    chosen = loaded.with_limit(limit).limit  # refuses a limit out of range, or on a profile without one
    options: dict[str, Any] = {}
    for key, value in (("after_east_win", after_east_win), ("after_draw", after_draw)):
        if value is not None:
            if value not in ("stays", "passes"):
                raise ArbiterError("bad_arguments", f"{key}: 'stays' or 'passes', not {value!r}")
            options[key] = value
    game = GameRow(0, "", reference, "", chosen, rounds, tuple(names), options)
    progression = game_progression(game, rules)
    missing = [k for k in ("after_east_win", "after_draw") if getattr(progression, k) is None]
    if missing and progression.kind == "east_cycle":
        flags = " and ".join("--" + k.replace("_", "-") + " stays|passes" for k in missing)
        raise ArbiterError("open_case", f"{progression.source}; choose with {flags}")
    return GamePlan({
        "profile": reference,
        "fingerprint": loaded.with_limit(limit).fingerprint,
        "fingerprint_scheme": FINGERPRINT_SCHEME,
        "version": __version__,
        "limit": chosen,
        "rounds": rounds,
        "players": names,
        "options": options,
    })


def new_game(ledger: Ledger, plan: GamePlan | None = None, **settings: Any) -> int:
    """Record a new game: *plan* (:func:`plan_game`'s), or the *settings* it takes checked now.
    The game's id."""
    return ledger.create_game(**(plan or plan_game(**settings)).fields)


def table_state(game: GameRow, hands: Sequence[HandRow], profile: Profile | None = None) -> TableState:
    """The table before the next hand, from the recorded facts of ``hands`` (``profile``: the
    game's, when the caller has loaded it already)."""
    rules = settlement_rules(profile) if profile is not None else game_rules(game)
    progression = game_progression(game, rules)
    state = TableState()
    for hand in hands:
        state = advance(state, outcome_of(_stored(game, hand)[1].winner), progression)
    return state


def _split(raw: Mapping[str, Any]) -> tuple[HandEvidence, HandFacts]:
    """Stored or entered facts: the hands' evidence and the facts proper."""
    evidence, rest = split_evidence(raw)
    return evidence, parse_facts(rest)


def _stored(game: GameRow, hand: HandRow) -> tuple[HandEvidence, HandFacts]:
    """A stored hand's facts, or ``bad_db`` naming the hand when they no longer read."""
    try:
        return _split(hand.facts)
    except ArbiterError as exc:
        raise ArbiterError(
            "bad_db",
            f"game {game.id}, hand {hand.number}: its stored facts do not read ({exc.message}); edited by hand?",
        ) from None


def seat_map(game: GameRow, state: TableState) -> dict[Seat, str]:
    """Which player sits under each wind in ``state``."""
    return {seat: game.players[player_at(state, seat)] for seat in SEATS}


def _result(game: GameRow, state: TableState, settlement: Settlement, after: TableState) -> dict[str, Any]:
    return {
        "state": state.to_dict(),
        "seats": seat_map(game, state),
        "settlement": settlement.to_dict(),
        "next": after.to_dict(),
    }


def _rows(seats: Mapping[Seat, str], settlement: Settlement) -> list[TransactionRow]:
    return [TransactionRow(seats[p.from_seat], seats[p.to_seat], str(p.amount), p.why) for p in settlement.payments]


def _check_prevailing(evidence: HandEvidence, state: TableState) -> None:
    if evidence.prevailing_wind not in (None, state.prevailing_wind):
        raise ArbiterError(
            "bad_facts",
            f"prevailing_wind: the game is in the {state.prevailing_wind} round, not "
            f"{evidence.prevailing_wind}; leave it out, the game knows it",
        )


def score_game_hands(
    game: GameRow,
    facts: HandFacts,
    evidence: HandEvidence,
    state: TableState,
    profile: Profile | None = None,
    *,
    stored: bool = False,
) -> ScoredHands:
    """Score the hands of ``evidence`` under the game's profile, limit and table state
    (``stored``: hands read back from the ledger, see :func:`~.evidence.score_hands`)."""
    _check_prevailing(evidence, state)
    return score_hands(
        facts,
        evidence,
        profile if profile is not None else game_profile(game),
        limit=game.limit,
        prevailing=state.prevailing_wind,
        east_run=state.east_wins,
        names=seat_map(game, state),
        stored=stored,
    )


def _evaluate(
    game: GameRow, profile: Profile, raw: Mapping[str, Any], state: TableState, *, stored: bool = False
) -> tuple[dict[str, Any], list[TransactionRow], str | None]:
    """The result and payments of one hand's facts, and (``stored``: read back from the ledger)
    why its hands would be refused together now, if they would."""
    rules = settlement_rules(profile)
    evidence, facts = _split(raw)
    scored = score_game_hands(game, facts, evidence, state, profile, stored=stored) if evidence else None
    if scored is not None:
        facts = scored.facts
    settlement = settle(facts, rules, game.limit)
    after = advance(state, outcome_of(facts.winner), game_progression(game, rules))
    result = _result(game, state, settlement, after)
    if scored is not None:
        result.update(scored.to_dict())
    return result, _rows(seat_map(game, state), settlement), scored.refused if scored is not None else None


def check_pinned(game: GameRow, profile: Profile) -> None:
    """Refuse (``profile_changed``) to add a hand when the game's profile no longer has the data
    the game was pinned to: the ledger would hold hands settled under two rule sets.

    The fingerprint is compared under the package version the game was pinned with
    (:meth:`~mahjong_arbiter.profiles.model.Profile.fingerprint_at`), so an upgrade alone does not
    refuse a house file whose data is unchanged.  A built-in profile changes only with the
    package version, so a game pinned to one under another version records on (``game replay``
    notes the change); a game pinned under another fingerprint scheme cannot be compared.
    """
    if game.fingerprint_scheme != FINGERPRINT_SCHEME or game.version is None:
        return
    if game.version != __version__ and builtin_profile_path(game.profile) is not None:
        return
    now = profile.fingerprint_at(game.version)
    if now == game.fingerprint:
        return
    under = "" if game.version == __version__ else f" (computed under mahjong-arbiter {game.version}, as pinned)"
    raise ArbiterError(
        "profile_changed",
        f"game {game.id} is pinned to profile {game.profile} with fingerprint {game.fingerprint}; the profile "
        f"now gives {now}{under}: what decides a score or a payment has changed since the game began, and "
        "recording this hand would mix two rule sets in one ledger. Put the profile back as it was (game replay "
        "lists the hands the change would alter), or start a new game under the changed profile (game new)",
    )


def _check_pinned_facts(game: GameRow, raw: Mapping[str, Any]) -> None:
    """Refuse entered facts (``game hand --input``, the web) that name another profile or limit
    than the game's: a kept game settles every hand under what it was pinned to."""
    named = raw.get("profile")
    if named is not None:
        reference = _profile_reference(named)[0] if isinstance(named, str) and named else named
        if reference != game.profile:
            raise ArbiterError(
                "bad_facts",
                f"profile: the facts name {named!r}, and game {game.id} is pinned to {game.profile}: a kept game "
                "settles every hand under its own profile; leave profile out (or start a game under the other one)",
            )
    limit = raw.get("limit")
    if limit is not None and limit != game.limit:
        raise ArbiterError(
            "bad_facts",
            f"limit: the facts give {limit!r}, and game {game.id}'s limit is {game.limit} (pinned when it began): "
            "leave limit out",
        )


def _next_hand(
    ledger: Ledger, game: GameRow, profile: Profile, raw: Mapping[str, Any], expected_hand: int | None
) -> tuple[int, dict[str, Any], dict[str, Any], list[TransactionRow]]:
    """The next hand's number, stored facts, result and payments, computed but not stored
    (refused when the game's profile changed since it was pinned: :func:`check_pinned`)."""
    check_pinned(game, profile)
    state = table_state(game, ledger.hands(game), profile)
    if expected_hand is not None and expected_hand != state.hand:
        raise ArbiterError(
            "stale_state",
            f"game {game.id} is at hand {state.hand}, not {expected_hand}: another hand was recorded or undone "
            "meanwhile; look again before recording",
        )
    if state.finished:
        raise ArbiterError("game_over", f"game {game.id} is over; start another with game new")
    _check_pinned_facts(game, raw)
    evidence, facts = _split({**raw, "profile": game.profile})
    check_entered(facts, settlement_rules(profile))
    _check_prevailing(evidence, state)
    pinned = dataclasses.replace(facts, profile=game.profile, limit=None)
    stored = {**pinned.to_dict(), **dataclasses.replace(evidence, prevailing_wind=None).to_dict()}
    result, rows, _ = _evaluate(game, profile, stored, state)
    return state.hand, stored, result, rows


def record_hand(
    ledger: Ledger,
    game: GameRow,
    raw: Mapping[str, Any],
    *,
    expected_hand: int | None = None,
    profile: Profile | None = None,
) -> tuple[int, dict[str, Any]]:
    """Settle, progress and store one hand from its facts JSON (decoded; hands allowed); return
    its number and stored result.

    Everything happens in one ledger transaction.  ``expected_hand``, when given, is the hand
    number the caller read the seats for (a web page showing hand 5): if another command has
    recorded or undone a hand since, the hand is refused (``stale_state``) instead of being
    recorded against seats that moved.  The stored facts are pinned to the game's profile (a
    limit in ``raw`` is the game's, so it is dropped) and keep the hands as entered, without a
    prevailing wind (the table state gives it).  ``profile`` is the game's, when the caller has
    loaded it already.
    """
    if profile is None:
        profile = game_profile(game)
    with ledger.transaction():
        number, stored, result, rows = _next_hand(ledger, game, profile, raw, expected_hand)
        ledger.add_hand(game.id, number, stored, result, rows)
        return number, result


def preview_hand(
    ledger: Ledger,
    game: GameRow,
    raw: Mapping[str, Any],
    *,
    expected_hand: int | None = None,
    profile: Profile | None = None,
) -> tuple[int, dict[str, Any]]:
    """What :func:`record_hand` would store for *raw* (its number and result), storing nothing:
    the settlement to show before the table confirms it."""
    if profile is None:
        profile = game_profile(game)
    with ledger.snapshot():
        number, _, result, _ = _next_hand(ledger, game, profile, raw, expected_hand)
    return number, result


def undo_hand(ledger: Ledger, game: GameRow) -> int:
    """Remove the last hand; return its number."""
    number = ledger.delete_last_hand(game.id)
    if number is None:
        raise ArbiterError("no_hand", f"game {game.id} has no hand to undo")
    return number


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """What :func:`replay` found: ``differences`` (changed rulings: exit 1) and ``notes`` (changed
    words, a fingerprint pinned under another scheme or version: no failure)."""

    hands: int
    differences: tuple[str, ...]
    notes: tuple[str, ...]


_WORDING: Final = frozenset({"why", "notes", "name", "name_zh", "source", "fingerprint"})
"""Keys whose values are words or stamps, not rulings: a change there is a note."""


def _differences(where: str, stored: Any, recomputed: Any, wording: bool = False) -> Iterator[tuple[bool, str]]:
    if isinstance(stored, dict) and isinstance(recomputed, dict):
        for key in sorted(set(stored) | set(recomputed)):
            yield from _differences(f"{where}.{key}", stored.get(key), recomputed.get(key), wording or key in _WORDING)
    elif isinstance(stored, list) and isinstance(recomputed, list) and len(stored) == len(recomputed):
        for n, (a, b) in enumerate(zip(stored, recomputed, strict=True)):
            yield from _differences(f"{where}[{n}]", a, b, wording)
    elif stored != recomputed:
        yield wording, f"{where}: stored {stored!r}, recomputed {recomputed!r}"


def _fingerprint_check(game: GameRow, now: str, differences: list[str], notes: list[str]) -> None:
    if game.fingerprint_scheme != FINGERPRINT_SCHEME:
        notes.append(
            f"profile {game.profile}: the game was pinned under fingerprint scheme {game.fingerprint_scheme} "
            f"({game.fingerprint or 'no fingerprint'}); fingerprints are now scheme {FINGERPRINT_SCHEME} (what "
            f"decides a score or a payment, with the package version: {now}), so they are not compared; every hand is "
            "recomputed instead"
        )
    elif game.version != __version__:
        if now != game.fingerprint:
            notes.append(
                f"profile {game.profile}: pinned with mahjong-arbiter {game.version} ({game.fingerprint}), now "
                f"{__version__} ({now}): the fingerprint changes with the version; every hand is recomputed"
            )
    elif now != game.fingerprint:
        differences.append(f"profile {game.profile}: pinned fingerprint {game.fingerprint}, now {now}")


def _transaction_dicts(rows: Sequence[TransactionRow]) -> list[dict[str, str]]:
    return [dataclasses.asdict(t) for t in rows]


def replay(ledger: Ledger, game: GameRow) -> ReplayReport:
    """Recompute every hand from its facts; every difference from the stored ledger, in order."""
    differences: list[str] = []
    notes: list[str] = []
    hands = ledger.hands(game)
    try:
        profile = game_profile(game)
    except ArbiterError as exc:
        differences.append(f"profile {game.profile}: can no longer be loaded: {exc.message}")
        return ReplayReport(len(hands), tuple(differences), ())
    _fingerprint_check(game, profile.fingerprint, differences, notes)
    state = TableState()
    for hand in hands:
        where = f"hand {hand.number}"
        if hand.number != state.hand:
            differences.append(f"{where}: stored as number {hand.number}, expected {state.hand}")
        try:
            result, rows, refused = _evaluate(game, profile, hand.facts, state, stored=True)
        except ArbiterError as exc:
            differences.append(f"{where}: its facts no longer settle: {exc.message}")
            break
        if refused is not None:
            differences.append(
                f"{where}: its hands would be refused now ({refused}); recorded as they are, they are recomputed "
                "as stored"
            )
        found = list(_differences(where, hand.result, result))
        found += _differences(f"{where}.transactions", _transaction_dicts(hand.transactions), _transaction_dicts(rows))
        if len(hand.transactions) != len(rows):
            found.append(
                (False, f"{where}.transactions: stored {len(hand.transactions)} payments, recomputed {len(rows)}")
            )
        differences.extend(text for wording, text in found if not wording)
        notes.extend(f"wording: {text}" for wording, text in found if wording)
        state = TableState(**{k: v for k, v in result["next"].items() if k != "prevailing_wind"})
    return ReplayReport(len(hands), tuple(differences), tuple(notes))


def ledger_rows(game: GameRow, hands: Sequence[HandRow]) -> list[dict[str, Any]]:
    """The ledger as rows, players by name: hand, prevailing wind, East, winner or draw, every
    player's score, the payments, each player's net and running total.

    Raises
    ------
    ArbiterError
        ``bad_db`` for a stored hand whose facts or result are not as this program wrote them.
    """
    totals = dict.fromkeys(game.players, Fraction(0))
    rows = []
    for hand in hands:
        _, facts = _stored(game, hand)
        seats = _stored_seats(game, hand)
        net = dict.fromkeys(game.players, Fraction(0))
        payments = []
        for t in hand.transactions:
            amount = Fraction(t.amount)
            net[t.payer] -= amount
            net[t.payee] += amount
            payments.append({"from": t.payer, "to": t.payee, "amount": amount_json(amount), "why": t.why})
        for player in game.players:
            totals[player] += net[player]
        scores = hand.result.get("scores", facts.scores)
        added = hand.result.get("incidents_added", [])
        incidents = [i.to_dict() for i in facts.incidents]
        incidents += [i for i in added if isinstance(i, dict) and is_seat(i.get("player"))]
        rows.append(
            {
                "hand": hand.number,
                "prevailing": _stored_text(hand, ("state", "prevailing_wind"), game),
                "east": seats["E"],
                "winner": seats[facts.winner] if facts.winner else None,
                "self_drawn": facts.self_drawn,
                "discarder": seats[facts.discarder] if facts.discarder else None,
                "seats": {seats[s]: s for s in SEATS},
                "scores": {seats[s]: scores.get(s, 0) if isinstance(scores, Mapping) else 0 for s in SEATS},
                "incidents": [{**i, "player": seats[i["player"]]} for i in incidents],
                "payments": payments,
                "net": {p: amount_json(v) for p, v in net.items()},
                "totals": {p: amount_json(v) for p, v in totals.items()},
                "notes": [n for n in hand.result.get("settlement", {}).get("notes", []) if isinstance(n, str)],
            }
        )
    return rows


def _stored_seats(game: GameRow, hand: HandRow) -> dict[Seat, str]:
    seats = hand.result.get("seats")
    if not (
        isinstance(seats, dict)
        and set(seats) == set(SEATS)
        and sorted(str(v) for v in seats.values()) == sorted(game.players)
    ):
        raise ArbiterError(
            "bad_db",
            f"game {game.id}, hand {hand.number}: its stored seats are not the game's four players; edited by hand?",
        )
    return {s: str(seats[s]) for s in SEATS}


def _stored_text(hand: HandRow, path: tuple[str, ...], game: GameRow) -> str:
    value: Any = hand.result
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    if not isinstance(value, str):
        raise ArbiterError(
            "bad_db", f"game {game.id}, hand {hand.number}: its stored {'.'.join(path)} is missing; edited by hand?"
        )
    return value


def resolve_player(game: GameRow, state: TableState, who: str) -> tuple[Seat, str | None]:
    """The seat ``who`` names in ``state``, and a note when the answer needed a choice.

    A seat letter (E S W N) always names the seat: a player whose name is a seat letter never
    shadows it.  When ``who`` is both, the note says which was taken.  Otherwise ``who`` is a
    player's name.

    Raises
    ------
    ArbiterError
        ``bad_arguments`` when ``who`` is neither a seat nor a player of the game.
    """
    if is_seat(who):
        if who in game.players:
            sitter = game.players[player_at(state, who)]
            named = seat_of(state, game.players.index(who))
            if sitter != who:
                return who, (
                    f"{who!r} is read as the {WIND_NAMES[who]} seat ({sitter}), not as the player named {who!r}, "
                    f"who sits {WIND_NAMES[named]} ({named}): seats win; give {named} to name that player"
                )
        return who, None
    if who in game.players:
        return seat_of(state, game.players.index(who)), None
    raise ArbiterError("bad_arguments", f"{who!r} is neither a player of game {game.id} nor a seat (E S W N)")


def chair_of(game: GameRow, state: TableState, who: str) -> Seat:
    """The seat ``who`` names (a seat letter, else a player's name; see :func:`resolve_player`)."""
    return resolve_player(game, state, who)[0]
