"""One self-contained HTML page for a ruling: the hand drawn, the breakdown, suppressed rules, the verdict.

The page has no scripts, no images, no fonts, no links: only inline CSS, and a Content Security
Policy that forbids loading anything, so it can be mailed, archived or opened offline and shows
the same thing everywhere.  Tiles are drawn as their Unicode glyphs (Mahjong Tiles block) each
with its token beneath (``1m``, ``E``, ``C``), so the page reads even where no font has the
glyphs.  Every text comes from the model objects and is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from ..hand import Context, Hand, Meld
from ..notation.render import context_text
from ..result import Result, group_text
from ..tiles import Tile
from .breakdown import item_rows
from .compare import Comparison
from .explain import Explanation
from .verify import Verdict
from .why import WhyAnswer

__all__ = ["page", "hand_html", "hand_tiles_html", "result_html", "explain_page", "verify_page", "compare_page"]

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.6em; }
.tiles { display: flex; flex-wrap: wrap; gap: .25em; align-items: flex-end; }
.tile { display: inline-flex; flex-direction: column; align-items: center; border: 1px solid #999;
        border-radius: .3em; padding: .1em .3em; background: #fffdf5; min-width: 1.8em; }
.tile .glyph { font-size: 2em; line-height: 1.1; }
.tile .token { font-size: .8em; font-family: monospace; }
.meld { border: 1px dashed #777; padding: .2em; border-radius: .3em; }
.winning { background: #ffe9a8; border-color: #b58900; }
.label { font-weight: bold; margin-right: .6em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.total { font-size: 1.2em; font-weight: bold; }
.verdict { font-size: 1.3em; font-weight: bold; padding: .4em .8em; display: inline-block; border-radius: .3em; }
.right { background: #d8f3dc; color: #1b4332; } .wrong { background: #ffd6d6; color: #7a1010; }
.source { color: #555; font-size: .9em; }
.entry { break-inside: avoid; margin-bottom: 1.2em; } .entry h3 { margin-bottom: .2em; }
.value { font-weight: normal; color: #555; margin-left: .6em; }
.example { margin: .4em 0 .6em 1em; } .example .tile .glyph { font-size: 1.5em; }
.caption { margin: .2em 0; font-size: .9em; }
@media print { body { margin: 0; max-width: none; } h2 { break-before: page; } }
"""

_CSP = "default-src 'none'; style-src 'unsafe-inline'"


def page(title: str, sections: Iterable[str]) -> str:
    """A complete HTML document with *title* and the given body *sections* (already HTML)."""
    body = "\n".join(sections)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{_CSP}\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def _tile(tile: Tile, extra: str = "") -> str:
    cls = f"tile {extra}".strip()
    return (
        f'<span class="{cls}" title="{escape(tile.name)}"><span class="glyph">{tile.glyph}</span>'
        f'<span class="token">{escape(tile.token)}</span></span>'
    )


def _tiles(tiles: Sequence[Tile]) -> str:
    return "".join(_tile(t) for t in tiles)


def _meld(meld: Meld) -> str:
    how = "exposed" if meld.exposed else "concealed"
    return f'<span class="meld" title="{how} {meld.kind.value}">{_tiles(meld.tiles)}</span>'


def hand_html(hand: Hand, context: Context) -> str:
    """The hand drawn: standing tiles, declared melds, the winning tile highlighted, the context."""
    rest = list(hand.concealed)
    if hand.winning_tile is not None:
        rest.remove(hand.winning_tile)
    parts = [f'<div class="tiles"><span class="label">standing</span>{_tiles(rest)}</div>']
    if hand.melds:
        melds = " ".join(_meld(m) for m in hand.melds)
        parts.append(f'<div class="tiles"><span class="label">melds</span>{melds}</div>')
    if hand.winning_tile is not None:
        parts.append(
            f'<div class="tiles"><span class="label">winning</span>{_tile(hand.winning_tile, "winning")}</div>'
        )
    if context.bonus_tiles:
        parts.append(f'<div class="tiles"><span class="label">bonus</span>{_tiles(context.bonus_tiles)}</div>')
    parts.append(f"<p>{escape(context_text(context, won=hand.winning_tile is not None))}</p>")
    return '<section class="hand"><h2>The hand</h2>' + "\n".join(parts) + "</section>"


