"""The keys a profile's tables may hold, what each means and who reads it.

The loader refuses any other key, so a misspelt policy or shape option fails at load time with
the file and the field named, instead of being ignored.  A key ending in ``_source`` documents
the key it extends (``max_chows_source`` cites where ``max_chows`` comes from) and is always
allowed beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["TABLE_KEYS", "PARAM_KEYS", "INCIDENT_KEYS", "INCIDENT_EFFECTS", "PROSE_KEYS", "unknown_keys"]

TABLE_KEYS: Final[Mapping[str, Mapping[str, str]]] = {
    "policies": {
        "account_once": "MCR: how account-once is applied: exhaustive | mil-count-limits (selection.py)",
        "wait_held_out_counts": "MCR: a kind whose four copies the winner holds is a wait (rules/mcr_waits.py); "
        "the shanten then does not count copies (teaching/policy.py)",
        "nine_gates_terminal_pungs": "MCR: terminal pungs Nine Gates absorbs: all | one (rules/mcr_special.py)",
        "last_tile_from_own_melds": "MCR: Last Tile also when the winner's melds show the copies (rules/mcr_win.py)",
        "self_draw_points_on_loose_tile": "classical: the +2 from the wall also on a loose tile (classical_bonuses)",
        "concealed_double_on_loose_tile": "classical: the concealed double also on a loose tile (classical_doubles)",
        "fixed_hand_cap": "classical: limit | hand | none, how a fixed hand and its bonus tiles meet the limit "
                          "(scoring/classical.py)",
        "special_hand_replaces_ordinary": "classical: a reading that is a special hand is scored only as one "
                                          "(scoring/classical.py)",
        "purity_exposed_chow": "classical: Purity's one chow may be exposed (rules/tm_calculated.py)",
        "concealed_double_honours": "classical: honours the fully concealed double needs: none | any | set "
        "(classical_doubles)",
        "all_honours_shape": "classical: All Winds and Dragons in any winning shape, or standard (pungs and a "
        "pair) only (classical_limits)",
        "buried_treasure_concealed_kongs": "classical: a declared concealed kong may be one of Buried Treasure's "
        "pungs (classical_limits)",
        "buried_treasure_discard_pung": "classical: the pung a winning discard completes may be one of Buried "
        "Treasure's pungs (classical_limits)",
    },
    "shapes": {
        "standard": "four sets and a pair may win (solver)",
        "special": "the special shapes that may win, by name (solver/shapes.py registry)",
        "seven_pairs_four_of_a_kind": "four identical tiles may count as two of the seven pairs (solver)",
        "max_chows": "classical: most chows an ordinary winning hand may hold (scoring/classical.py)",
        "chow_special_hands": "classical: special hands of sets may hold more chows than max_chows, so the "
        "teaching tools measure such hands too (teaching/shanten.py, teaching/targets.py)",
        "out_of_scope": "faan: hand names the source puts out of its scope (scoring/faan.py)",
        "laid_melds_on_discard": "faan: declared (laid) melds a hand needs to win on a discard (scoring/faan.py)",
    },
    "settlement": {
        "method": "how a hand is paid: classical | mcr | hong-kong (profiles/table_rules.py, table/)",
        "source": "where the settlement rules come from",
        "draw": "a drawn hand: none (no payments) | pairwise (classical: everyone scores against everyone)",
        "east_multiplier": "classical: payments with East on one side are multiplied by this (past the limit)",
        "cap_at_limit": "classical: every score is capped at the limit before payment (default true)",
        "base": "mcr: what every loser pays the winner before the hand's points",
        "no_table_reason": "hong-kong: why a win is refused when [payments] names no table",
        "incidents": "the incident kinds the table may report: [settlement.incidents.<kind>] with an effect",
    },
    "payments": {
        "table": "Hong Kong: the active payment table, a name under tables (scoring/faan.py, table/)",
        "tables": "Hong Kong: faan to base-points tables, each with steps and a source",
        "responsibility": "Hong Kong: who pays for a discard win, a name under shares (half | full)",
        "shares": "Hong Kong: the portions each loser pays: self_drawn (each_loser), and per responsibility "
        "(discarder, other), with sources",
    },
    "progression": {
        "kind": "east_cycle (East keeps or passes the deal) | fixed (the deal passes after every hand)",
        "after_east_win": "east_cycle: stays | passes; left out where the source is silent (the table chooses)",
        "after_draw": "east_cycle: stays | passes; left out where the source is silent (the table chooses)",
        "source": "where the progression comes from",
    },
}
"""For each merged table of a profile file, its keys and what they mean."""

PARAM_KEYS: Final[Mapping[str, str]] = {
    "combining": "MCR: the fan combines sets, so account-once applies to it (selection.py)",
    "only_when_alone": "MCR: counts only when no other fan does (Chicken Hand)",
    "bonus": "counts outside the minimum (MCR Flower Tiles, Hong Kong bonus tiles)",
    "bonus_part": "classical: doubles that apply only to the bonus-tile points of a fixed-value hand",
    "calculated": "classical: a special hand scored by calculation (true: tile points x 2^doubles; "
                  "\"ordinary\": its ordinary score)",
    "fishing": "classical: what a loser fishing for this hand scores",
    "fishing_doubles": "classical: doubles a fishing loser adds",
    "non_winner": "classical: a loser's incomplete hand worth the limit (Buzzard section E)",
    "exposure": "classical: full | half | concealed, what an exposed pung or kong does to a special hand",
    "minimum": "faan: whether the item counts towards the minimum",
    "scope_note": "faan: the note shown when an out-of-scope hand is met",
}
"""The keys of a rule's ``params`` table."""


