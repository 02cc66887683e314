"""The profile pages: the built-in profiles, one profile's rules, the difference of two, and house
rules pasted or uploaded (checked by the loader, then usable in that browser session)."""

from __future__ import annotations

from html import escape
from typing import Any

from ..disputes.breakdown import value_text
from ..errors import ArbiterError
from ..profiles.describe import diff_value_text, profile_diff, profile_list, profile_table
from ..profiles.loader import builtin_profile_ids
from ..profiles.model import Profile, RuleEntry
from .layout import layout, options, table
from .state import AppState

__all__ = ["list_page", "profile_page", "diff_page", "check_upload", "profile_html"]


def _value(entry: RuleEntry) -> str:
    if entry.value_key == "limit":
        return "limit" if entry.value == 1 else f"{entry.value:g} of the limit"
    return value_text(entry.value, entry.value_key)


def profile_html(profile: Profile) -> str:
    """One profile: its settings, sources, every rule with value, whom it applies to, edges, source, and notes."""
    data = profile_table(profile)
    facts = [("arithmetic", data["arithmetic"]), ("fingerprint", data["fingerprint"])]
    if data["extends"]:
        facts.append(("extends", data["extends"]))
    facts += [(k, str(data[k])) for k in ("limit", "minimum") if data[k]]
    settings = "".join(f"<li>{escape(k)}: {escape(str(v))}</li>" for k, v in facts)
    sources = "".join(f"<li>{escape(s)}</li>" for s in data["sources"])
    rows = []
    for rid, entry in profile.rules.items():
        edges = [f"{e.relation} {profile.rules[e.target].name}" for e in (*entry.excludes, *entry.implies)]
        native = f" {entry.name_zh}" if entry.name_zh else ""
        change = profile.origin.get(rid, "added") if profile.extends else ""
        rows.append((entry.name + native, _value(entry), entry.applies, "; ".join(edges), entry.source,
                     "" if change == "kept" else change))
    head = ("rule", "value", "applies to", "excludes / implies", "source", "change")
    removed = "".join(f"<li><code>{escape(r)}</code></li>" for r in data["removed"])
    notes = "".join(
        f"<li><strong>{escape(n.title)}</strong>: {escape(n.text)} "
        f'<span class="source">{escape(n.source)}</span></li>'
        for n in profile.notes
    )
    return (
        f"<h2>{escape(profile.label)} <span class=\"pid\">({escape(profile.id)})</span></h2>"
        f'<ul class="facts">{settings}</ul>'
        + (f"<h3>Sources</h3><ul>{sources}</ul>" if sources else "")
        + f"<h3>Rules ({len(data['rules'])})</h3>" + table(head, rows)
        + (f"<h3>Removed from {escape(str(profile.extends))}</h3><ul>{removed}</ul>" if removed else "")
        + (f"<h3>Procedures (not scored)</h3><ul>{notes}</ul>" if notes else "")
    )


def list_page(state: AppState) -> str:
    """Every built-in profile, the diff form, the house-rules form."""
    rows = [
        (f'<a href="/profiles/{escape(r["id"])}">{escape(r["id"])}</a>', escape(r["label"]), escape(r["arithmetic"]),
         escape(r["extends"] or ""), str(r["rules"]))
        for r in profile_list()
    ]
    ids = [(pid, pid) for pid in builtin_profile_ids()]
    body = f"""
<h1>Profiles</h1>
{table(("profile", "what it is", "arithmetic", "extends", "rules"), rows, raw=frozenset({0, 1, 2, 3, 4}))}
<section aria-labelledby="diff-title"><h2 id="diff-title">Compare two profiles</h2>
<form method="get" action="/profiles/diff" class="inline">
<label class="select">from <select name="a">{options(ids, "mcr")}</select></label>
<label class="select">to <select name="b">{options(ids, "mcr-mil")}</select></label>
<button type="submit">Show the difference</button></form></section>
<section aria-labelledby="house-title"><h2 id="house-title">House rules</h2>
<p>Paste or open a house-rules profile (TOML) that extends a built-in profile. It is checked here and, when
it loads, it can be chosen on the hand page for the rest of this browser session.</p>
<form id="house-form" class="stack">
<label for="house-file">Open a file</label><input type="file" id="house-file" accept=".toml,text/plain">
<label for="house-input">or paste it</label>
<textarea id="house-input" rows="10" spellcheck="false"
  placeholder='id = "club"&#10;extends = "hk-old-style"&#10;minimum = 1'></textarea>
<p><button type="button" id="house-check">Check and use</button>
<button type="button" id="house-forget">Forget the house rules</button></p>
</form>
<div id="house-result" aria-live="polite"></div>
</section>"""
    return layout("Profiles", body, active="profiles", token_needed=state.config.token is not None)


