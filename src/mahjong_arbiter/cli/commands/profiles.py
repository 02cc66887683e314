"""``mahjong-arbiter profiles``: list the profiles, show one resolved, diff two."""

from __future__ import annotations

import argparse

from ...errors import ArbiterError
from ...jsonio import dumps
from ...schema import document

NAME = "profiles"
HELP = "list the rule profiles, show one resolved (kept/added/amended/removed), or diff two"
EXAMPLE = """examples:
  mahjong-arbiter profiles
  mahjong-arbiter profiles show buzzard-2000
  mahjong-arbiter profiles mcr-mil
  mahjong-arbiter profiles diff mcr mcr-mil --json
  mahjong-arbiter profiles show ./club.toml
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "action", nargs="?", default="list", metavar="{list,show,diff}",
        help="what to do (default list); a profile id or file alone is shown, as with show",
    )
    parser.add_argument("names", nargs="*", metavar="PROFILE", help="profile ids or .toml files")
    parser.add_argument("--json", action="store_true", help="JSON instead of text")


def run(args: argparse.Namespace) -> int:
    from ...profiles.describe import (
        diff_text,
        list_text,
        profile_diff,
        profile_list,
        profile_table,
        table_text,
    )
    from ...profiles.loader import load_profile

    actions = {"list": 0, "show": 1, "diff": 2}
    if args.action not in actions:
        if args.names:
            raise ArbiterError(
                "bad_arguments",
                f"{args.action!r} is not list, show or diff (a profile alone is shown: profiles PROFILE)",
            )
        args.action, args.names = "show", [args.action]
    wanted = actions[args.action]
    if len(args.names) != wanted:
        raise ArbiterError("bad_arguments", f"profiles {args.action} takes {wanted} profile name(s)")
    if args.action == "list":
        rows = profile_list()
        print(dumps(document({"profiles": rows}), pretty=True) if args.json else list_text(rows))
    elif args.action == "show":
        profile = load_profile(args.names[0])
        print(dumps(document(profile_table(profile)), pretty=True) if args.json else table_text(profile))
    else:
        diff = profile_diff(load_profile(args.names[0]), load_profile(args.names[1]))
        print(dumps(document(diff), pretty=True) if args.json else diff_text(diff))
    return 0