INCIDENT_KEYS: Final[Mapping[str, str]] = {
    "effect": "what the incident does: one of INCIDENT_EFFECTS (profiles/table_rules.py)",
    "meaning": "what the incident is at the table, in players' words",
    "source": "where the incident and its penalty come from",
}
"""The keys every ``[settlement.incidents.<kind>]`` table may hold."""

INCIDENT_EFFECTS: Final[Mapping[str, Mapping[str, str]]] = {
    "refused": {"reason": "why settling it is refused: the source leaves the case open (open_case)"},
    "pays_for_all": {
        "discarder_only": "the player must have discarded the winning tile (default true)",
        "excusable": "the incident may carry excused: true (an accepted excuse), restoring ordinary settlement",
    },
    "penalty_to_each": {
        "limits": "the penalty to each other player as a multiple of the limit",
        "points": "the penalty to each other player in points",
        "portion_at_cap": "hong-kong: the penalty is a whole self-drawn win at the faan cap (3 self-draw shares)",
        "east_doubles": "classical: East's multiplier applies to the penalty",
        "withdrawable": "an incident with exposed: false (withdrawn in time) pays nothing (default true)",
    },
    "dead_hand": {
        "too_few_keeps_score": "too few tiles: the hand keeps its score among the losers, both ways (default false)",
    },
    "collects_limit": {},
    "cannot_win": {},
}
"""Each incident effect and the keys of its own (besides INCIDENT_KEYS)."""

PROSE_KEYS: Final[frozenset[str]] = frozenset({"source", "sources", "meaning", "reason", "label", "no_table_reason"})
"""Keys whose values are citations or words for people: they never decide a score or a payment,
so the profile fingerprint leaves them out (as it does every key ending in ``_source``)."""


def unknown_keys(table: Mapping[str, object], known: Mapping[str, str]) -> list[str]:
    """The keys of *table* that are neither known nor the ``_source`` of a known key.

    >>> unknown_keys({"max_chows": 1, "max_chows_source": "BMJA", "max_chow": 2}, TABLE_KEYS["shapes"])
    ['max_chow']
    """
    return sorted(
        key for key in table if key not in known and not (key.endswith("_source") and key[:-7] in known)
    )
