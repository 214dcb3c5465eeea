"""The JSON Schema files editors use: current, and valid for every data file here."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from claimtrack.edit.schemas import SCHEMAS, render_schema

from .conftest import FIXTURES, REPO, Result

HEADER = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


class Yaml12Loader(yaml.SafeLoader):
    """What a YAML 1.2 editor sees: core-schema scalars, dates stay text."""


Yaml12Loader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", "-+0123456789"),
    (
        "tag:yaml.org,2002:float",
        r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$",
        "-+.0123456789",
    ),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
]:
    Yaml12Loader.add_implicit_resolver(tag, re.compile(pattern), list(first))


def data_files() -> list[Path]:
    files = [REPO / "tracker.yaml"] if (REPO / "tracker.yaml").exists() else []
    for base in (REPO, FIXTURES / "minimal"):
        files += sorted((base / "claims").glob("*.yaml")) + sorted(
            (base / "sources").glob("*.yaml")
        )
    return files


def test_committed_schemas_are_current() -> None:
    for name, model in SCHEMAS.items():
        committed = (REPO / "schema" / name).read_text(encoding="utf-8")
        assert committed == render_schema(model), f"schema/{name} is stale: run `claimtrack schema`"


def test_schema_command_writes_files(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    result = run_cli("schema", "--out", tmp_path / "out")
    assert result.code == 0
    for name in SCHEMAS:
        schema = json.loads((tmp_path / "out" / name).read_text())
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", data_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_data_file_has_header_and_validates(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    match = HEADER.match(text.splitlines()[0])
    assert match, f"{path} lacks the yaml-language-server header line"
    schema_path = (path.parent / match.group(1)).resolve()
    assert schema_path.is_file(), f"{path}: header points to missing {schema_path}"
    schema: dict[str, Any] = json.loads(schema_path.read_text())
    data = yaml.load(text, Loader=Yaml12Loader)
    jsonschema.validate(data, schema, format_checker=jsonschema.FormatChecker())


def test_schema_rejects_what_check_rejects() -> None:
    schema = json.loads((REPO / "schema" / "claim.schema.json").read_text())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"statement": "x", "rationail": "typo"}, schema)


def test_schema_takes_measurement_conditions_as_text_or_a_mapping() -> None:
    """What an editor completes and flags for `conditions:` is what check accepts."""
    schema = json.loads((REPO / "schema" / "claim.schema.json").read_text())
    claim = FIXTURES / "measured" / "claims" / "zephyr-turbo-4x.yaml"
    data = yaml.load(claim.read_text(encoding="utf-8"), Loader=Yaml12Loader)
    assert isinstance(data["measurements"][0]["conditions"], dict)
    jsonschema.validate(data, schema)
    data["measurements"][0]["conditions"] = "Not stated."
    jsonschema.validate(data, schema)
    data["measurements"][0]["conditions"] = ["Not stated."]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


@pytest.mark.parametrize("where", ["file", "/dev/null", "/proc/self/x", "/sys/x"])
def test_schema_out_that_cannot_be_a_folder_is_a_usage_error(
    where: str, tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    out = tmp_path / "notes.txt" if where == "file" else Path(where)
    if where == "file":
        out.write_text("keep me", encoding="utf-8")
    result = run_cli("schema", "--out", out)
    assert result.code == 2, result.output
    assert f"--out {out}:" in result.err
    assert "Traceback" not in result.output
    if where == "file":
        assert out.read_text(encoding="utf-8") == "keep me"


def test_an_editor_completes_the_names_translation_keys() -> None:
    """yaml-language-server completes keys from these schemas (claimtrack's language server
    completes only values): a claim's translation offers its claimant's name, role and
    organisation and its quantity's metric and baseline, each with made_from's twin, and a
    source's its publisher."""
    claim = json.loads((REPO / "schema" / "claim.schema.json").read_text(encoding="utf-8"))
    defs = claim["$defs"]
    offered = defs["ClaimTranslation"]["properties"]
    assert {"claimant", "quantity"} <= set(offered)
    assert set(defs["ClaimantTranslation"]["properties"]) == {"name", "role", "organisation"}
    assert set(defs["QuantityTranslation"]["properties"]) == {"metric", "baseline"}
    assert set(defs["ClaimantFingerprints"]["properties"]) == {"name", "role", "organisation"}
    assert set(defs["QuantityFingerprints"]["properties"]) == {"metric", "baseline"}
    source = json.loads((REPO / "schema" / "source.schema.json").read_text(encoding="utf-8"))
    assert "publisher" in source["$defs"]["SourceTranslation"]["properties"]
    assert "publisher" in source["$defs"]["SourceFingerprints"]["properties"]
    # A name translated with a key that is no field is refused, as check refuses it.
    translation = {
        "statement": "x",
        "claimant": {"name": "Acme"},
        "kind": "fact",
        "evidence": [{"source": "s", "quote": "q"}],
        "status": "unverified",
        "history": [{"date": "2026-10-01", "status": "unverified", "note": "n"}],
        "rationale": "r",
        "translations": {"fr": {"translated_by": "person", "claimant": {"nom": "Acme"}}},
    }
    errors = list(jsonschema.Draft202012Validator(claim).iter_errors(translation))
    assert errors and "nom" in str(errors[0].message)
