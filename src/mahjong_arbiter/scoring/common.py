"""Steps every arithmetic shares: the Readings a profile allows and the rule hits on each.

Rules are recognised here and nowhere else, so every arithmetic sees the same hits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Final

from ..hand import Context, Hand
from ..profiles.model import Profile
from ..rules.registry import SCREEN_MASKS, Hits, Plan, Situation, get_rule, plan, reading_features
from ..solver.api import readings, sole_wait_before, winning_kinds_before
from ..solver.reading import Reading
from ..solver.shapes import ShapeOptions
from ..tiles import Tile

__all__ = ["shape_options", "profile_readings", "make_situation", "rule_hits"]


@lru_cache(maxsize=128)
def shape_options(profile: Profile) -> ShapeOptions:
    """The solver's ShapeOptions for the shapes the profile lets win (``[shapes]`` table)."""
    shapes = profile.shapes
    return ShapeOptions(
        standard=bool(shapes.get("standard", True)),
        special=frozenset(shapes.get("special", ())),
        seven_pairs_four_of_a_kind=bool(shapes.get("seven_pairs_four_of_a_kind", False)),
    )


def profile_readings(hand: Hand, context: Context, profile: Profile, *, backend: str = "fast") -> list[Reading]:
    """Every Reading of *hand* under the shapes *profile* allows."""
    return readings(hand, self_drawn=context.self_drawn, backend=backend, shapes=shape_options(profile))


def make_situation(hand: Hand, context: Context, profile: Profile, *, winner: bool = True) -> Situation:
    """The Situation the rules see, with the waits read lazily from the thirteen tiles."""
    finders = profile.__dict__.get(_FINDER_KEY)
    if finders is None:
        finders = profile.__dict__[_FINDER_KEY] = _wait_finders(shape_options(profile))
    return Situation(hand, context, policies=profile.policies, winner=winner, wait_finder=finders[0],
                     sole_wait_finder=finders[1])


_FINDER_KEY: Final = "_wait_finders"


def _wait_finders(
    options: ShapeOptions,
) -> tuple[Callable[[Hand], tuple[tuple[Tile, ...], tuple[Tile, ...]]], Callable[[Hand, bool], bool]]:
    """The waits of a complete hand's thirteen tiles under *options*, and whether there was one
    only (made once per profile)."""

    def finder(complete: Hand) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        return winning_kinds_before(complete, shapes=options)

    def sole(complete: Hand, held_out_counts: bool) -> bool:
        return sole_wait_before(complete, held_out_counts=held_out_counts, shapes=options)

    return finder, sole


def rule_hits(
    reading: Reading, situation: Situation, profile: Profile, rule_ids: Iterable[str] | None = None
) -> dict[str, Hits]:
    """The hits of each of the profile's rules that holds on *reading*.

    The profile's rules are asked only of the hands they apply to (``applies``: the winner's, a
    loser's, or all).  With *rule_ids*, exactly those rules are asked, whatever they apply to.  A
    rule's predicate is called only when its prerequisite holds
    (:class:`~mahjong_arbiter.rules.registry.Needs`): one integer test per group of rules with
    the same needs, one per rule of a group that passes, then the few predicates that could hold.
    The hits of the profile's rules come in the order of those groups (the arithmetics order
    them by the profile's graph); with *rule_ids*, in the order given.
    """
    features = reading_features(reading) | situation.features
    if rule_ids is None:
        return recogniser(profile)(reading, situation, features)
    found: dict[str, Hits] = {}
    for bits, rid, predicate in plan(rule_ids):
        if features & bits == bits:
            hits = predicate(reading, situation)
            if hits.instances:
                found[rid] = hits
    return found


Recogniser = Callable[[Reading, Situation, int], dict[str, Hits]]
"""``recognise(reading, situation, features) -> hits``: a profile's rules asked of one Reading."""

_RECOGNISER_KEY: Final = "_recogniser"


def recogniser(profile: Profile) -> Recogniser:
    """The profile's rules as one function (:func:`compile_plan` of
    :attr:`Profile.recognisers <mahjong_arbiter.profiles.model.Profile.recognisers>`), built on
    first use and kept with the profile."""
    found: Recogniser | None = profile.__dict__.get(_RECOGNISER_KEY)
    if found is None:
        screens = {rid: get_rule(rid).needs.test for rid in profile.rules}
        found = profile.__dict__[_RECOGNISER_KEY] = compile_plan(profile.recognisers, screens)
    return found


