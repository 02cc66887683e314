"""The peer's side of the whole-process comparison: score a JSONL file of hands with PyMahjongGB.

``python -m benchmarks.peer_job FILE`` does the job ``mahjong-arbiter score --input FILE --profile
mcr-mil`` does, with the C++ peer as the scorer: read each JSON hand (with our reader, so both
sides parse alike), translate it, score it, print one JSON line of fans per hand.
"""

from __future__ import annotations

import argparse
import json
import sys

from benchmarks._common import peer_arguments
from mahjong_arbiter.notation.json_hand import record_from_json


def main(path: str) -> int:
    import MahjongGB

    with open(path, encoding="utf-8") as lines:
        for line in lines:
            rec = record_from_json(json.loads(line))
            # verbose: (fan points, times, Chinese name, English name) per fan
            fans = MahjongGB.MahjongFanCalculator(**peer_arguments(rec.hand, rec.context))
            total = sum(points * times for points, times, _, _ in fans)
            sys.stdout.write(json.dumps({"id": rec.id, "total": total, "fans": fans}, ensure_ascii=False) + "\n")
    return 0


def cli(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.peer_job FILE``; without FILE, the usage (exit 2), never a traceback."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.peer_job", description=__doc__.splitlines()[0], allow_abbrev=False
    )
    parser.add_argument("file", metavar="FILE", help="JSON hands, one per line (as --input reads them)")
    return main(parser.parse_args(argv).file)


if __name__ == "__main__":
    sys.exit(cli())
