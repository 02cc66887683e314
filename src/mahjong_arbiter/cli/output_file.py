"""A batch's ``-o FILE``, replaced only by a run that went through its whole input.

The results are written to a temporary file beside *FILE* (same folder, so the final rename is
atomic) as they come, partition after partition; :meth:`BatchOutput.commit` renames it over
*FILE* at the end.  So a run refused before its first line (a missing input, a scheduler that
cannot be reached, an empty input), or one that fails, leaves an earlier *FILE* as it was; an
interrupted run (Ctrl-C) leaves *FILE* as it was too and keeps the lines it finished in
``FILE.partial`` (:meth:`BatchOutput.keep_partial`).  Standard output (no ``-o``, or ``-o -``)
is written directly, and so is a *FILE* that exists and is not a regular file (``/dev/null``, a
named pipe): it is never replaced.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from typing import IO, Final

from ..errors import ArbiterError

__all__ = ["BatchOutput", "PARTIAL_SUFFIX"]

PARTIAL_SUFFIX: Final = ".partial"


class BatchOutput:
    """Where a batch writes: :attr:`stream`, then exactly one of :meth:`commit`,
    :meth:`keep_partial` or :meth:`discard`.

    Raises
    ------
    ArbiterError
        ``bad_input`` naming *path* when it cannot be written (a missing folder, a folder, no
        permission), before anything is written.
    """

    def __init__(self, path: str | None) -> None:
        self.path = None if path in (None, "-") else path
        self._temp: str | None = None
        if self.path is None:
            if hasattr(sys.stdout, "reconfigure"):
                sys.stdout.reconfigure(errors="backslashreplace")
            self.stream: IO[str] = sys.stdout
            return
        path = self.path
        if not path:  # '' is no file: its temporary file would go to the parent folder, its rename fail
            raise ArbiterError("bad_input", "cannot write '': -o needs a file name (or - for standard output)")
        if os.path.isdir(path):
            raise ArbiterError("bad_input", f"cannot write {path}: it is a folder")
        special = os.path.exists(path) and not os.path.isfile(path)
        if os.path.exists(path) and not os.access(path, os.W_OK):
            raise ArbiterError("bad_input", f"cannot write {path}: Permission denied")
        folder, name = os.path.split(os.path.abspath(path))
        target = path if special else os.path.join(folder, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            self.stream = open(  # noqa: SIM115  # closed by commit, keep_partial or discard
                target, "w", encoding="utf-8", errors="backslashreplace"
            )
        except OSError as exc:
            raise ArbiterError("bad_input", f"cannot write {path}: {exc.strerror}") from None
        if not special:
            self._temp = target
            if os.path.exists(path):
                with contextlib.suppress(OSError):
                    shutil.copymode(path, target)  # the results keep the permissions FILE had

    def _close(self) -> None:
        if self.stream is not sys.stdout:
            self.stream.close()

    def commit(self) -> None:
        """The run is complete: its results become *FILE*."""
        self._close()
        if self._temp is not None and self.path is not None:
            os.replace(self._temp, self.path)
            self._temp = None

    def keep_partial(self) -> str | None:
        """The run was interrupted: *FILE* stays as it was and the lines written so far go to
        ``FILE.partial`` (returned; None for standard output, which already holds them)."""
        self._close()
        if self._temp is None or self.path is None:
            return self.path
        kept = self.path + PARTIAL_SUFFIX
        os.replace(self._temp, kept)
        self._temp = None
        return kept

    def discard(self) -> None:
        """The run failed: what was written is dropped and *FILE* stays as it was."""
        self._close()
        if self._temp is not None:
            with contextlib.suppress(OSError):
                os.remove(self._temp)
            self._temp = None
