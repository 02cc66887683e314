"""Games: start one, record a hand (settle + progress + store), undo, view, replay.

Steps of :func:`record_hand`:

1. replay the stored hands' outcomes to find the table state (East, prevailing wind);
2. settle the new hand's facts under the game's pinned policy and limit;
3. advance the table state;
4. write facts, result (state before, seats → players, settlement, state after) and payments in
   one ledger transaction.

A hand's facts may carry the players' hands (:mod:`.evidence`): they are scored under the game's
profile (loaded afresh) at its pinned limit, with the seat winds of this hand and the prevailing
wind of the table state, and East's run of wins for the thirteenth-consecutive limit.  The stored
facts keep the hand strings and the winner's context as entered; the stored result adds every
seat's score, each hand's resolved context and Result, and the incidents the hands added.

:func:`replay` recomputes every hand from its recorded facts alone (hands scored again under the
profile as it is now) and lists each difference from what was stored (results, payments, and the
profile's fingerprint when the profile file can still be loaded).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..errors import ArbiterError
from .binding import bind_profile, bound_policy, has_profile_file
from .evidence import HandEvidence, ScoredHands, score_hands, split_evidence
from .facts import HandFacts, parse_facts
from .ledger import GameRow, HandRow, Ledger, TransactionRow
from .policies import ClassicalPolicy, McrPolicy, Policy, ProgressionPolicy
from .progression import TableState, advance, outcome_of, player_at, seat_of
from .seats import SEATS, Seat, is_seat
from .settlement import Settlement, amount_json, settle

__all__ = [
    "new_game",
    "game_policy",
    "table_state",
    "record_hand",
    "score_game_hands",
    "undo_hand",
    "replay",
    "ledger_rows",
    "seat_map",
    "chair_of",
]


def game_policy(game: GameRow) -> Policy:
    """The game's pinned settlement policy, with its profile's payment choices."""
    return bound_policy(game.policy, game.options.get("payments", {}))


def game_progression(game: GameRow, policy: Policy) -> ProgressionPolicy:
    """The policy's progression with the table's choices (rounds, who deals after a draw)."""
    choices = {k: game.options[k] for k in ("after_east_win", "after_draw") if game.options.get(k)}
    return dataclasses.replace(policy.progression, rounds=game.rounds, **choices)


def new_game(
    ledger: Ledger,
    *,
    profile: str,
    players: Sequence[str],
    limit: int | None = None,
    rounds: int = 4,
    policy: str | None = None,
    after_east_win: str | None = None,
    after_draw: str | None = None,
) -> int:
    """Start a game; ``players`` in chair order, the first is East for the first hand."""
    if len(players) != 4 or len(set(players)) != 4 or any(not p.strip() for p in players):
        raise ArbiterError("bad_arguments", "a game needs four different player names")
    if rounds not in (1, 4):
        raise ArbiterError("bad_arguments", f"a game is 4 rounds or 1, not {rounds}")
    binding = bind_profile(profile, policy)
    resolved = bound_policy(binding.policy, binding.payments)
    chosen_limit = limit if limit is not None else binding.limit
    if chosen_limit is None and isinstance(resolved, ClassicalPolicy):
        chosen_limit = resolved.default_limit
    if chosen_limit is not None and isinstance(resolved, McrPolicy):
        raise ArbiterError("bad_arguments", f"{resolved.id} has no limit")
    options: dict[str, Any] = {"payments": dict(binding.payments)}
    for key, value in (("after_east_win", after_east_win), ("after_draw", after_draw)):
        if value is not None:
            options[key] = value
    game = GameRow(0, "", profile, binding.fingerprint, binding.policy, chosen_limit, rounds, tuple(players), options)
    progression = game_progression(game, resolved)
    missing = [k for k in ("after_east_win", "after_draw") if getattr(progression, k) is None]
    if missing and progression.kind == "east_cycle":
        flags = " and ".join("--" + k.replace("_", "-") + " stays|passes" for k in missing)
        raise ArbiterError("open_case", f"{progression.source}; choose with {flags}")
    return ledger.create_game(
        profile=profile,
        fingerprint=binding.fingerprint,
        policy=binding.policy,
        limit=chosen_limit,
        rounds=rounds,
        players=players,
        options=options,
    )


def table_state(game: GameRow, hands: Sequence[HandRow]) -> TableState:
    """The table before the next hand, from the recorded facts of ``hands``."""
    progression = game_progression(game, game_policy(game))
    state = TableState()
    for hand in hands:
        state = advance(state, outcome_of(_split(hand.facts)[1].winner), progression)
    return state


def _split(raw: Mapping[str, Any]) -> tuple[HandEvidence, HandFacts]:
    """Stored or entered facts: the hands' evidence and the facts proper."""
    evidence, rest = split_evidence(raw)
    return evidence, parse_facts(rest)


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


