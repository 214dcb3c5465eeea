"""A source cannot have been published or archived after today.

The claims' own history dates are judged with the other history rules
(``statuses.history_dates``, code ``history-future``); these are the sources'.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...codes import Code
from ...load import Loaded
from ...problems import Problem, report
from ...records import Source
from ..analysis import Analysis, SourceRule


def source_dates(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    source = loaded.record
    if source.published is not None and source.published > a.today:
        yield report(
            loaded.path,
            loaded.positions.value(("published",)),
            Code.PUBLISHED_FUTURE,
            f"published date {source.published} is in the future",
            "a typo in the year? leave the date out when it is not known",
        )
    snapshot = source.snapshot
    if snapshot is not None and snapshot.retrieved > a.today:
        yield report(
            loaded.path,
            loaded.positions.value(("snapshot", "retrieved")),
            Code.RETRIEVED_FUTURE,
            f"snapshot.retrieved {snapshot.retrieved} is in the future",
            "the day the text was archived",
        )
    for i, revision in enumerate(source.revisions):
        if revision.retrieved > a.today:
            yield report(
                loaded.path,
                loaded.positions.value(("revisions", i, "retrieved")),
                Code.RETRIEVED_FUTURE,
                f"revisions[{i}].retrieved {revision.retrieved} is in the future",
                "the day the page was fetched again",
            )


SOURCE_RULES: tuple[SourceRule, ...] = (source_dates,)
