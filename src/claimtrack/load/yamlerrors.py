"""A YAML parser's error as a problem where the user would look for it.

libyaml names the place where it gave up, which is often not the mistake: a
tab in the indentation, nesting that libyaml stops at 1,000 levels deep while
we refuse 64, a quote never closed (libyaml reads on to the next quote mark,
lines below), a ': ' inside an unquoted value, a key or a list item indented
unlike its siblings.  These helpers find the place and the words; anything
they do not recognise keeps libyaml's own message.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from ..codes import Code
from ..layout import line_column
from ..problems import Problem, report
from .nodes import NodeLoader, Pos, node_position
from .yamlmistakes import FINDERS, Failure, Mistake

# Collections nested deeper than this are refused (too-deep): no record needs
# more than a few levels, and unbounded nesting would exhaust Python's stack in
# every recursive walk of the data downstream.
MAX_DEPTH = 64

_LEADING_TAB = re.compile(r"^ *\t", re.MULTILINE)


def too_deep(relpath: str, pos: Pos) -> Problem:
    return report(
        relpath,
        pos,
        Code.TOO_DEEP,
        f"lists and mappings are nested more than {MAX_DEPTH} levels deep",
        "a record needs only a few levels; flatten the value",
    )


def _deep_event(text: str) -> Pos | None:
    """Where collections first nest deeper than MAX_DEPTH, by the event stream.

    Iterative, for text that libyaml would not compose: it stops at its own
    limit of 1,000 levels, with a position far past ours.  Give it the text
    only up to that point: inside a long ``[[[[`` libyaml looks ahead for a
    possible key and would fail before handing out a single event.
    """
    loader = NodeLoader(text)
    depth = 0
    try:
        while loader.check_event():
            event: Any = loader.get_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return node_position(event)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return None


def _within(text: str, pos: Pos) -> Pos:
    """``pos`` moved onto the last line when libyaml names the line after the end."""
    lines = text.split("\n")
    count = len(lines) - 1 if text.endswith("\n") else len(lines)
    if count and pos[0] > count:
        return (count, len(lines[count - 1]) + 1)
    return pos


def _line_offset(text: str, line: int) -> int:
    offset = 0
    for _ in range(line):
        nxt = text.find("\n", offset)
        if nxt < 0:
            return len(text)
        offset = nxt + 1
    return offset


def mistake(exc: yaml.MarkedYAMLError, text: str) -> Mistake | None:
    """The common mistake behind ``exc`` (libyaml's error reading ``text``), said where it
    starts (load/yamlmistakes.py); None when no finder recognises it."""
    at = exc.problem_mark or exc.context_mark
    if at is None:
        return None
    failure = Failure(
        exc.problem or "",
        exc.context or "",
        at,
        exc.context_mark,
        [line.rstrip("\r") for line in text.split("\n")],
        _tokens_before(text, (at.line, at.column)),
    )
    return next((found for finder in FINDERS if (found := finder(failure))), None)


def _tokens_before(text: str, stop: tuple[int, int]) -> list[Any]:
    """The tokens that start before ``stop`` (0-based line and column), as far as the
    scanner reads: the parser's error may come after tokens it could still scan.  Only a
    file that failed to parse is read again so."""
    loader = NodeLoader(text)
    found: list[Any] = []
    try:
        while loader.check_token():
            token: Any = loader.get_token()
            if (token.start_mark.line, token.start_mark.column) >= stop:
                break
            found.append(token)
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return found


def syntax_problem(exc: yaml.YAMLError, text: str, relpath: str) -> Problem:
    if isinstance(exc, yaml.reader.ReaderError) and isinstance(exc.character, int):
        # The reader stops at the first character YAML refuses; its own
        # position is a byte count, so the character is looked up instead.
        at = text.find(chr(exc.character))
        return report(
            relpath,
            line_column(text, at) if at >= 0 else (1, 1),
            Code.INVALID_CHARACTER,
            f"character U+{exc.character:04X} is not allowed in a YAML file",
            "remove it",
        )
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if "maximum nesting depth" in str(exc) and mark is not None:
        return too_deep(
            relpath, _deep_event(text[: mark.index]) or (mark.line + 1, mark.column + 1)
        )
    pos = _within(text, (mark.line + 1, mark.column + 1)) if mark is not None else (1, 1)
    tab = _LEADING_TAB.search(text)
    if tab is not None and tab.start() <= _line_offset(text, pos[0]):
        return report(
            relpath,
            line_column(text, tab.end() - 1),  # the tab itself
            Code.TAB_INDENT,
            "tab character in indentation",
            "indent with spaces",
        )
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if "expected a single document" in str(exc):
        return report(
            relpath,
            pos,
            Code.MULTIPLE_DOCUMENTS,
            "a file holds exactly one YAML document",
            "remove the '---' separator",
        )
    if isinstance(exc, yaml.MarkedYAMLError):
        found = mistake(exc, text)
        if found is not None:
            return report(relpath, found.pos, Code.YAML_SYNTAX, found.message, found.hint)
    return report(relpath, pos, Code.YAML_SYNTAX, f"YAML syntax error: {problem}")
