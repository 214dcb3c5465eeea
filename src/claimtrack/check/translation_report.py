"""`claimtrack translations`'s report: per further site language, how much is translated,
and where each field still missing or stale stands.

The states are records/translated.py's, read for every record (the claims with their
quotes, the sources, tracker.yaml's title and description); nothing here decides one.
A field is listed at:

- stale: its translated value, where the translator checks it (as translation-stale);
- missing: the record's own block for that language (``translations: fr:``) when it has
  one, where the text goes; else the top of the file (1:1), as the block does not exist.

Quote translations are optional: a quote is never missing one, but a stale one is listed.
Orphans are counted and left to `check` (translation-orphan): they lack no translation.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..codes import Code
from ..layout import SETTINGS_FILE
from ..load import Loaded, Tracker
from ..load.nodes import Path_, Positions
from ..problems import Problem, printable, report
from ..records import Claim, Source
from ..records.translated import (
    FieldState,
    State,
    claim_fields,
    field_name,
    quote_name,
    quote_state,
    source_fields,
    tracker_fields,
)
from .rules.language import settings_positions
from .rules.translations import stale_change, translated_at

KINDS = ("claims", "sources", "tracker")
STATES: tuple[State, ...] = ("current", "missing", "stale", "orphan")


@dataclass(frozen=True, slots=True)
class Gap:
    """One field still to translate (missing) or to check again (stale)."""

    path: str
    line: int
    column: int
    field: str  # records/translated.field_name; a quote's quote_name ("quote <where>")
    state: Literal["missing", "stale"]
    change: str | None = None  # a stale one's: how its original changed (stale_change)


@dataclass
class LanguageReport:
    language: str
    records: dict[str, list[int]] = field(
        default_factory=lambda: {kind: [0, 0] for kind in KINDS}
    )  # kind -> [fully current, looked at]
    fields: dict[State, int] = field(default_factory=lambda: dict.fromkeys(STATES, 0))
    gaps: list[Gap] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Nothing missing or stale (orphans lack nothing)."""
        return not self.gaps


@dataclass(frozen=True, slots=True)
class RecordFields:
    """One record's translatable fields in one language, and where the record stands."""

    kind: str
    path: str
    positions: Positions
    tags: Collection[str]  # the languages it has a translation block for (its mapping's keys)
    # (where, state): where is () for the record's fields, a quote item's data path else.
    fields: list[tuple[Path_, FieldState]]


def claim_record(loaded: Loaded[Claim], tag: str) -> RecordFields:
    claim = loaded.record
    found: list[tuple[Path_, FieldState]] = [((), f) for f in claim_fields(claim, tag)]
    for where, ev in claim.quote_items():
        state = quote_state(ev, tag)
        if state is not None:
            found.append((where, state))
    return RecordFields("claims", loaded.path, loaded.positions, claim.translations, found)


def source_record(loaded: Loaded[Source], tag: str) -> RecordFields:
    source = loaded.record
    found: list[tuple[Path_, FieldState]] = [((), f) for f in source_fields(source, tag)]
    return RecordFields("sources", loaded.path, loaded.positions, source.translations, found)


def tracker_record(tracker: Tracker, tag: str, settings: Positions) -> RecordFields:
    own = tracker.settings
    found: list[tuple[Path_, FieldState]] = [((), f) for f in tracker_fields(own, tag)]
    # The mapping itself, not a copy of its keys: it may hold thousands of languages.
    return RecordFields("tracker", SETTINGS_FILE, settings, own.translations, found)


def missing(record: RecordFields, tag: str) -> list[Gap]:
    """The record's fields still missing in ``tag``, where the report lists them (the
    worklist's, check/worklist.py, record by record)."""
    return [
        gap
        for where, f in record.fields
        if f.state == "missing" and (gap := _gap(record, tag, where, f)) is not None
    ]


