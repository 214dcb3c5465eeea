"""The translate splice: a record file's bytes to its new bytes (edit/apply.py's Splice).

Pure: the plan comes from the file's own data (fields.py), the new text from
merging it into the old one (merge.py), through the one checked splice
(edit/splice.py): it must load as the old data with exactly the planned keys set.
"""

from __future__ import annotations

import copy
from typing import Any

from ...errors import EditError
from ...load.yamlsource import parse_document
from ..splice import Spliced, Text, checked_splice
from .fields import Plan, Request, add_plan, stamp_plan
from .merge import merge, merged_data


def plan(raw: bytes, relpath: str, request: Request) -> Plan:
    """What ``request`` writes into the file whose bytes are ``raw``."""
    data = parse_document(raw, relpath).data
    if data is None:
        raise EditError(f"{relpath} does not load; fix it first (run `claimtrack check`)")
    return plan_of(data, relpath, request)


def plan_of(data: Any, relpath: str, request: Request) -> Plan:
    """What ``request`` writes into a file whose data is ``data``."""
    return (stamp_plan if request.stamp else add_plan)(data, request, relpath)


def translate(raw: bytes, relpath: str, request: Request) -> bytes:
    """The file's new bytes: ``raw`` itself when there is nothing to write."""

    def splice(text: Text) -> Spliced | None:
        todo = plan_of(text.data, relpath, request)
        if not todo.trees and not todo.renotes:
            return None
        expected = copy.deepcopy(text.data)
        for path, tree in todo.trees:
            merged_data(expected, path, tree)
        renotes = [(r.key, r.made_from, r.note) for r in todo.renotes]
        return Spliced(merge(text.text, todo.trees, renotes), expected, "the translation")

    return checked_splice(raw, relpath, splice)
