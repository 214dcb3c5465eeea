"""Citing a later version of a source (issue 26 §1): an evidence item's `revision:` names an
entry of its source's `revisions:`, and its quote is proven against that version's text.

tests/fixtures/revisions: acme-post's first copy says "up to 3x faster" and "ships in
December"; its revision of 2026-10-01 says "up to 3x faster" and "ships in January"; that
of 2026-11-15 says "faster" (no figure) and "ships in January".  beta-review's only
revision is gone.  rocket-ships cites the revisions of 2026-10-01 and 2026-11-15.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types

from claimtrack.codes import Code
from claimtrack.commands.options import evidence_arg
from claimtrack.layout import editor_offset
from claimtrack.load import load_tracker
from claimtrack.lsp.features.actions import code_actions
from claimtrack.lsp.features.complete import complete
from claimtrack.lsp.features.define import definition
from claimtrack.lsp.features.hover import hover
from claimtrack.lsp.view import make_view
from claimtrack.records import Revision, RevisionOutcome, revision_index, revision_keys

from .conftest import TODAY, Result
from .feature_support import at as cursor_at
from .feature_support import cursor
from .test_checks import at, edit, only, problems

Run = Callable[..., Result]
SHIPS = "claims/rocket-ships.yaml"
FIRST = "    revision: 2026-10-01\n    quote: The engine ships in January.\n"


@pytest.fixture
def root(tracker: Callable[[str], Path]) -> Path:
    return tracker("revisions")


def quote_problems(run_cli: Run, root: Path) -> list[dict[str, object]]:
    wanted = {"quote-not-found", "quote-unchecked", "revision-unknown", "revision-gone"}
    return [p for p in problems(run_cli, root) if p["code"] in wanted]


# The key of a revision


def revision(day: str, outcome: RevisionOutcome = RevisionOutcome.CHANGED) -> Revision:
    sha = None if outcome is RevisionOutcome.GONE else "0" * 64
    return Revision.model_validate({"retrieved": day, "outcome": outcome.value, "sha256": sha})


def test_a_revision_is_keyed_by_its_date_and_a_days_later_entries_by_their_rank() -> None:
    """DATE#n counts every entry of that day, a gone one included, as translation keys do."""
    revisions = [
        revision("2026-11-29"),
        revision("2026-11-29", RevisionOutcome.GONE),
        revision("2026-11-29"),
        revision("2026-11-30"),
    ]
    assert revision_keys(revisions) == ["2026-11-29", "2026-11-29#2", "2026-11-29#3", "2026-11-30"]
    assert revision_index(revisions, "2026-11-29#3") == 2
    assert revision_index(revisions, "2026-11-29#4") is None


# check: the quote proven against the version it cites


def test_quotes_citing_revisions_are_proven_against_them(run_cli: Run, root: Path) -> None:
    """rocket-ships' quotes stand in the revisions they cite, not in the first copy."""
    assert quote_problems(run_cli, root) == []
    first = (root / "sources/acme-post.txt").read_text(encoding="utf-8")
    assert "The engine ships in January." not in first


def test_a_quote_is_proven_against_the_revision_it_names(run_cli: Run, root: Path) -> None:
    """Words of the first copy, cited from a revision that no longer holds them, fail: the
    message names that revision's file, the hint the first copy."""
    edit(
        root / SHIPS, FIRST, "    revision: 2026-10-01\n    quote: The engine ships in December.\n"
    )
    problem = only(quote_problems(run_cli, root), "quote-not-found")
    assert at(problem) == (SHIPS, 11, 12)
    assert "sources/acme-post.revisions/2026-10-01.txt" in str(problem["message"])
    assert str(problem["hint"]).startswith("found in the first copy, sources/acme-post.txt")


def test_the_hint_names_the_revision_that_holds_the_quote(run_cli: Run, root: Path) -> None:
    """A quote of a later version cited without revision: still an error, with the way out."""
    edit(root / SHIPS, FIRST, "    quote: The engine ships in January.\n")
    problem = only(quote_problems(run_cli, root), "quote-not-found")
    assert problem["severity"] == "error"
    assert at(problem) == (SHIPS, 10, 12)
    assert "sources/acme-post.txt" in str(problem["message"])
    # The latest version that holds it first.
    assert str(problem["hint"]).startswith(
        "found in revision 2026-11-15: cite it as acme-post@2026-11-15"
    )


