"""What every command shares: reading hands (one HAND argument or JSON lines) and writing results.

Input
    A command that takes hands calls :func:`add_hand_arguments`.  Either a HAND string
    (:func:`mahjong_arbiter.notation.parse_hand`) with context flags, or ``--input FILE``
    (``-`` for stdin) holding JSON hands one per line (:mod:`mahjong_arbiter.notation.json_hand`),
    read by the shared batch pipeline (:mod:`mahjong_arbiter.batch`: a byte-order mark allowed,
    blank lines skipped, each line decoded on its own).  JSON hands carry their own context, so giving a context flag,
    ``--win`` or ``--honour-order`` together with ``--input`` is an error rather than silently
    ignored or silently overriding the file.
Output
    :func:`add_output_arguments` adds ``--format`` (``--json`` is short for ``--format json``),
    ``-o FILE`` and ``--ascii``.  :func:`run_records` prints what the command's handler returns:
    for one HAND, text by default; for ``--input``, JSON lines by default, one per input line in
    input order, each keeping its ``id``.  ``--format json`` in batch mode prints one JSON array.
    Formats other than json/jsonl (text, html) print the handler's text.  No colour is used.
    Every JSON text goes through :func:`mahjong_arbiter.jsonio.dumps` (never NaN or Infinity).
Exit status
    One HAND: the handler's status (0 done, 1 valid but not winning), 2 for bad input (the
    message goes to stderr; with ``--format json``/``jsonl`` the error object of a batch line
    goes to the output too, for a hand that does not win or cannot be read alike).  Batch: a bad
    line prints ``{"id": ..., "error": {"code": ..., "message": ...}}`` and the run goes on; the
    exit status is the highest of all lines (2 if any line was bad input, else 1 if any hand was
    not winning, else 0; 3 for an internal error on some line).  An input with no hand at all (an
    empty file, only blank lines) is bad input: "no hands in FILE", exit 2, for nothing was done.
    An output file that is the input file is refused before either is opened (opening it for
    writing would empty the input before a line is read).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import math
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any

from ..answers import error_answer
from ..batch import BadRecord, Handler, Line, Outcome, batch_status, read_lines, read_record
from ..batch.pipeline import (
    INSTALL_HINT,
    PARTITION_LINES,
    Builder,
    InProcess,
    Job,
    Runner,
    Summary,
    Tally,
    handler_of,
    partitions,
    pinned,
    seal,
)
from ..errors import ArbiterError, NotWinningError
from ..jsonio import dumps
from ..notation import HONOUR_ORDERS
from ..notation.json_hand import HandRecord
from ..notation.text_record import record_from_text
from ..schema import document
from .output_file import BatchOutput

if TYPE_CHECKING:  # commands without a profile never load the profile modules
    from ..profiles.model import Profile

__all__ = [
    "INTERRUPTED",
    "BACKEND_CHOICES",
    "BadRecord",
    "add_backend_argument",
    "add_profile_arguments",
    "chosen_profile",
    "colour_of",
    "named_profile",
    "refuse_html_batch",
    "Handler",
    "add_hand_arguments",
    "add_output_arguments",
    "add_format_arguments",
    "iter_records",
    "lines_wanted",
    "output_stream",
    "refuse_output_over_input",
    "run_records",
    "text_wanted",
    "whole_number",
    "plain_number",
]

_FLAG_NAMES = {
    "win": "--win",
    "honour_order": "--honour-order",
    "self_drawn": "--self-drawn",
    "seat": "--seat",
    "round": "--round",
    "flowers": "--flowers",
    "last_of_kind": "--last-of-kind",
    "kong": "--kong",
    "last_tile": "--last-tile",
    "event": "--event",
    "seen": "--seen",  # shanten, targets: a JSON hand gives its own "seen" field
}


def add_hand_arguments(parser: argparse.ArgumentParser, *, thirteen: bool = False) -> None:
    """Add HAND, ``--input``, ``--win``, ``--honour-order`` and the context flags.

    With *thirteen* the command takes hands of 13 tiles without a winning tile (no ``--win``;
    JSON hands must have ``"winning_tile": null``).  Otherwise any valid hand is read and the
    command decides whether it needs a complete one.
    """
    parser.set_defaults(_hand_thirteen=thirteen)
    parser.add_argument(
        "hand",
        nargs="?",
        metavar="HAND",
        help="the hand: MPSZ '123m456p789s1122z' or the MIL reading, string '[123p,1][345s,2]6m6pEW1m' "
        "(bonus tiles in braces: '{f1,s3}'); the last tile written wins",
    )
    parser.add_argument(
        "--input", metavar="FILE", help="read JSON hands, one per line, from FILE ('-' for stdin)"
    )
    if not thirteen:
        parser.add_argument("--win", metavar="TILE", help="the winning tile, if not the last one written")
    parser.add_argument(
        "--honour-order",
        choices=tuple(HONOUR_ORDERS),
        help="what 5z 6z 7z mean: tenhou = white green red (default), chinese = red green white",
    )
    ctx = parser.add_argument_group("context of a HAND (JSON hands carry their own)")
    ctx.add_argument("--self-drawn", action="store_true", help="won on a tile from the wall")
    ctx.add_argument("--seat", metavar="WIND", help="seat wind E S W N (default E)")
    ctx.add_argument("--round", metavar="WIND", help="prevailing wind E S W N (default E)")
    ctx.add_argument("--flowers", metavar="N|LIST", help="bonus tiles held: a count (2) or a list (f1,s3)")
    ctx.add_argument("--last-of-kind", action="store_true", help="the winning tile was the last unseen copy")
    ctx.add_argument(
        "--kong", action="store_true", help="robbing a kong (on a discard) or a kong's replacement tile"
    )
    ctx.add_argument("--last-tile", action="store_true", help="the last tile of the wall (or its discard)")
    ctx.add_argument(
        "--event", action="append", metavar="NAME", help="a named fact, e.g. standing_hand (repeatable)"
    )
    batch = parser.add_argument_group("batch runs (with --input)")
    batch.add_argument(
        "--workers", type=whole_number(1, 1024), metavar="N",
        help="work on a local Dask cluster of N worker processes (the cluster extra: "
        f"{INSTALL_HINT})",
    )
    batch.add_argument("--scheduler", metavar="ADDRESS", help="work on the Dask cluster at ADDRESS (tcp://host:8786)")
    batch.add_argument(
        "--partition-lines", type=whole_number(1, 10_000_000), metavar="N",
        help=f"lines per partition of work (default {PARTITION_LINES})",
    )


def add_output_arguments(
    parser: argparse.ArgumentParser, formats: tuple[str, ...] = ("text", "json", "jsonl")
) -> None:
    """Add ``--format`` (choices *formats*), ``--json``, ``-o FILE`` and ``--ascii``."""
    out = parser.add_argument_group("output")
    add_format_arguments(out, formats, help="text for one HAND, jsonl with --input (the defaults)")
    out.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    out.add_argument("--ascii", action="store_true", help="tiles as letters only, no Unicode glyphs")


class _OneFormat(argparse.Action):
    """``--format F`` and ``--json`` (``nargs=0``, ``const="json"``) name one format: a second,
    different one (``--json --format text``) is a usage error (exit 2), never "the last one wins"."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        value = self.const if self.nargs == 0 else values
        said = f"{option} {value}" if self.nargs != 0 else str(option)
        earlier = getattr(namespace, "_format_said", None)
        if earlier is not None and getattr(namespace, self.dest) != value:
            parser.error(f"{said} conflicts with {earlier}: give one format")
        setattr(namespace, self.dest, value)
        namespace._format_said = said


