"""Regenerate the fast path's per-suit split table from the CP-SAT model.

``python -m mahjong_arbiter.solver.tables`` rewrites ``solver/data/suit_splits.txt``;
``python -m mahjong_arbiter.solver.tables --check`` only compares and exits 1 on a difference.
One CP-SAT model with free counts (:func:`~mahjong_arbiter.solver.cpsat.suit_table_model`) enumerates
every split of every count vector of one suit at once (a few seconds).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .suit_table import TABLE_FILE, format_table, shipped_table_text

__all__ = ["generate_table_text", "main"]


def generate_table_text() -> str:
    """The table file's text, computed now by CP-SAT."""
    from .cpsat import suit_table_splits

    return format_table(suit_table_splits())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_arbiter.solver.tables",
        description="Regenerate the fast path's per-suit split table (solver/data/suit_splits.txt) from the "
        "CP-SAT model; with --check, only compare it with the shipped table and exit 1 on a difference.",
    )
    parser.add_argument("--check", action="store_true", help="compare with the shipped table, write nothing")
    args = parser.parse_args(argv)
    text = generate_table_text()
    if args.check:
        same = text == shipped_table_text()
        print("suit table is up to date" if same else "suit table differs from CP-SAT")
        return 0 if same else 1
    path = Path(__file__).parent / "data" / TABLE_FILE
    path.write_text(text, encoding="ascii")
    print(f"wrote {path} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
