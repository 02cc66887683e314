"""Classical settlement (BMJA, Buzzard 2000, the Codification) and its incidents.

Steps of :func:`settle_classical`:

1. cap every score at the limit (each source caps a hand at the agreed limit);
2. a draw: no payments, or every player against every other (the policy's ``draw``);
3. a win: each loser pays the winner the winner's score; then the losers settle their
   differences pairwise (the higher score collects the difference) — unless a liability
   incident makes the liable player pay the winner all three losers' shares instead;
4. a wrong tile count (Buzzard) makes that loser's hand dead in the losers' settlement, and a
   non-winner limit (Buzzard) makes that loser collect the limit from the other two losers;
5. every payment with East on one side is multiplied by ``east_multiplier`` (2), past the limit;
6. a false Mahjong pays its penalty to each other player.

Sources: BMJA settling-up (mahjong-britishrules.com/scoring/settling-up); Buzzard PDF p.8 and
p.12 (seed 000 §F, §I); the Codification sheet (seed 003).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

from ..errors import ArbiterError
from .facts import HandFacts, Incident
from .incidents import check_incidents
from .policies import ClassicalPolicy
from .seats import SEATS, Seat
from .settlement import Payment, Settlement, make_settlement, refuse

__all__ = ["settle_classical"]


class _Table:
    """The arithmetic shared by every step: capped scores and East's multiplier."""

    def __init__(self, facts: HandFacts, policy: ClassicalPolicy, limit: int) -> None:
        self.facts = facts
        self.policy = policy
        self.limit = limit
        self.notes: list[str] = []
        self.scores: dict[Seat, int] = {}
        for seat in SEATS:
            raw = facts.score(seat)
            if raw > limit:
                self.notes.append(f"{seat}'s score {raw} capped at the limit {limit}")
            self.scores[seat] = min(raw, limit)

    def pay(self, payer: Seat, payee: Seat, base: Fraction | int, why: str) -> Payment:
        """A payment of ``base``, multiplied when East is on either side."""
        if "E" in (payer, payee) and self.policy.east_multiplier != 1:
            m = self.policy.east_multiplier
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


def _dead(facts: HandFacts, seat: Seat) -> Incident | None:
    found = [i for i in facts.incidents_of("wrong_tile_count") if i.player == seat]
    return found[0] if found else None


def _losers_pair(t: _Table, a: Seat, b: Seat) -> Iterator[Payment]:
    """Two losers settle: a non-winner limit first, then a dead hand, else the difference."""
    facts = t.facts
    limits = {i.player for i in facts.incidents_of("non_winner_limit")}
    if a in limits and b in limits:
        raise refuse(
            f"{a} and {b} both hold a non-winner limit hand: the Buzzard ledger (§E) does not say "
            "how two such hands settle with each other"
        )
    for holder, other in ((a, b), (b, a)):
        if holder in limits:
            yield t.pay(other, holder, t.limit, f"non-winner limit {t.limit} (incomplete limit hand)")
            return
    dead_a, dead_b = _dead(facts, a), _dead(facts, b)
    if dead_a and dead_b:
        raise refuse(
            f"{a} and {b} both hold dead hands (wrong tile count): the Buzzard ledger (§I) does "
            "not say how two dead hands settle with each other"
        )
    for dead, live in ((dead_a, b), (dead_b, a)):
        if dead is None:
            continue
        own, theirs = t.scores[dead.player], t.scores[live]
        if dead.count == "too_many":
            yield t.pay(dead.player, live, theirs, f"dead hand (too many tiles) pays {live}'s score {theirs}")
        elif theirs > own:
            why = f"dead hand (too few tiles) pays {live}'s score {theirs} less its own {own}"
            yield t.pay(dead.player, live, theirs - own, why)
        return
    yield from t.difference(a, b)


def _win(t: _Table, winner: Seat) -> Iterator[Payment]:
    facts = t.facts
    score = t.scores[winner]
    liable = facts.incidents_of("liability")
    if liable:
        incident = liable[0]
        if facts.self_drawn or (facts.discarder not in (None, incident.player)):
            raise ArbiterError(
                "bad_facts",
                f"liability falls on the player who discarded the winning tile; {incident.player} "
                "did not (self_drawn or another discarder)",
            )
        if facts.incidents_of("non_winner_limit") or facts.incidents_of("wrong_tile_count"):
            raise refuse(
                "a liability penalty removes the losers' settlement; the source does not say what "
                "then becomes of a non-winner limit or a dead hand in the same hand"
            )
        shares = [t.pay(loser, winner, score, "share") for loser in facts.losers]
        total = sum((p.amount for p in shares), Fraction(0))
        parts = " + ".join(amount for amount in (str(p.amount) for p in shares))
        why = f"liability ({incident.trigger or 'dangerous discard'}): pays all three losers' shares {parts}"
        yield Payment(incident.player, winner, total, why)
        return
    for loser in facts.losers:
        yield t.pay(loser, winner, score, f"winner's score {score}")
    for a, b in combinations(facts.losers, 2):
        yield from _losers_pair(t, a, b)


def _draw(t: _Table) -> Iterator[Payment]:
    policy = t.policy
    if policy.draw == "none":
        t.notes.append(f"draw: no payments ({policy.draw_source})")
        dead = t.facts.incidents_of("wrong_tile_count")
        if dead:
            t.notes.append("a dead hand changes nothing when no one is paid")
        return
    if t.facts.incidents_of("wrong_tile_count"):
        raise refuse(f"{policy.label} does not say how a dead hand scores in a drawn hand")
    t.notes.append(f"draw: every player scores against every other ({policy.draw_source})")
    for a, b in combinations(SEATS, 2):
        yield from t.difference(a, b)


def _false_mahjong(t: _Table) -> Iterator[Payment]:
    policy = t.policy
    for incident in t.facts.incidents_of("false_mahjong"):
        if not incident.exposed:
            t.notes.append(f"{incident.player}'s false Mahjong was withdrawn before full exposure: no penalty")
            continue
        assert policy.false_mahjong_limits is not None
        base = policy.false_mahjong_limits * t.limit
        trigger = incident.trigger or "invalid hand exposed"
        why = f"false Mahjong ({trigger}): {policy.false_mahjong_limits} x limit {t.limit}"
        for other in SEATS:
            if other == incident.player:
                continue
            if policy.false_mahjong_east_doubles:
                yield t.pay(incident.player, other, base, why)
            else:
                yield Payment(incident.player, other, base, why)


def settle_classical(facts: HandFacts, policy: ClassicalPolicy, limit: int | None) -> Settlement:
    """Settle one hand under a classical policy (see the module docstring for the steps)."""
    check_incidents(facts, policy.incidents, policy.refusals, policy.id)
    t = _Table(facts, policy, limit if limit is not None else policy.default_limit)
    payments = list(_draw(t) if facts.winner is None else _win(t, facts.winner))
    payments.extend(_false_mahjong(t))
    return make_settlement(policy, payments, t.notes)
