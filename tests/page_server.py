"""Web pages served from 127.0.0.1 inside the tests, never from another host.

A ``PageServer`` runs http.server in a thread on a port the system picks (port 0) and
answers each path from its ``routes``, which a test changes between runs (a new version of
the page).  Two servers are two hosts to a client: another port is another origin, and
``recheck`` counts a redirect to it as a move like any other.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Response:
    status: int = 200
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    location: str | None = None  # a redirect's target
    # Answer only once this is set: a server that keeps the client waiting (a time-out).
    # The test sets it after the client gave up, so the handler ends; no sleep anywhere.
    hold: threading.Event | None = None


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
        try:
            self.send_response(response.status)
            self.send_header("Content-Type", response.content_type)
            self.send_header("Content-Length", str(len(response.body)))
            if response.location is not None:
                self.send_header("Location", response.location)
            self.end_headers()
            self.wfile.write(response.body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up first, as a time-out test means it to

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: pytest shows a failing test's output, not every request


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    routes: dict[str, Response]


class PageServer:
    def __init__(self) -> None:
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.routes = {}
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
