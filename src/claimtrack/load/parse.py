"""One data file's bytes to a validated record: parse (strict YAML), then validate (pydantic)."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ValidationError

from ..codes import Code
from ..problems import Problem, report
from .cache import ParseResult
from .nodes import Positions
from .validation import validation_problems
from .yamlsource import parse_document

M = TypeVar("M", bound=BaseModel)
SCHEMA_HEADER = b"# yaml-language-server: $schema="
SCHEMA_FILES = {
    "Claim": "claim.schema.json",
    "Source": "source.schema.json",
    "TrackerSettings": "tracker.schema.json",
}


def schema_header(model_name: str) -> str:
    """The first line naming a record's JSON Schema (``Claim``, ``Source`` or
    ``TrackerSettings``): what the hint says and what the editor's quick fix writes."""
    # tracker.yaml sits at the root, the records one folder down.
    folder = "schema/" if model_name == "TrackerSettings" else "../schema/"
    return SCHEMA_HEADER.decode() + folder + SCHEMA_FILES[model_name]


def parse_bytes(rel: str, raw: bytes) -> ParseResult:
    """Parse a data file's content; ``rel`` is its path relative to the tracker root."""
    doc = parse_document(raw, rel)
    end = raw.find(b"\n")
    first_line = (raw if end < 0 else raw[:end]).rstrip(b"\r")
    return ParseResult(doc.data, first_line, tuple(doc.problems), doc.marks)


def finish_record(
    rel: str, parsed: ParseResult, model: type[M], positions: Positions
) -> tuple[M | None, list[Problem]]:
    """Validate a parsed file against its model: the record (None if it failed) and every problem."""
    problems = list(parsed.problems)
    if parsed.data is None:
        return None, problems
    schema_file = SCHEMA_FILES[model.__name__]
    line = parsed.first_line
    if not (line.startswith(SCHEMA_HEADER) and line.endswith(schema_file.encode())):
        problems.append(
            report(
                rel,
                (1, 1),
                Code.SCHEMA_HEADER,
                f"first line should name the JSON Schema for editors: {schema_file}",
                "start the file with: " + schema_header(model.__name__),
            )
        )
    try:
        record = model.model_validate(parsed.data)
    except ValidationError as exc:
        problems.extend(validation_problems(exc, model, rel, positions))
        return None, problems
    if any(p.is_error for p in parsed.problems):
        return None, problems
    return record, problems
