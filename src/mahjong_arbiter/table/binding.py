"""Binding a profile to the table: its settlement policy, fingerprint, limit and payments.

A profile names its settlement policy by id (``[settlement] policy = "hk-spicy"``); a Hong Kong
profile's ``[payments]`` picks the payment table (``table``, with its ``steps`` under
``[payments.tables.<name>]``) and the ``responsibility``.  A bare settlement-policy id with no
profile file binds with fingerprint ``""``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import ArbiterError
from .policies import POLICIES, HongKongPolicy, PaymentTable, Policy, settlement_policy

__all__ = ["ProfileBinding", "has_profile_file", "bind_profile", "bound_policy"]


@dataclass(frozen=True, slots=True)
class ProfileBinding:
    """What a game pins: the policy id, the profile's fingerprint and limit, HK payment choices."""

    policy: str
    fingerprint: str
    limit: int | None
    payments: Mapping[str, Any]


def _table(name: object, payments: Mapping[str, Any]) -> PaymentTable:
    """The named table: the profile's own ``[payments.tables.<name>]`` steps, else a built-in one."""
    own = payments.get("tables", {}).get(name) if isinstance(payments.get("tables"), Mapping) else None
    if isinstance(own, Mapping) and "steps" in own:
        try:
            steps = tuple((int(a), int(b)) for a, b in own["steps"])
        except (TypeError, ValueError) as exc:
            raise ArbiterError("bad_profile", f"[payments.tables.{name}] steps: {exc}") from exc
        return PaymentTable(id=str(name), source=str(own.get("source", "")), steps=steps)
    builtin = {p.table.id: p.table for p in POLICIES.values() if isinstance(p, HongKongPolicy) and p.table}
    if name not in builtin:
        raise ArbiterError("bad_profile", f"[payments] table {name!r}: known tables are {sorted(builtin)}")
    return builtin[str(name)]


def _payment_overrides(payments: Mapping[str, Any], policy: Policy) -> dict[str, Any]:
    """A profile's ``[payments]`` (``table``, ``responsibility``) as policy field values."""
    if not payments:
        return {}
    if not isinstance(policy, HongKongPolicy):
        raise ArbiterError("bad_profile", f"[payments] applies to Hong Kong policies, not {policy.id}")
    out: dict[str, Any] = {}
    for key, value in payments.items():
        if key == "table":
            out["table"] = _table(value, payments)
        elif key == "responsibility":
            if value not in ("half", "full"):
                raise ArbiterError("bad_profile", f"[payments] responsibility {value!r}: 'half' or 'full'")
            out["responsibility"] = value
    return out


def bind_profile(profile: str, policy: str | None = None) -> ProfileBinding:
    """Resolve a profile for a new game.

    A shipped profile (or a ``.toml`` path) is loaded: its fingerprint and limit are pinned and
    its ``[settlement] policy`` (or ``policy`` when given) names the settlement policy.  A bare
    settlement-policy id with no profile file pins fingerprint ``""``.
    """
    from ..profiles.loader import load_profile

    if has_profile_file(profile):
        loaded = load_profile(profile)
        base = policy or loaded.settlement.get("policy") or (loaded.id if loaded.id in POLICIES else None)
        if base is None:
            raise ArbiterError("unknown_policy", f"profile {profile} names no [settlement] policy; pass --policy ID")
        resolved = settlement_policy(loaded.id, base=str(base))
        _payment_overrides(loaded.payments, resolved)
        return ProfileBinding(resolved.id, loaded.fingerprint, loaded.limit, dict(loaded.payments))
    resolved = settlement_policy(profile, base=policy)
    return ProfileBinding(resolved.id, "", None, {})


def has_profile_file(profile: str) -> bool:
    """Whether ``profile`` is a shipped profile id or a ``.toml`` path (else a bare policy id)."""
    from ..profiles.loader import builtin_profile_ids

    return profile.endswith(".toml") or profile in builtin_profile_ids()


def bound_policy(policy_id: str, payments: Mapping[str, Any]) -> Policy:
    """The settlement policy ``policy_id`` with a profile's payment choices applied."""
    base = settlement_policy(policy_id)
    overrides = _payment_overrides(payments, base)
    return settlement_policy(policy_id, overrides=overrides) if overrides else base
