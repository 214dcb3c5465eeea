"""Record a status change by editing a claim's text in place.

The file is the editor's: a YAML re-dump would drop comments, blank lines,
quoting and key order.  Here the change is spliced into the original text at
the spans the parser reports: the top-level ``status:`` value is replaced in
its own quoting style, and one history entry is inserted after the last one,
written in the style of the entries already there (indentation, ``- `` offset,
key order, spacing after the colons, quoting, flow or block lists).  The
result is parsed again and compared with the intended data before anyone
writes it, so a surprise in the text is refused rather than written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath
from typing import Any

from ...errors import EditError
from ...layout import newline
from ...records.corrections import READ_FIELDS, changed_since, prints_of, values_of_data
from ...records.translations import ENTRY_KEY_PATTERN
from ..scalars import as_read, block_end, block_lines, flow_value, quote_scalar, scalar
from ..spans import Path_, Span, Spans
from ..splice import (
    Spliced,
    Text,
    after_content,
    checked_splice,
    indent_unit,
    line_start,
    spans_of,
)

ENTRY_KEYS = ("date", "status", "note", "evidence", "was", "read")

_KEY = re.compile(ENTRY_KEY_PATTERN)  # a revision's key: DATE or DATE#n
_SEPARATOR = re.compile(r"[ \t]*:[ \t]+")
_DASH_PREFIX = re.compile(r" *-(?: +| *\r?\n *)")
_FLOW_LINE_REST = re.compile(r"[ \t]*(,?)[ \t]*(?:#[^\n]*)?\r?")


@dataclass(frozen=True, slots=True)
class QuoteItem:
    """A history evidence item that quotes its source (the later version ``revision``
    keys, or its first copy): written as a mapping."""

    source: str
    quote: str
    translation: str | None = None
    translated_by: str | None = None
    revision: str | None = None

    def pairs(self) -> list[tuple[str, str]]:
        given = [
            ("source", self.source),
            ("revision", self.revision),
            ("quote", self.quote),
            ("translation", self.translation),
            ("translated_by", self.translated_by),
        ]
        return [(key, value) for key, value in given if value is not None]

    def data(self) -> dict[str, str]:
        return dict(self.pairs())

    def written(self, flow: bool) -> list[tuple[str, str]]:
        """Each key with its value as YAML text: a revision's key plain, as an entry's
        ``date:`` is written (the tool reads both as text), the rest as is safe."""
        return [
            (
                key,
                value
                if key == "revision" and _KEY.fullmatch(value)
                else scalar(value, "plain", flow),
            )
            for key, value in self.pairs()
        ]


@dataclass(frozen=True, slots=True)
class NewEntry:
    date: str  # YYYY-MM-DD
    status: str
    note: str
    evidence: tuple[str | QuoteItem, ...] = ()
    # A correction's fields as readers read them before (records/corrections.plain), and
    # the fingerprints of what they read from this entry on: written after the note.
    was: Mapping[str, Any] = field(default_factory=dict)
    read: Mapping[str, str] = field(default_factory=dict)

    def mappings(self) -> dict[str, Mapping[str, Any]]:
        """The entry's mappings the file gets, by key, in the order they are written."""
        return {key: value for key, value in (("was", self.was), ("read", self.read)) if value}


