"""Problems as data: every rule yields these, output formats only read them.

Codes and their severities are in the registry, codes.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from itertools import compress, repeat
from operator import attrgetter, is_, is_not

from .codes import CODES, Code, Severity

# What must not reach a terminal raw: C0 controls and DEL, C1 controls (ESC
# sequences rewrite the screen, a newline splits a diagnostic), the bidi
# embedding, override and isolate controls (they reorder the rest of the line),
# the Unicode line separators, and lone surrogates (os.fsdecode's stand-ins for
# bytes that are not UTF-8, which no output encoding accepts).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape of the byte code - 0xDC00
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` safe to print: each unsafe character as a Python-style escape (``\\xff``).

    The one place where names from the file system (and messages quoting
    them) become output: text and JSON formats, the serve banner, the
    command line's messages.  Backslashes are left alone, so text that is
    already safe is unchanged.
    """
    return _UNSAFE.sub(_escape, text)


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    # Field order is the sort order: path, then line, then column.
    path: str
    line: int
    column: int
    severity: Severity
    code: Code
    message: str
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def is_warning(self) -> bool:
        return self.severity is Severity.WARNING

    def format(self) -> str:
        text = self.message if self.hint is None else f"{self.message}; {self.hint}"
        return printable(
            f"{self.path}:{self.line}:{self.column}: {self.severity}: {text} [{self.code}]"
        )

    def to_json(self) -> dict[str, object]:
        """The problem as JSON data, its text escaped exactly as :meth:`format` does."""
        data = asdict(self)
        data["severity"] = str(self.severity)
        for name in ("path", "message", "hint"):
            if data[name] is not None:
                data[name] = printable(data[name])
        return data


def a_or_an(word: str) -> str:
    """``word`` after its indefinite article, as a message says it: "an omission", "a
    figure" (by its first letter: the words messages name are claims' kinds and the like,
    none a "unit" or an "hour")."""
    return f"{'an' if word[:1].lower() in ('a', 'e', 'i', 'o', 'u') else 'a'} {word}"


def report(
    path: str, pos: tuple[int, int], code: Code, message: str, hint: str | None = None
) -> Problem:
    """A problem at ``path``:line:column, with the severity the registry gives its code."""
    return Problem(path, pos[0], pos[1], CODES[code].severity, code, message, hint)


# The order Problem's fields give (order=True), as a tuple: compared in C, where the
# dataclass's own __lt__ builds two tuples in Python for each comparison (10,000
# problems: a sixth of a check after an edit).
_ORDER = attrgetter("path", "line", "column", "severity", "code", "message", "hint")


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    # Once each: by the tuple of the fields, which is what Problem's equality compares
    # (hashed in C, where set() would call the dataclass's __hash__ for each).
    once = {_ORDER(p): p for p in problems}
    return [once[key] for key in sorted(once)]


_SEVERITY = attrgetter("severity")


def split_errors(problems: list[Problem]) -> tuple[list[Problem], list[Problem]]:
    """The errors, and the rest (warnings and info), each in its order, split in C (map,
    compress): a build under serve splits some 15,000 problems at each edit in three
    languages, where a Python loop over ``is_error`` (twice) took 7 ms under cProfile."""
    errors = list(compress(problems, map(is_, map(_SEVERITY, problems), repeat(Severity.ERROR))))
    if not errors:
        return errors, list(problems)
    rest = compress(problems, map(is_not, map(_SEVERITY, problems), repeat(Severity.ERROR)))
    return errors, list(rest)


def fails(problems: Iterable[Problem], strict: bool) -> bool:
    """True when these problems must fail a run: any error, or any warning under --strict.
    An ``info`` item (the worklist's advice) never fails one."""
    return any(p.is_error or (strict and p.is_warning) for p in problems)


def format_text(problems: list[Problem]) -> str:
    lines = [p.format() for p in problems]
    # Errors and warnings only: an info item (the worklist's) is advice, not a problem.
    errors = sum(p.is_error for p in problems)
    warnings = sum(p.is_warning for p in problems)
    lines.append(f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}")
    return "\n".join(lines)


def format_json(problems: list[Problem]) -> str:
    return json.dumps([p.to_json() for p in problems], ensure_ascii=False, indent=2)


# `--format github`: GitHub Actions' workflow commands, ruff's and pylint's convention, which
# the runner shows as annotations on the file.  An info item (the worklist's) is a notice.
_GITHUB = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
# What the runner undoes (actions/runner, ActionCommand.cs): in the message %, CR and LF;
# in a property also the , between properties and the : that ends them.  All at once
# (str.translate), so that no escape is escaped again.
_DATA = str.maketrans({"%": "%25", "\r": "%0D", "\n": "%0A"})
_PROPERTY = str.maketrans({"%": "%25", "\r": "%0D", "\n": "%0A", ",": "%2C", ":": "%3A"})


def github_command(problem: Problem) -> str:
    """``::warning file=PATH,line=L,col=C,title=CODE::message; hint``, on one line.

    A line break in the message is kept (as %0A: the annotation shows it); every other
    unsafe character is escaped as :func:`printable` does, as the log is a terminal too
    (it draws ANSI colours)."""
    p = problem
    text = p.message if p.hint is None else f"{p.message}; {p.hint}"
    properties = (("file", p.path), ("line", p.line), ("col", p.column), ("title", p.code))
    where = ",".join(
        f"{key}={printable(str(value).translate(_PROPERTY))}" for key, value in properties
    )
    return f"::{_GITHUB[p.severity]} {where}::{printable(text.translate(_DATA))}"


def format_github(problems: Iterable[Problem]) -> str:
    """One workflow command a line; no count (the step's exit status says whether it failed)."""
    return "\n".join(github_command(p) for p in problems)
