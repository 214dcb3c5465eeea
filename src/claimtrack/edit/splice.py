"""The one checked splice: how every change to a record file is made.

A record belongs to its editor: a YAML re-dump would drop comments, blank lines, quoting
and key order.  So a change is a splice of new characters into the text at the spans the
parser reports (changes/status.py, changes/measurement.py, changes/versions.py, translation/, the
language server's quick fixes), and :func:`checked_splice` is the one place that turns
bytes into that text and back.  It keeps the byte-order mark, hands the splice the
text's newline style, its spans and its data, parses the result again and refuses it
unless it loads to exactly the data the splice meant, with no new syntax error.  A
surprise in the text is refused (EditError), never written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..codes import Code
from ..errors import EditError
from ..layout import newline
from ..load.yamlsource import parse_document
from ..problems import Problem
from .spans import Path_, Spans, parse_spans

BOM = b"\xef\xbb\xbf"


def spans_of(text: str) -> Spans:
    """The spans of a record's text (edit/spans.py), refused when it is not a YAML mapping:
    a splice works only on a text that parses as one."""
    spans = parse_spans(text)
    if spans is None:
        raise EditError("the file is not a YAML mapping that can be edited")
    return spans


@dataclass(frozen=True)
class Text:
    """A record's text as a splice sees it: decoded, without its byte-order mark, with the
    data it loads to."""

    rel: str  # the file's path from the root, for messages
    text: str
    data: dict[str, Any]

    @cached_property
    def nl(self) -> str:
        """The newline the lines a splice adds end with: the file's own."""
        return newline(self.text)

    @cached_property
    def spans(self) -> Spans:
        return spans_of(self.text)


@dataclass(frozen=True, slots=True)
class Spliced:
    """What a splice made: the new text and the data it must load to."""

    text: str
    data: Any
    what: str = "the change"  # for the refusal: "could not splice the change into ..."


# A record's text to what the change makes of it; None: nothing to change.  Pure; raises
# EditError when the text is shaped in a way the splice will not touch.
TextSplice = Callable[[Text], Spliced | None]


def checked_splice(raw: bytes, rel: str, splice: TextSplice) -> bytes:
    """The file's new bytes: ``splice`` applied to its text, its byte-order mark kept, and
    refused unless the result loads to exactly the data the splice meant.  ``raw`` itself
    when the splice changes nothing."""
    old = parse_document(raw, rel)
    if not isinstance(old.data, dict):
        raise EditError(f"{rel} does not load; fix it first (run `claimtrack check`)")
    bom = BOM if raw.startswith(BOM) else b""
    made = splice(Text(rel, raw[len(bom) :].decode("utf-8"), old.data))
    if made is None:
        return raw
    new_raw = bom + made.text.encode("utf-8")
    if new_raw == raw:
        return raw
    new = parse_document(new_raw, rel)
    if _shape_errors(new.problems) > _shape_errors(old.problems) or new.data != made.data:
        raise EditError(
            f"could not splice {made.what} into the layout of {rel} safely; "
            "edit it by hand (and please report the file's shape)"
        )
    return new_raw


def _shape_errors(problems: Iterable[Problem]) -> int:
    """The errors of a text's shape (a duplicate key, say: the data keeps the first one, so
    comparing the data alone would not see a second one).  A value's characters are the
    rules' to judge (edit/proposal.py), not the splice's."""
    return sum(p.is_error and p.code is not Code.INVALID_CHARACTER for p in problems)


def with_key(data: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """A copy of ``data`` with ``key`` set: the expected data of most splices."""
    return {**data, key: value}


# -- what splices share: where lines start, where a node's text ends, a new list item --


def line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def content_end(text: str, spans: Spans, path: Path_) -> int:
    """Offset just after the last character written inside the node at ``path``."""
    own = spans.values[path]
    inner = [s for s in spans.under(path) if not (s.kind != "scalar" and s.style == "block")]
    if own.style == "flow":
        inner.append(own)
    end = max((s.end for s in inner), default=own.start)
    while end > own.start and text[end - 1] in " \t\r\n":
        end -= 1  # a block scalar's span runs on over the line breaks after it
    return end


def indent_unit(spans: Spans) -> int:
    """The file's indentation step: the commonest offset of a block mapping's keys from
    its own key (2 when the file has no nested mapping)."""
    steps: Counter[int] = Counter()
    for path, span in spans.keys.items():
        parent = spans.keys.get(path[:-1]) if len(path) > 1 else None
        if parent is not None and not span.flow and span.column > parent.column:
            steps[span.column - parent.column] += 1
    return steps.most_common(1)[0][0] if steps else 2


def after_content(text: str, spans: Spans, path: Path_, column: int) -> int:
    """Where text written after the node at ``path`` goes: the start of the line after its
    last character and after the comment lines under it indented deeper than ``column``
    (they belong to it); ``len(text)`` when the file ends first."""
    pos = content_end(text, spans, path)
    while True:
        line_end = text.find("\n", pos)
        if line_end < 0:
            return len(text)
        pos = line_end + 1
        next_end = text.find("\n", pos)
        following = text[pos : next_end if next_end >= 0 else len(text)]
        body = following.lstrip(" ")
        if not (body.startswith("#") and len(following) - len(body) > column):
            return pos


def append_item(
    text: str, spans: Spans, name: str, item: Callable[[int], str], nl: str, block: str
) -> str:
    """``text`` with ``item(dash_column)`` appended to the top-level list ``name:``, which
    the text has: the one splice of a new list item (a measurement, a revision).

    An empty ``name:`` gets the list on the next line, ``name: []`` becomes a block list
    (a comment after it stays in its column); a flow list with items is refused, with
    ``block`` saying what to write instead.
    """
    key, value = spans.keys[(name,)], spans.values[(name,)]
    count = spans.items((name,))
    if value.kind == "scalar" and value.style == "plain" and not text[value.start : value.end]:
        # "name:" with nothing after it: the list starts on the next line.
        line_end = text.find("\n", key.end)
        at = len(text) if line_end < 0 else line_end + 1
        lead = nl if line_end < 0 else ""
        return text[:at] + lead + item(key.column + 1) + text[at:]
    if value.kind != "seq":
        raise EditError(f"'{name}:' must be a list")
    if value.style == "flow":
        if count:
            raise EditError(block)
        # "name: []" -> "name:" and the item on the lines after it.
        line_end = text.find("\n", value.end)
        at = len(text) if line_end < 0 else line_end + 1
        rest = text[value.end : at]  # a comment and the line break, or nothing
        if rest.strip():  # a comment after []: it stays in its column
            line = text[: value.start] + " " * (value.end - value.start) + rest
        else:
            line = text[: value.start].rstrip(" ") + rest
        lead = nl if line_end < 0 else ""
        return line + lead + item(key.column + 1) + text[at:]
    dash_col = value.column - 1
    at = after_content(text, spans, (name, count - 1), dash_col)
    lead = "" if at < len(text) or text.endswith("\n") else nl
    return text[:at] + lead + item(dash_col) + text[at:]
