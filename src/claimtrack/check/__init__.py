"""Cross-record rules.  Each rule is a small function that yields problems."""

from __future__ import annotations

import datetime as dt

from ..load import Cache, Tracker
from ..problems import Problem, sort_problems
from . import quotes, references, statuses
from .analysis import Analysis, Rule

RULES: tuple[Rule, ...] = (
    *references.RULES,
    *quotes.RULES,
    *statuses.RULES,
)


def run_checks(
    tracker: Tracker, today: dt.date, cache: Cache | None = None
) -> tuple[Analysis, list[Problem]]:
    """All problems of a loaded tracker: loading problems and every rule's, sorted.

    ``cache`` keeps normalised archives and quote results between builds and runs.
    """
    analysis = Analysis(tracker, today, cache if cache is not None else Cache.disabled())
    problems = list(tracker.problems)
    for rule in RULES:
        problems.extend(rule(analysis))
    return analysis, sort_problems(problems)
