"""The highest-scoring complete hands within a few new tiles, each scored by the profile's engine.

From a hand of thirteen tiles (or fourteen, the last drawn), a *target* is a complete hand that
keeps all but ``n`` of the current standing tiles and adds ``n`` new ones (the winning tile
included; each new tile but the winning one replaces a discard), ``n <= depth``, with the declared
melds fixed and at most four copies of each kind counting the melds and the tiles seen on the
table.  Candidates come from :func:`mahjong_arbiter.solver.near.near_complete` over every form the
profile allows; each is scored by :func:`mahjong_arbiter.scoring.score` with the given context,
once for each kind of new tile as the winning tile, won on a discard and self-drawn (only
self-drawn when the context says so), and keeps its best.  A context that no candidate can hold
(``--kong`` where every winning tile would be a fifth copy, ...) is bad input: ``bad_context``.
Where the profile's special hands may hold more chows than its ordinary hands
(``[shapes] chow_special_hands``: Thompson & Maloney 1997 p. 9, Run, Pung and Pair), the standard
form's candidates are not held to the chow limit, and scoring tells which win.  A candidate the
profile does not accept as a win (too many chows for BMJA, below MCR's 8-point minimum) is not a
target.  Targets are ranked by score, then by the unseen copies
of the tiles still to draw (most first).

At depth 1 from thirteen tiles the targets are exactly the hand's winning tiles (``waits``); a
fourteen-tile hand that is already complete is its own target with nothing to draw.

>>> from mahjong_arbiter.hand import Context
>>> from mahjong_arbiter.notation import parse_hand
>>> from mahjong_arbiter.scoring import resolve_profile
>>> hand = parse_hand("1112345678999m").hand                      # Nine Gates, ready on all nine
>>> report = find_targets(hand, Context(), resolve_profile("mcr"), depth=1)
>>> sorted(t.winning_tile.token for t in report.targets) == [f"{r}m" for r in range(1, 10)]
True
>>> best = report.targets[0]   # on 1m, self-drawn: Nine Gates 88, Pure Straight 16, Fully Concealed 4, Tile Hog 2
>>> best.winning_tile.token, best.self_drawn, best.total
('1m', True, 110)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..errors import ArbiterError, HandError
from ..hand import Context, Hand
from ..profiles.model import Profile
from ..result import Result
from ..solver.near import NearSearch, near_complete
from ..tiles import NUM_KINDS, Tile, counts_of
from .policy import chow_room, chow_special_hands, profile_shapes
from .shanten import unseen_copies

__all__ = ["MAX_DEPTH", "Target", "TargetsReport", "find_targets"]

MAX_DEPTH = 3
"""The deepest search offered: three new tiles (each more multiplies the candidates)."""


@dataclass(frozen=True)
class Target:
    """A complete hand within reach: what to draw and give up, and its best score.

    *hand* is the complete hand itself (its melds the current hand's, *winning_tile* its winning
    tile): a face shows its ruling from it, scored with *self_drawn* as the result was."""

    draw: tuple[Tile, ...]
    give_up: tuple[Tile, ...]
    winning_tile: Tile
    self_drawn: bool
    result: Result
    live: dict[Tile, int]
    hand: Hand

    @property
    def total(self) -> int | float:
        return self.result.total

    @property
    def live_total(self) -> int:
        """Unseen copies of the kinds still to draw, all kinds together."""
        return sum(self.live.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.result.total,
            "unit": self.result.unit,
            "draw": [t.token for t in self.draw],
            "give_up": [t.token for t in self.give_up],
            "winning_tile": self.winning_tile.token,
            "self_drawn": self.self_drawn,
            "live": [{"tile": t.token, "unseen": n} for t, n in self.live.items()],
            "live_total": self.live_total,
            "result": self.result.to_dict(),
        }


@dataclass(frozen=True)
class TargetsReport:
    """The targets of one hand under one profile, best first, and what the search examined."""

    hand: Hand
    context: Context
    profile: str
    depth: int
    targets: tuple[Target, ...]
    candidates: int
    searched: int
    scored: int

    def to_dict(self, top: int | None = None) -> dict[str, Any]:
        shown = self.targets if top is None else self.targets[:top]
        return {
            "id": None,
            "profile": self.profile,
            "depth": self.depth,
            "found": len(self.targets),
            "candidates": self.candidates,
            "searched": self.searched,
            "scored": self.scored,
            "targets": [t.to_dict() for t in shown],
        }


def _limits(hand: Hand, seen: tuple[Tile, ...]) -> tuple[int, ...]:
    """The most copies of each kind a target's standing tiles may hold: four less the melds' and
    the seen tiles' copies."""
    outside = counts_of([t for m in hand.melds for t in m.tiles] + list(seen))
    return tuple(4 - n for n in outside)


