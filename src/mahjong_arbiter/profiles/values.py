"""What a profile's values may be: the kind and range of every number, flag and choice.

A profile file is data from anyone (a club's house rules), so the loader checks each value
against its kind before anything computes with it.  Without these checks ``points = nan``
silently changed a score, ``points = inf`` put Infinity in the JSON, ``doubles = 5000``
overflowed and ``special = 5`` raised a ``TypeError`` deep in the solver.

Ranges are our choice, wide enough for every rulebook we know and narrow enough that arithmetic
never overflows: the largest MCR fan is 88 points, the largest classical value we know is a
limit of 2,000, doubles per rule go to 4 and faan to 13.

>>> RULE_VALUES["doubles"].problem(5000)
'a whole number from 0 to 10, not 5000'
>>> RULE_VALUES["limit"].problem(0.5) is None
True
>>> finite_problem({"policies": {"x": [[float("nan")]]}})
(('policies', 'x', '[0]', '[0]'), 'a finite number, not nan')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "Kind",
    "Whole",
    "Share",
    "Flag",
    "Choice",
    "Names",
    "Text",
    "RULE_VALUES",
    "TOP_VALUES",
    "LIMIT",
    "PARAM_VALUES",
    "POLICY_VALUES",
    "SHAPE_VALUES",
    "MAX_DEPTH",
    "LARGEST",
    "finite_problem",
]

MAX_DEPTH: Final = 16
"""How deeply a profile's tables and arrays may nest (the deepest real value, a payment table's
steps, nests 5 deep)."""

LARGEST: Final = 10**9
"""No number anywhere in a profile is larger than this (a sum of such numbers stays exact)."""


class Kind:
    """The kind of a value; :meth:`problem` says what is wrong with a value, or None."""

    def problem(self, value: Any) -> str | None:
        raise NotImplementedError


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass(frozen=True)
class Whole(Kind):
    """A whole number from *low* to *high*."""

    low: int
    high: int

    def problem(self, value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high:
            return None
        return f"a whole number from {self.low} to {self.high}, not {_shown(value)}"


@dataclass(frozen=True)
class Share(Kind):
    """A finite number in (0, *high*]: a fraction of the limit."""

    high: float = 1.0

    def problem(self, value: Any) -> str | None:
        if _number(value) and math.isfinite(value) and 0 < value <= self.high:
            return None
        return f"a number above 0 and at most {self.high:g}, not {_shown(value)}"


@dataclass(frozen=True)
class Flag(Kind):
    """true or false."""

    def problem(self, value: Any) -> str | None:
        return None if isinstance(value, bool) else f"true or false, not {_shown(value)}"


@dataclass(frozen=True)
class Choice(Kind):
    """One of some words."""

    options: tuple[str, ...]

    def problem(self, value: Any) -> str | None:
        if isinstance(value, str) and value in self.options:
            return None
        return f"one of {', '.join(self.options)}, not {_shown(value)}"


@dataclass(frozen=True)
class Names(Kind):
    """A list of names (text)."""

    def problem(self, value: Any) -> str | None:
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return None
        return f'a list of names such as ["thirteen_orphans"], not {_shown(value)}'


@dataclass(frozen=True)
class Text(Kind):
    """Text."""

    def problem(self, value: Any) -> str | None:
        return None if isinstance(value, str) else f"text, not {_shown(value)}"


@dataclass(frozen=True)
class Either(Kind):
    """A value any of *kinds* accepts."""

    kinds: tuple[Kind, ...]

    def problem(self, value: Any) -> str | None:
        problems = [kind.problem(value) for kind in self.kinds]
        if any(p is None for p in problems):
            return None
        return " or ".join(p.split(", not ")[0] for p in problems if p) + f", not {_shown(value)}"


class _AccountOnce(Kind):
    """The account-once methods selection offers (:data:`mahjong_arbiter.selection.ACCOUNT_ONCE_POLICIES`)."""

    def problem(self, value: Any) -> str | None:
        from ..selection import ACCOUNT_ONCE_POLICIES

        return Choice(tuple(ACCOUNT_ONCE_POLICIES)).problem(value)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


RULE_VALUES: Final[Mapping[str, Kind]] = {
    "points": Whole(0, 10_000),
    "doubles": Whole(0, 10),
    "faan": Whole(0, 100),
    "limit": Share(2.0),
}
"""A rule's value, by its key (``profiles/model.py`` VALUE_KEYS)."""

