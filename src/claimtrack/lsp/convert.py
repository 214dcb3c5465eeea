"""Problems as the protocol's diagnostics, and positions in the client's units.

A problem points at one place (1-based line and column, in code points, as ``check``
prints it); a diagnostic needs a range: it runs from there to the end of the value or
key that starts there, so that the editor underlines the word the problem is about.
Everything inside the server is in code points; ``Units`` turns a range into the
client's units (UTF-16 for most clients) with the lines of the document it is in.
"""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from ..codes import Severity
from ..layout import editor_lines, editor_position, offset_of
from ..problems import Problem

SOURCE = "claimtrack"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,  # the worklist's items
}


def message_of(p: Problem) -> str:
    """The message as ``check`` prints it: the hint after a semicolon."""
    return p.message if p.hint is None else f"{p.message}; {p.hint}"


def _token_end(line: str, start: int) -> int:
    """Where the key or value that starts at ``start`` ends (code points)."""
    if start >= len(line):
        return len(line)
    quote = line[start]
    if quote in "\"'":
        end = line.find(quote, start + 1)
        while quote == '"' and end > 0 and line[end - 1] == "\\":
            end = line.find(quote, end + 1)
        if end > 0:
            return end + 1
    rest = line[start:]
    comment = rest.find(" #")
    if comment >= 0:
        rest = rest[:comment]
    if "[" in line[:start] or "{" in line[:start]:  # a plain item of a flow list or mapping
        ends = [i for i in (rest.find(c) for c in ",]}") if i > 0]
        rest = rest[: min(ends)] if ends else rest
    end = start + len(rest.rstrip())
    return end if end > start else len(line)


def problem_range(p: Problem, text: str) -> types.Range:
    """Where the editor underlines a problem, in the editor's lines (code points).

    The problem counts lines as check does (layout.line_column); the editor counts a lone
    CR as a line break too: the range goes through offsets, so both name the same place.
    """
    start = offset_of(text, p.line, p.column)
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end].rstrip("\r")
    column = start - line_start
    # A problem at 1:1 is often one of the whole file: its first line is underlined.
    whole = p.line == 1 and p.column == 1
    end = len(line) if whole else _token_end(line, column)
    return types.Range(_position(text, start), _position(text, line_start + max(end, column)))


def _position(text: str, offset: int) -> types.Position:
    line, column = editor_position(text, offset)
    return types.Position(line, column)


def diagnostic(p: Problem, text: str) -> types.Diagnostic:
    """The problem as a diagnostic, positions in code points."""
    return types.Diagnostic(
        range=problem_range(p, text),
        message=message_of(p),
        severity=_SEVERITY[p.severity],
        code=str(p.code),
        source=SOURCE,
    )


class Units:
    """Ranges from code points to the client's units, with each document's lines."""

    def __init__(self, codec: PositionCodec) -> None:
        self.codec = codec

    def out(self, lines: Sequence[str], r: types.Range) -> types.Range:
        return self.codec.range_to_client_units(lines, r)

    def into(self, lines: Sequence[str], position: types.Position) -> types.Position:
        found = self.codec.position_from_client_units(lines, position)
        return types.Position(found.line, found.character)

    def diagnostics(self, problems: Sequence[Problem], text: str) -> list[types.Diagnostic]:
        lines = editor_lines(text)
        found = []
        for p in problems:
            d = diagnostic(p, text)
            d.range = self.out(lines, d.range)
            found.append(d)
        return found
