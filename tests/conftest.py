"""What every test shares: hypothesis without a deadline.

A deadline is a timed assertion, and the tests hold none (benchmarks measure time): on a loaded
machine a property test's 200 ms default failed runs that were right.
"""

from hypothesis import settings

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")
