"""MCR settlement (``[settlement] method = "mcr"``): a base from every loser, the points from the
discarder.

Every number comes from the profile: every loser pays the winner ``base``; on a discard win the
discarder also pays the hand's points; on a self-draw each loser pays base + points.  There is
no East doubling and no settlement between losers, and a win needs the profile's ``minimum``.
A draw moves nothing.  A ``penalty_to_each`` incident (a false Mah-Jong) pays its points to each
other player.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ..errors import ArbiterError, NotWinningError
from ..profiles.table_rules import SettlementRules
from .facts import HandFacts
from .incidents import active, check_incidents, incident_words
from .seats import SEATS
from .settlement import Payment, Settlement, make_settlement

__all__ = ["settle_mcr"]


def _win(facts: HandFacts, rules: SettlementRules) -> Iterator[Payment]:
    winner = facts.winner
    assert winner is not None
    points = facts.score(winner)
    if rules.minimum is not None and points < rules.minimum:
        raise NotWinningError(  # a valid hand below the minimum is no win: exit status 1, not bad input
            f"{rules.profile}: a win needs at least {rules.minimum} points; {winner} has {points}", "below_minimum"
        )
    if not facts.self_drawn and facts.discarder is None:
        raise ArbiterError("bad_facts", f"{rules.profile}: a discard win needs the discarder (or self_drawn: true)")
    base = rules.base
    for loser in facts.losers:
        if facts.self_drawn:
            yield Payment(loser, winner, Fraction(base + points), f"self-drawn: base {base} + points {points}")
        elif loser == facts.discarder:
            yield Payment(loser, winner, Fraction(base + points), f"discarder: base {base} + points {points}")
        else:
            yield Payment(loser, winner, Fraction(base), f"base {base}")


def _penalties(facts: HandFacts, rules: SettlementRules, notes: list[str]) -> Iterator[Payment]:
    for incident in active(facts, rules, "penalty_to_each"):
        rule = rules.incidents[incident.kind]
        words = incident_words(incident, "invalid hand")
        if not incident.exposed:
            notes.append(f"{incident.player}'s {words} was withdrawn: no penalty")
            continue
        assert rule.points is not None  # the loader allows only points for an mcr method
        for other in SEATS:
            if other != incident.player:
                yield Payment(incident.player, other, Fraction(rule.points), f"{words}: penalty {rule.points}")


def settle_mcr(facts: HandFacts, rules: SettlementRules, limit: int | None) -> Settlement:
    """Settle one hand under an MCR settlement; ``limit`` must be ``None`` (MCR has no limit)."""
    if limit is not None:
        raise ArbiterError("bad_facts", f"{rules.profile} has no limit; leave limit out")
    check_incidents(facts, rules)
    notes: list[str] = []
    if facts.winner is None:
        notes.append(f"draw: no payments ({rules.draw_source or rules.source})")
        payments: list[Payment] = []
    else:
        payments = list(_win(facts, rules))
    payments.extend(_penalties(facts, rules, notes))
    return make_settlement(rules, payments, notes)