LIMIT: Final = Whole(1, 1_000_000)
"""A limit (classical points) or cap (Hong Kong faan): in a profile, a game or on the command line."""

TOP_VALUES: Final[Mapping[str, Kind]] = {
    "limit": LIMIT,
    "minimum": Whole(1, 10_000),
}
"""The profile's own numbers: its limit (classical points, Hong Kong faan cap) and minimum."""

PARAM_VALUES: Final[Mapping[str, Kind]] = {
    "combining": Flag(),
    "only_when_alone": Flag(),
    "bonus": Flag(),
    "bonus_part": Flag(),
    "calculated": Either((Flag(), Choice(("ordinary",)))),
    "exposure": Choice(("full", "half", "concealed")),
    "fishing": Share(1.0),
    "fishing_doubles": Whole(0, 10),
    "non_winner": Flag(),
    "minimum": Flag(),
    "scope_note": Text(),
}
"""A rule's ``params``, by key (``profiles/keys.py`` PARAM_KEYS names each)."""

POLICY_VALUES: Final[Mapping[str, Kind]] = {
    "account_once": _AccountOnce(),
    "wait_held_out_counts": Flag(),
    "nine_gates_terminal_pungs": Choice(("all", "one")),
    "last_tile_from_own_melds": Flag(),
    "self_draw_points_on_loose_tile": Flag(),
    "concealed_double_on_loose_tile": Flag(),
    "fixed_hand_cap": Choice(("limit", "hand", "none")),
    "special_hand_replaces_ordinary": Flag(),
    "purity_exposed_chow": Flag(),
    "concealed_double_honours": Choice(("none", "any", "set")),
    "all_honours_shape": Choice(("any", "standard")),
    "buried_treasure_concealed_kongs": Flag(),
    "buried_treasure_discard_pung": Flag(),
}
"""``[policies]``, by key (``profiles/keys.py`` TABLE_KEYS names each)."""

SHAPE_VALUES: Final[Mapping[str, Kind]] = {
    "standard": Flag(),
    "special": Names(),
    "seven_pairs_four_of_a_kind": Flag(),
    "max_chows": Whole(0, 4),
    "chow_special_hands": Flag(),
    "out_of_scope": Names(),
    "laid_melds_on_discard": Whole(0, 4),
}
"""``[shapes]``, by key (``profiles/keys.py`` TABLE_KEYS names each)."""


def finite_problem(raw: Mapping[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """The first value anywhere in *raw* (a parsed profile file) that no kind could accept:
    nested deeper than :data:`MAX_DEPTH`, a NaN or an infinity, a number beyond :data:`LARGEST`.

    Returns ``(path of keys and [index] steps, what the value must be)`` or None.  Iterative, so
    a value nested thousands deep cannot exhaust the stack here.
    """
    stack: list[tuple[tuple[str, ...], Any]] = [((str(k),), v) for k, v in reversed(list(raw.items()))]
    while stack:
        path, value = stack.pop()
        if len(path) > MAX_DEPTH:
            return path[:MAX_DEPTH], f"a value nested at most {MAX_DEPTH} deep"
        if isinstance(value, Mapping):
            stack.extend(((*path, str(k)), v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend(((*path, f"[{i}]"), v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, float) and not math.isfinite(value):
            return path, f"a finite number, not {value}"
        elif _number(value) and abs(value) > LARGEST:
            size = f"{int(abs(value)).bit_length() * 0.30103 + 1:.0f}-digit number"
            return path, f"a number of at most {LARGEST:,}, not a {size}"
    return None
