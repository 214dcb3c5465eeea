"""`claimtrack lsp` end to end: the real server process, driven over stdio as Neovim 0.11
and VS Code drive it (their capabilities, from pytest-lsp)."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.lsp_support import (
    EDITORS,
    change,
    check_json,
    codes,
    copy_fixture,
    diagnostics_until,
    open_file,
    server_command,
    start,
)

pytestmark = pytest.mark.asyncio(loop_scope="function")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command()), params=EDITORS)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient, root: Path):
    await start(lsp_client, root, request.param)
    yield
    await lsp_client.shutdown_session()


async def test_an_open_record_gets_the_problems_check_reports(
    client: LanguageClient, root: Path
) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8").replace("source: acme-post", "source: acme-psot")
    claim.write_text(text, encoding="utf-8")  # saved, so that check sees it too
    uri = open_file(client, claim)
    found = await diagnostics_until(client, uri, lambda d: len(d) > 0)
    expected = [p for p in check_json(root) if p["path"] == "claims/rocket-speed.yaml"]
    assert expected, "the broken claim has problems"
    got = [
        {
            "line": d.range.start.line + 1,
            "column": d.range.start.character + 1,
            "severity": {1: "error", 2: "warning"}[int(d.severity or 0)],
            "code": d.code,
            "message": d.message,
            "source": d.source,
        }
        for d in found
    ]
    want = [
        {
            "line": p["line"],
            "column": p["column"],
            "severity": p["severity"],
            "code": p["code"],
            "message": p["message"] if p["hint"] is None else f"{p['message']}; {p['hint']}",
            "source": "claimtrack",
        }
        for p in expected
    ]
    assert got == want


async def test_a_quote_edited_away_from_its_archive_is_flagged_and_restored(
    client: LanguageClient, root: Path
) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    original = claim.read_text(encoding="utf-8")
    uri = open_file(client, claim)
    await diagnostics_until(client, uri, lambda d: "quote-not-found" not in codes(d))
    edited = original.replace("up to 3x faster than Rocket 1", "up to 4x faster than Rocket 1")
    change(client, uri, 2, edited)  # unsaved: the file on disk is unchanged
    found = await diagnostics_until(client, uri, lambda d: "quote-not-found" in codes(d))
    (bad,) = [d for d in found if d.code == "quote-not-found"]
    assert bad.range.start.line == original.splitlines().index(
        "    quote: It runs up to 3x faster than Rocket 1"
    )
    assert bad.range.start.character == len("    quote: ")
    assert bad.range.end.character == len("    quote: It runs up to 4x faster than Rocket 1")
    change(client, uri, 3, original)
    await diagnostics_until(client, uri, lambda d: "quote-not-found" not in codes(d))


async def test_a_claim_is_checked_again_when_its_archive_changes_on_disk(
    client: LanguageClient, root: Path
) -> None:
    uri = open_file(client, root / "claims" / "rocket-speed.yaml")
    await diagnostics_until(client, uri, lambda d: "quote-not-found" not in codes(d))
    archive = root / "sources" / "acme-post.txt"
    archive.write_text(archive.read_text(encoding="utf-8").replace("3x", "6x"), encoding="utf-8")
    await diagnostics_until(client, uri, lambda d: "quote-not-found" in codes(d))


async def test_an_unsaved_source_edit_reaches_the_claims_citing_it(
    client: LanguageClient, root: Path
) -> None:
    claim_uri = open_file(client, root / "claims" / "rocket-speed.yaml")
    await diagnostics_until(client, claim_uri, lambda d: "quote-unchecked" not in codes(d))
    source = root / "sources" / "acme-post.yaml"
    source_uri = open_file(client, source)
    # The source says its archived copy has another hash: the quote is still proven, but
    # the source's own diagnostics change, from its unsaved text.
    text = source.read_text(encoding="utf-8").replace("sha256: c432", "sha256: d432")
    change(client, source_uri, 2, text)
    await diagnostics_until(client, source_uri, lambda d: "snapshot-mismatch" in codes(d))
    # The source now says it is in French: the claim quoting it, unsaved edit and all,
    # owes its quote an English translation.
    assert "translation-missing" not in codes(client.diagnostics[claim_uri])
    change(client, source_uri, 3, text.replace("language: en", "language: fr"))
    await diagnostics_until(client, claim_uri, lambda d: "translation-missing" in codes(d))
    change(client, source_uri, 4, text)
    await diagnostics_until(client, claim_uri, lambda d: "translation-missing" not in codes(d))


async def test_the_first_check_reports_progress(client: LanguageClient, root: Path) -> None:
    uri = open_file(client, root / "claims" / "rocket-speed.yaml")
    await diagnostics_until(client, uri, lambda d: True)
    reports = client.progress_reports.get("claimtrack-index")
    if client.capabilities is not None and client.capabilities.window is not None:
        assert client.capabilities.window.work_done_progress
    assert reports is not None
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)


async def test_a_closed_record_loses_its_diagnostics(client: LanguageClient, root: Path) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    uri = open_file(client, claim, claim.read_text(encoding="utf-8") + "status: true\n")
    await diagnostics_until(client, uri, lambda d: "duplicate-key" in codes(d))
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await diagnostics_until(client, uri, lambda d: len(d) == 0)
