"""The players' rulebook of a profile: for every rule, plain words and example hands, as data.

A profile file says what a rule is worth, what it excludes and where that comes from; its
rulebook file says what the rule *is*, in one or two sentences for players, and gives example
hands that score it.  The rulebook file of the profile at ``DIR/NAME.toml`` is
``DIR/rulebook/NAME.toml`` (so the built-in ones live in ``profiles/data/rulebook/``, and a
house-rules file may have one beside it)::

    introduction = "How this profile scores, in a few sentences."   # optional

    [rules."mcr.pure-straight"]
    summary = "1-2-3, 4-5-6 and 7-8-9 of one suit."
    examples = [
      { hand = "123456789m123p55s" },
      { hand = "[123m,1]456789m789p55s", self_drawn = true, note = "...",
        suppresses = ["mcr.short-straight"] },
    ]

``summary`` and at least one example are required.  An example is a hand string (the last tile
written wins, bonus tiles in braces) with, where the rule needs them, the context fields of the
JSON hand format (``self_drawn``, ``seat_wind``, ``events``, ...); ``note`` says what it shows, and
``suppresses`` names rules that hold on the hand but that this rule excludes or implies in the
profile.  A rule that can never count because another always outranks it (a double whose hand is
always also a limit hand) shows that with ``outranked_by``: the example holds the rule, and the
named rule suppresses it.  The value, the source and the edges of a rule are not repeated here: they are read
from the profile.

A profile that extends another inherits its parent's entries (for the rules it keeps); an entry
of its own replaces the parent's summary when it gives one and adds its examples after the
parent's (an example of the same hand and context replaces the parent's).  Loading checks every
field: an unknown rule id (not a rule of the profile), an
unknown or missing field, an example hand that does not parse, or developer markup in player
text (double backticks, ``:func:``-style roles) raises :class:`~mahjong_arbiter.errors.ProfileError`
naming the file, the rule and the field.  Which rules still lack an entry is
:meth:`Rulebook.missing` (the built-in profiles have none missing; a test holds them to it).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..errors import ArbiterError, ProfileError
from .model import Profile

if TYPE_CHECKING:
    from ..notation.json_hand import HandRecord

__all__ = ["Example", "RulebookEntry", "Rulebook", "rulebook_for", "rulebook_path", "CONTEXT_FIELDS", "markup_in"]

_ENTRY_KEYS: Final = frozenset({"summary", "examples"})
_TOP_KEYS: Final = frozenset({"introduction", "rules"})
_EXAMPLE_KEYS: Final = frozenset({"hand", "note", "suppresses", "outranked_by"})

_MARKUP: Final = re.compile(r"``|:(?:func|class|meth|mod|attr|data|exc|obj|ref|doc|term):`|\.\. \w+::")


def markup_in(text: str) -> str | None:
    """The first piece of developer markup in *text* (reStructuredText roles, double backticks), or None.

    >>> markup_in("see :func:`score`"), markup_in("1-2-3 of one suit"), markup_in("a ``code`` span")
    (':func:`', None, '``')
    """
    match = _MARKUP.search(text)
    return match.group(0) if match else None


def _context_fields() -> frozenset[str]:
    from ..notation.json_hand import FIELDS

    return frozenset(FIELDS) - {"id", "concealed", "melds", "winning_tile"}


CONTEXT_FIELDS: Final = _context_fields()
"""The context fields an example may give: those of the JSON hand format but the tiles."""


@dataclass(frozen=True, slots=True)
class Example:
    """An example hand of a rulebook entry.

    Attributes
    ----------
    hand : str
        The hand string as written in the rulebook (winning tile last, bonus tiles in braces).
    context : mapping
        JSON hand context fields (``self_drawn``, ``seat_wind``, ``events``, ...).
    note : str
        What the example shows, in words for players ("" when it needs no comment).
    suppresses : tuple of str
        Rule ids that hold on this hand but that the entry's rule excludes or implies.
    origin : str
        The id of the profile whose rulebook file gives the example (a child inherits its
        parent's examples, and may have dropped an edge one of them shows).
    outranked_by : str
        For a rule another always outranks: the rule that suppresses it on this hand ("" else).
    """

    hand: str
    context: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""
    suppresses: tuple[str, ...] = ()
    origin: str = ""
    outranked_by: str = ""

    def record(self) -> HandRecord:
        """The example as a :class:`~mahjong_arbiter.notation.json_hand.HandRecord` (hand + context)."""
        from ..notation import parse_hand
        from ..notation.json_hand import meld_to_json, record_from_json

        parsed = parse_hand(self.hand)
        obj: dict[str, Any] = {
            "concealed": [str(t) for t in parsed.hand.concealed],
            "melds": [meld_to_json(m) for m in parsed.hand.melds],
            "winning_tile": None if parsed.hand.winning_tile is None else str(parsed.hand.winning_tile),
        }
        if parsed.bonus_tiles:
            obj["flowers"] = [str(t) for t in parsed.bonus_tiles]
        obj.update(self.context)
        return record_from_json(obj)


@dataclass(frozen=True, slots=True)
class RulebookEntry:
    """The players' entry of one rule: what it is, in words, and the example hands."""

    id: str
    summary: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class Rulebook:
    """A profile's rulebook: its introduction and an entry per rule (inherited along ``extends``)."""

    profile: Profile
    introduction: str
    entries: Mapping[str, RulebookEntry]

    def entry(self, rule_id: str) -> RulebookEntry | None:
        return self.entries.get(rule_id)

    def missing(self) -> list[str]:
        """The profile's rules that have no entry, in profile order."""
        return [rid for rid in self.profile.rules if rid not in self.entries]

    def summary(self, rule_id: str) -> str:
        """The entry's summary, or "" for a rule without an entry."""
        entry = self.entries.get(rule_id)
        return entry.summary if entry is not None else ""


def rulebook_path(profile: Profile) -> Path:
    """Where the rulebook file of *profile* lives (it may not exist)."""
    path = Path(profile.path)
    return path.parent / "rulebook" / path.name


def rulebook_for(profile: Profile) -> Rulebook:
    """The rulebook of *profile*: its own entries over its parents', for the rules it keeps.

    Raises
    ------
    ProfileError
        For any invalid field of a rulebook file on the chain (the file, rule and field named).
    """
    from .loader import parent_profile

    chain = []
    current: Profile | None = profile
    while current is not None:
        chain.append(current)
        current = parent_profile(current)
    introduction = ""
    summaries: dict[str, str] = {}
    examples: dict[str, list[Example]] = {}
    for member in reversed(chain):
        path = rulebook_path(member)
        if not path.is_file():
            continue
        intro, raw = _read(path, path.stat().st_mtime_ns, member)
        introduction = intro or introduction
        for rid, (summary, found) in raw.items():
            if summary:
                summaries[rid] = summary
            listed = examples.setdefault(rid, [])
            for example in found:  # the same hand again (with more shown) replaces the inherited one
                key = (example.hand, dict(example.context))
                same = [i for i, e in enumerate(listed) if (e.hand, dict(e.context)) == key]
                if same:
                    listed[same[0]] = example
                else:
                    listed.append(example)
    entries = {
        rid: RulebookEntry(rid, summaries[rid], tuple(examples.get(rid, ())))
        for rid in profile.rules
        if rid in summaries
    }
    return Rulebook(profile, introduction, entries)


@lru_cache(maxsize=64)
def _read(path: Path, stamp: int, profile: Profile) -> tuple[str, dict[str, tuple[str, tuple[Example, ...]]]]:
    """Read and check one rulebook file against the profile it documents (cached while unchanged)."""
    where = str(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{where}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{where}: not valid TOML: {exc}") from None
    unknown = sorted(set(raw) - _TOP_KEYS)
    if unknown:
        raise ProfileError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(sorted(_TOP_KEYS))})")
    intro = raw.get("introduction", "")
    if not isinstance(intro, str):
        raise ProfileError(f"{where}: field 'introduction' must be text")
    _check_prose(intro, where, "introduction")
    rules = raw.get("rules", {})
    if not isinstance(rules, Mapping):
        raise ProfileError(f"{where}: field 'rules' must be a table of entries")
    out: dict[str, tuple[str, tuple[Example, ...]]] = {}
    for rid, body in rules.items():
        if rid not in profile.rules:
            raise ProfileError(
                f"{where}: rule {rid!r}: not a rule of profile {profile.id} (an entry documents a rule the "
                "profile keeps)",
                code="unknown_rule",
            )
        out[rid] = _entry(rid, body, where, profile, inherited=profile.extends is not None)
    return intro, out


