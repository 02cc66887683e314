"""A profile's rulebook for players: every rule in plain words, its value, what it excludes, its source
and example hands; as text, as one entry with its examples scored, or as a printable HTML page.

The words and example hands are the profile's rulebook file (:mod:`mahjong_arbiter.profiles.rulebook`);
the value, the source and the exclusion and implication edges are read from the profile itself, so
nothing is written twice.  Example hands are scored here by the engine, never copied from a file.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from ..errors import ArbiterError
from ..hand import Context
from ..notation.json_hand import HandRecord
from ..profiles.describe import profile_choices
from ..profiles.model import Edge, Profile, RuleEntry
from ..profiles.rulebook import Example, Rulebook
from ..result import Result
from .breakdown import value_text

__all__ = ["ScoredExample", "entry_lines", "rulebook_text", "entry_text", "rulebook_page", "rulebook_sections",
           "score_example", "rule_value_text", "context_words", "entry_page", "special_hand_facts"]

_TITLES = {"points": "Points", "doubles": "Doubles", "limit": "Limit hands", "faan": "Faan"}
_WIDTH = 96


def rule_value_text(profile: Profile, entry: RuleEntry) -> str:
    """The value as a player reads it: ``16 points``, ``1 double``, ``the limit (1000)``, ``half the limit``."""
    if entry.value_key == "limit":
        whole = f" ({entry.value * profile.limit:g})" if profile.limit else ""
        if entry.value == 1:
            return f"the limit{whole}"
        if entry.value == 0.5:
            return f"half the limit{whole}"
        if entry.value == 2:
            return f"double the limit{whole}"
        if entry.value > 1:
            return f"{entry.value:g} times the limit{whole}"
        return f"{entry.value:g} of the limit{whole}"
    if entry.value_key == "points" and profile.arithmetic == "mcr":
        return f"{entry.value:g} point" + ("s" if entry.value != 1 else "")
    return value_text(entry.value, entry.value_key)


_EXPOSURE_WORDS = {
    "full": "Its pungs and kongs may be exposed at full value.",
    "half": "An exposed pung or kong halves its value.",
    "concealed": "Concealed only: an exposed pung or kong spoils it.",
}


def special_hand_facts(profile: Profile, entry: RuleEntry) -> list[str]:
    """A special hand's fishing value and exposure treatment, and a rule kept unchanged from the
    parent profile, in players' words (nothing for other rules)."""
    facts = []
    fishing = entry.params.get("fishing")
    if fishing and profile.limit:
        facts.append(f"A loser one tile away from it is paid {float(fishing) * profile.limit:g}.")
    exposure = entry.params.get("exposure")
    if exposure in _EXPOSURE_WORDS:
        facts.append(_EXPOSURE_WORDS[exposure])
    if profile.extends and profile.origin.get(entry.id) == "kept":
        facts.append(f"Kept unchanged from {profile.extends}.")
    return facts


def context_words(context: Context) -> str:
    """What is not the default about how an example was won, in a few words ("" for a plain discard win)."""
    parts = []
    if context.self_drawn:
        parts.append("self-drawn")
    if context.robbing_kong:
        parts.append("robbing a kong")
    if context.kong_replacement:
        parts.append("on a kong's replacement tile")
    if context.last_tile:
        parts.append("the last tile of the wall" if context.self_drawn else "the last discard of the hand")
    if context.last_of_kind:
        parts.append("the last copy of the tile")
    if str(context.seat_wind) != "E":
        parts.append(f"seat {context.seat_wind.name.split()[0].capitalize()}")
    if str(context.prevailing_wind) != "E":
        parts.append(f"{context.prevailing_wind.name.split()[0].capitalize()} round")
    if context.bonus_tiles is None and context.flowers:
        parts.append(f"{context.flowers} flower(s)")
    parts.extend(sorted(e.replace("_", " ") for e in context.events))
    return ", ".join(parts)


def _edge_groups(edges: Iterable[Edge], profile: Profile, *, by_target: bool = True) -> list[tuple[str, str]]:
    """Edges grouped by their source: (names, source) pairs in first order."""
    grouped: dict[str, list[str]] = {}
    for edge in edges:
        rid = edge.target if by_target else edge.rule
        grouped.setdefault(edge.source, []).append(profile.rules[rid].name)
    return [(", ".join(dict.fromkeys(names)), source) for source, names in grouped.items()]


def _title(entry: RuleEntry) -> str:
    native = f" {entry.name_zh}" if entry.name_zh else ""
    return f"{entry.name}{native}"


