"""Strict YAML 1.2 loading that remembers where every key and value stands.

PyYAML resolves scalars by YAML 1.1 (``no`` is false, ``1.10`` is 1.1), keeps
the last of two duplicate keys and expands aliases without bound.  Here the
parser only builds the node tree (libyaml when available), and our own
conversion applies the YAML 1.2 rules, refuses duplicates, aliases, tags and
merge keys, and records a line and column for every path into the data.
"""

from __future__ import annotations

import codecs
from array import array
from dataclasses import dataclass
from sys import intern
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..codes import Code
from ..layout import line_column
from ..problems import Problem, report
from ..textrules import describe_illegal, first_illegal
from .files import MAX_BYTES
from .nodes import Marks, NodeLoader, Pos, Positions, compose, node_position
from .yamlerrors import MAX_DEPTH, syntax_problem, too_deep

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
# Texts shorter than this are interned as they are read: ids, tags, names and words of the
# vocabulary repeat from record to record.  Longer texts (statements, notes, quotes) are
# an editor's own words, seldom written twice, and would only grow the interned table.
_INTERNED = 40
_TRUES = frozenset({"true", "True", "TRUE"})
_FALSES = frozenset({"false", "False", "FALSE"})


@dataclass(slots=True)
class Document:
    data: dict[str, Any] | None
    positions: Positions
    problems: list[Problem]
    marks: array[int] | None = None  # the node marks of the data (nodes.Marks)


class _Refused(Exception):
    """Stops reading a document at the first thing refused: its problem is the only one."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem


def _illegal_char(relpath: str, pos: Pos, value: str, offset: int) -> Problem:
    return report(
        relpath,
        pos,
        Code.INVALID_CHARACTER,
        f"character {describe_illegal(value, offset)} of the value cannot be published: "
        "XML (the feed, the sitemap) cannot carry it",
        "remove the escape that writes it",
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
            "merge key '<<' is not allowed: YAML 1.2 has none, and tools disagree on what it means",
            "write the keys out in this mapping",
        )
    )


def _convert(
    node: Node,
    relpath: str,
    problems: list[Problem],
    check_merge: bool,
    marks: list[int],
    depth: int = 1,
) -> Any:
    """Node tree to plain Python: the hot path of loading, so kept lean.

    ``check_merge`` is false when the text has no ``<<``, which spares the check
    for nearly every file (tags were refused before: _check_events).  ``depth`` is the
    nesting level of ``node`` (the top-level mapping is 1).  ``marks`` gets, for each
    key and value below ``node`` in document order, the 0-based line and column of the
    key and of the value (an item of a list: its own twice) and the number of the node
    after it and everything under it, as nodes.Marks reads them.
    """
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
        # A short text (an id, a tag, a name, a word of the vocabulary) is one object
        # however many records repeat it: at 10,000 claims, 12 MiB less held by the build.
        return intern(value) if len(value) < _INTERNED else value
    # Checked only for collections (after scalars returned), so that the
    # recursion below never goes deeper than MAX_DEPTH.
    if depth > MAX_DEPTH:
        raise _Refused(too_deep(relpath, node_position(node)))
    depth += 1
    if cls is SequenceNode:
        items = []
        for item in node.value:
            mark, at = item.start_mark, len(marks)
            marks += (mark.line, mark.column, mark.line, mark.column, 0)
            items.append(_convert(item, relpath, problems, check_merge, marks, depth))
            marks[at + 4] = len(marks) // 5
        return items
    pairs = node.value
    for key_node, _ in pairs:
        if type(key_node) is not ScalarNode:
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
    result = {}
    for k, v in pairs:
        key_mark, value_mark, at = k.start_mark, v.start_mark, len(marks)
        marks += (key_mark.line, key_mark.column, value_mark.line, value_mark.column, 0)
        result[k.value] = _convert(v, relpath, problems, check_merge, marks, depth)
        marks[at + 4] = len(marks) // 5
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
                # The marks are not kept for a file with a duplicate (parse_document).
                result[key_node.value] = _convert(value_node, relpath, [], check_merge, [], depth)
    return result


def _shown_tag(tag: str) -> str:
    """A tag as it is written: ``!!str`` for YAML's own (the parser expands the handle)."""
    return "!!" + tag[len(_YAML_TAGS) :] if tag.startswith(_YAML_TAGS) else tag


_YAML_TAGS = "tag:yaml.org,2002:"


