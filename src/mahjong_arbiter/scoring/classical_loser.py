"""A loser's hand under a classical profile: the best grouping of its tiles, fishing, section E.

Classical settlement needs every player's score: the losers settle their differences (BMJA
https://mahjong-britishrules.com/scoring/settling-up; Buzzard 2000 p. 8).  Steps:

1. group: the declared melds as they are, and every *maximal* grouping of the standing tiles into
   pungs, chows and at most one pair (at most four sets in all), the rest left as single tiles.
   Four standing copies of a kind are a pung and a spare tile: an undeclared kong is not a kong
   (the Codification: a concealed kong "must be grounded ... or counts only as pung");
2. value each grouping with the rules that apply to all hands or to losers only (winner-only rules
   are off) and keep the best.  The search is exhaustive rather than greedy: 111222333m is three
   pungs (16 points), not three chows (0).  A thirteen-tile hand has at most a few dozen maximal
   groupings, and valuing each through the rules themselves keeps the rules the one source of
   truth, which a linear CP-SAT objective could not (points are multiplied by 2 per double);
3. fishing: when the profile pays a loser for calling a special hand (a rule with
   ``params.fishing``, a fraction of the limit, or ``params.fishing_doubles``, BMJA Purity), the
   thirteen tiles' waits are read under the profile's shapes; a wait that completes such a hand
   (halved or void as the hand's ``params.exposure`` says when a pung or kong is exposed)
   scores its fishing value plus the bonus-tile part (BMJA, North fishing Thirteen Unique Wonders
   with two flowers including his own: 400 + 8 x 2 = 416).  The loser scores the greater of this
   and the ordinary score;
4. non-winner limit (Buzzard 2000 pp. 11-12, ledger section E): a rule with
   ``params.non_winner`` that holds on any grouping makes the loser's score the limit against the
   other two losers (he still pays the winner as usual).  :func:`non_winner_limit` answers the
   table companion's question alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import HandError
from ..hand import Context, Hand
from ..profiles.model import Profile, RuleEntry
from ..result import Item, Result
from ..rules.registry import Situation
from ..solver.placement import meld_group
from ..solver.reading import Group, GroupKind, Reading, Wait
from ..tiles import NUM_KINDS, Tile, counts_of
from .classical import Valued, exposure_factor, kept_special_hits, limit_of, value_hits
from .common import make_situation, rule_hits, shape_options

__all__ = ["score_loser", "non_winner_limit", "loser_groupings", "LOSER_SHAPE"]

LOSER_SHAPE = "loser"
"""The shape name of a loser's grouping; its ``winning`` group is only a placeholder."""

_Grouping = tuple[tuple[Group, ...], tuple[Tile, ...]]


def loser_groupings(hand: Hand) -> list[_Grouping]:
    """Every maximal grouping of *hand*'s standing tiles: (groups, single tiles).

    Groups are concealed pungs, chows and at most one pair; sets number at most four with the
    declared melds.  A grouping is maximal when no further group can be made of its single tiles.

    >>> from mahjong_arbiter.tiles import Tile
    >>> hand = Hand(tuple(Tile.of(t) for t in "1m 1m 1m 2m 2m 2m 3m 3m 3m 5p 7s E C".split()))
    >>> found = {" ".join(str(g) for g in groups) for groups, _ in loser_groupings(hand)}
    >>> "1m1m1m 2m2m2m 3m3m3m" in found, "1m2m3m 1m2m3m 1m2m3m" in found, "1m1m1m 2m2m2m" in found
    (True, True, False)
    """
    found: dict[tuple[Any, ...], _Grouping] = {}
    counts = counts_of(hand.concealed)
    sets_budget = max(0, 4 - len(hand.melds))

    def walk(i: int, groups: list[Group], singles: list[Tile], sets_left: int, pair_left: int) -> None:
        while i < NUM_KINDS and counts[i] == 0:
            i += 1
        if i == NUM_KINDS:
            if _maximal(singles, sets_left, pair_left):
                key = tuple(sorted(g.sort_key() for g in groups))
                found.setdefault(key, (tuple(sorted(groups, key=Group.sort_key)), tuple(sorted(singles))))
            return
        tile = Tile.at(i)
        c = counts[i]
        chowable = tile.is_suited and tile.rank <= 7
        for pung in range(1 if c >= 3 and sets_left else 0, -1, -1):
            for pair in range(1 if c - 3 * pung >= 2 and pair_left else 0, -1, -1):
                rest = c - 3 * pung - 2 * pair
                most = min(rest, counts[i + 1], counts[i + 2], sets_left - pung) if chowable else 0
                for chow in range(max(most, 0), -1, -1):
                    new = [Group.pung(tile)] * pung + [Group.pair(tile)] * pair
                    new += [Group.chow(tile)] * chow if chow else []
                    counts[i] = 0
                    if chow:
                        counts[i + 1] -= chow
                        counts[i + 2] -= chow
                    walk(i + 1, groups + new, singles + [tile] * (rest - chow), sets_left - pung - chow,
                         pair_left - pair)
                    counts[i] = c
                    if chow:
                        counts[i + 1] += chow
                        counts[i + 2] += chow

    walk(0, [], [], sets_budget, 1)
    return list(found.values())