def _example_line(book: Rulebook, example: Example) -> str:
    words = context_words(example.record().context)
    line = example.hand + (f"  ({words})" if words else "")
    return line + (f". {example.note}" if example.note else "") + _outranked(book, example)


def _outranked(book: Rulebook, example: Example) -> str:
    if not example.outranked_by:
        return ""
    return f" (held, but {book.profile.rules[example.outranked_by].name} counts instead)"


def _wrap(text: str, indent: str, hang: str = "  ") -> list[str]:
    return textwrap.wrap(text, _WIDTH, initial_indent=indent, subsequent_indent=indent + hang) or [indent]


def entry_lines(book: Rulebook, rule_id: str) -> list[str]:
    """One rule's entry as lines of text (without its examples scored)."""
    profile = book.profile
    entry = profile.rules[rule_id]
    words = book.entry(rule_id)
    whom = {"winner": ", the winner only", "loser": ", losers only"}.get(entry.applies, "")
    lines = [f"{_title(entry)}  ({rule_id}): {rule_value_text(profile, entry)}{whom}"]
    if words is not None:
        lines += _wrap(" ".join(words.summary.split()), "  ", "")
    else:
        lines.append("  (no player's entry for this rule yet)")
    lines += [f"  {fact}" for fact in special_hand_facts(profile, entry)]
    for names, source in _edge_groups(entry.excludes, profile):
        lines += _wrap(f"Not counted with it: {names} [{source}]", "  ")
    for names, source in _edge_groups(entry.implies, profile):
        lines += _wrap(f"Contains, so not counted again: {names} [{source}]", "  ")
    into = [e for r in profile.rules.values() for e in (*r.excludes, *r.implies) if e.target == rule_id]
    if into:
        names = ", ".join(dict.fromkeys(profile.rules[e.rule].name for e in into))
        lines += _wrap(f"Not counted when one of these counts: {names}", "  ")
    if entry.source:
        lines += _wrap(f"Source: {entry.source}", "  ")
    if words is not None:
        for example in words.examples:
            lines += _wrap(f"Example: {_example_line(book, example)}", "  ")
    return lines


def _head(book: Rulebook) -> list[str]:
    profile = book.profile
    lines = [profile.label, "=" * len(profile.label), f"profile {profile.id}, fingerprint {profile.fingerprint}"]
    if book.introduction:
        lines += ["", *textwrap.wrap(" ".join(book.introduction.split()), _WIDTH)]
    if profile.sources:
        lines += ["", "Sources:"] + [f"  - {s}" for s in profile.sources]
    if profile.limit:
        lines.append(f"Limit: {profile.limit}")
    if profile.minimum:
        lines.append(f"Minimum to win: {profile.minimum}")
    return lines


def _choice_value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def rulebook_text(book: Rulebook) -> str:
    """The whole rulebook: the profile's head, every rule grouped by kind of value, then the notes."""
    lines = _head(book)
    groups: dict[str, list[str]] = {}
    for rid, entry in book.profile.rules.items():
        groups.setdefault(entry.value_key, []).append(rid)
    for key, rule_ids in groups.items():
        title = _TITLES.get(key, key)
        lines += ["", title, "-" * len(title)]
        for rid in rule_ids:
            lines += [*entry_lines(book, rid), ""]
    choices = profile_choices(book.profile)
    if choices:
        lines += ["Choices this profile makes", "-" * 26]
        for key, value, source in choices:
            lines += [f"{key} = {_choice_value(value)}", *_wrap(source, "  "), ""]
    if book.profile.notes:
        lines += ["Procedures and choices (not scored)", "-" * 35]
        for note in book.profile.notes:
            lines += [note.title, *_wrap(note.text, "  "), *_wrap(f"Source: {note.source}", "  "), ""]
    return "\n".join(lines).rstrip() + "\n"


@dataclass(frozen=True)
class ScoredExample:
    """An example hand and what the engine makes of it under the rulebook's profile."""

    example: Example
    result: Result | None
    error: str = ""


def score_example(book: Rulebook, example: Example) -> ScoredExample:
    """Score *example* under the rulebook's profile (an error becomes words, never an exception)."""
    from ..scoring import score

    record = example.record()
    try:
        return ScoredExample(example, score(record.hand, record.context, book.profile))
    except ArbiterError as exc:
        return ScoredExample(example, None, exc.message)


def _scored_lines(scored: ScoredExample) -> list[str]:
    result = scored.result
    if result is None:
        return [f"    the engine does not score it: {scored.error}"]
    counted = ", ".join(
        f"{i.name}{f' x{i.count}' if i.count != 1 else ''} ({value_text(i.value, i.value_key)})" for i in result.items
    )
    lines = _wrap(f"scores {result.total:g} {result.unit}: {counted}", "    ")
    if result.suppressed:
        held = ", ".join(f"{s.name} ({result.suppression_reason(s)})" for s in result.suppressed)
        lines += _wrap(f"held but not counted: {held}", "    ")
    for note in result.notes:
        lines += _wrap(f"note: {note}", "    ")
    return lines


