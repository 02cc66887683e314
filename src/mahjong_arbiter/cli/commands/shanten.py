"""``mahjong-arbiter shanten``: how far a hand is from winning under a profile, and what helps.

Thirteen tiles: the shanten number of each form the profile allows (standard sets and a pair and
each special shape; -1 complete, 0 ready), the least, and the useful tiles with the copies still
unseen.  Fourteen tiles: the hand's own shanten and the discard table (each discard, the shanten
it leaves, its useful tiles and their unseen copies), best first.  JSON per hand::

    {"id", "profile", "tiles": 13, "shanten": 1, "exact": true, "at_most": 1,
     "forms": {"standard": {"shanten": 1, "exact": true, "useful": [{"tile": "2m", "unseen": 3}]},
               "seven_pairs": {"shanten": 3, ...}, "thirteen_orphans": {"shanten": null, ...}},
     "useful": [{"tile", "unseen"}], "unseen": 12}

with, for fourteen tiles, ``"discards": [{"discard", "shanten", "exact", "useful", "unseen"}]``
in place of ``useful``/``unseen`` (and no per-form ``useful``).  ``"shanten": null`` marks a form
the hand cannot make (a special shape with declared melds); ``"exact": false`` a shape without
a distance function of its own, searched only up to ready (its number a lower bound; the hand's
``shanten`` is then at least that, and ``at_most`` the least of the exactly measured forms).  Exit status 0 for any
valid hand, 2 for bad input.
"""

from __future__ import annotations

import argparse
from typing import Any

from ...notation.json_hand import HandRecord
from ...notation.render import hand_text, tile_text
from ..common import Handler, add_hand_arguments, add_output_arguments, named_profile, run_records
from ._teaching import SEEN_FIELD, add_seen_argument, seen_tiles

NAME = "shanten"
HELP = "how many tiles a hand is from ready under a profile, each form, the useful tiles, the best discards"
EXAMPLE = """examples:
  mahjong-arbiter shanten 123m456p789s11pEW --profile mcr
  mahjong-arbiter shanten 19m19p19sESWNCF5p --profile bmja --seen 9s9s
  mahjong-arbiter shanten 123m456m789m11pEEE --profile mcr-mil     # 14 tiles: the discard table
  mahjong-arbiter shanten 123456789mEEEE --profile mcr-mil --json  # ready on a fifth East in this reading
  mahjong-arbiter shanten --input thirteen.jsonl --profile mcr    # JSON hands may carry "seen": [...]
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="mcr", help="a built-in profile id or a .toml file (default mcr)")
    add_seen_argument(parser)
    add_hand_arguments(parser)
    add_output_arguments(parser)


def _state(shanten: int, exact: bool) -> str:
    if shanten < 0:
        return "complete"
    if shanten == 0:
        return "ready"
    return f"{shanten} exchange{'s' if shanten != 1 else ''} from ready" if exact else f"at least {shanten}"


def _number(shanten: int | None, exact: bool) -> str:
    if shanten is None:
        return "-"
    return str(shanten) if exact else f">={shanten}"


def build(args: argparse.Namespace) -> Handler:
    from ...answers import shanten_answer
    from ...disputes.style import table
    from ...teaching.shanten import form_label

    profile = named_profile(args, args.profile)

    def tiles(useful: Any) -> str:
        return " ".join(f"{tile_text(u.tile, args.ascii)}({u.unseen})" for u in useful) or "-"

    def handle(rec: HandRecord) -> tuple[int, dict[str, Any], str]:
        answer = shanten_answer(rec, profile, seen=seen_tiles(rec, args))
        report, out = answer.value, answer.data
        lines = [hand_text(rec.hand, rec.context, args.ascii), ""]
        if report.exact:
            lines.append(f"shanten {report.shanten} under {profile.id}: {_state(report.shanten, True)}")
        else:
            most = "" if report.at_most is None else f" and at most {report.at_most}"
            count = len(report.inexact_forms)
            lines.append(f"shanten at least {report.shanten}{most} under {profile.id}: {count} special shape(s) "
                         "without a distance function are measured only up to ready")
        rows = [("form", "shanten", "useful tiles (unseen)" if report.thirteen else "")]
        for name, distance in report.forms.items():
            useful = tiles(report.form_useful.get(name, ())) if report.thirteen and distance else ""
            number = None if distance is None else distance.shanten
            rows.append((form_label(name), _number(number, distance is None or distance.exact), useful))
        lines.extend("  " + line for line in table(rows, align="<><"))
        if report.thirteen:
            lines.append(f"useful tiles: {tiles(report.useful)}; {report.unseen} unseen copies")
        else:
            lines.append("")
            lines.append("discards, the best first:")
            body = [("discard", "shanten", "unseen", "useful tiles (unseen)")]
            body += [(tile_text(r.discard, args.ascii), _number(r.shanten, r.exact), str(r.unseen), tiles(r.useful))
                     for r in report.discards]
            lines.extend("  " + line for line in table(body, align="<>><"))
        return answer.status, out, "\n".join(lines)

    return handle


def run(args: argparse.Namespace) -> int:
    return run_records(args, build, extra_fields=SEEN_FIELD, words=("measured", "status 1"))
