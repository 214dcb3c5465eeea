"""The rule on ``reviewed_uncited``: each entry names exactly one uncited sentence.

An entry that names nothing (a typo, an archive that changed) would hide a gap
in the coverage without anyone seeing it; one that names a cited sentence is
only redundant, so it is a warning.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...codes import Code
from ...load import Loaded
from ...problems import Problem, report
from ...records import Source
from ..analysis import Analysis, SourceRule
from ..coverage.counts import coverage


def reviewed_sentences(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    entries = loaded.record.reviewed_uncited
    if not entries:
        return
    sid = loaded.id
    found = coverage(a, sid)

    def at(index: int) -> tuple[int, int]:
        return loaded.positions.value(("reviewed_uncited", index, "sentence"))

    if found is None:
        yield report(
            loaded.path,
            loaded.positions.key(("reviewed_uncited",)),
            Code.REVIEWED_NOT_FOUND,
            "reviewed_uncited names sentences, but the source has no archived text",
            f"archive the text as sources/{sid}.txt, or remove reviewed_uncited",
        )
        return
    for index in found.unmatched:
        yield report(
            loaded.path,
            at(index),
            Code.REVIEWED_NOT_FOUND,
            f"no sentence of sources/{sid}.txt starts with this text",
            "copy the sentence, or its beginning, exactly from the archived text",
        )
    for index in found.ambiguous:
        yield report(
            loaded.path,
            at(index),
            Code.REVIEWED_AMBIGUOUS,
            f"several sentences of sources/{sid}.txt start with this text",
            "copy more of the sentence, so that it names one",
        )
    for index in found.cited_entries:
        yield report(
            loaded.path,
            at(index),
            Code.REVIEWED_CITED,
            "a claim cites this sentence, so it needs no review",
            "remove this entry from reviewed_uncited",
        )


SOURCE_RULES: tuple[SourceRule, ...] = (reviewed_sentences,)
