"""The one checked splice: how every change to a record file is made.

A record belongs to its editor: a YAML re-dump would drop comments, blank lines, quoting
and key order.  So a change is a splice of new characters into the text at the spans the
parser reports (yamledit.py, measurement.py, translation/, edit/versions.py, the
language server's quick fixes), and :func:`checked_splice` is the one place that turns
bytes into that text and back.  It keeps the byte-order mark, hands the splice the
text's newline style, its spans and its data, parses the result again and refuses it
unless it loads to exactly the data the splice meant, with no new syntax error.  A
surprise in the text is refused (EditError), never written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..codes import Code
from ..errors import EditError
from ..layout import newline
from ..load.yamlsource import parse_document
from ..problems import Problem
from .spans import Spans, parse_spans

BOM = b"\xef\xbb\xbf"


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
        spans = parse_spans(self.text)
        if spans is None:
            raise EditError("the file is not a YAML mapping that can be edited")
        return spans


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