def compile_plan(groups: Plan, screens: Mapping[str, str] | None = None) -> Recogniser:
    """A plan's tests and calls written out as the source of one Python function, executed once.

    The function finds what a loop over *groups* would (each rule whose bits the features hold
    and whose screen passes has its predicate called, and its hits are kept when it has
    instances), with the bits as constants and each predicate as a name: no tuple is unpacked
    and no loop runs per Reading.  The tests are nested (:func:`_nested`): the bit most rules
    need is tested once for all of them, with every bit those rules share, so one failed test
    skips them all.  A rule's screen (*screens*, from :attr:`Needs.test
    <mahjong_arbiter.rules.registry.Needs.test>`: an expression over ``features`` and the Reading's
    masks ``chows``, ``pungs`` and ``kinds``) is tested as written, after its bits and before its
    predicate; the masks the screens read are read once per Reading.  The predicates stay the
    only statement of each rule; this is the order and the gates, written out.  The hits come in
    the order of the nested tests, not of the plan (the arithmetics order them by the profile's
    graph).

    >>> from types import SimpleNamespace
    >>> from mahjong_arbiter.rules.registry import NONE, Hits
    >>> evaluate = compile_plan(((0b1, ((0b11, "r.a", lambda r, s: Hits.once()),
    ...                                 (0b101, "r.b", lambda r, s: NONE),
    ...                                 (0b1, "r.c", lambda r, s: Hits.once()))),), {"r.c": "chows & 8"})
    >>> reading = SimpleNamespace(chow_mask=0b1000, pung_mask=0, mask=0)
    >>> sorted(evaluate(reading, None, 0b111)), sorted(evaluate(reading, None, 0b001))
    (['r.a', 'r.c'], ['r.c'])
    >>> list(evaluate(SimpleNamespace(chow_mask=0, pung_mask=0, mask=0), None, 0b011))
    ['r.a']
    """
    namespace: dict[str, object] = {}
    screens = screens or {}
    rules: list[_Unit] = []
    for head, members in groups:
        for bits, rid, predicate in members:
            name = f"rule_{len(rules)}"
            namespace[name] = predicate
            rules.append((bits | head, rid, name, screens.get(rid, "")))
    read = {name for *_, screen in rules if screen for name in compile(screen, "<screen>", "eval").co_names}
    body = _nested(rules, "    ")
    words = sorted({int(word) for line in body for word in re.findall(r"\bfeatures_(\d+)\b", line)})
    lines = [
        "def recognise(reading, situation, features):",
        "    found = {}",
        *(f"    features_{i} = features >> {i * _WORD} & {_WORD_MASK}" for i in words),
        *(f"    {name} = reading.{attribute}" for name, attribute in SCREEN_MASKS.items() if name in read),
        *body,
        "    return found",
    ]
    exec(compile("\n".join(lines) + "\n", "<profile rules>", "exec"), namespace)  # noqa: S102
    recognise: Recogniser = namespace["recognise"]  # type: ignore[assignment]
    return recognise


_Unit = tuple[int, str, str, str]
"""A rule in :func:`compile_plan`: the bits still to test, its id, its predicate's name, its screen."""


def _nested(rules: list[_Unit], indent: str) -> list[str]:
    """The lines that test and call *rules*: first the rules with no bit left to test (each
    behind its screen), then, while two rules or more need one bit, ``if`` the bits shared by
    all the rules needing the bit most of them need, with those rules nested inside (their
    shared bits removed); then each rule left behind its own bits."""
    lines: list[str] = []
    left = []
    for bits, rid, name, screen in rules:
        if bits:
            left.append((bits, rid, name, screen))
        else:
            lines += _call(rid, name, screen, indent)
    while left:
        counts: dict[int, int] = {}
        for bits, *_ in left:
            while bits:
                bit = bits & -bits
                bits ^= bit
                counts[bit] = counts.get(bit, 0) + 1
        bit = max(counts, key=counts.__getitem__)
        if counts[bit] < 2:
            for bits, rid, name, screen in left:
                lines.append(f"{indent}if {_test(bits)}:")
                lines += _call(rid, name, screen, indent + "    ")
            break
        inside = [unit for unit in left if unit[0] & bit]
        left = [unit for unit in left if not unit[0] & bit]
        common = -1
        for bits, *_ in inside:
            common &= bits
        lines.append(f"{indent}if {_test(common)}:")
        lines += _nested([(bits & ~common, rid, name, screen) for bits, rid, name, screen in inside], indent + "    ")
    return lines


_WORD: Final = 30
"""Bits per word of the features as the compiled rules test them: CPython's one-digit integers,
whose ``&`` and ``==`` take a fast path that the feature word's ninety bits would miss."""
_WORD_MASK: Final = (1 << _WORD) - 1


def _test(bits: int) -> str:
    """The test that the features hold every one of *bits*, word by word (``features_0`` holds
    bits 0 to 29, ``features_1`` the next thirty, ...).

    >>> _test(1 << 31 | 1 << 32 | 1)
    'features_0 & 1 and features_1 & 6 == 6'
    """
    tests = []
    i = 0
    while bits:
        word = bits & _WORD_MASK
        if word:
            tests.append(f"features_{i} & {word}" if word & (word - 1) == 0 else f"features_{i} & {word} == {word}")
        bits >>= _WORD
        i += 1
    return " and ".join(tests)


def _call(rid: str, name: str, screen: str, indent: str) -> list[str]:
    """A rule's screen, its predicate's call and the keeping of its hits."""
    lines = []
    if screen:
        lines.append(f"{indent}if {screen}:")
        indent += "    "
    return [
        *lines,
        f"{indent}hits = {name}(reading, situation)",
        f"{indent}if hits.instances:",
        f"{indent}    found[{rid!r}] = hits",
    ]
