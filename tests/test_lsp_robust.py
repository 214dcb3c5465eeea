"""`claimtrack lsp` never crashes or hangs: broken and huge documents, files outside the
tracker, invalid JSON-RPC, a client that goes away."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from claimtrack.lsp.frames import MAX_FRAME
from tests.lsp_support import (
    DEADLINE,
    RawServer,
    change,
    check_json,
    codes,
    copy_fixture,
    diagnostics_until,
    logs,
    no_popup_or_traceback,
    open_file,
    server_command,
    start,
)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command()))
async def client(lsp_client: LanguageClient, root: Path):
    await start(lsp_client, root, "neovim@v0.11.0")
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def raw(root: Path) -> Iterator[RawServer]:
    server = RawServer(root)
    yield server
    server.close()


@pytest.mark.asyncio
async def test_a_broken_document_gets_its_syntax_problem(
    client: LanguageClient, root: Path
) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    uri = open_file(client, claim, "statement: [unclosed\nkind: figure\n  bad: indent\n")
    found = await diagnostics_until(client, uri, lambda d: len(d) > 0)
    assert codes(found) == ["yaml-syntax"]


@pytest.mark.asyncio
async def test_a_document_over_the_record_limit_is_refused_with_a_diagnostic(
    client: LanguageClient, root: Path
) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    huge = claim.read_text(encoding="utf-8") + "# " + "x" * (2 * 1024 * 1024) + "\n"
    uri = open_file(client, claim, huge)
    found = await diagnostics_until(client, uri, lambda d: len(d) > 0)
    assert codes(found) == ["file-too-large"]
    assert found[0].range.start.line == 0


@pytest.mark.asyncio
async def test_a_50_mb_document_is_skipped_and_logged(client: LanguageClient, root: Path) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    huge = claim.read_text(encoding="utf-8") + "# " + "x" * (50 * 1024 * 1024) + "\n"
    assert len(huge) > MAX_FRAME  # its message is more than the server reads
    open_file(client, claim, huge)
    # And the server goes on: another record's problems still come.
    other = root / "claims" / "rocket-price.yaml"
    other_uri = open_file(client, other, other.read_text(encoding="utf-8") + "kind: x\n")
    assert "duplicate-key" in codes(
        await diagnostics_until(client, other_uri, lambda d: len(d) > 0)
    )
    assert [m.message for m in client.log_messages if "skipped" in m.message]
    assert not client.messages  # no pop-up


@pytest.mark.asyncio
async def test_a_file_outside_the_tracker_gets_nothing(
    client: LanguageClient, root: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere" / "claims" / "x.yaml"
    outside.parent.mkdir(parents=True)
    outside.write_text("statement: [broken\n", encoding="utf-8")
    outside_uri = open_file(client, outside)
    readme = root / "README.md"
    readme.write_text("# notes: [not a record\n", encoding="utf-8")
    readme_uri = open_file(client, readme)
    # A record opened after them gets its diagnostics: the two were looked at first.
    claim = root / "claims" / "rocket-price.yaml"
    uri = open_file(client, claim, claim.read_text(encoding="utf-8") + "kind: x\n")
    await diagnostics_until(client, uri, lambda d: len(d) > 0)
    assert outside_uri not in client.diagnostics
    assert readme_uri not in client.diagnostics
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=outside_uri),
            position=types.Position(0, 3),
        )
    )
    assert hover is None


def test_invalid_json_rpc_is_answered_and_the_server_goes_on(raw: RawServer, root: Path) -> None:
    raw.send_bytes(b"{this is not json")
    raw.send_bytes(b'{"jsonrpc": "2.0", "id": 7, "method": 12}')
    raw.send_bytes(b"[1, 2, 3]")
    answer = raw.initialize(root)
    assert "capabilities" in answer["result"]  # type: ignore[operator]
    raw.send({"id": 2, "method": "claimtrack/no-such-method", "params": {}})
    error = raw.answer_to(2)
    assert error["error"]["code"] == -32601  # type: ignore[index]
    raw.send({"id": 3, "method": "shutdown"})
    assert raw.answer_to(3)["result"] is None
    raw.send({"method": "exit"})
    assert raw.process.wait(DEADLINE) == 0


def test_the_server_exits_when_its_client_goes_away(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    claim = root / "claims" / "rocket-speed.yaml"
    raw.send(
        {
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {
                    "uri": claim.as_uri(),
                    "languageId": "yaml",
                    "version": 1,
                    "text": claim.read_text(encoding="utf-8"),
                }
            },
        }
    )
    assert raw.process.stdin is not None
    raw.process.stdin.close()  # the editor died: no shutdown, no exit
    raw.process.wait(DEADLINE)  # raises TimeoutExpired if the server hangs


def test_the_server_exits_when_nobody_reads_it(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    assert raw.process.stdout is not None
    raw.process.stdout.close()  # the editor's end of the pipe is gone
    claim = root / "claims" / "rocket-speed.yaml"
    for version in range(1, 50):  # each edit publishes diagnostics into the broken pipe
        text = claim.read_text(encoding="utf-8") + f"kind: x{version}\n" * (version % 2)
        raw.send(
            {
                "method": "textDocument/didOpen",
                "params": {
                    "textDocument": {
                        "uri": claim.as_uri(),
                        "languageId": "yaml",
                        "version": version,
                        "text": text,
                    }
                },
            }
        )
    assert raw.process.stdin is not None
    raw.process.stdin.close()
    raw.process.wait(DEADLINE)


@pytest.mark.asyncio
async def test_a_lone_surrogate_is_the_not_utf8_problem_check_gives_those_bytes(
    client: LanguageClient, root: Path, tmp_path: Path
) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    uri = open_file(client, claim, text)
    await diagnostics_until(client, uri, lambda d: True)
    # Written as a JSON escape, as a client with a broken UTF-16 string sends it.
    broken = text.replace("statement: ", "statement: ab\ud800", 1)
    change(client, uri, 2, broken)
    found = await diagnostics_until(client, uri, lambda d: codes(d) == ["not-utf8"])
    # `check` of a file holding the bytes the surrogate stands for says the same place.
    disk = copy_fixture(tmp_path / "disk")
    (disk / "claims" / "rocket-speed.yaml").write_bytes(broken.encode("utf-8", "surrogatepass"))
    (problem,) = [p for p in check_json(disk) if p["path"] == "claims/rocket-speed.yaml"]
    assert problem["code"] == "not-utf8"
    start = found[0].range.start
    assert (start.line + 1, start.character + 1) == (problem["line"], problem["column"])
    assert start.character == broken.splitlines()[start.line].index("\ud800")
    # And the document is checked from then on: a later text gets its problems.
    later = text.replace("source: acme-post", "source: acme-psot").replace(
        "related: [rocket-price]", "related: [rocket-prices]"
    )
    (disk / "claims" / "rocket-speed.yaml").write_text(later, encoding="utf-8")
    found_by_check = [p for p in check_json(disk) if p["path"] == "claims/rocket-speed.yaml"]
    expected = sorted(str(p["code"]) for p in found_by_check)
    assert len(expected) >= 2
    change(client, uri, 3, later)
    assert codes(await diagnostics_until(client, uri, lambda d: codes(d) == expected)) == expected


def test_a_change_without_a_text_is_logged_and_the_document_kept(
    raw: RawServer, root: Path
) -> None:
    raw.initialize(root)
    claim = root / "claims" / "rocket-price.yaml"
    text = claim.read_text(encoding="utf-8")
    uri = raw.open(claim, text)
    raw.published(uri)  # checked: hover answers from here on
    line = next(n for n, found in enumerate(text.splitlines()) if "source: acme-post" in found)
    position = {"line": line, "character": text.splitlines()[line].index("acme-post") + 2}
    everything = {"start": {"line": 0, "character": 0}, "end": {"line": 99, "character": 0}}
    bad_changes = [{"text": None}, {}, {"range": everything, "text": None}, {"text": 5}]
    for number, bad in enumerate(bad_changes, start=2):
        raw.send(
            {
                "method": "textDocument/didChange",
                "params": {
                    "textDocument": {"uri": uri, "version": number},
                    "contentChanges": [bad],
                },
            }
        )
        raw.send(
            {
                "id": number,
                "method": "textDocument/hover",
                "params": {"textDocument": {"uri": uri}, "position": position},
            }
        )
        messages = raw.until(number)
        hover = messages[-1]["result"]
        # The text is still the document's: the source id is there to hover.
        assert hover is not None and "Acme" in str(hover), bad
        assert len([m for m in logs(messages) if "didChange" in m]) == 1, bad
        no_popup_or_traceback(raw, messages)


def worklist(raw: RawServer, root: Path, request_id: int) -> dict[str, list[dict[str, Any]]]:
    """The workspace diagnostics (the worklist) by path, once the first check is done."""
    price = root / "claims" / "rocket-price.yaml"
    raw.published(raw.open(price, price.read_text(encoding="utf-8")))
    raw.send(
        {"id": request_id, "method": "workspace/diagnostic", "params": {"previousResultIds": []}}
    )
    reports = raw.answer_to(request_id)["result"]["items"]  # type: ignore[index]
    return {r["uri"].removeprefix(root.as_uri() + "/"): r["items"] for r in reports}


@pytest.mark.parametrize("target", ["outside", "/dev/zero"])
def test_a_link_out_of_the_tracker_is_never_read(
    raw: RawServer, root: Path, tmp_path: Path, target: str
) -> None:
    if target == "outside":
        outside = tmp_path / "outside.yaml"
        outside.write_text(
            "statement: the first line of a file outside the tracker\n", encoding="utf-8"
        )
        target = str(outside)
    (root / "claims" / "leak.yaml").symlink_to(target)
    raw.initialize(root)
    (item,) = worklist(raw, root, 2)["claims/leak.yaml"]
    assert item["code"] == "symlink-outside"
    # Its range from no read of what the link points to (not its first line's length).
    assert item["range"]["end"] == {"line": 0, "character": 0}


def test_a_fifo_is_never_read(raw: RawServer, root: Path) -> None:
    os.mkfifo(root / "claims" / "pipe-claim.yaml")
    fifo_uri = (root / "claims" / "pipe-claim.yaml").as_uri()
    price = root / "claims" / "rocket-price.yaml"
    text = price.read_text(encoding="utf-8").replace("[rocket-speed]", "[pipe-claim]")
    price.write_text(text, encoding="utf-8")
    raw.initialize(root)
    assert worklist(raw, root, 2)["claims/pipe-claim.yaml"]  # its problem, answered
    # Go to the FIFO's record from the claim that names it: answered, from no read of it.
    line = next(n for n, found in enumerate(text.splitlines()) if "pipe-claim" in found)
    character = text.splitlines()[line].index("pipe-claim") + 2
    where = {"line": line, "character": character}
    raw.send(
        {
            "id": 3,
            "method": "textDocument/definition",
            "params": {"textDocument": {"uri": price.as_uri()}, "position": where},
        }
    )
    (location,) = raw.answer_to(3)["result"]  # type: ignore[misc]
    assert location["uri"] == fifo_uri
    # A request about the FIFO itself, never opened: answered with nothing.
    start = {"line": 0, "character": 0}
    raw.send(
        {
            "id": 4,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": fifo_uri}, "position": start},
        }
    )
    assert raw.answer_to(4)["result"] is None
    # And the server still ends when its input does.
    assert raw.process.stdin is not None
    raw.process.stdin.close()
    assert raw.process.wait(DEADLINE) == 0
