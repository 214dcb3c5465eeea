"""Judge a proposed new content of one claim file before anything is written.

The whole tracker is checked twice in memory: as it is on disk, and with the
proposed bytes in place of the claim file.  The errors the second run has and
the first has not are the ones the change would cause.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections import Counter
from dataclasses import dataclass

from ..check import run_checks
from ..load import Loaded, Tracker
from ..load.nodes import Positions
from ..load.parse import finish_record, parse_bytes
from ..problems import Problem
from ..records import Claim


@dataclass(frozen=True, slots=True)
class Verdict:
    caused: list[Problem]  # errors the change would cause, at positions in the proposed text
    remaining: list[Problem]  # errors that are there with or without the change


def with_claim(tracker: Tracker, claim_id: str, relpath: str, raw: bytes) -> Tracker:
    """A copy of ``tracker`` whose claim ``claim_id`` is loaded from ``raw`` instead of its file."""
    problems = [p for p in tracker.problems if p.path != relpath]
    positions = Positions(text=raw.decode("utf-8", "replace"))
    record, file_problems = finish_record(relpath, parse_bytes(relpath, raw), Claim, positions)
    claims = {cid: loaded for cid, loaded in tracker.claims.items() if cid != claim_id}
    broken = set(tracker.broken_claims) - {claim_id}
    if record is None:
        broken.add(claim_id)
    else:
        claims[claim_id] = Loaded(claim_id, relpath, record, positions)
        claims = dict(sorted(claims.items()))
    return dataclasses.replace(
        tracker, claims=claims, broken_claims=broken, problems=problems + file_problems
    )


def _key(problem: Problem) -> tuple[str, str, str]:
    return (problem.path, problem.code, problem.message)


def judge(tracker: Tracker, claim_id: str, relpath: str, raw: bytes, today: dt.date) -> Verdict:
    """Which errors replacing the claim file's content with ``raw`` would cause."""
    _, before = run_checks(tracker, today)
    _, after = run_checks(with_claim(tracker, claim_id, relpath, raw), today)
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
