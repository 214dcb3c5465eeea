"""recheck --save's splices of a source record: one revision more, or the first snapshot,
in the file's own layout, comments kept; a shape they do not handle is refused."""

from __future__ import annotations

import pytest

from claimtrack.edit.changes.versions import edit_add_revision, edit_add_snapshot
from claimtrack.errors import EditError

SHA = "a" * 64
GONE: dict[str, str | None] = {"retrieved": "2026-12-02", "outcome": "gone"}
MOVED: dict[str, str | None] = {
    "retrieved": "2026-12-01",
    "outcome": "moved",
    "url": "https://example.org/a b?x=1#y",
    "sha256": SHA,
    "html_sha256": None,
}
HEAD = "title: T\nlanguage: en\nkind: primary\n"
SNAPSHOT = f"snapshot:\n  retrieved: 2026-11-30\n  sha256: {SHA}\n"


def revised(text: str, entry: dict[str, str | None] = GONE) -> str:
    return edit_add_revision(text.encode(), "sources/x.yaml", entry).decode()


def test_the_first_revision_goes_after_the_snapshot() -> None:
    text = HEAD + SNAPSHOT + "# the next key's comment\narchive_public: false\n"
    assert revised(text) == (
        HEAD + SNAPSHOT + "revisions:\n  - retrieved: 2026-12-02\n    outcome: gone\n"
        "# the next key's comment\narchive_public: false\n"
    )


def test_a_revision_appended_after_the_last_and_its_comments() -> None:
    text = (
        HEAD + "revisions:   # found by recheck\n"
        "    - retrieved: 2026-12-01  # the first\n"
        "      outcome: gone\n"
        "      # still gone a week later\n"
        "reviewed_uncited: []\n"
    )
    assert revised(text, MOVED) == (
        HEAD + "revisions:   # found by recheck\n"
        "    - retrieved: 2026-12-01  # the first\n"
        "      outcome: gone\n"
        "      # still gone a week later\n"
        "    - retrieved: 2026-12-01\n"
        "      outcome: moved\n"
        "      url: https://example.org/a b?x=1#y\n"
        f"      sha256: {SHA}\n"
        "reviewed_uncited: []\n"
    )


def test_an_empty_list_and_an_empty_key_are_filled_in() -> None:
    entry = "  - retrieved: 2026-12-02\n    outcome: gone\n"
    assert revised(HEAD + "revisions: []  # none yet\nnotes: n\n") == (
        HEAD + "revisions:     # none yet\n" + entry + "notes: n\n"
    )
    assert revised(HEAD + "revisions:\nnotes: n\n") == HEAD + "revisions:\n" + entry + "notes: n\n"


def test_line_ends_and_a_missing_last_newline_are_kept() -> None:
    crlf = revised((HEAD + SNAPSHOT).replace("\n", "\r\n"))
    assert crlf.endswith("revisions:\r\n  - retrieved: 2026-12-02\r\n    outcome: gone\r\n")
    assert "\n" not in crlf.replace("\r\n", "")
    assert revised(HEAD.rstrip("\n")).endswith(
        "kind: primary\nrevisions:\n  - retrieved: 2026-12-02\n    outcome: gone\n"
    )


def test_shapes_it_does_not_handle_are_refused() -> None:
    with pytest.raises(EditError, match="block list"):
        revised(HEAD + "revisions: [{retrieved: 2026-12-01, outcome: gone}]\n")
    with pytest.raises(EditError, match="must be a list"):
        revised(HEAD + "revisions: none\n")


def test_the_first_snapshot_in_place_of_an_empty_one() -> None:
    snap: dict[str, str | None] = {"retrieved": "2026-12-01", "sha256": SHA, "html_sha256": SHA}
    text = HEAD + "# the archived copy\nsnapshot:\nreviewed_uncited: []\n"
    assert edit_add_snapshot(text.encode(), "s.yaml", snap).decode() == (
        HEAD + "# the archived copy\nsnapshot:\n  retrieved: 2026-12-01\n"
        f"  sha256: {SHA}\n  html_sha256: {SHA}\nreviewed_uncited: []\n"
    )
    assert (
        edit_add_snapshot(HEAD.encode(), "s.yaml", snap)
        .decode()
        .startswith(HEAD + "snapshot:\n  retrieved: 2026-12-01\n")
    )
    with pytest.raises(EditError, match="already has a snapshot"):
        edit_add_snapshot((HEAD + SNAPSHOT).encode(), "s.yaml", snap)
