"""Web pages served from 127.0.0.1 inside the tests, never from another host.

A ``PageServer`` runs http.server in a thread on a port the system picks (port 0) and
answers each path from its ``routes``, which a test changes between runs (a new version of
the page).  Two servers are two hosts to a client: another port is another origin, and
``recheck`` counts a redirect to it as a move like any other.

A response can also be slow (a byte or a chunk at a time, ``pause`` seconds apart: the pace
is what such a test is about, so the server waits between writes; it stops at once when the
client has gone or the server closes), chunked, or cut off before its end.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The option that lets `recheck` and `new source --url` fetch from 127.0.0.1, as every test
# server here is (web/connect.py refuses addresses that are not public by default).
LOCAL = "--allow-private-addresses"


@dataclass
class Response:
    status: int = 200
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    location: str | None = None  # a redirect's target
    # Answer only once this is set: a server that keeps the client waiting (a time-out).
    # The test sets it after the client gave up, so the handler ends; no sleep anywhere.
    hold: threading.Event | None = None
    # The body in chunked transfer encoding, as these chunks (``body`` is then unused).
    chunks: tuple[bytes, ...] | None = None
    # A slow server: this many seconds between writes.  Each write is one byte of the whole
    # answer (status line and headers too), or with ``chunks`` one chunk of the body.
    pause: float = 0.0
    # Close the connection early: after this many bytes of the body (its Content-Length
    # says more), or with ``chunks`` after this many chunks (the last, empty one not sent).
    cut: int | None = None

    def writes(self) -> list[bytes]:
        """What the server writes, in order: the status line and headers, then the body."""
        headers = [f"HTTP/1.1 {self.status} {HTTPStatus(self.status).phrase}"]
        headers += [f"Content-Type: {self.content_type}", "Connection: close"]
        if self.location is not None:
            headers.append(f"Location: {self.location}")
        if self.chunks is None:
            headers.append(f"Content-Length: {len(self.body)}")
            body = [self.body[: self.cut]]
        else:
            headers.append("Transfer-Encoding: chunked")
            body = [b"%x\r\n%s\r\n" % (len(c), c) for c in self.chunks]
            body = body[: self.cut] if self.cut is not None else [*body, b"0\r\n\r\n"]
        head = "".join(f"{line}\r\n" for line in headers).encode("latin-1") + b"\r\n"
        if self.pause and self.chunks is None:  # a byte at a time
            return [bytes([b]) for b in head + b"".join(body)]
        return [head, *body]


def page(*paragraphs: str, lang: str = "en", title: str = "Acme") -> bytes:
    """A small article page whose main text is the paragraphs, one line each."""
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return (
        f"<!doctype html><html lang={lang}><head><meta charset=utf-8><title>{title}</title>"
        f"</head><body><nav><a href=/>Home</a></nav><article>{body}</article></body></html>"
    ).encode()


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        response = self.server.routes.get(self.path, Response(404, b"not here"))
        if response.hold is not None:
            # Bounded, so that a failing test cannot leave the thread behind for ever.
            response.hold.wait(30)
        self.close_connection = True
        try:
            for n, data in enumerate(response.writes()):
                if n and response.pause and self.server.closing.wait(response.pause):
                    return
                self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up first, as a time-out test means it to

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: pytest shows a failing test's output, not every request


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    routes: dict[str, Response]
    closing: threading.Event  # set when the server closes: a slow answer stops


class PageServer:
    def __init__(self) -> None:
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.routes = {}
        self._server.closing = threading.Event()
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def routes(self) -> dict[str, Response]:
        return self._server.routes

    @property
    def base(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def url(self, path: str) -> str:
        return self.base + path

    def close(self) -> None:
        self._server.closing.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(10)


@contextmanager
def serving() -> Iterator[PageServer]:
    """A PageServer for a fixture: closed when the test ends."""
    server = PageServer()
    try:
        yield server
    finally:
        server.close()
