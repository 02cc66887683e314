"""What each context fact earns under a profile, derived from the profile and the rules.

The event registry (:mod:`mahjong_arbiter.events`) says what a fact means and when it is
impossible; each rule declares the facts it reads (``@rule(..., facts=...)``).  Joining the two
with a profile's rule table gives the rules a fact can earn under that profile: nothing here is
stored, so a house-rules file that drops or renames a rule changes the answer by itself.

>>> from mahjong_arbiter.profiles.loader import load_profile
>>> [e.name for e in earned_by(load_profile("codification"), "earths_blessing")]
['Gift from Earth']
>>> earned_by(load_profile("mcr"), "heavens_blessing")
()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..events import FACTS, given_facts, implied_events
from ..hand import Context
from .model import Profile, RuleEntry

if TYPE_CHECKING:
    from ..result import Result

__all__ = ["earned_by", "unscored_notes", "unearned_notes", "registry_rows", "registry_markdown", "registry_text"]


def earned_by(profile: Profile, fact: str) -> tuple[RuleEntry, ...]:
    """The rules of *profile* that *fact* (or an event it implies) can earn, in the profile's order."""
    wanted = implied_events(frozenset({fact})) if FACTS[fact].kind == "event" else frozenset({fact})
    readers = profile.fact_readers
    rids = frozenset().union(*(readers.get(f, frozenset()) for f in wanted))
    return tuple(entry for rid, entry in profile.rules.items() if rid in rids) if rids else ()


_EARNS_KEY = "_earning_facts"


def _earns(profile: Profile, fact: str) -> bool:
    """Whether :func:`earned_by` names any rule for *fact*: asked for every hand scored, so it is
    derived once per profile and fact and kept with the profile."""
    known: dict[str, bool] = profile.__dict__.setdefault(_EARNS_KEY, {})
    found = known.get(fact)
    if found is None:
        found = known[fact] = bool(earned_by(profile, fact))
    return found


def unscored_notes(profile: Profile, context: Context) -> list[str]:
    """One note for each fact the caller gave that no rule of *profile* scores.

    Seat and prevailing wind and the bonus tiles are values every context has, so only the flags
    and events given are named (issue 12: an event the profile does not score is never ignored
    in silence).
    """
    notes = []
    for name in given_facts(context):
        fact = FACTS[name]
        if fact.kind == "event" and name not in context.events:
            continue  # implied by another event: that one is named if it earns nothing
        if not _earns(profile, name):
            notes.append(
                f"{fact.title} ({fact.given.split(';')[0]}) earns nothing under {profile.id}: "
                "no rule of this profile scores it"
            )
    return notes


def unearned_notes(profile: Profile, context: Context, result: Result) -> list[str]:
    """One note for each fact the caller gave whose rules under *profile* all fail on this hand
    (none counted, none suppressed by another), unless a note of *result* already names one of
    them: a fact the profile scores elsewhere is never dropped in silence on a hand where it
    earns nothing (Codification's last possible tile needs the only possible tile too)."""
    notes = []
    counted = {i.id for i in result.items} | {s.id for s in result.suppressed}
    for name in given_facts(context):
        if FACTS[name].kind == "event" and name not in context.events:
            continue  # implied by another event: that one is named
        rules = earned_by(profile, name)
        if not rules or any(r.id in counted for r in rules):
            continue
        if any(r.name in note for note in result.notes for r in rules):
            continue  # the profile's own note says why
        fact = FACTS[name]
        names = ", ".join(r.name for r in rules)
        verb = "does" if len(rules) == 1 else "do"
        notes.append(
            f"{fact.title} ({fact.given.split(';')[0]}) earns nothing on this hand under {profile.id}: "
            f"{names} {verb} not hold here"
        )
    return notes


def registry_rows(profiles: list[Profile]) -> list[dict[str, Any]]:
    """Every fact with its words, when it is refused, and what it earns under each of *profiles*."""
    rows = []
    for name, fact in FACTS.items():
        row = fact.to_dict()
        row["earns"] = {p.id: [e.name for e in earned_by(p, name)] for p in profiles}
        rows.append(row)
    return rows


def _earns_groups(earns: dict[str, list[str]]) -> list[str]:
    """``"mcr, mcr-mil: Robbing the Kong"``: the profiles under which the fact earns the same rules."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for pid, names in earns.items():
        if names:
            groups.setdefault(tuple(names), []).append(pid)
    return [f"{', '.join(pids)}: {', '.join(names)}" for names, pids in groups.items()]


def registry_text(profiles: list[Profile]) -> str:
    """The registry for people: each fact, how to give it, what it means, when it is refused and
    what it earns under *profiles*."""
    blocks = []
    for row in registry_rows(profiles):
        lines = [
            f"{row['name']}: {row['title']}",
            f"  given as:     {row['given']}",
            f"  meaning:      {row['meaning']}",
        ]
        refused = row["refused_when"]
        lines.append(f"  refused when: {'; '.join(refused) if refused else 'never'}")
        if row["implies"]:
            lines.append(f"  implies:      {', '.join(row['implies'])}")
        earns = _earns_groups(row["earns"])
        lines.append(f"  earns:        {earns[0] if earns else 'nothing'}")
        lines.extend(f"                {line}" for line in earns[1:])
        lines.append(f"  source:       {row['source']}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def registry_markdown(profiles: list[Profile]) -> str:
    """The registry as a Markdown table (the README's copy is checked against this).

    The last column groups the profiles under which the fact earns the same rules.
    """
    lines = [
        "| fact | given as | what it means at the table | refused when | earns |",
        "|---|---|---|---|---|",
    ]
    for row in registry_rows(profiles):
        earns = "; ".join(_earns_groups(row["earns"]))
        lines.append(
            "| "
            + " | ".join(
                _cell(v)
                for v in (
                    f"`{row['name']}`",
                    row["given"],
                    row["meaning"],
                    "; ".join(row["refused_when"]) or "never",
                    earns or "nothing",
                )
            )
            + " |"
        )
    return "\n".join(lines) + "\n"