def test_the_hint_names_an_earlier_revision_too(run_cli: Run, root: Path) -> None:
    """ "up to 3x" is in the first copy and the revision of 2026-10-01, not in that of
    2026-11-15: cited from it, the hint names the latest version that holds it."""
    edit(root / SHIPS, FIRST, "    revision: 2026-11-15\n    quote: It runs up to 3x faster\n")
    problem = only(quote_problems(run_cli, root), "quote-not-found")
    assert "sources/acme-post.revisions/2026-11-15.txt" in str(problem["message"])
    assert str(problem["hint"]).startswith(
        "found in revision 2026-10-01: cite it as acme-post@2026-10-01"
    )


def test_a_quote_in_no_version_gets_the_hint_of_where_it_parts(run_cli: Run, root: Path) -> None:
    edit(root / SHIPS, FIRST, "    revision: 2026-10-01\n    quote: The engine ships in March.\n")
    problem = only(quote_problems(run_cli, root), "quote-not-found")
    assert "found in" not in str(problem["hint"])


def test_an_unknown_revision_is_an_error_at_its_value_naming_the_revisions(
    run_cli: Run, root: Path
) -> None:
    edit(root / SHIPS, FIRST, "    revision: 2026-10-02\n    quote: The engine ships in January.\n")
    problem = only(quote_problems(run_cli, root), Code.REVISION_UNKNOWN.value)
    assert problem["severity"] == "error"
    assert at(problem) == (SHIPS, 10, 15)
    assert "no revision 2026-10-02" in str(problem["message"])
    assert "its revisions are 2026-10-01, 2026-11-15" in str(problem["message"])


def test_a_revision_of_a_source_without_revisions(run_cli: Run, root: Path) -> None:
    path = root / "claims/rocket-tested.yaml"
    text = path.read_text(encoding="utf-8")
    assert "  - source: beta-review\n" in text
    edit(path, "  - source: beta-review\n", "  - source: beta-review\n    revision: 2026-11-21\n")
    problem = only(quote_problems(run_cli, root), "revision-unknown")
    assert "its revisions are 2026-11-20 (gone)" in str(problem["message"])


def test_a_gone_revision_cannot_be_cited(run_cli: Run, root: Path) -> None:
    path = root / "claims/rocket-tested.yaml"
    edit(path, "  - source: beta-review\n", "  - source: beta-review\n    revision: 2026-11-20\n")
    problem = only(quote_problems(run_cli, root), Code.REVISION_GONE.value)
    assert problem["severity"] == "error"
    assert problem["path"] == "claims/rocket-tested.yaml"
    assert "revision 2026-11-20 of 'beta-review' is gone" in str(problem["message"])
    assert str(problem["hint"]) == "cite the first copy (no revision:)"


def test_a_measurements_evidence_names_a_revision_too(run_cli: Run, root: Path) -> None:
    path = root / "claims/rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    at_status = text.index("status:")
    measurement = (
        "measurements:\n  - value: 3\n    unit: x\n    measured_by: Acme\n"
        "    date: 2026-10-01\n    evidence:\n      - source: acme-post\n"
        "        revision: 2026-11-15\n        quote: It runs up to 3x faster than Rocket 1\n"
    )
    path.write_text(text[:at_status] + measurement + text[at_status:], encoding="utf-8")
    problem = only(quote_problems(run_cli, root), "quote-not-found")
    assert problem["path"] == "claims/rocket-speed.yaml"
    assert "sources/acme-post.revisions/2026-11-15.txt" in str(problem["message"])
    assert "cite it as acme-post@2026-10-01" in str(problem["hint"])
    edit(path, "        revision: 2026-11-15\n", "        revision: 2026-10-01\n")
    assert quote_problems(run_cli, root) == []


# status --evidence SOURCE@REVISION


def status(run_cli: Run, root: Path, *args: str) -> Result:
    return run_cli(
        "status", "rocket-ships", "disputed", "--note", "Acme dropped the figure",
        *args, "--date", "2026-11-16", "--root", root, "--today", TODAY,
    )  # fmt: skip


def test_evidence_arg_takes_a_revision_after_the_at() -> None:
    assert evidence_arg("acme-post") == ("acme-post", None)
    assert evidence_arg("acme-post@2026-12-01") == ("acme-post", "2026-12-01")
    assert evidence_arg("acme-post@2026-12-01#2") == ("acme-post", "2026-12-01#2")
    with pytest.raises(argparse.ArgumentTypeError, match="acme-newsroom@2026-12-01"):
        evidence_arg("acme-post@1 December")


