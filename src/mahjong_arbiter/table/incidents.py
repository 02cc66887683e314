"""Incidents: checks shared by every settlement kind before any payment is made.

The table reports an incident (the companion never watches the discards): its kind, the player
and a free-text trigger.  Here we only refuse what cannot be settled: a kind the policy's
source does not define (with the policy's reason), an incident on the winner that only a loser
can have, a second liable player, the same incident twice.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import ArbiterError
from .facts import HandFacts

__all__ = ["check_incidents"]

_LOSER_ONLY = ("liability", "wrong_tile_count", "non_winner_limit")


def check_incidents(
    facts: HandFacts,
    supported: Mapping[str, str],
    refusals: Mapping[str, str],
    policy_id: str,
) -> None:
    """Raise unless every incident of ``facts`` can be settled under the policy.

    Raises
    ------
    ArbiterError
        ``open_case`` for a kind the policy does not define (the message is the policy's
        reason), ``bad_facts`` for incidents that contradict the facts.
    """
    seen: set[tuple[str, str]] = set()
    for n, incident in enumerate(facts.incidents):
        where = f"incidents[{n}] ({incident.kind} by {incident.player})"
        if incident.kind not in supported:
            reason = refusals.get(incident.kind, f"{policy_id} does not define it")
            raise ArbiterError("open_case", f"{where}: refused under {policy_id}: {reason}")
        if (incident.kind, incident.player) in seen:
            raise ArbiterError("bad_facts", f"{where}: the same incident is reported twice")
        seen.add((incident.kind, incident.player))
        if incident.kind in _LOSER_ONLY:
            if facts.winner is None:
                if incident.kind != "wrong_tile_count":
                    raise ArbiterError("bad_facts", f"{where}: needs a winner, and this hand is a draw")
            elif incident.player == facts.winner:
                raise ArbiterError("bad_facts", f"{where}: the winner cannot be the one who pays")
        if incident.kind == "false_mahjong" and incident.exposed and incident.player == facts.winner:
            raise ArbiterError(
                "open_case",
                f"{where}: no source says whether a player whose false Mahjong was exposed can still win the hand",
            )
    if len(facts.incidents_of("liability")) > 1:
        raise ArbiterError("bad_facts", "only one player can be liable for a hand")