def _find_refused(text: str, relpath: str) -> Problem | None:
    """The first anchor, alias or tag, by the event stream: composing would expand an
    alias, and would hide a tag that names the type a value has anyway (``!!str x``,
    ``fr: !!map {...}``), which is a tag all the same and refused as any other."""
    loader = NodeLoader(text)
    try:
        while loader.check_event():
            event: Any = loader.get_event()
            if getattr(event, "tag", None) is not None:
                return report(
                    relpath,
                    node_position(event),
                    Code.YAML_TAG,
                    f"YAML tag {_shown_tag(event.tag)!r} is not allowed",
                    "remove the tag: a record holds plain text, numbers, lists and mappings",
                )
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


def parse_document(raw: bytes, relpath: str) -> Document:
    """Parse one data file's bytes into a mapping with positions and problems.

    Each step refuses the file with one problem (a _Refused) or hands on what
    the next one reads; only a byte-order mark is reported and read past.
    """
    problems: list[Problem] = []
    try:
        _check_size(raw, relpath)
        text = _decode(_without_bom(raw, relpath, problems), relpath)
        _check_line_breaks(text, relpath)
        _check_events(text, relpath)
        root = _top_mapping(text, relpath)
    except _Refused as refused:
        problems.append(refused.problem)
        return Document(None, Positions(), problems)
    root_mark = root.start_mark
    marks = [root_mark.line, root_mark.column, root_mark.line, root_mark.column, 0]
    try:
        data = _convert(
            root,
            relpath,
            problems,
            "<<" in text,  # merge keys
            marks,
        )
    except _Refused as refused:
        problems.append(refused.problem)
        return Document(None, Positions(text, root), problems)
    # A duplicate key's value is in the nodes but not in the data: the marks would not line up.
    if any(p.code is Code.DUPLICATE_KEY for p in problems):
        return Document(data, Positions(text), problems)
    marks[4] = len(marks) // 5
    kept = array("I", marks)
    return Document(data, Positions(text, marks=Marks(data, kept)), problems, kept)


def _check_size(raw: bytes, relpath: str) -> None:
    if len(raw) > MAX_BYTES:
        raise _Refused(
            report(
                relpath,
                (1, 1),
                Code.FILE_TOO_LARGE,
                f"file is {len(raw)} bytes, more than the limit of {MAX_BYTES}",
            )
        )


def _without_bom(raw: bytes, relpath: str, problems: list[Problem]) -> bytes:
    if not raw.startswith(codecs.BOM_UTF8):
        return raw
    problems.append(
        report(
            relpath,
            (1, 1),
            Code.BOM,
            "file starts with a byte-order mark",
            "save as UTF-8 without BOM",
        )
    )
    return raw[len(codecs.BOM_UTF8) :]


def _decode(raw: bytes, relpath: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Refused(
            report(
                relpath,
                line_column(raw, exc.start),
                Code.NOT_UTF8,
                f"invalid UTF-8 byte 0x{raw[exc.start]:02x}",
                "save the file as UTF-8",
            )
        ) from None


def _check_line_breaks(text: str, relpath: str) -> None:
    odd = _odd_line_break(text)
    if odd is not None:
        raise _Refused(
            report(
                relpath,
                line_column(text, odd),
                Code.INVALID_CHARACTER,
                f"line break {_describe_break(text, odd)}: YAML counts it as a new line, "
                "most editors do not, so lines would be misnumbered",
                "end lines with a newline (LF or CRLF) only",
            )
        )


def _check_events(text: str, relpath: str) -> None:
    # Scanning the events costs a second parse: only a file with &, * or ! needs it.
    if "&" in text or "*" in text or "!" in text:
        refused = _find_refused(text, relpath)
        if refused is not None:
            raise _Refused(refused)


def _top_mapping(text: str, relpath: str) -> MappingNode:
    try:
        root = compose(text)
    except yaml.YAMLError as exc:
        raise _Refused(syntax_problem(exc, text, relpath)) from None
    if root is None:
        raise _Refused(
            report(
                relpath,
                (1, 1),
                Code.EMPTY_FILE,
                "file is empty",
                "a record is a YAML mapping of fields",
            )
        )
    if not isinstance(root, MappingNode):
        raise _Refused(
            report(
                relpath,
                node_position(root),
                Code.NOT_MAPPING,
                "top level must be a mapping of fields (key: value)",
            )
        )
    return root
