"""The hand page's teaching panel: how far a hand is from winning, which tiles help, and the best
hands within reach (the ``shanten`` and ``targets`` commands, on the page).

The panel is shown for a hand that does not win yet (:attr:`~mahjong_arbiter.web.ruling.Ruling.teach`:
thirteen tiles, or fourteen that are not a win under the profile).  Its controls (the tiles seen on
the table, the depth, "at least") are fields of the page's form, so a share link keeps them.  Its
two parts are asked for apart from the ruling (``/ui/teach``, :func:`teach`) and answered in a
worker thread: a search at depth 3 can take seconds under some profiles, and neither the ruling
nor other requests wait for it.  Both are drawn from the engine's answers, the ones the CLI's
``--json`` prints (:func:`mahjong_arbiter.answers.shanten_answer`,
:func:`mahjong_arbiter.answers.targets_answer`); the page decides nothing about the hand.
"""

from __future__ import annotations

import math
from dataclasses import replace
from html import escape
from typing import Any, Final

from .. import answers
from ..disputes.breakdown import value_text
from ..disputes.html import table_html
from ..errors import ArbiterError
from ..jsonio import dumps
from ..notation import format_hand
from ..notation.json_hand import HandRecord, record_to_json
from ..notation.svg import tile_label, tile_svg, tiles_svg
from ..result import Result
from ..teaching.seen import check_seen, seen_from_text
from ..teaching.shanten import ShantenReport, UsefulTile, form_label
from ..teaching.targets import MAX_DEPTH, Target, TargetsReport
from ..tiles import Tile
from .config import MAX_LINK
from .forms import RulingForm
from .layout import options
from .ruling import error_html
from .state import AppState

__all__ = ["PARTS", "panel_html", "teach", "part_html", "distance_html", "targets_html"]

PARTS: Final = ("distance", "targets")
"""The panel's two parts, each asked for by its own request."""

SHOWN_TARGETS: Final = 10
"""Targets listed (the best first; the CLI's ``--top`` default)."""

SHOWN_FORMS: Final = 5
"""Forms listed before "the other forms" (a profile with dozens of special hands has them all)."""

SHOWN_DISCARDS: Final = 6
"""Rows of the discard table shown before "the other discards"."""

_DEPTHS: Final = (("1", "1 new tile (the waits)"), ("2", "2 new tiles"), ("3", "3 new tiles (slower)"))


def panel_html(form: RulingForm, visible: bool) -> str:
    """The panel: its controls (fields of the page's form) and the places its two parts fill."""
    hidden = "" if visible else " hidden"
    return f"""<section id="teaching" class="ruling teaching" aria-labelledby="distance-title"{hidden}>
<h2 id="distance-title">How far from winning</h2>
<p id="distance-working" class="working" role="status"></p>
<div id="distance" class="teach-part"></div>
<label class="select wide" for="f-seen">Tiles seen on the table (discards, other players' melds)</label>
<input id="f-seen" name="seen" form="hand-form" value="{escape(form.seen)}" autocomplete="off" spellcheck="false"
  placeholder="e.g. 1m1m5pE" aria-describedby="seen-help">
<p id="seen-help" class="hint">They lower the counts of unseen copies, never the distance.</p>
<h2 id="targets-title">The best hands within reach</h2>
<div class="teach-options">
  <label class="select">within <select id="f-depth" name="depth" form="hand-form">{options(_DEPTHS, form.depth)}
  </select></label>
  <label class="select">scoring at least <input id="f-at_least" name="at_least" form="hand-form" class="num"
    value="{escape(form.at_least)}" inputmode="decimal" autocomplete="off" placeholder="any"></label>
</div>
<p id="targets-working" class="working" role="status"></p>
<div id="targets" class="teach-part"></div>
</section>"""


def teach(data: object, state: AppState, token: str | None) -> dict[str, Any]:
    """The page's script posts ``{"form": {...}, "part": "distance" | "targets"}``: that part's HTML.

    Bad input in the panel's own fields (the seen tiles, "at least") is shown in the part, as the
    ruling shows the engine's messages; a request that is not the page's is bad JSON."""
    if not isinstance(data, dict) or not isinstance(data.get("form"), dict) or data.get("part") not in PARTS:
        raise ArbiterError("bad_json", 'expected {"form": {...}, "part": "distance" or "targets"}')
    part = str(data["part"])
    form, _ = RulingForm.read(data["form"])  # a field the form cannot hold: the ruling of the same form says which
    return {"part": part, "html": part_html(form, part, state, token)}