def test_status_cites_a_revision(run_cli: Run, root: Path) -> None:
    path = root / SHIPS
    before = path.read_text(encoding="utf-8")
    result = status(
        run_cli,
        root,
        "--evidence",
        "acme-post@2026-11-15",
        "--quote",
        "It runs faster than Rocket 1",
    )
    assert result.code == 0, result.output
    # What readers read from then on (read:, the corrections' fingerprints) is the tool's.
    written = re.sub(r"    read:\n(?:      .*\n)+", "", path.read_text(encoding="utf-8"))
    assert written == before.replace(
        "rationale:",
        "  - date: 2026-11-16\n    status: disputed\n    note: Acme dropped the figure\n"
        "    evidence:\n      - source: acme-post\n        revision: 2026-11-15\n"
        "        quote: It runs faster than Rocket 1\nrationale:",
        1,
    ).replace("status: unverified\nhistory:", "status: disputed\nhistory:")
    entry = load_tracker(root).claims["rocket-ships"].record.history[-1]
    [item] = entry.evidence
    assert not isinstance(item, str) and item.revision == "2026-11-15"
    assert quote_problems(run_cli, root) == []


def test_status_refuses_a_quote_not_in_the_revision_with_the_hint(run_cli: Run, root: Path) -> None:
    before = (root / SHIPS).read_bytes()
    result = status(
        run_cli, root, "--evidence", "acme-post@2026-11-15", "--quote", "It runs up to 3x faster"
    )
    assert result.code == 1, result.output
    assert "[quote-not-found]" in result.err
    assert "sources/acme-post.revisions/2026-11-15.txt" in result.err
    assert "found in revision 2026-10-01: cite it as acme-post@2026-10-01" in result.err
    assert (root / SHIPS).read_bytes() == before


def test_status_refuses_an_unknown_or_gone_revision(run_cli: Run, root: Path) -> None:
    before = (root / SHIPS).read_bytes()
    result = status(run_cli, root, "--evidence", "acme-post@2026-12-01", "--quote", "It runs")
    assert result.code == 1 and "[revision-unknown]" in result.err, result.output
    result = status(run_cli, root, "--evidence", "beta-review@2026-11-20", "--quote", "Beta")
    assert result.code == 1 and "[revision-gone]" in result.err, result.output
    assert (root / SHIPS).read_bytes() == before


def test_status_needs_a_quote_after_a_revision(run_cli: Run, root: Path) -> None:
    before = (root / SHIPS).read_bytes()
    result = status(run_cli, root, "--evidence", "acme-post@2026-11-15")
    assert result.code == 2 and "needs a --quote after it" in result.err, result.output
    result = status(run_cli, root, "--evidence", "acme-post@yesterday", "--quote", "It runs")
    assert result.code == 2 and "after the @" in result.err, result.output
    assert (root / SHIPS).read_bytes() == before


# The language server


def completed(root: Path, marked: str) -> list[str]:
    text, position = cursor(marked)
    return [
        item.label
        for item in complete(make_view(root, dt.date(2026, 11, 30)), SHIPS, text, position)
    ]


def test_completion_offers_the_citable_revisions(root: Path) -> None:
    """In revision: and after source: ID@, the keys of the source's revisions not gone."""
    assert completed(root, "evidence:\n  - source: acme-post\n    revision: ‸\n") == [
        "2026-10-01",
        "2026-11-15",
    ]
    assert completed(root, "evidence:\n  - source: acme-post\n    revision: 2026-11-1‸\n") == [
        "2026-11-15"
    ]
    assert completed(root, "evidence:\n  - source: beta-review\n    revision: ‸\n") == []
    assert completed(root, "evidence:\n  - source: acme-post@‸\n    quote: x\n") == [
        "2026-10-01",
        "2026-11-15",
    ]


def test_completion_after_the_at_writes_the_revision_key(root: Path) -> None:
    text, position = cursor("evidence:\n  - source: acme-post@2026-11-1‸\n    quote: x\n")
    [item] = complete(make_view(root, dt.date(2026, 11, 30)), SHIPS, text, position)
    assert item.text_edit is not None
    line = text.split("\n")[1]
    edit_ = item.text_edit
    assert isinstance(edit_, types.TextEdit)
    start, end = edit_.range.start.character, edit_.range.end.character
    assert line[:start] + edit_.new_text + line[end:] == (
        "  - source: acme-post\n    revision: 2026-11-15"
    )


