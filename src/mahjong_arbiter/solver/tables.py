"""Regenerate the fast path's per-suit split and wait tables from the CP-SAT model.

``python -m mahjong_arbiter.solver.tables`` rewrites ``solver/data/suit_splits.txt`` and
``solver/data/suit_waits.txt``; ``python -m mahjong_arbiter.solver.tables --check`` only compares
and exits 1 on a difference.  One CP-SAT model with free counts
(:func:`~mahjong_arbiter.solver.cpsat.suit_table_model`, one fifth copy allowed) enumerates every
split of every count vector of one suit at once (a few seconds); the split table keeps the vectors
a hand can hold, the wait table reads each split's vector back to the vectors one tile short of it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .suit_table import TABLE_FILE, WAIT_FILE, format_table, format_wait_table, shipped_table_text

__all__ = ["generate_tables", "generate_table_text", "main"]


def generate_tables() -> dict[str, str]:
    """Each table file's name and text, computed now by CP-SAT."""
    from .cpsat import suit_table_splits

    splits = suit_table_splits(fifth=True)
    return {TABLE_FILE: format_table(splits), WAIT_FILE: format_wait_table(splits)}


def generate_table_text() -> str:
    """The split table's text, computed now by CP-SAT."""
    return generate_tables()[TABLE_FILE]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_arbiter.solver.tables",
        allow_abbrev=False,
        description="Regenerate the fast path's per-suit split table (solver/data/suit_splits.txt) from the "
        "CP-SAT model; with --check, only compare it with the shipped table and exit 1 on a difference.",
    )
    parser.add_argument("--check", action="store_true", help="compare with the shipped table, write nothing")
    args = parser.parse_args(argv)
    tables = generate_tables()
    if args.check:
        stale = [name for name, text in tables.items() if text != shipped_table_text(name)]
        print(f"differs from CP-SAT: {', '.join(stale)}" if stale else "suit tables are up to date")
        return 1 if stale else 0
    for name, text in tables.items():
        path = Path(__file__).parent / "data" / name
        path.write_text(text, encoding="ascii")
        print(f"wrote {path} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
