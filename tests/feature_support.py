"""What the unit tests of the editor features (locate, complete, hover, define) share: a
text with its cursor marked, a view of a fixture tracker."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from lsprotocol import types

from claimtrack.lsp.view import View, make_view

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DAY = dt.date(2026, 11, 30)  # tests/conftest.TODAY
CURSOR = "‸"


def cursor(marked: str) -> tuple[str, types.Position]:
    """The text without its one ``‸``, and the cursor's place there: 0-based line and
    code-point column, as the features count."""
    assert marked.count(CURSOR) == 1, marked
    before = marked[: marked.index(CURSOR)]
    line = before.count("\n")
    return marked.replace(CURSOR, ""), types.Position(line, len(before) - (before.rfind("\n") + 1))


def view_of(root: str | Path) -> View:
    """A view of a fixture tracker (a name under tests/fixtures) or of a folder."""
    return make_view(FIXTURES / root if isinstance(root, str) else root, DAY)


def claim_text(root: str | Path, cid: str) -> str:
    folder = FIXTURES / root if isinstance(root, str) else root
    return (folder / "claims" / f"{cid}.yaml").read_text(encoding="utf-8")


def at(text: str, needle: str, offset: int = 0) -> tuple[str, types.Position]:
    """The cursor ``offset`` characters into the first occurrence of ``needle``."""
    i = text.index(needle) + offset
    return cursor(text[:i] + CURSOR + text[i:])
