"""What a rule needs, in words, and what this hand lacks: the "why didn't X count?" explainers.

Each entry of :data:`REQUIREMENTS` is keyed by a Green Book 2006 fan's rule id (``mcr.pure-straight``;
a rule of another profile with the same English name is a different rule) and gives the requirement
in one clause and a
function that names, from the hand and its Readings, the closest miss: "Pure Straight needs 123,
456 and 789 of one suit; this hand has no 789p".  The requirements restate the fan definitions of
the Green Book 2006 (section 3.8, fans 1-81); a rule without an entry is explained by
:mod:`.why` in the words of the profile's rulebook.

>>> from mahjong_arbiter.hand import Hand, Context
>>> from mahjong_arbiter.solver.reading import Group, Reading, Wait
>>> from mahjong_arbiter.tiles import Tile
>>> T = Tile.of
>>> groups = [Group.chow(T("1p")), Group.chow(T("4p")), Group.chow(T("2s")), Group.pung(T("E")), Group.pair(T("5m"))]
>>> r = Reading.make("standard", groups, groups[0], T("1p"), Wait.EDGE)
>>> hand = Hand(tuple(t for g in groups for t in g.tiles), winning_tile=T("1p"))
>>> explain_missing("mcr.pure-straight", "Pure Straight", Facts(hand, Context(), (r,), ()))
'Pure Straight needs 123, 456 and 789 of one suit; this hand has no 789p'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import permutations

from ..hand import Context, Hand
from ..result import group_text
from ..solver.reading import Group, GroupKind, Reading
from ..tiles import SUITS, Tile

__all__ = ["Facts", "Requirement", "REQUIREMENTS", "explain_missing"]

_SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}


@dataclass(frozen=True)
class Facts:
    """What an explainer may look at: the hand, its context, its Readings, the tiles it waited on."""

    hand: Hand
    context: Context
    readings: tuple[Reading, ...]
    waits: tuple[Tile, ...]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self.hand.all_tiles

    @property
    def standard(self) -> tuple[Reading, ...]:
        return tuple(r for r in self.readings if r.shape == "standard")

    def suits(self) -> list[str]:
        return [s for s in SUITS if any(t.suit == s for t in self.tiles)]

    def honours(self) -> list[Tile]:
        return sorted({t for t in self.tiles if t.is_honour})


@dataclass(frozen=True)
class Requirement:
    """A fan's requirement in one clause, and a function naming what this hand lacks."""

    needs: str
    lacks: Callable[[Facts], str]


def _chow(suit: str, start: int) -> str:
    return f"{start}{start + 1}{start + 2}{suit}"


def _chows(reading: Reading) -> list[Group]:
    return [g for g in reading.groups if g.kind is GroupKind.CHOW]


def _pungs(reading: Reading) -> list[Group]:
    return [g for g in reading.groups if g.is_pung_or_kong]


def _chow_keys(reading: Reading) -> Counter[tuple[str, int]]:
    return Counter((g.first.suit, g.first.rank) for g in _chows(reading))


def _list(items: Iterable[str], empty: str = "none") -> str:
    seen = list(dict.fromkeys(items))
    if not seen:
        return empty
    return seen[0] if len(seen) == 1 else ", ".join(seen[:-1]) + " and " + seen[-1]


def _no(items: list[str]) -> str:
    return "no " + " or ".join(items)


def _all_chows_text(facts: Facts) -> str:
    chows = sorted({group_text(g) for r in facts.standard for g in _chows(r)})
    return f"its chows are {_list(chows)}" if chows else "it has no chows"


# --- chows -----------------------------------------------------------------------------------
def _pure_straight(facts: Facts) -> str:
    best: tuple[int, str, set[int]] = (-1, "", set())
    for r in facts.standard:
        keys = _chow_keys(r)
        for suit in SUITS:
            have = {s for s in (1, 4, 7) if keys[(suit, s)]}
            if len(have) > best[0]:
                best = (len(have), suit, have)
    if best[0] <= 0:
        return "this hand has no 123, 456 or 789 chow in any suit"
    _, suit, have = best
    return "this hand has " + _no([_chow(suit, s) for s in (1, 4, 7) if s not in have])


