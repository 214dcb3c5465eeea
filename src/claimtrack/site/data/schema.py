"""JSON Schema (draft 2020-12) of claims.json and sources.json.

The record part is derived from the pydantic models, so a field added to
records/ is documented here without a second edit; the computed fields are
written out by hand below.  Every property is required because the JSON always
carries every key (null or [] when empty), which is what consumers rely on.
"""

from __future__ import annotations

import copy
from typing import Any

from ...check.analysis import QuoteCheck
from ...check.measurements import Agreement
from ...records import Claim, Source
from ...records.translations import ENTRY_KEY_PATTERN, GROUPS
from ...records.values import ID_MAX, ID_PATTERN, LANG_PATTERN
from . import corrections
from .jsonfiles import SCHEMA_VERSION

DIALECT = "https://json-schema.org/draft/2020-12/schema"
# The id rule of the records (values.RecordId), length included, for the computed ids.
_ID_ITEM = {"type": "string", "pattern": ID_PATTERN, "maxLength": ID_MAX}
_ID_LIST = {"type": "array", "items": _ID_ITEM}
_NULLABLE_STRING = {"type": ["string", "null"]}


def _output_shape(node: Any) -> Any:
    """The model's schema as the JSON is written: all keys present, statuses as strings."""
    if isinstance(node, dict):
        out = {key: _output_shape(value) for key, value in node.items()}
        enum = out.get("enum")
        if isinstance(enum, list) and False in enum:
            # The YAML reader accepts a bare `false`; the JSON always writes "false".
            out["enum"] = [value for value in enum if value is not False]
            out["type"] = "string"
        props = out.get("properties")
        if out.get("type") == "object" and isinstance(props, dict):
            out["required"] = list(props)
        return out
    if isinstance(node, list):
        return [_output_shape(item) for item in node]
    return node


def _record_schema(model: type[Claim] | type[Source]) -> dict[str, Any]:
    schema: dict[str, Any] = _output_shape(model.model_json_schema(mode="serialization"))
    schema.pop("title", None)
    return schema


def _wrap(title: str, key: str, item: dict[str, Any]) -> dict[str, Any]:
    defs = item.pop("$defs", {})
    return {
        "$schema": DIALECT,
        "title": title,
        "type": "object",
        "additionalProperties": False,
        "required": ["schema_version", "title", key],
        "properties": {
            "schema_version": {"const": SCHEMA_VERSION},
            "title": {"type": "string", "description": "The tracker's title."},
            key: {"type": "array", "items": item},
        },
        "$defs": defs,
    }


# What the JSON writes instead of the models' translations (jsonfiles.translations): the
# fingerprints (made_from) are the tool's, and the states are computed.
_INPUT_ONLY = (
    "ClaimTranslation",
    "ClaimFingerprints",
    "ClaimantTranslation",
    "ClaimantFingerprints",
    "QuantityTranslation",
    "QuantityFingerprints",
    "QuoteTranslation",
    "SourceTranslation",
    "SourceFingerprints",
)
_ENTRY = ENTRY_KEY_PATTERN.removeprefix("^").removesuffix("$")
# claimant/name, quantity/metric, ...: each group's members (records/translations.GROUPS)
_GROUPED = "|".join(f"{key}/(?:{'|'.join(names)})" for key, names in GROUPS.items())
_TEXT = {"type": "string", "minLength": 1, "description": "The translated text."}
_BY = {"$ref": "#/$defs/TranslatedBy", "description": "person or machine."}


def _by_language(value: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "patternProperties": {LANG_PATTERN: value},
        "additionalProperties": False,
    }


def _translations(item: dict[str, Any], names: str, what: str) -> None:
    """The record's translations as the JSON gives them; ``names``: its fields' pattern."""
    for name in _INPUT_ONLY:
        item["$defs"].pop(name, None)
    field = {
        "type": "object",
        "additionalProperties": False,
        "required": ["text", "state"],
        "properties": {
            "text": copy.deepcopy(_TEXT),
            "state": {
                "enum": ["current", "stale", "orphan"],
                "description": "current: made from the original's text as it is now; stale: "
                "the original changed since (or no fingerprint was recorded); orphan: the "
                "original does not exist.",
            },
        },
    }
    item["properties"]["translations"] = _by_language(
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["translated_by", "fields"],
            "properties": {
                "translated_by": copy.deepcopy(_BY),
                "fields": {
                    "type": "object",
                    "description": f"Each translated field ({what}) by name; a field not "
                    "listed is not translated yet.",
                    "patternProperties": {names: field},
                    "additionalProperties": False,
                },
            },
        },
        "The record in the site's further languages, by language tag: who translated it, "
        "and each translated field's text and state.",
    )


