"""Names a player types for profiles and rules, matched one way everywhere.

Matching ignores case, hyphens, underscores, repeated spaces and the British spelling of
honour(s) (:func:`normalise`); other tools' spellings are aliases, kept as data in
``profiles/data/names/aliases.toml`` with their sources; a name that matches nothing gets the
closest real names (:func:`suggest`, :func:`did_you_mean`).  Profile ids (``--profile``,
``extends``) and rule names (``explain --why``, ``verify --claim-rules``, ``rules PROFILE RULE``)
all go through here.

>>> normalise("Pung of Terminals or Honours"), normalise("HK_Old-Style")
('pung of terminals or honors', 'hk old style')
>>> suggest("Dragon Pungs", ["Dragon Pung", "Two Dragon Pungs", "Seven Pairs"])
['Dragon Pung', 'Two Dragon Pungs']
>>> did_you_mean(["buzzard-2000"])
"; did you mean 'buzzard-2000'?"
>>> profile_alias("Chinese Standard"), rule_aliases("mcr.all-fives")
('mcr-mil', ('All Five',))
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final

__all__ = ["normalise", "suggest", "did_you_mean", "profile_alias", "rule_aliases", "ALIASES_FILE"]

ALIASES_FILE: Final = Path(__file__).parent / "data" / "names" / "aliases.toml"


def normalise(text: str) -> str:
    """A name reduced to what matters for matching (lower case, plain spaces, US spelling)."""
    folded = re.sub(r"[-_\s]+", " ", text.casefold()).strip()
    return re.sub(r"\bhonour", "honor", folded)


def suggest(query: str, names: Iterable[str], n: int = 3) -> list[str]:
    """The real names closest to *query* (at most *n*, closest first), for "did you mean"."""
    by_key: dict[str, str] = {}
    for name in names:
        by_key.setdefault(normalise(name), name)
    wanted = normalise(query)
    close = difflib.get_close_matches(wanted, list(by_key), n=n, cutoff=0.6)
    if len(close) < n and len(wanted) >= 4:  # a fragment of a longer name ("fully concealed")
        close += [k for k in by_key if wanted in k and k not in close][: n - len(close)]
    return [by_key[k] for k in close]


def did_you_mean(names: list[str]) -> str:
    """``"; did you mean 'A' or 'B'?"`` for *names*, or nothing when there is none."""
    return f"; did you mean {' or '.join(repr(n) for n in names)}?" if names else ""


@cache
def _aliases() -> Mapping[str, Any]:
    with ALIASES_FILE.open("rb") as handle:
        return tomllib.load(handle)


def profile_alias(name: str) -> str | None:
    """The built-in profile id another tool's or book's name stands for, or None."""
    wanted = normalise(name)
    for alias, target in _aliases().get("profiles", {}).items():
        if normalise(alias) == wanted:
            return str(target["id"])
    return None


def rule_aliases(rule_id: str) -> tuple[str, ...]:
    """Other spellings of the rule *rule_id* (empty for most rules)."""
    entry = _aliases().get("rules", {}).get(rule_id, {})
    return tuple(entry.get("aliases", ()))
