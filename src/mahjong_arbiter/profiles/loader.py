"""Read profile files (TOML), resolve ``extends`` chains and validate every id and value.

A profile file is data: loading one parses TOML and never executes code.  The file format::

    id = "club"                      # required
    extends = "buzzard-2000"         # a built-in id, or a path relative to this file
    label = "Our club"               # optional in a child (inherited), required at the root
    arithmetic = "classical"         # mcr | classical | faan (root only; inherited)
    limit = 500                      # overrides the parent's
    minimum = 8
    sources = ["..."]

    [rules."score.base.chow"]        # root profiles only: the rule table
    name = "Chow"
    points = 0                       # exactly one of: points, doubles, limit, faan
    applies = "all"                  # all | winner | loser
    source = "Buzzard 2000, p. 9"
    excludes = [{ rule = "...", source = "..." }]   # or plain ids (then the rule's own source)
    implies = ["..."]
    params = { fishing = 400 }       # what the arithmetic reads (profiles/keys.py PARAM_KEYS)

    [add."rule.id"]    # a rule the parent lacks (same fields as above)
    [amend."rule.id"]  # some fields of a parent's rule
    remove = ["rule.id"]             # or [remove] "rule.id" = "why"

    [policies]  [shapes]  [settlement]  [payments]  [progression]
                                     # merged key by key over the parent's (the named tables
                                     # settlement.incidents, payments.tables and payments.shares
                                     # name by name); the keys each may hold: profiles/keys.py;
                                     # the table companion's layout: profiles/table_rules.py
    [[notes]]   id = "..." title = "..." text = "..." source = "..."

Every problem raises :class:`~mahjong_arbiter.errors.ProfileError` naming the file, the rule and
the field.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import ProfileError
from .keys import PARAM_KEYS, TABLE_KEYS, unknown_keys
from .model import APPLIES, VALUE_KEYS, Edge, Note, Profile, RuleEntry
from .names import did_you_mean, normalise, profile_alias, suggest
from .values import (
    MAX_DEPTH,
    PARAM_VALUES,
    POLICY_VALUES,
    RULE_VALUES,
    SHAPE_VALUES,
    TOP_VALUES,
    Kind,
    Text,
    finite_problem,
)

__all__ = [
    "load_profile", "profile_data", "parent_profile", "builtin_profile_ids", "builtin_id", "builtin_profile_path",
    "DATA_DIR", "ARITHMETICS",
]

DATA_DIR = Path(__file__).parent / "data"
ARITHMETIC_TOTALS: dict[str, tuple[str, ...]] = {
    "mcr": ("minimum",),  # points added without a cap; 8 to win (Green Book 2006, 3.11.6.6)
    "classical": ("limit",),  # points x doubles up to the limit; no minimum
    "faan": ("limit", "minimum"),  # faan capped at the limit; a minimum to win
}
"""Each arithmetic and the top-level totals fields (``limit``, ``minimum``) it reads: a profile that
gives one its arithmetic does not read is refused, never ignored in silence."""
ARITHMETICS = tuple(ARITHMETIC_TOTALS)

_TOP_KEYS = {
    "id", "label", "arithmetic", "sources", "extends", "limit", "minimum", "rules", "add", "amend",
    "remove", "policies", "shapes", "settlement", "payments", "progression", "notes", "description",
}
_RULE_KEYS = {"name", "name_zh", "applies", "source", "excludes", "implies", "params", *VALUE_KEYS}
_NOTE_KEYS = {"id", "title", "text", "source"}
_MERGED_TABLES = ("policies", "shapes", "settlement", "payments", "progression")
_NAMED_SUBTABLES = {"settlement": ("incidents",), "payments": ("tables", "shares")}
"""Sub-tables a child merges name by name over its parent's (one incident kind, one table)."""
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')
_KEY_PARTS = re.compile(r'"[^"]*"|[^."]+')


def builtin_profile_ids() -> list[str]:
    """The ids of the profiles shipped with the package, sorted."""
    return sorted(p.stem for p in DATA_DIR.glob("*.toml"))


def load_profile(name: str | Path) -> Profile:
    """The resolved profile *name*: a built-in id (``"mcr"``) or a path to a ``.toml`` file.

    Raises
    ------
    ProfileError
        For an unknown id, an unreadable file, or any invalid field (the message names the file,
        the rule and the field).
    """
    path = _locate(name, None)
    return _load(path, _stamp(path))