def _mixed_straight(facts: Facts) -> str:
    best: tuple[int, list[str]] = (-1, [])
    for r in facts.standard:
        keys = _chow_keys(r)
        for order in permutations(SUITS):
            missing = [_chow(suit, s) for suit, s in zip(order, (1, 4, 7), strict=True) if not keys[(suit, s)]]
            if 3 - len(missing) > best[0]:
                best = (3 - len(missing), missing)
    if best[0] <= 0:
        return "this hand has no 123, 456 or 789 chow in any suit"
    return "this hand has " + _no(best[1])


def _mixed_triple_chow(facts: Facts) -> str:
    best: tuple[int, int, list[str]] = (0, 0, [])
    for r in facts.standard:
        keys = _chow_keys(r)
        for start in range(1, 8):
            have = [s for s in SUITS if keys[(s, start)]]
            if len(have) > best[0]:
                best = (len(have), start, have)
    if best[0] == 0:
        return "this hand has no chows"
    _, start, have = best
    return f"this hand has {_list(_chow(s, start) for s in have)} but " + _no(
        [_chow(s, start) for s in SUITS if s not in have]
    )


def _chow_pairing(facts: Facts) -> str:
    return f"this hand has no such pair of chows: {_all_chows_text(facts)}"


def _two_terminal_chows(facts: Facts) -> str:
    for r in facts.standard:
        keys = _chow_keys(r)
        for suit in SUITS:
            if keys[(suit, 1)] or keys[(suit, 7)]:
                missing = _chow(suit, 7) if keys[(suit, 1)] else _chow(suit, 1)
                return f"this hand has {_chow(suit, 1) if keys[(suit, 1)] else _chow(suit, 7)} but no {missing}"
    return "this hand has no 123 or 789 chow"


# --- suits and tiles ------------------------------------------------------------------------
def _suit_words(suits: list[str]) -> str:
    return _list(_SUIT_WORDS[s] for s in suits)


def _half_flush(facts: Facts) -> str:
    suits = facts.suits()
    if len(suits) > 1:
        return f"this hand has tiles of {len(suits)} suits ({_suit_words(suits)})"
    if not suits:
        return "this hand has no suited tiles at all"
    return "this hand has no honours (one suit alone is Full Flush)"


def _full_flush(facts: Facts) -> str:
    suits, honours = facts.suits(), facts.honours()
    parts = []
    if len(suits) > 1:
        parts.append(f"tiles of {len(suits)} suits ({_suit_words(suits)})")
    if honours:
        parts.append(f"honours ({_list(t.token for t in honours)})")
    return "this hand has " + _list(parts)


def _voided_suit(facts: Facts) -> str:
    suits = facts.suits()
    return f"this hand uses {len(suits)} suit{'s' if len(suits) != 1 else ''} ({_suit_words(suits) or 'none'})"


def _terminals_or_honours(facts: Facts) -> str:
    found = sorted({t for t in facts.tiles if t.is_terminal_or_honour})
    return f"this hand has {_list(t.token for t in found)}"


def _no_honours(facts: Facts) -> str:
    return f"this hand has honours: {_list(t.token for t in facts.honours())}"


def _all_types(facts: Facts) -> str:
    kinds = {
        "characters": any(t.suit == "m" for t in facts.tiles),
        "dots": any(t.suit == "p" for t in facts.tiles),
        "bamboo": any(t.suit == "s" for t in facts.tiles),
        "winds": any(t.is_wind for t in facts.tiles),
        "dragons": any(t.is_dragon for t in facts.tiles),
    }
    return "this hand has " + _no([k for k, present in kinds.items() if not present])


def _outside_hand(facts: Facts) -> str:
    best: list[str] | None = None
    for r in facts.standard:
        plain = [group_text(g) for g in r.groups if not any(t.is_terminal_or_honour for t in g.tiles)]
        if best is None or len(plain) < len(best):
            best = plain
    if best is None:
        return "this hand is not four sets and a pair"
    return f"in this hand {_list(best)} {'has' if len(best) == 1 else 'have'} no terminal or honour"


