"""The account-once resolutions, computed once and shipped as data (``data/account_once.txt``).

An account-once method (:data:`mahjong_arbiter.selection.ACCOUNT_ONCE_POLICIES`) reads of its
candidates only their rules, values, order and which groups they share, and of the Reading only
how many copies of each of those groups it holds.  Renaming the groups ``0, 1, 2, ...`` in order
of first use gives the same answer, so that renamed input (:func:`abstract_key`) keys a table of
answers: the kept candidates and, for each other one, the rule and principle that refused it, by
position.  The table is filled by the methods themselves, by scoring the hands :func:`table_hands`
lists (every hand of four chows or suited pungs, at least two of one kind, with a few pairs, won
on a discard or from the wall, with and without a declared set) and writing down every input met
and its answer; an input the table lacks is searched as before.  So a lookup is the search's own
answer, found without searching (Green Book 2006 §3.9.1.5 is applied by the methods alone).

``python -m mahjong_arbiter.account_once_table`` rewrites the table; ``--check`` only compares and
exits 1 on a difference.  ``tests/test_account_once_table.py`` regenerates a sample of it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations_with_replacement
from pathlib import Path
from sys import intern
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .hand import Hand, Meld
    from .selection import Candidate, Dropped
    from .tiles import Tile

__all__ = ["Key", "Answer", "abstract_key", "answer_of", "lookup", "table_hands", "generate_table_text", "main"]

TABLE_FILE: Final = Path(__file__).parent / "data" / "account_once.txt"
PROFILES: Final = ("mcr", "mcr-mil")
"""The built-in profiles whose rules and values the table is generated under (one per method)."""

Candidates = tuple[tuple[str, int | float, tuple[int, ...]], ...]
"""Each candidate's rule, value and groups, the groups renamed 0, 1, 2, ... in order of first use."""
Key = tuple[str, Candidates, tuple[int, ...]]
"""The method's name, the renamed candidates, and how many copies the Reading holds of each group."""
Answer = tuple[tuple[int, ...], tuple[tuple[int, str, str], ...]]
"""The kept candidates' positions, and each refused one's position, refusing rule and principle."""

_table: dict[Key, Answer] | None = None
_recording: dict[Key, Answer] | None = None  # set while the table is generated: every input met


def abstract_key(method: str, cands: Sequence[Candidate], copies: Callable[[int], int] | None) -> Key:
    """The renamed input of an account-once method, given how many *copies* the Reading holds of a
    group (by its order; None: one of each).  The candidates come in primary order, as selection
    makes them (the methods sort them; the table holds sorted inputs only)."""
    local: dict[int, int] = {}
    name = local.setdefault  # a group's new name: the next number, unless it has one
    renamed = []
    for rule, instance, value, _ in cands:
        if len(instance) == 2:  # (most combinations; no comprehension call: named left to right)
            first, second = instance
            groups: tuple[int, ...] = (name(first.order, len(local)), name(second.order, len(local)))
        else:
            groups = tuple([name(g.order, len(local)) for g in instance])
        renamed.append((rule, value, groups))
    return method, tuple(renamed), (1,) * len(local) if copies is None else tuple(map(copies, local))


def answer_of(cands: Sequence[Candidate], result: tuple[list[Candidate], list[Dropped]]) -> Answer:
    """A method's *result* on *cands* written by position."""
    position = {id(c): i for i, c in enumerate(cands)}
    kept, dropped = result
    return tuple(position[id(c)] for c in kept), tuple((position[id(c)], by, why) for c, by, why in dropped)


def lookup(key: Key) -> Answer | None:
    """The shipped answer for *key*, if the table holds it (none while the table is generated)."""
    global _table
    if _recording is not None:
        return None
    if _table is None:
        _table = _read(TABLE_FILE.read_text(encoding="ascii"))
    return _table.get(key)


def record(key: Key, cands: Sequence[Candidate], result: tuple[list[Candidate], list[Dropped]]) -> None:
    """Note a searched input and its answer while the table is generated (otherwise nothing)."""
    if _recording is not None:
        _recording[key] = answer_of(cands, result)


# --- the file ------------------------------------------------------------------------------------------
# One line per input: method, candidates (rule:value:groups, joined by "|"), copies, kept, refused
# (position:rule:principle, joined by "|"); groups and positions are dot-separated integers.
def _number(text: str) -> int | float:
    return float(text) if "." in text or "e" in text else int(text)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".")) if text else ()


def _read(text: str) -> dict[Key, Answer]:
    table: dict[Key, Answer] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        method, cands, copies, kept, refused = line.split("\t")
        renamed = []
        for part in cands.split("|"):
            rule, value, groups = part.split(":")
            renamed.append((intern(rule), _number(value), _ints(groups)))  # (compared by identity)
        dropped = []
        for part in refused.split("|") if refused else ():
            index, by, why = part.split(":")
            dropped.append((int(index), intern(by), why))
        table[(intern(method), tuple(renamed), _ints(copies))] = (_ints(kept), tuple(dropped))
    return table


def _dotted(values: Sequence[int]) -> str:
    return ".".join(map(str, values))