class _Writer:
    """Writes the new entry in the style of the entries that are there."""

    def __init__(self, text: str, spans: Spans, entry: NewEntry) -> None:
        self.text = text
        self.spans = spans
        self.entry = entry
        self.count = spans.items(("history",))
        self.nl = newline(text)

    def ref(self, key: str) -> tuple[Span, Span, Path_] | None:
        """Key span, value span and path of ``key`` in the latest entry that has it."""
        for i in range(self.count - 1, -1, -1):
            path: Path_ = ("history", i, key)
            if path in self.spans.keys and path in self.spans.values:
                return self.spans.keys[path], self.spans.values[path], path
        return None

    def keys(self) -> list[str]:
        wanted = ["date", "status", "note"]
        # A correction names no evidence unless given some: it changes no status.
        if self.entry.evidence or (self.ref("evidence") is not None and not self.entry.was):
            wanted.append("evidence")
        wanted += self.entry.mappings()
        if not self.count:
            return wanted
        last = ("history", self.count - 1)
        written = sorted(
            (span.start, str(p[-1]))
            for p, span in self.spans.keys.items()
            if len(p) == 3 and p[:2] == last
        )
        # The entry's own keys in the order the last entry writes them; a correction's
        # was and the fingerprints after them, always in that order.
        order = [k for _, k in written if k in wanted and k in ENTRY_KEYS[:4]]
        return order + [k for k in wanted if k not in order]

    def key_quote(self) -> str:
        """How the last entry's keys are quoted ("", ' or \")."""
        last = [s for p, s in self.spans.keys.items() if p[:2] == ("history", self.count - 1)]
        return {"single": "'", "double": '"'}.get(last[0].style if last else "", "")

    def key_and_separator(self, key: str) -> tuple[str, str]:
        ref = self.ref(key)
        if ref is None:  # a key the entries lack: quoted like their keys are
            quote = self.key_quote()
            return quote + key + quote, ": "
        key_span, value_span, _ = ref
        sep = self.text[key_span.end : value_span.start]
        return self.text[key_span.start : key_span.end], sep if _SEPARATOR.fullmatch(sep) else ": "

    def value(self, key: str, flow: bool) -> str:
        ref = self.ref(key)
        style = ref[1].style if ref is not None else "plain"
        if key == "date":
            quote = {"single": "'", "double": '"'}.get(style, "")
            return quote + self.entry.date + quote
        if key == "status":
            return scalar(self.entry.status, style, flow)
        if key == "note":
            return scalar(self.entry.note, style, flow)
        if key in ("was", "read"):
            return flow_value(self.entry.mappings()[key], self.key_quote())
        return self.flow_list()

    def flow_list(self) -> str:
        ref = self.ref("evidence")
        item_style = "plain"
        pad = ""
        if ref is not None:
            written = self.text[ref[1].start : ref[1].end]
            pad = " " if ref[1].style == "flow" and written.startswith("[ ") else ""
            first = self.spans.values.get((*ref[2], 0))
            item_style = first.style if first is not None else "plain"
        if not self.entry.evidence:
            return "[]"
        items = ", ".join(
            scalar(item, item_style, True) if isinstance(item, str) else _flow_quote(item, pad)
            for item in self.entry.evidence
        )
        return f"[{pad}{items}{pad}]"

    def block_list(self, key_col: int, key_text: str) -> list[str] | None:
        """Evidence as a block list like the latest one, or None to write it as a flow list."""
        ref = self.ref("evidence")
        if ref is None or ref[1].style != "block" or not self.entry.evidence:
            return None
        key_span, seq, path = ref
        dash_col = key_col + (seq.column - key_span.column)
        first = self.spans.values[(*path, 0)]
        gap = self.text[seq.start + 1 : first.start]
        gap = gap if gap and gap.strip(" ") == "" else " "
        items: list[str] = []
        for item in self.entry.evidence:
            if isinstance(item, str):
                items.append(" " * dash_col + "-" + gap + scalar(item, first.style, False))
                continue
            # A quote item: its keys one under the other, in line with the first.
            for n, (key, value) in enumerate(item.written(False)):
                head = " " * dash_col + "-" + gap if n == 0 else " " * (dash_col + 1 + len(gap))
                items.append(f"{head}{key}: {value}")
        return [key_text + ":", *items]

    def block_entry(self) -> tuple[int, str]:
        text, nl = self.text, self.nl
        last_path = ("history", self.count - 1)
        item = self.spans.values[last_path]
        dash = item.start - 1
        while dash >= 0 and text[dash] in " \t\r\n":
            dash -= 1
        dash_col = self.spans.values[("history",)].column - 1
        prefix = text[line_start(text, dash) : item.start] if text[dash] == "-" else ""
        if _DASH_PREFIX.fullmatch(prefix):
            key_col = item.start - line_start(text, item.start)
        else:
            prefix, key_col = " " * dash_col + "- ", dash_col + 2
        lines: list[str] = []
        if item.style == "flow":  # a block list of flow mappings: - {date: ..., ...}
            pad = " " if text[item.start + 1] == " " else ""
            lines.append(prefix + self.flow_mapping(pad))
        for key in self.keys() if not lines else ():
            key_text, sep = self.key_and_separator(key)
            block = self.block_list(key_col, key_text) if key == "evidence" else None
            if key in ("was", "read"):
                unit = indent_unit(self.spans)
                value = self.entry.mappings()[key]
                nested = block_lines(value, key_col + unit, unit, self.key_quote())
                block = [key_text + ":", *nested]
            head = prefix if not lines else " " * key_col
            if block is None:
                lines.append(head + key_text + sep + self.value(key, flow=False))
            else:
                lines.append(head + block[0])
                lines.extend(block[1:])
            prefix = ""
        entry = nl.join(lines).replace("\r\n", "\n").replace("\n", nl) + nl
        # Insert after the last entry's last line and the comments indented under it.
        pos = after_content(text, self.spans, last_path, dash_col)
        if pos == len(text) and not text.endswith("\n"):
            return pos, nl + entry[: -len(nl)]
        return pos, entry

    def flow_mapping(self, pad: str) -> str:
        pairs = []
        for key in self.keys():
            key_text, sep = self.key_and_separator(key)
            pairs.append(key_text + sep + self.value(key, flow=True))
        return "{" + pad + ", ".join(pairs) + pad + "}"

    def flow_entry(self) -> list[tuple[int, str]]:
        text, nl = self.text, self.nl
        history = self.spans.values[("history",)]
        pad = ""
        if self.count:
            last = self.spans.values[("history", self.count - 1)]
            if last.style != "flow" or text[last.start] != "{":
                raise EditError("write each entry of a flow history list in braces: {date: ...}")
            pad = " " if text[last.start + 1] == " " else ""
        entry = self.flow_mapping(pad)
        if not self.count:
            return [(history.start + 1, entry)]
        if last.line == history.line:
            return [(last.end, ", " + entry)]
        line = text[line_start(text, last.start) : last.start]
        indent = line if line.strip() == "" else " " * (last.column - 1)
        # One entry per line: the new one goes on a line of its own after the last
        # one's line, which keeps its comma and comment where they are.
        line_end = text.find("\n", last.end)
        rest = _FLOW_LINE_REST.fullmatch(text[last.end : line_end]) if line_end >= 0 else None
        if rest is None:  # the list closes on this line: "{...}]"
            return [(last.end, "," + nl + indent + entry)]
        if rest.group(1):  # trailing commas: keep writing them
            return [(line_end + 1, indent + entry + "," + nl)]
        return [(last.end, ","), (line_end + 1, indent + entry + nl)]