def add_format_arguments(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup,
    formats: tuple[str, ...],
    *,
    default: str | None = None,
    help: str | None = None,
) -> None:
    """``--format`` (choices *formats*) and, when json is one, ``--json`` short for ``--format
    json``; the two may not disagree."""
    parser.add_argument("--format", choices=formats, default=default, action=_OneFormat, help=help)
    if "json" in formats:
        parser.add_argument("--json", dest="format", nargs=0, const="json", action=_OneFormat, help="--format json")


def _given_flags(args: argparse.Namespace) -> list[str]:
    return [flag for name, flag in _FLAG_NAMES.items() if getattr(args, name, None) not in (None, False)]


def _single(args: argparse.Namespace, extra_fields: frozenset[str]) -> HandRecord:
    rec = record_from_text(
        args.hand,
        win=getattr(args, "win", None),
        honour_order=args.honour_order or "tenhou",
        thirteen=args._hand_thirteen,
        partial=bool(getattr(args, "partial", False)),
        self_drawn=args.self_drawn,
        seat=args.seat,
        round=args.round,
        flowers=args.flowers,
        last_of_kind=args.last_of_kind,
        kong=args.kong,
        last_tile=args.last_tile,
        events=args.event or (),
        seat_name="--seat",
        round_name="--round",
        flowers_name="--flowers",
    )
    extra = {name: getattr(args, name) for name in sorted(extra_fields) if hasattr(args, name)}
    return HandRecord(None, rec.hand, rec.context, extra)


