"""The translate splice: a record file's bytes to its new bytes (edit/apply.py's Splice).

Pure: the plan comes from the file's own data (fields.py), the new text from
merging it into the old one (merge.py).  The new text is parsed again and must
load as the old data with exactly the planned keys set, or nothing is written.
"""

from __future__ import annotations

import copy

from ...load.yamlsource import parse_document
from ..yamledit import EditError
from .fields import Plan, Request, add_plan, stamp_plan
from .merge import merge, merged_data

_BOM = b"\xef\xbb\xbf"


def plan(raw: bytes, relpath: str, request: Request) -> Plan:
    """What ``request`` writes into the file whose bytes are ``raw``."""
    data = parse_document(raw, relpath).data
    if data is None:
        raise EditError(f"{relpath} does not load; fix it first (run `claimtrack check`)")
    return (stamp_plan if request.stamp else add_plan)(data, request, relpath)


def translate(raw: bytes, relpath: str, request: Request) -> bytes:
    """The file's new bytes: ``raw`` itself when there is nothing to write."""
    old = parse_document(raw, relpath)
    todo = plan(raw, relpath, request)
    if not todo.trees:
        return raw
    bom = _BOM if raw.startswith(_BOM) else b""
    text = raw[len(bom) :].decode("utf-8")
    new_raw = bom + merge(text, todo.trees).encode("utf-8")
    new = parse_document(new_raw, relpath)
    expected = copy.deepcopy(old.data)
    for path, tree in todo.trees:
        merged_data(expected, path, tree)
    errors = sum(p.is_error for p in new.problems) > sum(p.is_error for p in old.problems)
    if errors or new.data != expected:
        raise EditError(
            f"could not splice the translation into the layout of {relpath} safely; "
            "write it by hand (and please report the file's shape)"
        )
    return new_raw
