"""Strict YAML 1.2 loading that remembers where every key and value stands.

PyYAML resolves scalars by YAML 1.1 (``no`` is false, ``1.10`` is 1.1), keeps
the last of two duplicate keys and expands aliases without bound.  Here the
parser only builds the node tree (libyaml when available), and our own
conversion applies the YAML 1.2 rules, refuses duplicates, aliases, tags and
merge keys, and records a line and column for every path into the data.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..codes import Code
from ..problems import Problem, report
from ..textrules import describe_illegal, first_illegal
from .nodes import NodeLoader, Pos, Positions, node_position

MAX_BYTES = 1024 * 1024
# Collections nested deeper than this are refused (too-deep): no record needs
# more than a few levels, and unbounded nesting would exhaust Python's stack in
# every recursive walk of the data downstream.
MAX_DEPTH = 64

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_TRUES = frozenset({"true", "True", "TRUE"})
_FALSES = frozenset({"false", "False", "FALSE"})
_DEFAULT_TAGS = frozenset(
    {"tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}
)
_LEADING_TAB = re.compile(r"^ *\t", re.MULTILINE)


@dataclass(slots=True)
class Document:
    data: dict[str, Any] | None
    positions: Positions
    problems: list[Problem]


class _Refused(Exception):
    """Stops conversion of a document that uses a construct we refuse."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem


def _offsetnode_position(raw: bytes | str, offset: int) -> Pos:
    """Line and column of ``offset``: counted in bytes in bytes, in characters in text."""
    nl: Any = b"\n" if isinstance(raw, bytes) else "\n"
    line_start = raw.rfind(nl, 0, offset) + 1
    return (raw.count(nl, 0, offset) + 1, offset - line_start + 1)


def _illegal_char(relpath: str, pos: Pos, value: str, offset: int) -> Problem:
    return report(
        relpath,
        pos,
        Code.INVALID_CHARACTER,
        f"character {describe_illegal(value, offset)} of the value cannot be published: "
        "XML (the feed, the sitemap) cannot carry it",
        "remove the escape that writes it",
    )


def _too_deep(relpath: str, pos: Pos) -> _Refused:
    return _Refused(
        report(
            relpath,
            pos,
            Code.TOO_DEEP,
            f"lists and mappings are nested more than {MAX_DEPTH} levels deep",
            "a record needs only a few levels; flatten the value",
        )
    )


def _merge_key(relpath: str, node: Node) -> _Refused | None:
    """The refusal of a YAML 1.1 merge key (a plain ``<<``), or None for any other key.

    YAML 1.2 has no merge keys: other tools (PyYAML, most editors) would merge
    the keys in, where a 1.2 reading has one field named ``<<``.
    """
    if not (isinstance(node, ScalarNode) and node.value == "<<" and not node.style):
        return None
    return _Refused(
        report(
            relpath,
            node_position(node),
            Code.YAML_MERGE,
            "merge key '<<' is not allowed: YAML 1.2 has none, and tools disagree on what "
            "it means",
            "write the keys out in this mapping",
        )
    )


