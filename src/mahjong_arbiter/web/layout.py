"""The frame of every page of the web app: head, navigation, the tile faces, and small form helpers.

Pages load one stylesheet and one script of our own (``/static/app.css``, ``/static/app.js``) and
nothing else; the faces of the 42 tiles are drawn once per page (:func:`~mahjong_arbiter.notation.svg.sprite`)
so every fragment the script inserts later can show any tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from ..disputes.html import table_html
from ..notation.svg import sprite

__all__ = ["layout", "options", "checkbox", "NAV"]

NAV = (("hand", "/", "Hand"), ("profiles", "/profiles", "Profiles"), ("game", "/game", "Game"), ("api", "/api", "API"))


def layout(title: str, body: str, *, active: str, token_needed: bool) -> str:
    """A whole page: *body* (HTML) inside the app's frame; *active* names the current section."""
    current = ' aria-current="page"'
    links = "".join(
        f'<a href="{href}"{current if key == active else ""}>{label}</a>' for key, href, label in NAV
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)} · mahjong-arbiter</title>\n"
        '<link rel="stylesheet" href="/static/app.css">\n<script src="/static/app.js" defer></script>\n</head>\n'
        f'<body data-page="{escape(active)}" data-token-needed="{int(token_needed)}">\n'
        '<a class="skip" href="#main">Skip to the content</a>\n'
        f"{sprite()}\n"
        '<header class="top"><span class="brand">mahjong-arbiter</span>'
        f'<nav aria-label="sections">{links}</nav></header>\n'
        f'<main id="main" tabindex="-1">\n{body}\n</main>\n</body>\n</html>\n'
    )


def options(choices: Iterable[tuple[str, str]], selected: str | None) -> str:
    """``<option>`` elements for (value, label) pairs, *selected* marked."""
    return "".join(
        f'<option value="{escape(value)}"{" selected" if value == selected else ""}>{escape(label)}</option>'
        for value, label in choices
    )


def checkbox(name: str, label: str, checked: bool, *, hint: str = "", value: str = "1", ident: str = "") -> str:
    """A labelled checkbox (the whole label is the tap target)."""
    ident = ident or f"f-{name}"
    title = f' title="{escape(hint)}"' if hint else ""
    return (
        f'<label class="check"{title}><input type="checkbox" id="{escape(ident)}" name="{escape(name)}" '
        f'value="{escape(value)}"{" checked" if checked else ""}> {escape(label)}</label>'
    )


def table(head: Sequence[str], rows: Iterable[Sequence[str]], *, raw: frozenset[int] = frozenset(),
          narrow: str = "cards") -> str:
    """A table of escaped cells (columns in *raw* are HTML already), drawn as the rulings' tables are
    (:func:`mahjong_arbiter.disputes.html.table_html`: rows become cards on a narrow screen)."""
    return table_html(head, rows, raw=raw, narrow=narrow)
