"""``python -m mahjong_arbiter``: the same command line as ``mahjong-arbiter``."""

import sys

from .cli import main

sys.exit(main())