def _convert(
    node: Node,
    relpath: str,
    problems: list[Problem],
    check_tags: bool,
    check_merge: bool,
    depth: int = 1,
) -> Any:
    """Node tree to plain Python: the hot path of loading, so kept lean.

    ``check_tags`` and ``check_merge`` are false when the text has no ``!`` or
    no ``<<``, which spares the checks for nearly every file.  ``depth`` is the
    nesting level of ``node`` (the top-level mapping is 1).
    """
    if check_tags and node.tag not in _DEFAULT_TAGS:
        raise _Refused(
            report(
                relpath, node_position(node), Code.YAML_TAG, f"YAML tag {node.tag!r} is not allowed"
            )
        )
    cls = type(node)
    if cls is ScalarNode:
        value: str = node.value
        # YAML 1.2 core rules, except that numbers stay text: a text field keeps
        # `1.10` exactly, and pydantic makes a number where the field is numeric.
        # `cls is ScalarNode` does not narrow `node` for mypy; checking isinstance here costs time.
        if not node.style:  # type: ignore[attr-defined]  # libyaml: "" for plain, PyYAML: None
            if value in _NULLS:
                return None
            if value in _TRUES:
                return True
            if value in _FALSES:
                return False
        # The reader refuses these characters written as themselves; only a
        # double-quoted escape ("\x01", "\0", "\uFFFE") can still make one.
        elif node.style == '"' and (bad := first_illegal(value)) is not None:  # type: ignore[attr-defined]
            problems.append(_illegal_char(relpath, node_position(node), value, bad))
        return value
    # Checked only for collections (after scalars returned), so that the
    # recursion below never goes deeper than MAX_DEPTH.
    if depth > MAX_DEPTH:
        raise _too_deep(relpath, node_position(node))
    depth += 1
    if cls is SequenceNode:
        return [
            _convert(item, relpath, problems, check_tags, check_merge, depth)
            for item in node.value
        ]
    pairs = node.value
    for key_node, _ in pairs:
        if type(key_node) is not ScalarNode or (check_tags and key_node.tag not in _DEFAULT_TAGS):
            raise _Refused(
                report(
                    relpath,
                    node_position(key_node),
                    Code.YAML_KEY,
                    "mapping keys must be plain text",
                )
            )
        if check_merge and (merge := _merge_key(relpath, key_node)) is not None:
            raise merge
    result = {
        k.value: _convert(v, relpath, problems, check_tags, check_merge, depth) for k, v in pairs
    }
    if len(result) != len(pairs):
        first: dict[str, Node] = {}
        for key_node, _ in pairs:
            if key_node.value in first:
                problems.append(
                    report(
                        relpath,
                        node_position(key_node),
                        Code.DUPLICATE_KEY,
                        f"duplicate key {key_node.value!r} (first at line {node_position(first[key_node.value])[0]})",
                        "keep one; YAML would silently drop the other",
                    )
                )
            else:
                first[key_node.value] = key_node
        # The first occurrence wins so that positions (which find the first) agree.
        result = {}
        for key_node, value_node in pairs:
            if key_node.value not in result:
                result[key_node.value] = _convert(
                    value_node, relpath, [], check_tags, check_merge, depth
                )
    return result


def _find_alias(text: str, relpath: str) -> Problem | None:
    loader = NodeLoader(text)
    try:
        while loader.check_event():
            event: Any = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                return report(
                    relpath,
                    node_position(event),
                    Code.YAML_ALIAS,
                    "anchors and aliases are not allowed",
                )
            if getattr(event, "anchor", None):
                return report(
                    relpath,
                    node_position(event),
                    Code.YAML_ALIAS,
                    f"anchor &{event.anchor} is not allowed",
                    "write the value out in full",
                )
    except yaml.YAMLError:
        return None  # the full parse below reports the syntax error
    finally:
        loader.dispose()
    return None


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


_ODD_BREAKS = ("\x85", "\u2028", "\u2029")


def _odd_line_break(text: str) -> int | None:
    """Offset of the first line break other than LF and CRLF (a lone CR, NEL, LS or PS)."""
    found = [at for ch in _ODD_BREAKS if (at := text.find(ch)) >= 0]
    at = text.find("\r")
    while at >= 0:
        if text[at + 1 : at + 2] != "\n":
            found.append(at)
            break
        at = text.find("\r", at + 1)
    return min(found) if found else None


def _describe_break(text: str, offset: int) -> str:
    return "CR" if text[offset] == "\r" else f"U+{ord(text[offset]):04X}"


def _within(text: str, pos: Pos) -> Pos:
    """``pos`` moved onto the last line when libyaml names the line after the end."""
    lines = text.split("\n")
    count = len(lines) - 1 if text.endswith("\n") else len(lines)
    if count and pos[0] > count:
        return (count, len(lines[count - 1]) + 1)
    return pos


