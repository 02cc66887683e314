"""The batch pipeline on Dask: partitions as tasks on a cluster's workers, outcomes in input order.

``--workers N`` starts a :class:`distributed.LocalCluster` of *N* worker processes on this machine
(one thread each: the work is pure Python); ``--scheduler ADDRESS`` uses a cluster already running
(``dask scheduler`` and ``dask worker`` on other machines, each with mahjong-arbiter installed).
Either way each partition is one task running :func:`~.pipeline.run_partition` -- the very
function a single-process run calls -- and the results are taken back in submission order, with
at most a few partitions per worker in flight so a large archive never sits whole in memory.

Dask is the ``cluster`` extra (``pip install 'mahjong-arbiter[cluster]'``): it is imported only
here, only when asked for, and its absence is a plain message naming the extra.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
import warnings
from collections import deque
from collections.abc import Iterator
from types import TracebackType
from typing import Any, Final

from ..errors import ArbiterError
from .lines import Line
from .outcomes import Outcome
from .pipeline import INSTALL_HINT, Job, run_partition

__all__ = ["DaskRunner", "INSTALL_HINT"]

IN_FLIGHT_PER_WORKER: Final = 3
"""Partitions submitted ahead per worker: enough to keep each busy while results are written."""


@contextlib.contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own warnings and log lines kept off stderr while the runner lives: a dashboard
    port already taken, a worker's lost connection that Dask recovers from.  They are not the
    user's business; what is (a scheduler that cannot be reached) comes back as an error."""
    loggers = [logging.getLogger(name) for name in ("distributed", "dask")]
    levels = [logger.level for logger in loggers]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for logger in loggers:
            logger.setLevel(logging.CRITICAL)
        try:
            yield
        finally:
            for logger, level in zip(loggers, levels, strict=True):
                logger.setLevel(level)


@contextlib.contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Worker processes started inside ignore SIGINT (they inherit the disposition): Ctrl-C at a
    terminal reaches the whole process group, and it is this process that stops the run and
    closes its cluster, without a traceback from every worker."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ArbiterError(
            "missing_extra",
            f"--workers and --scheduler run the batch on Dask, which is not installed: {INSTALL_HINT}",
        ) from None
    return distributed


class DaskRunner:
    """Runs partitions on a Dask cluster: a new local one (*workers*) or one at *scheduler*.

    Use as a context manager: the cluster (if this runner started it) and the client close on
    exit.
    """

    def __init__(self, *, workers: int | None = None, scheduler: str | None = None) -> None:
        if (workers is None) == (scheduler is None):
            raise ArbiterError("bad_arguments", "give --workers N or --scheduler ADDRESS, not both")
        if workers is not None and workers < 1:
            raise ArbiterError("bad_arguments", f"--workers must be at least 1, not {workers}")
        self._workers = workers
        self._scheduler = scheduler
        self._client: Any = None
        self._cluster: Any = None
        self._quiet: contextlib.AbstractContextManager[None] | None = None

    def __enter__(self) -> DaskRunner:
        distributed = _distributed()
        self._quiet = _quiet_dask()
        self._quiet.__enter__()
        try:
            if self._workers is not None:
                with _workers_ignore_ctrl_c():
                    self._cluster = distributed.LocalCluster(
                        n_workers=self._workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        silence_logs=logging.CRITICAL,
                    )
                self._client = distributed.Client(self._cluster)
            else:
                self._client = distributed.Client(self._scheduler, timeout="10s")
        except ValueError as exc:  # Dask's own reading of the address: no port, an unknown scheme
            self.__exit__(None, None, None)
            raise ArbiterError(
                "bad_arguments",
                f"--scheduler {self._scheduler!r} is not a Dask scheduler address (tcp://host:port): {exc}",
            ) from None
        except OSError as exc:  # the scheduler cannot be reached (connection refused, timeout)
            self.__exit__(None, None, None)
            raise ArbiterError("bad_arguments", f"cannot reach the Dask scheduler {self._scheduler}: {exc}") from None
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        try:
            if self._client is not None:
                self._client.close()
            if self._cluster is not None:
                self._cluster.close()
        finally:
            self._client = self._cluster = None
            if self._quiet is not None:
                self._quiet.__exit__(None, None, None)
                self._quiet = None

    @property
    def client(self) -> Any:
        """The Dask client (for callers that submit work of their own, such as the benchmarks)."""
        if self._client is None:
            raise RuntimeError("the runner is not started: use it as a context manager")
        return self._client

    @property
    def workers(self) -> int:
        """How many workers the cluster has now."""
        return len(self._client.scheduler_info()["workers"]) if self._client is not None else 0

    def run(self, job: Job, parts: Iterator[list[Line]]) -> Iterator[list[Outcome]]:
        """Each partition's outcomes, in the partitions' order."""
        client = self._client
        shared = client.scatter(job, broadcast=True)  # sent once, not with every partition
        window = max(1, self.workers) * IN_FLIGHT_PER_WORKER
        pending: deque[Any] = deque()
        for part in parts:
            pending.append(client.submit(run_partition, shared, part, pure=False))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
