"""The solver's docstring examples run as tests (the public API is documented by them)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "mahjong_arbiter.solver",
    "mahjong_arbiter.solver.api",
    "mahjong_arbiter.solver.cpsat",
    "mahjong_arbiter.solver.csp",
    "mahjong_arbiter.solver.diagnose",
    "mahjong_arbiter.solver.fast",
    "mahjong_arbiter.solver.placement",
    "mahjong_arbiter.solver.reading",
    "mahjong_arbiter.solver.shapes",
    "mahjong_arbiter.solver.suit_table",
    "mahjong_arbiter.solver.validate",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
