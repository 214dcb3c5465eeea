"""claims.json and sources.json: valid against their JSON Schema, and true to the records."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from claimtrack.check import run_checks
from claimtrack.load import load_tracker
from claimtrack.site import SCHEMA_VERSION, build_site
from claimtrack.site.dataschema import claims_schema, sources_schema

from .conftest import FIXTURES, REPO, TODAY

TRACKERS = {"minimal": (FIXTURES / "minimal", dt.date.fromisoformat(TODAY)), "repo": (REPO, None)}


@pytest.fixture(scope="module", params=sorted(TRACKERS))
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path, dt.date | None]:
    root, today = TRACKERS[request.param]
    out = tmp_path_factory.mktemp(f"data-{request.param}") / "site"
    build_site(root, out, today=today)
    return root, out, today


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("schema", [claims_schema(), sources_schema()])
def test_schemas_are_valid_json_schema(schema: dict[str, Any]) -> None:
    jsonschema.Draft202012Validator.check_schema(schema)


def test_json_validates_against_its_schema(site: tuple[Path, Path, dt.date | None]) -> None:
    _, out, _ = site
    for name, schema in (("claims", claims_schema()), ("sources", sources_schema())):
        data = load(out / f"{name}.json")
        validator = jsonschema.Draft202012Validator(
            schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
        )
        errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
        assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)
        # The schema is published beside the data, byte for byte what the package generates.
        assert load(out / f"{name}.schema.json") == schema


def test_claims_json_matches_the_records(site: tuple[Path, Path, dt.date | None]) -> None:
    root, out, today = site
    analysis, _ = run_checks(load_tracker(root), today or dt.date.today())
    data = load(out / "claims.json")
    assert data["schema_version"] == SCHEMA_VERSION
    claims = data["claims"]
    assert [c["id"] for c in claims] == sorted(analysis.tracker.claims)
    for item in claims:
        cid = item["id"]
        claim = analysis.tracker.claims[cid].record
        assert item["statement"] == claim.statement
        assert item["kind"] == claim.kind.value
        assert item["status"] == claim.status.value
        assert item["claimant"]["name"] == claim.claimant.name
        assert [h["status"] for h in item["history"]] == [h.status.value for h in claim.history]
        assert [e["quote_check"] for e in item["evidence"]] == [
            c.value for c in analysis.quote_checks[cid]
        ]
        assert [e["source"] for e in item["evidence"]] == [e.source for e in claim.evidence]
        assert [e["quote"] for e in item["evidence"]] == [e.quote for e in claim.evidence]
        assert item["independent_origins"] == analysis.claim_origins(cid)
        assert item["stale"] == analysis.is_stale(cid)
        assert item["page"] == f"claims/{cid}/index.html"
        assert (out / item["page"]).is_file()
        assert "site_url" not in item


def test_sources_json_matches_the_records(site: tuple[Path, Path, dt.date | None]) -> None:
    root, out, today = site
    analysis, _ = run_checks(load_tracker(root), today or dt.date.today())
    sources = load(out / "sources.json")["sources"]
    assert [s["id"] for s in sources] == sorted(analysis.tracker.sources)
    for item in sources:
        sid = item["id"]
        source = analysis.tracker.sources[sid].record
        assert item["title"] == source.title
        assert item["url"] == source.url
        assert item["cited_by"] == analysis.cited_by[sid]
        assert item["derived_by"] == analysis.derived_by[sid]
        assert item["archived"] == (sid in analysis.tracker.archives)
        assert (out / item["page"]).is_file()


def test_json_has_one_record_per_line(site: tuple[Path, Path, dt.date | None]) -> None:
    """So that a diff between two builds shows which records changed."""
    _, out, _ = site
    lines = (out / "claims.json").read_text(encoding="utf-8").splitlines()
    count = len(load(out / "claims.json")["claims"])
    assert len(lines) == count + 2
