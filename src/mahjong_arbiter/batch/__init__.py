"""The batch pipeline every face shares: lines in, one outcome per line out, in input order.

* :mod:`.lines` — read an input (a file or ``-`` for stdin) as numbered lines of bytes: a UTF-8
  byte-order mark on the first line is dropped, blank lines are skipped, a line longer than
  :data:`~.lines.MAX_LINE_BYTES` is cut and reported, never held whole; :func:`~.lines.read_document`
  reads one whole JSON document (``settle --input``, ``game hand --input``) with the same care.
* :mod:`.records` — one line to a :class:`~mahjong_arbiter.notation.json_hand.HandRecord`, or
  a :class:`~.records.BadRecord` naming the line and what is wrong with it.
* :mod:`.outcomes` — a command's handler applied to one record: an :class:`~.outcomes.Outcome`
  (exit status, its JSON document written as one line, text).  Bad input is status 2 with an
  error object; an exception the engine did not expect is status 3 with an ``internal_error``
  object; either way the batch goes on with the next line.  :func:`~.outcomes.batch_status`
  folds the statuses (the highest: 2 if any line was bad input, else 1 if any line is 1, else 0;
  3 above all).

Every step works on plain, picklable values, so a partition of lines can be processed anywhere
and its outcomes written back in order: :mod:`.pipeline` cuts the lines into partitions and runs
them in this process, :mod:`.cluster` on a Dask cluster (the ``cluster`` extra), with the same
function.  :mod:`.stats` sums a scored archive (``mahjong-arbiter stats``).
"""

from .lines import MAX_LINE_BYTES, Line, read_document, read_lines
from .outcomes import INTERNAL_ERROR, Handler, Outcome, batch_status, internal_error, outcome_of
from .records import BadRecord, read_record

__all__ = [
    "MAX_LINE_BYTES",
    "Line",
    "read_lines",
    "read_document",
    "BadRecord",
    "read_record",
    "Handler",
    "Outcome",
    "outcome_of",
    "batch_status",
    "internal_error",
    "INTERNAL_ERROR",
]
