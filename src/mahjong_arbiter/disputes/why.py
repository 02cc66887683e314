"""``--why RULE``: why a rule did (or did not) count on this hand, with the source of the answer.

The answer is one of, checked in this order:

1. ``not_in_profile`` — the profile has no such rule, but other built-in profiles do (they are named);
   a name that is no rule of any built-in profile is bad input (``unknown_rule``, with the
   closest names of this profile's rules);
2. ``not_winning`` — the hand is not a winning hand under the profile, so nothing counts: the
   answer says whether the rule holds on a reading the profile refuses, or else what it needs and
   the tile the hand won on (the engine's reason is shown once, by the caller);
3. ``counted`` — it counted (how many times, for how much);
4. ``suppressed`` — it held on the best Reading, but a counted rule excluded or implied it: the
   edge and its source (the profile's edge citation, e.g. Green Book 2006 fan 28's
   "not combined with" list);
5. ``other_reading`` — it holds only on another Reading of the hand, which scores less;
6. ``not_counted`` — it held on the best Reading but the arithmetic did not count it for another
   reason (a value of nothing, a rule for losers, a policy), shown with its notes;
7. ``absent`` — its predicate failed on every Reading: what it needs and what this hand lacks
   (:mod:`.requirements`, which restates Green Book fans and so serves the ``mcr`` arithmetic), or,
   for any other rule, what the rule is in the words of the profile's rulebook.

Every answer about a rule of the profile carries ``rule_words``: the rule in the players' words of
the profile's rulebook (:mod:`mahjong_arbiter.profiles.rulebook`), never a developer's docstring.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..errors import ArbiterError, NotWinningError
from ..hand import Context, Hand
from ..profiles.model import Profile, RuleEntry
from ..profiles.names import did_you_mean
from ..profiles.rulebook import rulebook_for
from ..result import Result
from ..solver.reading import Reading
from .breakdown import value_text
from .names import find_rule, near_misses
from .requirements import Facts, explain_missing

__all__ = ["WhyAnswer", "why"]


@dataclass(frozen=True)
class WhyAnswer:
    """The answer to "why didn't RULE count?" (or "why did it?").

    Attributes
    ----------
    query : str
        The rule as asked.
    rule, name : str
        The rule id and English name ("" when the profile has no such rule).
    status : str
        ``counted``, ``suppressed``, ``other_reading``, ``not_counted``, ``absent``,
        ``not_in_profile`` or ``not_winning``.
    message : str
        The answer in words.
    source : str
        Where the answer comes from (the edge's source, the rule's source, the profile).
    by : str
        For ``suppressed``: the id of the counted rule that suppressed it.
    relation : str
        For ``suppressed``: the relation of that edge.
    rule_words : str
        What the rule is, from the profile's rulebook ("" when the profile has no such rule or
        its rulebook no entry for it).
    """

    query: str
    rule: str
    name: str
    status: str
    message: str
    source: str
    by: str = ""
    relation: str = ""
    rule_words: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "rule": self.rule,
            "name": self.name,
            "status": self.status,
            "message": self.message,
            "by": self.by,
            "relation": self.relation,
            "source": self.source,
            "rule_words": self.rule_words,
        }


def _other_profiles(query: str, current: str) -> list[str]:
    from ..profiles.loader import builtin_profile_ids, load_profile

    found = []
    for pid in builtin_profile_ids():
        if pid == current:
            continue
        if find_rule(load_profile(pid), query) is not None:
            found.append(pid)
    return found


def _rule_source(entry: RuleEntry) -> str:
    from ..rules.registry import get_rule

    try:
        registered = get_rule(entry.id).source
    except KeyError:
        registered = ""
    return entry.source or registered


def _by_name(profile: Profile, by: str) -> str:
    entry = find_rule(profile, by)
    return f"{entry.name} ({entry.id})" if entry is not None else by


def _readings_and_holding(
    entry: RuleEntry, hand: Hand, context: Context, profile: Profile, backend: str, result: Result
) -> tuple[list[Reading], list[Reading], tuple[Any, ...]]:
    from ..rules.registry import get_rule
    from ..scoring.common import make_situation, profile_readings

    # the scorer kept the Readings it read: no second decomposition (a Result built elsewhere may not)
    readings = list(result.readings) or profile_readings(hand, context, profile, backend=backend)
    situation = make_situation(hand, context, profile)
    predicate = get_rule(entry.id).predicate
    holding = [r for r in readings if predicate(r, situation)]
    return readings, holding, situation.waits


def _not_winning(
    entry: RuleEntry, words: str, hand: Hand, context: Context, profile: Profile, backend: str
) -> str:
    """Why *entry* cannot count on a hand that does not win: whether it holds on some reading of
    the tiles (a reading the profile refuses), else what it needs, in the rulebook's words, and
    the tile the hand won on.  The engine's reason is the caller's to show, once."""
    from ..rules.registry import get_rule
    from ..scoring.common import make_situation, profile_readings

    lead = f"this hand does not win under {profile.label}, so {entry.name} cannot count"
    readings = profile_readings(hand, context, profile, backend=backend)
    if readings:
        situation = make_situation(hand, context, profile)
        predicate = get_rule(entry.id).predicate
        holding = [r for r in readings if predicate(r, situation)]
        if holding:
            return f"{lead}: it holds on the reading {holding[0]}, which {profile.label} does not let win"
        facts = Facts(hand, context, tuple(readings), tuple(situation.waits))
        explained = explain_missing(entry.id, entry.name, facts)
        if explained:
            return f"{lead}. {explained}"
    won = f", which won on {hand.winning_tile.token}" if hand.winning_tile is not None else ""
    held = f"{entry.name} holds on no reading of this hand{won}"
    return f"{lead}. {held}. The rule: {' '.join(words.split())}" if words else f"{lead}. {held}"


def _generic_absent(entry: RuleEntry, words: str) -> str:
    held = f"{entry.name} did not hold on any reading of this hand"
    return f"{held}. The rule: {' '.join(words.split())}" if words else held


def why(
    query: str,
    hand: Hand,
    context: Context,
    profile: Profile,
    result: Result | NotWinningError,
    *,
    backend: str = "fast",
) -> WhyAnswer:
    """Why the rule *query* (an id or a name) did or did not count on *hand* under *profile*.

    Parameters
    ----------
    query : str
        A rule id (``mcr.pure-straight``), short id (``pure-straight``), English or native name.
    result : Result or NotWinningError
        The hand's score under *profile* (or the reason it is not a winning hand).

    Raises
    ------
    ArbiterError
        ``unknown_rule`` when *query* names no rule of *profile* nor of any built-in profile.
    """
    entry = find_rule(profile, query)
    if entry is None:
        elsewhere = _other_profiles(query, profile.id)
        if not elsewhere:
            hint = did_you_mean(near_misses(profile, query))
            raise ArbiterError(
                "unknown_rule", f"{query!r} names no rule of profile {profile.id} nor of any built-in profile{hint}"
            )
        return WhyAnswer(
            query, "", "", "not_in_profile",
            f"{query} is not a rule of profile {profile.id}; it is a rule of {', '.join(elsewhere)}",
            f"the rule list of profile {profile.id} ({'; '.join(profile.sources) or profile.label})",
        )
    source = _rule_source(entry)
    words = rulebook_for(profile).summary(entry.id)
    answer = _answer(query, entry, source, words, hand, context, profile, result, backend)
    return replace(answer, rule_words=words)


def _answer(
    query: str,
    entry: RuleEntry,
    source: str,
    words: str,
    hand: Hand,
    context: Context,
    profile: Profile,
    result: Result | NotWinningError,
    backend: str,
) -> WhyAnswer:
    """The answer for a rule the profile has (steps 2 to 7 of the module docstring)."""
    name, rid = entry.name, entry.id
    if isinstance(result, NotWinningError):
        return WhyAnswer(query, rid, name, "not_winning", _not_winning(entry, words, hand, context, profile, backend),
                         source)
    for item in result.items:
        if item.id == rid:
            times = f" {item.count} times" if item.count != 1 else ""
            return WhyAnswer(
                query, rid, name, "counted",
                f"{name} counted{times}: {value_text(item.value, item.value_key)} each, {item.subtotal:g} in all",
                item.source or source,
            )
    for sup in result.suppressed:
        if sup.id == rid:
            by = _by_name(profile, sup.by)
            return WhyAnswer(
                query, rid, name, "suppressed",
                f"{name} held on the best reading but does not count: {sup.reason(by)}",
                sup.source, by=sup.by, relation=sup.relation,
            )
    readings, holding, waits = _readings_and_holding(entry, hand, context, profile, backend, result)
    if holding and result.reading is not None and result.reading in holding:
        notes = "; ".join(result.notes)
        detail = f" ({notes})" if notes else ""
        value = value_text(entry.value, entry.value_key)
        return WhyAnswer(
            query, rid, name, "not_counted",
            f"{name} held on the best reading, but the {profile.arithmetic} arithmetic did not count it "
            f"(value {value}, applies to {entry.applies}){detail}",
            source,
        )
    if holding:
        totals = {a.reading: a.total for a in result.alternatives}
        other = holding[0]
        total = totals.get(other)
        worth = f", which scores {total:g} {result.unit}" if total is not None else ""
        return WhyAnswer(
            query, rid, name, "other_reading",
            f"{name} holds only on another reading of this hand ({other}){worth}; "
            f"the best reading scores {result.total:g} {result.unit}",
            source,
        )
    facts = Facts(hand, context, tuple(readings), tuple(waits))
    explained = explain_missing(rid, entry.name, facts)
    message = explained or _generic_absent(entry, words)
    return WhyAnswer(query, rid, name, "absent", message, source)