def entry_text(book: Rulebook, rule_id: str) -> str:
    """One rule's entry with each example hand scored by the engine."""
    lines = entry_lines(book, rule_id)
    words = book.entry(rule_id)
    if words is not None:
        lines += ["", "The examples, scored:"]
        for example in words.examples:
            lines += _wrap(_example_line(book, example), "  ")
            lines += _scored_lines(score_example(book, example))
            lines += _reach_line(book, rule_id, example)
    return "\n".join(lines) + "\n"


def _context_flags(context: Context) -> list[str]:
    """The ``targets`` flags that give a thirteen-tile hand the example's context."""
    flags = ["--self-drawn"] if context.self_drawn else []
    if context.seat_wind != Context().seat_wind:
        flags += ["--seat", context.seat_wind.token]
    if context.prevailing_wind != Context().prevailing_wind:
        flags += ["--round", context.prevailing_wind.token]
    if context.bonus_tiles:
        flags += ["--flowers", ",".join(t.token for t in context.bonus_tiles)]
    elif context.flowers:
        flags += ["--flowers", str(context.flowers)]
    flags += [flag for flag, on in (("--last-of-kind", context.last_of_kind), ("--kong", context.kong_related),
                                    ("--last-tile", context.last_tile)) if on]
    for event in sorted(context.events):
        flags += ["--event", event]
    return flags


def _shown_at(book: Rulebook, rule_id: str, thirteen: str, flags: list[str]) -> int | None:
    """The rank (from 1) of the first target of ``targets THIRTEEN FLAGS`` that shows *rule_id*
    (counted, or held and suppressed), or None when no target within two tiles shows it."""
    from ..notation.text_record import record_from_text
    from ..teaching.targets import find_targets

    def flag(name: str) -> str | None:
        return flags[flags.index(name) + 1] if name in flags else None

    record = record_from_text(
        thirteen, thirteen=True, self_drawn="--self-drawn" in flags, seat=flag("--seat"), round=flag("--round"),
        flowers=flag("--flowers"), last_of_kind="--last-of-kind" in flags, kong="--kong" in flags,
        last_tile="--last-tile" in flags, events=[flags[i + 1] for i, f in enumerate(flags) if f == "--event"],
    )
    try:
        report = find_targets(record.hand, record.context, book.profile)
    except ArbiterError:
        return None
    for rank, target in enumerate(report.targets, 1):
        if _shows(rule_id, target.result):
            return rank
    return None


def _shows(rule_id: str, result: Result) -> bool:
    return rule_id in {i.id for i in result.items} | {s.id for s in result.suppressed}


def _only_on_a_discard(book: Rulebook, rule_id: str, record: HandRecord) -> bool:
    """Whether an example won on a discard shows *rule_id* only so: self-drawn, it does not."""
    from dataclasses import replace

    from ..scoring import score

    if record.context.self_drawn:
        return False
    try:
        return not _shows(rule_id, score(record.hand, replace(record.context, self_drawn=True), book.profile))
    except ArbiterError:
        return False


def _reach_line(book: Rulebook, rule_id: str, example: Example) -> list[str]:
    """The ``targets`` command that shows a winning example's rule among the hands within two
    tiles of its thirteen tiles, with the example's context (and ``--top`` when the rule ranks
    below the default); where no such command shows it, the rulebook says so (none for a loser's
    or an incomplete example)."""
    from ..notation import format_hand
    from ..teaching import DEFAULT_TOP

    record = example.record()
    scored = score_example(book, example).result
    if record.hand.winning_tile is None or scored is None or not _shows(rule_id, scored):
        return []  # a loser's or incomplete example, or one that does not show its rule (its note says why)
    thirteen = format_hand(record.hand.without_winning_tile())
    flags = _context_flags(record.context)
    rank = _shown_at(book, rule_id, thirteen, flags)
    name = book.profile.rules[rule_id].name
    if rank is None:
        how = (" (targets scores each hand self-drawn or on a discard, whichever is worth more, and this one was "
               "won on a discard)" if _only_on_a_discard(book, rule_id, record) else "")
        return _wrap(f"reach it: no targets command shows {name} from these thirteen tiles{how}", "    ")
    if rank > DEFAULT_TOP:
        flags += ["--top", str(rank)]
    command = " ".join([f"targets '{thirteen}'", "--profile", book.profile.id, *flags])
    return [f"    reach it: mahjong-arbiter {command}"]  # one line, to copy whole


