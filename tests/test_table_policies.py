"""The table companion's built-in policy data agrees with the profiles that name it."""

from __future__ import annotations


def test_built_in_payment_tables_match_the_hong_kong_profile() -> None:
    """The table companion keeps the three payment tables for bare policy ids; the profile data
    (hk-old-style.toml [payments.tables], hk.md section 3) is the source: they must not drift."""
    from mahjong_arbiter.profiles.loader import load_profile
    from mahjong_arbiter.table.policies import HALF_SPICY_TABLE, SIMPLE_TABLE, SPICY_TABLE

    tables = load_profile("hk-old-style").payments["tables"]
    for table in (SIMPLE_TABLE, HALF_SPICY_TABLE, SPICY_TABLE):
        assert [tuple(step) for step in tables[table.id]["steps"]] == list(table.steps), table.id


def test_built_in_limits_match_the_classical_profiles() -> None:
    """A bare policy id uses the policy's default limit; the profile of the same id says the same."""
    from mahjong_arbiter.profiles.loader import load_profile
    from mahjong_arbiter.table.policies import POLICIES

    for pid in ("bmja", "buzzard-2000", "codification"):
        assert POLICIES[pid].default_limit == load_profile(pid).limit, pid