def hand_tiles_html(hand: Hand, context: Context) -> str:
    """The hand drawn on one line, compactly: declared melds, the standing tiles, the winning tile
    highlighted, then the bonus tiles (for a list of example hands, as in a rulebook)."""
    rest = list(hand.concealed)
    if hand.winning_tile is not None:
        rest.remove(hand.winning_tile)
    parts = [_meld(m) for m in hand.melds]
    parts.append(_tiles(rest))
    if hand.winning_tile is not None:
        parts.append(_tile(hand.winning_tile, "winning"))
    if context.bonus_tiles:
        parts.append(f'<span class="meld" title="bonus tiles">{_tiles(context.bonus_tiles)}</span>')
    return f'<div class="tiles">{" ".join(parts)}</div>'


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], numeric: frozenset[int] = frozenset()) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="num">{escape(c)}</td>' if i in numeric else f"<td>{escape(c)}</td>" for i, c in enumerate(row)
        )
        body.append(f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{th}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def result_html(result: Result) -> str:
    """The breakdown: the reading, counted rules, the arithmetic's fields, suppressed rules, the total."""
    parts = [f"<h2>Breakdown under {escape(result.profile)}</h2>"]
    if result.reading is not None:
        groups = " ".join(group_text(g) + ("*" if g == result.reading.winning else "") for g in result.reading.groups)
        wait = result.reading.wait.value
        parts.append(
            f"<p>Reading: <code>{escape(groups)}</code> ({escape(result.reading.shape)}, "
            f"{escape(wait)} wait on {escape(result.reading.winning_tile.token)})</p>"
        )
    parts.append(_table(("rule", "value", "times", "subtotal", "sets"), item_rows(result), frozenset({1, 2, 3})))
    if result.fields or result.notes:
        facts = [f"<li>{escape(k)}: {escape(str(v))}</li>" for k, v in result.fields.items()]
        facts += [f"<li>note: {escape(n)}</li>" for n in result.notes]
        parts.append(f"<ul>{''.join(facts)}</ul>")
    if result.suppressed:
        parts.append("<h2>Suppressed (held, but not counted)</h2>")
        rows = [(s.name + (f" x{s.count}" if s.count != 1 else ""), s.id, result.suppression_reason(s), s.source)
                for s in result.suppressed]
        parts.append(_table(("rule", "id", "why it does not count", "source"), rows))
    parts.append(f'<p class="total">total: {result.total:g} {escape(result.unit)}</p>')
    parts.append(f'<p class="source">profile {escape(result.profile)}, fingerprint {escape(result.fingerprint)}</p>')
    return '<section class="breakdown">' + "\n".join(parts) + "</section>"


def _why_html(answer: WhyAnswer) -> str:
    words = ""
    if answer.rule_words and answer.rule_words not in answer.message:
        words = f"<p>The rule: {escape(' '.join(answer.rule_words.split()))}</p>"
    return (
        f"<section class=\"why\"><h2>Why {escape(answer.name or answer.query)}?</h2>"
        f"<p>{escape(answer.message)}</p>{words}<p class=\"source\">source: {escape(answer.source)}</p></section>"
    )


def explain_page(expl: Explanation) -> str:
    """The page of ``explain``: the hand, the readings ranked, the best one's breakdown, the why-answer."""
    unit = expl.result.unit
    ranked = _table(
        ("rank", "total", "reading"),
        [(str(r.rank), f"{r.total:g} {unit}", str(r.reading) + (" (best)" if r.best else "")) for r in expl.ranked],
        frozenset({0, 1}),
    )
    sections = [hand_html(expl.hand, expl.context), f"<section><h2>Readings ranked by score</h2>{ranked}</section>"]
    sections.append(result_html(expl.result))
    if expl.why is not None:
        sections.append(_why_html(expl.why))
    return page(f"Explanation under {expl.result.profile}", sections)


def verify_page(verdict: Verdict) -> str:
    """The page of ``verify``: the hand, the claim, the verdict, the differences, the breakdown."""
    word = verdict.word
    sections = [
        hand_html(verdict.hand, verdict.context),
        f"<section><h2>The claim</h2><p>claim under {escape(verdict.profile)}: {escape(str(verdict.claim))}</p>"
        f'<p class="verdict {word}">verdict: {word}</p></section>',
    ]
    if verdict.differences:
        rows = [(d.kind.replace("_", " "), d.name, d.message, d.source) for d in verdict.differences]
        differences = _table(("what", "rule", "detail", "source"), rows)
        sections.append(f"<section><h2>Differences</h2>{differences}</section>")
    if verdict.result is not None:
        sections.append(result_html(verdict.result))
    return page(f"Verdict under {verdict.profile}: {word}", sections)


def compare_page(comparison: Comparison) -> str:
    """The page of ``compare``: the hand, one column per profile, the rows that differ, the totals."""
    head = ("rule", *(c.profile for c in comparison.columns))
    rows = [(r.name, *r.cells) for r in comparison.rows]
    rows.append(("total", *(c.total_text for c in comparison.columns)))
    numeric = frozenset(range(1, len(head)))
    side_by_side = _table(head, rows, numeric)
    sections = [hand_html(comparison.hand, comparison.context), f"<section><h2>Side by side</h2>{side_by_side}"]
    if comparison.same:
        sections.append(f"<p>{comparison.same} rule(s) score the same in every column.</p>")
    for c in comparison.columns:
        if c.result is None:
            sections.append(f"<p>{escape(c.profile)}: not a winning hand: {escape(c.error)}</p>")
    sections.append("</section>")
    return page("Comparison: " + ", ".join(c.profile for c in comparison.columns), sections)