# --- HTML ---------------------------------------------------------------------------------------------------
def _entry_html(book: Rulebook, rule_id: str) -> str:
    from .html import hand_tiles_html

    profile = book.profile
    entry = profile.rules[rule_id]
    words = book.entry(rule_id)
    whom = {"winner": " (the winner only)", "loser": " (losers only)"}.get(entry.applies, "")
    parts = [f'<h3 id="{escape(rule_id)}">{escape(_title(entry))} <span class="value">'
             f"{escape(rule_value_text(profile, entry))}{escape(whom)}</span></h3>"]
    if words is not None:
        parts.append(f"<p>{escape(words.summary)}</p>")
    parts += [f"<p>{escape(fact)}</p>" for fact in special_hand_facts(profile, entry)]
    facts = [f"<li>Not counted with it: {escape(n)} <span class=\"source\">[{escape(s)}]</span></li>"
             for n, s in _edge_groups(entry.excludes, profile)]
    facts += [f"<li>Contains, so not counted again: {escape(n)} <span class=\"source\">[{escape(s)}]</span></li>"
              for n, s in _edge_groups(entry.implies, profile)]
    if entry.source:
        facts.append(f'<li class="source">Source: {escape(entry.source)}</li>')
    parts.append(f"<ul>{''.join(facts)}</ul>")
    for example in words.examples if words is not None else ():
        scored = score_example(book, example)
        record = example.record()
        words_ = context_words(record.context)
        caption = escape(example.hand) + (f" ({escape(words_)})" if words_ else "")
        if example.note:
            caption += f". {escape(example.note)}"
        caption += escape(_outranked(book, example))
        total = (f"scores {scored.result.total:g} {escape(scored.result.unit)}" if scored.result is not None
                 else f"not scored: {escape(scored.error)}")
        parts.append(f'<div class="example">{hand_tiles_html(record.hand, record.context)}'
                     f'<p class="caption">{caption}: {total}</p></div>')
    return '<section class="entry">' + "\n".join(parts) + "</section>"


def rulebook_page(book: Rulebook) -> str:
    """The whole rulebook as one printable, self-contained HTML page, example hands drawn as tiles."""
    from .html import page

    return page(f"Rulebook: {book.profile.label}", rulebook_sections(book))


def rulebook_sections(book: Rulebook) -> list[str]:
    """The rulebook's sections (HTML): the profile's facts, one section per kind of value with each
    rule's entry, the procedures.  :func:`rulebook_page` puts them in a page; the web app in its own."""
    profile = book.profile
    head = [f"<p>profile {escape(profile.id)}, fingerprint {escape(profile.fingerprint)}</p>"]
    if book.introduction:
        head.append(f"<p>{escape(' '.join(book.introduction.split()))}</p>")
    facts = []
    if profile.limit:
        facts.append(f"<li>Limit: {profile.limit}</li>")
    if profile.minimum:
        facts.append(f"<li>Minimum to win: {profile.minimum}</li>")
    facts += [f'<li class="source">Source: {escape(s)}</li>' for s in profile.sources]
    head.append(f"<ul>{''.join(facts)}</ul>")
    sections = ["<section>" + "\n".join(head) + "</section>"]
    groups: dict[str, list[str]] = {}
    for rid, entry in profile.rules.items():
        groups.setdefault(entry.value_key, []).append(rid)
    for key, rule_ids in groups.items():
        body = "\n".join(_entry_html(book, rid) for rid in rule_ids)
        sections.append(f"<section><h2>{escape(_TITLES.get(key, key))}</h2>\n{body}</section>")
    choices = profile_choices(profile)
    if choices:
        items = "".join(f"<li><b>{escape(key)} = {escape(_choice_value(value))}</b>: {escape(source)}</li>"
                        for key, value, source in choices)
        sections.append(f"<section><h2>Choices this profile makes</h2><ul>{items}</ul></section>")
    if profile.notes:
        notes = "".join(f"<li><b>{escape(n.title)}</b>: {escape(n.text)} "
                        f'<span class="source">[{escape(n.source)}]</span></li>' for n in profile.notes)
        sections.append(f"<section><h2>Procedures and choices (not scored)</h2><ul>{notes}</ul></section>")
    return sections


def entry_page(book: Rulebook, rule_id: str) -> str:
    """One rule's entry as a page."""
    from .html import page

    return page(f"{book.profile.rules[rule_id].name} ({book.profile.id})", [_entry_html(book, rule_id)])