def _tiles(counts: dict[int, int]) -> tuple[Tile, ...]:
    return tuple(Tile.at(k) for k in sorted(counts) for _ in range(counts[k]))


def _best(standing: tuple[Tile, ...], hand: Hand, context: Context, profile: Profile, winners: list[Tile],
          backend: str, tally: list[int], refusals: list[str]) -> tuple[Result, Tile, bool] | None:
    """The best result of the complete *standing* tiles with *hand*'s melds, over the possible
    winning tiles and the ways of winning the context allows (None: no win).  Each scoring adds 1
    to ``tally[0]``; each the context makes impossible adds its reason to *refusals*."""
    from ..scoring import score

    best: tuple[Result, Tile, bool] | None = None
    for tile in winners:
        complete = Hand(standing, hand.melds, tile)
        for self_drawn in (True,) if context.self_drawn else (False, True):
            tally[0] += 1
            try:
                result = score(complete, replace(context, self_drawn=self_drawn), profile, backend=backend)
            except ArbiterError as exc:  # not a win under the profile, or a context the hand contradicts
                if exc.code == "bad_context":
                    refusals.append(exc.message)
                continue
            if result.fields.get("minimum_met") is False:
                continue
            if best is None or result.total > best[0].total:
                best = (result, tile, self_drawn)
    return best


def find_targets(
    hand: Hand,
    context: Context,
    profile: Profile,
    *,
    depth: int = 2,
    seen: tuple[Tile, ...] = (),
    at_least: float | None = None,
    backend: str = "fast",
    search_backend: str = "fast",
) -> TargetsReport:
    """Every target of *hand* within *depth* new tiles under *profile* (see the module docstring).

    *at_least* keeps the targets scoring at least that much; *search_backend* chooses how the
    standard form's candidates are enumerated (``fast`` or ``cpsat``, the same candidates).

    Raises
    ------
    ArbiterError
        ``bad_depth`` for a depth outside 1..3; ``bad_context`` (a HandError) for a context that
        every candidate's every way of winning contradicts.
    """
    if not 1 <= depth <= MAX_DEPTH:
        raise ArbiterError("bad_depth", f"--depth must be 1 to {MAX_DEPTH}, not {depth}")
    counts = hand.standing_counts
    search = NearSearch()
    candidates = near_complete(counts, hand.melds, profile_shapes(profile), _limits(hand, seen), depth,
                               max_chows=None if chow_special_hands(profile) else chow_room(profile, hand.melds),
                               search=search, backend=search_backend)
    unseen = unseen_copies(hand, seen)
    tally = [0]
    refusals: list[str] = []
    targets = []
    for target in candidates:
        draw = {k: target[k] - counts[k] for k in range(NUM_KINDS) if target[k] > counts[k]}
        give_up = {k: counts[k] - target[k] for k in range(NUM_KINDS) if counts[k] > target[k]}
        if not draw and hand.winning_tile is None:
            continue
        standing = _tiles({k: n for k, n in enumerate(target) if n})
        winners = [Tile.at(k) for k in sorted(draw)] if draw else [hand.winning_tile]
        found = _best(standing, hand, context, profile, [t for t in winners if t is not None], backend, tally, refusals)
        if found is None:
            continue
        result, winning, self_drawn = found
        if at_least is not None and result.total < at_least:
            continue
        live = {Tile.at(k): unseen[k] for k in sorted(draw)}
        complete = Hand(standing, hand.melds, winning)
        targets.append(Target(_tiles(draw), _tiles(give_up), winning, self_drawn, result, live, complete))
    if not targets and refusals and len(refusals) == tally[0]:  # the context holds for no candidate
        raise HandError("bad_context", ". Also: ".join(dict.fromkeys(refusals)))
    targets.sort(key=lambda t: (-t.total, -t.live_total, [x.index for x in t.draw], [x.index for x in t.give_up]))
    return TargetsReport(hand, context, profile.id, depth, tuple(targets), len(candidates), search.nodes, tally[0])

