"""Problems as data: every rule yields these, output formats only read them."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    # Field order is the sort order: path, then line, then column.
    path: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def format(self) -> str:
        text = self.message if self.hint is None else f"{self.message}; {self.hint}"
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {text} [{self.code}]"

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["severity"] = str(self.severity)
        return data


def error(
    path: str, pos: tuple[int, int], code: str, message: str, hint: str | None = None
) -> Problem:
    return Problem(path, pos[0], pos[1], Severity.ERROR, code, message, hint)


def warning(
    path: str, pos: tuple[int, int], code: str, message: str, hint: str | None = None
) -> Problem:
    return Problem(path, pos[0], pos[1], Severity.WARNING, code, message, hint)


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    return sorted(set(problems))


def fails(problems: Iterable[Problem], strict: bool) -> bool:
    """True when these problems must fail a run: any error, or any warning under --strict."""
    return any(p.is_error or strict for p in problems)


def format_text(problems: list[Problem]) -> str:
    lines = [p.format() for p in problems]
    errors = sum(p.is_error for p in problems)
    warnings = len(problems) - errors
    lines.append(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    return "\n".join(lines)


def format_json(problems: list[Problem]) -> str:
    return json.dumps([p.to_json() for p in problems], ensure_ascii=False, indent=2)