def profile_data(path: Path) -> dict[str, Any]:
    """The profile file *path* read as the loader reads it, before any field is checked: valid TOML,
    every value finite and nested at most :data:`~.values.MAX_DEPTH` deep, or a
    :class:`~mahjong_arbiter.errors.ProfileError` naming the file and the field.  The parse is
    kept for this version of the file, so a :func:`load_profile` of the same resolved path that
    follows reuses it (for callers that look at a field or two first, as the web's uploads do).
    Callers only read the dictionary."""
    return _current(path)


def parent_profile(profile: Profile) -> Profile | None:
    """The resolved parent of *profile* (what its ``extends`` names), or None for a root profile."""
    if profile.extends is None:
        return None
    return load_profile(_locate(profile.extends, Path(profile.path)))


def _stamp(path: Path) -> tuple[int, ...]:
    """The modification times of a file and its ``extends`` chain: a cached profile is reused only
    while none of its files changed (a long-running process sees an edited house-rules file)."""
    stamps = []
    seen: set[Path] = set()
    while path not in seen:
        seen.add(path)
        try:
            status = path.stat()
            stamps.append(status.st_mtime_ns)
            parent = _parsed(path, status.st_mtime_ns, status.st_size).get("extends")
        except (OSError, ProfileError):
            break  # _load reports the problem with its file and field
        if not isinstance(parent, str):
            break
        try:
            path = _locate(parent, path)
        except ProfileError:
            break
    return tuple(stamps)