def score_game_hands(game: GameRow, facts: HandFacts, evidence: HandEvidence, state: TableState) -> ScoredHands:
    """Score the hands of ``evidence`` under the game's profile, limit and table state."""
    from ..profiles.loader import load_profile

    _check_prevailing(evidence, state)
    if not has_profile_file(game.profile):
        raise ArbiterError(
            "bad_facts",
            f"game {game.id} was started on the settlement policy {game.profile}, which has no profile to "
            "score hands with; enter the scores instead",
        )
    return score_hands(
        facts,
        evidence,
        load_profile(game.profile),
        limit=game.limit,
        prevailing=state.prevailing_wind,
        east_run=state.east_wins,
        names=seat_map(game, state),
    )


def _evaluate(game: GameRow, raw: Mapping[str, Any], state: TableState) -> tuple[dict[str, Any], list[TransactionRow]]:
    policy = game_policy(game)
    evidence, facts = _split(raw)
    scored = score_game_hands(game, facts, evidence, state) if evidence else None
    if scored is not None:
        facts = scored.facts
    settlement = settle(facts, policy, game.limit)
    after = advance(state, outcome_of(facts.winner), game_progression(game, policy))
    result = _result(game, state, settlement, after)
    if scored is not None:
        result.update(scored.to_dict())
    return result, _rows(seat_map(game, state), settlement)


