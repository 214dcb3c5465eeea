"""Pydantic's validation errors as problems at the YAML positions they concern."""

from __future__ import annotations

import difflib
from enum import Enum
from types import UnionType
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from ..codes import Code
from ..problems import Problem, report
from ..records import QUOTE_TAG, SOURCE_TAG
from ..records.translations import ENTRY_KEY_PATTERN, FINGERPRINT_LENGTH, FINGERPRINT_PATTERN
from ..records.values import ID_PATTERN, LANG_PATTERN, SHA256_PATTERN
from ..textrules import VISIBLE_PATTERN
from .nodes import Positions

_UNION_TAGS = frozenset({SOURCE_TAG, QUOTE_TAG})


def close_names(name: str, choices: object, n: int = 1) -> list[str]:
    """The ``n`` names of ``choices`` closest to a mistyped ``name``, closest first (the
    hint's and the editor's quick fixes' one rule)."""
    names = sorted(str(c) for c in choices)  # type: ignore[attr-defined]
    return difflib.get_close_matches(name, names, n=n, cutoff=0.6)


def suggest(name: str, choices: object) -> str | None:
    """A 'did you mean' hint for a mistyped name, or None."""
    close = close_names(name, choices)
    return f"did you mean {close[0]!r}?" if close else None


def describe_path(loc: tuple[str | int, ...]) -> str:
    """A data path as the messages name it: ``evidence[1].translations.fr.made_from``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _unwrap(annotation: Any) -> Any:
    """The class inside Optional[...], Annotated[...] and list[...] annotations."""
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (UnionType, Union):
            args = [a for a in get_args(annotation) if a is not type(None)]
            if len(args) != 1:
                # A record id or a quote (records.HistoryEvidence): the model, for hints.
                models = [m for a in args if _is_model(m := _unwrap(a))]
                return models[0] if len(models) == 1 else annotation
            annotation = args[0]
        elif origin is list:
            annotation = get_args(annotation)[0]
        else:
            return annotation


def _is_model(found: Any) -> bool:
    return isinstance(found, type) and issubclass(found, BaseModel)


def _type_at(model: type[BaseModel], loc: tuple[str | int, ...]) -> Any:
    """The type of the value at ``loc`` in ``model`` (models, lists and optionals followed)."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue  # an item of a list: its type is the list's, already unwrapped
        if get_origin(current) is dict:  # a key of the user's own (a language tag)
            current = _unwrap(get_args(current)[1])
            continue
        fields = getattr(current, "model_fields", None)
        if not isinstance(current, type) or fields is None or part not in fields:
            return None
        current = _unwrap(fields[part].annotation)
    return current


def _choices(model: type[BaseModel], loc: tuple[str | int, ...]) -> list[str]:
    """The allowed values at ``loc`` when it is a choice (an enum), else []."""
    found = _type_at(model, loc)
    if isinstance(found, type) and issubclass(found, Enum):
        return [str(member.value) for member in found]
    return []


# Our own words for pydantic's type errors.  Errors our validators raise
# (records/values.py) carry our own message already; any other keeps pydantic's.
_EXPECTED = {
    "string_type": "expected text",
    "list_type": "expected a list",
    "model_type": "expected a mapping of fields",
    "dict_type": "expected a mapping of fields",
    "model_attributes_type": "expected a mapping of fields",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
}


