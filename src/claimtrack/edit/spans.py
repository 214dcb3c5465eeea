"""Exact character spans of the keys and values of a YAML document, for editing it in place.

:mod:`yamlsource` answers "where is this, as line and column" for messages; an
editor of the text needs more: the character offsets where each node starts
and ends, and how it is written (plain or quoted, flow or block).  This module
only composes the node tree (no scalar is typed) and is meant for text that
:func:`claimtrack.load.yamlsource.parse_document` has accepted, so aliases, tags
and duplicate keys have already been refused or reported there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..load.nodes import compose

Path_ = tuple[str | int, ...]

_SCALAR_STYLES = {None: "plain", "": "plain", "'": "single", '"': "double", "|": "literal"}


@dataclass(frozen=True, slots=True)
class Span:
    """Where one node stands in the text.

    ``text[start:end]`` is the node as written, quotes and brackets included
    (a block collection's ``end`` may run on past trailing comments to the
    next token, so do not rely on it).  Offsets count characters of the
    decoded text.  ``kind`` is scalar, seq or map; ``style`` is plain, single,
    double, literal or folded for a scalar, flow or block for a collection;
    ``flow`` tells whether the node stands inside a flow collection or is one.
    """

    start: int
    end: int
    line: int  # 1-based, like yamlsource.Positions
    column: int  # 1-based
    kind: str
    style: str
    flow: bool


@dataclass(slots=True)
class Spans:
    """Spans of each mapping key and each value, by data path (the paths of Positions)."""

    keys: dict[Path_, Span] = field(default_factory=dict)
    values: dict[Path_, Span] = field(default_factory=dict)

    def items(self, path: Path_) -> int:
        """How many items the sequence at ``path`` holds."""
        count = 0
        while (*path, count) in self.values:
            count += 1
        return count

    def under(self, path: Path_) -> list[Span]:
        """Every key and value span strictly inside the node at ``path``."""
        n = len(path)
        return [
            span
            for table in (self.keys, self.values)
            for p, span in table.items()
            if len(p) > n and p[:n] == path
        ]


def _span(node: Node, in_flow: bool) -> Span:
    start: Any = node.start_mark
    end: Any = node.end_mark
    if isinstance(node, ScalarNode):
        kind, style, flow = "scalar", _SCALAR_STYLES.get(node.style, "folded"), in_flow
    else:
        kind = "seq" if isinstance(node, SequenceNode) else "map"
        flow_style = bool(getattr(node, "flow_style", False))
        style = "flow" if flow_style else "block"
        flow = in_flow or flow_style
    return Span(start.index, end.index, start.line + 1, start.column + 1, kind, style, flow)


def parse_spans(text: str) -> Spans | None:
    """Spans of a document whose top level is a mapping; None when it is not one or does not parse.

    Of duplicate keys the first is kept, as in parse_document.
    """
    try:
        root = compose(text)
    except yaml.YAMLError:
        return None
    if not isinstance(root, MappingNode):
        return None
    spans = Spans()
    seen: set[int] = set()
    # An explicit stack, not recursion: nesting is bounded only by libyaml here.
    # Children are pushed in reverse so that they are visited in document
    # order, which keeps the first of duplicate keys.
    stack: list[tuple[Node, Path_, bool]] = [(root, (), False)]
    while stack:
        node, path, in_flow = stack.pop()
        if id(node) in seen:  # an alias: parse_document refuses these anyway
            continue
        seen.add(id(node))
        span = _span(node, in_flow)
        spans.values[path] = span
        children: list[tuple[Node, Path_, bool]] = []
        if isinstance(node, SequenceNode):
            children = [(item, (*path, i), span.flow) for i, item in enumerate(node.value)]
        elif isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    continue
                key_path = (*path, key_node.value)
                if key_path in spans.keys:
                    continue
                spans.keys[key_path] = _span(key_node, span.flow)
                children.append((value_node, key_path, span.flow))
        stack.extend(reversed(children))
    return spans
