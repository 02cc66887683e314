"""The ruling of the hand page, as HTML: what the engine says about the hand the form describes.

Fourteen tiles: the total and unit, the minimum, each counted rule with its sets drawn, the
suppressed rules with what suppressed them and the source, the other readings; the answer to
"why not ...?", the verdict on a claim, the comparison under other profiles, the best discards.
Thirteen tiles: every winning tile with its score by discard and self-drawn.  Every section is
built by :mod:`mahjong_arbiter.disputes.html` from the engine's answers (:mod:`mahjong_arbiter.answers`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from .. import answers
from ..disputes.html import (
    comparison_html,
    discards_html,
    hand_html,
    result_html,
    verdict_html,
    waits_html,
    why_html,
)
from ..errors import ArbiterError, NotWinningError
from ..notation.json_hand import HandRecord
from ..profiles.model import Profile
from ..result import Result
from .forms import RulingForm
from .state import AppState

__all__ = ["Ruling", "ruling_html", "error_html", "rule_names"]


def error_html(error: ArbiterError, *, where: str = "") -> str:
    """An engine's message, shown as it is (with its code)."""
    lead = f"{escape(where)}: " if where else ""
    code = f'<span class="code">({escape(error.code)})</span>'
    return f'<p class="error" role="alert">{lead}{escape(error.message)} {code}</p>'


def _section(title: str, build: Callable[[], str]) -> str:
    """A section built by *build*, or the engine's message in its place."""
    try:
        return build()
    except NotWinningError as exc:
        return f'<section><h2>{escape(title)}</h2><p class="not-winning">{escape(exc.message)}</p></section>'
    except ArbiterError as exc:
        return f"<section><h2>{escape(title)}</h2>{error_html(exc)}</section>"


def rule_names(profile: Profile) -> list[str]:
    """The profile's rule names, for the "why not" and "verify" suggestions (each name once)."""
    return list(dict.fromkeys(entry.name for entry in profile.rules.values()))


def _headline(result: answers.Answer[object], profile: Profile) -> str:
    data = result.data
    total = f"{data['total']:g} {escape(str(data['unit']))}"
    parts = [f'<p class="headline"><span class="big">{total}</span>']
    met = data.get("minimum_met")
    if met is not None:
        minimum = f" (minimum {profile.minimum})" if profile.minimum else ""
        word = "minimum met" if met else "below the minimum: not a win"
        parts.append(f' <span class="{"ok" if met else "bad"}">{word}{escape(minimum)}</span>')
    parts.append("</p>")
    return "".join(parts)


def _complete(
    rec: HandRecord, form: RulingForm, profile: Profile, others: list[Profile]
) -> tuple[list[str], str, bool]:
    """The sections of a fourteen-tile hand's ruling, its summary, and whether it wins (a complete
    hand below the minimum does not)."""
    sections: list[str] = []
    try:
        scored = answers.score_answer(rec, profile)
    except NotWinningError as exc:
        sections.append(f'<p class="headline bad">Not a winning hand under {escape(profile.id)}: '
                        f"{escape(exc.message)}</p>")
        scored = None
        summary = "not a winning hand"
    wins = scored is not None and scored.data.get("minimum_met") is not False
    if scored is not None:
        sections.append(_headline(scored, profile))
        sections.append(result_html(scored.value))
        summary = f"{scored.data['total']:g} {scored.data['unit']}"
        if scored.data.get("minimum_met") is False:
            summary += ", below the minimum"
    if form.why:
        sections.append(_section(f"Why {form.why}?", lambda: _why(rec, form.why, profile)))
    if form.claim:
        sections.append(_section("The claim", lambda: verdict_html(
            answers.verify_answer(rec, profile, form.claim).value)))
    if others:
        sections.append(_section("Compare", lambda: comparison_html(
            answers.compare_answer(rec, [profile, *others]).value)))
    sections.append(_section("Best discards", lambda: discards_html(answers.discards_answer(rec, profile).value)))
    return sections, summary, wins


def _why(rec: HandRecord, rule: str, profile: Profile) -> str:
    from ..disputes.why import why

    outcome: Result | NotWinningError
    try:
        outcome = answers.score_answer(rec, profile).value
    except NotWinningError as exc:
        outcome = exc
    return why_html(why(rule, rec.hand, rec.context, profile, outcome))


@dataclass(frozen=True)
class Ruling:
    """The ruling's HTML, the profile it was made under (None when it could not be loaded), a few
    words for the summary line beside the hand, and whether the teaching panel has something to
    say (a hand read by the engine that does not win yet: thirteen tiles, or fourteen that are
    not a win under the profile)."""

    html: str
    profile: Profile | None
    summary: str = ""
    teach: bool = False


def ruling_html(form: RulingForm, state: AppState, token: str | None) -> Ruling:
    """The ruling of *form*'s hand under its profile."""
    try:
        profile = state.profile(form.profile, form.house, token=token)
        others = [state.builtin(name) for name in form.compare if name != profile.id]  # the house rules are profile
    except ArbiterError as exc:
        return Ruling(error_html(exc, where="profile"), None)
    try:
        rec = form.record()
    except ArbiterError as exc:
        return Ruling(error_html(exc, where="hand"), profile)
    title = f"Hand {rec.id}" if rec.id else "The ruling"
    head = [f"<h2>{escape(title)} under {escape(profile.label)} <span class=\"pid\">({escape(profile.id)})</span></h2>",
            hand_html(rec.hand, rec.context)]
    if rec.hand.is_complete:
        body, summary, wins = _complete(rec, form, profile, others)
    else:
        body = [_section("Waits", lambda: waits_html(answers.scored_waits_answer(rec, profile).value))]
        summary, wins = "13 tiles: the waits are below", False
    return Ruling("".join(head + body), profile, f"{summary} under {profile.id}", teach=not wins)
