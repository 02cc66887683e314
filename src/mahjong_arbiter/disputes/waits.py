"""Scored waits: every tile that completes a thirteen-tile hand, with its best score won by discard
and self-drawn; and for fourteen tiles, what each discard leaves ("which discard keeps the biggest
hand?").

The tiles come from the solver (:func:`mahjong_arbiter.solver.api.waits`) for the shapes the
profile allows; each completion is scored by :func:`mahjong_arbiter.scoring.score` with the
context given, once won on a discard and once self-drawn.  A completion the profile does not
accept as a win (or a context it contradicts, such as a kong's replacement tile without a kong)
is shown with its reason instead of a score.  ``live`` is how many copies of the tile the hand
itself does not hold (4 minus those held): what the player can still hope to see.  Under a profile
with a minimum (MCR 8 points, Hong Kong 3 faan) a completion scoring below it is no win: it is
marked (``below_minimum`` in JSON lists the ways, ``discard`` and ``self_drawn``, that fall short;
text puts ``*`` beside its score), and a hand none of whose completions reaches the minimum does
not count as ready.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..errors import ArbiterError
from ..hand import Context, Hand
from ..notation.render import hand_text, tile_text
from ..profiles.model import Profile
from ..result import Result
from ..teaching.policy import held_out_counts
from ..tiles import Tile
from .style import Style, table

__all__ = ["Outcome", "ScoredWait", "WaitsReport", "DiscardOption", "DiscardReport", "scored_waits", "discard_options"]


@dataclass(frozen=True)
class Outcome:
    """A completion's score, or why it is not one (``code`` and ``error``)."""

    result: Result | None
    code: str = ""
    error: str = ""

    @property
    def total(self) -> int | float | None:
        return None if self.result is None else self.result.total

    @property
    def below_minimum(self) -> bool:
        """A score that falls short of the profile's minimum: no win, though the shape is complete."""
        return self.result is not None and self.result.fields.get("minimum_met") is False

    @property
    def wins(self) -> bool:
        return self.result is not None and not self.below_minimum

    def text(self, notes: list[str] | None = None) -> str:
        """The table cell: the score, or ``no win [N]`` with the reason as note N of *notes*."""
        if self.result is None:
            if notes is None:
                return f"no win ({self.error})"
            if self.error not in notes:
                notes.append(self.error)
            return f"no win [{notes.index(self.error) + 1}]"
        mark = " *" if self.below_minimum else ""
        return f"{self.result.total:g} {self.result.unit}{mark}"

    def to_dict(self) -> dict[str, Any]:
        if self.result is None:
            return {"error": {"code": self.code, "message": self.error}}
        return self.result.to_dict()


