"""Steps every arithmetic shares: the Readings a profile allows and the rule hits on each.

Rules are recognised here and nowhere else, so every arithmetic sees the same hits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Final

from ..hand import Context, Hand
from ..profiles.model import Profile
from ..rules.registry import (
    FACTS_AT,
    FEATURE_PARTS,
    ONCE,
    SCREEN_DERIVED,
    SCREEN_MASKS,
    Hits,
    Plan,
    Situation,
    get_rule,
    plan,
    reading_features,
    reading_structure,
)
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
    # (given in order: a call with keywords packs and unpacks them, a third of the cost)
    return Situation(hand, context, profile.policies, winner, finders[0], finders[1])


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
    if rule_ids is None:
        # (the profile's recogniser read as recogniser() keeps it, without that function's call)
        recognise = profile.__dict__.get(_RECOGNISER_KEY) or recogniser(profile)
        return recognise(reading, situation, reading_structure(reading), situation.facts)
    features = reading_features(reading) | situation.features
    found: dict[str, Hits] = {}
    for bits, rid, predicate in plan(rule_ids):
        if features & bits == bits:
            hits = predicate(reading, situation)
            if hits.instances:
                found[rid] = hits
    return found


Recogniser = Callable[[Reading, Situation, int, int], dict[str, Hits]]
"""``recognise(reading, situation, structure, facts) -> hits``: a profile's rules asked of one
Reading, given its :func:`~mahjong_arbiter.rules.registry.reading_structure` and the situation's
:attr:`~mahjong_arbiter.rules.registry.Situation.facts`."""

_RECOGNISER_KEY: Final = "_recogniser"


def recogniser(profile: Profile) -> Recogniser:
    """The profile's rules as one function (:func:`compile_plan` of
    :attr:`Profile.recognisers <mahjong_arbiter.profiles.model.Profile.recognisers>`), built on
    first use and kept with the profile."""
    found: Recogniser | None = profile.__dict__.get(_RECOGNISER_KEY)
    if found is None:
        needs = {rid: get_rule(rid).needs for rid in profile.rules}
        screens = {rid: n.test for rid, n in needs.items()}
        exact = frozenset(rid for rid, n in needs.items() if n.exact)
        found = profile.__dict__[_RECOGNISER_KEY] = compile_plan(profile.recognisers, screens, exact)
    return found


def compile_plan(
    groups: Plan, screens: Mapping[str, str] | None = None, exact: frozenset[str] = frozenset()
) -> Recogniser:
    """A plan's tests and calls written out as the source of one Python function, executed once.

    The function finds what a loop over *groups* would (each rule whose bits the features hold
    and whose screen passes has its predicate called, and its hits are kept when it has
    instances), with the bits as constants and each predicate as a name: no tuple is unpacked
    and no loop runs per Reading.  It tests each part of the feature word
    (:data:`~mahjong_arbiter.rules.registry.FEATURE_PARTS`) as an integer of its own, so the
    feature word is never built.  The tests are nested (:func:`_nested`): the bit most rules
    need is tested once for all of them, with every bit those rules share, so one failed test
    skips them all.  A rule's screen (*screens*, from :attr:`Needs.test
    <mahjong_arbiter.rules.registry.Needs.test>`: an expression over ``facts``, the Reading's
    masks ``chows``, ``pungs`` and ``kinds`` and the names worked out from them,
    :data:`~mahjong_arbiter.rules.registry.SCREEN_DERIVED`) is tested as written, after its bits
    and before its predicate; the masks and names the tests read are worked out once per Reading.
    A rule of *exact* (:attr:`Needs.exact <mahjong_arbiter.rules.registry.Needs.exact>`: its
    bits and screen are its whole test) is kept as :data:`~mahjong_arbiter.rules.registry.ONCE`
    where its predicate would be called.
    The predicates stay the only statement of each rule; this is the order and the gates, written
    out.  The hits come in the order of the nested tests, not of the plan (the arithmetics order
    them by the profile's graph).

    >>> from types import SimpleNamespace
    >>> from mahjong_arbiter.rules.registry import NONE, STRUCTURE_AT, Hits
    >>> a, b, c = (1 << STRUCTURE_AT + i for i in range(3))
    >>> evaluate = compile_plan(((a, ((a | b, "r.a", lambda r, s: Hits.once()),
    ...                               (a | c, "r.b", lambda r, s: NONE),
    ...                               (a | 0b10, "r.c", lambda r, s: Hits.once()))),), {"r.c": "chows & 8"})
    >>> reading = SimpleNamespace(chow_mask=0b1000, pung_mask=0, mask=0b1)  # holds kind 0, not kind 1
    >>> sorted(evaluate(reading, None, 0b111, 0)), sorted(evaluate(reading, None, 0b001, 0))
    (['r.a', 'r.c'], ['r.c'])
    >>> list(evaluate(SimpleNamespace(chow_mask=0, pung_mask=0, mask=0b10), None, 0b011, 0))
    ['r.a']
    >>> compile_plan(((a, ((a, "r.d", None),)),), exact=frozenset({"r.d"}))(reading, None, 0b001, 0)
    {'r.d': Hits(instances=((),))}
    """
    namespace: dict[str, object] = {"ONCE": ONCE}
    screens = screens or {}
    rules: list[_Unit] = []
    for head, members in groups:
        for bits, rid, predicate in members:
            if rid in exact:
                name = ""
            else:
                name = f"rule_{len(rules)}"
                namespace[name] = predicate
            rules.append((bits | head, rid, name, screens.get(rid, "")))
    read = {name for *_, screen in rules if screen for name in compile(screen, "<screen>", "eval").co_names}
    read.update(name for name, at, width in _READING_PARTS if any(bits >> at & (1 << width) - 1 for bits, *_ in rules))
    for name, expression in reversed(SCREEN_DERIVED.items()):  # each name reads only names before it
        if name in read:
            read.update(compile(expression, "<screen>", "eval").co_names)
    derived = [(name, expression) for name, expression in SCREEN_DERIVED.items() if name in read]
    lines = [
        "def recognise(reading, situation, structure, facts):",
        "    found = {}",
        *(f"    {name} = reading.{attribute}" for name, attribute in SCREEN_MASKS.items() if name in read),
        *(f"    {name} = {expression}" for name, expression in derived),
        *_nested(rules, "    "),
        "    return found",
    ]
    exec(compile("\n".join(lines) + "\n", "<profile rules>", "exec"), namespace)  # noqa: S102
    recognise: Recogniser = namespace["recognise"]  # type: ignore[assignment]
    return recognise


_Unit = tuple[int, str, str, str]
"""A rule in :func:`compile_plan`: the bits still to test, its id, its predicate's name ("" for an
exact rule, which calls none), its screen."""


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


_READING_PARTS: Final = tuple((name, at, width) for name, at, width in FEATURE_PARTS if at < FACTS_AT)
"""The feature word's parts of the kinds absent from the Reading, each tested as none of the
kinds of the :data:`~mahjong_arbiter.rules.registry.SCREEN_DERIVED` name of the part held."""


def _test(bits: int) -> str:
    """The test that the features hold every one of *bits*, part by part
    (:data:`~mahjong_arbiter.rules.registry.FEATURE_PARTS`; ``suited`` and ``honours`` hold the
    kinds present, so the bits of absent kinds are tested as none of them held).

    >>> from mahjong_arbiter.rules.registry import FACTS_AT, STRUCTURE_AT
    >>> _test(0b101 | 1 << FACTS_AT | 0b11 << STRUCTURE_AT)
    'not suited & 5 and facts & 1 and structure & 3 == 3'
    >>> _test(1 << 26 | 1 << 27)
    'not suited & 67108864 and not honours & 1'
    """
    tests = []
    for name, at, width in FEATURE_PARTS:
        part = bits >> at
        if width:
            part &= (1 << width) - 1
        if not part:
            continue
        if at < FACTS_AT:
            tests.append(f"not {name} & {part}")
        else:
            tests.append(f"{name} & {part}" if part & (part - 1) == 0 else f"{name} & {part} == {part}")
    return " and ".join(tests)


def _call(rid: str, name: str, screen: str, indent: str) -> list[str]:
    """A rule's screen, its predicate's call and the keeping of its hits (an exact rule's
    :data:`~mahjong_arbiter.rules.registry.ONCE`, without the call, when *name* is "")."""
    lines = []
    if screen:
        lines.append(f"{indent}if {screen}:")
        indent += "    "
    if not name:
        return [*lines, f"{indent}found[{rid!r}] = ONCE"]
    return [
        *lines,
        f"{indent}hits = {name}(reading, situation)",
        f"{indent}if hits.instances:",
        f"{indent}    found[{rid!r}] = hits",
    ]
