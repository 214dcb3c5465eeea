"""The common mistakes behind a YAML syntax error, said where they start.

libyaml stops where the text stops making sense, which is seldom where the editor went
wrong: a quote never closed is reported lines below, wherever the next quote mark left
the reading; a ': ' inside an unquoted value at that colon, in words about "mapping
values".  Each finder here recognises one mistake from libyaml's error, the tokens read
before it and the lines around it (a ``Failure``, made by yamlerrors.mistake), and says
it at its start with what to do, or returns None; when none does, the caller keeps
libyaml's own message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import yaml


class Mistake(NamedTuple):
    pos: tuple[int, int]  # 1-based line and column
    message: str
    hint: str


# A line that begins a field or a list item: inside a quoted value, the sign that its
# quote was not closed where the editor meant it to be.
_FIELD = re.compile(r"\s*(?:-(?:\s|$)|(?:-\s+)?[\w-]+:(?:\s|$))")
# The key that begins a line of a mapping, after a list item's '- ' (group 1: what comes
# before the key, so that its length is the key's column).
_KEY = re.compile(r"(\s*(?:-\s+)?)([\w.-]+|\"[^\"]*\"|'[^']*'):(?:[ \t]|$)")
# A key glued to its value ("kind:fact"), which YAML reads as one word of text.
_GLUED = re.compile(r"(\s*(?:-\s+)?)([\w-]+):(?=[^\s:])")
# A line opening a block scalar ("key: |", "key: >-").
_BLOCK = re.compile(r"(\s*(?:-\s+)?)([\w.-]+):\s+[|>][-+0-9]*\s*(?:#.*)?$")
_QUOTED = ("'", '"')
_CLOSERS = {"[": ("]", "list"), "{": ("}", "mapping")}
_MAPPING_VALUES = "mapping values are not allowed in this context"
_QUOTE = "quote the value"


@dataclass(frozen=True)
class Failure:
    """libyaml's error, the lines of the text and the tokens read before the error."""

    problem: str
    context: str
    at: Any  # the error's mark (else its context's)
    context_at: Any
    lines: list[str]
    tokens: list[Any]


Finder = Callable[[Failure], Mistake | None]