def _entry(
    rid: str, body: Any, where: str, profile: Profile, *, inherited: bool
) -> tuple[str, tuple[Example, ...]]:
    if not isinstance(body, Mapping):
        raise ProfileError(f"{where}: rule {rid!r} must be a table")
    unknown = sorted(set(body) - _ENTRY_KEYS)
    if unknown:
        known = ", ".join(sorted(_ENTRY_KEYS))
        raise ProfileError(f"{where}: rule {rid!r}: unknown field {unknown[0]!r} (known: {known})")
    # a child profile may add examples to an inherited entry without restating its summary
    required = ("examples",) if inherited and profile.origin.get(rid) != "added" else ("summary", "examples")
    for key in required:
        if key not in body:
            raise ProfileError(f"{where}: rule {rid!r}: field {key!r} is required")
    summary = body.get("summary", "")
    if not isinstance(summary, str) or ("summary" in body and not summary.strip()):
        raise ProfileError(f"{where}: rule {rid!r}: field 'summary' must be non-empty text")
    _check_prose(summary, where, f"rule {rid!r}: field 'summary'")
    raw_examples = body["examples"]
    if not isinstance(raw_examples, list) or not raw_examples:
        raise ProfileError(f"{where}: rule {rid!r}: field 'examples' must be a non-empty list of example hands")
    return summary, tuple(_example(rid, i, item, where, profile) for i, item in enumerate(raw_examples))


