"""Settlement as transactions: who pays whom, how much and why.

Pipeline of :func:`settle`:

1. load the facts' profile and read its settlement data (:attr:`Profile.settlement_rules
   <mahjong_arbiter.profiles.model.Profile.settlement_rules>`: the method, the incidents, the
   payments and the limit, all from the profile's files);
2. hand the facts to the settler of the method (classical, MCR, Hong Kong);
3. check the result: no negative or zero payment, nets sum to zero.

Amounts are :class:`fractions.Fraction` so that half a portion (Hong Kong half responsibility)
is exact; they print as whole numbers whenever they are whole.

>>> from mahjong_arbiter.table.facts import parse_facts
>>> s = settle(parse_facts({"profile": "bmja", "winner": "S",
...                         "scores": {"S": 84, "E": 80, "W": 208, "N": 416}}))
>>> {seat: int(v) for seat, v in s.net.items()}
{'E': -1096, 'S': 336, 'W': -36, 'N': 796}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import ArbiterError
from ..profiles.model import Profile
from ..profiles.table_rules import SettlementRules
from .facts import HandFacts
from .seats import SEATS, Seat

__all__ = [
    "Payment", "Settlement", "settle", "settlement_rules", "check_entered", "amount_json", "amount_text", "refuse",
]


def amount_json(value: Fraction) -> int | float:
    """A whole amount as an int, a fractional one (halves) as a float, for JSON."""
    return int(value) if value.denominator == 1 else float(value)


def amount_text(value: Fraction) -> str:
    """``"12"``, ``"0.5"``, ``"-3.5"``: amounts as people write them."""
    return str(amount_json(value))


def refuse(message: str) -> ArbiterError:
    """The error for a case the policy's source leaves open."""
    return ArbiterError("open_case", message)


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer: ``from_seat`` pays ``to_seat`` ``amount``; ``why`` says which rule."""

    from_seat: Seat
    to_seat: Seat
    amount: Fraction
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": self.from_seat,
            "to": self.to_seat,
            "amount": amount_json(self.amount),
            "why": self.why,
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """The payments of one hand under a profile's settlement, with notes (limits applied, cases
    with no payment)."""

    profile: str
    payments: tuple[Payment, ...]
    notes: tuple[str, ...] = ()

    @property
    def net(self) -> dict[Seat, Fraction]:
        """Each seat's change: received minus paid, in seat order."""
        net = {seat: Fraction(0) for seat in SEATS}
        for p in self.payments:
            net[p.from_seat] -= p.amount
            net[p.to_seat] += p.amount
        return net

    def to_dict(self) -> dict[str, Any]:
        return {
            "profile": self.profile,
            "payments": [p.to_dict() for p in self.payments],
            "net": {seat: amount_json(v) for seat, v in self.net.items()},
            "notes": list(self.notes),
        }


def _checked(settlement: Settlement) -> Settlement:
    for p in settlement.payments:
        if p.amount <= 0 or p.from_seat == p.to_seat:
            raise AssertionError(f"settlement produced an invalid payment {p}")
    if sum(settlement.net.values()) != 0:
        raise AssertionError(f"settlement nets do not sum to zero: {settlement.net}")
    return settlement


def make_settlement(rules: SettlementRules, payments: Iterable[Payment], notes: Iterable[str]) -> Settlement:
    """Drop zero payments and build the result (used by the settlers of each method)."""
    kept = tuple(p for p in payments if p.amount != 0)
    return Settlement(profile=rules.profile, payments=kept, notes=tuple(notes))


def settlement_rules(profile: Profile) -> SettlementRules:
    """The profile's settlement data, or a precise refusal when it has none.

    Raises
    ------
    ArbiterError
        ``no_settlement`` when the profile's files declare no ``[settlement]``.
    """
    rules = profile.settlement_rules
    if rules is None:
        raise ArbiterError(
            "no_settlement",
            f"profile {profile.id} has no [settlement] data, so the table cannot settle under it; extend a "
            "built-in profile (which brings its settlement) or add [settlement] and [progression] to the file",
        )
    return rules


def check_entered(facts: HandFacts, rules: SettlementRules) -> None:
    """Refuse what a newly entered hand carries that its settlement would never read (a stored
    hand is replayed as recorded, so this is for the faces' input only): a loser's typed score
    under a method that settles on the winner's alone.

    Raises
    ------
    ArbiterError
        ``loser_score_not_used``.
    """
    if not rules.winner_only:
        return
    unused = [s for s in SEATS if s != facts.winner and facts.score(s) != 0]
    if unused:
        whose = "a draw has no winner, so no score is used" if facts.winner is None else (
            f"only the winner's ({facts.winner}) is used"
        )
        raise ArbiterError(
            "loser_score_not_used",
            f"scores.{unused[0]}: {rules.profile} settles on the winner's score alone ({whose}); give no score "
            f"for {', '.join(unused)}",
        )


def _settler(method: str) -> Callable[[HandFacts, SettlementRules, int | None], Settlement]:
    # Local imports: each method's module imports this one for Payment and Settlement.
    from .classical import settle_classical
    from .hongkong import settle_hong_kong
    from .mcr import settle_mcr

    settlers: dict[str, Callable[[HandFacts, SettlementRules, int | None], Settlement]] = {
        "classical": settle_classical,
        "mcr": settle_mcr,
        "hong-kong": settle_hong_kong,
    }
    return settlers[method]


def settle(facts: HandFacts, rules: SettlementRules | None = None, limit: int | None = None) -> Settlement:
    """Settle one hand.

    Parameters
    ----------
    facts : the hand's facts.
    rules : the settlement to use; by default the one of the facts' ``profile`` (loaded).
    limit : the game's limit, used when the facts carry none (else the profile's).

    Raises
    ------
    ArbiterError
        ``unknown_profile`` / ``bad_profile`` (the profile cannot be loaded),
        ``no_settlement``, ``bad_facts`` (inconsistent facts) or ``open_case`` (a case the
        source leaves open).
    """
    if rules is None:
        from ..profiles.loader import load_profile

        rules = settlement_rules(load_profile(facts.profile))
    chosen = facts.limit if facts.limit is not None else limit
    return _checked(_settler(rules.method)(facts, rules, chosen))