def record_hand(ledger: Ledger, game: GameRow, raw: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """Settle, progress and store one hand from its facts JSON (decoded; hands allowed); return
    its number and stored result.

    The stored facts are pinned to the game's profile and policy (a limit in ``raw`` is the
    game's, so it is dropped) and keep the hands as entered, without a prevailing wind (the
    table state gives it).
    """
    hands = ledger.hands(game.id)
    state = table_state(game, hands)
    if state.finished:
        raise ArbiterError("game_over", f"game {game.id} is over; start another with game new")
    evidence, facts = _split({**raw, "profile": game.profile})
    _check_prevailing(evidence, state)
    pinned = dataclasses.replace(facts, profile=game.profile, policy=game.policy, limit=None)
    stored = {**pinned.to_dict(), **dataclasses.replace(evidence, prevailing_wind=None).to_dict()}
    result, rows = _evaluate(game, stored, state)
    ledger.add_hand(game.id, state.hand, stored, result, rows)
    return state.hand, result


def undo_hand(ledger: Ledger, game: GameRow) -> int:
    """Remove the last hand; return its number."""
    number = ledger.delete_last_hand(game.id)
    if number is None:
        raise ArbiterError("no_hand", f"game {game.id} has no hand to undo")
    return number


def _differences(where: str, stored: Any, recomputed: Any) -> Iterator[str]:
    if isinstance(stored, dict) and isinstance(recomputed, dict):
        for key in sorted(set(stored) | set(recomputed)):
            yield from _differences(f"{where}.{key}", stored.get(key), recomputed.get(key))
    elif isinstance(stored, list) and isinstance(recomputed, list) and len(stored) == len(recomputed):
        for n, (a, b) in enumerate(zip(stored, recomputed, strict=True)):
            yield from _differences(f"{where}[{n}]", a, b)
    elif stored != recomputed:
        yield f"{where}: stored {stored!r}, recomputed {recomputed!r}"


def replay(ledger: Ledger, game: GameRow) -> list[str]:
    """Recompute every hand from its facts; every difference from the stored ledger, in order."""
    from ..profiles.loader import load_profile

    found: list[str] = []
    if game.fingerprint and has_profile_file(game.profile):
        now = load_profile(game.profile).fingerprint
        if now != game.fingerprint:
            found.append(f"profile {game.profile}: pinned fingerprint {game.fingerprint}, now {now}")
    state = TableState()
    for hand in ledger.hands(game.id):
        where = f"hand {hand.number}"
        if hand.number != state.hand:
            found.append(f"{where}: stored as number {hand.number}, expected {state.hand}")
        try:
            result, rows = _evaluate(game, hand.facts, state)
        except ArbiterError as exc:
            found.append(f"{where}: its facts no longer settle: {exc.message}")
            break
        found.extend(_differences(where, hand.result, result))
        stored_rows = [dataclasses.astuple(t) for t in hand.transactions]
        fresh_rows = [dataclasses.astuple(t) for t in rows]
        found.extend(_differences(f"{where}.transactions", stored_rows, fresh_rows))
        if len(stored_rows) != len(fresh_rows):
            found.append(f"{where}.transactions: stored {len(stored_rows)} payments, recomputed {len(fresh_rows)}")
        state = TableState(**{k: v for k, v in result["next"].items() if k != "prevailing_wind"})
    return found


def ledger_rows(game: GameRow, hands: Sequence[HandRow]) -> list[dict[str, Any]]:
    """The ledger as rows, players by name: hand, prevailing wind, East, winner or draw, every
    player's score, the payments, each player's net and running total."""
    totals = dict.fromkeys(game.players, Fraction(0))
    rows = []
    for hand in hands:
        seats: dict[str, str] = hand.result["seats"]
        facts = hand.facts
        net = dict.fromkeys(game.players, Fraction(0))
        payments = []
        for t in hand.transactions:
            amount = Fraction(t.amount)
            net[t.payer] -= amount
            net[t.payee] += amount
            payments.append({"from": t.payer, "to": t.payee, "amount": amount_json(amount), "why": t.why})
        for player in game.players:
            totals[player] += net[player]
        winner = facts["winner"]
        scores = hand.result.get("scores", facts["scores"])
        incidents = [*facts.get("incidents", []), *hand.result.get("incidents_added", [])]
        rows.append(
            {
                "hand": hand.number,
                "prevailing": hand.result["state"]["prevailing_wind"],
                "east": seats["E"],
                "winner": seats[winner] if winner else None,
                "self_drawn": facts.get("self_drawn", False),
                "discarder": seats[facts["discarder"]] if facts.get("discarder") else None,
                "seats": {seats[s]: s for s in SEATS},
                "scores": {seats[s]: scores.get(s, 0) for s in SEATS},
                "incidents": [{**i, "player": seats[i["player"]]} for i in incidents],
                "payments": payments,
                "net": {p: amount_json(v) for p, v in net.items()},
                "totals": {p: amount_json(v) for p, v in totals.items()},
                "notes": hand.result["settlement"].get("notes", []),
            }
        )
    return rows


def chair_of(game: GameRow, state: TableState, who: str) -> Seat:
    """The seat of a player named ``who`` (or ``who`` itself when it is a seat letter)."""
    if who in game.players:
        return seat_of(state, game.players.index(who))
    if is_seat(who):
        return who
    raise ArbiterError("bad_arguments", f"{who!r} is neither a player of game {game.id} nor a seat (E S W N)")
