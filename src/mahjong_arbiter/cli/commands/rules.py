"""``mahjong-arbiter rules``: a profile printed as a readable rulebook."""

from __future__ import annotations

import argparse

NAME = "rules"
HELP = "print a profile as a rulebook: every scored rule with its value and source, and procedure notes"
EXAMPLE = """examples:
  mahjong-arbiter rules buzzard-2000
  mahjong-arbiter rules mcr
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profile", metavar="PROFILE", help="a built-in profile id or a .toml file")


def run(args: argparse.Namespace) -> int:
    from ...profiles.describe import rulebook_text
    from ...profiles.loader import load_profile

    print(rulebook_text(load_profile(args.profile)))
    return 0