def _example(rid: str, i: int, item: Any, where: str, profile: Profile) -> Example:
    at = f"{where}: rule {rid!r}: examples[{i}]"
    if not isinstance(item, Mapping):
        raise ProfileError(f"{at} must be a table with a hand")
    unknown = sorted(set(item) - _EXAMPLE_KEYS - CONTEXT_FIELDS)
    if unknown:
        known = ", ".join(sorted(_EXAMPLE_KEYS | CONTEXT_FIELDS))
        raise ProfileError(f"{at}: unknown field {unknown[0]!r} (known: {known})")
    hand = item.get("hand")
    if not isinstance(hand, str) or not hand:
        raise ProfileError(f"{at}: field 'hand' is required (a hand string)")
    note = item.get("note", "")
    if not isinstance(note, str):
        raise ProfileError(f"{at}: field 'note' must be text")
    _check_prose(note, at, "field 'note'")
    suppresses = item.get("suppresses", [])
    if not isinstance(suppresses, list) or not all(isinstance(s, str) for s in suppresses):
        raise ProfileError(f"{at}: field 'suppresses' must be a list of rule ids")
    for target in suppresses:
        if target not in profile.rules:
            raise ProfileError(f"{at}: field 'suppresses': {target!r} is not a rule of profile {profile.id}")
    outranked_by = item.get("outranked_by", "")
    if not isinstance(outranked_by, str) or (outranked_by and outranked_by not in profile.rules):
        raise ProfileError(f"{at}: field 'outranked_by': {outranked_by!r} is not a rule of profile {profile.id}")
    context = {k: item[k] for k in item if k in CONTEXT_FIELDS}
    example = Example(hand, context, note, tuple(suppresses), profile.id, outranked_by)
    try:
        record = example.record()
    except ArbiterError as exc:
        raise ProfileError(f"{at}: the hand does not read: {exc.message}") from None
    if not record.hand.is_complete:
        raise ProfileError(f"{at}: an example is a winning hand: 14 tiles (a kong counting 3), the winning tile last")
    return example


def _check_prose(text: str, where: str, what: str) -> None:
    found = markup_in(text)
    if found:
        raise ProfileError(f"{where}: {what}: developer markup {found!r} in text for players")
