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

from ..events import FACTS, Check, FactsKey, facts_key, given_facts, hand_checks, implied_events
from ..hand import Context
from .model import Profile, RuleEntry

if TYPE_CHECKING:
    from ..result import Result

__all__ = [
    "earned_by", "fact_plan", "fact_notes", "unearned_notes", "registry_rows", "registry_markdown", "registry_text",
]


def earned_by(profile: Profile, fact: str) -> tuple[RuleEntry, ...]:
    """The rules of *profile* that *fact* (or an event it implies) can earn, in the profile's order."""
    wanted = implied_events(frozenset({fact})) if FACTS[fact].kind == "event" else frozenset({fact})
    readers = profile.fact_readers
    rids = frozenset().union(*(readers.get(f, frozenset()) for f in wanted))
    return tuple(entry for rid, entry in profile.rules.items() if rid in rids) if rids else ()


_NOTES_KEY = "_fact_notes"
_BY_CONTEXT_KEY = "_fact_plans"

Pending = tuple[frozenset[str], tuple[str, ...], str]
"""A fact some rules of the profile can earn: their ids, their names, and the note said when none
of them counts on a hand."""


NotesPlan = tuple[tuple[str, ...], tuple[Pending, ...]]
"""The notes of the facts given that no rule scores, and the facts given that some rule scores."""


def _notes_plan(profile: Profile, given: tuple[str, ...], events: frozenset[str]) -> NotesPlan:
    """For the facts *given* (with the events the caller named), the notes of the facts no rule of
    *profile* scores, and the facts some rule scores with the note each needs when none counts.

    Derived once per profile and set of facts and kept with the profile: every hand with facts
    given asks, and only a few sets of facts occur."""
    known: dict[tuple[tuple[str, ...], frozenset[str]], NotesPlan]
    known = profile.__dict__.setdefault(_NOTES_KEY, {})
    key = (given, events)
    found = known.get(key)
    if found is None:
        unscored: list[str] = []
        pending: list[Pending] = []
        for name in given:
            fact = FACTS[name]
            if fact.kind == "event" and name not in events:
                continue  # implied by another event: that one is named if it earns nothing
            what = f"{fact.title} ({fact.given.split(';')[0]}) earns nothing"
            rules = earned_by(profile, name)
            if not rules:
                unscored.append(f"{what} under {profile.id}: no rule of this profile scores it")
                continue
            names = tuple(r.name for r in rules)
            verb = "does" if len(rules) == 1 else "do"
            note = f"{what} on this hand under {profile.id}: {', '.join(names)} {verb} not hold here"
            pending.append((frozenset(r.id for r in rules), names, note))
        found = known[key] = (tuple(unscored), tuple(pending))
    return found


FactPlan = tuple[tuple[Check, ...], tuple[str, ...], tuple[Pending, ...]]
"""What the facts a context gives ask of a hand scored under a profile: the preconditions to
apply (:func:`mahjong_arbiter.events.hand_checks`), then the :data:`NotesPlan`."""


def fact_plan(profile: Profile, context: Context) -> FactPlan:
    """The preconditions of the facts *context* gives, the notes of those no rule of *profile*
    scores and the facts some rule scores (:func:`unearned_notes` reads them with a result).

    Kept with the profile by the context fields the facts given are read from (the four flags and
    the events, :func:`mahjong_arbiter.events.given_facts`), so a hand scored asks one dict; the
    common answer is ``((), (), ())``: nothing to check, nothing to note.

    >>> from mahjong_arbiter.profiles.loader import load_profile
    >>> fact_plan(load_profile("mcr"), Context())
    ((), (), ())
    """
    known: dict[FactsKey, FactPlan] | None = profile.__dict__.get(_BY_CONTEXT_KEY)
    if known is None:
        known = profile.__dict__[_BY_CONTEXT_KEY] = {}
    key = facts_key(context)
    found = known.get(key)
    if found is None:
        unscored, pending = _notes_plan(profile, given_facts(context), context.events)
        found = known[key] = (hand_checks(context), unscored, pending)
    return found


def fact_notes(profile: Profile, context: Context, result: Result) -> list[str]:
    """The notes for the flags and events the caller gave that earn nothing, in registry order:
    first one for each fact no rule of *profile* scores (issue 12: an event the profile does not
    score is never ignored in silence; seat and prevailing wind and the bonus tiles are values
    every context has, so only the flags and events given are named), then one for each fact
    whose rules under *profile* all fail on this hand (none counted, none suppressed by another),
    unless a note of *result* already names one of them: a fact the profile scores elsewhere is
    never dropped in silence on a hand where it earns nothing (Codification's last possible tile
    needs the only possible tile too)."""
    _, unscored, pending = fact_plan(profile, context)
    return list(unearned_notes(result, unscored, pending))


def unearned_notes(result: Result, unscored: tuple[str, ...], pending: tuple[Pending, ...]) -> tuple[str, ...]:
    """:func:`fact_notes` from the parts of the profile's :func:`fact_plan`: the *unscored* notes,
    then the note of each *pending* fact none of whose rules counted on *result*, was suppressed
    by another, or is named by a note of *result* (a tuple: most hands add nothing to *unscored*,
    which is then returned as it is, no list made)."""
    notes = unscored
    for ids, names, note in pending:
        # (loops, not ids.isdisjoint(map(attrgetter("id"), ...)): half the instructions on a few items)
        for item in result.items:
            if item.id in ids:
                break
        else:
            for stopped in result.suppressed:
                if stopped.id in ids:
                    break
            else:
                if not any(name in said for said in result.notes for name in names):
                    notes += (note,)
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
