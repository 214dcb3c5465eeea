"""Strict YAML 1.2 loading that remembers where every key and value stands.

PyYAML resolves scalars by YAML 1.1 (``no`` is false, ``1.10`` is 1.1), keeps
the last of two duplicate keys and expands aliases without bound.  Here the
parser only builds the node tree (libyaml when available), and our own
conversion applies the YAML 1.2 rules, refuses duplicates, aliases and tags,
and records a line and column for every path into the data.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import BaseResolver

from .problems import Problem, error

try:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]

    class _NodeLoader(_Parser, BaseResolver):
        def __init__(self, stream: str) -> None:
            _Parser.__init__(self, stream)
            BaseResolver.__init__(self)

except ImportError:  # pragma: no cover - pure-Python fallback when libyaml is missing
    from yaml.composer import Composer
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _NodeLoader(Reader, Scanner, Parser, Composer, BaseResolver):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)
            Composer.__init__(self)
            BaseResolver.__init__(self)


MAX_BYTES = 1024 * 1024
Path_ = tuple[str | int, ...]
Pos = tuple[int, int]

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_TRUES = frozenset({"true", "True", "TRUE"})
_FALSES = frozenset({"false", "False", "FALSE"})
_DEFAULT_TAGS = frozenset(
    {"tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}
)
_LEADING_TAB = re.compile(r"^ *\t", re.MULTILINE)


@dataclass(slots=True)
class Positions:
    """Line and column (1-based) of each key and each value, by data path."""

    keys: dict[Path_, Pos] = field(default_factory=dict)
    values: dict[Path_, Pos] = field(default_factory=dict)

    def value(self, path: Path_) -> Pos:
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, (1, 1))

    def key(self, path: Path_) -> Pos:
        if path in self.keys:
            return self.keys[path]
        return self.value(path)


@dataclass(slots=True)
class Document:
    data: dict[str, Any] | None
    positions: Positions
    problems: list[Problem]


class _Refused(Exception):
    """Stops conversion of a document that uses a construct we refuse."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem


def _pos(node: Node | yaml.Event) -> Pos:
    mark: Any = node.start_mark
    return (mark.line + 1, mark.column + 1)


def _offset_pos(raw: bytes, offset: int) -> Pos:
    line_start = raw.rfind(b"\n", 0, offset) + 1
    return (raw.count(b"\n", 0, offset) + 1, offset - line_start + 1)


class _Converter:
    def __init__(self, relpath: str) -> None:
        self.relpath = relpath
        self.positions = Positions()
        self.problems: list[Problem] = []
        self.seen: set[int] = set()

    def refuse(self, node: Node, code: str, message: str, hint: str | None = None) -> _Refused:
        return _Refused(error(self.relpath, _pos(node), code, message, hint))

    def convert(self, node: Node, path: Path_) -> Any:
        # libyaml shares one node object between an anchor and its aliases.
        if id(node) in self.seen:
            raise self.refuse(node, "yaml-alias", "anchors and aliases are not allowed")
        self.seen.add(id(node))
        if node.tag not in _DEFAULT_TAGS:
            raise self.refuse(node, "yaml-tag", f"YAML tag {node.tag!r} is not allowed")
        self.positions.values[path] = _pos(node)
        if isinstance(node, ScalarNode):
            return _scalar(node)
        if isinstance(node, SequenceNode):
            return [self.convert(item, (*path, i)) for i, item in enumerate(node.value)]
        assert isinstance(node, MappingNode)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag not in _DEFAULT_TAGS:
                raise self.refuse(key_node, "yaml-key", "mapping keys must be plain text")
            key = key_node.value
            key_path = (*path, key)
            if key in result:
                first = self.positions.keys[key_path]
                self.problems.append(
                    error(
                        self.relpath,
                        _pos(key_node),
                        "duplicate-key",
                        f"duplicate key {key!r} (first at line {first[0]})",
                        "keep one; YAML would silently drop the other",
                    )
                )
                continue
            self.positions.keys[key_path] = _pos(key_node)
            result[key] = self.convert(value_node, key_path)
        return result


