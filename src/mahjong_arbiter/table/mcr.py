"""MCR settlement: a base from every loser, the points from the discarder.

Green Book 2006 §3.9.1.2-3 (mcr-fans.md, "Settlement"): every loser pays the winner 8 base
points; on a discard win the discarder also pays the hand's points; on a self-draw each loser
pays 8 + points.  There is no East doubling and no settlement between losers.  A draw moves
nothing.  A false Mahjong pays a fixed penalty to each other player (Sloper, column 289).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ..errors import ArbiterError
from .facts import HandFacts
from .incidents import check_incidents
from .policies import McrPolicy
from .seats import SEATS
from .settlement import Payment, Settlement, make_settlement

__all__ = ["settle_mcr"]


def _win(facts: HandFacts, policy: McrPolicy) -> Iterator[Payment]:
    winner = facts.winner
    assert winner is not None
    points = facts.score(winner)
    if points < policy.minimum_points:
        raise ArbiterError(
            "bad_facts",
            f"an MCR win needs at least {policy.minimum_points} points; {winner} has {points}",
        )
    if not facts.self_drawn and facts.discarder is None:
        raise ArbiterError("bad_facts", "an MCR discard win needs the discarder (or self_drawn: true)")
    base = policy.base
    for loser in facts.losers:
        if facts.self_drawn:
            yield Payment(loser, winner, Fraction(base + points), f"self-drawn: base {base} + points {points}")
        elif loser == facts.discarder:
            yield Payment(loser, winner, Fraction(base + points), f"discarder: base {base} + points {points}")
        else:
            yield Payment(loser, winner, Fraction(base), f"base {base}")


def _false_mahjong(facts: HandFacts, policy: McrPolicy, notes: list[str]) -> Iterator[Payment]:
    for incident in facts.incidents_of("false_mahjong"):
        if not incident.exposed:
            notes.append(f"{incident.player}'s false Mahjong was withdrawn: no penalty")
            continue
        assert policy.false_mahjong_penalty is not None
        for other in SEATS:
            if other != incident.player:
                why = f"false Mahjong ({incident.trigger or 'invalid hand'}): penalty {policy.false_mahjong_penalty}"
                yield Payment(incident.player, other, Fraction(policy.false_mahjong_penalty), why)


def settle_mcr(facts: HandFacts, policy: McrPolicy, limit: int | None) -> Settlement:
    """Settle one hand under an MCR policy; ``limit`` must be ``None`` (MCR has no limit)."""
    if limit is not None:
        raise ArbiterError("bad_facts", f"{policy.id} has no limit; leave limit out")
    check_incidents(facts, policy.incidents, policy.refusals, policy.id)
    notes: list[str] = []
    if facts.winner is None:
        notes.append("draw: no payments (MCR: only a winner is paid)")
        payments: list[Payment] = []
    else:
        payments = list(_win(facts, policy))
    payments.extend(_false_mahjong(facts, policy, notes))
    return make_settlement(policy, payments, notes)
