"""Hong Kong settlement (``[settlement] method = "hong-kong"``): faan become a portion through the
profile's payment table, shared as its ``[payments.shares]`` say.

The winner's faan (at least the profile's ``minimum``, capped at the game's limit or the
profile's) become base points through the active table of ``[payments]``; one portion is the
table's ``portion`` times them (1 unless the table says otherwise).  On a
self-draw each loser pays ``shares.self_drawn.each_loser`` portions; on a discard win the
discarder pays ``discarder`` portions and each other loser ``other`` (the ``responsibility``
names which shares).  A ``pays_for_all`` incident (a high-risk discard, or a guaranteed
self-draw) makes one player pay what all three would have paid.  A ``penalty_to_each``
incident with ``portion_at_cap`` (a false win) pays each other player a whole self-drawn win at
the cap: every loser's self-draw share, ``shares.self_drawn.each_loser`` portions times the three
losers (3 portions with one portion each).  Only the winner scores: a draw moves nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from ..errors import ArbiterError, NotWinningError
from ..profiles.table_rules import PaymentTable, SettlementRules
from .facts import HandFacts
from .incidents import active, check_incidents, incident_words
from .seats import SEATS, Seat
from .settlement import Payment, Settlement, make_settlement, refuse

__all__ = ["settle_hong_kong"]


def _table(rules: SettlementRules) -> PaymentTable:
    if rules.table is None:
        raise refuse(f"{rules.profile}: {rules.no_table_reason}")
    return rules.table


def _portion(rules: SettlementRules, faan: int) -> Fraction:
    table = _table(rules)
    points = table.portions(faan)
    if points is None:
        raise ArbiterError(
            "bad_facts", f"{rules.profile}: the {table.name} table starts at {table.steps[0][0]} faan, not {faan}"
        )
    return Fraction(points)


def _shares(facts: HandFacts, rules: SettlementRules, portion: Fraction) -> dict[Seat, Fraction]:
    if facts.self_drawn:
        return {loser: rules.self_drawn_each * portion for loser in facts.losers}
    if facts.discarder is None:
        raise ArbiterError("bad_facts", f"{rules.profile}: a discard win needs the discarder (or self_drawn: true)")
    shares = rules.shares
    assert shares is not None  # the loader requires them beside a payment table
    return {loser: (shares.discarder if loser == facts.discarder else shares.other) * portion for loser in facts.losers}


def _win(facts: HandFacts, rules: SettlementRules, cap: int | None, notes: list[str]) -> Iterator[Payment]:
    winner = facts.winner
    assert winner is not None
    faan = facts.score(winner)
    if rules.minimum is not None and faan < rules.minimum:
        raise NotWinningError(  # a valid hand below the minimum is no win: exit status 1, not bad input
            f"{rules.profile}: a win needs at least {rules.minimum} faan; {winner} has {faan}", "below_minimum"
        )
    if cap is not None and faan > cap:
        notes.append(f"{winner}'s {faan} faan capped at {cap}")
        faan = cap
    portion = _portion(rules, faan)
    shares = _shares(facts, rules, portion)
    for incident in facts.incidents:
        if incident.excused:
            notes.append(f"{incident_words(incident, 'excused')}: excused, ordinary settlement")
    liable = active(facts, rules, "pays_for_all")
    if liable:
        incident = liable[0]
        total = sum(shares.values(), Fraction(0))
        why = f"{incident_words(incident, 'high-risk tile')}: pays every share of {faan} faan = {portion} a portion"
        yield Payment(incident.player, winner, total, why)
        return
    table = _table(rules)
    how = "self-drawn" if facts.self_drawn else f"{rules.shares.name if rules.shares else ''} responsibility"
    worth = f"{portion} a portion"
    if table.portion != 1:
        worth = f"{portion / table.portion} x {table.portion} = {worth}"
    for loser, amount in shares.items():
        owed = _portions(amount / portion if portion else Fraction(0))
        yield Payment(loser, winner, amount, f"{faan} faan = {worth} ({table.name} table), {how}: {owed}")


def _portions(share: Fraction) -> str:
    """A loser's share in words: ``1 portion``, ``half a portion``, ``3 portions``, ``3/2 portions``.

    >>> _portions(Fraction(1, 2)), _portions(Fraction(1)), _portions(Fraction(3))
    ('half a portion', '1 portion', '3 portions')
    """
    if share == Fraction(1, 2):
        return "half a portion"
    return f"{share} portion" + ("" if share == 1 else "s")


def _penalties(facts: HandFacts, rules: SettlementRules, cap: int | None, notes: list[str]) -> Iterator[Payment]:
    for incident in active(facts, rules, "penalty_to_each"):
        rule = rules.incidents[incident.kind]
        words = incident_words(incident, "invalid hand")
        if not incident.exposed:
            notes.append(f"{incident.player}'s {words} was withdrawn: no penalty")
            continue
        if rule.portion_at_cap:
            if cap is None:
                raise ArbiterError("bad_facts", f"{rules.profile} has no faan cap: give the hand's limit")
            portions = rules.self_drawn_each * (len(SEATS) - 1)  # a whole self-drawn win: all three losers' shares
            portion = _portion(rules, cap)
            amount = portions * portion
            how = f"a self-drawn win at {cap} faan, {_portions(portions)} of {portion}"
        else:
            assert rule.points is not None  # the loader allows portion_at_cap or points for hong-kong
            amount, how = Fraction(rule.points), f"penalty {rule.points}"
        for other in SEATS:
            if other != incident.player:
                yield Payment(incident.player, other, amount, f"{words}: {how}")


def settle_hong_kong(facts: HandFacts, rules: SettlementRules, limit: int | None) -> Settlement:
    """Settle one hand; ``limit``, when given, is the faan cap (default: the profile's)."""
    check_incidents(facts, rules)
    cap = limit if limit is not None else rules.limit
    notes: list[str] = []
    if facts.winner is None:
        notes.append(f"draw: no payments ({rules.draw_source or rules.source})")
        payments: list[Payment] = []
    else:
        payments = list(_win(facts, rules, cap, notes))
    payments.extend(_penalties(facts, rules, cap, notes))
    return make_settlement(rules, payments, notes)