def _syntax_problem(exc: yaml.YAMLError, text: str, relpath: str) -> Problem:
    if isinstance(exc, yaml.reader.ReaderError) and isinstance(exc.character, int):
        # The reader stops at the first character YAML refuses; its own
        # position is a byte count, so the character is looked up instead.
        at = text.find(chr(exc.character))
        return report(
            relpath,
            _offsetnode_position(text, at) if at >= 0 else (1, 1),
            Code.INVALID_CHARACTER,
            f"character U+{exc.character:04X} is not allowed in a YAML file",
            "remove it",
        )
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if "maximum nesting depth" in str(exc) and mark is not None:
        deep = _deep_event(text[: mark.index]) or (mark.line + 1, mark.column + 1)
        return _too_deep(relpath, deep).problem
    pos = _within(text, (mark.line + 1, mark.column + 1)) if mark is not None else (1, 1)
    tab = _LEADING_TAB.search(text)
    if tab is not None and tab.start() <= _line_offset(text, pos[0]):
        line = text.count("\n", 0, tab.start()) + 1
        return report(
            relpath,
            (line, tab.end() - tab.start()),
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
    return report(relpath, pos, Code.YAML_SYNTAX, f"YAML syntax error: {problem}")


def _line_offset(text: str, line: int) -> int:
    offset = 0
    for _ in range(line):
        nxt = text.find("\n", offset)
        if nxt < 0:
            return len(text)
        offset = nxt + 1
    return offset


def parse_document(raw: bytes, relpath: str) -> Document:
    """Parse one data file's bytes into a mapping with positions and problems."""
    positions = Positions()
    problems: list[Problem] = []
    if len(raw) > MAX_BYTES:
        problems.append(
            report(
                relpath,
                (1, 1),
                Code.FILE_TOO_LARGE,
                f"file is {len(raw)} bytes, more than the limit of {MAX_BYTES}",
            )
        )
        return Document(None, positions, problems)
    if raw.startswith(codecs.BOM_UTF8):
        problems.append(
            report(
                relpath,
                (1, 1),
                Code.BOM,
                "file starts with a byte-order mark",
                "save as UTF-8 without BOM",
            )
        )
        raw = raw[len(codecs.BOM_UTF8) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(
            report(
                relpath,
                _offsetnode_position(raw, exc.start),
                Code.NOT_UTF8,
                f"invalid UTF-8 byte 0x{raw[exc.start]:02x}",
                "save the file as UTF-8",
            )
        )
        return Document(None, positions, problems)
    odd = _odd_line_break(text)
    if odd is not None:
        problems.append(
            report(
                relpath,
                _offsetnode_position(text, odd),
                Code.INVALID_CHARACTER,
                f"line break {_describe_break(text, odd)}: YAML counts it as a new line, "
                "most editors do not, so lines would be misnumbered",
                "end lines with a newline (LF or CRLF) only",
            )
        )
        return Document(None, positions, problems)
    if "&" in text or "*" in text:
        alias = _find_alias(text, relpath)
        if alias is not None:
            problems.append(alias)
            return Document(None, positions, problems)
    loader = NodeLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError as exc:
        problems.append(_syntax_problem(exc, text, relpath))
        return Document(None, positions, problems)
    finally:
        loader.dispose()
    if root is None:
        problems.append(
            report(
                relpath,
                (1, 1),
                Code.EMPTY_FILE,
                "file is empty",
                "a record is a YAML mapping of fields",
            )
        )
        return Document(None, positions, problems)
    if not isinstance(root, MappingNode):
        problems.append(
            report(
                relpath,
                node_position(root),
                Code.NOT_MAPPING,
                "top level must be a mapping of fields (key: value)",
            )
        )
        return Document(None, positions, problems)
    try:
        data = _convert(
            root, relpath, problems, check_tags="!" in text, check_merge="<<" in text
        )
    except _Refused as refused:
        problems.append(refused.problem)
        return Document(None, Positions(text, root), problems)
    return Document(data, Positions(text), problems)
