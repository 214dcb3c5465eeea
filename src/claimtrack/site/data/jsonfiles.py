"""claims.json and sources.json: the whole record, plus what the site computed.

Each file is one JSON object, ``{"schema_version": N, "title": ..., "claims": [...]}``
(or ``"sources"``), with one record per line so that a diff between two builds
shows which records changed.  Records keep the YAML field names and order
(see records/) and add computed fields; the exact shape is the JSON Schema
in dataschema.py, published beside the data as claims.schema.json and
sources.schema.json.  Bump SCHEMA_VERSION on any incompatible change.

Every line is made from one view model (the one its page shows) and the site
settings, and nothing else: the computed fields are the pages' own (status
meaning, last change, staleness, sources, origins, quote checks) and the
addresses come from addresses.py, so the JSON cannot disagree with the pages,
and a line can be kept for as long as its view compares equal.

A record's ``translations`` are written as the reader needs them, not as the YAML holds
them: per language, who translated it and each translated field's text and state
(current, stale, orphan; records/translated.py decides), a field not listed being not
translated yet.  ``made_from`` is the tool's input detail and stays out.  A quote's
``translations`` likewise give each language's text, translated_by and state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import orjson

from ...records import Claim, Evidence, Source
from ...records.translated import (
    FieldState,
    claim_fields,
    field_name,
    quote_state,
    source_fields,
)
from .. import addresses
from ..model.views import ClaimView, EvidenceView, SiteSettings, SourceView
from .corrections import claim_corrections, without_fingerprints

# 2: translations (issue 17): per language, translated_by and each field's text and state.
# 3: revisions (issue 20): each quote's in_latest_revision; a source's revisions, each with
# what became of its cited passages.
# 4: (issue 26) each quote's revision: the later version of its source it cites, or null;
#    a claim revised by its claimant: a claim's revises, and its revised_by;
#    the tracker's own corrections: a claim's corrections;
#    what replaced a vanished passage: each quote's removed_in and replaced_by.
# 5: (issue 27) the translations of a claim's claimant (claimant/name, claimant/role,
#    claimant/organisation) and quantity (quantity/metric, quantity/baseline), and of a
#    source's publisher, under each language's fields.
SCHEMA_VERSION = 5

R = TypeVar("R", Claim, Source)


def translations(record: R, fields: Callable[[R, str], list[FieldState]]) -> dict[str, Any]:
    """A record's translations as claims.json and sources.json give them."""
    return {
        tag: {
            "translated_by": t.translated_by,
            "fields": {
                field_name(f.path): {"text": f.text, "state": f.state}
                for f in fields(record, tag)
                if f.text is not None
            },
        }
        for tag, t in record.translations.items()
    }


def quote_translations(ev: Evidence) -> dict[str, Any]:
    out = {}
    for tag in ev.translations:
        state = quote_state(ev, tag)
        assert state is not None, tag  # the quote has a translation in each of its keys
        out[tag] = {"text": state.text, "translated_by": state.translated_by, "state": state.state}
    return out


def claim_line(view: ClaimView, settings: SiteSettings) -> bytes:
    """One claim's record in claims.json, as one line of UTF-8 JSON (no newline)."""
    cid = view.summary.id
    claim = view.record
    # Python mode: orjson writes dates as YYYY-MM-DD and enums as their values itself.
    record = claim.model_dump()
    record["translations"] = translations(claim, claim_fields)
    record["evidence"] = [
        _evidence(ev, shown, model)
        for ev, shown, model in zip(record["evidence"], view.evidence, claim.evidence, strict=True)
    ]
    measured = view.measured
    shown_items = measured.items if measured is not None else ()
    for m, shown_m, model_m in zip(
        record["measurements"], shown_items, claim.measurements, strict=False
    ):
        m["evidence"] = [
            _evidence(ev, e, model)
            for ev, e, model in zip(m["evidence"], shown_m.evidence, model_m.evidence, strict=True)
        ]
        m["independent"] = shown_m.independent
        m["agreement"] = shown_m.agreement
    for entry, shown_h, model_h in zip(record["history"], view.history, claim.history, strict=True):
        quotes = iter(shown_h.quotes)
        entry["evidence"] = [
            e if isinstance(model, str) else _evidence(e, next(quotes), model)
            for e, model in zip(entry["evidence"], model_h.evidence, strict=True)
        ]
    without_fingerprints(record["history"])
    item: dict[str, Any] = {"id": cid, **record}
    item["corrections"] = claim_corrections(view)
    item["status_meaning"] = view.summary.status.meaning
    item["last_changed"] = view.summary.last_changed
    item["stale"] = view.summary.stale
    item["sources"] = [ref.id for ref in view.sources]
    item["independent_origins"] = [ref.id for ref in view.origins]
    item["agreement"] = measured.agreement if measured else None
    item["revised_by"] = [r.by for r in view.summary.revised_by]
    return _located(item, addresses.claim_page(cid), addresses.claim_folder(cid), settings)


