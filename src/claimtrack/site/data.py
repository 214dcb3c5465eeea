"""claims.json and sources.json: the whole record, plus what the checker computed.

Each file is one JSON object, ``{"schema_version": N, "title": ..., "claims": [...]}``
(or ``"sources"``), with one record per line so that a diff between two builds
shows which records changed.  Records keep the YAML field names and order
(see records.py) and add computed fields; the exact shape is the JSON Schema
in dataschema.py, published beside the data as claims.schema.json and
sources.schema.json.  Bump SCHEMA_VERSION on any incompatible change.
"""

from __future__ import annotations

import json
from typing import Any

from ..check.analysis import Analysis, QuoteCheck
from ..records import STATUS_MEANINGS

SCHEMA_VERSION = 1


def _dumps(data: object) -> str:
    # Compact separators keep json on its C encoder: ten times faster than indent=2.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _document(head: dict[str, Any], key: str, items: list[dict[str, Any]]) -> bytes:
    opening = _dumps(head)[:-1] + f',"{key}":['
    body = ",\n".join(_dumps(item) for item in items)
    return (opening + ("\n" + body + "\n" if items else "") + "]}\n").encode("utf-8")


def _head(a: Analysis) -> dict[str, Any]:
    settings = a.tracker.settings
    return {"schema_version": SCHEMA_VERSION, "title": settings.title}


def _base_url(a: Analysis) -> str | None:
    base = a.tracker.settings.base_url
    if base is None:
        return None
    return base if base.endswith("/") else base + "/"


def claim_records(a: Analysis) -> list[dict[str, Any]]:
    base = _base_url(a)
    items = []
    for cid, loaded in sorted(a.tracker.claims.items()):
        claim = loaded.record
        record = claim.model_dump(mode="json")
        checks = a.quote_checks.get(cid, [])
        evidence = []
        for i, ev in enumerate(record["evidence"]):
            check = checks[i] if i < len(checks) else QuoteCheck.NO_SOURCE
            evidence.append(
                {
                    "source": ev.pop("source"),
                    "quote": ev.pop("quote"),
                    "quote_check": check.value,
                    **ev,
                }
            )
        record["evidence"] = evidence
        item: dict[str, Any] = {"id": cid, **record}
        item["status_meaning"] = STATUS_MEANINGS[claim.status]
        item["last_changed"] = claim.history[-1].date.isoformat()
        item["stale"] = a.is_stale(cid)
        item["sources"] = a.claim_sources(cid)
        item["independent_origins"] = a.claim_origins(cid)
        item["page"] = f"claims/{cid}/index.html"
        if base is not None:
            item["site_url"] = f"{base}claims/{cid}/"
        items.append(item)
    return items


def source_records(a: Analysis) -> list[dict[str, Any]]:
    base = _base_url(a)
    items = []
    for sid, loaded in sorted(a.tracker.sources.items()):
        archive = a.tracker.archives.get(sid)
        item: dict[str, Any] = {"id": sid, **loaded.record.model_dump(mode="json")}
        item["derived_by"] = a.derived_by.get(sid, [])
        item["independent_origins"] = sorted(a.source_origins.get(sid, frozenset()))
        item["archived"] = archive is not None
        item["archive_sha256"] = archive.sha256 if archive else None
        item["cited_by"] = a.cited_by.get(sid, [])
        item["to_check_by"] = a.to_check_by.get(sid, [])
        item["page"] = f"sources/{sid}/index.html"
        if base is not None:
            item["site_url"] = f"{base}sources/{sid}/"
        items.append(item)
    return items


def claims_json(a: Analysis) -> bytes:
    return _document(_head(a), "claims", claim_records(a))


def sources_json(a: Analysis) -> bytes:
    return _document(_head(a), "sources", source_records(a))


def schema_json(schema: dict[str, Any]) -> bytes:
    return (json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n").encode()
