"""Hand-built MCR Readings for the fan unit tests (a tiny spec language; tests only).

A spec is groups separated by spaces; the group marked ``*`` holds the winning tile:

=============== ====================================================================
``123m``        a concealed chow            ``[123m]``  an exposed (claimed) chow
``555p``        a concealed pung            ``[555p]``  an exposed pung
``~555p``       a standing pung completed by a discard (counts as exposed, undeclared)
``5555p``       a declared concealed kong   ``[5555p]`` a melded kong
``55p`` ``EE``  a pair                      ``1m`` ``E`` a single-tile IRREGULAR group
``147m258p369s`` the KNITTED group (nine tiles)
=============== ====================================================================
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mahjong_arbiter.hand import Context, Hand, Meld
from mahjong_arbiter.rules.registry import Hits, Situation, get_rule
from mahjong_arbiter.solver.reading import Group, GroupKind, Reading, Wait
from mahjong_arbiter.tiles import Tile

_SUITED = re.compile(r"^(\d+)([mps])$")


def _tiles(body: str) -> list[Tile]:
    m = _SUITED.match(body)
    if m:
        return [Tile.of(f"{d}{m.group(2)}") for d in m.group(1)]
    return [Tile.of(c) for c in body]


def group(token: str) -> Group:
    """One group from its spec token (without the ``*``)."""
    exposed = token.startswith("[")
    discarded = token.startswith("~")
    body = token.strip("[]~")
    if len(body) > 10:  # the knitted nine: 147m258p369s
        tiles = [t for part in re.findall(r"\d+[mps]", body) for t in _tiles(part)]
        return Group(GroupKind.KNITTED, tuple(sorted(tiles)))
    tiles = _tiles(body)
    first = tiles[0]
    if len(tiles) == 1:
        return Group(GroupKind.IRREGULAR, (first,))
    if len(tiles) == 2:
        return Group.pair(first)
    if len(tiles) == 4:
        return Group.kong(first, concealed=not exposed)
    if tiles[1] is first:
        return Group.pung(first, concealed=not (exposed or discarded), declared=exposed)
    return Group.chow(first, concealed=not exposed, declared=exposed)


def _shape(groups: list[Group]) -> str:
    kinds = [g.kind for g in groups]
    if GroupKind.KNITTED in kinds:
        return "knitted_straight"
    if kinds.count(GroupKind.PAIR) == 7:
        return "seven_pairs"
    if GroupKind.IRREGULAR in kinds:
        return "thirteen_orphans" if GroupKind.PAIR in kinds else "honours_knitted"
    return "standard"


def reading(spec: str, win: str | None = None, wait: Wait | None = None) -> Reading:
    """The Reading of *spec*; the winning tile defaults to the marked group's first tile."""
    groups, winning = [], None
    for token in spec.split():
        g = group(token.rstrip("*"))
        groups.append(g)
        if token.endswith("*"):
            winning = g
    assert winning is not None, f"mark the winning group with * in {spec!r}"
    tile = Tile.of(win) if win else winning.first
    default_wait = {GroupKind.PAIR: Wait.SINGLE, GroupKind.CHOW: Wait.TWO_SIDED}.get(winning.kind, Wait.DUAL_PUNG)
    if winning.kind in (GroupKind.IRREGULAR, GroupKind.KNITTED):
        default_wait = Wait.IRREGULAR
    return Reading.make(_shape(groups), groups, winning, tile, wait or default_wait)


def hand_of(r: Reading) -> Hand:
    """The Hand a Reading reads: declared groups as melds, the rest standing."""
    melds, standing = [], []
    for g in r.groups:
        if not g.declared:
            standing.extend(g.tiles)
        elif g.kind is GroupKind.KONG:
            melds.append(Meld.kong(g.first, exposed=not g.concealed))
        elif g.kind is GroupKind.PUNG:
            melds.append(Meld.pung(g.first))
        else:
            melds.append(Meld.chow(g.first))
    return Hand(tuple(standing), tuple(melds), r.winning_tile)


def hits(
    rule_id: str,
    spec: str,
    *,
    win: str | None = None,
    wait: Wait | None = None,
    policies: Mapping[str, Any] | None = None,
    waits: tuple[str, ...] = (),
    held_out: tuple[str, ...] = (),
    **context: Any,
) -> Hits:
    """The hits of *rule_id* on the Reading of *spec* in the given context."""
    r = reading(spec, win, wait)
    found = (tuple(Tile.of(t) for t in waits), tuple(Tile.of(t) for t in held_out))
    situation = Situation(hand_of(r), Context(**context), policies=policies, wait_finder=lambda _h: found)
    return get_rule(rule_id).predicate(r, situation)
