"""The solver: a Hand becomes every Reading (CP-SAT canonical model, a CSP cross-check, a fast path).

The public names are loaded on first use, so importing the package imports neither OR-Tools nor
python-constraint (only the ``cpsat`` and ``csp`` backends do, when chosen).

>>> from mahjong_arbiter.solver import readings, waits
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import BACKENDS, Waits, decomposition_count, readings, waits
    from .diagnose import why_not_complete
    from .shapes import DEFAULT_SHAPES, SPECIAL_SHAPES, ShapeInput, ShapeOptions, SpecialShape, register_special_shape
    from .validate import reading_problems

__all__ = [
    "readings",
    "waits",
    "Waits",
    "decomposition_count",
    "why_not_complete",
    "reading_problems",
    "ShapeOptions",
    "SpecialShape",
    "ShapeInput",
    "DEFAULT_SHAPES",
    "SPECIAL_SHAPES",
    "register_special_shape",
    "BACKENDS",
]

_HOME = {
    "readings": "api",
    "waits": "api",
    "Waits": "api",
    "decomposition_count": "api",
    "BACKENDS": "api",
    "why_not_complete": "diagnose",
    "reading_problems": "validate",
    "ShapeOptions": "shapes",
    "SpecialShape": "shapes",
    "ShapeInput": "shapes",
    "DEFAULT_SHAPES": "shapes",
    "SPECIAL_SHAPES": "shapes",
    "register_special_shape": "shapes",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOME[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