def _quote_translations(evidence: dict[str, Any]) -> None:
    evidence["properties"]["translations"] = _by_language(
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["text", "translated_by", "state"],
            "properties": {
                "text": copy.deepcopy(_TEXT),
                "translated_by": copy.deepcopy(_BY),
                "state": {
                    "enum": ["current", "stale"],
                    "description": "current: made from the quote as it is now; stale: the "
                    "quote changed since (or no fingerprint was recorded).",
                },
            },
        },
        "The quote's meaning in the site's other languages, beside the English translation, "
        "by language tag.",
    )


def _add(item: dict[str, Any], props: dict[str, Any], optional: tuple[str, ...] = ()) -> None:
    ordered = {"id": props.pop("id"), **item["properties"], **props}
    item["properties"] = ordered
    item["required"] = [name for name in ordered if name not in optional]


def claims_schema() -> dict[str, Any]:
    item = _record_schema(Claim)
    _translations(
        item,
        f"^(?:statement|rationale|conditions|{_GROUPED}|(?:history|measurements)/{_ENTRY})$",
        "statement, claimant/name, claimant/role, claimant/organisation, quantity/metric, "
        "quantity/baseline, rationale, conditions, history/DATE for a history note, "
        "measurements/DATE for a measurement's conditions text; DATE#2 for a second entry of "
        "a date",
    )
    evidence = item["$defs"]["Evidence"]
    _quote_translations(evidence)
    evidence["properties"]["quote_check"] = {
        "enum": [check.value for check in QuoteCheck],
        "description": "Whether the quote was found in the version of the source it cites "
        "(its archived copy, or the revision it names): found, not-found, unchecked (no "
        "archived copy), no-source or no-revision.",
    }
    evidence["properties"]["context_before"] = {
        "type": ["string", "null"],
        "description": "The text just before the quote's first occurrence in the archived copy, "
        "in its own characters: the rest of the quote's sentence and the sentence before it, "
        "at most 300 characters (cut at a word, with …). Null without an archived copy or "
        "when the quote is not found.",
    }
    evidence["properties"]["context_after"] = {
        "type": ["string", "null"],
        "description": "The text just after the quote's first occurrence, likewise: the rest "
        "of its sentence and the sentence after it.",
    }
    evidence["properties"]["occurrences"] = {
        "type": "integer",
        "minimum": 0,
        "description": "How many times the quote occurs in the archived copy (compared "
        "normalised); 0 without an archived copy or when not found.",
    }
    evidence["properties"]["text_fragment_url"] = {
        "type": ["string", "null"],
        "description": "The source's url with a text fragment (#:~:text=) leading to the "
        "passage; null when the source has no url, or when the passage is missing from the "
        "source's latest revision.",
    }
    evidence["properties"]["in_latest_revision"] = {
        "type": ["boolean", "null"],
        "description": "Whether the quote's passage is in the source's latest revision "
        "(claimtrack recheck --save), compared normalised as quotes are: null when the source "
        "was never rechecked, false when its page is gone.",
    }
    evidence["properties"]["removed_in"] = {
        "type": ["string", "null"],
        "description": "The revision of the source that removed the quote's passage (its "
        "retrieved date, DATE#n for the n-th of that day), when the passage is missing from "
        "the latest revision; null otherwise.",
    }
    evidence["properties"]["replaced_by"] = {
        "type": ["string", "null"],
        "description": "The sentence or sentences that took the place of the removed passage's "
        "in that revision, in the source's language; null when nothing took their place, "
        "when the page was taken down, or when the passage was not removed.",
    }
    evidence["required"] = list(evidence["properties"])
    agreements = [a.value for a in Agreement]
    measurement = item["$defs"]["Measurement"]
    measurement["properties"]["independent"] = {
        "type": "boolean",
        "description": "True when none of the measurement's sources shares an origin with "
        "the claim's own evidence.",
    }
    measurement["properties"]["agreement"] = {
        "enum": agreements,
        "description": "How the measured value stands to the claimed bound, within "
        "quantity.tolerance: reached, exceeded or not-reached for up-to; consistent or "
        "contradicted otherwise; none when its unit cannot be compared.",
    }
    measurement["required"] = list(measurement["properties"])
    _add(
        item,
        {
            "id": {**_ID_ITEM, "description": "The claim's id: its file name without .yaml."},
            "status_meaning": {"type": "string", "description": "What the status means."},
            "last_changed": {
                "type": "string",
                "format": "date",
                "description": "Date of the last history entry.",
            },
            "stale": {
                "type": "boolean",
                "description": "True when review_by has passed on the day of the build.",
            },
            "sources": {**_ID_LIST, "description": "Distinct sources quoted as evidence."},
            "independent_origins": {
                **_ID_LIST,
                "description": "Sources the evidence ultimately derives from; "
                "reports of one origin count once.",
            },
            "agreement": {
                "enum": [*agreements, None],
                "description": "The claim's agreement with its independent, comparable "
                "measurements: for up-to the best one's; otherwise consistent or "
                "contradicted when they all say so, mixed when they disagree; none without "
                "any; null for a claim that is not a figure.",
            },
            "revised_by": {
                **_ID_LIST,
                "description": "Claims whose revises names this one: its claimant's later "
                "wordings of it, earliest first (by the earliest published date of their "
                "evidence's sources, else their first history entry). Empty for a claim no "
                "later one revises: the current one of its chain.",
            },
            "page": {"type": "string", "description": "Path of the claim's page in the site."},
            "site_url": {
                "type": "string",
                "format": "uri",
                "description": "Absolute address of the page; only when base_url is set.",
            },
        },
        optional=("site_url",),
    )
    corrections.schema(item)
    return _wrap("claims.json", "claims", item)


