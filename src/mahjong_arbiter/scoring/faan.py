"""The ``faan`` arithmetic: Hong Kong hands, summed in faan under a minimum and a cap.

Pipeline for one hand (Wikipedia HK scoring and Wikipedia Old Hong Kong for the framework facts):

1. read the hand: every Reading of the shapes the profile's ``[shapes]`` table allows; none is
   a :class:`~mahjong_arbiter.errors.NotWinningError` that names a shape the profile puts out of
   scope (``[shapes] out_of_scope``) when the hand has one;
2. recognise every rule of the profile on each Reading;
3. keep or suppress: rules are visited in the topological order of the profile's edges; a rule
   that holds is suppressed when a counted rule excludes or implies it ("only the criteria with
   the tighter requirements are scored");
4. value: a ``faan`` rule adds its faan once per instance; a ``limit`` rule adds its fraction of
   the profile's cap (a limit hand is worth the cap); a rule with ``params.scope_note`` adds a
   note instead of faan (a hand the source leaves out of scope, scored by the rest of the table);
5. the total is the sum capped at ``limit``; the minimum (``minimum``) counts only items whose
   rule does not say ``params.minimum = false`` (bonus tiles do not count towards it);
6. the best Reading has the minimum met, then the highest total, then the highest uncapped sum;
7. ``base_points``: the total through the active table of ``[payments]`` (:func:`base_points`),
   when the profile has one and the minimum is met.

Result fields: ``base_points`` (None without a payment table or below the minimum),
``minimum_met``, ``uncapped`` (the sum before the cap) and ``cap_applied``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import NotWinningError, ProfileError
from ..hand import Context, Hand
from ..profiles.model import Profile
from ..profiles.table_rules import read_payment_table
from ..result import Alternative, Item, Result, Suppressed
from ..rules.registry import Situation
from ..selection import apply_exclusions
from ..solver.reading import Reading
from .common import make_situation, profile_readings, rule_hits

__all__ = ["score", "base_points"]

@dataclass(frozen=True, slots=True)
class _Scored:
    reading: Reading
    items: tuple[Item, ...]
    suppressed: tuple[Suppressed, ...]
    notes: tuple[str, ...]
    uncapped: int | float
    total: int | float
    minimum_met: bool


def base_points(payments: Mapping[str, Any], faan: int | float) -> int | None:
    """The base points of *faan* under the active table of a ``[payments]`` table (read by
    :func:`~mahjong_arbiter.profiles.table_rules.read_payment_table`, the one reader of that
    layout); ``None`` without a table or below its first step.

    >>> base_points({"table": "t", "tables": {"t": {"steps": [[3, 1], [4, 2], [7, 4], [10, 8]]}}}, 6)
    2
    >>> base_points({}, 6) is None
    True
    """
    table = read_payment_table(payments, "[payments]")
    return table.points(faan) if table is not None else None


def _limit_faan(value: int | float, cap: int | None, rule_id: str) -> int | float:
    if cap is None:
        raise ProfileError(f"rule {rule_id!r} is a limit hand but the profile has no 'limit' (cap)")
    worth = value * cap
    return int(worth) if float(worth).is_integer() else worth


def _score_reading(reading: Reading, situation: Situation, profile: Profile) -> _Scored:
    """Steps 2 to 5 for one Reading."""
    hits = rule_hits(reading, situation, profile)  # the winner's rules: applies all or winner
    kept, suppressed = apply_exclusions(hits, profile)
    counted: dict[str, Item] = {}
    notes: list[str] = []
    toward_minimum: int | float = 0
    for rid, found in kept.items():
        entry = profile.rules[rid]
        scope_note = entry.params.get("scope_note")
        if scope_note:
            notes.append(f"{entry.name}: {scope_note}")
            continue
        value = entry.value if entry.value_key == "faan" else _limit_faan(entry.value, profile.limit, rid)
        item = Item.made(rid, entry.name, "faan", value, found.count, found.instances, entry.source)
        counted[rid] = item
        if entry.params.get("minimum", True):
            toward_minimum += item.subtotal
    uncapped = sum(i.subtotal for i in counted.values())
    total = min(uncapped, profile.limit) if profile.limit is not None else uncapped
    minimum_met = profile.minimum is None or toward_minimum >= profile.minimum
    if not minimum_met:
        notes.append(
            f"{toward_minimum:g} faan count towards the minimum of {profile.minimum} ({profile.id}); "
            "below it the hand may not be declared a win"
        )
    return _Scored(reading, tuple(counted.values()), tuple(suppressed), tuple(notes), uncapped, total, minimum_met)


def _not_winning(hand: Hand, context: Context, profile: Profile, backend: str) -> NotWinningError:
    """Step 1's error: why no Reading exists, naming an out-of-scope shape when the hand has one."""
    from ..solver.api import readings
    from ..solver.shapes import ShapeOptions

    allowed = ["four sets and a pair"] if profile.shapes.get("standard", True) else []
    allowed += [str(s).replace("_", " ") for s in profile.shapes.get("special", ())]
    out_of_scope = [str(s) for s in profile.shapes.get("out_of_scope", ())]
    if out_of_scope:
        options = ShapeOptions(standard=False, special=frozenset(out_of_scope))
        found = readings(hand, self_drawn=context.self_drawn, backend=backend, shapes=options)
        if found:
            shape = found[0].shape.replace("_", " ")
            why = profile.shapes.get("out_of_scope_source", "the profile's source leaves it out of scope")
            return NotWinningError(
                f"the hand is {shape}, which is not a winning shape under {profile.id} ({why}); "
                f"winning shapes: {', '.join(allowed)}"
            )
    return NotWinningError(f"no winning shape under {profile.id} (winning shapes: {', '.join(allowed)})")


