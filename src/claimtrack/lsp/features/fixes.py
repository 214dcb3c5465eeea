"""The quick fixes of one record's text that change a value or a line: a quote replaced
by its archive's own characters, an unknown id by a known one, the schema header
written; and what every fix shares (actions.py, the translation skeletons, too).

A fix is a pure function of the view, the document and one problem.  It is a splice,
proposed as every change to a record is (edit/apply.propose: the one checked splice,
the quotes it adds proven against their archive), so the edit an editor shows is the
one `claimtrack` itself would write; it is offered only when the proposal loads back
as intended and causes no error: a surprise in the text gives no fix, never a wrong one.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from lsprotocol import types

from ...check.text.loose import loose_passage
from ...codes import Code
from ...edit.apply import Change, Splice, propose
from ...edit.scalars import block_end, quote_scalar, scalar
from ...edit.spans import Path_, Span, Spans, parse_spans
from ...edit.splice import Spliced, Text, TextSplice, checked_splice
from ...errors import ClaimtrackError, EditError
from ...layout import RecordKind, classify, editor_position, record_kind
from ...load.parse import SCHEMA_HEADER, schema_header
from ...load.validation import close_names
from ...load.yamlsource import parse_document
from ...problems import Problem
from ...textrules import common_ends
from ..view import View

# How many close ids are offered for an unknown one.
CLOSE_IDS = 3
# The most of a new value a fix's title shows.
TITLE_LIMIT = 60
# The model each kind of record file holds, for its schema header.
MODELS = {"claim": "Claim", "source": "Source", "settings": "TrackerSettings"}


@dataclass(frozen=True)
class Document:
    """A record's text as the editor has it, with what fixes read of it: the spans of its
    keys and values, and its data as the records' reader loads it."""

    rel: str
    text: str

    @cached_property
    def spans(self) -> Spans | None:
        return parse_spans(self.text)

    @cached_property
    def data(self) -> Any:
        return load_data(self.text, self.rel)

    @cached_property
    def kind(self) -> RecordKind | None:
        return record_kind(self.rel)

    def at(self, problem: Problem, keys: bool = False) -> Iterator[tuple[Path_, Span]]:
        """The values (or keys) that start where the problem points."""
        if self.spans is None:
            return
        table = self.spans.keys if keys else self.spans.values
        for path, span in table.items():
            if (span.line, span.column) == (problem.line, problem.column):
                yield path, span

    def value(self, path: Path_) -> Any:
        """The data at ``path``; None when the text holds nothing there."""
        return value_at(self.data, path)

    def edit(self, start: int, end: int, new: str) -> types.TextEdit:
        """Characters ``start:end`` of the text replaced by ``new``."""
        return types.TextEdit(
            types.Range(position(self.text, start), position(self.text, end)), new
        )

    def changed_to(self, new: str) -> types.TextEdit | None:
        """The one edit that makes the text ``new`` (None when they are the same): the
        scalar it rewrites, when it rewrites one value, else the whole lines between their
        common start and end, so that an edit never starts inside a line break (between
        CR and LF) nor halfway through an indentation."""
        old = self.text
        if old == new:
            return None
        start, end = common_ends(old, new)
        scalar = self._scalar_around(start, len(old) - end)
        if scalar is not None:
            start, stop = scalar
            return self.edit(start, stop, new[start : len(new) - (len(old) - stop)])
        while not _line_starts_at(old, start):
            start -= 1
        stop = len(old) - end
        while stop < len(old) and not _line_starts_at(old, stop):
            stop += 1  # the common end starts a line (or is nothing)
        return self.edit(start, stop, new[start : len(new) - (len(old) - stop)])

    def _scalar_around(self, start: int, stop: int) -> tuple[int, int] | None:
        """The characters of the one scalar value that holds ``start:stop``, if one does."""
        if self.spans is None:
            return None
        for span in self.spans.values.values():
            if span.kind == "scalar" and span.start <= start:
                end = block_end(self.text, span)
                if stop <= end and span.start < end:
                    return span.start, end
        return None


def _line_starts_at(text: str, i: int) -> bool:
    """Whether an editor's line starts at ``i`` (CR, LF and CRLF end one: layout)."""
    if i <= 0:
        return True
    return text[i - 1] == "\n" or (text[i - 1] == "\r" and text[i : i + 1] != "\n")


def load_data(text: str, rel: str) -> Any:
    """A record text's data as loading reads it (None when it does not parse)."""
    return parse_document(text.encode("utf-8"), rel).data


def value_at(data: Any, path: Path_) -> Any:
    """The data at ``path``; None when there is nothing there."""
    for step in path:
        if isinstance(data, dict):
            data = data.get(step)
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            data = data[step]
        else:
            return None
    return data


def position(text: str, offset: int) -> types.Position:
    """A text offset as the editor's 0-based line and code-point column."""
    return types.Position(*editor_position(text, offset))


def fix(
    view: View, doc: Document, title: str, edit: types.TextEdit, preferred: bool
) -> types.CodeAction:
    return types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        edit=types.WorkspaceEdit(changes={view.uri(doc.rel): [edit]}),
        is_preferred=preferred or None,
    )


def offer(
    view: View, doc: Document, title: str, splice: Splice, preferred: bool = True
) -> list[types.CodeAction]:
    """The fix that makes this change, as the edit workflow proposes it for the editor's
    unsaved text: none when the splice refuses the text or the change causes an error."""
    found = classify(doc.rel)
    if found is None or doc.kind is None:
        return []
    change = Change(found[1], splice, judged=False, kind=doc.kind)
    try:
        raw = doc.text.encode("utf-8")
        proposal = propose(view.root, change, view.today, old=raw, tracker=view.tracker)
    except (ClaimtrackError, UnicodeError):
        return []
    edit = doc.changed_to(proposal.new.decode("utf-8"))
    if proposal.caused or edit is None:
        return []
    return [fix(view, doc, title, edit, preferred)]