def _maximal(singles: list[Tile], sets_left: int, pair_left: int) -> bool:
    left = counts_of(singles)
    if pair_left and max(left, default=0) >= 2:
        return False
    if not sets_left:
        return True
    if max(left, default=0) >= 3:
        return False
    return not any(
        left[i] and left[i + 1] and left[i + 2] for i in range(27) if Tile.at(i).rank <= 7
    )


def _loser_reading(hand: Hand, grouping: _Grouping) -> Reading:
    groups, singles = grouping
    all_groups = [*(meld_group(m) for m in hand.melds), *groups]
    all_groups += [Group(GroupKind.IRREGULAR, (t,)) for t in singles]
    ordered = tuple(sorted(all_groups, key=Group.sort_key))
    # a hand of bonus tiles only (a partial loser who shows nothing else) has no group at all: its
    # placeholder is a one-tile group that is none of its groups (a group holds at least one tile)
    placeholder = ordered[0] if ordered else Group(GroupKind.IRREGULAR, (Tile.at(0),))
    return Reading(LOSER_SHAPE, ordered, placeholder, placeholder.tiles[0], Wait.IRREGULAR)


def _param_rules(profile: Profile, key: str) -> list[str]:
    return [rid for rid, e in profile.rules.items() if e.params.get(key)]


def non_winner_limit(hand13: Hand, context: Context, profile: Profile) -> bool:
    """Whether a loser's hand is worth the limit against the other two losers although it did not
    win (Buzzard 2000 pp. 11-12, ledger section E; the rules marked ``params.non_winner``).

    Under buzzard-2000 these are the Four-Wind family (pungs or kongs of three winds with at least a
    pair of the fourth) and the Three-Dragon hand (pungs or kongs of the three dragons), held as
    sets (declared, or concealed in the standing tiles) even though the hand is not complete.
    """
    rule_ids = _param_rules(profile, "non_winner")
    if not rule_ids:
        return False
    situation = make_situation(hand13, context, profile, winner=False)
    return any(
        rule_hits(_loser_reading(hand13, grouping), situation, profile, rule_ids)
        for grouping in loser_groupings(hand13)
    )


def _bonus_part(valued: Valued, profile: Profile) -> tuple[int, int, tuple[Item, ...]]:
    """The bonus-tile points, their doubles and their items on a valued loser grouping."""
    rows = [i for i in valued.items if profile.rules[i.id].params.get("bonus_part")]
    bp = int(sum(i.subtotal for i in rows if i.value_key == "points"))
    bd = int(sum(i.subtotal for i in rows if i.value_key == "doubles"))
    return bp, bd, tuple(rows)


