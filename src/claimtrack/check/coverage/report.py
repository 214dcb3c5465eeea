"""`claimtrack coverage`'s report: per source, the counts and the uncited sentences.

Text for an editor (one header line per source, then each uncited sentence as
``sources/<id>.txt:LINE:COL: <sentence> [signals]``, strongest first), JSON for
tools.  Coverage is advice: the report never fails a run by itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...load import Loaded
from ...problems import Problem, printable
from ...records import Source
from ..analysis import Analysis
from ..rules.reviewed import reviewed_sentences
from .counts import Coverage, CoverageCounts, Reviewed, counts_json, coverage
from .ranking import Uncited, known_names, ranked


@dataclass(frozen=True)
class SourceCoverage:
    id: str
    archive: str | None  # sources/<id>.txt, None without an archived text
    found: Coverage | None
    uncited: tuple[Uncited, ...]
    problems: tuple[Problem, ...]  # about its reviewed_uncited entries


def report(a: Analysis, source_ids: Iterable[str]) -> list[SourceCoverage]:
    names = known_names(a)
    out = []
    for sid in source_ids:
        loaded: Loaded[Source] = a.tracker.sources[sid]
        found = coverage(a, sid)
        archive = a.tracker.archives.get(sid)
        out.append(
            SourceCoverage(
                sid,
                archive.path if archive is not None else None,
                found,
                tuple(ranked(found, names)) if found is not None else (),
                tuple(reviewed_sentences(a, loaded)),
            )
        )
    return out


def below(counts: CoverageCounts, minimum: float) -> str | None:
    """Why a source's coverage is below ``minimum`` (0 to 1, `coverage --min`), or None
    when it is not.  The coverage as shown everywhere (a whole percentage, rounded), with
    more places only where that rounds up to the minimum: "79.6% is below the minimum of
    80%", never "80% is below the minimum of 80%"."""
    if counts.ratio >= minimum:
        return None
    limit = round(minimum * 100, 6)  # 0.07 * 100 is 7.000000000000001
    exact = counts.ratio * 100
    shown = f"{counts.percent}%"
    for places in (1, 2):
        if float(shown.rstrip("%")) < limit:
            break
        shown = f"{exact:.{places}f}%"
    return f"coverage {shown} is below the minimum of {limit:g}%"


def _header(item: SourceCoverage) -> str:
    found = item.found
    if found is None:
        return f"sources/{item.id}.yaml: no archived text (sources/{item.id}.txt), no coverage"
    c = found.counts
    head = (
        f"{item.archive}: {c.cited} of {c.sentences} sentences cited"
        f" ({c.fully_cited} fully, {c.partly_cited} partly)"
    )
    if c.reviewed:
        head += f", {c.reviewed} reviewed as stating no claim"
    return f"{head}; coverage {c.percent}%, {len(item.uncited)} uncited"


def format_text(items: list[SourceCoverage]) -> str:
    blocks = []
    for item in items:
        lines = [_header(item)]
        lines += [p.format() for p in item.problems]
        for u in item.uncited:
            names = ", ".join(signal.name for signal in u.signals)
            lines.append(f"{item.archive}:{u.line}:{u.column}: {u.text} [{names}]")
        blocks.append("\n".join(printable(line) for line in lines))
    return "\n\n".join(blocks)


def to_json(item: SourceCoverage) -> dict[str, Any]:
    found = item.found
    numbers = counts_json(found.counts if found else None)
    del numbers["reviewed"]  # listed instead, sentence by sentence
    return {
        "id": item.id,
        "archived": found is not None,
        "archive": item.archive,
        **numbers,
        "reviewed": [_reviewed_json(found, r) for r in found.reviewed] if found else [],
        "uncited": [
            {
                "line": u.line,
                "column": u.column,
                "text": printable(u.text),
                "signals": [signal.name for signal in u.signals],
                "score": u.score,
            }
            for u in item.uncited
        ],
        "problems": [p.to_json() for p in item.problems],
    }


def _reviewed_json(found: Coverage, r: Reviewed) -> dict[str, Any]:
    line, column = found.position(r.sentence)
    return {
        "line": line,
        "column": column,
        "text": printable(found.words(r.sentence)),
        "reason": printable(r.reason),
    }


def format_json(items: list[SourceCoverage]) -> str:
    return json.dumps([to_json(item) for item in items], ensure_ascii=False, indent=2)
