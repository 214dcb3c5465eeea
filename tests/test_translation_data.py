"""claims.json and sources.json carry each record's translations as a reader needs them:
per language who translated it, and each field's text and state; never made_from."""

from __future__ import annotations

import copy
import datetime as dt
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from claimtrack.check import run_checks
from claimtrack.load import load_tracker
from claimtrack.records.translations import fingerprint as fp
from claimtrack.site.data.jsonfiles import SCHEMA_VERSION, claims_json, sources_json
from claimtrack.site.data.schema import claims_schema, sources_schema
from claimtrack.site.model.cache import build_model

from .conftest import FIXTURES, TODAY

# The minimal fixture's originals, as its files hold them.
QUOTE = "« jusqu'à 3 fois plus rapide »"
NOTES = "The vendor's own announcement."


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """claims.json and sources.json of the minimal fixture published in en and fr."""
    root = tmp_path_factory.mktemp("translated") / "minimal"
    shutil.copytree(FIXTURES / "minimal", root)
    append(root / "tracker.yaml", "translations:\n  fr: {translated_by: person}\n")
    append(
        root / "claims/rocket-price.yaml",
        "translations:\n"
        "  fr:\n"
        "    translated_by: machine\n"
        "    statement: Acme n'a pas annoncé le prix de Rocket 2.\n"
        "    rationale: L'annonce ne donne aucun prix.\n"
        "    history: {2026-10-03: Rien.}\n"  # no entry of that date: an orphan
        "    claimant: {name: la société Acme}\n"
        "    made_from:\n"
        f"      statement: {fp('Acme did not announce the price of Rocket 2.')}\n"
        f"      rationale: {fp('An earlier rationale.')}\n"
        f"      claimant: {{name: {fp('Acme')}}}\n",
    )
    speed = root / "claims/rocket-speed.yaml"
    text = speed.read_text(encoding="utf-8")
    speed.write_text(
        text.replace(
            "    translated_by: person\n",
            "    translated_by: person\n"
            "    translations:\n"
            "      fr:\n"
            "        text: jusqu'à trois fois plus rapide\n"
            "        translated_by: person\n"
            f"        made_from: {fp(QUOTE)}\n",
        ),
        encoding="utf-8",
    )
    append(
        root / "sources/acme-post.yaml",
        "translations:\n"
        "  fr:\n"
        "    translated_by: person\n"
        "    notes: L'annonce du fabricant.\n"
        "    title: Acme annonce Rocket 2\n"
        "    publisher: la société Acme\n"
        f"    made_from: {{notes: {fp(NOTES)}, publisher: {fp('Acme')}}}\n",
    )
    analysis, problems = run_checks(load_tracker(root), dt.date.fromisoformat(TODAY))
    assert not [p for p in problems if p.is_error], problems
    model = build_model(analysis)
    return {
        "claims": json.loads(claims_json(model.settings, model.claims)),
        "sources": json.loads(sources_json(model.settings, model.sources)),
    }


def by_id(data: dict[str, Any], key: str) -> dict[str, dict[str, Any]]:
    return {item["id"]: item for item in data[key]}


def test_a_claim_carries_each_translated_field_with_its_state(
    data: dict[str, dict[str, Any]],
) -> None:
    assert data["claims"]["schema_version"] == SCHEMA_VERSION == 5
    claims = by_id(data["claims"], "claims")
    assert claims["rocket-price"]["translations"] == {
        "fr": {
            "translated_by": "machine",
            "fields": {
                "statement": {
                    "text": "Acme n'a pas annoncé le prix de Rocket 2.",
                    "state": "current",
                },
                "claimant/name": {"text": "la société Acme", "state": "current"},
                "rationale": {"text": "L'annonce ne donne aucun prix.", "state": "stale"},
                # history/2026-10-02 is not translated yet: not listed.
                "history/2026-10-03": {"text": "Rien.", "state": "orphan"},
            },
        }
    }
    assert claims["rocket-speed"]["translations"] == {}
    quote = claims["rocket-speed"]["evidence"][1]
    assert quote["translations"] == {
        "fr": {
            "text": "jusqu'à trois fois plus rapide",
            "translated_by": "person",
            "state": "current",
        }
    }
    assert claims["rocket-speed"]["evidence"][0]["translations"] == {}


def test_a_source_carries_its_notes_title_and_publisher(data: dict[str, dict[str, Any]]) -> None:
    sources = by_id(data["sources"], "sources")
    assert sources["acme-post"]["translations"]["fr"]["fields"] == {
        "title": {"text": "Acme annonce Rocket 2", "state": "stale"},  # no fingerprint
        "publisher": {"text": "la société Acme", "state": "current"},
        "notes": {"text": "L'annonce du fabricant.", "state": "current"},
    }
    assert "made_from" not in json.dumps(data)


@pytest.mark.parametrize(
    ("key", "schema"), [("claims", claims_schema()), ("sources", sources_schema())]
)
def test_the_schema_is_exact(
    data: dict[str, dict[str, Any]], key: str, schema: dict[str, Any]
) -> None:
    validator = jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data[key])]
    assert errors == []
    # What the JSON never holds, the schema refuses.
    item = next(i for i in data[key][key] if i["translations"])
    tag, block = next(iter(item["translations"].items()))
    wrong: list[Callable[[dict[str, Any]], None]] = [
        lambda t: t[tag].update(made_from={}),
        lambda t: t[tag]["fields"].update({"history/1 Oct": {"text": "x", "state": "current"}}),
        lambda t: t[tag]["fields"][next(iter(block["fields"]))].update(state="missing"),
        lambda t: t.update({"not a tag": block}),
    ]
    for spoil in wrong:
        bad = copy.deepcopy(data[key])
        target = next(i for i in bad[key] if i["id"] == item["id"])
        spoil(target["translations"])
        assert not validator.is_valid(bad), spoil
