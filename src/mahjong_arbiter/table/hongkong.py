"""Hong Kong settlement: faan → a portion through a payment table, shared by responsibility.

hk.md §3: the winner's faan (capped) become points through the policy's table; that is one
portion.  On a self-draw each loser pays one portion.  On a discard win under half
responsibility the discarder pays one portion and the two others half a portion each; under
full responsibility the discarder pays both portions alone.  A liable player (a high-risk
discard, or a guaranteed self-draw 包自摸) pays what all three would have paid.  A false win pays
each other player the self-draw portion at the cap.  Only the winner scores: a draw moves
nothing (hk.md §1).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ..errors import ArbiterError
from .facts import HandFacts
from .incidents import check_incidents
from .policies import HongKongPolicy, PaymentTable
from .seats import SEATS, Seat
from .settlement import Payment, Settlement, make_settlement, refuse

__all__ = ["settle_hong_kong"]


def _table(policy: HongKongPolicy) -> PaymentTable:
    if policy.table is None:
        raise refuse(f"{policy.id}: {policy.table_refusal}")
    return policy.table


def _shares(facts: HandFacts, policy: HongKongPolicy, portion: Fraction) -> dict[Seat, Fraction]:
    if facts.self_drawn:
        return {loser: portion for loser in facts.losers}
    if facts.discarder is None:
        raise ArbiterError("bad_facts", "a Hong Kong discard win needs the discarder (or self_drawn: true)")
    if policy.responsibility == "full":
        return {facts.discarder: 2 * portion}
    return {loser: portion if loser == facts.discarder else portion / 2 for loser in facts.losers}


def _win(facts: HandFacts, policy: HongKongPolicy, cap: int, notes: list[str]) -> Iterator[Payment]:
    winner = facts.winner
    assert winner is not None
    faan = facts.score(winner)
    if faan < policy.minimum_faan:
        raise ArbiterError(
            "bad_facts", f"{policy.id}: a win needs at least {policy.minimum_faan} faan; {winner} has {faan}"
        )
    if faan > cap:
        notes.append(f"{winner}'s {faan} faan capped at {cap}")
        faan = cap
    table = _table(policy)
    portion = Fraction(table.points(faan))
    shares = _shares(facts, policy, portion)
    liable = facts.incidents_of("liability")
    if liable:
        incident = liable[0]
        total = sum(shares.values(), Fraction(0))
        why = (
            f"liability ({incident.trigger or 'high-risk tile'}): pays every share of {faan} faan = {portion} a portion"
        )
        yield Payment(incident.player, winner, total, why)
        return
    how = "self-drawn" if facts.self_drawn else f"{policy.responsibility} responsibility"
    for loser, amount in shares.items():
        yield Payment(loser, winner, amount, f"{faan} faan = {portion} a portion ({table.id} table), {how}")


def _false_mahjong(policy: HongKongPolicy, facts: HandFacts, cap: int, notes: list[str]) -> Iterator[Payment]:
    for incident in facts.incidents_of("false_mahjong"):
        if not incident.exposed:
            notes.append(f"{incident.player}'s false win was withdrawn: no penalty")
            continue
        portion = Fraction(_table(policy).points(cap))
        for other in SEATS:
            if other != incident.player:
                why = f"false win ({incident.trigger or 'invalid hand'}): self-draw portion at {cap} faan"
                yield Payment(incident.player, other, portion, why)


def settle_hong_kong(facts: HandFacts, policy: HongKongPolicy, limit: int | None) -> Settlement:
    """Settle one hand; ``limit``, when given, is the faan cap (default ``policy.cap_faan``)."""
    check_incidents(facts, policy.incidents, policy.refusals, policy.id)
    cap = limit if limit is not None else policy.cap_faan
    notes: list[str] = []
    if facts.winner is None:
        notes.append("draw: no payments (only the winner scores, hk.md §1)")
        payments: list[Payment] = []
    else:
        payments = list(_win(facts, policy, cap, notes))
    payments.extend(_false_mahjong(policy, facts, cap, notes))
    return make_settlement(policy, payments, notes)
