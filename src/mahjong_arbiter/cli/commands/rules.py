"""``mahjong-arbiter rules``: a profile's rulebook for players, or one rule's entry with its examples scored."""

from __future__ import annotations

import argparse

from ..common import add_format_arguments, output_stream

NAME = "rules"
HELP = "print a profile's rulebook: every rule in plain words with its value, exclusions, source and example hands"
EXAMPLE = """examples:
  mahjong-arbiter rules mcr
  mahjong-arbiter rules mcr "pure straight"
  mahjong-arbiter rules bmja --format html -o bmja-rulebook.html
  mahjong-arbiter rules mcr "pure straight" --json
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profile", metavar="PROFILE", help="a built-in profile id or a .toml file")
    parser.add_argument(
        "rule", metavar="RULE", nargs="?",
        help="one rule (its id, short id, English or native name): print its entry with the examples scored",
    )
    add_format_arguments(
        parser, ("text", "html", "json"), default="text",
        help="text (default), a printable HTML page with the example hands drawn as tiles, or JSON (with RULE, "
        "each example's result included)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def run(args: argparse.Namespace) -> int:
    from ...disputes.names import resolve_rules
    from ...disputes.rulebook import entry_page, entry_text, rulebook_page, rulebook_text
    from ...profiles.loader import load_profile
    from ...profiles.rulebook import rulebook_for

    book = rulebook_for(load_profile(args.profile))
    if args.format == "json":
        from ...disputes.rulebook_json import rulebook_json
        from ...jsonio import dumps

        chosen = None if args.rule is None else [e.id for e in resolve_rules(book.profile, args.rule)]
        out = dumps(rulebook_json(book, chosen), pretty=True) + "\n"
    elif args.rule is None:
        out = rulebook_page(book) if args.format == "html" else rulebook_text(book)
    else:
        entries = resolve_rules(book.profile, args.rule)
        if args.format == "html":
            out = "\n".join(entry_page(book, e.id) for e in entries[:1])
        else:
            out = "\n".join(entry_text(book, e.id) for e in entries)
    with output_stream(args.output) as stream:
        stream.write(out)
    return 0
