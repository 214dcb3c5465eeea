"""A recheck's report: a line per source at its ``url:`` value, each sentence it removed and
added indented under it, and a line per quote gone, at the quote in its claim file, as
`check` reports problems; or the same data as JSON."""

from __future__ import annotations

import json
from typing import Any

from ..problems import printable
from .run import SourceRecheck


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def summary(found: SourceRecheck) -> str:
    """What the source's line says after its outcome."""
    outcome = found.outcome
    if outcome in ("gone", "unreachable", "refused"):
        said = found.reason
    elif outcome == "unchanged":
        said = "the text reads as archived"
    elif outcome in ("unarchived", "archived"):
        said = (
            "its first archived copy written"
            if outcome == "archived"
            else "no archived text to compare with; --save archives this page as its first copy"
        )
    else:
        parts = []
        if outcome == "moved":
            parts.append(f"{found.url} now leads to {found.final_url}")
        if found.same_text:
            parts.append("the text reads as archived")
        elif found.added or found.removed:
            parts.append(
                f"{_plural(len(found.added), 'sentence', 'sentences')} added, "
                f"{len(found.removed)} removed"
            )
        else:
            parts.append("the text differs, each of its sentences as archived")
        if found.reason:
            parts.append(found.reason)
        said = "; ".join(parts)
    gone = sum(not q.present for q in found.quotes)
    if found.quotes and outcome not in ("unchanged", "unreachable", "refused"):
        said += f"; {gone} of {_plural(len(found.quotes), 'cited quote', 'cited quotes')} gone"
    if found.saved:
        said += f"; wrote {', '.join(found.saved)}"
    return said


def format_text(results: list[SourceRecheck]) -> str:
    lines = []
    for found in results:
        where = f"{found.path}:{found.line}:{found.column}"
        lines.append(printable(f"{where}: {found.outcome}: {summary(found)}"))
        if found.error:
            lines.append(printable(f"{where}: error: not saved: {found.error}"))
        # Each sentence removed and added, under the source's line (what the GitHub step
        # summary of the recheck workflow shows too).
        lines += (
            printable(f"  {sign} {json.dumps(sentence, ensure_ascii=False)}")
            for sign, said in (("removed:", found.removed), ("added:  ", found.added))
            for sentence in said
        )
        for state in found.quotes:
            if state.present:
                continue
            q = state.cited
            lines.append(
                printable(
                    f"{q.path}:{q.line}:{q.column}: quote gone from sources/{found.source} "
                    f"({found.outcome}): {json.dumps(q.quote, ensure_ascii=False)}"
                )
            )
    return "".join(line + "\n" for line in lines)


def as_json(found: SourceRecheck) -> dict[str, Any]:
    return {
        "source": found.source,
        "path": found.path,
        "line": found.line,
        "column": found.column,
        "outcome": found.outcome,
        "url": found.url,
        "final_url": found.final_url,
        "reason": found.reason or None,
        "quotes": [
            {
                "claim": s.cited.claim,
                "path": s.cited.path,
                "line": s.cited.line,
                "column": s.cited.column,
                "quote": s.cited.quote,
                "present": s.present,
            }
            for s in found.quotes
        ],
        "added": list(found.added),
        "removed": list(found.removed),
        "saved": found.saved,
        "error": found.error or None,
    }


def format_json(results: list[SourceRecheck]) -> str:
    return json.dumps([as_json(f) for f in results], ensure_ascii=False, indent=2) + "\n"