def profile_page(state: AppState, profile_id: str) -> str:
    """One built-in profile."""
    if profile_id not in builtin_profile_ids():
        known = ", ".join(builtin_profile_ids())
        raise ArbiterError("not_found", f"no built-in profile {profile_id!r}; the built-in profiles: {known}")
    profile = state.builtin(profile_id)
    body = (
        f'<p><a href="/profiles">All profiles</a></p><h1>Rulebook: {escape(profile.label)}</h1>'
        + rulebook_html(profile)
        + f'<details class="resolved"><summary>The resolved rule table</summary>{profile_html(profile)}</details>'
    )
    return layout(profile_id, body, active="profiles", token_needed=state.config.token is not None)


def rulebook_html(profile: Profile) -> str:
    """The profile's rulebook for players (the engine's, as ``rules PROFILE --format html`` prints it)."""
    from ..disputes.rulebook import rulebook_sections
    from ..profiles.rulebook import rulebook_for

    return "\n".join(rulebook_sections(rulebook_for(profile)))


def _breakable(name: str) -> str:
    """A setting or rule id (``policies.concealed_double_on_loose_tile``) that may wrap after its
    dots and underscores, as HTML."""
    return escape(name).replace(".", ".<wbr>").replace("_", "_<wbr>").replace("-", "-<wbr>")


def diff_html(diff: dict[str, Any]) -> str:
    """What two profiles disagree on: settings, rules only in one, rules that differ."""
    a, b = escape(diff["a"]), escape(diff["b"])
    parts = [f"<h2>From {a} to {b}</h2>"]
    if diff["settings"]:
        rows = [(_breakable(k), escape(diff_value_text(va)), escape(diff_value_text(vb)))
                for k, (va, vb) in diff["settings"].items()]
        parts.append("<h3>Settings</h3>" + table(("setting", diff["a"], diff["b"]), rows, raw=frozenset({0, 1, 2})))
    for side, name in (("only_in_a", a), ("only_in_b", b)):
        if diff[side]:
            items = "".join(f"<li><code>{escape(r)}</code></li>" for r in diff[side])
            parts.append(f"<h3>Only in {name}</h3><ul>{items}</ul>")
    if diff["changed"]:
        changed = [(_breakable(c["id"]), escape(f), escape(diff_value_text(va)), escape(diff_value_text(vb)))
                   for c in diff["changed"] for f, (va, vb) in c["fields"].items()]
        parts.append("<h3>Rules that differ</h3>"
                     + table(("rule", "field", diff["a"], diff["b"]), changed, raw=frozenset({0, 1, 2, 3})))
    if len(parts) == 1:
        parts.append("<p>No differences.</p>")
    return "".join(parts)


def diff_page(state: AppState, a: str, b: str) -> str:
    """The difference of two built-in profiles."""
    body = f'<p><a href="/profiles">All profiles</a></p>{diff_html(profile_diff(state.builtin(a), state.builtin(b)))}'
    return layout(f"{a} and {b}", body, active="profiles", token_needed=state.config.token is not None)


def check_upload(data: object, state: AppState, token: str | None) -> dict[str, Any]:
    """Check an uploaded profile: ``{"ok", "id", "html", "error"}`` (the loader's message when it fails)."""
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise ArbiterError("bad_json", 'expected {"text": "..."}')
    state.check_token(token)  # a missing token is a 403, not a message about the profile
    try:
        profile = state.upload(data["text"], token=token)
    except ArbiterError as exc:
        return {"ok": False, "id": None, "error": exc.message, "html": ""}
    diff = profile_diff(state.builtin(str(profile.extends)), profile)
    html = diff_html(diff) + f"<h2>Rulebook: {escape(profile.label)}</h2>" + rulebook_html(profile)
    return {"ok": True, "id": profile.id, "error": "", "html": html}
