"""Hypothesis profiles: a fixed-seed, bounded run for CI; longer runs on request.

HYPOTHESIS_PROFILE=long              random seeds, 20x the examples
CLAIMTRACK_FUZZ_EXAMPLES=5000        this many examples per test (any profile)
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
_COMMON = {"database": None, "deadline": None, "suppress_health_check": _SLOW}
settings.register_profile("ci", derandomize=True, print_blob=True, **_COMMON)  # type: ignore[arg-type]
settings.register_profile("long", derandomize=False, print_blob=True, **_COMMON)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def examples(ci: int) -> int:
    """Examples for a test: ``ci`` in CI, 20x under the long profile, or the variable's value."""
    forced = os.environ.get("CLAIMTRACK_FUZZ_EXAMPLES")
    if forced:
        return int(forced)
    return ci * 20 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else ci
