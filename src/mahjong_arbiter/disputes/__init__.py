"""Disputes and teaching: explain a score, answer "why not?", verify a claim, compare profiles, scored waits.

Stages, one module each (every one consumes :class:`~mahjong_arbiter.result.Result` values from
:func:`mahjong_arbiter.scoring.score`, never the arithmetic's internals):

1. :mod:`.names` — rule names as people write them, resolved to a profile's rule ids;
2. :mod:`.explain` — every Reading ranked by score, the best one rule by rule;
3. :mod:`.why` and :mod:`.requirements` — why a rule did not count: suppressed by which edge
   (with its source), held only on a weaker Reading, or what the hand lacks;
4. :mod:`.verify` — the verdict on a claimed total or list of rules, difference by difference;
5. :mod:`.compare` — one hand under several profiles, the rules that differ;
6. :mod:`.waits` — the tiles a hand waits on with their scores, and what each discard keeps;
7. :mod:`.breakdown`, :mod:`.style`, :mod:`.html` — text and a self-contained HTML page.
"""

from .compare import Comparison, compare
from .explain import Explanation, explain, rank_readings
from .verify import Claim, Verdict, parse_claim, verify
from .waits import DiscardReport, WaitsReport, discard_options, scored_waits
from .why import WhyAnswer, why

__all__ = [
    "Claim",
    "Comparison",
    "DiscardReport",
    "Explanation",
    "Verdict",
    "WaitsReport",
    "WhyAnswer",
    "compare",
    "discard_options",
    "explain",
    "parse_claim",
    "rank_readings",
    "scored_waits",
    "verify",
    "why",
]
