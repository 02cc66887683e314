"""MCR wait fans (Green Book 2006, section 3.8; fans 77 Edge Wait, 78 Closed Wait, 79 Single
Wait).

A wait fan scores when the winning tile was the only tile that could complete the hand (Green
Book 2006 fans 77-79; see reading note N15) and this Reading places it as that wait.  Which kinds
count as waits is a policy:

``wait_held_out_counts``
    False (Green Book reading): the kinds in :attr:`Situation.waits`, tiles that could still
    arrive.  True (Mahjong International League, the MCR helper's ``is_unique_waiting``): also a
    kind whose four copies the winner already holds (:attr:`Situation.held_out`), so 4444666s
    won on 5s has no Single Wait.
"""

from __future__ import annotations

from typing import Final

from ..solver.reading import Reading, Wait
from .registry import NONE, ONCE, Hits, Needs, Situation, rule

__all__: list[str] = []

_HELD_OUT: Final = "wait_held_out_counts"
"""The policy that says whether a kind whose four copies are held counts as a wait: each predicate
asks ``situation.sole_wait(bool(situation.policies.get(_HELD_OUT, False)))``, whether the hand
waited on one kind only (written out in each: a helper's call costs a fifth of a predicate)."""


_EDGE: Final = Wait.EDGE
_CLOSED: Final = Wait.CLOSED
_SINGLE: Final = Wait.SINGLE
# (module names: the predicates read them without an attribute look-up on the enum)


@rule("mcr.edge-wait", source="Green Book 2006, fan 77", needs=Needs(wait=Wait.EDGE))
def edge_wait(reading: Reading, situation: Situation) -> Hits:
    """边张 Edge Wait: the only winning tile was the 3 of 12 or the 7 of 89."""
    only = reading.wait is _EDGE and situation.sole_wait(bool(situation.policies.get(_HELD_OUT, False)))
    return ONCE if only else NONE


@rule("mcr.closed-wait", source="Green Book 2006, fan 78", needs=Needs(wait=Wait.CLOSED))
def closed_wait(reading: Reading, situation: Situation) -> Hits:
    """坎张 Closed Wait: the only winning tile was the middle of a chow."""
    only = reading.wait is _CLOSED and situation.sole_wait(bool(situation.policies.get(_HELD_OUT, False)))
    return ONCE if only else NONE


@rule("mcr.single-wait", source="Green Book 2006, fan 79", needs=Needs(wait=Wait.SINGLE))
def single_wait(reading: Reading, situation: Situation) -> Hits:
    """单钓将 Single Wait: the only winning tile paired a lone tile."""
    only = reading.wait is _SINGLE and situation.sole_wait(bool(situation.policies.get(_HELD_OUT, False)))
    return ONCE if only else NONE
