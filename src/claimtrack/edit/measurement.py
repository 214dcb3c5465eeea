"""Append a commented measurement skeleton to a claim, keeping the file as the editor wrote it.

Like a status change (yamledit.py), the skeleton is spliced into the text at the spans
the parser reports, never by dumping the YAML again: after the last item of a block
``measurements:`` list, in place of an empty ``measurements: []``, or, when the claim has
no such key, as a new key before ``status:``.  The result is parsed again and must hold
the old data plus exactly one measurement more.
"""

from __future__ import annotations

from ..load.yamlsource import parse_document
from ..problems import a_or_an
from .scaffold import skeleton
from .spans import parse_spans
from .yamledit import EditError, append_item, line_start


def _item(today: str, dash_col: int, nl: str) -> str:
    text = skeleton("measurement.yaml", values={"today": today})
    return "".join(" " * dash_col + line + nl for line in text.splitlines())


def add_measurement(text: str, today: str) -> str:
    """``text`` with one measurement skeleton more at the end of its ``measurements:``."""
    spans = parse_spans(text)
    if spans is None:
        raise EditError("the file is not a YAML mapping that can be edited")
    nl = "\r\n" if "\r\n" in text else "\n"
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


def edit_add_measurement(raw: bytes, relpath: str, today: str) -> bytes:
    """The claim file's new bytes, checked to load as the old data plus one measurement."""
    bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
    old = parse_document(raw, relpath)
    if old.data is None:
        raise EditError("the file does not load; fix it first (run claimtrack check)")
    kind = old.data.get("kind")
    if kind != "figure":
        raise EditError(
            f"{relpath} is {a_or_an(str(kind)) if kind else 'a claim without a kind'}: "
            "only figures carry measurements"
        )
    text = raw[len(bom) :].decode("utf-8")
    new_raw = bom + add_measurement(text, today).encode("utf-8")
    new = parse_document(new_raw, relpath)
    before = old.data.get("measurements") or []
    after = new.data.get("measurements") if isinstance(new.data, dict) else None
    rest_same = isinstance(new.data, dict) and {
        k: v for k, v in new.data.items() if k != "measurements"
    } == {k: v for k, v in old.data.items() if k != "measurements"}
    if not (
        isinstance(after, list)
        and after[:-1] == before
        and len(after) == len(before) + 1
        and rest_same
    ):
        raise EditError(
            "could not splice the measurement into this file's layout safely; "
            "add it by hand (and please report the file's shape)"
        )
    return new_raw