@dataclass(frozen=True)
class ScoredWait:
    """One winning tile, the copies still live, and the two ways of winning on it."""

    tile: Tile
    live: int
    discard: Outcome | None
    """None when the win on a discard was not asked (the context says self-drawn)."""
    self_drawn: Outcome

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The ways scored: on a discard (when asked) and self-drawn."""
        return (self.self_drawn,) if self.discard is None else (self.discard, self.self_drawn)

    @property
    def best(self) -> int | float | None:
        totals = [o.total for o in self.outcomes if o.total is not None]
        return max(totals) if totals else None

    @property
    def wins(self) -> bool:
        return any(o.wins for o in self.outcomes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile.token,
            "live": self.live,
            "discard": None if self.discard is None else self.discard.to_dict(),
            "self_drawn": self.self_drawn.to_dict(),
            "below_minimum": [way for way, o in (("discard", self.discard), ("self_drawn", self.self_drawn))
                              if o is not None and o.below_minimum],
        }


@dataclass(frozen=True)
class WaitsReport:
    """The scored waits of one thirteen-tile hand under one profile."""

    hand: Hand
    context: Context
    profile: str
    unit: str
    waits: tuple[ScoredWait, ...]
    held_out: tuple[Tile, ...]
    minimum: int | None = None
    held_out_counts: bool = False
    """The profile counts a held-out kind as a wait (``wait_held_out_counts``): a hand whose only
    waits are held out is ready in its reading, though no tile can complete it."""

    @property
    def ready(self) -> bool:
        """Some tile completes the hand into a win (at or above the profile's minimum)."""
        return any(w.wins for w in self.waits)

    @property
    def best(self) -> int | float | None:
        totals = [w.best for w in self.waits if w.best is not None]
        return max(totals) if totals else None

    @property
    def live(self) -> int:
        return sum(w.live for w in self.waits)

    @property
    def refusal(self) -> str | None:
        """When the context holds for no completion at all (every way of every winning tile is
        refused as ``bad_context``): the reasons, distinct, in order; else None."""
        outcomes = [o for w in self.waits for o in w.outcomes]
        if not outcomes or any(o.code != "bad_context" for o in outcomes):
            return None
        return ". Also: ".join(dict.fromkeys(o.error for o in outcomes))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": None,
            "profile": self.profile,
            "waits": [w.to_dict() for w in self.waits],
            "held_out": [t.token for t in self.held_out],
        }

    def table_lines(self, *, ascii: bool = False) -> list[str]:
        """The table of waits, then the reasons of the cells that are no win, numbered."""
        notes: list[str] = []
        rows = [("tile", "live", "on a discard", "self-drawn")]
        rows += [(tile_text(w.tile, ascii), str(w.live), "-" if w.discard is None else w.discard.text(notes),
                  w.self_drawn.text(notes)) for w in self.waits]
        return table(rows, align="<>>>") + [f"[{n}] {note}" for n, note in enumerate(notes, start=1)]

    def to_text(self, style: Style, *, ascii: bool = False) -> str:
        lines = [hand_text(self.hand, self.context, ascii=ascii), ""]
        if not self.waits and self.held_out and self.held_out_counts:
            kinds = " ".join(t.token for t in self.held_out)
            lines.append(style.bold(
                f"ready under {self.profile} only on {kinds}, whose four copies this hand holds: "
                "no tile can complete it (this profile counts such a kind as a wait, as shanten does)"
            ))
        elif not self.waits:
            lines.append(style.bold(f"not ready under {self.profile}: no tile completes this hand"))
        else:
            head = f"waits under {self.profile}: {len(self.waits)} tile kind(s), {self.live} live copies"
            lines.append(style.bold(head))
            body = self.table_lines(ascii=ascii)
            lines.append("  " + style.dim(body[0]))
            lines.extend("  " + line for line in body[1:])
        if self.held_out:
            lines.append(f"held out (all four copies in this hand): {' '.join(t.token for t in self.held_out)}")
        if self.context.self_drawn and self.waits:
            lines.append("only the self-drawn win is scored (--self-drawn)")
        if any(o.below_minimum for w in self.waits for o in w.outcomes):
            lines.append(f"* below the minimum of {self.minimum} {self.unit}: not a win under {self.profile}")
        if self.best is not None:
            short = "" if self.ready else f" (below the minimum of {self.minimum}: no tile wins yet)"
            lines.append(style.bold(f"best: {self.best:g} {self.unit}{short}"))
        return "\n".join(lines)


def _outcome(hand: Hand, context: Context, profile: Profile, backend: str) -> Outcome:
    from ..scoring import score

    try:
        return Outcome(score(hand, context, profile, backend=backend))
    except ArbiterError as exc:
        return Outcome(None, exc.code, exc.message)


