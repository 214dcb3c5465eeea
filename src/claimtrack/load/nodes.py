"""YAML as a node tree, and where each key and value stands in it.

One loader class for every reading of YAML (loading, editing, finding a
position): libyaml's parser and composer when available, and no implicit
typing at all, since yamlsource applies YAML 1.2 to the tree itself.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import BaseResolver

Path_ = tuple[str | int, ...]
Pos = tuple[int, int]

_KIND_TAGS: dict[type[Node], str] = {
    ScalarNode: "tag:yaml.org,2002:str",
    SequenceNode: "tag:yaml.org,2002:seq",
    MappingNode: "tag:yaml.org,2002:map",
}

try:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]

    class NodeLoader(_Parser, BaseResolver):
        def __init__(self, stream: str) -> None:
            _Parser.__init__(self, stream)
            BaseResolver.__init__(self)

        def resolve(self, kind: type[Node], value: Any, implicit: Any) -> str:
            # Called only for untagged nodes.  No implicit typing at all (YAML
            # 1.2 is applied in _convert), so only an explicit tag differs.
            return _KIND_TAGS[kind]

except ImportError:  # pragma: no cover - pure-Python fallback when libyaml is missing
    from yaml.composer import Composer
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class NodeLoader(Reader, Scanner, Parser, Composer, BaseResolver):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)
            Composer.__init__(self)
            BaseResolver.__init__(self)


def compose(text: str) -> Node | None:
    """The node tree of a one-document text (None when empty): the one way YAML is read here.

    Only the tree is built, no scalar is typed (YAML 1.2 typing is _convert's),
    so the editing code (edit/) and the loader read a text the same way.
    Raises yaml.YAMLError on a syntax error.
    """
    loader = NodeLoader(text)
    try:
        node: Node | None = loader.get_single_node()
    finally:
        loader.dispose()
    return node


# A mapping with more keys than this is indexed when a key is first looked up in it.
_INDEXED = 32


def _child(node: MappingNode, key: str) -> tuple[Node, Node] | None:
    """The first (key, value) pair of a mapping whose key is ``key``.  A large mapping
    (tracker.yaml's translations: in thousands of languages, each looked up) is indexed
    once, on the node, so that a lookup costs no scan of its keys: that scan for each
    made the `translations` report grow with the square of the languages."""
    if len(node.value) <= _INDEXED:
        return next(((k, v) for k, v in node.value if k.value == key), None)
    index: dict[str, tuple[Node, Node]] | None = getattr(node, "_claimtrack_index", None)
    if index is None:
        index = {}
        for k, v in node.value:
            if isinstance(k, ScalarNode):  # a complex key is never a data path's step
                index.setdefault(k.value, (k, v))
        node._claimtrack_index = index  # type: ignore[attr-defined]  # freed with the tree
    return index.get(key)


def node_position(node: Node | yaml.Event) -> Pos:
    """Line and column (1-based) where a node or event starts."""
    mark: Any = node.start_mark
    return (mark.line + 1, mark.column + 1)


class Marks:
    """Where each key and value of a parsed file stands, from the marks parsing noted.

    yamlsource._convert notes, in document order, five numbers per node: the 0-based line
    and column of its key, then of itself, and the number of the node that follows it and
    all it holds.  The data it made holds the same nodes in the same order (a dict keeps
    its keys' order; a file with a duplicate key has no marks), so a path is followed
    through the data, skipping the siblings before each step by that last number.  A
    position is then found with no second parse of the text: for a tracker in three
    languages, that second parse of each file with a warning cost more than the first.
    """

    __slots__ = ("_data", "_marks")

    def __init__(self, data: Any, marks: array[int]) -> None:
        self._data = data
        self._marks = marks

    def find(self, kind: str, path: Path_) -> Pos | None:
        """As Positions.nodes finds it: the key's ("k") or value's ("v") position at
        ``path``, or the deepest ancestor's value; None when the marks cannot say."""
        marks, value = self._marks, self._data
        if len(marks) < 5 or 5 * marks[4] != len(marks):
            return None
        at, found = 0, True
        for part in path:
            child = at + 1
            if type(value) is dict and isinstance(part, str) and part in value:
                for key in value:
                    if key == part:
                        break
                    child = marks[5 * child + 4]
                value = value[part]
            elif type(value) is list and isinstance(part, int) and 0 <= part < len(value):
                for _ in range(part):
                    child = marks[5 * child + 4]
                value = value[part]
            elif type(value) is list and isinstance(part, int) and part < 0:
                return None  # Positions.nodes counts from the end: rare, let it
            else:
                found = False
                break
            at = child
        offset = 5 * at + (0 if kind == "k" and found else 2)
        return (marks[offset] + 1, marks[offset + 1] + 1)


class Positions:
    """Line and column (1-based) of each key and each value, by data path.

    Positions are looked up in the parsed node tree only when a problem needs
    one: building a table for every node of 10,000 files would cost more than
    the parsing itself.
    """

    __slots__ = ("_again", "_known", "_marks", "_reader", "_root", "_text")

    def __init__(
        self,
        text: str | None = None,
        root: Node | None = None,
        reader: Callable[[], str | None] | None = None,
        known: dict[str, list[int]] | None = None,
        marks: Marks | None = None,
    ) -> None:
        # Keeping the text (or only a way to read it again), not the node tree:
        # 10,000 live node trees make Python's garbage collector the slowest
        # part of loading, and most records never need a position.  ``known``
        # holds positions found before for the same content (load.cache keeps
        # them between runs), so a problem reported again costs no parse.
        self._text = text
        self._root = root
        self._reader = reader
        self._again = reader  # kept, for a text released (release) to be read again
        self._known = known
        self._marks = marks  # from the parse, when it ran in this process (Marks)

    @property
    def text(self) -> str | None:
        if self._text is None and self._reader is not None:
            self._text, self._reader = self._reader(), None
        return self._text

    def release(self) -> None:
        """Forget the text when it can be read again (and the node tree); the positions
        found stay known.  A one-shot build calls it once the checks are done: nothing
        after them looks a position up.  The marks go too: they hold the parsed data."""
        self._root = None
        self._marks = None
        if self._again is not None:
            self._text, self._reader = None, self._again

    @property
    def root(self) -> Node | None:
        text = self.text
        if self._root is None and text is not None:
            loader = NodeLoader(text)
            try:
                self._root = loader.get_single_node()
            finally:
                loader.dispose()
            _keep_one_tree(self)
        return self._root

    def nodes(self, path: Path_) -> tuple[Node | None, Node | None]:
        """The (key node, value node) at ``path``, or the deepest ancestor's."""
        key: Node | None = None
        node = self.root
        for part in path:
            child: tuple[Node | None, Node | None] | None = None
            if isinstance(node, MappingNode) and isinstance(part, str):
                child = _child(node, part)
            elif (
                isinstance(node, SequenceNode) and isinstance(part, int) and part < len(node.value)
            ):
                child = (node.value[part], node.value[part])
            if child is None:
                return node, node
            key, node = child
        return key, node

    def _lookup(self, kind: str, path: Path_) -> Pos:
        name = kind + "\x1f".join(map(str, path))
        if self._known is not None and (found := self._known.get(name)) is not None:
            return (found[0], found[1])
        pos = None if self._marks is None else self._marks.find(kind, path)
        if pos is None:
            key, value = self.nodes(path)
            node = value if kind == "v" else (key or value)
            pos = (1, 1) if node is None else node_position(node)
        if self._known is not None:
            self._known[name] = [pos[0], pos[1]]
        return pos

    def value(self, path: Path_) -> Pos:
        return self._lookup("v", path)

    def key(self, path: Path_) -> Pos:
        return self._lookup("k", path)


# The one Positions whose node tree is kept.  A file's lookups come one after another
# (the rules report a record's problems together), so one tree serves them all; keeping
# every tree built kept those of every file with a warning, 87 MB at 10,000 claims
# (3,318 trees for 3,566 lookups).  A tree dropped is built again from the text if asked.
_recent: list[Positions] = []


def _keep_one_tree(positions: Positions) -> None:
    if _recent and _recent[0] is not positions:
        _recent[0]._root = None
    _recent[:] = [positions]
