"""The riichi divider's side of the ``readings --input`` comparison: the same JSONL, the same reader.

``python -m benchmarks.riichi_job FILE`` does what ``mahjong-arbiter readings --input FILE`` does
for concealed hands, with the riichi ``mahjong`` library's ``HandDivider`` as the solver: read each
JSON hand (with our reader, so both sides parse alike), convert its tiles to the library's 34
counts (honours converted explicitly), divide it, print one JSON line of its decompositions.
"""

from __future__ import annotations

import argparse
import json
import sys

from mahjong_arbiter.notation.json_hand import record_from_json
from mahjong_arbiter.tiles import Tile

# our kind order to the riichi library's: dragons C F P (red green white) are its chun 33, hatsu 32,
# haku 31; every other kind keeps its index
_RIICHI = {Tile.of("C").index: 33, Tile.of("F").index: 32, Tile.of("P").index: 31}


def riichi_34(counts: tuple[int, ...]) -> list[int]:
    """Our 34 standing counts in the riichi library's kind order."""
    out = [0] * 34
    for index, n in enumerate(counts):
        out[_RIICHI.get(index, index)] += n
    return out


def main(path: str) -> int:
    from mahjong.hand_calculating.divider import HandDivider

    with open(path, encoding="utf-8") as lines:
        for line in lines:
            rec = record_from_json(json.loads(line))
            found = HandDivider.divide_hand(riichi_34(rec.hand.standing_counts))
            sys.stdout.write(json.dumps({"id": rec.id, "decompositions": found}) + "\n")
    return 0


def cli(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.riichi_job FILE``; without FILE, the usage (exit 2), never a traceback."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.riichi_job", description=__doc__.splitlines()[0], allow_abbrev=False
    )
    parser.add_argument("file", metavar="FILE", help="JSON hands, one per line (as --input reads them)")
    return main(parser.parse_args(argv).file)


if __name__ == "__main__":
    sys.exit(cli())
