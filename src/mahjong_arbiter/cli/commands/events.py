"""``mahjong-arbiter events``: the event registry, and what each fact earns under the profiles."""

from __future__ import annotations

import argparse

from ...jsonio import dumps
from ...schema import document
from ..common import add_format_arguments

NAME = "events"
HELP = "list the context facts and events: what each means, when it is refused, what it earns per profile"
EXAMPLE = """examples:
  mahjong-arbiter events
  mahjong-arbiter events --profile bmja
  mahjong-arbiter events --profile codification --json
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profile", action="append", metavar="PROFILE",
        help="show what the facts earn under this profile (repeatable; default every built-in profile)",
    )
    add_format_arguments(parser, ("text", "json", "markdown"), default="text", help="output format")


def run(args: argparse.Namespace) -> int:
    from ...profiles.events import registry_markdown, registry_rows, registry_text
    from ...profiles.loader import builtin_profile_ids, load_profile

    profiles = [load_profile(p) for p in (args.profile or builtin_profile_ids())]
    if args.format == "json":
        print(dumps(document({"events": registry_rows(profiles)}), pretty=True))
    elif args.format == "markdown":
        print(registry_markdown(profiles), end="")
    else:
        print(registry_text(profiles))
    return 0
