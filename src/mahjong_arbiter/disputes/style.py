"""Text for people: aligned columns and, on a terminal only, a little colour.

Colour follows the NO_COLOR convention (https://no-color.org): never when the ``NO_COLOR``
environment variable is set to anything non-empty, never when the output is not a terminal (a
pipe, a file given with ``-o``).

>>> Style(False).good("right")
'right'
>>> table([("a", "1"), ("bbb", "22")], align="<>")
['a     1', 'bbb  22']
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

__all__ = ["Style", "colour_wanted", "table"]


def colour_wanted(output_path: str | None, fmt: str | None) -> bool:
    """Whether text written to stdout may carry colour (a terminal, no ``NO_COLOR``, no ``-o``)."""
    if fmt not in (None, "text") or output_path not in (None, "-"):
        return False
    if os.environ.get("NO_COLOR", ""):
        return False
    return sys.stdout.isatty()


class Style:
    """ANSI emphasis when *enabled*, plain text otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled and text else text

    def bold(self, text: str) -> str:
        return self._wrap("1", text)

    def good(self, text: str) -> str:
        return self._wrap("1;32", text)

    def bad(self, text: str) -> str:
        return self._wrap("1;31", text)

    def dim(self, text: str) -> str:
        return self._wrap("2", text)


def table(rows: Sequence[Sequence[str]], align: str = "", gap: str = "  ") -> list[str]:
    """Rows of cells as lines with aligned columns; *align* gives ``<`` or ``>`` per column.

    Columns past the end of *align* are left-aligned; trailing spaces are removed.
    """
    if not rows:
        return []
    widths = [max(len(r[i]) if i < len(r) else 0 for r in rows) for i in range(max(len(r) for r in rows))]
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            how = align[i] if i < len(align) else "<"
            cells.append(cell.rjust(widths[i]) if how == ">" else cell.ljust(widths[i]))
        lines.append(gap.join(cells).rstrip())
    return lines