def _without_tags(loc: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """``loc`` without the tags of a discriminated union (records.HistoryEvidence).

    Pydantic puts a tag right after the list index of the item; a key of the
    user's own may read the same ("<quote>", "<<"), so only that place counts.
    """
    return tuple(
        part
        for i, part in enumerate(loc)
        if not (part in _UNION_TAGS and i and isinstance(loc[i - 1], int))
    )


def validation_problems(
    exc: ValidationError, model: type[BaseModel], rel: str, positions: Positions
) -> list[Problem]:
    """Turn pydantic's errors into problems at the YAML positions they concern.

    Everything is read from the errors' structured parts (type, location,
    input, context) and from the model itself, never from pydantic's wording.
    """
    problems = []
    for err in exc.errors(include_url=False):
        loc = _without_tags(err["loc"])
        kind = err["type"]
        if loc[-1:] == (_KEY,):
            problems.append(_key_problem(err, loc[:-1], rel, positions))
            continue
        where = describe_path(loc)
        if kind == "extra_forbidden":
            owner = _type_at(model, loc[:-1])
            fields = getattr(owner, "model_fields", None)
            hint = suggest(str(loc[-1]), fields) if fields else None
            problems.append(
                report(
                    rel, positions.key(loc), Code.UNKNOWN_FIELD, f"unknown field {where!r}", hint
                )
            )
        elif kind == "missing":
            problems.append(
                report(
                    rel,
                    positions.value(loc[:-1]),
                    Code.MISSING_FIELD,
                    f"missing required field {where!r}",
                )
            )
        elif kind == "string_pattern_mismatch" and err["ctx"]["pattern"] == VISIBLE_PATTERN:
            problems.append(
                report(
                    rel,
                    positions.value(loc),
                    Code.EMPTY_VALUE,
                    f"{where} is empty: a value is required",
                    "it holds only white space or invisible characters" if err["input"] else None,
                )
            )
        elif err.get("input", ...) is None:
            # An empty value (`statement:`) is what a fresh skeleton holds: say
            # that it is empty, not that None is the wrong type.
            choices = _choices(model, loc)
            problems.append(
                report(
                    rel,
                    positions.value(loc),
                    Code.EMPTY_VALUE,
                    f"{where} is empty: a value is required",
                    f"one of {', '.join(choices)}" if choices else None,
                )
            )
        elif kind == "enum":
            value = str(err.get("input"))
            choices = _choices(model, loc)
            problems.append(
                report(
                    rel,
                    positions.value(loc),
                    Code.INVALID_CHOICE,
                    f"{where}: {value!r} is not one of {', '.join(choices)}",
                    suggest(value, choices),
                )
            )
        else:
            problems.append(_other(err, loc, where, rel, positions))
    return problems


def _other(
    err: Any, loc: tuple[str | int, ...], where: str, rel: str, positions: Positions
) -> Problem:
    kind: str = err["type"]
    code = Code.WRONG_TYPE if kind.endswith(("_type", "_parsing")) else Code.INVALID_VALUE
    if kind == "iso_date":
        code, message = Code.INVALID_DATE, err["msg"]
    elif kind == "string_pattern_mismatch":
        code, message = Code.INVALID_FORMAT, _pattern_message(err["ctx"]["pattern"])
    else:
        message = _EXPECTED.get(kind) or err["msg"][0].lower() + err["msg"][1:]
    # Our own validators (records/values.py) may give a hint in the error's context.
    hint = (err.get("ctx") or {}).get("hint")
    return report(rel, positions.value(loc), code, f"{where}: {message}", hint)


# What each pattern of the records asks for, in words: chosen by the pattern itself, so
# that a key (a translation's language, a history entry's date) reads as rightly as a value.
_PATTERN_MESSAGES = {
    ID_PATTERN: "expected an id of lowercase letters, digits and single hyphens",
    LANG_PATTERN: "expected a BCP 47 language tag such as en, zh-Hant or fr",
    SHA256_PATTERN: "expected 64 lowercase hexadecimal digits",
    ENTRY_KEY_PATTERN: "expected the entry's date, YYYY-MM-DD, or DATE#2, DATE#3 for a later "
    "entry of the same date",
    FINGERPRINT_PATTERN: f"expected a fingerprint of {FINGERPRINT_LENGTH} lowercase hexadecimal "
    "digits, as `claimtrack translate --stamp` writes it",
}


# Pydantic's last location part for a mapping key that fails its type (a translation's
# language, a history entry's date) rather than the value under it.
_KEY = "[key]"


def _key_problem(err: Any, loc: tuple[str | int, ...], rel: str, positions: Positions) -> Problem:
    """A key of the user's own that is not what its mapping takes: at the key itself."""
    if err["type"] == "string_pattern_mismatch":
        code, expected = Code.INVALID_FORMAT, _pattern_message(err["ctx"]["pattern"])
    else:
        code, expected = Code.INVALID_VALUE, err["msg"][0].lower() + err["msg"][1:]
    where = f"key {loc[-1]!r} of {describe_path(loc[:-1])}"
    return report(rel, positions.key(loc), code, f"{where}: {expected}")


def _pattern_message(pattern: str) -> str:
    return _PATTERN_MESSAGES.get(pattern, f"expected text matching {pattern}")
