"""What a place of a record holds, by its data path: an id of a source or a claim, a
quote, a revision of a source, a topic, a language tag, or one of an enumeration's values.

The enumerations are read from the record models themselves (the type pydantic holds
for the field at that path), so a status or a kind added to records/vocabulary.py is
completed with no change here.  Which fields name sources and claims is the models'
own naming (their descriptions say "Id of a source", "Ids of related claims", "Id of the
claim this one revises").
"""

from __future__ import annotations

import types as pytypes
from enum import Enum, StrEnum
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from ...records import Claim, Source
from ...records.settings import TrackerSettings
from .locate import Path, Spot

MODELS: dict[str, type[BaseModel]] = {"claim": Claim, "source": Source, "settings": TrackerSettings}


class Role(StrEnum):
    SOURCE_ID = "source id"
    CLAIM_ID = "claim id"
    QUOTE = "quote"
    REVISION = "revision"  # the key of a revision of the source beside it
    TOPIC = "topic"
    LANGUAGE = "language"
    CHOICE = "choice"  # a value of an enumeration: choices() names them
    OTHER = "other"


def role(spot: Spot) -> Role:
    """What the value (or the key) under the cursor is."""
    if spot.record is None or spot.in_comment:
        return Role.OTHER
    path = spot.path
    if spot.on_key:
        # A key directly under a `translations` field: a language tag.
        return Role.LANGUAGE if len(path) >= 2 and path[-2] == "translations" else Role.OTHER
    if path[-1:] == ("translations",):
        return Role.LANGUAGE  # a word alone under `translations:` is a key being typed
    named = [p for p in path if isinstance(p, str)]
    last = named[-1] if named else None
    item = bool(path) and isinstance(path[-1], int)
    if spot.record == "claim":
        if last == "source" and "evidence" in named:
            return Role.SOURCE_ID
        if item and last == "evidence" and named[:1] == ["history"]:
            return Role.SOURCE_ID  # a history entry's plain source id
        if item and last == "to_check":
            return Role.SOURCE_ID
        if item and last == "related" and len(path) == 2:
            return Role.CLAIM_ID
        if path == ("revises",):  # the claim this one revises
            return Role.CLAIM_ID
        if last == "quote" and "evidence" in named:
            return Role.QUOTE
        if last == "revision" and "evidence" in named:
            return Role.REVISION
        if item and path[:1] == ("topics",):
            return Role.TOPIC
    if spot.record == "source" and item and path[:1] == ("derived_from",):
        return Role.SOURCE_ID
    if path == ("language",) and spot.record in ("source", "settings"):
        return Role.LANGUAGE
    return Role.CHOICE if choices(spot.record, path) else Role.OTHER


def choices(record: str | None, path: Path) -> list[Enum]:
    """The enumeration's values the field at ``path`` takes; empty when it is no
    enumeration (or the path is no field of the record)."""
    model = MODELS.get(record or "")
    if model is None:
        return []
    found = _value_type(model, path)
    if isinstance(found, type) and issubclass(found, Enum):
        return list(found)
    return []


def _value_type(model: Any, path: Path) -> Any:
    """The type of the value at ``path`` in ``model``, through lists, mappings, optional
    values and the history's two shapes of evidence; None when there is none."""
    current: Any = model
    for part in path:
        current = _step(current, part)
        if current is None:
            return None
    return _scalar(current)


def _branches(tp: Any) -> list[Any]:
    """The alternatives of a type, Annotated and None taken off."""
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    if get_origin(tp) in (Union, pytypes.UnionType):
        out: list[Any] = []
        for arg in get_args(tp):
            if arg is not type(None):
                out += _branches(arg)
        return out
    return [tp]


def _step(tp: Any, part: str | int) -> Any:
    for branch in _branches(tp):
        origin = get_origin(branch)
        if isinstance(part, int) and origin is list:
            return get_args(branch)[0]
        if isinstance(part, str) and origin is dict:
            return get_args(branch)[1]
        if isinstance(part, str) and isinstance(branch, type) and issubclass(branch, BaseModel):
            field = branch.model_fields.get(part)
            if field is not None:
                return field.annotation
    return None


def _scalar(tp: Any) -> Any:
    """Of a value's alternatives, the one a scalar can be (an enumeration first)."""
    branches = _branches(tp)
    for branch in branches:
        if isinstance(branch, type) and issubclass(branch, Enum):
            return branch
    return branches[0] if branches else None
