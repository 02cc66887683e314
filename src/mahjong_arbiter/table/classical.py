"""Classical settlement (``[settlement] method = "classical"``: BMJA, Buzzard 2000, the
Codification) and its incidents.

Steps of :func:`settle_classical`, every number from the profile's data:

1. cap every score at the limit (the game's, else the profile's), unless ``cap_at_limit`` is false
   (a special hand's value above the limit is kept: Thompson & Maloney, the club guide);
2. a draw: no payments, or every player against every other (``draw``);
3. a win: each loser pays the winner the winner's score; then the losers settle their
   differences pairwise (the higher score collects the difference) — unless a ``pays_for_all``
   incident (liability) makes one player pay the winner all three losers' shares instead;
4. a ``dead_hand`` incident (a wrong tile count) makes that loser's hand dead in the losers'
   settlement (too few tiles may keep the hand's score: ``too_few_keeps_score``), and a
   ``collects_limit`` incident (a non-winner limit) makes that loser collect the limit from the
   other two losers; a ``cannot_win`` incident (a wrong claim) changes no payment;
5. every payment with East on one side is multiplied by ``east_multiplier``, past the limit;
6. a ``penalty_to_each`` incident (a false Mah-Jong) pays its penalty to each other player.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

from ..errors import ArbiterError
from ..profiles.table_rules import SettlementRules
from .facts import HandFacts, Incident
from .incidents import active, check_incidents, incident_words
from .seats import SEATS, Seat
from .settlement import Payment, Settlement, make_settlement, refuse

__all__ = ["settle_classical"]


class _Table:
    """The arithmetic shared by every step: capped scores and East's multiplier."""

    def __init__(self, facts: HandFacts, rules: SettlementRules, limit: int) -> None:
        self.facts = facts
        self.rules = rules
        self.limit = limit
        self.notes: list[str] = []
        self.scores: dict[Seat, int] = {}
        for seat in SEATS:
            raw = facts.score(seat)
            if raw > limit and rules.cap_at_limit:
                self.notes.append(f"{seat}'s score {raw} capped at the limit {limit}")
            self.scores[seat] = min(raw, limit) if rules.cap_at_limit else raw

    def pay(self, payer: Seat, payee: Seat, base: Fraction | int, why: str) -> Payment:
        """A payment of ``base``, multiplied when East is on either side."""
        if "E" in (payer, payee) and self.rules.east_multiplier != 1:
            m = self.rules.east_multiplier
            return Payment(payer, payee, Fraction(base) * m, f"{why}, x{m} with East")
        return Payment(payer, payee, Fraction(base), why)

    def difference(self, a: Seat, b: Seat) -> Iterator[Payment]:
        """The lower of two scores pays the higher the difference."""
        sa, sb = self.scores[a], self.scores[b]
        if sa == sb:
            return
        low, high = (a, b) if sa < sb else (b, a)
        why = f"score difference {self.scores[high]} - {self.scores[low]}"
        yield self.pay(low, high, abs(sa - sb), why)


def _dead(t: _Table, seat: Seat) -> Incident | None:
    found = [i for i in active(t.facts, t.rules, "dead_hand") if i.player == seat]
    return found[0] if found else None


def _losers_pair(t: _Table, a: Seat, b: Seat) -> Iterator[Payment]:
    """Two losers settle: a non-winner limit first, then a dead hand, else the difference."""
    limits = {i.player for i in active(t.facts, t.rules, "collects_limit")}
    if a in limits and b in limits:
        raise refuse(
            f"{a} and {b} both hold a non-winner limit hand: {t.rules.label} does not say how two such "
            "hands settle with each other"
        )
    for holder, other in ((a, b), (b, a)):
        if holder in limits:
            yield t.pay(other, holder, t.limit, f"non-winner limit {t.limit} (incomplete limit hand)")
            return
    dead_a, dead_b = _dead(t, a), _dead(t, b)
    if dead_a and dead_b:
        raise refuse(
            f"{a} and {b} both hold dead hands (wrong tile count): {t.rules.label} does not say how two "
            "dead hands settle with each other"
        )
    for dead, live in ((dead_a, b), (dead_b, a)):
        if dead is None:
            continue
        own, theirs = t.scores[dead.player], t.scores[live]
        if dead.count == "too_few" and t.rules.incidents[dead.kind].too_few_keeps_score:
            yield from t.difference(a, b)
        elif dead.count == "too_many":
            yield t.pay(dead.player, live, theirs, f"dead hand (too many tiles) pays {live}'s score {theirs}")
        elif theirs > own:
            why = f"dead hand (too few tiles) pays {live}'s score {theirs} less its own {own}"
            yield t.pay(dead.player, live, theirs - own, why)
        return
    yield from t.difference(a, b)


