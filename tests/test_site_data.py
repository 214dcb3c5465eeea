"""claims.json and sources.json: valid against their JSON Schema, and true to the records."""

from __future__ import annotations

import datetime as dt
import json
import tracemalloc
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from claimtrack.check import run_checks
from claimtrack.load import load_tracker
from claimtrack.records.values import ID_MAX, is_record_id
from claimtrack.site import SCHEMA_VERSION
from claimtrack.site.data.jsonfiles import claim_line, claims_json, sources_json
from claimtrack.site.data.schema import claims_schema, sources_schema
from claimtrack.site.model.cache import build_model

from .conftest import FIXTURES, REPO, TODAY, SiteOf
from .regen_expected import EXPECTED
from .site_support import build, minimal_copy, parse

TRACKERS = {
    "minimal": (FIXTURES / "minimal", dt.date.fromisoformat(TODAY)),
    "measured": (FIXTURES / "measured", dt.date.fromisoformat(TODAY)),
    "revisions": (FIXTURES / "revisions", dt.date.fromisoformat(TODAY)),
    "repo": (REPO, None),
}


@pytest.fixture(scope="module", params=sorted(TRACKERS))
def site(request: pytest.FixtureRequest, site_of: SiteOf) -> tuple[Path, Path, dt.date | None]:
    root, today = TRACKERS[request.param]
    return root, site_of(root, today), today


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


@pytest.mark.parametrize(
    ("name", "schema", "lists"),
    [
        ("claims", claims_schema(), ("sources", "independent_origins")),
        (
            "sources",
            sources_schema(),
            ("derived_by", "independent_origins", "cited_by", "to_check_by"),
        ),
    ],
)
def test_the_computed_ids_follow_the_records_id_rule_length_included(
    name: str, schema: dict[str, Any], lists: tuple[str, ...]
) -> None:
    """An id the JSON computes (its own, the sources it cites...) is held to is_record_id."""
    data = load(EXPECTED / f"{name}.json")
    item = data[name][0]
    for length, fits in ((ID_MAX, True), (ID_MAX + 1, False)):
        made = "a" * length
        assert is_record_id(made) is fits
        for key in ("id", *lists):
            changed = {**item, key: made if key == "id" else [made]}
            errors = list(
                jsonschema.Draft202012Validator(schema).iter_errors({**data, name: [changed]})
            )
            assert (not errors) is fits, (key, length, [e.message for e in errors])


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
        assert ("site_url" in item) == (analysis.tracker.settings.base_url is not None)


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
        assert item["cited_by"] == analysis.cited_by(sid)
        assert item["derived_by"] == analysis.derived_by[sid]
        assert item["independent_origins"] == sorted(analysis.source_origins[sid])
        assert item["archived"] == (sid in analysis.tracker.archives)
        assert (out / item["page"]).is_file()


def test_json_has_one_record_per_line(site: tuple[Path, Path, dt.date | None]) -> None:
    """So that a diff between two builds shows which records changed."""
    _, out, _ = site
    lines = (out / "claims.json").read_text(encoding="utf-8").splitlines()
    count = len(load(out / "claims.json")["claims"])
    assert len(lines) == count + 2


def test_site_url_is_the_canonical_address_whatever_the_base_url(tmp_path: Path) -> None:
    """A base URL's query and fragment are dropped everywhere, not only in the pages."""
    root = minimal_copy(tmp_path)
    with (root / "tracker.yaml").open("a", encoding="utf-8") as handle:
        handle.write("base_url: https://example.org/t?x=1#frag\n")
    out = tmp_path / "site"
    build(root, out)
    for name, folder in (("claims", "claims"), ("sources", "sources")):
        for item in load(out / f"{name}.json")[name]:
            canonical = [
                attrs["href"]
                for tag, attrs in parse(out / item["page"]).tags
                if tag == "link" and attrs.get("rel") == "canonical"
            ]
            assert canonical == [item["site_url"]]
            assert item["site_url"] == f"https://example.org/t/{folder}/{item['id']}/"


def test_each_json_line_is_made_from_its_view_alone() -> None:
    """So that a line can be kept for as long as its view compares equal."""
    root, today = TRACKERS["minimal"]
    analysis, _ = run_checks(load_tracker(root), today or dt.date.today())
    model = build_model(analysis)
    settings = model.settings
    text = claims_json(settings, model.claims).decode("utf-8")
    lines = text.splitlines()[1:-1]
    assert [line.rstrip(",") for line in lines] == [
        claim_line(view, settings).decode("utf-8") for view in model.claims
    ]
    again = build_model(analysis)
    assert again.claims == model.claims  # equal views, hence equal lines
    with_base = replace(settings, base_url="https://example.org/")
    line = json.loads(claim_line(model.claims[0], with_base))
    assert line["site_url"] == "https://example.org/claims/rocket-price/"
    sources = sources_json(settings, model.sources).decode("utf-8").splitlines()[1:-1]
    assert [json.loads(line.rstrip(","))["id"] for line in sources] == ["acme-post", "fr-report"]


def test_a_kept_json_line_holds_no_more_memory_than_its_bytes() -> None:
    """DataPlanner keeps every record's line between builds: orjson's own bytes would keep
    the buffer it grew (several times the line), which at 10,000 claims is 60 MB more."""
    root, today = TRACKERS["minimal"]
    analysis, _ = run_checks(load_tracker(root), today or dt.date.today())
    model = build_model(analysis)
    view = model.claims[0]
    tracemalloc.start()
    try:
        lines = [claim_line(view, model.settings) for _ in range(200)]
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    size = sum(len(line) for line in lines)
    assert held < 1.5 * size + 64 * 1024