def _evidence(ev: dict[str, Any], shown: EvidenceView, model: Evidence) -> dict[str, Any]:
    """A quote item (``model`` dumped as ``ev``) with what the site found of it in the
    archive, and its translations as the reader needs them."""
    ev["translations"] = quote_translations(model)
    return {
        "source": ev.pop("source"),
        "quote": ev.pop("quote"),
        "quote_check": shown.check,
        **ev,
        "context_before": shown.context_before,
        "context_after": shown.context_after,
        "occurrences": shown.occurrences,
        "text_fragment_url": shown.text_fragment_url,
        "in_latest_revision": shown.in_latest_revision,
        "removed_in": gone.revision if (gone := shown.replacement) else None,
        "replaced_by": gone.replaced_by if gone else None,
    }


def source_line(view: SourceView, settings: SiteSettings) -> bytes:
    """One source's record in sources.json, as one line of UTF-8 JSON (no newline)."""
    sid = view.ref.id
    item: dict[str, Any] = {"id": sid, **view.record.model_dump()}
    item["translations"] = translations(view.record, source_fields)
    item["derived_by"] = [ref.id for ref in view.derived_by]
    item["independent_origins"] = [ref.id for ref in view.independent_origins]
    item["archived"] = view.archived
    item["archive_sha256"] = view.sha256
    item["archive_page"] = view.archive_page
    if view.archive_page is not None:
        url = settings.absolute(addresses.folder_of(view.archive_page))
        if url is not None:
            item["archive_site_url"] = url
    item["cited_by"] = [c.id for c in view.cited_by]
    item["to_check_by"] = [c.id for c in view.to_check_by]
    item["coverage"] = view.coverage.to_json() if view.coverage is not None else None
    for revision, shown in zip(item["revisions"], view.revisions, strict=True):
        revision["cited_passages"] = [
            {"quote": p.quote, "present": p.present} for p in shown.passages
        ]
    return _located(item, addresses.source_page(sid), addresses.source_folder(sid), settings)


def _located(item: dict[str, Any], page: str, folder: str, settings: SiteSettings) -> bytes:
    """The record's line with its page in the site and, with a base URL, its address."""
    item["page"] = page
    url = settings.absolute(folder)
    if url is not None:
        item["site_url"] = url
    # orjson's bytes keep the buffer it grew (about 8 KB for a 2 KB line); lines are kept
    # (DataPlanner reuses them), so a compact copy: 10,000 claims' lines 80 MB -> 22 MB.
    return bytes(memoryview(orjson.dumps(item)))


def document(
    settings: SiteSettings, key: str, lines: Iterable[bytes | memoryview]
) -> Iterator[bytes | memoryview]:
    """The whole file around its record lines (from claim_line or source_line), part by
    part: a build writes them one after another as ``lines`` makes them, never the file
    whole in memory beside them (claims.json: 22 MB at 10,000 claims); serve, which keeps
    the lines for its next edit, joins them in one copy."""
    head = orjson.dumps({"schema_version": SCHEMA_VERSION, "title": settings.title.original})
    yield head[:-1] + b',"' + key.encode() + b'":['
    sep = b"\n"
    for line in lines:
        yield sep
        yield line
        sep = b",\n"
    yield b"]}\n" if sep == b"\n" else b"\n]}\n"


def document_lines(whole: bytes) -> list[memoryview]:
    """The record lines of a file ``document`` joined, in order ([] for any other bytes):
    orjson writes a newline in a string as an escape, so ",\n" only ever joins lines.
    Each line is a view into ``whole``, not a copy: claims.json is 26 MB at 10,000
    claims, and a build in place that takes its lines over held it four times (the file,
    two slices and the split lines: its peak 347 MiB, bench/RESULTS.md)."""
    first = whole.find(b"\n")
    end = b"\n]}\n"
    stop = len(whole) - len(end)
    if first < 0 or stop <= first or not whole.endswith(end):
        return []
    view = memoryview(whole)
    lines = []
    at = first + 1
    while (cut := whole.find(b",\n", at, stop)) >= 0:
        lines.append(view[at:cut])
        at = cut + 2
    lines.append(view[at:stop])
    return lines


def claims_json(settings: SiteSettings, claims: Iterable[ClaimView]) -> bytes:
    return b"".join(document(settings, "claims", (claim_line(v, settings) for v in claims)))


def sources_json(settings: SiteSettings, sources: Iterable[SourceView]) -> bytes:
    return b"".join(document(settings, "sources", (source_line(v, settings) for v in sources)))


def schema_json(schema: dict[str, Any]) -> bytes:
    return (json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
