"""Instructions per scored hand under valgrind's callgrind: a cost figure the machine's load does not move.

Run from the repository root (valgrind must be installed; Debian's ``valgrind`` package)::

    python -m benchmarks.instructions                      # mcr and mcr-mil, 400 hands, seed 4242
    python -m benchmarks.instructions --profile bmja --hands 200

Seconds on a shared two-core machine move by a quarter from one run to the next; the number of
instructions the interpreter executes for the same work does not (callgrind counts them, whatever
else the machine is doing).  Each profile's scorer is warmed on 200 hands of the seeded corpus
(``tests/mcr_hand_generator.py``, the benchmarks' generator; under a profile where some of its
hands do not win, the first of them that do), then ``score`` runs on the next
*hands* hands with instruction counting switched on around each call only (callgrind's
``--toggle-collect`` on ``itertools.starmap``'s C-level step, which scores one hand and frees its
Result; nothing in the package uses ``starmap``, so no nested call switches counting off), and with a
fixed hash seed, since
string hashing decides dict and set layouts and so moves the count by a few thousand per hand.
The figure is comparable between two checkouts measured on the same Python; it is not a time.
Also printed: a digest of the scored JSON lines of those hands, so two checkouts' results can be
compared at a glance (a change that claims "results unchanged" keeps it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SEED = 4242
WARM = 200
ROOT = Path(__file__).resolve().parent.parent

# The measured process: warm up, then score the timed hands through itertools.starmap, whose C-level
# step (one per hand) is what callgrind collects (--toggle-collect), and print the digest of their lines.
_INNER = r"""
import collections, hashlib, itertools, sys
sys.path[:0] = [sys.argv[4], sys.argv[4] + "/tests"]
from mcr_hand_generator import corpus
from mahjong_arbiter.errors import ArbiterError
from mahjong_arbiter.profiles.loader import load_profile
from mahjong_arbiter.result_json import result_line
from mahjong_arbiter.scoring import score
hands, pid, seed, warm = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[5])
profile = load_profile(pid)


def wins(g):
    try:
        score(g.hand, g.context, profile)
    except ArbiterError:  # not a winning hand under a classical or Hong Kong profile's shapes
        return False
    return True


generated = [g for g in corpus(seed, 2 * (warm + hands)) if wins(g)][:warm + hands]
for g in generated[:warm]:
    score(g.hand, g.context, profile)
timed = generated[warm:]
calls = [(g.hand, g.context, profile) for g in timed]


def scored(hand, context, profile):
    score(hand, context, profile)  # the Result is freed here too, inside the counted step


def bare(hand, context, profile):
    pass


# the steps alone are counted too and taken off
collections.deque(itertools.starmap(scored if sys.argv[6] == "score" else bare, calls), maxlen=0)
digest = hashlib.sha256()
for g in timed:
    digest.update(result_line(score(g.hand, g.context, profile), None).encode())
print(digest.hexdigest()[:16])
"""


def _collected(hands: int, pid: str, seed: int, scoring: bool) -> tuple[int, str]:
    """Instructions callgrind collected inside the timed loop over *hands* hands (scoring each, or
    doing nothing when not *scoring*), and the printed digest."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--toggle-collect=starmap_next",
            sys.executable, "-c", _INNER, str(hands), pid, str(seed), str(ROOT), str(WARM),
            "score" if scoring else "loop",
        ]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        if done.returncode != 0:
            raise SystemExit(f"the measured process failed:\n{done.stderr[-2000:]}")
        for line in out.read_text().splitlines():
            if line.startswith("totals:"):
                return int(line.split()[1]), done.stdout.strip()
    raise SystemExit("callgrind wrote no totals line")


def per_hand(hands: int, pid: str, seed: int = SEED) -> tuple[float, str]:
    """Instructions per scored hand (the loop's count less the bare loop's) and the results' digest."""
    full, digest = _collected(hands, pid, seed, scoring=True)
    empty, _ = _collected(hands, pid, seed, scoring=False)
    return (full - empty) / hands, digest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(allow_abbrev=False, description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="timed hands (after 200 to warm up); default 400")
    parser.add_argument("--profile", action="append", help="a profile id (repeatable); default mcr and mcr-mil")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the corpus seed; default {SEED}")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    for pid in args.profile or ["mcr", "mcr-mil"]:
        count, digest = per_hand(args.hands, pid, args.seed)
        print(f"{pid}: {count / 1000:.1f}k instructions per hand ({args.hands} hands, seed {args.seed}); "
              f"results digest {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
