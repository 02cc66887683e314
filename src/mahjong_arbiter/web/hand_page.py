"""The hand page: build a hand (palette, melds, context, events), read the ruling, ask why, verify,
compare, share.  :func:`hand_page` draws the whole page for a state (a share link opens it);
:func:`update` answers the page's script each time the hand or a question changes.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..errors import ArbiterError
from ..events import FACTS
from ..profiles.loader import builtin_profile_ids
from ..profiles.model import Profile
from .builder import Pieces, event_choices, palette_html, pieces_html
from .forms import RulingForm
from .layout import checkbox, layout, options
from .ruling import error_html, rule_names, ruling_html
from .state import AppState
from .teach_panel import panel_html

__all__ = ["hand_page", "update"]

_WINDS = (("E", "East"), ("S", "South"), ("W", "West"), ("N", "North"))


def _flag_words() -> dict[str, tuple[str, str]]:
    """The context toggles, with the registry's words (one toggle gives both kong facts, as ``--kong``)."""
    robbing, loose = FACTS["robbing_kong"], FACTS["kong_replacement"]
    return {
        "self_drawn": (FACTS["self_drawn"].title, FACTS["self_drawn"].meaning),
        "kong": (f"{robbing.title} / {loose.title.lower()}",
                 f"On a discard: {robbing.meaning} Self-drawn: {loose.meaning}"),
        "last_tile": (FACTS["last_tile"].title, FACTS["last_tile"].meaning),
        "last_of_kind": (FACTS["last_of_kind"].title, FACTS["last_of_kind"].meaning),
    }


_HONOUR_ORDERS = (("tenhou", "white, green, red (Tenhou, MPSZ)"), ("chinese", "red, green, white (the MCR helper)"))
_CLAIMS = (("", "claim not recorded"), ("1", "from the left"), ("2", "from opposite"), ("3", "from the right"))
_CHOW_CLAIMS = (("", "claim not recorded"), ("1", "claimed the 1st tile"), ("2", "claimed the 2nd tile"),
                ("3", "claimed the 3rd tile"))


def _pieces_of(form: RulingForm) -> tuple[Pieces, str]:
    """The pieces of the form's hand text, and the engine's message when it cannot be read."""
    if not form.hand.strip():
        return Pieces(), ""
    if form.hand.lstrip().startswith('{"'):
        try:
            rec = form.record()
        except ArbiterError as exc:
            return Pieces(), exc.message
        return Pieces.from_text(_text_of(rec)), ""
    try:
        return Pieces.from_text(form.hand, form.honour_order), ""
    except ArbiterError as exc:
        return Pieces(), exc.message


def _text_of(rec: Any) -> str:
    from ..notation import format_hand

    return format_hand(rec.hand, rec.context.bonus_tiles or ())


def _profile_choices(selected: str, house_id: str | None) -> str:
    choices = [(pid, pid) for pid in builtin_profile_ids()]
    if house_id:
        choices.append((house_id, f"{house_id} (uploaded)"))
    return options(choices, selected)


def events_html(form: RulingForm, profile: Profile | None) -> str:
    """The registry's events the profile scores (and any the form already gives), as toggles."""
    shown = event_choices(profile)
    names = {name for name, _, _ in shown}
    shown += [c for c in event_choices() if c[0] in form.events and c[0] not in names]
    boxes = "".join(
        checkbox("events", title, name in form.events, hint=meaning, value=name, ident=f"ev-{name}")
        for name, title, meaning in shown
    )
    scope = f" {escape(profile.id)} scores" if profile is not None else ""
    if not boxes:
        boxes = '<p class="hint">No named event earns anything under this profile.</p>'
    return f'<fieldset class="events" id="events"><legend>Events{scope}</legend>{boxes}</fieldset>'