def _flow_quote(item: QuoteItem, pad: str) -> str:
    pairs = ", ".join(f"{key}: {value}" for key, value in item.written(True))
    return "{" + pad + pairs + pad + "}"


def record_status_change(text: str, entry: NewEntry, set_status: bool = True) -> str:
    """``text`` with the top-level status set (unless not ``set_status``: a correction
    keeps it as written) and ``entry`` appended to the history."""
    spans = spans_of(text)
    status = spans.values.get(("status",))
    if status is None:
        raise EditError("the claim has no top-level 'status:' to update; add one")
    if status.kind != "scalar" or status.style not in ("plain", "single", "double"):
        raise EditError("the top-level 'status:' must be a one-line value")
    history = spans.values.get(("history",))
    if history is None or history.kind != "seq":
        raise EditError("the claim's 'history:' must be a list of entries")
    writer = _Writer(text, spans, entry)
    for i in range(writer.count):
        if spans.values[("history", i)].kind != "map":
            raise EditError(f"history entry {i + 1} is not a mapping of date, status and note")
    inserts = writer.flow_entry() if history.style == "flow" else [writer.block_entry()]
    edits = [(at, at, added) for at, added in inserts]
    if set_status:
        edits.append((status.start, status.end, scalar(entry.status, status.style, status.flow)))
    edits.sort(reverse=True)
    for start, end, replacement in edits:
        text = text[:start] + replacement + text[end:]
    return text


def expected_data(old: dict[str, Any], entry: NewEntry, with_evidence: bool) -> dict[str, Any]:
    """The data the edited file must load to: the old data, the status set, one entry more."""
    new_entry: dict[str, Any] = {"date": entry.date, "status": entry.status, "note": entry.note}
    if with_evidence:
        new_entry["evidence"] = [
            item if isinstance(item, str) else item.data() for item in entry.evidence
        ]
    new_entry.update({key: as_read(value) for key, value in entry.mappings().items()})
    data = dict(old)
    data["status"] = entry.status
    data["history"] = [*old["history"], new_entry]
    return data


def edit_status(raw: bytes, relpath: str, entry: NewEntry, rationale: str | None = None) -> bytes:
    """The claim file's new bytes, checked to load as the old data plus exactly this change:
    the entry (with the fingerprints of what readers read from it on), the status and,
    when given, the ``rationale`` in its own style."""

    def splice(text: Text) -> Spliced:
        with_evidence = bool(entry.evidence) or any(
            isinstance(e, dict) and "evidence" in e for e in text.data.get("history") or ()
        )
        before, data = text.text, text.data
        _refuse_hidden_corrections(data, PurePosixPath(text.rel).stem)
        if rationale is not None:
            before = replace_text(before, "rationale", rationale)
            data = {**data, "rationale": rationale}
        values = values_of_data(data)
        stamped = replace(entry, read=prints_of(values)) if values is not None else entry
        return Spliced(
            record_status_change(before, stamped),
            expected_data(data, stamped, with_evidence),
            "the status change",
        )

    return checked_splice(raw, relpath, splice)


def _refuse_hidden_corrections(data: Mapping[str, Any], claim_id: str) -> None:
    """Refused when the statement, claimant or quantity changed since the latest entry's
    fingerprints with no correction saying so: the new entry's would hide the change for
    good.  The rationale is the new status's reason (``--rationale``, or edited first)."""
    history = data.get("history")
    last = history[-1] if isinstance(history, list) and history else None
    if not isinstance(last, dict):
        return
    read = last.get("read")
    values = values_of_data(data)
    if not isinstance(read, dict) or values is None:
        return  # no fingerprint to compare with (check says what else is wrong)
    then = {k: v for k, v in read.items() if k in READ_FIELDS and isinstance(v, str)}
    changed = [n for n in changed_since(prints_of(values), then) if n != "rationale"]
    if changed:
        raise EditError(
            f"{' and '.join(changed)} changed since the history entry of {last.get('date')}, and "
            "no correction says so: a status change would hide it; record it first with "
            f"`claimtrack correct {claim_id} --note TEXT`"
        )


def replace_text(text: str, key: str, value: str) -> str:
    """``text`` with the top-level text ``key:`` written anew in its own style (a folded
    block stays one, refolded)."""
    span = spans_of(text).values.get((key,))
    if span is None or span.kind != "scalar":
        raise EditError(f"the claim has no top-level '{key}:' text to replace")
    return text[: span.start] + quote_scalar(text, span, value) + text[block_end(text, span) :]