def part_html(form: RulingForm, part: str, state: AppState, token: str | None) -> str:
    """One part of the panel for *form*'s hand, or the engine's message in its place."""
    try:
        profile = state.profile(form.profile, form.house, token=token)
        rec = form.record()
    except ArbiterError as exc:
        return error_html(exc)
    try:
        seen = check_seen(rec.hand, seen_from_text(form.seen, form.honour_order))
    except ArbiterError as exc:
        return error_html(exc, where="seen tiles")
    try:
        if part == "distance":
            return distance_html(answers.shanten_answer(rec, profile, seen=seen).value)
        at_least = _at_least(form.at_least)
        answer = answers.targets_answer(rec, profile, depth=_depth(form.depth), seen=seen, at_least=at_least,
                                        top=SHOWN_TARGETS)
        return targets_html(answer.value, form, rec, at_least)
    except ArbiterError as exc:
        return error_html(exc)


def _depth(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ArbiterError("bad_depth", f"the depth is a whole number 1 to {MAX_DEPTH}, not {text[:20]!r}") from None


def _at_least(text: str) -> float | None:
    if not text.strip():
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise ArbiterError("bad_arguments", f"'at least' is a score such as 8, not {text.strip()[:20]!r}")
    return value


# --- how far from winning -----------------------------------------------------------------------------

def _plural(n: int, word: str, words: str = "") -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def _distance_words(report: ShantenReport) -> str:
    if not report.exact:
        most = "" if report.at_most is None else f", at most {report.at_most}"
        return f"at least {_plural(report.shanten, 'exchange')} from ready{most}"
    if report.shanten < 0:
        return "a complete hand"
    if report.shanten == 0:
        return "ready: one tile from winning"
    return f"{_plural(report.shanten, 'exchange')} from ready"


def _number(shanten: int | None, exact: bool) -> str:
    if shanten is None:
        return "-"
    return str(shanten) if exact else f"{shanten} or more"


def useful_html(useful: tuple[UsefulTile, ...]) -> str:
    """Tiles, each with its unseen copies beneath it (one list item per tile, read as
    "1 of dots, 3 unseen")."""
    if not useful:
        return '<span class="hint">none</span>'
    items = "".join(
        f'<li>{tile_svg(u.tile, decorative=True)}<span class="n" aria-hidden="true">{u.unseen}</span>'
        f'<span class="vh">{escape(tile_label(u.tile))}, {u.unseen} unseen</span></li>'
        for u in useful
    )
    return f'<ul class="useful">{items}</ul>'


def distance_html(report: ShantenReport) -> str:
    """The shanten of every form and the least; thirteen tiles: the useful tiles and their unseen
    copies; fourteen: the discard table (the shanten each discard leaves, its useful tiles)."""
    head = (f'<p class="headline"><span class="big2">{escape(_distance_words(report))}</span> '
            f'<span class="pid">(shanten {escape(_number(report.shanten, report.exact))})</span></p>')
    parts = [head]
    if report.inexact_forms:
        names = ", ".join(form_label(n) for n in report.inexact_forms)
        parts.append(f'<p class="hint">For {escape(names)} the page can tell only whether the hand is ready; '
                     "further off, the number shown is the least the distance can be.</p>")
    if report.thirteen:
        parts.append(f"<h3>Useful tiles: {_plural(report.unseen, 'unseen copy', 'unseen copies')}</h3>")
        parts.append('<p class="hint">Each lowers the shanten; the number under it is its copies not yet seen '
                     "(four less those in the hand and on the table).</p>")
        parts.append(useful_html(report.useful))
    nearest = sorted(report.forms.items(), key=lambda f: (f[1] is None, f[1].shanten if f[1] else 0,
                                                          not (f[1] is None or f[1].exact)))
    rows = [(form_label(name), _number(None if d is None else d.shanten, d is None or d.exact)) for name, d in nearest]
    parts.append("<h3>Each form the profile allows, the nearest first</h3>")
    parts.append(_forms_table(rows))
    if report.thirteen and len(report.form_useful) > 1:
        each = "".join(f"<h4>{escape(form_label(name))}</h4>{useful_html(useful)}"
                       for name, useful in report.form_useful.items())
        parts.append(f'<details class="each-form"><summary>The useful tiles of each form</summary>{each}</details>')
    if not report.thirteen:
        parts.append(_discards(report))
    return '<section class="distance">' + "".join(parts) + "</section>"


def _forms_table(rows: list[tuple[str, str]]) -> str:
    def table(chosen: list[tuple[str, str]]) -> str:
        return table_html(("form", "shanten"), chosen, frozenset({1}), narrow="table")

    if len(rows) <= SHOWN_FORMS + 1:
        return table(rows)
    rest = rows[SHOWN_FORMS:]
    return (table(rows[:SHOWN_FORMS])
            + f"<details><summary>The other {_plural(len(rest), 'form')}</summary>{table(rest)}</details>")


def _discards(report: ShantenReport) -> str:
    rows = [(tile_svg(r.discard), _number(r.shanten, r.exact), str(r.unseen), useful_html(r.useful))
            for r in report.discards]
    head = ("discard", "shanten", "unseen", "useful tiles then")

    def table(chosen: list[tuple[str, str, str, str]]) -> str:
        drawn = table_html(head, chosen, frozenset({1, 2}), frozenset({0, 3}))
        return f'<div class="discard-table">{drawn}</div>'

    out = ["<h3>Discards, the best first</h3>",
           '<p class="hint">The shanten each leaves, then the unseen copies of the tiles that help then.</p>',
           table(rows[:SHOWN_DISCARDS])]
    rest = rows[SHOWN_DISCARDS:]
    if rest:
        out.append(f"<details><summary>The other {_plural(len(rest), 'discard')}</summary>{table(rest)}</details>")
    return "".join(out)


# --- the best hands within reach ---------------------------------------------------------------------

def _rules(result: Result) -> str:
    return ", ".join(f"{i.name} {value_text(i.value, i.value_key)}" + (f" x{i.count}" if i.count != 1 else "")
                     for i in result.items)


def _target_link(form: RulingForm, rec: HandRecord, target: Target) -> str | None:
    """The address of the target's ruling: its hand written as the form's was (text, or one JSON
    hand with its context), won as the engine scored it; None when it would not fit a link."""
    if form.json_hand:
        context = replace(rec.context, self_drawn=target.self_drawn)
        text = dumps(record_to_json(HandRecord(rec.id, target.hand, context)))
    else:
        text = format_hand(target.hand, rec.context.bonus_tiles or ())
    link = "/?" + form.other_hand(text, self_drawn=target.self_drawn).query()
    return link if len(link) <= MAX_LINK else None


def _tiles_cell(tiles: tuple[Tile, ...]) -> str:
    return f'<span class="tiles-inline">{tiles_svg(tiles)}</span>' if tiles else "nothing"


def targets_html(report: TargetsReport, form: RulingForm, rec: HandRecord, at_least: float | None = None) -> str:
    """The best complete hands within the depth, best first: each with its total, the tiles to draw
    and to give up, how it wins, the unseen copies of the tiles to draw, its rules and a link to
    its ruling."""
    within = f"within {_plural(report.depth, 'new tile')}"
    floor = "" if at_least is None else f" scoring at least {at_least:g}"
    if not report.targets:
        more = " Try more new tiles." if report.depth < MAX_DEPTH else ""
        return (f'<section class="targets-found"><p class="not-winning">No complete hand{escape(floor)} {within} '
                f"under {escape(report.profile)}.{more}</p></section>")
    shown = report.targets[:SHOWN_TARGETS]
    count = _plural(len(report.targets), "complete hand") + floor
    best = f"; the {len(shown)} best" if len(shown) < len(report.targets) else ", the best first"
    rows = []
    for number, target in enumerate(shown, start=1):
        score = f"{target.total:g} {target.result.unit}"
        how = "self-drawn" if target.self_drawn else "on a discard"
        link = _target_link(form, rec, target)
        name = f"the ruling of hand {number} ({score})"
        opened = (f'<a href="{escape(link)}" aria-label="{escape("Open " + name)}">Open its ruling</a>'
                  if link is not None else "too long for a link")
        rows.append((
            f"{number}. {score}", _tiles_cell(target.draw),
            _tiles_cell(target.give_up), f"{tile_svg(target.winning_tile)} {escape(how)}", str(target.live_total),
            _rules(target.result), opened,
        ))
    table = table_html(("score", "draw", "give up", "wins on", "unseen", "rules", "ruling"), rows,
                       frozenset({4}), frozenset({1, 2, 3, 6}))
    return (f'<section class="targets-found"><p>{escape(count)} {within} under {escape(report.profile)}{best}. '
            '"Unseen" counts the copies of the tiles to draw not yet seen.</p>'
            f"{table}</section>")