def _line(key: Key, answer: Answer) -> str:
    method, renamed, copies = key
    kept, dropped = answer
    cands = "|".join(f"{rule}:{value!r}:{_dotted(groups)}" for rule, value, groups in renamed)
    refused = "|".join(f"{index}:{by}:{why}" for index, by, why in dropped)
    return "\t".join((method, cands, _dotted(copies), _dotted(kept), refused))


# --- generating it ---------------------------------------------------------------------------------
_SUITED_SETS: Final = tuple((i, i + 1, i + 2) for s in range(3) for i in range(9 * s, 9 * s + 7)) + tuple(
    (i, i, i) for i in range(27)
)
"""The 21 chows and 27 suited pungs, as kind indexes."""
_PAIRS: Final = (4, 13, 22, 27)
"""The pairs of a hand of four chows: 5m 5p 5s (the terminal-chow fans read a pair of fives) and an
honour; a hand with a pung takes the honour only (no fan that reads the pair holds a pung)."""


def table_hands(sets: Sequence[tuple[int, int, int]] = _SUITED_SETS) -> Iterator[tuple[Hand, bool]]:
    """The hands the table is generated from, each with whether it was self-drawn: every multiset
    of four of *sets* holding two chows or two pungs, with each of its pairs (:data:`_PAIRS`; no
    kind more than four times), won on a discard of the lowest tile of each distinct set, from the
    wall, and with the first set declared as an exposed meld, on a discard of each other set's
    lowest tile (so equal sets are met both as one group held twice and as different groups)."""
    from .hand import Hand, Meld
    from .tiles import Tile

    tiles = [Tile.at(i) for i in range(34)]
    for combo in combinations_with_replacement(range(len(sets)), 4):
        chosen = [sets[k] for k in combo]
        chows = sum(1 for s in chosen if s[0] != s[1])
        if chows < 2 and len(chosen) - chows < 2:
            continue
        counts = [0] * 34
        for s in chosen:
            for i in s:
                counts[i] += 1
        for pair in _PAIRS if chows == len(chosen) else _PAIRS[-1:]:
            counts[pair] += 2
            if max(counts) <= 4:
                yield from _won(chosen, counts, tiles, Hand, Meld)
            counts[pair] -= 2


def _won(chosen: list[tuple[int, int, int]], counts: list[int], tiles: list[Tile], hand: type[Hand],
         meld_of: type[Meld]) -> Iterator[tuple[Hand, bool]]:
    """The ways :func:`table_hands` wins one set of counts."""
    standing = tuple(tiles[i] for i in range(34) for _ in range(counts[i]))
    firsts = sorted({s[0] for s in chosen})
    for first in firsts:
        yield hand(standing, winning_tile=tiles[first]), False
    yield hand(standing, winning_tile=tiles[firsts[0]]), True
    declared = chosen[0]
    meld = meld_of.pung(tiles[declared[0]]) if declared[0] == declared[1] else meld_of.chow(tiles[declared[0]])
    rest = list(counts)
    for i in declared:
        rest[i] -= 1
    concealed = tuple(tiles[i] for i in range(34) for _ in range(rest[i]))
    for first in sorted({s[0] for s in chosen[1:]}):
        yield hand(concealed, melds=(meld,), winning_tile=tiles[first]), False


def generate_table_text(hands: Iterator[tuple[Hand, bool]] | None = None) -> str:
    """The table's text: every account-once input met scoring *hands* (default
    :func:`table_hands`) under each of :data:`PROFILES`, with the method's own answer."""
    from . import account_once_table as shared  # this module as selection imports it (not __main__)
    from .errors import ArbiterError
    from .hand import Context
    from .profiles.loader import load_profile
    from .scoring import score

    profiles = [load_profile(pid) for pid in PROFILES]
    found: dict[Key, Answer] = {}
    shared._recording = found
    try:
        for hand, self_drawn in hands if hands is not None else table_hands():
            context = Context(self_drawn=self_drawn)
            for profile in profiles:
                try:
                    score(hand, context, profile)
                except ArbiterError:
                    continue
    finally:
        shared._recording = None
    lines = sorted(_line(key, answer) for key, answer in found.items())
    header = "# account-once answers by renamed input: python -m mahjong_arbiter.account_once_table (do not edit)\n"
    return header + "".join(line + "\n" for line in lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_arbiter.account_once_table",
        allow_abbrev=False,
        description="Regenerate the account-once table (data/account_once.txt) from the account-once methods; "
        "with --check, only compare it with the shipped table and exit 1 on a difference.",
    )
    parser.add_argument("--check", action="store_true", help="compare with the shipped table, write nothing")
    args = parser.parse_args(argv)
    text = generate_table_text()
    if args.check:
        same = TABLE_FILE.exists() and TABLE_FILE.read_text(encoding="ascii") == text
        print("the account-once table is up to date" if same else "the account-once table differs from its methods")
        return 0 if same else 1
    TABLE_FILE.write_text(text, encoding="ascii")
    print(f"wrote {TABLE_FILE} ({len(text.encode())} bytes, {text.count(chr(10)) - 1} inputs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
