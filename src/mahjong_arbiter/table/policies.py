"""Settlement and progression policies as data, one frozen object per source, found by id.

A profile names its policy by id (``[settlement] policy = "buzzard-2000"``); the engine never
asks which profile it is running, only what the policy's fields say.  Three kinds:

* :class:`ClassicalPolicy` — losers pay the winner his score, losers settle differences
  pairwise, East pays and receives double; the incidents each source defines.
* :class:`McrPolicy` — every loser pays a base (8), the discarder also pays the points.
* :class:`HongKongPolicy` — a faan → points payment table and a responsibility rule.

Each carries a :class:`ProgressionPolicy` (who deals next, when the prevailing wind moves).
Where a source leaves a case open the field is ``None`` (or the incident kind is missing from
``incidents``) and the engine refuses with the reason in ``refusals`` instead of guessing.

>>> settlement_policy("bmja").default_limit
1000
>>> settlement_policy("my-club", base="buzzard-2000").id
'buzzard-2000'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final, Literal

from ..errors import ArbiterError

__all__ = [
    "DealRule",
    "ProgressionPolicy",
    "ClassicalPolicy",
    "McrPolicy",
    "PaymentTable",
    "HongKongPolicy",
    "Policy",
    "POLICIES",
    "settlement_policy",
]

DealRule = Literal["stays", "passes"]


def _frozen(mapping: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True)
class ProgressionPolicy:
    """Who is East next and when the prevailing wind advances.

    ``kind``: ``"east_cycle"`` (classical: East keeps or passes the deal; the prevailing wind
    advances once every player has held East and lost it) or ``"fixed"`` (MCR: the deal passes
    after every hand, the prevailing wind changes every four hands, 16 hands in all).
    ``after_east_win`` / ``after_draw``: ``"stays"`` or ``"passes"``; ``None`` when the source
    is silent, in which case the table must choose when it starts the game.
    """

    kind: Literal["east_cycle", "fixed"]
    after_east_win: DealRule | None
    after_draw: DealRule | None
    source: str
    rounds: int = 4


@dataclass(frozen=True, slots=True)
class ClassicalPolicy:
    """Western classical settlement (BMJA, Buzzard 2000, the Codification).

    Fields
    ------
    default_limit : the source's limit, used when the game or the hand gives none.
    east_multiplier : every payment with East on one side is multiplied by this (2); the
        limit does not cap it.
    draw : ``"none"`` (no payments) or ``"pairwise"`` (every player scores against every
        other, East double).
    false_mahjong_limits : the false-Mahjong penalty paid to each other player, as a multiple
        of the limit (Buzzard 2, BMJA and the Codification 1/2).
    false_mahjong_east_doubles : whether that penalty is doubled when East pays or receives it
        (only where the source says so).
    incidents : the incident kinds the source defines, each with its citation.
    refusals : for the kinds it does not define, why the engine refuses them.
    """

    id: str
    label: str
    source: str
    default_limit: int
    limit_source: str
    draw: Literal["none", "pairwise"]
    draw_source: str
    progression: ProgressionPolicy
    incidents: Mapping[str, str]
    refusals: Mapping[str, str]
    east_multiplier: int = 2
    false_mahjong_limits: Fraction | None = None
    false_mahjong_east_doubles: bool = False


@dataclass(frozen=True, slots=True)
class McrPolicy:
    """MCR settlement: each loser pays ``base`` (8); a discarder also pays the hand's points;
    on a self-draw each loser pays base + points; no East doubling (Green Book §3.9.1.2-3)."""

    id: str
    label: str
    source: str
    progression: ProgressionPolicy
    incidents: Mapping[str, str]
    refusals: Mapping[str, str]
    base: int = 8
    minimum_points: int = 8
    false_mahjong_penalty: int | None = None


@dataclass(frozen=True, slots=True)
class PaymentTable:
    """Faan → base points: ``steps`` is ``((from_faan, points), ...)`` in rising faan order."""

    id: str
    source: str
    steps: tuple[tuple[int, int], ...]

    def points(self, faan: int) -> int:
        """The points of the highest step at or below ``faan``.

        >>> SIMPLE_TABLE.points(5), SIMPLE_TABLE.points(12)
        (2, 8)
        """
        found = [points for start, points in self.steps if start <= faan]
        if not found:
            raise ArbiterError("bad_facts", f"payment table {self.id} starts at {self.steps[0][0]} faan, not {faan}")
        return found[-1]


@dataclass(frozen=True, slots=True)
class HongKongPolicy:
    """Hong Kong settlement: the winner's faan become a portion through ``table``.

    ``responsibility``: on a discard win, ``"half"`` (the discarder pays one portion, the two
    others half a portion each) or ``"full"`` (the discarder pays the two portions alone); on
    a self-draw each loser pays one portion (hk.md §3B).  ``table`` is ``None`` where the
    source gives no payment table: a win is then refused.
    """

    id: str
    label: str
    source: str
    table: PaymentTable | None
    responsibility: Literal["half", "full"]
    minimum_faan: int
    cap_faan: int
    progression: ProgressionPolicy
    incidents: Mapping[str, str]
    refusals: Mapping[str, str]
    table_refusal: str = ""


Policy = ClassicalPolicy | McrPolicy | HongKongPolicy

# --- Progression ---------------------------------------------------------------------------

_CLASSICAL_STAYS = ProgressionPolicy(
    kind="east_cycle",
    after_east_win="stays",
    after_draw="stays",
    source="BMJA: mahjongbritishrules.wordpress.com preparing-to-play (East keeps the deal on an "
    "East win and after a wash-out); full game E, S, W, N",
)
_BUZZARD_PROGRESSION = dataclasses.replace(
    _CLASSICAL_STAYS,
    source="Buzzard 2000, PDF p.7 rules 11-14 (seed 000 §G): dead hand and East win keep East, "
    "East losing passes to South, prevailing wind advances once all have held and lost East; "
    "four rounds",
)
_CODIFICATION_PROGRESSION = dataclasses.replace(
    _CLASSICAL_STAYS,
    after_draw="passes",
    source="Codification (seed 003), END OF GAME: on a dead round East wind moves to the next "
    "player; an East win keeping the deal is the classical rule it does not restate",
)
_MCR_PROGRESSION = ProgressionPolicy(
    kind="fixed",
    after_east_win="passes",
    after_draw="passes",
    source="MCR 2006: the dealer passes after every hand, a draw included; four rounds of four "
    "hands (mahjong-reference.md §4)",
)
_HK_PROGRESSION = ProgressionPolicy(
    kind="east_cycle",
    after_east_win=None,
    after_draw=None,
    source="hk.md and the Gameweave seed state no rule for the deal after a dealer win or a "
    "draw: the table chooses when it starts the game",
)

# --- Classical --------------------------------------------------------------------------------

_NO_LIABILITY = "{label} defines no dangerous-discard liability ({where})"
_NO_WRONG_COUNT = "{label} gives no settlement for a wrong tile count ({where})"
_NO_NON_WINNER = (
    "{label} has no incomplete hand worth the limit against two losers; a loser's own hand "
    "value is its score (the Buzzard ledger §E rule is Buzzard's alone)"
)


def _refusals(label: str, where: str, kinds: tuple[str, ...]) -> dict[str, str]:
    texts = {
        "liability": _NO_LIABILITY,
        "wrong_tile_count": _NO_WRONG_COUNT,
        "non_winner_limit": _NO_NON_WINNER,
        "false_mahjong": "{label} states no false-Mahjong penalty ({where})",
    }
    return {k: texts[k].format(label=label, where=where) for k in kinds}


BUZZARD_2000 = ClassicalPolicy(
    id="buzzard-2000",
    label="Buzzard 2000",
    source="Jonathan Buzzard, Mah-Jongg: the Game and How To Play It (2000); seed 000 §F-J",
    default_limit=600,
    limit_source="PDF p.8: the players agree a maximum, 'say, 600' (seed 000 §D)",
    draw="none",
    draw_source="PDF p.7 rule 12: a dead hand is not scored (seed 000 §G)",
    progression=_BUZZARD_PROGRESSION,
    incidents=_frozen(
        {
            "liability": "PDF p.12 ERRORS AND PENALTIES: the discarder of the tile completing a "
            "visibly dangerous hand pays the winner for all three losers; no loser-to-loser "
            "settlement (seed 000 §I)",
            "false_mahjong": "PDF p.12: a fully exposed false Mahjong pays double the limit to "
            "each other player; before full exposure the call may be withdrawn (seed 000 §I)",
            "wrong_tile_count": "PDF p.7 rule 12: the hand is dead; too many tiles pays the "
            "others' scores without deducting its own, too few deducts its own first "
            "(seed 000 §I)",
            "non_winner_limit": "PDF pp.11-12: an incomplete Four-Wind-family or Three-Dragon "
            "hand takes the limit from the other two losers and still pays the winner "
            "(seed 000 §E)",
        }
    ),
    refusals=_frozen({}),
    false_mahjong_limits=Fraction(2),
    false_mahjong_east_doubles=False,
)

BMJA = ClassicalPolicy(
    id="bmja",
    label="BMJA",
    source="BMJA rules as explained at mahjong-britishrules.com (Headley & Seeley, Know the Game)",
    default_limit=1000,
    limit_source="mahjong-britishrules.com/scoring/working-out-the-scores: limit normally 1,000",
    draw="none",
    draw_source="mahjongbritishrules.wordpress.com preparing-to-play: tallies are settled once "
    "someone has gone Mah-Jong, so a wash-out moves nothing (bmja.md §6)",
    progression=_CLASSICAL_STAYS,
    incidents=_frozen(
        {
            "false_mahjong": "kajongg's BMJA ruleset (KDE/kajongg src/predefined.py): a false "
            "Mah-Jong pays half the limit to each other player (bmja.md §6); no East doubling "
            "is stated",
        }
    ),
    refusals=_frozen(
        _refusals(
            "BMJA",
            "bmja.md §6-8: BMJA penalties beyond false Mah-Jong were not found in a primary text",
            ("liability", "wrong_tile_count", "non_winner_limit"),
        )
    ),
    false_mahjong_limits=Fraction(1, 2),
    false_mahjong_east_doubles=False,
)

CODIFICATION = ClassicalPolicy(
    id="codification",
    label="Codification of Tile Gaming Principles",
    source="The Codification of Tile Gaming Principles (seed 003)",
    default_limit=500,
    limit_source="seed 003, Limit Hand: 'the limit score of 500' (East pays and collects double)",
    draw="pairwise",
    draw_source="seed 003, END OF GAME: on a dead round everyone scores against each other",
    progression=_CODIFICATION_PROGRESSION,
    incidents=_frozen(
        {
            "false_mahjong": "seed 003, PENALTIES 1: the declarer pays half the limit to all "
            "others, East paying and collecting double",
        }
    ),
    refusals=_frozen(
        _refusals(
            "the Codification",
            "seed 003, PENALTIES 3-4: a short or long hand is regularised in play, with no payment",
            ("liability", "wrong_tile_count", "non_winner_limit"),
        )
    ),
    false_mahjong_limits=Fraction(1, 2),
    false_mahjong_east_doubles=True,
)

# --- MCR --------------------------------------------------------------------------------------

_MCR_SOURCE = "Mahjong Competition Rules (WMO Green Book, 2006) §3.9.1.2-3 (mcr-fans.md)"
_MCR_REFUSALS = _refusals("MCR", "the Green Book sections in mcr-fans.md", ("liability", "wrong_tile_count")) | {
    "non_winner_limit": "MCR: only the winner scores (Green Book §3.9.1.2-3)"
}

MCR = McrPolicy(
    id="mcr",
    label="MCR (Green Book 2006)",
    source=_MCR_SOURCE,
    progression=_MCR_PROGRESSION,
    incidents=_frozen(
        {
            "false_mahjong": "Sloper, column 289 example 6 (mcr-fans.md): a false Mahjong pays "
            "a 10-point penalty to each other player",
        }
    ),
    refusals=_frozen(_MCR_REFUSALS),
    false_mahjong_penalty=10,
)
MCR_MIL = dataclasses.replace(
    MCR,
    id="mcr-mil",
    label="MCR, MIL reading",
    source=_MCR_SOURCE + "; the MIL reading changes fan counting, not settlement",
)

# --- Hong Kong ----------------------------------------------------------------------------------

SIMPLE_TABLE = PaymentTable(
    id="simple",
    source="Wikipedia, Mahjong, Old Hong Kong simplified base points (hk.md §3A)",
    steps=((3, 1), (4, 2), (7, 4), (10, 8)),
)
_HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)
_SPICY = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192)
HALF_SPICY_TABLE = PaymentTable(
    id="half-spicy",
    source="yawnoc/mahjong-scorer README, half-spicy 半辣上 (hk.md §3B)",
    steps=tuple(enumerate(_HALF_SPICY)),
)
SPICY_TABLE = PaymentTable(
    id="spicy",
    source="yawnoc/mahjong-scorer README, spicy 辣辣上 (hk.md §3B)",
    steps=tuple(enumerate(_SPICY)),
)

_HK_INCIDENTS = _frozen(
    {
        "liability": "Wikipedia, Hong Kong mahjong scoring rules: the discarder of a high-risk "
        "tile pays for the other two; yawnoc README: on a guaranteed self-draw 包自摸 the liable "
        "player pays all three portions (hk.md §1, §3B)",
        "false_mahjong": "yawnoc README: a false win pays each other player the self-draw "
        "portion at the maximum faan (hk.md §3B)",
    }
)
_HK_REFUSALS = _refusals("Hong Kong", "hk.md", ("wrong_tile_count",)) | {
    "non_winner_limit": "Hong Kong: only the winner scores; losers pay (hk.md §1)"
}

HK_OLD_STYLE = HongKongPolicy(
    id="hk-old-style",
    label="Hong Kong Old Style, simple base table, half responsibility",
    source="hk.md §3A (table, 3-faan minimum) and §3B (responsibility); cap 13 faan (§1)",
    table=SIMPLE_TABLE,
    responsibility="half",
    minimum_faan=3,
    cap_faan=13,
    progression=_HK_PROGRESSION,
    incidents=_HK_INCIDENTS,
    refusals=_frozen(_HK_REFUSALS),
)
HK_OLD_STYLE_FULL = dataclasses.replace(
    HK_OLD_STYLE,
    id="hk-old-style-full",
    label="Hong Kong Old Style, simple base table, full responsibility",
    responsibility="full",
)
HK_HALF_SPICY = dataclasses.replace(
    HK_OLD_STYLE,
    id="hk-half-spicy",
    label="Hong Kong, half-spicy table, half responsibility",
    source="hk.md §3B (yawnoc/mahjong-scorer README); 3-faan minimum and 13-faan cap (§1)",
    table=HALF_SPICY_TABLE,
)
HK_SPICY = dataclasses.replace(
    HK_HALF_SPICY,
    id="hk-spicy",
    label="Hong Kong, spicy table, half responsibility",
    table=SPICY_TABLE,
)
HK_GAMEWEAVE = dataclasses.replace(
    HK_OLD_STYLE,
    id="hk-gameweave",
    label="Hong Kong, Gameweave faan set",
    source="Gameweave Hong Kong Mahjong (seed 004): 1 faan for any legal win, capped at 13",
    table=None,
    minimum_faan=1,
    table_refusal="the Gameweave rules (seed 004) give faan but no payment table; settle a win "
    "under a house profile whose settlement policy names one (hk-old-style, hk-half-spicy, "
    "hk-spicy)",
)

POLICIES: Final[Mapping[str, Policy]] = MappingProxyType(
    {
        p.id: p
        for p in (
            BUZZARD_2000,
            BMJA,
            CODIFICATION,
            MCR,
            MCR_MIL,
            HK_OLD_STYLE,
            HK_OLD_STYLE_FULL,
            HK_HALF_SPICY,
            HK_SPICY,
            HK_GAMEWEAVE,
        )
    }
)


def settlement_policy(profile_id: str, base: str | None = None, overrides: Mapping[str, Any] | None = None) -> Policy:
    """The settlement policy of a profile.

    Parameters
    ----------
    profile_id : a policy id (``"buzzard-2000"``), or a house-rules profile id when ``base``
        is given.
    base : the policy id the house profile's ``[settlement] policy`` names; it wins over
        ``profile_id``.
    overrides : field values a house profile changes (e.g. ``{"default_limit": 800}``); an
        unknown field is an error.

    Raises
    ------
    ArbiterError
        ``unknown_policy`` naming the id and the known ones.
    """
    wanted = base if base is not None else profile_id
    policy = POLICIES.get(wanted)
    if policy is None:
        known = ", ".join(sorted(POLICIES))
        hint = "" if base is not None else "; a house-rules profile must name its base policy"
        raise ArbiterError("unknown_policy", f"unknown settlement policy {wanted!r} (known: {known}){hint}")
    if not overrides:
        return policy
    names = {f.name for f in dataclasses.fields(policy)}
    for key in overrides:
        if key not in names or key == "id":
            raise ArbiterError("unknown_policy", f"settlement policy {policy.id} has no field {key!r} to change")
    return dataclasses.replace(policy, **dict(overrides))