def test_the_quick_fix_uses_the_words_of_the_cited_revision(root: Path) -> None:
    """A quote that differs from its revision only in case: the fix takes the revision's
    characters (the first copy says December, so it could offer nothing)."""
    path = root / SHIPS
    edit(path, FIRST, "    revision: 2026-10-01\n    quote: the engine ships in january.\n")
    text = path.read_text(encoding="utf-8")
    view = make_view(root, dt.date(2026, 11, 30))
    found = [p for p in view.by_path.get(SHIPS, ()) if p.code == Code.QUOTE_NOT_FOUND]
    assert found
    actions = code_actions(view, SHIPS, text, found)
    titles = [action.title for action in actions]
    assert any("sources/acme-post.revisions/2026-10-01.txt" in title for title in titles), titles
    [fix] = [a for a in actions if "2026-10-01.txt" in a.title]
    assert fix.edit is not None and fix.edit.changes is not None
    [edits] = fix.edit.changes.values()
    assert [e.new_text for e in edits] == ["The engine ships in January."]


# The site


def test_claims_json_names_the_revision_each_quote_cites(
    run_cli: Run, root: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    result = run_cli("build", "--root", root, "--out", out, "--today", TODAY)
    assert result.code == 0, result.output
    claims = {c["id"]: c for c in json.loads((out / "claims.json").read_text())["claims"]}
    [ev] = claims["rocket-ships"]["evidence"]
    assert ev["revision"] == "2026-10-01"
    assert ev["quote_check"] == "found"
    # The context is the revision's, not the first copy's.
    assert ev["context_before"].endswith("says Acme.\n")
    assert claims["rocket-speed"]["evidence"][0]["revision"] is None
    page = (out / "claims/rocket-ships/index.html").read_text()
    assert "sources/acme-post/archive/2026-10-01/index.html#" in page
    # The history's quote says which version it cites (the timeline links no archive).
    assert 'datetime="2026-11-15">15 November 2026</time>, a later version' in page
    archive = (out / "sources/acme-post/archive/2026-10-01/index.html").read_text()
    assert "The engine ships in January." in archive
    assert "The engine ships in December." not in archive


def test_completion_in_a_flow_mapping(root: Path) -> None:
    marked = "history:\n  - evidence: [{source: acme-post, revision: 2026-‸}]\n"
    assert completed(root, marked) == ["2026-10-01", "2026-11-15"]


def test_hover_and_definition_use_the_cited_revision(root: Path) -> None:
    """The quote is found in the revision it cites, and shown in that version's context."""
    view = make_view(root, dt.date(2026, 11, 30))
    text = (root / SHIPS).read_text(encoding="utf-8")
    found_text, position = cursor_at(text, "The engine ships in January.", 4)
    shown = hover(view, SHIPS, found_text, position)
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    assert shown.contents.value.startswith(
        "**Found** in `sources/acme-post.revisions/2026-10-01.txt`"
    )
    [place] = definition(view, SHIPS, found_text, position)
    assert place.uri.endswith("sources/acme-post.revisions/2026-10-01.txt")


def test_a_quick_fix_cites_the_revision_that_holds_the_quote(run_cli: Run, root: Path) -> None:
    """The hint's way out as a fix: revision: set to the latest version holding the words."""
    path = root / SHIPS
    edit(path, FIRST, "    quote: The engine ships in January.\n")
    text = path.read_text(encoding="utf-8")
    view = make_view(root, dt.date(2026, 11, 30))
    found = [p for p in view.by_path.get(SHIPS, ()) if p.code == Code.QUOTE_NOT_FOUND]
    [fix] = [a for a in code_actions(view, SHIPS, text, found) if "revision" in a.title]
    assert fix.title == (
        "Cite the revision of 2026-11-15, which holds these words: revision: 2026-11-15"
    )
    assert fix.edit is not None and fix.edit.changes is not None
    [edits] = fix.edit.changes.values()
    fixed = text
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))[::-1]:
        start = editor_offset(text, e.range.start.line, e.range.start.character)
        end = editor_offset(text, e.range.end.line, e.range.end.character)
        fixed = fixed[:start] + e.new_text + fixed[end:]
    assert '  - source: acme-post\n    revision: "2026-11-15"\n    quote: The engine' in fixed
    path.write_text(fixed, encoding="utf-8")
    assert quote_problems(run_cli, root) == []
