"""JSON Schema of the records, for editors with a YAML language server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from ..fsutil import atomic_write_text
from ..records import Claim, Source, TrackerSettings

SCHEMAS: dict[str, type[BaseModel]] = {
    "claim.schema.json": Claim,
    "source.schema.json": Source,
    "tracker.schema.json": TrackerSettings,
}


def schema_for(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def render_schema(model: type[BaseModel]) -> str:
    return json.dumps(schema_for(model), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def write_schemas(out: str | Path) -> list[Path]:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in SCHEMAS.items():
        path = folder / name
        atomic_write_text(path, render_schema(model))
        written.append(path)
    return written
