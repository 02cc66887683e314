"""Incidents: the checks every settlement method shares, before any payment is made.

The table reports an incident (the companion never watches the discards): its kind, the player
and a free-text trigger.  The profile declares which kinds exist and what each does
(``[settlement.incidents.<kind>]``, :mod:`mahjong_arbiter.profiles.table_rules`).  Here we refuse
what cannot be settled: a kind the profile does not declare, a kind whose source leaves it open
(the profile's reason), a field the kind does not take, an incident on the winner that only a
loser can have, a payer for all who did not discard the winning tile (or a discard win that
names no discarder), two payers for all, the same incident twice.
"""

from __future__ import annotations

from ..errors import ArbiterError
from ..profiles.table_rules import IncidentRule, SettlementRules
from .facts import HandFacts, Incident

__all__ = ["check_incidents", "active", "incident_words"]

_LOSER_ONLY = ("pays_for_all", "dead_hand", "collects_limit", "cannot_win")


def incident_words(incident: Incident, default: str) -> str:
    """``liability (three exposed pungs)``: the kind in words and its trigger (or ``default``)."""
    return f"{incident.kind.replace('_', ' ')} ({incident.trigger or default})"


def active(facts: HandFacts, rules: SettlementRules, effect: str) -> tuple[Incident, ...]:
    """The incidents of the hand whose declared effect is ``effect`` and that no excuse cancels."""
    found = []
    for incident in facts.incidents:
        rule = rules.incident(incident.kind)
        if rule is not None and rule.effect == effect and not incident.excused:
            found.append(incident)
    return tuple(found)


def _check_one(facts: HandFacts, incident: Incident, rule: IncidentRule, rules: SettlementRules, where: str) -> None:
    if rule.effect == "refused":
        raise ArbiterError("open_case", f"{where}: refused under {rules.profile}: {rule.reason}")
    extra = sorted(incident.given - rule.fields)
    if extra:
        raise ArbiterError(
            "bad_facts", f"{where}: {extra[0]} does not apply to {incident.kind} under {rules.profile} ({rule.effect})"
        )
    if "count" in rule.fields and incident.count is None:
        raise ArbiterError("bad_facts", f"{where}: a {incident.kind} needs count 'too_many' or 'too_few'")
    if rule.effect in _LOSER_ONLY:
        if facts.winner is None:
            if rule.effect not in ("dead_hand", "cannot_win"):
                raise ArbiterError("bad_facts", f"{where}: needs a winner, and this hand is a draw")
        elif incident.player == facts.winner and rule.effect == "cannot_win":
            raise ArbiterError("bad_facts", f"{where}: {incident.player}'s hand cannot win after a {incident.kind}")
        elif incident.player == facts.winner:
            raise ArbiterError("bad_facts", f"{where}: the winner cannot be the one who pays")
    if rule.effect == "pays_for_all" and rule.discarder_only and not incident.excused and facts.winner is not None:
        if not facts.self_drawn and facts.discarder is None:
            raise ArbiterError(
                "bad_facts",
                f"{where}: {incident.kind} falls on the player who discarded the winning tile, and the facts name no "
                f"discarder: give the discarder ({incident.player}, if it was them)",
            )
        if facts.self_drawn or facts.discarder != incident.player:
            raise ArbiterError(
                "bad_facts",
                f"{where}: {incident.kind} falls on the player who discarded the winning tile; "
                f"{incident.player} did not (self_drawn or another discarder)",
            )
    if rule.effect == "penalty_to_each" and incident.exposed and incident.player == facts.winner:
        raise ArbiterError(
            "open_case",
            f"{where}: no source says whether a player who made a false call can still win the hand",
        )


def check_incidents(facts: HandFacts, rules: SettlementRules) -> None:
    """Raise unless every incident of ``facts`` can be settled under ``rules``.

    Raises
    ------
    ArbiterError
        ``open_case`` for a kind the profile refuses (the message is its reason);
        ``bad_facts`` for an undeclared kind or incidents that contradict the facts.
    """
    seen: set[tuple[str, str]] = set()
    for n, incident in enumerate(facts.incidents):
        where = f"incidents[{n}] ({incident.kind} by {incident.player})"
        rule = rules.incident(incident.kind)
        if rule is None:
            kinds = ", ".join(rules.incidents) or "none"
            raise ArbiterError(
                "bad_facts", f"{where}: {rules.profile} declares no incident {incident.kind!r} (its incidents: {kinds})"
            )
        if (incident.kind, incident.player) in seen:
            raise ArbiterError("bad_facts", f"{where}: the same incident is reported twice")
        seen.add((incident.kind, incident.player))
        _check_one(facts, incident, rule, rules, where)
    payers = active(facts, rules, "pays_for_all")
    if len(payers) > 1:
        named = ", ".join(f"{i.kind} by {i.player}" for i in payers)
        raise ArbiterError(
            "open_case",
            f"two players would pay for all in one hand ({named}): {rules.profile}'s source does not say how such "
            "penalties combine; the table decides",
        )