# --- sets -----------------------------------------------------------------------------------
def _all_chows(facts: Facts) -> str:
    best: list[str] | None = None
    for r in facts.standard:
        faults = [group_text(g) for g in _pungs(r)]
        if r.pair is not None and r.pair.first.is_honour:
            faults.append(f"the honour pair {group_text(r.pair)}")
        if best is None or len(faults) < len(best):
            best = faults
    if best is None:
        return "this hand is not four sets and a pair"
    return f"this hand has {_list(best)}"


def _all_pungs(facts: Facts) -> str:
    best = min((sorted(group_text(g) for g in _chows(r)) for r in facts.standard), key=len, default=None)
    if best is None:
        return "this hand is not four sets and a pair"
    return f"this hand has the chow{'s' if len(best) > 1 else ''} {_list(best)}"


def _pungs_of(predicate: Callable[[Tile], bool], what: str) -> Callable[[Facts], str]:
    def lacks(facts: Facts) -> str:
        pairs = sorted({group_text(r.pair) for r in facts.standard if r.pair and predicate(r.pair.first)})
        tail = f" (only the pair {_list(pairs)})" if pairs else ""
        return f"this hand has no pung or kong of {what}{tail}"

    return lacks


def _wind_pung(which: str) -> Callable[[Facts], str]:
    def lacks(facts: Facts) -> str:
        wind = facts.context.prevailing_wind if which == "prevalent" else facts.context.seat_wind
        return _pungs_of(lambda t: t == wind, f"{which} wind {wind.token}")(facts)

    return lacks


def _double_pung(facts: Facts) -> str:
    pungs = sorted({group_text(g) for r in facts.standard for g in _pungs(r) if g.first.is_suited})
    return f"this hand's suited pungs are {_list(pungs)}" if pungs else "this hand has no suited pungs"


def _concealed_pungs(facts: Facts) -> str:
    most = max((sum(1 for g in _pungs(r) if g.concealed) for r in facts.standard), default=0)
    return (
        f"this hand has {most} concealed pung{'s' if most != 1 else ''} or kong{'s' if most != 1 else ''} "
        "(a pung completed by a discard counts as claimed)"
    )


def _tile_hog(facts: Facts) -> str:
    held = Counter(facts.hand.concealed)
    fours = [t.token for t, n in sorted(held.items()) if n == 4]
    if fours:
        return f"this hand's four {_list(fours)} are read as a pung or kong in every reading"
    return "no tile of this hand appears four times outside a kong"


