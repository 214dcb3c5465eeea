"""Pydantic's validation errors as problems at the YAML positions they concern."""

from __future__ import annotations

import difflib
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from ..problems import Problem, error
from ..textrules import VISIBLE_PATTERN
from .yamlsource import Positions


def suggest(name: str, choices: object) -> str | None:
    """A 'did you mean' hint for a mistyped name, or None."""
    names = sorted(str(c) for c in choices)  # type: ignore[attr-defined]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None


def _describe(loc: tuple[str | int, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _model_for(model: type[BaseModel], loc: tuple[str | int, ...]) -> type[BaseModel] | None:
    """The nested model class that owns the last key of ``loc``."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        info = current.model_fields.get(part) if hasattr(current, "model_fields") else None
        if info is None:
            return None
        ann = info.annotation
        for arg in (*getattr(ann, "__args__", ()), ann):
            inner = getattr(arg, "__args__", (arg,))[0] if getattr(arg, "__args__", None) else arg
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                current = inner
                break
        else:
            return None
    return current if isinstance(current, type) else None


def validation_problems(
    exc: ValidationError, model: type[BaseModel], rel: str, positions: Positions
) -> list[Problem]:
    """Turn pydantic's errors into problems at the YAML positions they concern."""
    problems = []
    for err in exc.errors(include_url=False):
        loc = tuple(err["loc"])
        kind = err["type"]
        where = _describe(loc)
        if kind == "extra_forbidden":
            owner = _model_for(model, loc)
            hint = suggest(str(loc[-1]), owner.model_fields) if owner else None
            problems.append(
                error(rel, positions.key(loc), "unknown-field", f"unknown field {where!r}", hint)
            )
        elif kind == "missing":
            problems.append(
                error(
                    rel,
                    positions.value(loc[:-1]),
                    "missing-field",
                    f"missing required field {where!r}",
                )
            )
        elif kind == "string_pattern_mismatch" and err["ctx"]["pattern"] == VISIBLE_PATTERN:
            problems.append(
                error(
                    rel,
                    positions.value(loc),
                    "empty-value",
                    f"{where} is empty: a value is required",
                    "it holds only white space or invisible characters" if err["input"] else None,
                )
            )
        elif err.get("input", ...) is None:
            # An empty value (`statement:`) is what a fresh skeleton holds: say
            # that it is empty, not that None is the wrong type.
            choices = re.findall(r"'([^']+)'", err.get("ctx", {}).get("expected", ""))
            problems.append(
                error(
                    rel,
                    positions.value(loc),
                    "empty-value",
                    f"{where} is empty: a value is required",
                    f"one of {', '.join(choices)}" if choices else None,
                )
            )
        elif kind == "enum":
            expected = err.get("ctx", {}).get("expected", "")
            value = str(err.get("input"))
            choices = re.findall(r"'([^']+)'", expected)
            problems.append(
                error(
                    rel,
                    positions.value(loc),
                    "invalid-choice",
                    f"{where}: {value!r} is not one of {', '.join(choices)}",
                    suggest(value, choices),
                )
            )
        else:
            code = (
                "wrong-type"
                if kind.endswith("_type") or kind.endswith("_parsing")
                else "invalid-value"
            )
            if kind == "iso_date":
                code, msg = "invalid-date", err["msg"]
            elif kind == "string_pattern_mismatch":
                code, msg = "invalid-format", _pattern_message(loc)
            else:
                msg = err["msg"][0].lower() + err["msg"][1:]
            problems.append(error(rel, positions.value(loc), code, f"{where}: {msg}"))
    return problems


def _pattern_message(loc: tuple[str | int, ...]) -> str:
    last = next((p for p in reversed(loc) if isinstance(p, str)), "")
    if last == "language":
        return "expected a BCP 47 language tag such as en, zh-Hant or fr"
    if last == "sha256":
        return "expected 64 lowercase hexadecimal digits"
    return "expected an id of lowercase letters, digits and single hyphens"
