"""``stats --format html``: an archive's statistics as one page with plots (matplotlib, the
``plots`` extra), each plot an embedded PNG so the page stands alone."""

from __future__ import annotations

import base64
import html
import io
from typing import Any, Final

from ..errors import ArbiterError
from .stats import ArchiveStats, ProfileStats

__all__ = ["stats_page", "PLOTS_HINT"]

PLOTS_HINT: Final = "pip install 'mahjong-arbiter[plots]'"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ArbiterError("missing_extra", f"--format html draws plots with matplotlib, which is not installed: "
                                            f"{PLOTS_HINT}") from None
    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    return plt


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _profile_plots(plt: Any, p: ProfileStats, top: int) -> list[str]:
    totals = sorted(p.totals.items())
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.bar([t for t, _ in totals], [n for _, n in totals], width=0.8)
    ax.set_xlabel(f"total ({p.unit})")
    ax.set_ylabel("hands")
    ax.set_title(f"{p.profile}: distribution of totals")
    images = [_png(fig)]
    plt.close(fig)
    ranked = list(reversed(p.ranked()[:top]))  # the text's order (ties by rule id), the most on top
    labels = p.labels()
    fig, ax = plt.subplots(figsize=(7, max(2.0, 0.25 * len(ranked))))
    # one bar per rule id, at its own row: two rules of one name are two bars, labelled apart
    ax.barh(range(len(ranked)), [c.hands / p.scored for _, c in ranked])
    ax.set_yticks(range(len(ranked)), [labels[rid] for rid, _ in ranked])
    ax.set_xlabel("share of scored hands")
    ax.set_title(f"{p.profile}: how often each rule counted (top {len(ranked)})")
    images.append(_png(fig))
    plt.close(fig)
    return images


def stats_page(stats: ArchiveStats, *, title: str = "Archive statistics", top: int = 20) -> str:
    """The page: the text summary, then per profile its totals and rule plots."""
    plt = _pyplot()
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:auto}pre{background:#f4f4f4;padding:1em}"
             "img{max-width:100%}</style></head><body>", f"<h1>{html.escape(title)}</h1>",
             f"<pre>{html.escape(stats.to_text(top))}</pre>"]
    for p in stats.profiles.values():
        parts.append(f"<h2>{html.escape(p.profile)}</h2>")
        parts += [f"<img alt='{html.escape(p.profile)} plot' src='data:image/png;base64,{image}'>"
                  for image in _profile_plots(plt, p, top)]
    parts.append("</body></html>")
    return "\n".join(parts)