def iter_records(
    args: argparse.Namespace, *, extra_fields: frozenset[str] = frozenset()
) -> Iterator[HandRecord | BadRecord]:
    """The hands to work on: the one HAND, or each JSON line of ``--input`` in order.

    For one HAND, each field of *extra_fields* is taken from the parsed argument of the same
    name when the command defines one.  A hand that cannot be read comes as a
    :class:`BadRecord`; a usage problem (neither or both of HAND and ``--input``, context flags
    with ``--input``, an unreadable file) raises
    :class:`~mahjong_arbiter.errors.ArbiterError` with code ``bad_arguments`` or ``bad_input``.
    """
    if (args.hand is None) == (args.input is None):
        raise ArbiterError("bad_arguments", hand_or_input(args))
    if args.input is None:
        try:
            yield _single(args, extra_fields)
        except ArbiterError as exc:
            yield BadRecord(None, exc)
        return
    thirteen, partial = hand_shape_of(args)
    for line in iter_lines_of(args):
        yield read_record(line, extra_fields=extra_fields, thirteen=thirteen, partial=partial)


def hand_or_input(args: argparse.Namespace) -> str:
    """The usage message when neither or both of HAND and ``--input`` were given."""
    if args.hand is None:
        return "give a HAND or --input FILE: neither was given"
    return "give either a HAND or --input FILE, not both"


def hand_shape_of(args: argparse.Namespace) -> tuple[bool, bool]:
    """(thirteen, partial) for the JSON hands of ``--input``: a command that takes 13 tiles, or
    ``--loser`` (no winning tile), and ``--partial`` (a loser's hand may hold fewer)."""
    return bool(args._hand_thirteen or getattr(args, "loser", False)), bool(getattr(args, "partial", False))


def iter_lines_of(args: argparse.Namespace) -> Iterator[Line]:
    """The lines of ``--input``; context flags given beside it are refused at once.

    Raises
    ------
    ArbiterError
        ``bad_arguments`` for a context flag given with ``--input`` (each JSON hand carries its
        own context); ``bad_input`` for a file that cannot be read (when iteration starts).
    """
    given = _given_flags(args)
    if given:
        raise ArbiterError(
            "bad_arguments",
            f"{', '.join(given)} cannot be used with --input: each JSON hand carries its own context",
        )
    return read_lines(args.input)


def refuse_output_over_input(source: str | None, output: str | None, *, what: str = "--input") -> None:
    """Refuse ``-o OUTPUT`` when it is the file *source* (``bad_arguments``, exit 2).

    The output is opened for writing before the input is read to its end, so writing over the
    input would empty it first and lose it.  Standard input and output (``-``) are never the
    same file; a path that does not exist yet is compared by its resolved form (a link to the
    input, or the input named another way, is still the input).
    """
    if source is None or output is None or source == "-" or output == "-":
        return
    try:
        same = os.path.samefile(source, output)
    except OSError:  # one of them does not exist (yet): compare where they point
        same = os.path.realpath(source) == os.path.realpath(output)
    if same:
        raise ArbiterError(
            "bad_arguments",
            f"-o {output} is the input file {source} ({what}): the output would overwrite the input; "
            "write to another file",
        )


def _output(args: argparse.Namespace) -> contextlib.AbstractContextManager[IO[str]]:
    return output_stream(getattr(args, "output", None))