@lru_cache(maxsize=64)
def _parsed(path: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    """:func:`_read_toml` once per version of the file (its time and size are part of the key):
    stamping a cached profile costs a ``stat`` per file, and loading it parses each file once.
    Callers only read the dictionary."""
    return _read_toml(path)


def _current(path: Path) -> dict[str, Any]:
    """The file as it is now, parsed (:func:`_parsed` of its present version)."""
    try:
        status = path.stat()
    except OSError:
        return _read_toml(path)  # which says why the file cannot be read
    return _parsed(path, status.st_mtime_ns, status.st_size)


def _read_toml(path: Path) -> dict[str, Any]:
    """The parsed file, every value checked for depth and finiteness (:func:`.values.finite_problem`)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{path}: cannot read: {exc}") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        field = _deep_field(text)
        raise ProfileError(f"{path}: {field} must be a value nested at most {MAX_DEPTH} deep") from None
    except ValueError:  # an integer of thousands of digits, which Python will not convert
        raise ProfileError(f"{path}: a number has more digits than any value can need") from None
    found = finite_problem(raw)
    if found:
        keys, must = found
        raise ProfileError(f"{path}: {_field_name(keys)} must be {must}")
    return raw


def _field_name(keys: tuple[str, ...]) -> str:
    """``rule 'mcr.pure-straight': field 'points'`` or ``field 'policies.account_once'``."""
    if keys[0] in ("rules", "add", "amend") and len(keys) > 2:
        return f"rule {keys[1]!r}: field {''.join(k if k.startswith('[') else '.' + k for k in keys[2:])[1:]!r}"
    return f"field {''.join(k if k.startswith('[') else '.' + k for k in keys)[1:]!r}"


def _deep_field(text: str) -> str:
    """Where a value too deeply nested for the TOML reader starts: its table and key, as well as
    a line scan can tell (strings and comments skipped)."""
    table, key, depth = "", "", 0
    for line in text.splitlines():
        stripped = line.strip()
        if depth == 0 and stripped.startswith("["):
            table = stripped.strip("[]").strip()
            continue
        if depth == 0 and "=" in stripped:
            key = stripped.partition("=")[0].strip()
        code = _STRINGS.sub("", line).partition("#")[0]
        depth += code.count("[") + code.count("{") - code.count("]") - code.count("}")
        if depth > MAX_DEPTH:
            break
    name = f"{table}.{key}" if table and key else key or table or "a value"
    return _field_name(tuple(part.strip('"') for part in _KEY_PARTS.findall(name))) if name else name


def _locate(name: str | Path, relative_to: Path | None) -> Path:
    text = str(name)
    looks_like_path = text.endswith(".toml") or "/" in text or "\\" in text
    if looks_like_path:
        path = Path(text)
        if relative_to is not None:
            path = _confined(text, relative_to)
        if not path.is_file():
            found = f"profile file {text}: it is a folder, not a .toml file" if path.is_dir() else (
                f"profile file {text} not found")
            raise ProfileError(found, code="unknown_profile")
        return path.resolve()
    pid = builtin_id(text)
    if pid is None:
        known = builtin_profile_ids()
        hint = did_you_mean(suggest(text, known)) or f"; built-in profiles: {', '.join(known)}"
        raise ProfileError(f"unknown profile {text!r}{hint}", code="unknown_profile")
    return _builtin_file(pid)


def builtin_profile_path(pid: str) -> Path | None:
    """The resolved file of the built-in profile *pid* (an exact id), or None when there is none."""
    return _builtin_file(pid) if pid in builtin_profile_ids() else None


def _builtin_file(pid: str) -> Path:
    return (DATA_DIR / f"{pid}.toml").resolve()


def builtin_id(name: str) -> str | None:
    """The built-in profile *name* stands for: its id in any case or punctuation (``MCR``,
    ``HK_Old_Style``) or another tool's name for it (``profiles/names.py``); None otherwise."""
    ids = {normalise(pid): pid for pid in builtin_profile_ids()}
    return ids.get(normalise(name)) or profile_alias(name)


def _confined(text: str, extending: Path) -> Path:
    """The file an ``extends`` path names, refused unless it lies in the extending file's folder or
    below (checked on the path alone: nothing outside is opened, and the message is the same
    whether or not such a file exists)."""
    folder = extending.parent.resolve()
    relative = Path(text)
    inside = not relative.is_absolute() and ".." not in relative.parts and "\x00" not in text
    path = (folder / relative).resolve() if inside else folder
    if not inside or not path.is_relative_to(folder):
        raise ProfileError(
            f"{extending}: field 'extends' = {text!r}: a profile extends a built-in profile or a file in its "
            "own folder or below it",
            code="bad_extends",
        )
    return path


@lru_cache(maxsize=64)
def _load(path: Path, stamp: tuple[int, ...] = (), chain: tuple[Path, ...] = ()) -> Profile:
    if path in chain:
        loop = " -> ".join(p.name for p in (*chain, path))
        raise ProfileError(f"{path}: profiles extend each other in a loop: {loop}")
    raw = _current(path)
    where = str(path)
    unknown = sorted(set(raw) - _TOP_KEYS)
    if unknown:
        raise ProfileError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(sorted(_TOP_KEYS))})")
    pid = _str(raw, "id", where, required=True)
    parent_name = raw.get("extends")
    if parent_name is None:
        profile = _root(raw, pid, where)
    else:
        if not isinstance(parent_name, str):
            raise ProfileError(f"{where}: field 'extends' must be a profile id or path")
        parent = _load(_locate(parent_name, path), stamp[1:], (*chain, path))
        profile = _child(raw, pid, where, parent)
    _validate(profile, where)
    return profile


# --- root and child ---------------------------------------------------------------------------------
def _root(raw: Mapping[str, Any], pid: str, where: str) -> Profile:
    for key in ("add", "amend", "remove"):
        if key in raw:
            raise ProfileError(f"{where}: field {key!r} needs 'extends' (a root profile lists 'rules')")
    arithmetic = _str(raw, "arithmetic", where, required=True)
    rules_raw = raw.get("rules", {})
    if not isinstance(rules_raw, Mapping):
        raise ProfileError(f"{where}: field 'rules' must be a table of rules")
    rules = {rid: _rule(rid, body, where) for rid, body in rules_raw.items()}
    return Profile(
        id=pid,
        label=_str(raw, "label", where, required=True),
        arithmetic=arithmetic,
        sources=_sources(raw, where),
        extends=None,
        limit=_int(raw, "limit", where),
        minimum=_int(raw, "minimum", where),
        rules=rules,
        policies=_table(raw, "policies", where),
        shapes=_table(raw, "shapes", where),
        settlement=_table(raw, "settlement", where),
        payments=_table(raw, "payments", where),
        progression=_table(raw, "progression", where),
        notes=_notes(raw, where),
        origin={rid: "added" for rid in rules},
        removed=(),
        path=where,
    )


