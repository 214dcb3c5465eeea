"""Driving the real `claimtrack lsp` process over stdio, as an editor would (pytest-lsp).

The client announces the capabilities of a real editor (Neovim 0.11 or VS Code), opens
records of a tracker copied into a temporary folder, and waits for what the server
publishes: every wait is for a message, with a deadline, never a pause.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

CLAIMTRACK = str(Path(sys.executable).with_name("claimtrack"))
FIXTURES = Path(__file__).parent / "fixtures"
TODAY = "2026-12-01"
# Seconds before a test gives up on a message: far above what it takes, so that a slow
# machine never fails a test, while a server that never answers does.
DEADLINE = 30.0
EDITORS = ("neovim@v0.11.0", "visual-studio-code")


def server_command(*extra: str) -> list[str]:
    return [CLAIMTRACK, "lsp", "--today", TODAY, *extra]


def copy_fixture(tmp_path: Path, name: str = "minimal") -> Path:
    dest = tmp_path / name
    shutil.copytree(FIXTURES / name, dest, symlinks=True)
    return dest


async def start(client: LanguageClient, root: Path, editor: str) -> types.InitializeResult:
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(editor),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
        )
    )


def open_file(client: LanguageClient, path: Path, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri,
                language_id="yaml",
                version=1,
                text=path.read_text(encoding="utf-8") if text is None else text,
            )
        )
    )
    return uri


def change(client: LanguageClient, uri: str, version: int, text: str) -> None:
    """The whole new text, as a full-document change."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def diagnostics_until(
    client: LanguageClient,
    uri: str,
    wanted: Callable[[Sequence[types.Diagnostic]], bool],
    deadline: float = DEADLINE,
) -> Sequence[types.Diagnostic]:
    """The diagnostics of ``uri`` once they satisfy ``wanted`` (each publication looked at)."""

    async def wait() -> Sequence[types.Diagnostic]:
        while True:
            found = client.diagnostics.get(uri)
            if found is not None and wanted(found):
                return found
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    return await asyncio.wait_for(wait(), deadline)


def codes(diagnostics: Sequence[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)