@contextlib.contextmanager
def output_stream(path: str | None, *, newline: str | None = None) -> Iterator[IO[str]]:
    """Standard output (*path* None or ``-``) or the file *path*, opened for text.

    A file that cannot be written (a missing folder, a folder, no permission) is bad input
    (``bad_input``, exit 2) naming the path.  Text that cannot be encoded (a glyph on a narrow
    terminal, a name that was not UTF-8 on the command line) is escaped, never an error.
    """
    if path is None or path == "-":
        if hasattr(sys.stdout, "reconfigure"):
            sys.stdout.reconfigure(errors="backslashreplace")
        yield sys.stdout
        return
    try:
        stream = open(path, "w", encoding="utf-8", errors="backslashreplace", newline=newline)  # noqa: SIM115
    except OSError as exc:
        reason = "it is a folder" if isinstance(exc, IsADirectoryError) else exc.strerror
        raise ArbiterError("bad_input", f"cannot write {path}: {reason}") from None
    with stream:
        yield stream


def text_wanted(args: argparse.Namespace) -> bool:
    """Whether the output shows the handler's text (or page): not for JSON, nor for ``--input``'s
    default JSON lines, so a batch never builds words nobody reads."""
    fmt = getattr(args, "format", None)
    return fmt not in ("json", "jsonl") and not (fmt is None and getattr(args, "input", None) is not None)


def lines_wanted(args: argparse.Namespace) -> bool:
    """Whether the output is a batch's JSON lines (``--input`` without ``--format``, or with
    ``--format jsonl``): a handler may then give each document already written as its line."""
    return getattr(args, "input", None) is not None and getattr(args, "format", None) in (None, "jsonl")


def run_records(
    args: argparse.Namespace,
    build: Builder,
    *,
    extra_fields: frozenset[str] = frozenset(),
    words: tuple[str, str] = ("done", "status 1"),
    tally: Tally | None = None,
) -> int:
    """Read the hands, apply the handler *build* makes to each, write the results; return the
    exit status.

    See the module docstring for formats and statuses.  For one HAND, a bad hand raises its
    :class:`~mahjong_arbiter.errors.ArbiterError` (the CLI prints it and exits 2); a
    :class:`~mahjong_arbiter.errors.NotWinningError` from the handler prints its message to stderr
    and returns 1.  With ``--input`` the lines go through the batch pipeline
    (:mod:`mahjong_arbiter.batch.pipeline`): in partitions, in this process or on a Dask cluster
    (``--workers``, ``--scheduler``), every line getting its outcome in input order; progress is
    shown on stderr when it is a terminal, and a one-line summary (*words* say what status 0 and
    status 1 mean for the command; *tally*, when status 1 means more than one thing, names each
    such line) ends the run.
    """
    fmt: str | None = getattr(args, "format", None)
    if (args.hand is None) == (args.input is None):
        raise ArbiterError("bad_arguments", hand_or_input(args))
    if args.input is None:
        batch_only = [flag for flag, name in (("--workers", "workers"), ("--scheduler", "scheduler"),
                                              ("--partition-lines", "partition_lines"))
                      if getattr(args, name, None) is not None]
        if batch_only:
            verb = "applies" if len(batch_only) == 1 else "apply"
            raise ArbiterError("bad_arguments", f"{' and '.join(batch_only)} {verb} to a batch: give --input FILE")
        rec = next(iter_records(args, extra_fields=extra_fields))
        handle = build(args)  # a bad option (an unknown profile, ...) is not a hand's error: stderr only
        try:
            if isinstance(rec, BadRecord):
                raise rec.error
            status, result, text = handle(rec)
        except ArbiterError as exc:
            if fmt in ("json", "jsonl"):
                with _output(args) as out:
                    out.write(dumps(document(error_answer(rec.id, exc)), pretty=fmt == "json") + "\n")
            if not isinstance(exc, NotWinningError):
                raise
            print(f"mahjong-arbiter {getattr(args, 'command', '')}: {exc.message}".strip(), file=sys.stderr)
            return 1
        with _output(args) as out:
            if fmt in ("json", "jsonl"):
                assert not isinstance(result, str), "one HAND's handler gives its JSON as a dict (lines_wanted)"
                out.write(dumps(document(result), pretty=fmt == "json") + "\n")
            else:
                out.write(text.rstrip("\n") + "\n")
        return status
    return _run_batch(args, build, extra_fields, words, tally, fmt)