def _gap(record: RecordFields, tag: str, where: Path_, f: FieldState) -> Gap | None:
    name = field_name(f.path) if not where else quote_name(where)
    if f.state == "stale":
        line, column = record.positions.value(translated_at(where, tag, f))
        change = stale_change(record.positions, where, tag, f)
        return Gap(record.path, line, column, name, "stale", change)
    if f.state == "missing":
        line, column = record.positions.key(("translations", tag)) if tag in record.tags else (1, 1)
        return Gap(record.path, line, column, name, "missing")
    return None


def _count(out: LanguageReport, record: RecordFields) -> None:
    """One record's fields in ``out``'s language, counted, and its gaps listed."""
    gaps = []
    for where, f in record.fields:
        out.fields[f.state] += 1
        gap = _gap(record, out.language, where, f)
        if gap is not None:
            gaps.append(gap)
    counts = out.records[record.kind]
    counts[0] += not gaps
    counts[1] += 1
    out.gaps += gaps


def translation_report(tracker: Tracker, languages: Sequence[str]) -> list[LanguageReport]:
    """How far the records are translated into each of ``languages`` (further site
    languages), in that order.

    Record by record, each in every language: a record's positions are looked up one
    after another (a file's node tree is the one kept, load/nodes.py), and tracker.yaml is
    read once, not once a language: the work grows with records times languages, where a
    tracker.yaml of thousands of languages read again for each made it grow with their
    square.
    """
    reports = [LanguageReport(tag) for tag in languages]
    for claim in tracker.claims.values():
        for out in reports:
            _count(out, claim_record(claim, out.language))
    for source in tracker.sources.values():
        for out in reports:
            _count(out, source_record(source, out.language))
    settings = settings_positions(tracker.root)
    for out in reports:
        _count(out, tracker_record(tracker, out.language, settings))
        # Stable: the fields at one place (1:1, a block) stay in the order of the file.
        out.gaps.sort(key=lambda g: (g.path, g.line, g.column))
    return reports


def _records_line(r: LanguageReport) -> str:
    done = sum(c[0] for c in r.records.values())
    total = sum(c[1] for c in r.records.values())
    kinds = ", ".join(f"{kind} {c[0]} of {c[1]}" for kind, c in r.records.items())
    states = ", ".join(f"{r.fields[s]} {s}" for s in STATES)
    return f"{r.language}: {done} of {total} records current ({kinds}); fields: {states}"


def format_text(main: str, reports: list[LanguageReport]) -> str:
    if not reports:
        return (
            f"the site is published in {main} only: there is nothing to translate "
            "(tracker.yaml's translations: names the further languages)"
        )
    blocks = []
    for r in reports:
        lines = [_records_line(r)]
        lines += [f"{g.path}:{g.line}:{g.column}: {_gap_text(r.language, g)}" for g in r.gaps]
        blocks.append("\n".join(printable(line) for line in lines))
    return "\n\n".join(blocks)


def _gap_text(language: str, g: Gap) -> str:
    return f"{language}: {g.field} is {g.state}" + (f": {g.change}" if g.change else "")


def gap_problems(reports: list[LanguageReport]) -> list[Problem]:
    """Each missing or stale field as a problem, for `--format github`: a stale one under
    the check's own code (translation-stale, a warning), a missing one under the
    worklist's (review-translation: advice, a notice), in the report's order."""
    return [
        report(
            g.path,
            (g.line, g.column),
            Code.TRANSLATION_STALE if g.state == "stale" else Code.REVIEW_TRANSLATION,
            _gap_text(r.language, g),
        )
        for r in reports
        for g in r.gaps
    ]


def to_json(r: LanguageReport) -> dict[str, Any]:
    return {
        "language": r.language,
        "complete": r.complete,
        "records": {kind: {"current": c[0], "total": c[1]} for kind, c in r.records.items()},
        "fields": dict(r.fields),
        "gaps": [
            {
                "path": printable(g.path),
                "line": g.line,
                "column": g.column,
                "field": g.field,
                "state": g.state,
                "change": g.change,
            }
            for g in r.gaps
        ],
    }


def format_json(main: str, reports: list[LanguageReport]) -> str:
    data = {"main_language": main, "languages": [to_json(r) for r in reports]}
    return json.dumps(data, ensure_ascii=False, indent=2)
