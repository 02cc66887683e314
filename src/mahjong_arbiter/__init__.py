"""mahjong-arbiter: score any mahjong hand exactly under a named rule profile.

The data flows one way (see docs/architecture.md): text or JSON is parsed into a
:class:`~mahjong_arbiter.hand.Hand` and :class:`~mahjong_arbiter.hand.Context`; the solver finds
every :class:`~mahjong_arbiter.solver.reading.Reading`; the rules recognise what each Reading
holds; a profile values it and the selection picks the best Reading, explaining itself.
"""

__version__ = "0.1.0"