INTERRUPTED = 130
"""The exit status of a batch stopped by Ctrl-C (128 + SIGINT, as a shell reports it)."""


def _run_batch(
    args: argparse.Namespace,
    build: Builder,
    extra_fields: frozenset[str],
    words: tuple[str, str],
    tally: Tally | None,
    fmt: str | None,
) -> int:
    lines = iter_lines_of(args)  # usage errors (context flags with --input) before any work starts
    refuse_output_over_input(args.input, getattr(args, "output", None))
    size = PARTITION_LINES if args.partition_lines is None else args.partition_lines
    if size < 1:
        raise ArbiterError("bad_arguments", f"--partition-lines must be at least 1, not {size}")
    thirteen, partial = hand_shape_of(args)
    job = Job(build, args, extra_fields, thirteen, partial)
    handler_of(job)  # built here first: a bad option is refused before a cluster starts or a line is read,
    seal(job)  # and the profiles and the colour are decided here, once: workers replay them (pinned)
    command = f"mahjong-arbiter {getattr(args, 'command', '')}".strip()
    parts = partitions(lines, size)
    first = next(parts, None)  # the input is opened here: a missing one is refused before -o is touched
    if first is None:  # nothing was done: that is no success (a batch drops nothing in silence)
        source = "standard input" if args.input == "-" else args.input
        print(f"{command}: no hands in {source} (it is empty or holds only blank lines)", file=sys.stderr)
        return 2
    runner_context: contextlib.AbstractContextManager[Runner]
    if args.workers is not None or args.scheduler is not None:
        from ..batch.cluster import DaskRunner

        runner_context = DaskRunner(workers=args.workers, scheduler=args.scheduler)
    else:
        runner_context = contextlib.nullcontext(InProcess())
    summary = Summary(words, tally)
    statuses: list[int] = []
    collected: list[dict[str, Any]] = []
    with runner_context as runner:  # the cluster is reached before -o is touched
        workers = getattr(runner, "workers", None)
        output = BatchOutput(getattr(args, "output", None))  # -o is replaced only at the end
        summary.start()  # hands/s counts the work, not the cluster's start
        interrupted = False
        try:
            with _progress() as progress:
                for outcomes in runner.run(job, itertools.chain([first], parts)):
                    for outcome in outcomes:
                        summary.add(outcome)
                        statuses.append(outcome.status)
                    _write_outcomes(output.stream, outcomes, fmt, collected)
                    output.stream.flush()
                    progress(len(outcomes))
        except KeyboardInterrupt:
            interrupted = True
        except BaseException:
            output.discard()
            raise
        if fmt == "json":  # an interrupted run's array holds the lines done, as its JSON lines would
            output.stream.write(dumps(collected, pretty=True) + "\n")
        if interrupted:
            kept = output.keep_partial()
        else:
            output.commit()
    if interrupted:
        where = "" if output.path is None or kept == output.path else (
            f"; {output.path} is left as it was, the results of those lines are in {kept}")
        print(f"{command}: interrupted after {summary.read} lines: {summary.counts()}{where}", file=sys.stderr)
        return INTERRUPTED
    print(f"{command}: {summary.line(workers)}", file=sys.stderr)
    return batch_status(statuses)


def _write_outcomes(out: IO[str], outcomes: list[Outcome], fmt: str | None, collected: list[dict[str, Any]]) -> None:
    """A partition's outcomes in the format asked: their JSON lines, or their texts each under a
    heading naming the hand (its id, else its line in the input); for the JSON array they are kept
    in *collected*.  Each line is written on its own: most are ASCII, which the stream copies as
    they are, where a partition joined into one text would be encoded character by character
    as soon as one of its lines is not."""
    write = out.write
    if fmt in (None, "jsonl"):
        for outcome in outcomes:
            write(outcome.line + "\n")
    elif fmt == "json":
        collected.extend(outcome.document() for outcome in outcomes)
    else:
        for outcome in outcomes:
            name = outcome.id if outcome.id is not None else f"line {outcome.number}"
            write(f"== {name} ==\n{outcome.text.rstrip()}\n\n")


