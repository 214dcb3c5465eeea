"""`claimtrack lsp` end to end, feature by feature: completion, hover, go to definition,
code actions and the worklist as workspace diagnostics, through the real server process
with the capabilities of Neovim 0.11 and of VS Code."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.lsp_support import (
    EDITORS,
    change,
    codes,
    copy_fixture,
    diagnostics_until,
    open_file,
    server_command,
    start,
)

pytestmark = pytest.mark.asyncio(loop_scope="function")

CLAIM = "claims/rocket-speed.yaml"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command()), params=EDITORS)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient, root: Path):
    await start(lsp_client, root, request.param)
    yield
    await lsp_client.shutdown_session()


async def opened(client: LanguageClient, root: Path, text: str | None = None) -> tuple[str, str]:
    """The claim opened (with ``text`` in place of its file's), once it has been checked."""
    path = root / CLAIM
    text = path.read_text(encoding="utf-8") if text is None else text
    uri = open_file(client, path, text)
    await diagnostics_until(client, uri, lambda d: True)
    return uri, text


def at(text: str, needle: str, offset: int = 0) -> types.Position:
    """The position of ``needle`` (plus ``offset`` characters) in ``text``; the fixture's
    lines before it are ASCII, so code points and UTF-16 agree."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return types.Position(line, index - (text.rfind("\n", 0, index) + 1))


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


async def test_source_ids_are_completed_with_their_title(
    client: LanguageClient, root: Path
) -> None:
    text = (
        (root / CLAIM)
        .read_text(encoding="utf-8")
        .replace("  - source: acme-post\n", "  - source: ac\n")
    )
    uri, text = await opened(client, root, text)
    found = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=at(text, "source: ac", 10))
    )
    items = found.items if isinstance(found, types.CompletionList) else found or []
    by_label = {item.label: item for item in items}
    assert "acme-post" in by_label
    assert "Acme announces Rocket 2" in (by_label["acme-post"].detail or "")


async def test_claim_ids_are_completed_in_related(client: LanguageClient, root: Path) -> None:
    text = (
        (root / CLAIM)
        .read_text(encoding="utf-8")
        .replace("related: [rocket-price]", "related: [ro]")
    )
    uri, text = await opened(client, root, text)
    found = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=at(text, "related: [ro", 12))
    )
    items = found.items if isinstance(found, types.CompletionList) else found or []
    labels = {item.label for item in items}
    assert "rocket-price" in labels
    assert "acme-post" not in labels  # a source is no claim


async def test_statuses_are_completed(client: LanguageClient, root: Path) -> None:
    text = (
        (root / CLAIM)
        .read_text(encoding="utf-8")
        .replace("status: unverified\nhistory", "status: \nhistory")
    )
    uri, text = await opened(client, root, text)
    found = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=at(text, "status: \nhistory", 8))
    )
    items = found.items if isinstance(found, types.CompletionList) else found or []
    labels = {item.label for item in items}
    assert {"unverified", "corroborated", "verified", "undisclosed"} <= labels


async def test_a_quote_is_shown_in_its_archive_on_hover(client: LanguageClient, root: Path) -> None:
    uri, text = await opened(client, root)
    found = await client.text_document_hover_async(
        types.HoverParams(text_document=doc(uri), position=at(text, "It runs up to 3x", 3))
    )
    assert found is not None
    contents = found.contents
    value = contents.value if isinstance(contents, types.MarkupContent) else str(contents)
    assert "Acme announces the Rocket 2 engine." in value  # the sentence before
    assert "It runs up to 3x faster than Rocket 1" in value


async def test_a_source_id_is_described_on_hover(client: LanguageClient, root: Path) -> None:
    uri, text = await opened(client, root)
    found = await client.text_document_hover_async(
        types.HoverParams(text_document=doc(uri), position=at(text, "source: fr-report", 10))
    )
    assert found is not None
    contents = found.contents
    value = contents.value if isinstance(contents, types.MarkupContent) else str(contents)
    assert "Rocket 2, trois fois plus rapide" in value
    assert "Le Journal" in value


async def test_definition_of_a_source_id_and_of_a_quote(client: LanguageClient, root: Path) -> None:
    uri, text = await opened(client, root)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc(uri), position=at(text, "source: acme-post", 10))
    )
    locations = found if isinstance(found, list) else [found] if found else []
    assert [loc.uri for loc in locations] == [(root / "sources" / "acme-post.yaml").as_uri()]  # type: ignore[union-attr]
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc(uri), position=at(text, "It runs up to 3x", 3))
    )
    locations = found if isinstance(found, list) else [found] if found else []
    (location,) = locations
    assert location.uri == (root / "sources" / "acme-post.txt").as_uri()  # type: ignore[union-attr]
    archive = (root / "sources" / "acme-post.txt").read_text(encoding="utf-8")
    line = archive.splitlines()[location.range.start.line]  # type: ignore[union-attr]
    start, end = location.range.start.character, location.range.end.character  # type: ignore[union-attr]
    assert line[start:end] == "It runs up to 3x faster than Rocket 1"


async def test_a_quote_with_other_typography_is_fixed_by_a_code_action(
    client: LanguageClient, root: Path
) -> None:
    original = (root / CLAIM).read_text(encoding="utf-8")
    text = original.replace(
        "quote: It runs up to 3x faster than Rocket 1",
        "quote: It runs  UP to 3x faster than Rocket 1",
    )
    uri = open_file(client, root / CLAIM, text)
    found = await diagnostics_until(client, uri, lambda d: "quote-not-found" in codes(d))
    (problem,) = [d for d in found if d.code == "quote-not-found"]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(uri),
            range=problem.range,
            context=types.CodeActionContext(diagnostics=[problem]),
        )
    )
    assert actions
    fixes = [a for a in actions if isinstance(a, types.CodeAction) and a.edit is not None]
    assert fixes
    edit = fixes[0].edit
    assert edit is not None and edit.changes is not None
    (edits,) = edit.changes.values()
    fixed = apply(text, edits)
    assert "quote: It runs up to 3x faster than Rocket 1" in fixed
    change(client, uri, 2, fixed)
    await diagnostics_until(client, uri, lambda d: "quote-not-found" not in codes(d))


def apply(text: str, edits: list[types.TextEdit]) -> str:
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def index(p: types.Position) -> int:
        return offsets[p.line] + p.character

    for edit in sorted(
        edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True
    ):
        text = text[: index(edit.range.start)] + edit.new_text + text[index(edit.range.end) :]
    return text


async def test_the_worklist_comes_only_with_the_workspace_diagnostics(
    client: LanguageClient, root: Path
) -> None:
    uri, _ = await opened(client, root)
    # Pushed diagnostics are the check's only: no information-level items.
    assert all(d.severity != types.DiagnosticSeverity.Information for d in client.diagnostics[uri])
    report = await client.workspace_diagnostic_async(
        types.WorkspaceDiagnosticParams(previous_result_ids=[])
    )
    items = [d for r in report.items for d in r.items]
    assert items
    assert {d.severity for d in items} == {types.DiagnosticSeverity.Information}
    assert all(d.source == "claimtrack" and d.code for d in items)


@pytest.fixture
def crowded(tmp_path: Path) -> Path:
    """The minimal tracker with 250 more sources, more than one completion answer holds."""
    root = copy_fixture(tmp_path)
    record = (root / "sources" / "acme-post.yaml").read_text(encoding="utf-8")
    record = record[: record.index("snapshot:")]
    for n in range(250):
        (root / "sources" / f"extra-{n:03d}.yaml").write_text(record, encoding="utf-8")
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command()))
async def crowded_client(lsp_client: LanguageClient, crowded: Path):
    await start(lsp_client, crowded, "visual-studio-code")
    yield
    await lsp_client.shutdown_session()


async def test_a_long_completion_list_is_cut_and_marked_incomplete(
    crowded_client: LanguageClient, crowded: Path
) -> None:
    text = (
        (crowded / CLAIM)
        .read_text(encoding="utf-8")
        .replace("  - source: acme-post\n", "  - source: \n")
    )
    uri, text = await opened(crowded_client, crowded, text)
    position = at(text, "  - source: \n", len("  - source: "))
    found = await crowded_client.text_document_completion_async(
        types.CompletionParams(text_document=doc(uri), position=position)
    )
    assert isinstance(found, types.CompletionList)
    assert found.is_incomplete and len(found.items) == 200
    typed = text.replace("  - source: \n", "  - source: extra-24\n")
    change(crowded_client, uri, 2, typed)
    found = await crowded_client.text_document_completion_async(
        types.CompletionParams(
            text_document=doc(uri), position=at(typed, "source: extra-24", len("source: extra-24"))
        )
    )
    assert isinstance(found, types.CompletionList)
    assert not found.is_incomplete  # the letters typed leave fewer than 200
    labels = {item.label for item in found.items}
    assert {f"extra-24{n}" for n in range(10)} <= labels  # editors filter the letters in order
    assert "acme-post" not in labels and "extra-100" not in labels
