"""A source's versions in its record: the first ``snapshot:`` (written by `new source`
with a copy, and by `recheck --save` for a source that had none) and one entry more under
``revisions:`` (`recheck --save`), spliced into the editor's text as `status` splices a
history entry (changes/status.py): every comment, blank line and key stays where it was.

Each splice goes through the one checked splice (edit/splice.py): a text shaped in a way
these splices do not handle is refused (EditError), never rewritten.
"""

from __future__ import annotations

from ...errors import EditError
from ...layout import newline
from ..scalars import scalar
from ..spans import Spans
from ..splice import (
    Spliced,
    Text,
    after_content,
    append_item,
    checked_splice,
    spans_of,
    with_key,
)

# The keys of a revisions: entry, in the order they are written.
ENTRY_KEYS = ("retrieved", "outcome", "url", "sha256", "html_sha256")
SNAPSHOT_KEYS = ("retrieved", "sha256", "html_sha256")


def _lines(pairs: dict[str, str], indent: int, dash: bool, nl: str) -> str:
    """The pairs as block lines at ``indent``; the first after ``- `` when ``dash``."""
    out = []
    for n, (key, value) in enumerate(pairs.items()):
        # Dates and hex digests are plain; an address is written as a reader gets it back.
        written = value if key != "url" else scalar(value, "plain", flow=False)
        head = " " * indent
        if dash:
            head = head + "- " if n == 0 else " " * (indent + 2)
        out.append(f"{head}{key}: {written}{nl}")
    return "".join(out)


def _ordered(values: dict[str, str | None], keys: tuple[str, ...]) -> dict[str, str]:
    return {k: v for k in keys if (v := values.get(k)) is not None}


def _top_level_end(text: str, spans: Spans, key: str) -> int | None:
    """Where a new top-level key goes after the node of ``key``, or None without it."""
    if (key,) not in spans.values or (key,) not in spans.keys:
        return None
    return after_content(text, spans, (key,), 0)


def _with_key(text: str, key: str, block: str, after: str | None, nl: str) -> str:
    """``text`` with a new top-level ``key:`` and its ``block`` after the node of ``after``
    (or at the end of the file)."""
    spans = spans_of(text)
    at = _top_level_end(text, spans, after) if after is not None else None
    if at is None:
        lead = "" if text.endswith("\n") or not text else nl
        return text + lead + f"{key}:{nl}" + block
    lead = "" if at < len(text) or text.endswith("\n") else nl
    return text[:at] + lead + f"{key}:{nl}" + block + text[at:]


def add_revision(text: str, entry: dict[str, str | None]) -> str:
    """``text`` with ``entry`` appended to its ``revisions:`` list (made after ``snapshot:``
    when the record has none)."""
    spans = spans_of(text)
    nl = newline(text)
    pairs = _ordered(entry, ENTRY_KEYS)
    key = spans.keys.get(("revisions",))
    value = spans.values.get(("revisions",))
    if key is None or value is None:
        return _with_key(text, "revisions", _lines(pairs, 2, True, nl), "snapshot", nl)
    return append_item(
        text,
        spans,
        "revisions",
        lambda dash_col: _lines(pairs, dash_col, True, nl),
        nl,
        "write revisions as a block list (one '- retrieved: ...' item per revision) "
        "for recheck --save to add one",
    )


def add_snapshot(text: str, snapshot: dict[str, str | None]) -> str:
    """``text`` with its first ``snapshot:`` filled in: in place of an empty ``snapshot:``
    (as `new source` leaves it without an archived copy), else as a new key at the end."""
    spans = spans_of(text)
    nl = newline(text)
    pairs = _ordered(snapshot, SNAPSHOT_KEYS)
    key = spans.keys.get(("snapshot",))
    value = spans.values.get(("snapshot",))
    if key is None or value is None:
        return _with_key(text, "snapshot", _lines(pairs, 2, False, nl), None, nl)
    if not (value.kind == "scalar" and value.style == "plain" and value.start == value.end):
        raise EditError("the record already has a snapshot: its archived copy is not replaced")
    line_end = text.find("\n", key.end)
    at = len(text) if line_end < 0 else line_end + 1
    lead = nl if line_end < 0 else ""
    return text[:at] + lead + _lines(pairs, key.column + 1, False, nl) + text[at:]


def edit_add_revision(raw: bytes, relpath: str, entry: dict[str, str | None]) -> bytes:
    """The source file's new bytes: one revision more, checked to load as exactly that."""
    added = _ordered(entry, ENTRY_KEYS)

    def splice(text: Text) -> Spliced:
        before = text.data.get("revisions") or []
        return Spliced(
            add_revision(text.text, entry),
            with_key(text.data, "revisions", [*before, added]),
            "the revision",
        )

    return checked_splice(raw, relpath, splice)


def edit_add_snapshot(raw: bytes, relpath: str, snapshot: dict[str, str | None]) -> bytes:
    """The source file's new bytes with its first snapshot, checked to load as exactly that."""
    added = _ordered(snapshot, SNAPSHOT_KEYS)

    def splice(text: Text) -> Spliced:
        made = add_snapshot(text.text, snapshot)
        return Spliced(made, with_key(text.data, "snapshot", added), "the snapshot")

    return checked_splice(raw, relpath, splice)