def scored_waits(
    hand13: Hand, context: Context, profile: Profile, *, backend: str = "fast", seen: tuple[Tile, ...] = ()
) -> WaitsReport:
    """Every tile completing *hand13* under *profile*, scored won by discard and self-drawn.

    *seen* are tiles known to be out of play besides the hand's own (a discard just made); they
    lower the ``live`` count.

    Raises
    ------
    HandError
        When *hand13* is not a thirteen-tile hand without a winning tile.
    """
    from ..scoring.common import shape_options
    from ..solver.api import waits

    found = waits(hand13, backend=backend, shapes=shape_options(profile))
    held = hand13.all_tiles + seen
    scored = []
    for tile in found.tiles:
        complete = hand13.with_tile(tile)
        on_discard = None if context.self_drawn else _outcome(complete, replace(context, self_drawn=False), profile,
                                                              backend)
        scored.append(ScoredWait(
            tile,
            4 - held.count(tile),
            on_discard,
            _outcome(complete, replace(context, self_drawn=True), profile, backend),
        ))
    units = {o.result.unit for w in scored for o in w.outcomes if o.result is not None}
    unit = units.pop() if len(units) == 1 else "points"
    return WaitsReport(hand13, context, profile.id, unit, tuple(scored), tuple(found.held_out), profile.minimum,
                       held_out_counts(profile))


_DETAILED = 3
"""How many of the best discards are shown wait by wait in text (JSON has them all)."""


@dataclass(frozen=True)
class DiscardOption:
    """A discard from fourteen tiles, the shanten it leaves and the scored waits it leaves."""

    discard: Tile
    report: WaitsReport
    shanten: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": self.discard.token,
            "shanten": self.shanten,
            "best": self.report.best,
            "live": self.report.live,
            "waits": [w.to_dict() for w in self.report.waits],
            "held_out": [t.token for t in self.report.held_out],
        }


@dataclass(frozen=True)
class DiscardReport:
    """Every discard of a fourteen-tile hand, the best first."""

    hand: Hand
    context: Context
    profile: str
    options: tuple[DiscardOption, ...]
    shanten: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": None, "profile": self.profile, "shanten": self.shanten,
                "discards": [o.to_dict() for o in self.options]}

    def to_text(self, style: Style, *, ascii: bool = False) -> str:
        lines = [hand_text(self.hand, self.context, ascii=ascii), ""]
        state = {-1: " (complete)", 0: " (ready after the best discard)"}.get(self.shanten, "")
        lines.append(f"shanten under {self.profile}: {self.shanten}{state}")
        lines.append(style.bold(f"discards under {self.profile}, the biggest hand kept first:"))
        rows = [("discard", "shanten", "waits", "live", "best")]
        for o in self.options:
            waits = " ".join(w.tile.token for w in o.report.waits) or "not ready"
            best_score = "-" if o.report.best is None else f"{o.report.best:g} {o.report.unit}"
            rows.append((tile_text(o.discard, ascii), str(o.shanten), waits, str(o.report.live), best_score))
        body = table(rows, align="<><>>")
        lines.append("  " + style.dim(body[0]))
        lines.extend("  " + line for line in body[1:])
        ready = [o for o in self.options if o.report.waits]
        for o in ready[:_DETAILED]:
            lines.append("")
            lines.append(f"discard {tile_text(o.discard, ascii)}:")
            lines.extend("  " + line for line in o.report.table_lines(ascii=ascii))
        return "\n".join(lines)


def discard_options(hand14: Hand, context: Context, profile: Profile, *, backend: str = "fast") -> DiscardReport:
    """For each kind among the standing tiles of *hand14*, the scored waits left by discarding it.

    Options are ordered by best score, then by live copies of the waits (both highest first), then
    by the shanten left (for discards that leave the hand not ready), then by tile.  Each carries
    the shanten it leaves, and the report the hand's own (:mod:`mahjong_arbiter.teaching.shanten`).
    """
    from ..teaching.shanten import shanten_report

    distances = shanten_report(hand14, profile, context=context)
    after = {row.discard: row.shanten for row in distances.discards}
    options = []
    for tile in sorted(set(hand14.concealed)):
        rest = list(hand14.concealed)
        rest.remove(tile)
        thirteen = Hand(tuple(rest), hand14.melds, None)
        report = scored_waits(thirteen, context, profile, backend=backend, seen=(tile,))
        options.append(DiscardOption(tile, report, after[tile]))
    options.sort(key=lambda o: (-(o.report.best if o.report.best is not None else -1), -o.report.live, o.shanten,
                                o.discard))
    return DiscardReport(hand14, context, profile.id, tuple(options), distances.shanten)
