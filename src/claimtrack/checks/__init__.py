"""Cross-record rules.  Each rule is a small function that yields problems."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator

from ..analysis import Analysis
from ..loading import Tracker
from ..problems import Problem, sort_problems
from . import dates, quotes, references, statuses

Rule = Callable[[Analysis], Iterator[Problem]]

RULES: tuple[Rule, ...] = (
    *references.RULES,
    *quotes.RULES,
    *statuses.RULES,
    *dates.RULES,
)


def run_checks(tracker: Tracker, today: dt.date) -> tuple[Analysis, list[Problem]]:
    """All problems of a loaded tracker: loading problems and every rule's, sorted."""
    analysis = Analysis(tracker, today)
    problems = list(tracker.problems)
    for rule in RULES:
        problems.extend(rule(analysis))
    return analysis, sort_problems(problems)
