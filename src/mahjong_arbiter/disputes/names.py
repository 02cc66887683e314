"""Rule names as people write them at the table, resolved to the rule ids of a profile.

A claim or a ``--why`` names a rule the way a player says it: ``"pure straight"``, ``"Half
Flush"``, ``"Pung of Terminals or Honours"``, ``"mcr.single-wait"``, ``"清龙"``, ``"All Five"``.
Matching (:mod:`mahjong_arbiter.profiles.names`, the one matcher of player-typed names) ignores
case, hyphens and underscores, repeated spaces and the British spelling of honour(s), and accepts
the full rule id, the id without its family prefix, the English name, the native name and other
tools' spellings; a name that matches nothing gets "did you mean" with the closest rule names.

>>> normalise("Pung of Terminals or Honours")
'pung of terminals or honors'
>>> split_count("Tile Hog x2")
('Tile Hog', 2)
"""

from __future__ import annotations

import re

from ..errors import ArbiterError
from ..profiles.model import Profile, RuleEntry
from ..profiles.names import did_you_mean, normalise, rule_aliases, suggest

__all__ = ["normalise", "split_count", "find_rules", "find_rule", "resolve_rules", "near_misses"]

_COUNT = re.compile(r"^(?P<name>.*?)\s*(?:[x×*]\s*(?P<after>\d+)|\((?P<paren>\d+)\))$", re.IGNORECASE | re.ASCII)
_LONGEST_COUNT = 30
"""Digits read in a count: more would cost time to convert (and any count that long is refused)."""


def split_count(text: str) -> tuple[str, int]:
    """A claimed rule with an optional repeat count: ``"Tile Hog x2"`` is ``("Tile Hog", 2)``.

    A count of more than 30 digits reads as 10**30 (a count no claim may make, refused by the
    caller) without converting the digits."""
    match = _COUNT.match(text.strip())
    if match is None:
        return text.strip(), 1
    count = (match.group("after") or match.group("paren")).lstrip("0") or "0"
    return match.group("name").strip(), int(count) if len(count) <= _LONGEST_COUNT else 10**_LONGEST_COUNT


def _keys(entry: RuleEntry) -> set[str]:
    short = entry.id.split(".", 1)[1] if "." in entry.id else entry.id
    keys = {normalise(entry.id), normalise(short), normalise(entry.name), *map(normalise, rule_aliases(entry.id))}
    if entry.name_zh:
        keys.add(entry.name_zh.strip())
    return keys


def _own_rules(profile: Profile, query: str) -> list[RuleEntry]:
    wanted = normalise(query)
    return [e for e in profile.rules.values() if wanted in _keys(e) or query.strip() in _keys(e)]


def _ids_named_elsewhere(query: str) -> set[str]:
    """The ids of the rules that *query* names in any built-in profile (its own names and aliases)."""
    from ..profiles.loader import builtin_profile_ids, load_profile

    return {e.id for pid in builtin_profile_ids() for e in _own_rules(load_profile(pid), query)}


def find_rules(profile: Profile, query: str) -> list[RuleEntry]:
    """Every rule of *profile* that *query* names (one, except where a profile gives two rules one
    name, as classical profiles do for "No chows" points and its double), in profile order.

    A name the profile does not use finds the profile's own rule for the same hand: another
    built-in profile's name for a rule id this profile holds ("Thirteen Unique Wonders", BMJA's
    name, finds Thompson & Maloney's "Unique Wonder": one rule id is one predicate)."""
    own = _own_rules(profile, query)
    if own:
        return own
    elsewhere = _ids_named_elsewhere(query)
    return [e for e in profile.rules.values() if e.id in elsewhere]


def find_rule(profile: Profile, query: str) -> RuleEntry | None:
    """The (first) rule of *profile* that *query* names (id, short id, English or native name), or None."""
    found = find_rules(profile, query)
    return found[0] if found else None


def resolve_rules(profile: Profile, query: str) -> list[RuleEntry]:
    """The rules *query* names; an :class:`ArbiterError` (``unknown_rule``) suggesting close names if none."""
    found = find_rules(profile, query)
    if found:
        return found
    hint = did_you_mean(near_misses(profile, query))
    raise ArbiterError("unknown_rule", f"profile {profile.id} has no rule named {query!r}{hint}")


def near_misses(profile: Profile, query: str) -> list[str]:
    """The names of *profile*'s rules closest to *query*, a name that matched none."""
    return suggest(query, (e.name for e in profile.rules.values()))
