"""Append a commented measurement skeleton to a claim, keeping the file as the editor wrote it.

Like a status change (status.py), the skeleton is spliced into the text at the spans
the parser reports, never by dumping the YAML again: after the last item of a block
``measurements:`` list, in place of an empty ``measurements: []``, or, when the claim has
no such key, as a new key before ``status:``.  The result is parsed again and must hold
the old data plus exactly one measurement more.
"""

from __future__ import annotations

from typing import Any

from ...errors import EditError
from ...layout import newline
from ...load.yamlsource import parse_document
from ...problems import a_or_an
from ..scaffold import skeleton
from ..splice import Spliced, Text, append_item, checked_splice, line_start, spans_of, with_key


def _item(today: str, dash_col: int, nl: str) -> str:
    text = skeleton("measurement.yaml", values={"today": today})
    return "".join(" " * dash_col + line + nl for line in text.splitlines())


def add_measurement(text: str, today: str) -> str:
    """``text`` with one measurement skeleton more at the end of its ``measurements:``."""
    spans = spans_of(text)
    nl = newline(text)
    key = spans.keys.get(("measurements",))
    value = spans.values.get(("measurements",))
    if key is None or value is None:
        status = spans.keys.get(("status",))
        at = line_start(text, status.start) if status is not None and status.column == 1 else None
        if at is None:
            prefix = "" if text.endswith("\n") or not text else nl
            return text + prefix + "measurements:" + nl + _item(today, 2, nl)
        return text[:at] + "measurements:" + nl + _item(today, 2, nl) + text[at:]
    return append_item(
        text,
        spans,
        "measurements",
        lambda dash_col: _item(today, dash_col, nl),
        nl,
        "write measurements as a block list (one '- value: ...' item per measurement) "
        "to add one with this command",
    )


def _skeleton_data(today: str, relpath: str) -> Any:
    """The data of the measurement skeleton, as the records' reader loads it."""
    item = skeleton("measurement.yaml", values={"today": today})
    document = parse_document(f"measurements:\n{item}".encode(), relpath)
    assert isinstance(document.data, dict), document.problems  # the packaged skeleton loads
    return document.data["measurements"][0]


def edit_add_measurement(raw: bytes, relpath: str, today: str) -> bytes:
    """The claim file's new bytes, checked to load as the old data plus one measurement."""

    def splice(text: Text) -> Spliced:
        kind = text.data.get("kind")
        if kind != "figure":
            what = a_or_an(str(kind)) if kind else "a claim without a kind"
            raise EditError(f"{relpath} is {what}: only figures carry measurements")
        added = _skeleton_data(today, relpath)
        before = text.data.get("measurements") or []
        return Spliced(
            add_measurement(text.text, today),
            with_key(text.data, "measurements", [*before, added]),
            "the measurement",
        )

    return checked_splice(raw, relpath, splice)