def _builder(
    form: RulingForm, pieces: Pieces, error: str, house_id: str | None, profile: Profile | None, summary: str
) -> str:
    flags = "".join(checkbox(f, words[0], getattr(form, f), hint=words[1]) for f, words in _flag_words().items())
    house = (
        f'<textarea id="house-text" hidden>{escape(form.house)}</textarea>' if form.house is not None else ""
    )
    return f"""
<section class="builder" aria-labelledby="build-title">
<h1 id="build-title">Build a hand</h1>
<form id="hand-form" method="get" action="/">
<div class="field">
  <label for="hand-text">Hand (MPSZ, the MCR helper string, or a JSON hand)</label>
  <div class="row"><input id="hand-text" name="hand" value="{escape(form.hand)}" autocomplete="off"
    spellcheck="false" aria-describedby="hand-error hand-help"><button type="submit">Rule</button></div>
  <p id="hand-error" class="error" role="alert">{escape(error)}</p>
  <p id="hand-help" class="hint">Melds in brackets: [123p,1] chow claimed on its 1st tile, [999s,3] pung from the
    right, [SSSS] concealed kong; bonus tiles in braces: {{f1,s3}}. The last tile written wins.</p>
  <label class="select">5z 6z 7z are <select name="honour_order" id="f-honour_order">
    {options(_HONOUR_ORDERS, form.honour_order)}</select></label>
</div>
<div class="hand-bar">
<div id="pieces" class="pieces tiles" aria-label="the hand: tap a tile to remove it" role="group" tabindex="-1">
{pieces_html(pieces)}</div>
<p class="summary"><a href="#ruling" id="summary">{escape(summary)}</a></p>
</div>
<fieldset class="modes"><legend>Tap a tile below to add</legend>
  <label class="check"><input type="radio" name="add" value="tile" checked> a tile</label>
  <label class="check"><input type="radio" name="add" value="chow"> a chow</label>
  <label class="check"><input type="radio" name="add" value="pung"> a pung</label>
  <label class="check"><input type="radio" name="add" value="kong"> a kong</label>
  <label class="check"><input type="radio" name="add" value="concealed_kong"> a concealed kong</label>
  <label class="select" id="claim-seat-box">claimed <select id="claim-seat">{options(_CLAIMS, "")}</select></label>
  <label class="select" id="claim-tile-box" hidden>claimed <select id="claim-tile">{options(_CHOW_CLAIMS, "")}
  </select></label>
</fieldset>
<fieldset class="modes"><legend>Tap a tile in the hand to</legend>
  <label class="check"><input type="radio" name="tap" value="remove" checked> remove it</label>
  <label class="check"><input type="radio" name="tap" value="win"> make it the winning tile</label>
  <button type="button" id="clear-hand">Clear</button>
</fieldset>
<div id="palette" class="palette" role="group" aria-label="tiles to add">{palette_html()}</div>
<fieldset class="context"><legend>How it was won</legend>
  {flags}
  <label class="select">seat <select name="seat" id="f-seat">{options(_WINDS, form.seat)}</select></label>
  <label class="select">prevailing <select name="round" id="f-round">{options(_WINDS, form.round)}</select></label>
  <label class="select">profile <select name="profile" id="f-profile">
    {_profile_choices(form.profile, house_id)}</select></label>
</fieldset>
{events_html(form, profile)}
{house}
<fieldset class="questions"><legend>Questions</legend>
  <label class="select wide" for="f-why">Why (not) this rule?</label>
  <input id="f-why" name="why" list="rule-names" value="{escape(form.why)}" autocomplete="off"
    placeholder="a rule name, offered as you type">
  <label class="select wide" for="f-claim">Verify a claim (a total, or rules separated by commas)</label>
  <input id="f-claim" name="claim" list="rule-names" value="{escape(form.claim)}" autocomplete="off"
    placeholder="e.g. 24, or Pure Straight, Half Flush">
  <fieldset class="compare"><legend>Compare under</legend>{_compare_boxes(form)}</fieldset>
</fieldset>
<datalist id="rule-names">{_names(rule_names(profile) if profile else [])}</datalist>
</form>
</section>"""


