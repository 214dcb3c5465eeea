"""Driving the real `claimtrack lsp` process over stdio, as an editor would (pytest-lsp).

The client announces the capabilities of a real editor (Neovim 0.11 or VS Code), opens
records of a tracker copied into a temporary folder, and waits for what the server
publishes: every wait is for a message, with a deadline, never a pause.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
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


def check_json(root: Path) -> list[dict[str, object]]:
    done = subprocess.run(
        [server_command()[0], "check", "--root", str(root), "--today", TODAY, "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    found: list[dict[str, object]] = json.loads(done.stdout)
    return found


def codes(diagnostics: Sequence[types.Diagnostic]) -> list[str]:
    return sorted(str(d.code) for d in diagnostics)


class RawServer:
    """The server process spoken to byte by byte, for what a well-behaved client never
    sends (invalid JSON-RPC) and for a client that goes away."""

    def __init__(self, root: Path, memory: int | None = None) -> None:
        """``memory``: the most address space the server may have, in bytes."""
        import resource
        import subprocess
        import tempfile

        def limit() -> None:
            if memory is not None:
                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        self.process = subprocess.Popen(
            [*server_command("--root", str(root))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            preexec_fn=limit,
        )
        self._buffer = b""

    def write(self, raw: bytes) -> None:
        """Bytes as they are, headers and all (or none)."""
        assert self.process.stdin is not None
        self.process.stdin.write(raw)
        self.process.stdin.flush()

    def send_bytes(self, body: bytes) -> None:
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def stderr(self) -> str:
        """What the server wrote to stderr so far."""
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")

    def send(self, message: dict[str, object]) -> None:
        import json

        self.send_bytes(json.dumps({"jsonrpc": "2.0", **message}).encode())

    def _fill(self, deadline: float) -> None:
        import os
        import selectors
        import time

        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                raise TimeoutError("the server said nothing")
        chunk = os.read(fd, 65536)
        if not chunk:
            raise EOFError("the server closed its output")
        self._buffer += chunk

    def read(self, timeout: float = DEADLINE) -> dict[str, object]:
        import json
        import time

        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in self._buffer:
            self._fill(deadline)
        head, _, rest = self._buffer.partition(b"\r\n\r\n")
        length = int(
            next(
                line.split(b":")[1]
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            )
        )
        while len(rest) < length:
            self._buffer = head + b"\r\n\r\n" + rest
            self._fill(deadline)
            head, _, rest = self._buffer.partition(b"\r\n\r\n")
        self._buffer = rest[length:]
        found: dict[str, object] = json.loads(rest[:length])
        return found

    def answer_to(self, request_id: int, timeout: float = DEADLINE) -> dict[str, object]:
        """The response to ``request_id`` (notifications before it are passed over)."""
        return self.until(request_id, timeout)[-1]

    def until(self, request_id: int, timeout: float = DEADLINE) -> list[dict[str, object]]:
        """Every message up to the response to ``request_id``, that response last."""
        found = []
        while True:
            message = self.read(timeout)
            found.append(message)
            if message.get("id") == request_id and "method" not in message:
                return found

    def initialize(self, root: Path) -> dict[str, object]:
        self.send(
            {
                "id": 1,
                "method": "initialize",
                "params": {"processId": None, "rootUri": root.as_uri(), "capabilities": {}},
            }
        )
        answer = self.answer_to(1)
        self.send({"method": "initialized", "params": {}})
        return answer

    def open(self, path: Path, text: str) -> str:
        """``path`` opened with ``text``; its URI."""
        uri = path.as_uri()
        document = {"uri": uri, "languageId": "yaml", "version": 1, "text": text}
        self.send({"method": "textDocument/didOpen", "params": {"textDocument": document}})
        return uri

    def published(self, uri: str, timeout: float = DEADLINE) -> list[dict[str, object]]:
        """The next diagnostics published for ``uri`` (other messages passed over)."""
        while True:
            message = self.read(timeout)
            params = message.get("params")
            if message.get("method") == "textDocument/publishDiagnostics":
                assert isinstance(params, dict)
                if params["uri"] == uri:
                    found: list[dict[str, object]] = params["diagnostics"]
                    return found

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        self._stderr.close()


def logs(messages: list[dict[str, object]]) -> list[str]:
    """The window/logMessage texts among raw messages."""
    logged = [m["params"] for m in messages if m.get("method") == "window/logMessage"]
    return [str(p["message"]) for p in logged]  # type: ignore[index]


def errors(messages: list[dict[str, object]]) -> list[dict[str, object]]:
    return [m for m in messages if "error" in m]


def no_popup_or_traceback(raw: RawServer, messages: list[dict[str, object]]) -> None:
    """No "Error in server" pop-up among ``messages``, no traceback on stderr."""
    assert not [m for m in messages if m.get("method") == "window/showMessage"]
    assert "Traceback" not in raw.stderr()