def of_text(splice: TextSplice) -> Splice:
    """A splice of a record's text as the edit workflow runs it: through the checked splice."""
    return lambda raw, rel: checked_splice(raw, rel, splice)


def set_at(data: Any, path: Path_, value: Any) -> Any:
    """A copy of ``data`` with ``value`` at ``path`` (which the data has)."""
    expected = copy.deepcopy(data)
    parent = value_at(expected, path[:-1])
    if not isinstance(parent, (dict, list)):
        raise EditError("the value is not where the problem points")
    parent[path[-1]] = value  # type: ignore[index]
    return expected


def replaced(text: Text, path: Path_, write: Callable[[str, Span], str], value: Any) -> Spliced:
    """The scalar at ``path`` written anew (``write`` of the text and its span)."""
    span = text.spans.values.get(path)
    if span is None or span.kind != "scalar":
        raise EditError("the value is not where the problem points")
    end = block_end(text.text, span)
    new = text.text[: span.start] + write(text.text, span) + text.text[end:]
    return Spliced(new, set_at(text.data, path, value), "the fix")


def shown(value: str) -> str:
    """A value as a title shows it: on one line, cut when long."""
    flat = " ".join(value.split())
    return repr(flat if len(flat) <= TITLE_LIMIT else flat[: TITLE_LIMIT - 1] + "…")


Fix = Callable[[View, Document, Problem], list[types.CodeAction]]


# quote-not-found


def quote_fix(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """The quote replaced by the archive's own characters (those of the revision it cites,
    if it names one), when it differs from them only in spaces, quote marks, dashes or case."""
    for path, span in doc.at(problem):
        if path[-1] != "quote" or span.kind != "scalar":
            continue
        quote, source = doc.value(path), doc.value((*path[:-1], "source"))
        # The words of the version the quote cites: its revision's text, or the first copy.
        revision = doc.value((*path[:-1], "revision"))
        archive = (
            view.analysis.copy_of(source, revision if isinstance(revision, str) else None)
            if isinstance(source, str)
            else None
        )
        if not isinstance(quote, str) or archive is None:
            continue
        passage = loose_passage(quote, archive.text)
        if passage is None or passage == quote:
            continue

        def splice(text: Text, path: Path_ = path, passage: str = passage) -> Spliced:
            return replaced(text, path, lambda t, s: quote_scalar(t, s, passage), passage)

        title = f"Use the words of {archive.path}: {shown(passage)}"
        return offer(view, doc, title, of_text(splice))
    return []


# unknown-source, unknown-claim


def id_fix(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """The unknown id replaced by each of the known ids closest to it, the closest first
    (the rule of check's hint: load/validation.close_names)."""
    claim = problem.code is Code.UNKNOWN_CLAIM
    known = view.analysis.known_claims if claim else view.analysis.known_sources
    found = classify(doc.rel)
    own = found[1] if found is not None else ""
    for path, span in doc.at(problem):
        name = doc.value(path)
        if span.kind != "scalar" or not isinstance(name, str) or name in known:
            continue
        out: list[types.CodeAction] = []
        for other in close_names(name, known - {own}, CLOSE_IDS):

            def splice(text: Text, path: Path_ = path, other: str = other) -> Spliced:
                def write(t: str, s: Span) -> str:
                    return scalar(
                        other, "plain" if s.style in ("literal", "folded") else s.style, s.flow
                    )

                return replaced(text, path, write, other)

            what = "claim" if claim else "source"
            title = f"Use the {what} {other!r}{id_detail(view, other, claim)}"
            out += offer(view, doc, title, of_text(splice), preferred=not out)
        return out
    return []


def id_detail(view: View, record_id: str, claim: bool) -> str:
    """What the title says of the id it offers: a claim's statement, a source's title."""
    if claim:
        loaded_claim = view.tracker.claims.get(record_id)
        return f": {shown(loaded_claim.record.statement)}" if loaded_claim else ""
    loaded_source = view.tracker.sources.get(record_id)
    return f": {shown(loaded_source.record.title)}" if loaded_source else ""


# schema-header


def header_fix(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """The schema header written as the first line: the line replaced when it names
    another schema, else inserted above everything (after a byte-order mark, which the
    checked splice keeps)."""
    model = MODELS.get(doc.kind or "")
    if model is None:
        return []
    header = schema_header(model)

    def splice(text: Text) -> Spliced:
        first, named = _first_line(text.text)
        rest = text.text[len(first) :] if named else text.nl + text.text
        return Spliced(header + rest, text.data, "the schema header")

    named = _first_line(doc.text.removeprefix("\ufeff"))[1]
    verb = "Name the schema in the first line" if named else "Insert the schema header"
    title = f"{verb}: {header}"
    return offer(view, doc, title, of_text(splice))


def _first_line(text: str) -> tuple[str, bool]:
    """A text's first line (without its line break), and whether it names a schema."""
    first = text.partition("\n")[0].rstrip("\r")
    return first, first.startswith(SCHEMA_HEADER.decode())


FIXES: dict[Code, Fix] = {
    Code.QUOTE_NOT_FOUND: quote_fix,
    Code.UNKNOWN_SOURCE: id_fix,
    Code.UNKNOWN_CLAIM: id_fix,
    Code.SCHEMA_HEADER: header_fix,
}
