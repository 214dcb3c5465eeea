"""Judge a proposed new content of one record file before anything is written.

The whole tracker is checked twice in memory: as it is on disk, and with the
proposed bytes in place of the file (a claim, a source or tracker.yaml).  The
errors the second run has and the first has not are the ones the change would cause.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from dataclasses import dataclass

from ..check import run_checks
from ..layout import RecordKind
from ..load import Loaded, Tracker
from ..load.nodes import Positions
from ..load.parse import finish_record, parse_bytes
from ..problems import Problem
from ..records import Claim, Source, TrackerSettings


@dataclass(frozen=True, slots=True)
class Verdict:
    caused: list[Problem]  # errors the change would cause, at positions in the proposed text
    remaining: list[Problem]  # errors that are there with or without the change


def with_record(
    tracker: Tracker,
    kind: RecordKind,
    record_id: str,
    relpath: str,
    raw: bytes,
) -> Tracker:
    """A copy of ``tracker`` whose claim or source ``record_id``, or whose settings, are
    loaded from ``raw`` instead of their file, as the loader would load them."""
    problems = [p for p in tracker.problems if p.path != relpath]
    positions = Positions(text=raw.decode("utf-8", "replace"))
    parsed = parse_bytes(relpath, raw)
    if kind == "settings":
        settings, file_problems = finish_record(relpath, parsed, TrackerSettings, positions)
        # A tracker.yaml that fails leaves the defaults, as in Loader._assemble.
        return dataclasses.replace(
            tracker, settings=settings or TrackerSettings(), problems=problems + file_problems
        )
    if kind == "source":
        source, file_problems = finish_record(relpath, parsed, Source, positions)
        sources = {sid: s for sid, s in tracker.sources.items() if sid != record_id}
        broken = set(tracker.broken_sources) - {record_id}
        if source is None:
            broken.add(record_id)
        else:
            sources[record_id] = Loaded(record_id, relpath, source, positions)
        return dataclasses.replace(
            tracker,
            sources=dict(sorted(sources.items())),
            broken_sources=broken,
            problems=problems + file_problems,
        )
    record, file_problems = finish_record(relpath, parsed, Claim, positions)
    claims = {cid: loaded for cid, loaded in tracker.claims.items() if cid != record_id}
    broken = set(tracker.broken_claims) - {record_id}
    if record is None:
        broken.add(record_id)
    else:
        claims[record_id] = Loaded(record_id, relpath, record, positions)
        claims = dict(sorted(claims.items()))
    return dataclasses.replace(
        tracker, claims=claims, broken_claims=broken, problems=problems + file_problems
    )


def _key(problem: Problem) -> tuple[str, str, str]:
    return (problem.path, problem.code, problem.message)


def judge(
    tracker: Tracker,
    kind: RecordKind,
    record_id: str,
    relpath: str,
    raw: bytes,
    today: dt.date,
) -> Verdict:
    """Which errors replacing the record file's content with ``raw`` would cause."""
    _, before = run_checks(tracker, today)
    _, after = run_checks(with_record(tracker, kind, record_id, relpath, raw), today)
    # Problems are matched by what they say, not where: the edit moves lines.
    existing = Counter(_key(p) for p in before if p.is_error)
    caused: list[Problem] = []
    remaining: list[Problem] = []
    for problem in after:
        if not problem.is_error:
            continue
        if existing[_key(problem)]:
            existing[_key(problem)] -= 1
            remaining.append(problem)
        else:
            caused.append(problem)
    return Verdict(caused, remaining)