def _win(t: _Table, winner: Seat) -> Iterator[Payment]:
    facts = t.facts
    score = t.scores[winner]
    for incident in facts.incidents:
        if incident.excused:
            t.notes.append(f"{incident_words(incident, 'excused')}: excused, ordinary settlement")
    liable = active(facts, t.rules, "pays_for_all")
    if liable:
        incident = liable[0]
        if active(facts, t.rules, "collects_limit") or active(facts, t.rules, "dead_hand"):
            raise refuse(
                f"a {incident.kind} penalty removes the losers' settlement; the source does not say what "
                "then becomes of a non-winner limit or a dead hand in the same hand"
            )
        shares = [t.pay(loser, winner, score, "share") for loser in facts.losers]
        total = sum((p.amount for p in shares), Fraction(0))
        parts = " + ".join(amount for amount in (str(p.amount) for p in shares))
        why = f"{incident_words(incident, 'dangerous discard')}: pays all three losers' shares {parts}"
        yield Payment(incident.player, winner, total, why)
        return
    for loser in facts.losers:
        yield t.pay(loser, winner, score, f"winner's score {score}")
    for a, b in combinations(facts.losers, 2):
        yield from _losers_pair(t, a, b)


def _draw(t: _Table) -> Iterator[Payment]:
    rules = t.rules
    if rules.draw == "none":
        t.notes.append(f"draw: no payments ({rules.draw_source or rules.source})")
        if active(t.facts, rules, "dead_hand"):
            t.notes.append("a dead hand changes nothing when no one is paid")
        return
    if active(t.facts, rules, "dead_hand"):
        raise refuse(f"{rules.label} does not say how a dead hand scores in a drawn hand")
    t.notes.append(f"draw: every player scores against every other ({rules.draw_source or rules.source})")
    for a, b in combinations(SEATS, 2):
        yield from t.difference(a, b)


def _penalties(t: _Table) -> Iterator[Payment]:
    for incident in active(t.facts, t.rules, "penalty_to_each"):
        rule = t.rules.incidents[incident.kind]
        words = incident_words(incident, "invalid hand exposed")
        if not incident.exposed:
            t.notes.append(f"{incident.player}'s {words} was withdrawn before full exposure: no penalty")
            continue
        if rule.limits is not None:
            base, how = rule.limits * t.limit, f"{rule.limits} x limit {t.limit}"
        else:
            assert rule.points is not None  # the loader allows limits or points for a classical method
            base, how = Fraction(rule.points), f"{rule.points} points"
        why = f"{words}: {how}"
        for other in SEATS:
            if other == incident.player:
                continue
            if rule.east_doubles:
                yield t.pay(incident.player, other, base, why)
            else:
                yield Payment(incident.player, other, base, why)


def settle_classical(facts: HandFacts, rules: SettlementRules, limit: int | None) -> Settlement:
    """Settle one hand under a classical settlement (see the module docstring for the steps)."""
    check_incidents(facts, rules)
    chosen = limit if limit is not None else rules.limit
    if chosen is None:
        raise ArbiterError("bad_facts", f"profile {rules.profile} has no limit: give the hand's limit")
    t = _Table(facts, rules, chosen)
    payments = list(_draw(t) if facts.winner is None else _win(t, facts.winner))
    payments.extend(_penalties(t))
    return make_settlement(rules, payments, t.notes)