def _scalar(node: ScalarNode) -> Any:
    """YAML 1.2 core rules, except that numbers stay text.

    Numbers are left as written so that a text field keeps ``1.10`` exactly;
    pydantic turns the text into a number where the field is numeric.
    """
    value: str = node.value
    if not node.style:  # libyaml says "" for plain, pure PyYAML says None
        if value in _NULLS:
            return None
        if value in _TRUES:
            return True
        if value in _FALSES:
            return False
    return value


def _find_alias(text: str, relpath: str) -> Problem | None:
    loader = _NodeLoader(text)
    try:
        while loader.check_event():
            event: Any = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                return error(
                    relpath, _pos(event), "yaml-alias", "anchors and aliases are not allowed"
                )
            if getattr(event, "anchor", None):
                return error(
                    relpath,
                    _pos(event),
                    "yaml-alias",
                    f"anchor &{event.anchor} is not allowed",
                    "write the value out in full",
                )
    except yaml.YAMLError:
        return None  # the full parse below reports the syntax error
    finally:
        loader.dispose()
    return None


def _syntax_problem(exc: yaml.YAMLError, text: str, relpath: str) -> Problem:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    pos = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    tab = _LEADING_TAB.search(text)
    if tab is not None and tab.start() <= _line_offset(text, pos[0]):
        line = text.count("\n", 0, tab.start()) + 1
        return error(
            relpath,
            (line, tab.end() - tab.start()),
            "tab-indent",
            "tab character in indentation",
            "indent with spaces",
        )
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    if "expected a single document" in str(exc):
        return error(
            relpath,
            pos,
            "multiple-documents",
            "a file holds exactly one YAML document",
            "remove the '---' separator",
        )
    return error(relpath, pos, "yaml-syntax", f"YAML syntax error: {problem}")


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
            error(
                relpath,
                (1, 1),
                "file-too-large",
                f"file is {len(raw)} bytes, more than the limit of {MAX_BYTES}",
            )
        )
        return Document(None, positions, problems)
    if raw.startswith(codecs.BOM_UTF8):
        problems.append(
            error(
                relpath,
                (1, 1),
                "bom",
                "file starts with a byte-order mark",
                "save as UTF-8 without BOM",
            )
        )
        raw = raw[len(codecs.BOM_UTF8) :]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.append(
            error(
                relpath,
                _offset_pos(raw, exc.start),
                "not-utf8",
                f"invalid UTF-8 byte 0x{raw[exc.start]:02x}",
                "save the file as UTF-8",
            )
        )
        return Document(None, positions, problems)
    if "&" in text or "*" in text:
        alias = _find_alias(text, relpath)
        if alias is not None:
            problems.append(alias)
            return Document(None, positions, problems)
    loader = _NodeLoader(text)
    try:
        root = loader.get_single_node()
    except yaml.YAMLError as exc:
        problems.append(_syntax_problem(exc, text, relpath))
        return Document(None, positions, problems)
    finally:
        loader.dispose()
    if root is None:
        problems.append(
            error(
                relpath,
                (1, 1),
                "empty-file",
                "file is empty",
                "a record is a YAML mapping of fields",
            )
        )
        return Document(None, positions, problems)
    if not isinstance(root, MappingNode):
        problems.append(
            error(
                relpath,
                _pos(root),
                "not-mapping",
                "top level must be a mapping of fields (key: value)",
            )
        )
        return Document(None, positions, problems)
    converter = _Converter(relpath)
    try:
        data = converter.convert(root, ())
    except _Refused as refused:
        problems.append(refused.problem)
        return Document(None, converter.positions, problems)
    problems.extend(converter.problems)
    return Document(data, converter.positions, problems)