def _check_laid_melds(hand: Hand, context: Context, profile: Profile) -> None:
    """A win on a discard needs ``[shapes] laid_melds_on_discard`` declared melds (Gameweave: four
    laid melds and the pair's other tile in hand); a self-drawn win may lay its sets after the draw."""
    needed = profile.shapes.get("laid_melds_on_discard")
    if needed is None or context.self_drawn or len(hand.melds) >= int(needed):
        return
    laid = len(hand.melds)
    why = profile.shapes.get("laid_melds_on_discard_source", "the profile's source")
    raise NotWinningError(
        f"won on a discard with {laid} laid meld{'s' if laid != 1 else ''} and "
        f"{hand.size - 3 * laid - 2} tiles of sets still in the hand: under {profile.id} a win on a discard "
        f"needs {needed} laid melds ({why})"
    )


def score(hand: Hand, context: Context, profile: Profile, *, backend: str = "fast") -> Result:
    """Score a complete hand under a ``faan`` profile (see the module docstring for the steps).

    Raises
    ------
    NotWinningError
        When no Reading of the hand is a shape the profile lets win.
    """
    readings = profile_readings(hand, context, profile, backend=backend)
    if not readings:
        raise _not_winning(hand, context, profile, backend)
    _check_laid_melds(hand, context, profile)
    situation = make_situation(hand, context, profile)
    scored = [_score_reading(r, situation, profile) for r in readings]
    best = max(scored, key=lambda s: (s.minimum_met, s.total, s.uncapped))
    table = profile.payment_table
    points = table.points(best.total) if table is not None and best.minimum_met else None
    fields: dict[str, Any] = {
        "base_points": points,
        "minimum_met": best.minimum_met,
        "uncapped": best.uncapped,
        "cap_applied": profile.limit is not None and best.uncapped > profile.limit,
    }
    notes = list(best.notes)
    if fields["cap_applied"]:
        notes.append(f"{best.uncapped:g} faan capped at {profile.limit}")
    return Result.assembled(
        profile.id, profile.fingerprint, "faan", best.total, best.items, best.suppressed, best.reading,
        tuple(Alternative(s.reading, s.total) for s in scored if s is not best), fields, tuple(notes),
        tuple(readings),
    )