def _child(raw: Mapping[str, Any], pid: str, where: str, parent: Profile) -> Profile:
    if "rules" in raw:
        raise ProfileError(f"{where}: a profile that extends another changes rules with add/amend/remove")
    if "arithmetic" in raw and raw["arithmetic"] != parent.arithmetic:
        raise ProfileError(
            f"{where}: field 'arithmetic' is {raw['arithmetic']!r} but the parent {parent.id} "
            f"is {parent.arithmetic!r}; a child keeps its parent's arithmetic"
        )
    rules: dict[str, RuleEntry] = dict(parent.rules)
    origin = {rid: "kept" for rid in rules}

    removed_raw = raw.get("remove", [])
    listed = isinstance(removed_raw, list) and all(isinstance(r, str) for r in removed_raw)
    if isinstance(removed_raw, Mapping) or listed:
        removed_ids = list(removed_raw)
    else:
        raise ProfileError(f"{where}: field 'remove' must be a list of rule ids or a table id = reason")
    for rid in removed_ids:
        if rid not in rules:
            raise ProfileError(f"{where}: rule {rid!r}: field 'remove': the parent {parent.id} has no such rule")
        del rules[rid]
        del origin[rid]

    for rid, body in _table(raw, "amend", where).items():
        if rid not in rules:
            raise ProfileError(f"{where}: rule {rid!r}: field 'amend': the parent {parent.id} has no such rule")
        if not isinstance(body, Mapping):
            raise ProfileError(f"{where}: rule {rid!r}: field 'amend' must be a table")
        rules[rid] = _rule(rid, _amended(_body_of(rules[rid]), body, rid, where), where)
        origin[rid] = "amended"

    for rid, body in _table(raw, "add", where).items():
        if rid in rules:
            raise ProfileError(f"{where}: rule {rid!r}: field 'add': the parent already has it; use amend")
        rules[rid] = _rule(rid, body, where)
        origin[rid] = "added"

    # an edge whose target was removed has nothing left to exclude
    gone = set(removed_ids)
    if gone:
        rules = {rid: _without_targets(entry, gone) for rid, entry in rules.items()}

    notes = {n.id: n for n in parent.notes}
    for n in _notes(raw, where):
        notes[n.id] = n
    return Profile(
        id=pid,
        label=_str(raw, "label", where) or parent.label,
        arithmetic=parent.arithmetic,
        sources=_sources(raw, where) or parent.sources,
        extends=str(raw["extends"]),
        limit=_int(raw, "limit", where) if "limit" in raw else parent.limit,
        minimum=_int(raw, "minimum", where) if "minimum" in raw else parent.minimum,
        rules=rules,
        policies={**parent.policies, **_table(raw, "policies", where)},
        shapes={**parent.shapes, **_table(raw, "shapes", where)},
        settlement=_merged(parent.settlement, _table(raw, "settlement", where), "settlement"),
        payments=_merged(parent.payments, _table(raw, "payments", where), "payments"),
        progression={**parent.progression, **_table(raw, "progression", where)},
        notes=tuple(notes.values()),
        origin=origin,
        removed=tuple(removed_ids),
        path=where,
    )


def _merged(parent: Mapping[str, Any], child: Mapping[str, Any], table: str) -> dict[str, Any]:
    """A child's table over its parent's: key by key, and the named sub-tables name by name."""
    merged = {**parent, **child}
    for key in _NAMED_SUBTABLES.get(table, ()):
        below, above = parent.get(key), child.get(key)
        if isinstance(below, Mapping) and isinstance(above, Mapping):
            merged[key] = {**below, **above}
    return merged


def _amended(base: dict[str, Any], body: Mapping[str, Any], rid: str, where: str) -> dict[str, Any]:
    for key in body:
        if key not in _RULE_KEYS:
            raise ProfileError(f"{where}: rule {rid!r}: unknown field {key!r}")
    new_values = [k for k in VALUE_KEYS if k in body]
    if new_values:
        for k in VALUE_KEYS:
            base.pop(k, None)
    base.update(body)
    return base


def _without_targets(entry: RuleEntry, gone: set[str]) -> RuleEntry:
    from dataclasses import replace

    return replace(
        entry,
        excludes=tuple(e for e in entry.excludes if e.target not in gone),
        implies=tuple(e for e in entry.implies if e.target not in gone),
    )


