"""`claimtrack serve` under load: many requests at once, open long-polls, a running build.

Traffic goes to 127.0.0.1 only; every wait has a deadline; nothing sleeps to synchronise.
"""

from __future__ import annotations

import io
import json
import select
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.live import LiveServer
from claimtrack.live.http import MAX_POLLS, LiveHandler

from .test_serve import DEADLINE, serve  # noqa: F401  (the fixture)

Serve = tuple[LiveServer, Path, io.StringIO]
REQUESTS = 200
POLLS = 50
SLOW = 2.0  # seconds: generous, this is a correctness test and not a benchmark


def port_of(server: LiveServer) -> int:
    return int(server.url.rsplit(":", 1)[1].strip("/"))


def request(port: int, path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()


def read_all(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def answered(socks: list[socket.socket]) -> list[socket.socket]:
    """The sockets with an answer to read."""
    return select.select(socks, [], [], 0)[0]


def read_all_of(port: int, path: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=SLOW * 3) as sock:
        sock.sendall(request(port, path))
        return read_all(sock)


def until(pred: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not pred():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def test_many_requests_while_long_polls_are_open(serve: Serve) -> None:  # noqa: F811
    server = serve[0]
    port = port_of(server)
    version = json.loads(read_all_of(port, "/__claimtrack/status").partition(b"\r\n\r\n")[2])[
        "version"
    ]
    polls = []
    try:
        for _ in range(POLLS):
            sock = socket.create_connection(("127.0.0.1", port), timeout=DEADLINE)
            sock.sendall(request(port, f"/__claimtrack/poll?since={version}"))
            polls.append(sock)
        until(lambda: server.live.waiting == MAX_POLLS, f"{MAX_POLLS} waiting polls")
        # Polls over the cap are answered at once with the version and a time to wait.
        until(lambda: len(answered(polls)) == POLLS - MAX_POLLS, "the polls over the cap")
        for sock in answered(polls):
            head, _, body = read_all(sock).partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.0 200")
            data = json.loads(body)
            assert data["version"] == version and data["retry_after"] > 0

        times: list[float] = []
        failures: list[str] = []
        start = threading.Barrier(REQUESTS, timeout=DEADLINE)

        def one(path: str) -> None:
            try:
                start.wait()
                began = time.monotonic()
                reply = read_all_of(port, path)
                if not reply.startswith(b"HTTP/1.0 200"):
                    failures.append(f"{path}: {reply[:60]!r}")
                times.append(time.monotonic() - began)
            except OSError as exc:  # a timeout too
                failures.append(f"{path}: {exc!r}")

        paths = ["/", "/claims/rocket-speed/", "/static/style.css", "/__claimtrack/status"]
        threads = [
            threading.Thread(target=one, args=(paths[i % len(paths)],)) for i in range(REQUESTS)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(DEADLINE + 5)
        assert failures == []
        assert len(times) == REQUESTS
        assert max(times) < SLOW, sorted(times)[-5:]
        # the polls under the cap are still open, waiting for a change
        assert server.live.waiting == MAX_POLLS
    finally:
        for sock in polls:
            sock.close()


def test_pages_are_served_while_a_build_runs(serve: Serve) -> None:  # noqa: F811
    server = serve[0]
    port = port_of(server)
    server.live.begin_build()  # as the watcher does; this build takes its time
    try:
        for path in ("/", "/claims/rocket-speed/", "/static/style.css"):
            began = time.monotonic()
            assert read_all_of(port, path).startswith(b"HTTP/1.0 200"), path
            assert time.monotonic() - began < SLOW, path
    finally:
        server.live.end_build(changed=False)


def test_a_page_missing_during_a_build_is_looked_for_again_after_it(
    serve: Serve,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server, root, _ = serve
    page = root / "site" / "claims" / "brand-new" / "index.html"
    wait_idle = server.live.wait_idle

    def build_adds_the_page(timeout: float) -> None:
        page.parent.mkdir()
        page.write_text("<!doctype html><body><p>brand new</p></body>")
        server.live.end_build(changed=True)
        wait_idle(timeout)

    monkeypatch.setattr(server.live, "wait_idle", build_adds_the_page)
    server.live.begin_build()
    reply = read_all_of(port_of(server), "/claims/brand-new/")
    assert reply.startswith(b"HTTP/1.0 200") and b"brand new" in reply


def test_a_silent_connection_is_closed(
    serve: Serve,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = serve[0]
    assert LiveHandler.timeout is not None  # socketserver's default is to wait for ever
    monkeypatch.setattr(LiveHandler, "timeout", 0.2)
    with socket.create_connection(("127.0.0.1", port_of(server)), timeout=DEADLINE) as sock:
        assert sock.recv(1) == b""  # the server hung up instead of waiting for ever
