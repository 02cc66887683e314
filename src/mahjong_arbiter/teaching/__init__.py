"""Teaching: how far a hand is from winning, which tiles help, and the best hands within reach.

1. :mod:`.policy` — what a profile asks of the teaching tools (forms, held-out policy, chow limit);
2. :mod:`.shanten` — the shanten of every form, the useful tiles, the discard table;
3. :mod:`.targets` — the highest-scoring complete hands within a few tiles, each scored by the
   profile's own engine.

The distances themselves are the solver's (:mod:`mahjong_arbiter.solver.distance`,
:mod:`mahjong_arbiter.solver.shanten`); scores are :func:`mahjong_arbiter.scoring.score`'s.
"""

from typing import Final

DEFAULT_TOP: Final = 10
"""How many targets ``targets`` shows unless told (``--top``); the rulebook's "reach it" commands
add ``--top`` when their rule ranks lower."""