# --- fields -----------------------------------------------------------------------------------------
def _rule(rid: str, body: Any, where: str) -> RuleEntry:
    if not isinstance(body, Mapping):
        raise ProfileError(f"{where}: rule {rid!r} must be a table")
    for key in body:
        if key not in _RULE_KEYS:
            raise ProfileError(f"{where}: rule {rid!r}: unknown field {key!r} (known: {', '.join(sorted(_RULE_KEYS))})")
    values = [k for k in VALUE_KEYS if k in body]
    if len(values) != 1:
        raise ProfileError(
            f"{where}: rule {rid!r}: needs exactly one value field of {', '.join(VALUE_KEYS)}; has {values or 'none'}"
        )
    value_key = values[0]
    value = body[value_key]
    _check(RULE_VALUES[value_key], value, f"{where}: rule {rid!r}: field {value_key!r}")
    applies = body.get("applies", "all")
    if applies not in APPLIES:
        raise ProfileError(f"{where}: rule {rid!r}: field 'applies' must be one of {', '.join(APPLIES)}")
    source = body.get("source", "")
    name = body.get("name", "")
    for key, text in (("name", name), ("source", source), ("name_zh", body.get("name_zh", ""))):
        if not isinstance(text, str):
            raise ProfileError(f"{where}: rule {rid!r}: field {key!r} must be text")
    if not name:
        raise ProfileError(f"{where}: rule {rid!r}: field 'name' is required")
    params = body.get("params", {})
    if not isinstance(params, Mapping):
        raise ProfileError(f"{where}: rule {rid!r}: field 'params' must be a table")
    for key, param in params.items():
        if key in PARAM_VALUES:
            _check(PARAM_VALUES[key], param, f"{where}: rule {rid!r}: field 'params.{key}'")
    return RuleEntry(
        id=rid,
        name=name,
        name_zh=body.get("name_zh", ""),
        value_key=value_key,
        value=value,
        applies=applies,
        source=source,
        excludes=_edges(body, "excludes", rid, source, where),
        implies=_edges(body, "implies", rid, source, where),
        params=dict(params),
    )


def _body_of(entry: RuleEntry) -> dict[str, Any]:
    """A rule entry back in its file form, so that ``amend`` can change some of its fields."""
    return {
        "name": entry.name,
        "name_zh": entry.name_zh,
        entry.value_key: entry.value,
        "applies": entry.applies,
        "source": entry.source,
        "excludes": [{"rule": e.target, "source": e.source} for e in entry.excludes],
        "implies": [{"rule": e.target, "source": e.source} for e in entry.implies],
        "params": dict(entry.params),
    }


def _edges(body: Mapping[str, Any], key: str, rid: str, default_source: str, where: str) -> tuple[Edge, ...]:
    raw = body.get(key, [])
    if not isinstance(raw, list):
        raise ProfileError(f"{where}: rule {rid!r}: field {key!r} must be a list")
    edges = []
    for item in raw:
        if isinstance(item, str):
            edges.append(Edge(rid, item, key, default_source))
        elif isinstance(item, Mapping) and isinstance(item.get("rule"), str) and set(item) <= {"rule", "source"}:
            edges.append(Edge(rid, item["rule"], key, str(item.get("source", default_source))))
        else:
            raise ProfileError(
                f"{where}: rule {rid!r}: field {key!r}: each entry is a rule id or {{ rule = ..., source = ... }}"
            )
    return tuple(edges)


