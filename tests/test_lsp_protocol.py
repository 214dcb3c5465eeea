"""`claimtrack lsp` against a buggy or hostile client, byte by byte through the real process:
what is not a JSON-RPC message is answered with the error the protocol names and logged
once, a bad frame costs that frame only, and a huge declared length is never allocated."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from claimtrack.lsp.frames import MAX_FRAME
from tests.lsp_support import (
    DEADLINE,
    RawServer,
    copy_fixture,
    errors,
    logs,
    no_popup_or_traceback,
)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_fixture(tmp_path)


@pytest.fixture
def raw(root: Path) -> Iterator[RawServer]:
    server = RawServer(root)
    yield server
    server.close()


def request(request_id: int, method: str = "workspace/diagnostic", **params: object) -> bytes:
    return json.dumps(
        {
            "jsonrpc": "2.0",
            "id": request_id,
            "method": method,
            "params": params or {"previousResultIds": []},
        }
    ).encode()


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


BAD_BODIES: list[tuple[str, bytes, int]] = [
    ("not-utf8", b'{"jsonrpc": "2.0", "id": 5, "method": "x\xff"}', -32700),
    ("not-json", b'{"jsonrpc": "2.0", "id": 5, "method": ', -32700),
    ("array", b"[1, 2, 3]", -32600),  # JSON, but not an object
    ("null", b"null", -32600),
    ("number", b"42", -32600),
]


def test_a_body_that_is_no_message_is_answered_and_logged_once(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    for number, (case, body, code) in enumerate(BAD_BODIES, start=2):
        raw.send_bytes(body)
        raw.write(frame(request(number)))  # and the server goes on
        messages = raw.until(number)
        assert [(m["id"], m["error"]["code"]) for m in errors(messages)] == [(None, code)], case  # type: ignore[index]
        assert len(logs(messages)) == 1, case
        assert "result" in messages[-1], case
        no_popup_or_traceback(raw, messages)


BAD_REQUESTS: list[tuple[str, dict[str, object], object, int]] = [
    ("id-object", {"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}, None, -32600),
    ("id-fraction", {"jsonrpc": "2.0", "id": 1.5, "method": "shutdown"}, None, -32600),
    ("id-boolean", {"jsonrpc": "2.0", "id": True, "method": "shutdown"}, None, -32600),
    ("id-null", {"jsonrpc": "2.0", "id": None, "method": "shutdown"}, None, -32600),
    ("jsonrpc-1.0", {"jsonrpc": "1.0", "id": 5, "method": "shutdown"}, 5, -32600),
    ("jsonrpc-missing", {"id": "five", "method": "shutdown"}, "five", -32600),
    ("method-number", {"jsonrpc": "2.0", "id": 5, "method": 12}, 5, -32600),
    (
        "params-missing-fields",
        {"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {"x": 1}},
        5,
        -32602,
    ),
    (
        "params-null",
        {"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": None},
        5,
        -32602,
    ),
    (
        "params-wrong-types",
        {
            "jsonrpc": "2.0",
            "id": 5,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": 7}, "position": {"line": "0", "character": 0}},
        },
        5,
        -32602,
    ),
    (
        "a-notification-with-an-id",
        {"jsonrpc": "2.0", "id": 5, "method": "initialized", "params": {}},
        5,
        -32600,
    ),
]


def test_a_request_with_a_bad_id_params_or_jsonrpc_is_answered(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    for number, (case, message, answered_id, code) in enumerate(BAD_REQUESTS, start=2):
        raw.send_bytes(json.dumps(message).encode())
        raw.write(frame(request(number)))
        messages = raw.until(number)
        found = [(m["id"], m["error"]["code"]) for m in errors(messages)]  # type: ignore[index]
        assert found == [(answered_id, code)], case
        assert len(logs(messages)) == 1, case
        assert "result" in messages[-1], case  # none of them shut the server down
        no_popup_or_traceback(raw, messages)


def test_a_bad_notification_or_response_is_logged_and_not_answered(
    raw: RawServer, root: Path
) -> None:
    raw.initialize(root)
    position = {"textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}}
    bad: list[dict[str, object]] = [
        {"jsonrpc": "2.0", "method": 5},
        {"method": "initialized", "params": {}},  # no "jsonrpc": "2.0"
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"x": 1}},
        {"jsonrpc": "2.0", "method": "textDocument/hover", "params": position},  # no id
        {"jsonrpc": "2.0", "id": "r1"},  # a response with neither a result nor an error
        {"jsonrpc": "2.0", "id": "r2", "error": {"code": "bad", "message": 1}},
        {"jsonrpc": "2.0", "id": None, "result": 3},
    ]
    for number, message in enumerate(bad, start=2):
        raw.send_bytes(json.dumps(message).encode())
        raw.write(frame(request(number)))
        messages = raw.until(number)
        assert len(logs(messages)) == 1, message
        assert not errors(messages), message  # nobody waits for an answer to these
        no_popup_or_traceback(raw, messages)


def test_a_request_after_shutdown_is_an_invalid_request(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    raw.send({"id": 2, "method": "shutdown"})
    assert raw.answer_to(2)["result"] is None
    raw.write(frame(request(3)))
    raw.write(frame(request(4, "claimtrack/no-such-method")))
    assert raw.answer_to(3)["error"]["code"] == -32600  # type: ignore[index]
    assert raw.answer_to(4)["error"]["code"] == -32600  # type: ignore[index]
    raw.send({"method": "exit"})
    assert raw.process.wait(DEADLINE) == 0


def test_before_initialize_a_request_is_refused_and_a_notification_dropped(
    raw: RawServer, root: Path
) -> None:
    claim = root / "claims" / "rocket-speed.yaml"
    raw.send(
        {
            "method": "textDocument/didOpen",
            "params": {
                "textDocument": {
                    "uri": claim.as_uri(),
                    "languageId": "yaml",
                    "version": 1,
                    "text": "kind: x\n",
                }
            },
        }
    )
    raw.write(frame(request(7)))
    messages = raw.until(7)
    assert messages[-1]["error"]["code"] == -32002  # type: ignore[index]
    assert "result" in raw.initialize(root)
    no_popup_or_traceback(raw, messages)


def test_headers_in_any_case_and_lines_ending_in_lf_are_read(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    body = request(2)
    raw.write(b"content-length: %d\r\n\r\n" % len(body) + body)
    assert "result" in raw.answer_to(2)
    body = request(3)
    raw.write(b"Content-Length: %d\n\n" % len(body) + body)
    assert "result" in raw.answer_to(3)
    body = request(4)
    raw.write(
        b"CONTENT-TYPE: application/vscode-jsonrpc; charset=utf-8\n"
        b"CONTENT-LENGTH:%d\r\n\r\n" % len(body) + body
    )
    assert "result" in raw.answer_to(4)


def with_length(body: bytes, length: int) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % length + body


BAD_FRAMES: list[tuple[str, bytes]] = [
    ("length-one-short", with_length(request(2), len(request(2)) - 1)),
    ("length-one-long", with_length(request(2), len(request(2)) + 1)),
    ("length-far-too-long", with_length(request(2), len(request(2)) + 40)),
    ("length-not-a-number", b"Content-Length: twelve\r\n\r\n" + request(2)),
    ("no-length", b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + request(2)),
    ("a-line-not-a-header", b"hello there\r\n"),
    ("a-line-of-8-kib", b"x" * 8192),
]


def test_after_a_bad_frame_the_next_valid_frames_are_answered(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    for number, (case, bad) in enumerate(BAD_FRAMES):
        raw.write(bad)
        # Two valid frames: the first may be what a length too large ate into.
        first, second = 100 + 2 * number, 101 + 2 * number
        raw.write(frame(request(first)) + frame(request(second)))
        messages = raw.until(second)
        assert "result" in messages[-1], case
        # The bad frame is logged once, and at most one error answers it.
        assert len(logs(messages)) == 1, case
        assert len(errors(messages)) <= 1, case
        no_popup_or_traceback(raw, messages)


def test_a_frame_one_byte_long_costs_only_itself(raw: RawServer, root: Path) -> None:
    raw.initialize(root)
    raw.write(with_length(request(2), len(request(2)) + 1) + frame(request(3)))
    messages = raw.until(3)
    assert [m["error"]["code"] for m in errors(messages)] == [-32700]  # type: ignore[index]
    assert "result" in messages[-1]


@pytest.fixture
def lean(root: Path) -> Iterator[RawServer]:
    """The server in 1.5 GiB of address space: it takes under 0.5, a 2 GiB read more."""
    server = RawServer(root, memory=3 * 1024**3 // 2)
    yield server
    server.close()


@pytest.mark.parametrize("length", [2 * 1024**3, 10**12], ids=["2-GiB", "10^12"])
def test_a_huge_declared_length_then_the_end_ends_the_server_cleanly(
    lean: RawServer, root: Path, length: int
) -> None:
    lean.initialize(root)
    lean.write(b"Content-Length: %d\r\n\r\n" % length + b"{}")
    assert lean.process.stdin is not None
    lean.process.stdin.close()
    assert lean.process.wait(DEADLINE) == 0
    assert "MemoryError" not in lean.stderr()


def test_a_frame_over_the_limit_is_skipped_and_the_next_answered(
    raw: RawServer, root: Path
) -> None:
    raw.initialize(root)
    length = MAX_FRAME + 1
    raw.write(b"Content-Length: %d\r\n\r\n" % length)
    chunk = b" " * (1 << 20)
    for start in range(0, length, len(chunk)):
        raw.write(chunk[: length - start])
    raw.write(frame(request(2)))
    messages = raw.until(2)
    assert "result" in messages[-1]
    (skipped,) = logs(messages)
    assert f"{length} bytes" in skipped
    no_popup_or_traceback(raw, messages)
