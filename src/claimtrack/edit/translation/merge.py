"""New keys merged into the mappings of a YAML text, in the file's own style.

A translation is a tree of keys (``translations: fr: statement: ...``) of which any
part may already be written.  :func:`merge` walks the tree along the spans of the
text: a mapping that is there is entered, a scalar that is there gets its new value
in its own quoting, and each key that is not there is inserted where its order puts
it among its written siblings, at their indentation (one indentation step of the
file further for the keys under a new mapping), or into a flow mapping as flow.
Every other character of the text stays.  A key added for a translator is preceded
by comment lines holding the original (``Leaf.note``), wrapped but never reworded.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import EditError
from ...layout import newline
from ...records.originals import noted
from ..scalars import awkward, double_quoted, folded, scalar, single_quoted
from ..spans import Path_, Span, Spans
from ..splice import after_content, indent_unit, line_start, spans_of

COMMENT_WIDTH = 88  # columns a comment line for the translator fills, indentation included
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
# Keys the tool writes: field names, language tags, entry keys (2026-11-30#2).  Plain is
# what the records' YAML 1.2 reader reads back as the same text.
_PLAIN_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_#-]*")


@dataclass(frozen=True, slots=True)
class Leaf:
    value: str | None  # None: the key with nothing after it, a value still to choose
    note: str | None = None  # written above the key as comments: the original, for instance


@dataclass(frozen=True, slots=True)
class Branch:
    items: dict[str, Leaf | Branch]
    # The keys this mapping may hold, in the order they are written: a new key goes before
    # the first written one that comes after it here (at the end when none does).
    order: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Edit:
    start: int
    end: int
    text: str
    seq: int  # inserts at one offset stay in the order they were made


def comment_lines(text: str, width: int) -> list[str]:
    """The text as comment bodies: a line per line of it, long ones wrapped at spaces (a
    word longer than the width stays whole), every other character kept."""
    out: list[str] = []
    # splitlines: YAML also ends a comment at NEL and the Unicode line separators.
    for line in text.splitlines() or [""]:
        line = "".join(double_quoted(ch)[1:-1] if _bad(ch) else ch for ch in line)
        wrapped = textwrap.wrap(
            line,
            width,
            expand_tabs=False,
            replace_whitespace=False,
            break_long_words=False,
            break_on_hyphens=False,
        )
        out.extend(wrapped or [""])
    return out


def _bad(ch: str) -> bool:
    """A character a comment does not carry as it is (a control character, which the
    reader refuses anywhere in the stream, or a line break of YAML 1.1)."""
    return ch != "\t" and awkward(ch)


def key_text(key: str, style: str) -> str:
    """A key in the quoting of its siblings (plain when they are plain and it may be)."""
    if style == "single":
        return single_quoted(key) or double_quoted(key)
    if style == "double" or not _PLAIN_KEY.fullmatch(key):
        return double_quoted(key)
    return key


def merged_data(data: Any, path: Path_, branch: Branch) -> None:
    """Apply the merge to plain data, in place: what the edited text must load to."""
    target = data
    for step in path:
        target = target[step]
    for key, child in branch.items.items():
        if isinstance(child, Leaf):
            target[key] = child.value
            continue
        if not isinstance(target.get(key), dict):
            target[key] = {}
        merged_data(target, (key,), child)


class _Merger:
    def __init__(self, text: str, spans: Spans) -> None:
        self.text = text
        self.spans = spans
        self.nl = newline(text)
        self.unit = indent_unit(spans)
        self.edits: list[_Edit] = []

    def add(self, start: int, end: int, text: str) -> None:
        self.edits.append(_Edit(start, end, text, len(self.edits)))

    def keys(self, path: Path_) -> list[tuple[str, Span]]:
        n = len(path) + 1
        found = [
            (str(p[-1]), s) for p, s in self.spans.keys.items() if len(p) == n and p[:-1] == path
        ]
        return sorted(found, key=lambda item: item[1].start)

    def where(self, path: Path_) -> str:
        line = self.spans.values[path].line if path in self.spans.values else 1
        return f"line {line}"

    # -- walking the tree ------------------------------------------------------
    def merge(self, path: Path_, branch: Branch, key_style: str) -> None:
        value = self.spans.values.get(path)
        if value is None or value.kind != "map":
            raise EditError(f"{'.'.join(map(str, path)) or 'the file'} is not a mapping")
        written = self.keys(path)
        style = written[0][1].style if written else key_style
        new: list[tuple[str, Leaf | Branch]] = []
        for key, child in branch.items.items():
            child_path = (*path, key)
            span = self.spans.values.get(child_path)
            if span is None or child_path not in self.spans.keys:
                new.append((key, child))
            elif isinstance(child, Branch):
                if span.kind == "map" and not self._empty(child_path, span):
                    self.merge(child_path, child, style)
                elif self._empty(child_path, span):
                    self.fill(child_path, child, style)
                else:
                    raise EditError(f"{self.where(child_path)}: '{key}' must be a mapping")
            elif child.value is not None:
                self.replace(child_path, span, child.value)
        if not new:
            return
        if value.flow:
            self.into_flow(path, written, new, style)
        else:
            self.into_block(path, written, new, branch.order, style)

    def _empty(self, path: Path_, span: Span) -> bool:
        """``key:`` with nothing, ``~``, ``null`` or ``{}``: a mapping still to write."""
        if span.kind == "scalar":
            return span.style == "plain" and self.text[span.start : span.end] in _NULLS
        return span.kind == "map" and span.style == "flow" and not self.keys(path)

    def replace(self, path: Path_, span: Span, value: str) -> None:
        if span.kind != "scalar" or span.style not in ("plain", "single", "double"):
            raise EditError(f"{self.where(path)}: '{path[-1]}' must be a one-line value")
        if span.start == span.end:  # ``key:`` with nothing: the parser marks the next token
            colon = self.text.index(":", self.spans.keys[path].end) + 1
            self.add(colon, colon, " " + scalar(value, "plain", span.flow))
            return
        self.add(span.start, span.end, scalar(value, span.style, span.flow))

    def fill(self, path: Path_, branch: Branch, style: str) -> None:
        """An empty mapping's place (``made_from:``, ``{}``) given its keys."""
        span, key = self.spans.values[path], self.spans.keys[path]
        if key.flow:  # inside a flow collection: written as flow
            self.add(span.start, span.end, self.flow(branch.items, style))
            return
        token_end = key.end if span.start == span.end else span.end
        line_end = self.text.find("\n", token_end)
        rest = self.text[token_end : len(self.text) if line_end < 0 else line_end]
        if span.start != span.end:  # the ~ or {} goes; a comment after it keeps its column
            if rest.strip():
                self.add(span.start, span.end, " " * (span.end - span.start))
            else:
                before = self.text[: span.start]
                self.add(len(before.rstrip(" ")), span.end, "")
        lines = self.block(branch.items, key.column - 1 + self.unit, style)
        self.insert_lines(len(self.text) if line_end < 0 else line_end + 1, lines)

    # -- writing ---------------------------------------------------------------
    def into_block(
        self,
        path: Path_,
        written: list[tuple[str, Span]],
        new: list[tuple[str, Leaf | Branch]],
        order: tuple[str, ...],
        style: str,
    ) -> None:
        column = written[0][1].column - 1
        rank = {key: i for i, key in enumerate(order)}
        end = after_content(self.text, self.spans, (*path, written[-1][0]), column)
        for key, child in new:
            at = end
            mine = rank.get(key)
            later = [s for k, s in written if mine is not None and k in rank and rank[k] > mine]
            if later:
                at = self._lead_start(later[0]) or end
            self.insert_lines(at, self.block({key: child}, column, style))

    def _lead_start(self, key: Span) -> int | None:
        """Where the lines of a key begin: its line and the comments just above it at its
        indentation (a translator's note, say); None when the key is not first on its line."""
        start = line_start(self.text, key.start)
        if self.text[start : key.start].strip(" "):
            return None
        column = key.start - start
        while start > 0:
            above = line_start(self.text, start - 1)
            line = self.text[above:start].rstrip("\r\n")
            body = line.lstrip(" ")
            if not (body.startswith("#") and len(line) - len(body) == column):
                break
            start = above
        return start

    def insert_lines(self, at: int, lines: list[str]) -> None:
        body = "".join(line + self.nl for line in lines)
        if at == len(self.text) and self.text and not self.text.endswith("\n"):
            body = self.nl + body[: -len(self.nl)]
        self.add(at, at, body)

    def into_flow(
        self,
        path: Path_,
        written: list[tuple[str, Span]],
        new: list[tuple[str, Leaf | Branch]],
        style: str,
    ) -> None:
        pairs = self.flow(dict(new), style)[1:-1]
        if written:
            last = self.spans.values[(*path, written[-1][0])]
            self.add(last.end, last.end, ", " + pairs)
        else:
            self.add(self.spans.values[path].start + 1, self.spans.values[path].start + 1, pairs)

    def flow(self, items: dict[str, Leaf | Branch], style: str) -> str:
        pairs = []
        for key, child in items.items():
            if isinstance(child, Branch):
                value = self.flow(child.items, style)
            else:
                value = "null" if child.value is None else scalar(child.value, "plain", True)
            pairs.append(f"{key_text(key, style)}: {value}")
        return "{" + ", ".join(pairs) + "}"

    def block(self, items: dict[str, Leaf | Branch], column: int, style: str) -> list[str]:
        pad = " " * column
        lines: list[str] = []
        for key, child in items.items():
            name = key_text(key, style)
            if isinstance(child, Branch):
                lines.append(f"{pad}{name}:")
                lines += self.block(child.items, column + self.unit, style)
                continue
            if child.note is not None:
                width = max(COMMENT_WIDTH - column - 2, 40)
                lines += [pad + ("# " + c if c else "#") for c in comment_lines(child.note, width)]
            if child.value is None:
                lines.append(f"{pad}{name}:")
                continue
            block = folded(child.value, column + self.unit, COMMENT_WIDTH)
            value = block if block is not None else scalar(child.value, "plain", False)
            lines += f"{pad}{name}: {value}".split("\n")
        return lines

    def renote(self, path: Path_, made_from: str, note: str) -> None:
        """The comment lines above the key at ``path`` that hold the original fingerprinted
        ``made_from`` (records/originals.noted) replaced by ``note``'s, as block() writes
        a note."""
        key = self.spans.keys.get(path)
        if key is None:
            return
        found = noted(self.text, key.line, key.column, made_from)
        if found is None:
            return
        pad = " " * (key.column - 1)
        width = max(COMMENT_WIDTH - (key.column - 1) - 2, 40)
        lines = [pad + ("# " + c if c else "#") for c in comment_lines(note, width)]
        self.add(found.start, found.end, "".join(line + self.nl for line in lines))

    def result(self) -> str:
        text = self.text
        for edit in sorted(self.edits, key=lambda e: (e.start, e.seq), reverse=True):
            text = text[: edit.start] + edit.text + text[edit.end :]
        return text


def merge(
    text: str,
    trees: Sequence[tuple[Path_, Branch]],
    renotes: Sequence[tuple[Path_, str, str]] = (),
) -> str:
    """``text`` with each tree merged into the mapping at its path (see the module), and
    the comment above each key of ``renotes`` (path, the fingerprint the comment holds,
    the new original) written again: a stamp makes the original as it is now the one the
    translation was made from.  A comment that does not hold that fingerprint (edited
    since, or a translator's own) is left as it is."""
    spans = spans_of(text)
    merger = _Merger(text, spans)
    for path, branch in trees:
        merger.merge(path, branch, "plain")
    for path, made_from, note in renotes:
        merger.renote(path, made_from, note)
    return merger.result()
