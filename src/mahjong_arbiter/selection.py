"""Selection: which of a Reading's rule hits count, under the Green Book's five principles.

The profile's implies/excludes edges form a directed acyclic graph, kept as plain data on the
profile (:attr:`Profile.graph <mahjong_arbiter.profiles.model.Profile.graph>`, checked and built
once when the profile loads).  Given the hits of one Reading, :func:`select` keeps or suppresses every instance and
records, for each suppressed one, what suppressed it (the kept rule, the relation, the source).

Pipeline (Green Book 2006 §3.9.1.5, the five principles, with the examples of the MIL reading's score_principles.xml):

1. **Primary fan first.**  Rules are decided in a topological order of the edge graph that
   prefers the higher value, then the rulebook's order (the profile's file order), so that a
   rule is decided only after every rule that could suppress it.
2. **Non-repeat** (``implies`` edges) and **exclusion** (``excludes`` edges).  An edge from a
   kept instance *S* suppresses the target's instances *T* whose groups are a sub-multiset of
   *S*'s; an instance with no groups stands for the whole hand (it suppresses, and is suppressed
   by, every instance).  So Little Four Winds removes the Pung of Terminals or Honours of its own
   wind pungs and leaves a fourth terminal pung alone (H principle 1a).  Edges fire from kept
   rules only: a suppressed rule suppresses nothing.
3. **Non-identical, non-separation, account-once** among the *combining* instances (rules with
   ``params.combining``), by the method the profile names in ``[policies] account_once``
   (:data:`ACCOUNT_ONCE_POLICIES`):

   - ``"exhaustive"`` (the Green Book read literally): a combining instance is kept only while at
     least one of its sets is not yet in a kept combination, instances of one rule use disjoint
     sets; among every subset meeting that, the one with the highest total (ties: the earlier
     instances in primary order) is chosen by exhaustive branch-and-bound search.
   - ``"mil-count-limits"`` (the Mahjong International League reading, as the Chinese Official
     Mahjong Helper computes it): at most one combination of three or more sets; the sets
     outside it join at most one two-set combination each; otherwise two-set combinations are
     capped at the size of a spanning forest of the sets they join, cut from the lowest-priority
     rule first, first down to one instance per rule, then to none.

4. **Only when alone.**  A rule with ``params.only_when_alone`` (Chicken Hand) counts only when
   nothing else does, bonus rules apart.
5. Rules with ``params.bonus`` (Flower Tiles) count outside the minimum: :attr:`Selection.bonus`.

The classical and faan arithmetics apply the exclusion and non-repeat principles to whole rules
(their rules name no combinations): :func:`apply_exclusions`, over the same edges.

>>> from mahjong_arbiter.profiles.model import Edge, Profile, RuleEntry
>>> from mahjong_arbiter.rules.registry import Hits
>>> rules = {
...     "a": RuleEntry("a", "Big", "points", 6, implies=(Edge("a", "b", "implies", "book p.1"),)),
...     "b": RuleEntry("b", "Small", "points", 2),
... }
>>> profile = Profile("demo", "demo", "mcr", (), None, None, 8, rules, {}, {}, {}, {}, (), {}, (), "")
>>> chosen = select(profile, {"a": Hits.once(), "b": Hits.once()})
>>> [item.id for item in chosen.items], chosen.basic, [(s.id, s.by, s.relation) for s in chosen.suppressed]
(['a'], 6, [('b', 'a', 'implies')])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations, product
from sys import intern
from typing import Final, NamedTuple

from .account_once_table import Answer, abstract_key, answer_of, lookup, record
from .errors import ProfileError
from .profiles.graph import RuleGraph
from .profiles.model import Profile, RuleEntry
from .result import Item, Suppressed
from .rules.registry import Hits
from .solver.reading import Group

__all__ = [
    "Candidate",
    "Selection",
    "selection_graph",
    "select",
    "ACCOUNT_ONCE_POLICIES",
    "DEFAULT_ACCOUNT_ONCE",
    "PRINCIPLES_SOURCE",
]

PRINCIPLES_SOURCE: Final = "Green Book 2006 §3.9.1.5 (general principles)"
"""Where the non-identical, non-separation and account-once principles are stated."""

ALONE_SOURCE: Final = "Green Book 2006 fan 43 (Chicken Hand: a hand with no other fan)"

_PRINCIPLE_RELATIONS: Final = frozenset({"non-identical", "non-separation", "account-once", "only-when-alone"})
"""The relations of the Suppressed entries the principles and the alone rules give (an edge named
like one of them may share its entry, so that entry may repeat in a Reading's suppressed list)."""

DEFAULT_ACCOUNT_ONCE: Final = "exhaustive"

Instance = tuple[Group, ...]


# --- the graph ---------------------------------------------------------------------------------------
def selection_graph(profile: Profile) -> RuleGraph:
    """The profile's :class:`~mahjong_arbiter.profiles.graph.RuleGraph` (built once per profile),
    after checking that the engine offers the account-once method it names.

    Raises
    ------
    ProfileError
        When an edge names a rule the profile lacks, the edges form a cycle, or the profile
        names an account-once method the engine does not offer.
    """
    graph = profile.graph
    if graph.account_once is not None and graph.account_once not in ACCOUNT_ONCE_POLICIES:
        known = ", ".join(sorted(ACCOUNT_ONCE_POLICIES))
        raise ProfileError(f"{profile.path}: policy 'account_once' = {graph.account_once!r} is not one of: {known}")
    return graph


# --- the result of a selection -------------------------------------------------------------------------
class Candidate(NamedTuple):
    """One instance of a rule that survived the edges: the unit the account-once methods choose
    (a named tuple: selection makes one per combining instance of every Reading)."""

    rule: str
    instance: Instance
    value: int | float
    key: tuple[int, int]  # (decision position of the rule, index of the instance)


class Selection:
    """What counts on one Reading.

    Attributes
    ----------
    kept : mapping of rule id to its counted instances
        The counted rules in decision order (primary first), each with the instances that count.
    basic : int or float
        The value toward the minimum (everything but bonus rules).
    bonus : int or float
        The value of bonus rules (flowers), added after the minimum is read.
    items : tuple of Item
        The counted rules, primary first (one per rule of ``kept``).
    suppressed : tuple of Suppressed
        Every instance that held but does not count, with the rule, relation and source that
        stopped it (one entry per rule and cause, counting its instances).

    ``items`` is built on first read: a scorer that compares several Readings by their values
    reads it for the best one only.  ``suppressed`` is a plain attribute (a property's call costs
    more than the tuple).  :func:`select` makes every Selection (its slots written directly,
    without an ``__init__`` call).
    """

    __slots__ = ("kept", "basic", "bonus", "suppressed", "_plans", "_items")

    kept: Mapping[str, tuple[Instance, ...]]
    basic: int | float
    bonus: int | float
    suppressed: tuple[Suppressed, ...]
    _plans: Mapping[str, _RulePlan]
    _items: tuple[Item, ...] | None

    @property
    def total(self) -> int | float:
        return self.basic + self.bonus

    @property
    def items(self) -> tuple[Item, ...]:
        found = self._items
        if found is None:
            plans = self._plans
            items = []
            for rid, instances in self.kept.items():  # (a loop: a comprehension is a call in 3.11)
                plan = plans[rid]
                if instances is _WHOLE_HAND:  # a whole-hand rule held once: one Item per profile
                    items.append(plan.once)
                elif instances and instances[0]:  # with sets: :meth:`_RulePlan.item` written out
                    items.append(
                        _MADE(rid, plan.name, plan.value_key, plan.value, len(instances), instances, plan.source)
                    )
                else:
                    items.append(plan.item(instances))
            found = self._items = tuple(items)
        return found


# --- multisets of groups ---------------------------------------------------------------------------------
# Groups are counted by their :attr:`Group.order`, an integer that names a group (equal groups,
# equal orders): counting and set operations on integers never call a group's Python-level hash.
Copies = Counter[int]
"""How many times each group (by its order) stands in a Reading."""


def _orders(instance: Instance) -> list[int]:
    return [g.order for g in instance]


def _within(inner: Instance, outer: Instance) -> bool:
    """True when *inner* stands inside *outer*: either is the whole hand, or a sub-multiset."""
    if not inner or not outer:
        return True
    if len(inner) == 1:
        return inner[0] in outer
    have = [g.order for g in outer]
    for g in inner:  # each group of inner takes one of outer's (by order)
        order = g.order
        if order not in have:
            return False
        have.remove(order)
    return True


def _share(a: Instance, b: Instance) -> bool:
    """Whether two instances hold a group in common."""
    return not {g.order for g in a}.isdisjoint([g.order for g in b])


# --- account-once methods -----------------------------------------------------------------------------------
Dropped = tuple[Candidate, str, str]  # (candidate, by rule id, relation)
AccountOnce = Callable[[Sequence[Candidate], Copies], tuple[list[Candidate], list[Dropped]]]
Named = tuple[str, tuple[int, ...]]
"""A candidate as its rule and its groups' orders: compared and counted as integers."""


def _named(cand: Candidate) -> Named:
    return cand.rule, tuple([g.order for g in cand.instance])


def _why_dropped(cand: Named, kept: Sequence[Named], available: Copies) -> tuple[str, str]:
    """Name the principle (and the kept instance) that refuses *cand* next to *kept*."""
    rule, mine = cand
    for other_rule, other in kept:
        if other_rule == rule:
            used = Counter(other)
            used.update(mine)
            if any(available[o] < n for o, n in used.items()):
                return other_rule, "non-identical"
    for other_rule, other in kept:
        if not mine or not other or all(mine.count(o) <= other.count(o) for o in mine):
            return other_rule, "non-separation"
    for other_rule, other in kept:
        if not set(mine).isdisjoint(other):
            return other_rule, "account-once"
    return (kept[0][0] if kept else rule), "account-once"


def exhaustive_account_once(
    cands: Sequence[Candidate], available: Copies
) -> tuple[list[Candidate], list[Dropped]]:
    """The literal account-once principle, decided by exhaustive search.

    Sets are placed on copies (two equal chows are two sets).  A selection of instances is
    allowed when the instances of each rule use disjoint sets (non-identical) and, taking values
    from the highest down (the primary fan first) and in any order among equal values, every
    instance brings at least one set not yet in a kept combination (account-once; non-separation
    is its special case).  Of the allowed selections the one with the highest total is kept; ties
    go to the one that keeps the earlier candidates (primary first).  Green Book 2006 §3.9.1.5;
    worked examples in Green Book 2006, 3.9.1.5 principle 5.
    """
    if len(cands) <= 1:
        return list(cands), []
    named = [_named(c) for c in cands]
    options = _placements(cands, named, available)
    n = len(options)
    values = [cands[i].value for i, _ in options]
    places = [mine for _, mine in options]
    if n == len(cands) and min(values) >= 0:
        # one placement per candidate and no two sharing a set: every instance brings sets of its
        # own, so keeping them all is allowed and nothing beats it
        union = 0
        for mine in places:
            if union & mine:
                break
            union |= mine
        else:
            return list(cands), []
    rules = [named[i][0] for i, _ in options]
    instances = [named[i][1] for i, _ in options]
    suffix = [0.0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + values[i]
    listed = Counter(named)
    best: list[int] = []
    best_total = -1.0
    chosen: list[int] = []

    def allowed(i: int) -> bool:
        rule, value, mine, instance = rules[i], values[i], places[i], instances[i]
        same_instance = 0
        higher = 0
        level = [mine]
        for j in chosen:
            if rules[j] == rule:
                if places[j] & mine:
                    return False  # non-identical: one rule's instances use disjoint sets
                if instances[j] == instance:
                    same_instance += 1
            if values[j] > value:
                higher |= places[j]
            else:
                level.append(places[j])
        if same_instance >= listed[(rule, instance)]:
            return False
        return _peelable(level, higher)

    def search(i: int, total: float) -> None:
        nonlocal best, best_total
        if total + suffix[i] <= best_total:
            return
        if i == n:
            best, best_total = list(chosen), total
            return
        if allowed(i):
            chosen.append(i)
            search(i + 1, total + values[i])
            chosen.pop()
        search(i + 1, total)

    search(0, 0.0)
    wanted = Counter([named[options[i][0]] for i in best])
    kept: list[Candidate] = []
    kept_named: list[Named] = []
    rest: list[tuple[Candidate, Named]] = []
    for cand, name in zip(cands, named, strict=True):
        if wanted[name] > 0:
            wanted[name] -= 1
            kept.append(cand)
            kept_named.append(name)
        else:
            rest.append((cand, name))
    return kept, [(cand, *_why_dropped(name, kept_named, available)) for cand, name in rest]


def _placements(cands: Sequence[Candidate], named: Sequence[Named], available: Copies) -> list[tuple[int, int]]:
    """Every distinct placement of every candidate on the Reading's copies, in primary order: the
    candidate's index and its places, one bit per (group, copy)."""
    bits: dict[tuple[int, int], int] = {}  # (group order, copy) -> its bit

    def bit(place: tuple[int, int]) -> int:
        found = bits.get(place)
        if found is None:
            found = bits[place] = 1 << len(bits)
        return found

    seen: set[tuple[str, int]] = set()
    out: list[tuple[int, int]] = []
    for i in sorted(range(len(cands)), key=[c.key for c in cands].__getitem__):
        rule, instance = named[i]
        fixed = 0  # the groups with one way to place them: each of their copies is used
        choices: list[list[int]] = []  # the others: each way to choose the copies used
        needs = dict.fromkeys(instance, 1) if len(set(instance)) == len(instance) else Counter(instance)
        for o, need in needs.items():
            copies = max(available[o], need)
            if copies == need:
                for k in range(need):
                    fixed |= bit((o, k))
            else:
                choices.append([sum(bit((o, k)) for k in chosen) for chosen in combinations(range(copies), need)])
        for parts in product(*choices):
            places = fixed
            for part in parts:
                places |= part
            if (rule, places) not in seen:
                seen.add((rule, places))
                out.append((i, places))
    return out


def _peelable(level: Sequence[int], higher: int) -> bool:
    """Whether the instances of one value can be added in some order, each with a new set.

    The instance added last must hold a set that no other instance of the level and no instance
    of a higher value holds; removing it never hurts the rest, so peeling such instances one by
    one decides the question.  Instances are bit sets of (group, copy) places.
    """
    if len(level) == 1:  # the common case: the instance alone at its value
        return bool(level[0] & ~higher)
    rest = list(level)
    while rest:
        for i, mine in enumerate(rest):
            others = higher
            for j, other in enumerate(rest):
                if j != i:
                    others |= other
            if mine & ~others:
                del rest[i]
                break
        else:
            return False
    return True


def count_limits_account_once(
    cands: Sequence[Candidate], available: Copies
) -> tuple[list[Candidate], list[Dropped]]:
    """Account-once by count limits, as the MIL reading computes it (Green Book 2006, 3.9.1.5 principle 5).

    1. Of the combinations of three or more sets, the first (primary order) is kept; another
       that shares a set with it is not.
    2. A two-set combination inside a kept larger one is not kept (non-separation).
    3. With a larger combination kept, each set outside it joins at most one two-set combination
       (the first in primary order, which is the rulebook's order among the one-point chow
       fans: Pure Double Chow, Mixed Double Chow, Short Straight, Two Terminal Chows).
    4. Otherwise the two-set combinations are capped at the number of sets they join minus the
       number of connected groups of such sets, and cut from the last rule in primary order:
       first down to one instance per rule, then to none.
    """
    kept: list[Candidate] = []
    dropped: list[Dropped] = []
    large = [c for c in cands if len(c.instance) >= 3]
    pairs = [c for c in cands if len(c.instance) < 3]
    for cand in large:
        clash = next((k for k in kept if _share(k.instance, cand.instance)), None)
        if clash is None:
            kept.append(cand)
        else:
            dropped.append((cand, clash.rule, "account-once"))
    inside = {g.order for k in kept for g in k.instance}
    free_pairs: list[Candidate] = []
    joined: set[int] = set()
    for cand in pairs:
        host = next((k for k in kept if _within(cand.instance, k.instance)), None)
        if host is not None:
            dropped.append((cand, host.rule, "non-separation"))
            continue
        outside = [g.order for g in cand.instance if g.order not in inside]
        if kept and len(outside) == 1:
            if outside[0] in joined:
                by = next(k.rule for k in kept if _share(k.instance, cand.instance))
                dropped.append((cand, by, "account-once"))
            else:
                joined.add(outside[0])
                kept.append(cand)
            continue
        free_pairs.append(cand)
    kept_pairs, cut = _cap_pairs(free_pairs, available)
    kept.extend(kept_pairs)
    if cut:
        kept_named = [_named(k) for k in kept]
        dropped += [(cand, *_why_dropped(_named(cand), kept_named, available)) for cand in cut]
    return kept, dropped


def _cap_pairs(pairs: Sequence[Candidate], available: Copies) -> tuple[list[Candidate], list[Candidate]]:
    """Cap two-set combinations at the spanning-forest size of the sets they join (step 4)."""
    if len(pairs) <= 1:
        return list(pairs), []
    parent: dict[int, int] = {}  # group order -> its parent's

    def root(g: int) -> int:
        parent.setdefault(g, g)
        while parent[g] != g:
            g = parent[g]
        return g

    for cand in pairs:
        first, *others = _orders(cand.instance)
        for g in others:
            a, b = root(first), root(g)
            if a != b:
                parent[b] = a
    joined = set(parent)
    components = {root(g) for g in joined}
    cap = sum(available[g] for g in joined) - len(components)
    by_rule: dict[str, list[Candidate]] = {}
    for cand in pairs:
        by_rule.setdefault(cand.rule, []).append(cand)
    count = len(pairs)
    for limit in (1, 0):
        for rule in reversed(list(by_rule)):
            while len(by_rule[rule]) > limit and count > cap:
                by_rule[rule].pop()
                count -= 1
    # a candidate is its own key (rule position, instance index): identity is equality here
    staying = {id(c) for survivors in by_rule.values() for c in survivors}
    return [c for c in pairs if id(c) in staying], [c for c in pairs if id(c) not in staying]


ACCOUNT_ONCE_POLICIES: Final[Mapping[str, AccountOnce]] = {
    "exhaustive": exhaustive_account_once,
    "mil-count-limits": count_limits_account_once,
}
"""The account-once methods a profile may name in ``[policies] account_once``."""


def account_once(method: str, cands: Sequence[Candidate], groups: Sequence[Group], hits: Mapping[str, Hits]) -> Answer:
    """``ACCOUNT_ONCE_POLICIES[method]`` on *cands* (those of a Reading of *groups*, with *hits*:
    :func:`_available`), its answer by position: the shipped answer when the table of answers
    (:mod:`mahjong_arbiter.account_once_table`) holds this input, else the method's.  The
    candidates come in primary order and use groups of *groups*, as :func:`select` makes them."""
    available: Copies | None = None
    if groups:
        orders = [g.order for g in groups]
        # a group's copies, without a Counter; one of each when no two groups are equal (most Readings)
        key = abstract_key(method, cands, orders.count if len(set(orders)) < len(orders) else None)
    else:
        available = _available(groups, hits)
        key = abstract_key(method, cands, available.__getitem__)
    found = lookup(key)
    if found is not None:
        return found
    result = ACCOUNT_ONCE_POLICIES[method](cands, available if available is not None else _available(groups, hits))
    record(key, cands, result)
    return answer_of(cands, result)


# --- selection ----------------------------------------------------------------------------------------------
Stop = tuple[int, str, Suppressed]
"""An edge into a rule: the bit of its source rule, the source's id, and the Suppressed entry of one
instance it stops."""


class _RulePlan:
    """What :func:`select` needs of one rule, read once per profile: its decision position, the
    edges into it, its roles, and the result values that never depend on a hand (the Item of a
    rule whose instances use no groups, the Suppressed entry of each edge into it)."""

    __slots__ = (
        "rid", "entry", "value", "position", "bit", "edges", "sources", "combining", "alone", "bonus", "primary",
        "items", "stopped", "once", "by_source", "stops", "yields", "deferred", "name", "value_key", "source",
    )

    def __init__(self, rid: str, entry: RuleEntry, graph: RuleGraph) -> None:
        self.rid = rid
        self.entry = entry
        self.value = entry.value
        self.name = entry.name
        self.value_key = entry.value_key
        self.source = entry.source
        self.position = graph.position[rid]
        self.bit = 1 << self.position
        self.items: dict[int, Item] = {}  # count -> the Item of that many whole-hand instances
        self.stopped: dict[tuple[str, str, str, int], Suppressed] = {}  # (by, relation, source, count) -> entry
        # each edge into this rule with the bit of its source rule, so only kept sources are read
        self.edges: tuple[Stop, ...] = tuple(
            (1 << graph.position[e.rule], e.rule, self.suppressed(e.rule, e.relation, e.source))
            for e in graph.incoming[rid]
        )
        # the bits of the rules with an edge into this one: with none of them kept, no edge fires
        self.sources = sum({bit for bit, _, _ in self.edges})
        # each such rule's bit -> its id and the Suppressed entry of its first edge into this one
        # (the edges come in decision order of their source: the lowest kept bit is read first)
        self.by_source: dict[int, tuple[str, Suppressed]] = {}
        for bit, rule, stop in self.edges:
            self.by_source.setdefault(bit, (rule, stop))
        self.stops = {bit: stop for bit, (_, stop) in self.by_source.items()}  # the entries alone, by bit
        self.combining = rid in graph.combining
        self.alone = rid in graph.alone
        self.bonus = rid in graph.bonus
        self.primary = not self.alone and not self.bonus  # may stand as the fan an alone rule yields to
        self.once = self.item(_WHOLE_HAND)  # the Item of one whole-hand instance
        # an alone rule's Suppressed entry for each primary rule it yields to (set by _rule_plans)
        self.yields: dict[str, Suppressed] = {}
        # an alone rule that no edge leaves and account-once never narrows: select decides it after
        # the others, outside kept and the sums (set by _rule_plans)
        self.deferred = False

    def item(self, instances: tuple[Instance, ...]) -> Item:
        """The Item of *instances* (one profile-wide object when none of them uses a group)."""
        entry = self.entry
        if any(instances):  # (selection makes one per counted rule with sets of the best Reading)
            count = len(instances)
            return Item.made(self.rid, entry.name, entry.value_key, entry.value, count, instances, entry.source)
        found = self.items.get(len(instances))
        if found is None:
            found = self.items[len(instances)] = Item(
                self.rid, entry.name, entry.value_key, entry.value, len(instances), instances, entry.source
            )
        return found

    def suppressed(self, by: str, relation: str, source: str, count: int = 1) -> Suppressed:
        """The Suppressed entry of *count* instances of this rule (one profile-wide object per
        cause and count)."""
        key = (by, relation, source, count)
        found = self.stopped.get(key)
        if found is None:
            found = self.stopped[key] = Suppressed(self.rid, self.entry.name, by, relation, source, count)
        return found


_NEW: Final = object.__new__
_MADE: Final = Item.made


_PLAN_KEY: Final = "_selection_plan"
Row = tuple[str, int, int, int | float, "_RulePlan"]
"""What :func:`select` reads of a rule on every hit, unpacked at once: its id, the bits of the rules
with an edge into it, its own bit, its value, and its :class:`_RulePlan` for the rest."""
Plans = tuple[dict[str, _RulePlan], Mapping[str, int], str, list[Row], bool]
"""Every rule's :class:`_RulePlan`, every rule's decision position, the account-once method, the
rows by decision position (a Reading's rules are sorted as integers, then read back), and whether
an edge's relation is named like a principle (so that its entry may be a principle's entry too:
then :attr:`Selection.suppressed` always counts repeats)."""


def _rule_plans(profile: Profile) -> Plans:
    """The profile's :class:`_RulePlan` of every rule and its decision positions, built on first
    use and kept with the profile (values derived from it, like its graph; the profile object is
    never changed)."""
    found: Plans | None = profile.__dict__.get(_PLAN_KEY)
    if found is None:
        graph = selection_graph(profile)
        # rule ids interned, as the recognisers' hits name them: a look-up by a hit's id then finds the
        # key by identity (a profile's ids are read from its file: equal strings, other objects)
        plans = {intern(rid): _RulePlan(intern(rid), entry, graph) for rid, entry in profile.rules.items()}
        sourcing = 0  # the bits of the rules with an edge out: only those need a bit in select's kept_bits
        for plan in plans.values():
            sourcing |= plan.sources
        for plan in plans.values():
            plan.bit &= sourcing
            if plan.alone:
                plan.yields = {
                    rid: plan.suppressed(rid, "only-when-alone", ALONE_SOURCE)
                    for rid, other in plans.items()
                    if other.primary
                }
                plan.deferred = not plan.bit and not plan.combining
        method = intern(graph.account_once or DEFAULT_ACCOUNT_ONCE)  # (as the table of answers names it)
        rows = [
            (plan.rid, plan.sources, plan.bit, plan.value, plan)
            for plan in sorted(plans.values(), key=lambda plan: plan.position)
        ]
        position = {plan.rid: plan.position for plan in plans.values()}
        shared = any(stop.relation in _PRINCIPLE_RELATIONS for plan in plans.values() for _, _, stop in plan.edges)
        found = profile.__dict__[_PLAN_KEY] = (plans, position, method, rows, shared)
    return found


def select(profile: Profile, hits: Mapping[str, Hits], groups: Sequence[Group] = ()) -> Selection:
    """Choose what counts among *hits* (one Reading's) under *profile*'s edges and policies.

    Parameters
    ----------
    profile : Profile
    hits : mapping of rule id to Hits
        The rules that hold on the Reading (:func:`mahjong_arbiter.scoring.common.rule_hits`).
    groups : sequence of Group
        The Reading's groups, so that identical sets (two equal chows) count as two.  When
        omitted, each group is taken to be present as often as any one instance uses it.

    Returns
    -------
    Selection
    """
    plans, position, method, rows, repeats = profile.__dict__.get(_PLAN_KEY) or _rule_plans(profile)
    # repeats: whether an entry may stand twice in suppressed (entries are one object per rule and
    # cause: a rule stopped on two instances for one cause); the whole-hand path gives a rule one entry

    kept: dict[str, tuple[Instance, ...]] = {}
    # the bits of the kept rules that hold an instance and have an edge out (each rule's bit is 0
    # without one: keeping it can stop nothing)
    kept_bits = 0
    # the values of the kept rules, summed in decision order: the primary ones (everything but
    # alone and bonus rules), the alone ones that are not deferred, the bonus ones
    basic: int | float = 0
    lone: int | float = 0
    bonus: int | float = 0
    suppressed: list[Suppressed] = []
    combining: list[Candidate] = []
    # the alone rules that held, in decision order, with their instances when deferred (None: in kept)
    alone: list[tuple[_RulePlan, tuple[Instance, ...] | None]] = []
    for at in sorted(map(position.__getitem__, hits)):  # in decision order
        rid, sources, bit, value, plan = rows[at]
        instances = hits[rid].instances
        live = kept_bits & sources  # the kept rules with an edge into this one
        if live:
            if instances is _WHOLE_HAND and not plan.combining:  # (most edges that fire)
                # the first kept rule with an edge into it stops it (each holds an instance, and any
                # instance contains the whole hand); one source bit is a key itself (most of the time)
                stops = plan.stops
                suppressed.append(stops.get(live) or stops[live & -live])  # (the rule's only entry)
                continue
            survivors: list[Instance] = []
            for index, inst in enumerate(instances):
                stop = _stopping(plan.by_source, live, kept, inst)
                if stop is not None:
                    suppressed.append(stop)
                    continue
                if plan.combining:
                    combining.append(_NEW_TUPLE(Candidate, (rid, inst, value, (at, index))))
                survivors.append(inst)
            if len(survivors) + 1 < len(instances):
                repeats = True  # two instances stopped
            if not survivors:
                continue
            if len(survivors) != len(instances):
                instances = tuple(survivors)
        elif plan.combining:
            for index, inst in enumerate(instances):
                combining.append(_NEW_TUPLE(Candidate, (rid, inst, value, (at, index))))
        if plan.primary:
            basic += value if instances is _WHOLE_HAND else value * len(instances)
        elif plan.deferred:  # (Chicken Hand: held on most Readings, never kept beside another fan)
            alone.append((plan, instances))
            continue
        elif plan.bonus:
            bonus += value * len(instances)
            if plan.alone:
                alone.append((plan, None))
        else:
            lone += value * len(instances)
            alone.append((plan, None))
        kept[rid] = instances
        if bit and instances:  # (a rule kept without an instance stops nothing)
            kept_bits |= bit

    changed = False  # whether account-once or an alone bonus rule took a value out of the sums
    if len(combining) > 1:
        chosen, refused = account_once(method, combining, groups, hits)
        if refused:  # (a method keeps or refuses each candidate)
            changed = True
            # the rules that lost an instance, each with the instances it keeps (in one pass)
            narrowed: dict[str, list[Instance]] = {combining[i].rule: [] for i, _, _ in refused}
            for i, cand in enumerate(combining):
                left = narrowed.get(cand.rule)
                if left is not None and i in chosen:
                    left.append(cand.instance)
            for rid, left in narrowed.items():  # (a key set again keeps its place in kept)
                if left:
                    kept[rid] = tuple(left)
                else:
                    del kept[rid]
            for i, by, relation in sorted(refused):
                suppressed.append(plans[combining[i].rule].suppressed(by, relation, PRINCIPLES_SOURCE))
            repeats = repeats or len(refused) > 1

    # kept is in decision order: the rules were decided in it, and account-once only narrows them
    if alone:
        for primary in kept:
            if plans[primary].primary:
                for plan, held in alone:
                    if held is None:
                        held = kept.pop(plan.rid, ())  # (account-once may have dropped it already)
                        changed = changed or (plan.bonus and bool(held))
                    if len(held) == 1:  # (most of the time)
                        suppressed.append(plan.yields[primary])
                    elif held:
                        suppressed += [plan.yields[primary]] * len(held)
                        repeats = True
                break
        else:
            basic = lone  # nothing primary: the alone rules count, and nothing else toward the minimum
            deferred = [(plan.rid, held) for plan, held in alone if held is not None]
            if deferred:  # they join kept in decision order, and every sum is taken again
                kept.update(deferred)
                kept = dict(sorted(kept.items(), key=lambda item: position[item[0]]))
                changed = True

    if changed:  # sum again over what stays, in the same order
        basic = bonus = 0
        for rid, instances in kept.items():
            plan = plans[rid]
            if plan.bonus:
                bonus += plan.value * len(instances)
            else:
                basic += plan.value * len(instances)
    # ``Selection(...)`` as plain slot stores (no ``__init__`` call: one Selection per Reading)
    made = _NEW(Selection)
    made.kept = kept
    made.basic = basic
    made.bonus = bonus
    made._plans = plans
    # no entry can stand twice without repeats (most Readings): no merging
    made.suppressed = _merged(suppressed, plans) if repeats else tuple(suppressed)
    made._items = None
    return made


def _merged(suppressed: list[Suppressed], plans: Mapping[str, _RulePlan]) -> tuple[Suppressed, ...]:
    """:meth:`Suppressed.merged` of entries made by *plans*: a plan makes one object per rule and
    cause, so equal entries are the same object, counted by identity; an entry that repeats
    becomes its plan's entry with that count (no ``dataclasses.replace`` per repeat)."""
    if len(suppressed) <= 1 or len(set(map(id, suppressed))) == len(suppressed):
        return tuple(suppressed)  # no entry repeats (most Readings)
    counts: dict[int, int] = {}
    for entry in suppressed:
        counts[id(entry)] = counts.get(id(entry), 0) + 1
    merged: list[Suppressed] = []
    for entry in suppressed:
        n = counts.pop(id(entry), 0)
        if n == 1:
            merged.append(entry)
        elif n:
            merged.append(plans[entry.id].suppressed(entry.by, entry.relation, entry.source, n))
    return tuple(merged)


_WHOLE_HAND: Final = Hits.once().instances
"""The instances of a rule about the whole hand held once (one shared value)."""
_NEW_TUPLE: Final = tuple.__new__  # a Candidate without its Python-level __new__


def _available(groups: Sequence[Group], hits: Mapping[str, Hits]) -> Copies:
    """How often each group (by its order) stands in the Reading (or, without its groups, the most
    any one instance uses it)."""
    available: Copies = Counter([g.order for g in groups])
    if not groups:
        for h in hits.values():
            for inst in h.instances:
                for o, n in Counter(_orders(inst)).items():
                    available[o] = max(available[o], n)
    return available


def _stopping(
    by_source: Mapping[int, tuple[str, Suppressed]], live: int, kept: Mapping[str, Sequence[Instance]], inst: Instance
) -> Suppressed | None:
    """The Suppressed entry of the first edge whose source is kept (its bit in *live*, read
    lowest first: in decision order) with an instance that contains *inst*, if any
    (:func:`_within`, with its common cases written out: a whole-hand instance on either side,
    one group inside another)."""
    single = inst[0] if len(inst) == 1 else None
    while live:
        low = live & -live
        rule, stop = by_source[low]
        sources = kept[rule]
        if sources:
            if not inst:
                return stop
            for source in sources:
                if not source or (single in source if single is not None else _within(inst, source)):
                    return stop
        live ^= low
    return None


# --- whole-rule exclusion (classical and faan arithmetics) -------------------------------------------------
def apply_exclusions(hits: Mapping[str, Hits], profile: Profile) -> tuple[dict[str, Hits], list[Suppressed]]:
    """Keep the rules no kept rule excludes or implies; say what suppressed the others.

    Rules are decided in the profile's ``graph.edge_order``, so every rule that could suppress one is decided
    first; a suppressed rule suppresses nothing (Green Book 2006 §3.9.1.5, exclusion and
    non-repeat; the classical and Hong Kong tables use the same "the tighter criterion scores").
    The kept rules come back in that order.
    """
    rank, blocks = profile.__dict__.get(_EXCLUSION_KEY) or _exclusion_plan(profile)
    kept: dict[str, Hits] = {}
    suppressed: list[Suppressed] = []
    blockers: dict[str, Suppressed] = {}  # a rule -> the entry of the first kept rule's edge into it
    # the hits in edge order (a rule the profile lacks is never decided), not every rule of the profile
    for rid in sorted(filter(rank.__contains__, hits), key=rank.__getitem__):
        blocker = blockers.get(rid)
        if blocker is not None:
            suppressed.append(blocker)
            continue
        for target, entry in blocks[rid]:
            blockers.setdefault(target, entry)
        kept[rid] = hits[rid]
    return kept, suppressed


_EXCLUSION_KEY: Final = "_exclusion_plan"
Exclusions = tuple[dict[str, int], dict[str, tuple[tuple[str, Suppressed], ...]]]
"""Each rule's place in the profile's edge order, and each rule's edges (its excludes, then its
implies) as the target and the Suppressed entry the edge gives it (one profile-wide object each)."""


def _exclusion_plan(profile: Profile) -> Exclusions:
    """What :func:`apply_exclusions` reads of *profile*, built on first use and kept with the
    profile (like :func:`_rule_plans`; the profile object is never changed)."""
    found: Exclusions | None = profile.__dict__.get(_EXCLUSION_KEY)
    if found is None:
        rules = profile.rules
        rank = {rid: i for i, rid in enumerate(profile.graph.edge_order)}
        blocks = {
            rid: tuple(
                (edge.target, Suppressed(edge.target, rules[edge.target].name, edge.rule, edge.relation, edge.source))
                for edge in (*entry.excludes, *entry.implies)
                if edge.target in rules
            )
            for rid, entry in rules.items()
        }
        found = profile.__dict__[_EXCLUSION_KEY] = (rank, blocks)
    return found