def _at(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _char(lines: list[str], mark: Any) -> str:
    line = lines[mark.line] if mark.line < len(lines) else ""
    return line[mark.column] if mark.column < len(line) else ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _previous(lines: list[str], n: int) -> int | None:
    """The line above line ``n`` (0-based) that holds more than a comment."""
    for k in range(n - 1, -1, -1):
        stripped = lines[k].strip()
        if stripped and not stripped.startswith("#"):
            return k
    return None


def _quoted(value: str) -> str:
    """``value`` as a quoted YAML scalar, the plainest way that holds it."""
    if '"' not in value and "\\" not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _spaces(n: int) -> str:
    return f"{n} space" if n == 1 else f"{n} spaces"


def never_closed_quote(f: Failure) -> Mistake | None:
    """A quote not closed on its line: libyaml reads on to the next quote mark, lines
    below (so the lines between look like fields), or to the end of the file."""
    for token in f.tokens:
        start, end = token.start_mark, token.end_mark
        if getattr(token, "style", None) not in _QUOTED or end.line == start.line:
            continue
        inside = [*f.lines[start.line + 1 : end.line], f.lines[end.line][: end.column - 1]]
        after = f.lines[end.line][end.column :].strip()
        # The quote that closed it was meant to open another value: text follows it.
        if after and not after.startswith("#") and any(_FIELD.match(line) for line in inside):
            q = token.style
            return Mistake(
                _at(start),
                "this quote is never closed",
                f"end the value with {q} on its line; YAML read on to the {q} on line "
                f"{end.line + 1}, taking the lines between into the value",
            )
    mark = f.context_at
    if f.context == "while scanning a quoted scalar" and mark is not None:
        q = _char(f.lines, mark)
        return Mistake(
            _at(mark),
            "this quote is never closed",
            f"end the value with {q}; YAML read to the end of the file looking for it",
        )
    return None


def text_after_closing(f: Failure) -> Mistake | None:
    """Text after a quoted value's closing quote, or after the ']' or '}' of a value that
    begins with '[' or '{': a quote mark inside the value, or a value only partly quoted."""
    mark = f.at
    if not f.tokens:
        return None
    last = f.tokens[-1]
    end = last.end_mark
    between = f.lines[mark.line][end.column : mark.column] if end.line == mark.line else "x"
    if between.strip() or _char(f.lines, mark) in ("", "#"):
        return None
    if getattr(last, "style", None) in _QUOTED:
        q = last.style
        inner = (
            "a ' inside '...' is written twice (''); or quote the whole value with \"...\""
            if q == "'"
            else 'a " inside "..." is written \\"; or quote the whole value with \'...\''
        )
        return Mistake(
            (end.line + 1, end.column), f"text after the closing {q} of a quoted value", inner
        )
    if isinstance(last, (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)):
        opened = _opener(f.tokens)
        if opened is None:
            return None
        kind = "list" if isinstance(last, yaml.FlowSequenceEndToken) else "mapping"
        return Mistake(
            _at(opened.start_mark),
            f"a value that begins with '{_char(f.lines, opened.start_mark)}' is a {kind}, "
            f"ending at column {end.column}, and text follows it",
            "quote the value if the brackets are part of its text",
        )
    return None


def _opener(tokens: list[Any]) -> Any | None:
    """The '[' or '{' token that the last token (a ']' or '}') closes."""
    depth = 0
    for token in reversed(tokens):
        if isinstance(token, (yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken)):
            depth += 1
        elif isinstance(token, (yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken)):
            depth -= 1
            if depth == 0:
                return token
    return None


def unclosed_bracket(f: Failure) -> Mistake | None:
    """A '[' or '{' not closed on its line, where libyaml gave up on a later line."""
    mark = f.context_at
    opener = _char(f.lines, mark) if mark is not None and mark.line < f.at.line else ""
    if not f.context.startswith("while parsing a flow") or opener not in _CLOSERS:
        return None
    closer, kind = _CLOSERS[opener]
    return Mistake(
        _at(mark),
        f"this '{opener}' is never closed",
        f"end the {kind} with '{closer}', or quote the value if the '{opener}' is part of its text",
    )


def colon_in_value(f: Failure) -> Mistake | None:
    """``statement: Speed: 8x``: the second ': ' would begin a mapping inside the value."""
    mark = f.at
    if f.problem != _MAPPING_VALUES:
        return None
    line = f.lines[mark.line]
    key = _KEY.match(line)
    if key is None or key.end() > mark.column:
        return None
    start = len(line) - len(line[key.end() :].lstrip())
    value = re.sub(r"\s+#.*$", "", line[start:]).rstrip()
    return Mistake(
        (mark.line + 1, start + 1),
        "a ': ' inside an unquoted value starts a mapping",
        f"quote the value: {key.group(2)}: {_quoted(value)}",
    )


def _glued(line: str) -> tuple[int, str, str] | None:
    """A line whose key is glued to its value: the colon's column (1-based), the key and
    the value; None when the line has a ': ' of its own."""
    found = _GLUED.match(line)
    if found is None or _KEY.match(line) is not None:
        return None
    return found.end(), found.group(2), line[found.end() :].strip()


def no_space_after_colon(f: Failure) -> Mistake | None:
    """``kind:fact``: with no space after its colon, the line is one word of text.  libyaml
    says so at the next line ("could not find expected ':'"), or at the next key's colon
    when the word has become the first line of a value."""
    if f.context == "while scanning a simple key" and f.context_at is not None:
        n = f.context_at.line
    elif f.problem == _MAPPING_VALUES and (above := _previous(f.lines, f.at.line)) is not None:
        n = above
    else:
        return None
    if (glued := _glued(f.lines[n])) is None:
        return None
    column, key, value = glued
    return Mistake(
        (n + 1, column),
        f"no space after the ':' of '{key}', so YAML reads the line as text, not a key "
        "and its value",
        f"write {key}: {value}",
    )


def not_a_key(f: Failure) -> Mistake | None:
    """A line among the keys of a mapping with no ': ' at all: the text of a '|' or '>'
    block written no deeper than its key, or a key without its colon."""
    mark = f.context_at
    if f.context != "while scanning a simple key" or mark is None:
        return None
    above = _previous(f.lines, mark.line)
    opened = _BLOCK.match(f.lines[above]) if above is not None else None
    if opened is not None and mark.column <= len(opened.group(1)):
        return Mistake(
            _at(mark),
            f"the text of the block that '{opened.group(2)}' opens is not indented under it",
            f"indent its lines by more than {_spaces(len(opened.group(1)))}",
        )
    if ":" in f.lines[mark.line][mark.column :]:
        return None
    return Mistake(
        _at(mark),
        "this line has no ':' after its key",
        "write key: value; a line that goes on with the value above is indented more "
        "than that value's key",
    )


def _keys_above(lines: list[str], n: int) -> list[tuple[int, str]]:
    """The keys above line ``n`` that a line there could belong with, nearest first: the
    key of the line above, then each key less indented than the last (column, name)."""
    found: list[tuple[int, str]] = []
    k = _previous(lines, n)
    while k is not None:
        key = _KEY.match(lines[k])
        if key is not None and (not found or len(key.group(1)) < found[-1][0]):
            found.append((len(key.group(1)), key.group(2)))
            if not found[-1][0]:
                break
        k = _previous(lines, k)
    return found


def indented_more(f: Failure) -> Mistake | None:
    """A key indented more than the key above it: libyaml reads it as going on with that
    key's value, and stops at its colon."""
    mark = f.at
    if f.problem != _MAPPING_VALUES:
        return None
    key = _KEY.match(f.lines[mark.line])
    above = _previous(f.lines, mark.line)
    if key is None or above is None or key.end() <= mark.column:
        return None
    sibling = _KEY.match(f.lines[above])
    column = len(key.group(1))
    if sibling is None or len(sibling.group(1)) >= column:
        return None
    return Mistake(
        (mark.line + 1, column + 1),
        f"'{key.group(2)}' is indented {_spaces(column)}, more than '{sibling.group(2)}' "
        f"on the line above ({len(sibling.group(1))})",
        f"line it up with '{sibling.group(2)}'; if the line goes on with the value above, "
        "quote that value",
    )


def misindented(f: Failure) -> Mistake | None:
    """A key or a list item at the start of its line, where libyaml expected a key (or a
    list item) at another indentation."""
    mark = f.at
    if f.problem not in ("did not find expected key", "did not find expected '-' indicator"):
        return None
    line = f.lines[mark.line] if mark.line < len(f.lines) else ""
    if mark.column != _indent(line) or not line.strip():
        return None
    column = mark.column
    if re.match(r"-(\s|$)", line[column:]):
        items = (k for k in range(mark.line - 1, -1, -1) if re.match(r"\s*-(\s|$)", f.lines[k]))
        k = next(items, None)
        if k is not None and _indent(f.lines[k]) != column:
            return Mistake(
                _at(mark),
                f"this list item is indented {_spaces(column)}, and the one on line "
                f"{k + 1} {_spaces(_indent(f.lines[k]))}",
                "line its '-' up with the other items of its list",
            )
        return Mistake(
            _at(mark),
            "a list item among the keys of a mapping",
            "put it under the key of its list, lined up with the list's other items",
        )
    key = _KEY.match(line)
    if key is None:
        return _text_indented_less(f.lines, mark)
    above = _keys_above(f.lines, mark.line)
    deeper = [kv for kv in above if kv[0] > column][-1:]
    shallower = [kv for kv in above if kv[0] < column][:1]
    choices = " or ".join(f"'{name}' ({_spaces(at)})" for at, name in deeper + shallower)
    if not choices:
        return None
    return Mistake(
        _at(mark),
        f"'{key.group(2)}' is indented {_spaces(column)}, in line with no key above it",
        f"line it up with {choices}",
    )


def _text_indented_less(lines: list[str], mark: Any) -> Mistake | None:
    """A line of text (no key) indented less than the text above it, which it goes on with."""
    above = _previous(lines, mark.line)
    if above is None or _KEY.match(lines[above]) or _indent(lines[above]) <= mark.column:
        return None
    return Mistake(
        _at(mark),
        f"this line of text is indented {_spaces(mark.column)}, less than the text above it",
        f"indent it {_spaces(_indent(lines[above]))}, as the line above is",
    )


def reserved_start(f: Failure) -> Mistake | None:
    """A plain value that begins with a character YAML keeps for itself."""
    mark = f.context_at
    if f.context in ("while scanning an alias", "while scanning an anchor") and mark:
        what = f.context.rsplit(" ", 1)[-1]
        ch = _char(f.lines, mark)
        return Mistake(_at(mark), f"a value that begins with '{ch}' is read as an {what}", _QUOTE)
    ch = _char(f.lines, f.at)
    if f.problem == "found character that cannot start any token" and ch in ("@", "`"):
        return Mistake(_at(f.at), f"a value cannot begin with '{ch}' unquoted", _QUOTE)
    return None


def list_on_key_line(f: Failure) -> Mistake | None:
    """``topics: - speed``: a list item on the line of its key."""
    mark = f.at
    if f.problem != "block sequence entries are not allowed in this context" or not (
        f.lines[mark.line][: mark.column].strip()
    ):
        return None
    return Mistake(
        _at(mark),
        "a list cannot begin on the line of its key",
        "put each '- ' item on a line of its own, indented under the key, or write the "
        "list as [a, b]; quote the value if the '-' is part of its text",
    )


# In order: a quote never closed first, since everything after it is read askew.
FINDERS: tuple[Finder, ...] = (
    never_closed_quote,
    text_after_closing,
    unclosed_bracket,
    no_space_after_colon,
    colon_in_value,
    indented_more,
    not_a_key,
    misindented,
    reserved_start,
    list_on_key_line,
)
