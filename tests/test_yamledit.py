"""The text surgery behind `claimtrack status`: any text is quoted safely, every list shape works."""

from __future__ import annotations

import pytest

from claimtrack.edit.changes.status import NewEntry, edit_status
from claimtrack.errors import EditError
from claimtrack.load.yamlsource import parse_document

from .conftest import FIXTURES

EXPECTED = FIXTURES / "status"

NASTY_NOTES = [
    "",
    " leading space",
    "trailing space ",
    "key: value",
    "#not a comment",
    "text #not a comment",
    "- a dash",
    "[bracket]",
    "{brace}",
    "a, b, c",
    "yes",
    "No",
    "null",
    "~",
    "1.10",
    "0x1F",
    "2026-01-01",
    "12:30",
    "tab\there",
    "two\nlines",
    "line\u2028separator",
    'double "quotes"',
    "back\\slash",
    "'single'",
    "日本語のメモ",
    "emoji 🎉",
    "control \x00\x07\x1b",
    "%percent",
    "@at",
    "`tick",
    "!bang",
    "&amp",
    "*star",
    "|pipe",
    ">gt",
    "?q",
    ":colon",
    "colon:",
    "\ufeffbom",
    "...",
    "---",
    "nel\x85here",
]


@pytest.mark.parametrize("name", ["block-comments", "flow-history", "flow-multiline"])
def test_any_note_round_trips(name: str) -> None:
    raw = (EXPECTED / "claims" / f"{name}.yaml").read_bytes()
    for note in NASTY_NOTES:
        entry = NewEntry("2026-11-16", "disputed", note, ("bench-weekly",))
        new = parse_document(edit_status(raw, "c.yaml", entry), "c.yaml").data
        assert new is not None
        assert new["history"][-1]["note"] == note
        assert new["status"] == "disputed"


def test_any_status_text_is_written_safely() -> None:
    raw = (EXPECTED / "claims" / "block-comments.yaml").read_bytes()
    for status in ["false", "null", "a: b", "x # y", "[x]", "two\nlines"]:
        data = parse_document(edit_status(raw, "c.yaml", NewEntry("2026-11-16", status, "n")), "c")
        assert data.data is not None
        assert data.data["status"] == status == data.data["history"][-1]["status"]


def test_unsupported_shapes_are_refused_with_a_reason() -> None:
    no_status = b"history:\n  - date: 2026-10-02\n    status: unverified\n    note: x\n"
    with pytest.raises(EditError, match="no top-level 'status:'"):
        edit_status(no_status, "c.yaml", NewEntry("2026-11-16", "disputed", "n"))
    not_a_list = b"status: unverified\nhistory: none\n"
    with pytest.raises(EditError, match="must be a list"):
        edit_status(not_a_list, "c.yaml", NewEntry("2026-11-16", "disputed", "n"))
    block_status = b"status: |\n  unverified\nhistory: []\n"
    with pytest.raises(EditError, match="one-line value"):
        edit_status(block_status, "c.yaml", NewEntry("2026-11-16", "disputed", "n"))


@pytest.mark.parametrize(
    ("history", "expected"),
    [
        (  # one entry per line, no trailing comma, a comment: the comma goes after the brace
            "history: [\n  {date: 2026-10-02, status: unverified, note: R}  # c\n]\n",
            "history: [\n  {date: 2026-10-02, status: unverified, note: R},  # c\n"
            "  {date: 2026-11-16, status: disputed, note: Note}\n]\n",
        ),
        (  # the list closes on the last entry's line
            "history: [\n    {date: 2026-10-02, status: unverified, note: R}]\n",
            "history: [\n    {date: 2026-10-02, status: unverified, note: R},\n"
            "    {date: 2026-11-16, status: disputed, note: Note}]\n",
        ),
        (  # an empty flow list
            "history: []\n",
            "history: [{date: 2026-11-16, status: disputed, note: Note}]\n",
        ),
        (  # a block list of flow mappings
            "history:\n- {date: 2026-10-02, status: unverified, note: R}\n",
            "history:\n- {date: 2026-10-02, status: unverified, note: R}\n"
            "- {date: 2026-11-16, status: disputed, note: Note}\n",
        ),
    ],
)
def test_flow_shapes(history: str, expected: str) -> None:
    raw = f"status: unverified\n{history}".encode()
    new = edit_status(raw, "c.yaml", NewEntry("2026-11-16", "disputed", "Note"))
    assert new.decode() == f"status: disputed\n{expected}"