def _str(raw: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str:
    value = raw.get(key)
    if value is None:
        if required:
            raise ProfileError(f"{where}: field {key!r} is required")
        return ""
    if not isinstance(value, str) or not value:
        raise ProfileError(f"{where}: field {key!r} must be non-empty text")
    return value


def _int(raw: Mapping[str, Any], key: str, where: str) -> int | None:
    value = raw.get(key)
    if value is None:
        return None
    _check(TOP_VALUES[key], value, f"{where}: field {key!r}")
    return int(value)


def _check(kind: Kind, value: Any, what: str) -> None:
    problem = kind.problem(value)
    if problem:
        raise ProfileError(f"{what} must be {problem}")


def _check_table(table: Mapping[str, Any], kinds: Mapping[str, Kind], name: str, where: str) -> None:
    """Each key of a ``[policies]`` or ``[shapes]`` table against its kind (``*_source``: text)."""
    for key, value in table.items():
        kind = kinds.get(key) or (Text() if key.endswith("_source") else None)
        if kind is not None:
            _check(kind, value, f"{where}: [{name}] field {key!r}")


def _table(raw: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
    value = raw.get(key, {})
    if not isinstance(value, Mapping):
        raise ProfileError(f"{where}: field {key!r} must be a table")
    return dict(value)


def _sources(raw: Mapping[str, Any], where: str) -> tuple[str, ...]:
    value = raw.get("sources", [])
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise ProfileError(f"{where}: field 'sources' must be a list of text")
    return tuple(value)


def _notes(raw: Mapping[str, Any], where: str) -> tuple[Note, ...]:
    value = raw.get("notes", [])
    if not isinstance(value, list):
        raise ProfileError(f"{where}: field 'notes' must be an array of tables ([[notes]])")
    notes = []
    for i, item in enumerate(value):
        if not isinstance(item, Mapping) or set(item) != _NOTE_KEYS:
            raise ProfileError(f"{where}: notes[{i}] needs exactly the fields {', '.join(sorted(_NOTE_KEYS))}")
        if not all(isinstance(item[k], str) for k in _NOTE_KEYS):
            raise ProfileError(f"{where}: notes[{i}]: every field is text")
        notes.append(Note(item["id"], item["title"], item["text"], item["source"]))
    return tuple(notes)


# --- validation -------------------------------------------------------------------------------------
def _check_totals(profile: Profile, where: str) -> None:
    """A limit or minimum the arithmetic does not read, and a cap below the minimum, are refused."""
    for name, what in (("limit", "no limit (its totals have no cap)"), ("minimum", "no minimum to win")):
        if getattr(profile, name) is not None and name not in ARITHMETIC_TOTALS[profile.arithmetic]:
            origin = f" (it extends {profile.extends})" if profile.extends else ""
            raise ProfileError(
                f"{where}: field {name!r}: profile {profile.id}{origin} scores with the {profile.arithmetic} "
                f"arithmetic, which has {what}: the {name} would be ignored; remove it"
            )
    if profile.limit is not None and profile.minimum is not None and profile.limit < profile.minimum:
        raise ProfileError(
            f"{where}: field 'limit': {profile.limit} is below the minimum of {profile.minimum}: "
            "no hand could be worth a win"
        )


def _validate(profile: Profile, where: str) -> None:
    from ..rules.registry import known_rule_ids

    if profile.arithmetic not in ARITHMETICS:
        raise ProfileError(f"{where}: field 'arithmetic' must be one of {', '.join(ARITHMETICS)}")
    _check_totals(profile, where)
    for table, keys in TABLE_KEYS.items():
        unknown = unknown_keys(getattr(profile, table), keys)
        if unknown:
            raise ProfileError(f"{where}: [{table}] unknown field {unknown[0]!r} (known: {', '.join(keys)})")
    _check_table(profile.policies, POLICY_VALUES, "policies", where)
    _check_table(profile.shapes, SHAPE_VALUES, "shapes", where)
    profile.settlement_rules  # noqa: B018 - reads and validates [settlement], [payments], [progression]
    for rid, entry in profile.rules.items():
        unknown = unknown_keys(entry.params, PARAM_KEYS)
        if unknown:
            raise ProfileError(f"{where}: rule {rid!r}: params: unknown field {unknown[0]!r}")
    known = known_rule_ids()
    for rid in profile.rules:
        if rid not in known:
            raise ProfileError(
                f"{where}: rule {rid!r}: no recogniser of that id exists in mahjong_arbiter.rules "
                "(the profile names a rule the product does not support)",
                code="unsupported_rule",
            )
    for rid, entry in profile.rules.items():
        for edge in (*entry.excludes, *entry.implies):
            if edge.target not in profile.rules:
                raise ProfileError(
                    f"{where}: rule {rid!r}: field {edge.relation!r}: {edge.target!r} is not a rule of this profile"
                )
            if edge.target == rid:
                raise ProfileError(f"{where}: rule {rid!r}: field {edge.relation!r}: a rule cannot exclude itself")
    profile.graph  # noqa: B018  (built once here: a cycle among the edges is a ProfileError naming it)