def _fishing(
    hand13: Hand, context: Context, profile: Profile, best: Valued
) -> tuple[RuleEntry, int, tuple[Tile, ...]] | None:
    """The most valuable special hand the thirteen tiles are fishing for: (rule, value, tiles)."""
    rule_ids = [*_param_rules(profile, "fishing"), *_param_rules(profile, "fishing_doubles")]
    if not rule_ids or hand13.partial or hand13.size != 13:
        return None
    from ..solver.api import waits

    limit = limit_of(profile)
    drawn = replace(context, self_drawn=True, kong_related=False, last_tile=False)
    tile_points = int(best.fields["points"]) - _bonus_part(best, profile)[0]
    found: dict[str, tuple[RuleEntry, int, list[Tile]]] = {}
    for tile, readings in waits(hand13, self_drawn=True, shapes=shape_options(profile)).by_tile.items():
        situation = make_situation(hand13.with_tile(tile), drawn, profile, winner=False)
        for reading in readings:
            for rid in kept_special_hits(reading, rule_hits(reading, situation, profile, rule_ids), profile):
                entry = profile.rules[rid]
                factor = exposure_factor(entry, reading)
                if factor is None:
                    continue
                if entry.params.get("fishing"):
                    value = round(float(entry.params["fishing"]) * factor * limit)
                else:
                    value = round(tile_points * 2 ** int(entry.params["fishing_doubles"]) * factor)
                _, _, tiles = found.setdefault(rid, (entry, value, []))
                if tile not in tiles:
                    tiles.append(tile)
    if not found:
        return None
    order = {rid: i for i, rid in enumerate(profile.rules)}
    entry, value, tiles = max(found.values(), key=lambda f: (f[1], -order[f[0].id]))
    return entry, value, tuple(tiles)


def score_loser(hand: Hand, context: Context, profile: Profile) -> Result:
    """Score a loser's thirteen-tile (or partial) hand (steps 1-4 of the module docstring)."""
    if hand.is_complete:
        raise HandError("tile_count", "a loser's hand has 13 tiles (or fewer when partial), no winning tile")
    limit = limit_of(profile)
    situation: Situation = make_situation(hand, context, profile, winner=False)
    valued: list[tuple[Valued, _Grouping]] = []
    for grouping in loser_groupings(hand):
        reading = _loser_reading(hand, grouping)
        hits = rule_hits(reading, situation, profile)  # a loser's rules: applies all or loser
        found = value_hits(reading, hits, profile, ordinary_allowed=True)
        if found is not None:
            valued.append((found, grouping))
    valued.sort(key=lambda v: (-v[0].total, len(v[1][1]), v[0].reading.sort_key()))
    best, (groups, singles) = valued[0]
    total, items, fields = best.total, best.items, dict(best.fields)
    suppressed = best.suppressed
    fields.update(fishing=None, non_winner_limit=False)

    fishing = _fishing(hand, context, profile, best)
    if fishing is not None:
        entry, value, tiles = fishing
        bp, bd, bonus_items = _bonus_part(best, profile)
        raw = value + bp * 2**bd
        fields["fishing"] = {"rule": entry.id, "value": value, "tiles": [t.token for t in tiles]}
        if min(raw, limit) > total:
            key, shown = ("limit", value / limit) if entry.params.get("fishing") else (
                "doubles", entry.params["fishing_doubles"])
            fishing_item = Item(entry.id, f"{entry.name} (fishing)", key, shown, 1, (), entry.source)
            total, items = min(raw, limit), (fishing_item, *bonus_items)
            fields.update(points=bp, doubles=bd, limit_applied=raw > limit, fixed=entry.id, components=[
                {"part": f"{entry.name} (fishing)", "base": value, "doubles": 0, "subtotal": value},
                {"part": "bonus tiles", "base": bp, "doubles": bd, "subtotal": bp * 2**bd},
            ])

    nonwinner = _param_rules(profile, "non_winner")
    if nonwinner:
        for grouping in loser_groupings(hand):
            hits = rule_hits(_loser_reading(hand, grouping), situation, profile, nonwinner)
            if hits:
                rid, h = next(iter(hits.items()))
                entry = profile.rules[rid]
                name = f"{entry.name} (incomplete: the limit against the other losers)"
                total, items = limit, (Item(rid, name, "limit", 1.0, h.count, h.instances, entry.source),)
                groups, singles = grouping
                fields.update(non_winner_limit=True, limit_applied=True, fixed=rid)
                break

    fields["groups"] = [str(g) for g in (*(meld_group(m) for m in hand.melds), *groups)]
    fields["ungrouped"] = [t.token for t in singles]
    return Result(
        profile=profile.id,
        fingerprint=profile.fingerprint,
        unit="points",
        total=total,
        items=items,
        suppressed=suppressed,
        reading=None,
        fields=fields,
        notes=("a loser's hand: winner-only rules are off",),
    )