@contextlib.contextmanager
def _progress() -> Iterator[Callable[[int], None]]:
    """A callback counting hands done: a tqdm bar on stderr when stderr is a terminal (never on a
    pipe or a file), nothing otherwise."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    from tqdm import tqdm

    with tqdm(unit=" hands", file=sys.stderr, dynamic_ncols=True, leave=False) as bar:
        yield bar.update


BACKEND_CHOICES = ("fast", "cpsat", "csp")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number written in ASCII digits, from *low* to *high* (a usage
    error, exit 2, otherwise; never an overflow further down).

    >>> whole_number(1, 600)("600"), whole_number(-5, 5)("-5")
    (600, -5)
    """

    def parse(text: str) -> int:
        value = text.strip()
        if not re.fullmatch(r"[+-]?[0-9]{1,19}", value, re.ASCII) or not low <= int(value) <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, not {text!r}")
        return int(value)

    return parse


def plain_number(low: int, high: int) -> Callable[[str], int | float]:
    """An argparse type: a plain decimal number (``24``, ``22.5``) from *low* to *high*, written in
    ASCII digits; ``nan``, ``inf``, ``1e400`` and anything out of range are a usage error (exit 2),
    as :func:`whole_number` refuses them.

    >>> plain_number(0, 100)("24"), plain_number(0, 100)("22.5")
    (24, 22.5)
    """

    def parse(text: str) -> int | float:
        value = text.strip()
        if re.fullmatch(r"[+-]?[0-9]{1,16}", value, re.ASCII):
            number: int | float = int(value)
        elif re.fullmatch(r"[+-]?[0-9]{1,16}\.[0-9]{1,16}", value, re.ASCII):
            number = float(value)
        else:
            number = math.nan
        if not low <= number <= high:  # false for NaN
            raise argparse.ArgumentTypeError(f"expected a plain number from {low} to {high}, not {text!r}")
        return number

    return parse


def add_backend_argument(parser: argparse.ArgumentParser) -> None:
    """``--backend``: which solver reads the hand (all three give the same Readings)."""
    parser.add_argument("--backend", default="fast", choices=BACKEND_CHOICES, help="solver backend (default fast)")


def add_profile_arguments(parser: argparse.ArgumentParser) -> None:
    """``--profile`` (default mcr), ``--limit`` and ``--backend``: what every scoring command takes."""
    from ..profiles.values import LIMIT

    parser.add_argument("--profile", default="mcr", help="a built-in profile id or a .toml file (default mcr)")
    parser.add_argument(
        "--limit", type=whole_number(LIMIT.low, LIMIT.high),
        help="override the profile's limit (classical) or cap (faan)",
    )
    add_backend_argument(parser)


def named_profile(args: argparse.Namespace, name: str) -> Profile:
    """The profile *name* (a built-in id or a ``.toml`` file) stands for in this run.

    Loaded once, by the first build (the client's), and kept with the options
    (:func:`~mahjong_arbiter.batch.pipeline.pinned`): a batch's Dask workers score with the very
    profile the client loaded, never with whatever file of that name lies in their own folder.
    """
    from ..scoring import resolve_profile

    return pinned(args, f"profile {name}", lambda: resolve_profile(name))


def chosen_profile(args: argparse.Namespace) -> Profile:
    """The profile of ``--profile`` (:func:`named_profile`), with the ``--limit`` override applied."""
    return named_profile(args, args.profile).with_limit(args.limit)


def colour_of(args: argparse.Namespace) -> bool:
    """Whether the text output carries colour: decided once, from the client's output (a terminal,
    no ``NO_COLOR``, no ``-o``), and kept with the options so a batch's workers follow it."""
    from ..disputes.style import colour_wanted

    return pinned(args, "colour", lambda: colour_wanted(getattr(args, "output", None), getattr(args, "format", None)))


def refuse_html_batch(args: argparse.Namespace) -> None:
    """``--format html`` writes one page, so it takes one HAND, not ``--input``."""
    if getattr(args, "format", None) == "html" and args.input is not None:
        raise ArbiterError("bad_arguments", "--format html writes one page: give one HAND, not --input")
