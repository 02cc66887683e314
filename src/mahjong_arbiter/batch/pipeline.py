"""The batch pipeline: lines read in partitions, each partition worked on anywhere, outcomes in order.

One code path for every ``--input`` run:

1. the input is read as numbered lines (:func:`~.lines.read_lines`) and cut into partitions of
   :data:`PARTITION_LINES` lines (:func:`partitions`);
2. each partition becomes its outcomes by :func:`run_partition` -- in this process, or on a Dask
   worker (:mod:`.cluster`): the same function, given a :class:`Job` (how to build the command's
   handler, and the command's options) and the partition's lines;
3. the outcomes come back in input order, partition after partition, however the partitions were
   scheduled: bad lines keep their error objects and the exit status follows the batch rule.

A :class:`Job` carries the handler's *builder* (a module-level function, so it pickles by name)
and the parsed options, never the handler itself: each process builds the handler once, on the
first partition it is given.  What a build would read from its process's surroundings -- a
profile named by id or by a path relative to the current folder, whether standard output is a
terminal -- is decided once, by the client's build, and kept in the options (:func:`pinned`);
:func:`seal` then makes sure a worker's build only replays those decisions and never resolves a
path in its own folder or looks at its own terminal.

>>> from mahjong_arbiter.batch.lines import Line
>>> [len(p) for p in partitions(iter([Line(n, b"{}") for n in range(1, 8)]), 3)]
[3, 3, 1]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final, Protocol, TypeVar

from .lines import Line
from .outcomes import Handler, Outcome, outcome_of
from .records import read_record

__all__ = [
    "PARTITION_LINES",
    "INSTALL_HINT",
    "Builder",
    "Job",
    "Runner",
    "InProcess",
    "Summary",
    "Tally",
    "partitions",
    "pinned",
    "run_partition",
    "seal",
]

T = TypeVar("T")

PARTITION_LINES: Final = 500
"""Lines per partition: large enough that a Dask task's overhead (about a millisecond) is small
beside its work (a few milliseconds of hands), small enough that two workers share a short file."""

INSTALL_HINT: Final = "pip install 'mahjong-arbiter[cluster]'"
"""How to install Dask, which runs the pipeline on a cluster (:mod:`.cluster`; kept here, so a
command's help names it without importing that module)."""

Builder = Callable[[argparse.Namespace], Handler]
"""A command's handler factory: ``build(args) -> handle`` (a module-level function)."""


@dataclass(frozen=True)
class Job:
    """What every partition of one run needs.

    Attributes
    ----------
    build : Builder
        Makes the command's handler from its options (checks them too: a bad option is refused
        before any line is read).
    args : argparse.Namespace
        The command's parsed options.
    extra_fields : frozenset of str
        The fields a JSON hand may carry beside the standard ones (``claim`` for ``verify``).
    thirteen : bool
        The command takes thirteen-tile hands (``winning_tile`` may be left out).
    partial : bool
        Such a hand may hold fewer than 13 tiles (``score --loser --partial``).
    token : str
        Names the run, so a process builds its handler once per run.
    """

    build: Builder
    args: argparse.Namespace
    extra_fields: frozenset[str] = frozenset()
    thirteen: bool = False
    partial: bool = False
    token: str = field(default_factory=lambda: os.urandom(16).hex())


_PINNED: Final = "_pinned"
_SEALED: Final = "_pinned_sealed"


def pinned(args: argparse.Namespace, key: str, decide: Callable[[], T]) -> T:
    """The value of *key* for this run: *decide* () on the first build that asks (the client's),
    kept in *args* from then on, so that every later build -- a worker's, in another folder, on
    another machine, with another terminal -- gets that very value.

    A builder asks through this for anything it would otherwise read from its process's
    surroundings (the profile a name or a path stands for, whether colour is wanted).

    Raises
    ------
    RuntimeError
        When *args* were sealed (:func:`seal`) without *key*: a worker's build asked for something
        the client's did not decide, which is a bug in the builder.
    """
    store: dict[str, object] = vars(args).setdefault(_PINNED, {})
    if key not in store:
        if getattr(args, _SEALED, False):
            raise RuntimeError(f"{key} was not decided by the client's build; a worker may not decide it")
        store[key] = decide()
    return store[key]  # type: ignore[return-value]


def seal(job: Job) -> None:
    """After the client built *job*'s handler: no later build of it may decide anything new."""
    setattr(job.args, _SEALED, True)


_HANDLERS: dict[str, Handler] = {}
"""This process's handler for each run it has worked on (the latest few)."""


def handler_of(job: Job) -> Handler:
    """The job's handler in this process, built on first use."""
    found = _HANDLERS.get(job.token)
    if found is None:
        if len(_HANDLERS) >= 4:  # a worker that served earlier runs keeps only the latest few
            _HANDLERS.pop(next(iter(_HANDLERS)))
        found = _HANDLERS[job.token] = job.build(job.args)
    return found


def run_partition(job: Job, lines: list[Line]) -> list[Outcome]:
    """The outcome of each line of one partition, in order (never raises for a line's content)."""
    handle = handler_of(job)
    extra_fields, thirteen, partial = job.extra_fields, job.thirteen, job.partial
    return [
        outcome_of(read_record(line, extra_fields=extra_fields, thirteen=thirteen, partial=partial), handle,
                   line.number)
        for line in lines
    ]


def partitions(lines: Iterable[Line], size: int = PARTITION_LINES) -> Iterator[list[Line]]:
    """*lines* in consecutive lists of *size* (the last may be shorter)."""
    part: list[Line] = []
    for line in lines:
        part.append(line)
        if len(part) >= size:
            yield part
            part = []
    if part:
        yield part


class Runner(Protocol):
    """Turns partitions into their outcomes, one list per partition, in the partitions' order."""

    def run(self, job: Job, parts: Iterator[list[Line]]) -> Iterator[list[Outcome]]: ...


class InProcess:
    """The pipeline without a cluster: each partition in turn, in this process."""

    def run(self, job: Job, parts: Iterator[list[Line]]) -> Iterator[list[Outcome]]:
        for part in parts:
            yield run_partition(job, part)


Tally = Callable[[Outcome], str]
"""What a status-1 outcome without an error code was, in the summary's words (``verify``: "wrong
claim", or "right claim below minimum"); it may read the outcome's JSON (:meth:`Outcome.document`)."""


@dataclass
class Summary:
    """What a batch came to, counted as its outcomes go by, for the one-line report on stderr.

    *words* names what status 0 and a status 1 without an error mean for the command (``score``:
    scored, below minimum); a command whose status 1 means more than one thing gives *tally*,
    which names each such outcome, and each name is counted apart.  Hands not winning (status 1,
    code ``not_winning``) are counted apart too.  :meth:`start` restarts the clock (once a
    cluster is up: hands/s measures the work, not the cluster's start).
    """

    words: tuple[str, str] = ("done", "status 1")
    tally: Tally | None = None
    read: int = 0
    done: int = 0
    not_winning: int = 0
    status_one: Counter[str] = field(default_factory=Counter)
    bad_input: int = 0
    internal: int = 0
    started: float = field(default_factory=time.perf_counter)

    def start(self) -> None:
        """Count hands/s from now."""
        self.started = time.perf_counter()

    def add(self, outcome: Outcome) -> None:
        self.read += 1
        if outcome.status == 0:
            self.done += 1
        elif outcome.status == 1:
            if outcome.code == "not_winning":
                self.not_winning += 1
            else:
                self.status_one[self.words[1] if self.tally is None else self.tally(outcome)] += 1
        elif outcome.status == 2:
            self.bad_input += 1
        else:
            self.internal += 1

    def counts(self) -> str:
        """``11420 scored, 80 not winning, 400 below minimum, 100 bad input`` (a count of hands not
        winning, of a status-1 kind or of internal errors is left out when it is 0)."""
        parts = [f"{self.done} {self.words[0]}"]
        if self.not_winning:
            parts.append(f"{self.not_winning} not winning")
        parts += [f"{n} {word}" for word, n in self.status_one.items()]
        parts.append(f"{self.bad_input} bad input")
        if self.internal:
            parts.append(f"{self.internal} internal errors")
        return ", ".join(parts)

    def line(self, workers: int | None = None) -> str:
        """``12000 lines read: 11420 scored, 80 not winning, 400 below minimum, 100 bad input;
        9876 hands/s`` (:meth:`counts`; hands/s since :meth:`start`, on how many workers)."""
        seconds = max(time.perf_counter() - self.started, 1e-9)
        where = f" on {workers} worker{'s' if workers != 1 else ''}" if workers else ""
        return f"{self.read} lines read: {self.counts()}; {self.read / seconds:.0f} hands/s{where}"
