"""``python -m mahjong_arbiter``: the same command line as ``mahjong-arbiter``."""

import sys

from .cli import main

if __name__ == "__main__":  # a Dask worker process started by spawn imports this module too
    sys.exit(main())
