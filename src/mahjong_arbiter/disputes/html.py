"""Rulings as HTML: the hand drawn, the breakdown with its sets drawn, suppressed rules, verdicts,
comparisons and waits; and a self-contained page around them.

Two users:

* the ``--format html`` pages of ``explain``, ``verify`` and ``compare`` (:func:`page`): one file
  with no scripts, no images, no fonts, no links, only inline CSS and a Content Security Policy
  that forbids loading anything, so it can be mailed, archived or opened offline and shows the
  same thing everywhere;
* the web app (:mod:`mahjong_arbiter.web`), which puts the same sections in its pages.

Tiles are drawn by the project's one tile renderer (:mod:`mahjong_arbiter.notation.svg`), each
with its accessible name ("5 of bamboo").  Every text comes from the model objects and is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Final

from ..hand import Context, Hand
from ..notation import format_hand
from ..notation.render import context_text
from ..notation.svg import TILE_CSS, hand_svg, tile_svg, tiles_svg, used_sprite
from ..result import Item, Result, group_text
from .breakdown import value_text
from .compare import Comparison
from .explain import Explanation, RankedReading
from .verify import Verdict
from .waits import DiscardReport, WaitsReport
from .why import WhyAnswer

__all__ = [
    "RULING_CSS",
    "page",
    "table_html",
    "hand_html",
    "hand_tiles_html",
    "result_html",
    "ranked_html",
    "why_html",
    "verdict_html",
    "comparison_html",
    "waits_html",
    "discards_html",
    "explain_page",
    "verify_page",
    "compare_page",
]

RULING_CSS: Final = """
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #ccc; padding: .25em .5em; text-align: left; vertical-align: middle; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.table-wrap { max-width: 100%; overflow-x: auto; }
.total { font-size: 1.25em; font-weight: bold; }
.verdict { font-size: 1.3em; font-weight: bold; padding: .3em .8em; display: inline-block; border-radius: .3em; }
.right { background: #d8f3dc; color: #1b4332; } .wrong { background: #ffd6d6; color: #7a1010; }
.source { color: #555; font-size: .9em; }
.context { color: #333; }
.label { font-weight: bold; margin-right: .6em; }
.entry { break-inside: avoid; margin-bottom: 1.2em; } .entry h3 { margin-bottom: .2em; }
.value { font-weight: normal; color: #555; margin-left: .6em; }
.example { margin: .4em 0 .6em 1em; }
.caption { margin: .2em 0; font-size: .9em; }
@media screen and (max-width: 720px) {
  table.narrow-cards, table.narrow-items { width: 100%; }
  .narrow-cards thead, .narrow-items thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); white-space: nowrap; }
  .narrow-cards tr, .narrow-items tr { display: block; border: 1px solid #ccc; border-radius: .3em; margin: 0 0 .4em;
    padding: .2em .5em; }
  .narrow-cards td, .narrow-items td { display: block; border: 0; padding: .1em 0; text-align: left;
    overflow-wrap: anywhere; }
  .narrow-cards td:empty, .narrow-items td:empty { display: none; }
  .narrow-cards td[data-label]::before { content: attr(data-label) ": "; font-weight: bold; color: #555; }
  .narrow-cards td:first-child { font-weight: bold; } .narrow-cards td:first-child::before { content: none; }
  .narrow-items tr { display: grid; grid-template-columns: 1fr auto auto auto; gap: 0 .6em; align-items: baseline; }
  .narrow-items td:first-child { font-weight: bold; }
  .narrow-items td:nth-child(4)::before { content: "= "; }
  .narrow-items td:nth-child(5) { grid-column: 1 / -1; }
}
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  h1 { font-size: 13pt; } h2 { font-size: 11pt; margin: .6em 0 .2em; }
  .tile { width: 1.9em; height: 2.53em; } .set .tile { width: 1.3em; height: 1.73em; }
  table { page-break-inside: avoid; } th, td { padding: .1em .35em; }
}
"""
"""The CSS of the ruling sections (tables, totals, verdicts), shared with the web app."""

_PAGE_CSS: Final = """
body { font-family: system-ui, sans-serif; margin: 1em auto; padding: 0 .8em; max-width: 60em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
"""

_CSP: Final = "default-src 'none'; style-src 'unsafe-inline'"


def page(title: str, sections: Iterable[str]) -> str:
    """A complete HTML document with *title* and the given body *sections* (already HTML), holding
    the faces of exactly the tiles it shows."""
    body = "\n".join(sections)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{_CSP}\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{_PAGE_CSS}{TILE_CSS}{RULING_CSS}</style>\n</head>\n<body>\n"
        f"{used_sprite(body)}\n<h1>{escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def hand_html(hand: Hand, context: Context) -> str:
    """The hand drawn (standing tiles, melds, the winning tile marked, bonus tiles) and its context."""
    written = format_hand(hand, context.bonus_tiles or ())
    how = context_text(context, won=hand.winning_tile is not None)
    return (
        f'<section class="hand-shown"><h2>The hand</h2>{hand_svg(hand, context)}'
        f'<p class="context">hand <code>{escape(written)}</code>; {escape(how)}</p></section>'
    )


def hand_tiles_html(hand: Hand, context: Context) -> str:
    """The hand drawn on one line, compactly (for a list of example hands, as in a rulebook)."""
    return hand_svg(hand, context)


def table_html(head: Sequence[str], rows: Iterable[Sequence[str]], numeric: frozenset[int] = frozenset(),
               raw: frozenset[int] = frozenset(), *, narrow: str = "cards") -> str:
    """A table; cells are escaped text, except columns in *raw*, which are HTML already.

    Each cell carries its column's heading (``data-label``) so that on a narrow screen
    (:data:`RULING_CSS`) a ``cards`` table shows each row as a card of "heading: value" lines
    instead of running off the side; ``items`` is the breakdown's compact form (the rule, its
    value and subtotal on one line, its sets drawn below); ``table`` keeps the table (for
    a few narrow columns, such as tiles and numbers).
    """
    th = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = []
    for row in rows:
        cells = []
        for i, c in enumerate(row):
            content = c if i in raw else escape(c)
            label = f' data-label="{escape(head[i])}"' if i < len(head) else ""
            cells.append(f'<td class="num"{label}>{content}</td>' if i in numeric else f"<td{label}>{content}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (f'<div class="table-wrap"><table class="narrow-{escape(narrow)}"><thead><tr>{th}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _sets_html(item: Item) -> str:
    groups = [g for inst in item.sets for g in inst]
    return "".join(
        f'<span class="set" role="group" aria-label="{escape(group_text(g))}">{tiles_svg(g.tiles)}</span>'
        for g in groups
    )


def result_html(result: Result) -> str:
    """The breakdown: the reading, counted rules with their sets drawn, the arithmetic's fields,
    the suppressed rules (by what, how, the source), the other readings, the total."""
    parts = [f"<h2>Breakdown under {escape(result.profile)}</h2>"]
    if result.reading is not None:
        parts.append(f"<p>Reading: <code>{escape(str(result.reading))}</code></p>")
    rows = [
        (i.name, value_text(i.value, i.value_key), f"x{i.count}" if i.count != 1 else "", f"{i.subtotal:g}",
         _sets_html(i))
        for i in result.items
    ]
    parts.append(table_html(("rule", "value", "times", "subtotal", "sets"), rows, frozenset({1, 2, 3}),
                            frozenset({4}), narrow="items"))
    if result.fields or result.notes:
        facts = [f"<li>{escape(name)}: {escape(value)}</li>" for name, value in result.shown_fields()]
        facts += [f"<li>note: {escape(n)}</li>" for n in result.notes]
        parts.append(f'<ul class="fields">{"".join(facts)}</ul>')
    parts.append(f'<p class="total">total: {escape(value_text(result.total, result.unit))}</p>')
    if result.suppressed:
        parts.append("<h2>Suppressed (held, but not counted)</h2>")
        suppressed = [(s.name + (f" x{s.count}" if s.count != 1 else ""), result.suppression_reason(s), s.source)
                      for s in result.suppressed]
        parts.append(table_html(("rule", "why it does not count", "source"), suppressed))
    if result.alternatives:
        parts.append("<h2>Other readings</h2>")
        others = [(f"{a.total:g} {result.unit}", str(a.reading)) for a in sorted(result.alternatives,
                                                                               key=lambda a: -a.total)]
        parts.append(table_html(("total", "reading"), others, frozenset({0})))
    parts.append(f'<p class="source">profile {escape(result.profile)}, fingerprint {escape(result.fingerprint)}</p>')
    return '<section class="breakdown">' + "\n".join(parts) + "</section>"


def ranked_html(ranked: Sequence[RankedReading], unit: str) -> str:
    """Every Reading ranked by score, the best marked."""
    rows = [(str(r.rank), f"{r.total:g} {unit}", str(r.reading) + (" (best)" if r.best else "")) for r in ranked]
    table = table_html(("rank", "total", "reading"), rows, frozenset({0, 1}))
    return f'<section class="ranked"><h2>Readings ranked by score</h2>{table}</section>'


def why_html(answer: WhyAnswer) -> str:
    """The answer to "why (not) RULE?" with the rule's words and its source."""
    words = ""
    if answer.rule_words and answer.rule_words not in answer.message:
        words = f"<p>The rule: {escape(' '.join(answer.rule_words.split()))}</p>"
    return (
        f'<section class="why"><h2>Why {escape(answer.name or answer.query)}?</h2>'
        f"<p>{escape(answer.message)}</p>{words}<p class=\"source\">source: {escape(answer.source)}</p></section>"
    )


def verdict_html(verdict: Verdict) -> str:
    """The claim, right or wrong, and the differences item by item."""
    word = verdict.word
    parts = [
        f"<section class=\"claim\"><h2>The claim</h2><p>claim under {escape(verdict.profile)}: "
        f"{escape(str(verdict.claim))}</p><p class=\"verdict {word}\">verdict: {word}</p>"
    ]
    if verdict.differences:
        rows = [(d.kind.replace("_", " "), d.name, d.message, d.source) for d in verdict.differences]
        parts.append(f"<h2>Differences</h2>{table_html(('what', 'rule', 'detail', 'source'), rows)}")
    parts.append("</section>")
    return "".join(parts)


def comparison_html(comparison: Comparison) -> str:
    """One column per profile, the rows that differ, the totals."""
    head = ("rule", *(c.profile for c in comparison.columns))
    rows = [(r.name, *r.cells) for r in comparison.rows]
    rows.append(("total", *(c.total_text for c in comparison.columns)))
    drawn = table_html(head, rows, frozenset(range(1, len(head))))
    parts = [f'<section class="comparison"><h2>Side by side</h2>{drawn}']
    if comparison.same:
        parts.append(f"<p>{comparison.same} rule(s) score the same in every column.</p>")
    for c in comparison.columns:
        if c.result is None:
            parts.append(f"<p>{escape(c.profile)}: not a winning hand: {escape(c.error)}</p>")
    parts.append("</section>")
    return "".join(parts)


def _waits_table(report: WaitsReport) -> str:
    notes: list[str] = []  # the reasons of the ways that are no win, numbered under the table
    rows = [(tile_svg(w.tile), str(w.live), "-" if w.discard is None else escape(w.discard.text(notes)),
             escape(w.self_drawn.text(notes))) for w in report.waits]
    drawn = table_html(("tile", "live", "on a discard", "self-drawn"), rows, frozenset({1}), frozenset({0, 2, 3}),
                       narrow="table")
    return drawn + "".join(f"<p>[{n}] {escape(note)}</p>" for n, note in enumerate(notes, start=1))


def waits_html(report: WaitsReport) -> str:
    """Every winning tile of a thirteen-tile hand with its score by discard and self-drawn."""
    body = _waits_table(report) if report.waits else "<p>The hand waits for no tile: no tile completes it.</p>"
    if report.held_out:
        body += f"<p>Held out (all four copies held): {tiles_svg(report.held_out)}</p>"
    return f'<section class="waits"><h2>Waits under {escape(report.profile)}</h2>{body}</section>'


def discards_html(report: DiscardReport, *, shown: int = 5) -> str:
    """The best discards of a fourteen-tile hand: what each leaves, the biggest hand first."""
    rows = []
    for option in report.options[:shown]:
        waits = tiles_svg([w.tile for w in option.report.waits]) or "not ready"
        best = "-" if option.report.best is None else f"{option.report.best:g} {escape(option.report.unit)}"
        rows.append((tile_svg(option.discard), waits, str(option.report.live), best))
    more = len(report.options) - shown
    tail = f"<p>{more} more discard(s) keep less.</p>" if more > 0 else ""
    table = table_html(("discard", "waits", "live", "best"), rows, frozenset({2, 3}), frozenset({0, 1, 3}),
                       narrow="table")
    return f'<section class="discards"><h2>Best discards under {escape(report.profile)}</h2>{table}{tail}</section>'


def explain_page(expl: Explanation) -> str:
    """The page of ``explain``: the hand, the readings ranked, the best one's breakdown, the why-answer."""
    sections = [hand_html(expl.hand, expl.context), ranked_html(expl.ranked, expl.result.unit),
                result_html(expl.result)]
    if expl.why is not None:
        sections.append(why_html(expl.why))
    return page(f"Explanation under {expl.result.profile}", sections)


def verify_page(verdict: Verdict) -> str:
    """The page of ``verify``: the hand, the claim, the verdict, the differences, the breakdown."""
    sections = [hand_html(verdict.hand, verdict.context), verdict_html(verdict)]
    if verdict.result is not None:
        sections.append(result_html(verdict.result))
    return page(f"Verdict under {verdict.profile}: {verdict.word}", sections)


def compare_page(comparison: Comparison) -> str:
    """The page of ``compare``: the hand, one column per profile, the rows that differ, the totals."""
    sections = [hand_html(comparison.hand, comparison.context), comparison_html(comparison)]
    return page("Comparison: " + ", ".join(c.profile for c in comparison.columns), sections)