def _names(names: list[str]) -> str:
    return "".join(f'<option value="{escape(n)}"></option>' for n in names)


def _compare_boxes(form: RulingForm) -> str:
    return "".join(
        checkbox("compare", pid, pid in form.compare, value=pid, ident=f"cmp-{pid}") for pid in builtin_profile_ids()
    )


def _share(form: RulingForm) -> str:
    link, words = form.share_link("/")
    if link is None:
        return f'<p class="hint">{escape(words)}</p>'
    return (
        f'<p><a id="share-link" href="{escape(link)}">Link to this ruling</a> '
        '<button type="button" id="copy-link">Copy the link</button> '
        '<button type="button" id="print">Print</button></p>'
        f'<p class="hint">{escape(words)}</p>'
    )


def _game_panel(form: RulingForm) -> str:
    if form.game is None:
        return ""
    return (
        f'<section class="game-panel"><h2>Game {form.game}</h2><p><a id="to-game" href="/game/{form.game}?'
        f'{escape(form.query(house=False))}">Record this hand in game {form.game}</a></p></section>'
    )


def _unread(problems: tuple[ArbiterError, ...]) -> str:
    """The messages of the fields the form could not hold (each left out alone), above the ruling."""
    return "".join(error_html(exc) for exc in problems)


def hand_page(form: RulingForm, state: AppState, token: str | None,
              problems: tuple[ArbiterError, ...] = ()) -> str:
    """The whole hand page for *form* (as a share link opens it); *problems*: the link's fields
    that could not be read (:meth:`RulingForm.read_pairs`), each said above the ruling."""
    pieces, error = _pieces_of(form)
    house_id = None
    made = ruling_html(form, state, token)
    ruling, profile = _unread(problems) + made.html, made.profile
    if form.house is not None and profile is not None and profile.id == form.profile:
        house_id = profile.id
    body = (
        '<div class="hand-grid">'
        + _builder(form, pieces, error, house_id, profile, made.summary)
        + '<div class="verdicts">'
        + f'<section id="ruling" class="ruling" aria-live="polite" aria-label="the ruling">{ruling}</section>'
        + panel_html(form, made.teach)
        + f'<section id="share" class="share" aria-label="share">{_share(form)}</section>'
        + _game_panel(form)
        + "</div></div>"
    )
    return layout("Build a hand", body, active="hand", token_needed=state.config.token is not None)


def update(data: object, state: AppState, token: str | None) -> dict[str, Any]:
    """The page's script posts ``{"form": {...}, "pieces": {...} | null}``: the hand's text and pieces
    (pieces after a tap, text after typing), their drawing, the ruling and the share link."""
    if not isinstance(data, dict) or not isinstance(data.get("form"), dict):
        raise ArbiterError("bad_json", 'expected {"form": {...}, "pieces": ...}')
    form, problems = RulingForm.read(data["form"])
    raw_pieces = data.get("pieces")
    error = ""
    if raw_pieces is not None:
        pieces = Pieces.from_json(raw_pieces)
        form = form.with_hand(pieces.text())
        try:
            Pieces.from_text(form.hand, form.honour_order)
        except ArbiterError as exc:
            error = exc.message
    else:
        pieces, error = _pieces_of(form)
    made = ruling_html(form, state, token)
    ruling, profile = _unread(problems) + made.html, made.profile
    return {
        "summary": made.summary,
        "text": form.hand,
        "pieces": pieces.to_json(),
        "pieces_html": pieces_html(pieces),
        "error": error,
        "ruling_html": ruling,
        "teach": made.teach,
        "share_html": _share(form),
        "query": form.query(house=False),
        "rules": rule_names(profile) if profile else [],
        "events_html": events_html(form, profile),
        "game_html": _game_panel(form),
    }
