"""The command line: ``mahjong-arbiter COMMAND ...`` (also ``python -m mahjong_arbiter``).

Each command lives in its own module under :mod:`mahjong_arbiter.cli.commands` and defines
``NAME`` (the command word), ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``.  Commands are found by scanning that package, so adding a command never
touches this file.  Command modules import heavy libraries (OR-Tools, Dask, matplotlib) only inside
``run``, so ``--help`` and ``parse`` start fast.

Every command follows one exit-status table (:data:`EXIT_STATUS`, printed at the end of each
``--help``): 0 done; 1 a valid hand that does not win or is below the profile's minimum, a wrong
claim, a replay difference; 2 bad input (the message names what is wrong); 3 an internal error
(one line on stderr, never a traceback).  A batch exits with the highest status of its lines.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType

from .. import __version__
from ..batch import INTERNAL_ERROR, internal_error
from ..errors import ArbiterError, NotWinningError
from .common import INTERRUPTED

__all__ = ["main", "build_parser", "EXIT_STATUS"]

EXIT_STATUS = """exit status:
  0  done
  1  a valid hand that does not win or is below the profile's minimum; a wrong claim
     (verify); a difference (game replay)
  2  bad input: the message names what is wrong
  3  internal error: one line on stderr; please report it with the input
  a batch (--input) exits 2 if any line was bad input, else 1 if any line is 1, else 0
  130  interrupted (Ctrl-C): a batch says after how many lines; -o FILE is left as it was
       and the lines done are in FILE.partial
  141  the output was closed early (a broken pipe: '| head'): the run stops quietly
"""

EXAMPLE = """examples:
  mahjong-arbiter parse '[123p,1][345s,2][999s,3]6m6pEW1m'
  mahjong-arbiter parse 123m456p789s11222z --win 2z --self-drawn
  mahjong-arbiter score 123456789p123s55m --profile mcr
  mahjong-arbiter rules mcr
"""


def _command_modules(only: str | None = None) -> list[ModuleType]:
    """The command modules (each module is named after its command), or only the one named *only*."""
    from . import commands

    found = []
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if info.name.startswith("_") or (only is not None and info.name != only):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            found.append(module)
    return found


def build_parser(modules: Sequence[ModuleType] | None = None) -> argparse.ArgumentParser:
    """The top-level parser with one sub-parser per command module (or per module of *modules*)."""
    parser = argparse.ArgumentParser(
        prog="mahjong-arbiter",
        allow_abbrev=False,  # "--profile" must never silently mean "--profiles" (compare)
        description="Score any mahjong hand exactly under a named rule profile.",
        epilog=f"{EXAMPLE}\n{EXIT_STATUS}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"mahjong-arbiter {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _command_modules() if modules is None else modules:
        command = sub.add_parser(
            module.NAME,
            allow_abbrev=False,
            help=module.HELP,
            description=module.HELP,
            epilog="\n".join(part for part in (getattr(module, "EXAMPLE", ""), EXIT_STATUS) if part),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(command)
        command.set_defaults(_run=module.run)
    return parser


def _parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser for *argv*: when it starts with a command's name, that command's parser alone
    (every option and message of the command is the same), else the whole one."""
    if argv and not argv[0].startswith("-"):
        from . import commands

        names = {info.name for info in pkgutil.iter_modules(commands.__path__) if not info.name.startswith("_")}
        if argv[0] in names:
            modules = _command_modules(only=argv[0])
            if modules:
                return build_parser(modules)
    return build_parser()


BROKEN_PIPE = 141
"""The exit status when the output was closed before the run ended (128 + SIGPIPE: what a shell
reports for a program the closed pipe stopped, so ``set -o pipefail`` sees an unfinished run)."""


def _drop_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush of the closed pipe
    writes nowhere instead of printing a second error."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # a stdout without a file descriptor (tests)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status of :data:`EXIT_STATUS`.

    An exception the program did not expect is reported on one line of stderr and gives status
    3, never a traceback and never 1 (which would say "valid but not winning").
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    parser = _parser_for(arguments)
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exc:  # argparse exits 2 on a usage error, 0 on --help
        return int(exc.code or 0)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        status: int = args._run(args)
    except NotWinningError as exc:
        print(f"mahjong-arbiter {args.command}: {exc.message}", file=sys.stderr)
        return 1
    except ArbiterError as exc:
        print(f"mahjong-arbiter {args.command}: {exc.message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away ('| head'): stop quietly, and never say "done"
        _drop_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        print(f"mahjong-arbiter {args.command}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except Exception as exc:  # noqa: BLE001  # the boundary where a bug becomes one line and status 3
        print(f"mahjong-arbiter {args.command}: {internal_error(exc).message}", file=sys.stderr)
        return INTERNAL_ERROR
    return status