def sources_schema() -> dict[str, Any]:
    item = _record_schema(Source)
    _translations(item, "^(?:notes|title|publisher)$", "notes, title, publisher")
    revision = item["$defs"]["Revision"]
    revision["properties"]["cited_passages"] = {
        "type": "array",
        "description": "Each quote the claims cite from this source that its archived copy "
        "has, sorted, and whether this revision still has it (null: its text is missing).",
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": ["quote", "present"],
            "properties": {
                "quote": {"type": "string"},
                "present": {"type": ["boolean", "null"]},
            },
        },
    }
    revision["required"] = list(revision["properties"])
    _add(
        item,
        {
            "id": {**_ID_ITEM, "description": "The source's id: its file name without .yaml."},
            "derived_by": {**_ID_LIST, "description": "Sources derived from this one."},
            "independent_origins": {
                **_ID_LIST,
                "description": "Sources this one ultimately derives from (itself if none).",
            },
            "archived": {"type": "boolean", "description": "sources/<id>.txt exists."},
            "archive_sha256": {
                **copy.deepcopy(_NULLABLE_STRING),
                "description": "SHA-256 of the archived text as read, or null.",
            },
            "archive_page": {
                **copy.deepcopy(_NULLABLE_STRING),
                "description": "Path of the page showing the whole archived text, built only "
                "when archive_public is true and the text exists; null otherwise.",
            },
            "archive_site_url": {
                "type": "string",
                "format": "uri",
                "description": "Absolute address of the archive page; only when it is built "
                "and base_url is set.",
            },
            "cited_by": {**_ID_LIST, "description": "Claims citing this source."},
            "to_check_by": {
                **_ID_LIST,
                "description": "Claims naming this source as one still to read (to_check).",
            },
            "coverage": _COVERAGE,
            "page": {"type": "string", "description": "Path of the source's page in the site."},
            "site_url": {
                "type": "string",
                "format": "uri",
                "description": "Absolute address of the page; only when base_url is set.",
            },
        },
        optional=("site_url", "archive_site_url"),
    )
    return _wrap("sources.json", "sources", item)


_COUNT = {"type": "integer", "minimum": 0}
_RATIO = {"type": "number", "minimum": 0, "maximum": 1}
_COVERAGE = {
    "description": "How much of the archived text the claims cite, sentence by sentence "
    "(claimtrack coverage); null when the source has no archived text.",
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "additionalProperties": False,
            "required": [
                "sentences",
                "cited",
                "fully_cited",
                "partly_cited",
                "reviewed",
                "coverage",
                "cited_coverage",
            ],
            "properties": {
                "sentences": {**_COUNT, "description": "Sentences in the archived text."},
                "cited": {**_COUNT, "description": "Sentences a quote overlaps."},
                "fully_cited": {**_COUNT, "description": "Sentences the quotes cover whole."},
                "partly_cited": {**_COUNT, "description": "Sentences the quotes cover in part."},
                "reviewed": {
                    **_COUNT,
                    "description": "Uncited sentences reviewed as stating no claim "
                    "(reviewed_uncited).",
                },
                "coverage": {**_RATIO, "description": "(cited + reviewed) / sentences."},
                "cited_coverage": {**_RATIO, "description": "cited / sentences."},
            },
        },
    ],
}