def _seven_pairs(facts: Facts) -> str:
    if facts.hand.melds:
        return "this hand has declared melds"
    pairs = sum(n // 2 for n in Counter(facts.hand.concealed).values())
    return f"this hand has {pairs} pairs"


# --- how the hand was won --------------------------------------------------------------------
def _concealed_hand(facts: Facts) -> str:
    exposed = [str(m) for m in facts.hand.melds if m.exposed]
    if exposed:
        return f"this hand has claimed melds: {_list(exposed)}"
    return "this hand was self-drawn (a concealed self-drawn hand scores Fully Concealed Hand instead)"


def _fully_concealed(facts: Facts) -> str:
    exposed = [str(m) for m in facts.hand.melds if m.exposed]
    parts = []
    if exposed:
        parts.append(f"has claimed melds ({_list(exposed)})")
    if not facts.context.self_drawn:
        parts.append("was won on a discard")
    return "this hand " + _list(parts)


def _self_drawn(facts: Facts) -> str:
    return "this hand was won on a discard"


def _wait(kind: str) -> Callable[[Facts], str]:
    def lacks(facts: Facts) -> str:
        if len(facts.waits) > 1:
            waited = _list(t.token for t in facts.waits)
            return f"this hand waited on {waited}, so the winning tile was not the only one"
        placed = sorted({f"{group_text(r.winning)} ({r.wait.value})" for r in facts.readings})
        return f"the winning tile {facts.hand.winning_tile} completed {_list(placed, 'no group')}, not {kind}"

    return lacks


REQUIREMENTS: dict[str, Requirement] = {
    # keyed by rule id: these explain the Green Book fans (rules/mcr_*.py), in both MCR profiles
    "mcr." + name.lower().replace(" ", "-"): req
    for name, req in {
        "Pure Straight": Requirement("123, 456 and 789 of one suit", _pure_straight),
        "Mixed Straight": Requirement("123, 456 and 789, each in a different suit", _mixed_straight),
        "Mixed Triple Chow": Requirement("the same chow in all three suits", _mixed_triple_chow),
        "Pure Double Chow": Requirement("two identical chows of one suit", _chow_pairing),
        "Mixed Double Chow": Requirement("the same chow in two suits", _chow_pairing),
        "Short Straight": Requirement(
            "two chows of one suit covering six consecutive ranks (123 and 456, say)", _chow_pairing
        ),
        "Two Terminal Chows": Requirement("123 and 789 of one suit", _two_terminal_chows),
        "Half Flush": Requirement("tiles of one suit together with honours", _half_flush),
        "Full Flush": Requirement("every tile of one suit, no honours", _full_flush),
        "One Voided Suit": Requirement("exactly one of the three suits absent", _voided_suit),
        "All Simples": Requirement("no terminals (1, 9) and no honours", _terminals_or_honours),
        "No Honors": Requirement("no winds and no dragons", _no_honours),
        "All Types": Requirement("characters, dots, bamboo, winds and dragons all present", _all_types),
        "Outside Hand": Requirement("a terminal or an honour in every set and in the pair", _outside_hand),
        "All Chows": Requirement("four chows and a pair of suited tiles", _all_chows),
        "All Pungs": Requirement("four pungs or kongs and a pair", _all_pungs),
        "Dragon Pung": Requirement("a pung or kong of dragons", _pungs_of(lambda t: t.is_dragon, "dragons")),
        "Prevalent Wind": Requirement("a pung or kong of the prevailing wind", _wind_pung("prevalent")),
        "Seat Wind": Requirement("a pung or kong of the player's seat wind", _wind_pung("seat")),
        "Pung of Terminals or Honors": Requirement(
            "a pung or kong of 1s, 9s or winds (dragons score Dragon Pung)",
            _pungs_of(lambda t: t.is_terminal or t.is_wind, "1s, 9s or winds"),
        ),
        "Double Pung": Requirement("pungs of the same rank in two suits", _double_pung),
        "Two Concealed Pungs": Requirement("two pungs or kongs not claimed from a discard", _concealed_pungs),
        "Three Concealed Pungs": Requirement("three pungs or kongs not claimed from a discard", _concealed_pungs),
        "Tile Hog": Requirement("all four copies of one tile used without declaring a kong", _tile_hog),
        "Seven Pairs": Requirement("seven pairs and no declared melds", _seven_pairs),
        "Concealed Hand": Requirement("no claimed sets and a win on a discard", _concealed_hand),
        "Fully Concealed Hand": Requirement("no claimed sets and a self-drawn win", _fully_concealed),
        "Self-Drawn": Requirement("a win on a tile drawn from the wall", _self_drawn),
        "Single Wait": Requirement(
            "the winning tile to be the only tile that completes the hand, completing the pair",
            _wait("the pair"),
        ),
        "Edge Wait": Requirement(
            "the winning tile to be the only tile that completes the hand, the 3 of 12 or the 7 of 89",
            _wait("an edge chow"),
        ),
        "Closed Wait": Requirement(
            "the winning tile to be the only tile that completes the hand, the middle of a chow",
            _wait("the middle of a chow"),
        ),
    }.items()
}


def explain_missing(rule_id: str, name: str, facts: Facts) -> str | None:
    """``"<name> needs <requirement>; <what this hand lacks>"``, or None when no explainer is known."""
    req = REQUIREMENTS.get(rule_id)
    if req is None:
        return None
    return f"{name} needs {req.needs}; {req.lacks(facts)}"
