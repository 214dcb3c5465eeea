"""`claimtrack serve` answers only requests addressed to it: no DNS rebinding."""

from __future__ import annotations

import io
import socket
from pathlib import Path

import pytest

from claimtrack.live import LiveServer
from claimtrack.live.hosts import HostCheck

from .test_serve import serve  # noqa: F401  (the fixture)

Serve = tuple[LiveServer, Path, io.StringIO]


def raw(server: LiveServer, request: str) -> tuple[int, bytes]:
    """Send ``request`` as is; the status code and the body of the answer."""
    port = int(server.url.rsplit(":", 1)[1].strip("/"))
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request.encode("latin-1"))
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def get(server: LiveServer, path: str, host: str | None, method: str = "GET") -> tuple[int, bytes]:
    header = "" if host is None else f"Host: {host}\r\n"
    return raw(server, f"{method} {path} HTTP/1.1\r\n{header}Connection: close\r\n\r\n")


def test_forged_host_headers_are_refused(serve: Serve) -> None:  # noqa: F811
    server = serve[0]
    port = server.url.rsplit(":", 1)[1].strip("/")
    for path in (
        "/",
        "/claims/rocket-speed/",
        "/__claimtrack/status",
        "/__claimtrack/poll?since=0",
    ):
        for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}"):
            status, body = get(server, path, host)
            assert (status, body) == (
                421,
                f"claimtrack serve answers only http://localhost:{port}/ "
                "and the --host it was given\n".encode(),
            ), (path, host)
    # another port (a page on localhost:80 that reached us anyway), or no port at all
    assert get(server, "/", f"127.0.0.1:{int(port) + 1}")[0] == 421
    assert get(server, "/", "localhost")[0] == 421
    # any method, HEAD without a body
    assert get(server, "/__claimtrack/status", f"evil.example:{port}", "HEAD") == (421, b"")
    assert get(server, "/", f"evil.example:{port}", "POST")[0] == 421


def test_loopback_names_are_answered(serve: Serve) -> None:  # noqa: F811
    server = serve[0]
    port = server.url.rsplit(":", 1)[1].strip("/")
    for host in ("localhost", "LocalHost.", "127.0.0.1", "[::1]", "[0:0:0:0:0:0:0:1]"):
        status, body = get(server, "/__claimtrack/status", f"{host}:{port}")
        assert status == 200 and b'"version"' in body, host


def test_missing_or_doubled_host_is_a_bad_request(serve: Serve) -> None:  # noqa: F811
    server = serve[0]
    port = server.url.rsplit(":", 1)[1].strip("/")
    assert raw(server, "GET /__claimtrack/status HTTP/1.0\r\n\r\n") == (
        400,
        b"claimtrack serve: no Host header\n",
    )
    doubled = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example\r\n\r\n"
    assert raw(server, doubled)[0] == 400
    for bad in (f"::1:{port}", f"[::1]x{port}", "127.0.0.1:http", ":80", "[::1"):
        assert get(server, "/", bad)[0] == 400, bad


@pytest.mark.parametrize(
    ("host", "bound", "accepted", "refused"),
    [
        ("0.0.0.0", "0.0.0.0", ["0.0.0.0:8000", "localhost:8000"], ["my-laptop:8000"]),
        ("::", "::", ["[::]:8000", "[::1]:8000"], ["[::2]:8000"]),
        ("Box.Local", "192.168.1.5", ["box.local.:8000", "192.168.1.5:8000"], ["box:8000"]),
    ],
)
def test_host_adds_the_names_it_was_given(
    host: str, bound: str, accepted: list[str], refused: list[str]
) -> None:
    check = HostCheck.for_server(host, bound, 8000)
    for value in accepted:
        assert check.refuse([value]) is None, value
    for value in refused:
        refusal = check.refuse([value])
        assert refusal is not None and refusal.status == 421, value


def test_serve_on_port_80_accepts_a_host_without_port() -> None:
    check = HostCheck.for_server("127.0.0.1", "127.0.0.1", 80)
    assert check.refuse(["localhost"]) is None
    assert check.refuse(["localhost:80"]) is None
