"""``mahjong-arbiter stats``: what a scored archive came to, per profile."""

from __future__ import annotations

import argparse
import sys

from ...errors import ArbiterError
from ...jsonio import dumps
from ...schema import document
from ..common import add_format_arguments

NAME = "stats"
HELP = "statistics of a scored archive (score --input output): rules counted, totals, minimum met"
EXAMPLE = """examples:
  mahjong-arbiter score --input hands.jsonl --profile mcr -o results.jsonl
  mahjong-arbiter stats results.jsonl
  mahjong-arbiter stats results.jsonl --format json
  mahjong-arbiter stats results.jsonl --format html -o stats.html   # plots: the plots extra
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("results", metavar="RESULTS.jsonl", help="the JSON lines of score --input ('-' for stdin)")
    add_format_arguments(parser, ("text", "json", "html"), default="text")
    parser.add_argument("--top", type=int, default=20, help="rules listed (and plotted) per profile (default 20)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")


def run(args: argparse.Namespace) -> int:
    from ...batch.lines import read_lines
    from ...batch.stats import archive_stats
    from ..common import refuse_output_over_input

    if args.top < 1:
        raise ArbiterError("bad_arguments", f"--top must be at least 1, not {args.top}")
    refuse_output_over_input(args.results, args.output, what="RESULTS.jsonl")
    stats = archive_stats(read_lines(args.results))
    source = "standard input" if args.results == "-" else args.results
    if not stats.lines:
        raise ArbiterError("bad_input", f"no results in {source} (it is empty or holds only blank lines)")
    if args.format == "html":
        from ...batch.stats_html import stats_page

        text = stats_page(stats, title=f"Statistics of {args.results}", top=args.top)
    elif args.format == "json":
        text = dumps(document(stats.to_dict()), pretty=True)
    else:
        text = stats.to_text(args.top)
    if args.output and args.output != "-":
        try:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(text + "\n")
        except OSError as exc:
            raise ArbiterError("bad_input", f"cannot write {args.output}: {exc.strerror}") from None
    else:
        print(text)
    if stats.unreadable:  # the batch rule: a line that was not a result is bad input, and says so
        some = f"{stats.unreadable} of the {stats.lines} lines are" if stats.unreadable > 1 else "1 line is"
        print(f"mahjong-arbiter stats: {some} not score results (the first is line {stats.first_unreadable} "
              f"of {source}: {stats.first_problem}; a results file is what score --input writes)", file=sys.stderr)
        return 2
    return 0
