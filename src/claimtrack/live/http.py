"""HTTP for `claimtrack serve`: the built site, with a reload script and an error banner.

The built files are never touched: at serve time every HTML response gets a
small script (``/__claimtrack/live.js``) that long-polls
``/__claimtrack/poll?since=VERSION`` and reloads the page when the version
moves, and, while the last build failed, a banner listing the problems above
the last good page.  ``/__claimtrack/errors`` shows the problems on a page of
their own and ``/__claimtrack/status`` as JSON (with whether a build runs and whether
the search index is current: what a script waits on before it times the next edit).
Once a build's check has run, every page also ends with a line linking to
``/__claimtrack/review``, the editor's worklist (live/review.py), with the number of
its items.
"""

from __future__ import annotations

import html
import json
import os
import re
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, parse_qs, unquote, urlsplit

from .hosts import HostCheck
from .review import count_line, review_page
from .state import LiveState, View

PREFIX = "/__claimtrack/"
POLL_SECONDS = 25.0
IDLE_WAIT_SECONDS = 30.0
# An open tab holds one long-poll; past this many, a poll is answered at once and told to
# come back in POLL_RETRY_SECONDS, so that polls cannot pile up threads without bound.
MAX_POLLS = 32
POLL_RETRY_SECONDS = 5

LIVE_JS = """\
(function () {
  "use strict";
  var me = document.currentScript;
  var version = Number(me && me.getAttribute("data-version"));
  function poll() {
    fetch("/__claimtrack/poll?since=" + version, {cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (d) {
        if (d.version !== version) { window.location.reload(); }
        else if (d.retry_after) { window.setTimeout(poll, d.retry_after * 1000); }
        else { poll(); }
      }, function () { window.setTimeout(poll, 1000); });
  }
  poll();
})();
"""

LIVE_CSS = """\
#claimtrack-live-errors{position:sticky;top:0;z-index:2147483647;margin:0;padding:1rem 1.25rem;
background:#fff4f4;color:#5c0000;border-bottom:4px solid #b00020;
font:0.9rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;max-height:60vh;overflow:auto}
#claimtrack-live-errors h2{margin:0 0 .5rem;font:bold 1rem/1.3 system-ui,sans-serif}
#claimtrack-live-errors ul{margin:0;padding-left:1.2rem}
#claimtrack-live-errors li{white-space:pre-wrap;overflow-wrap:anywhere}
#claimtrack-live-errors p{margin:.5rem 0 0;font-family:system-ui,sans-serif}
#claimtrack-live-review{position:fixed;right:0;bottom:0;z-index:2147483647;margin:0;
padding:.35rem .75rem;background:#fffbe6;color:#3d3000;border:1px solid #8a6d00;
border-radius:.35rem 0 0 0;font:0.85rem/1.4 system-ui,sans-serif}
#claimtrack-live-review a{color:#3d3000;text-decoration:underline}
"""

_BODY_OPEN = re.compile(rb"<body\b[^>]*>", re.IGNORECASE)
_BODY_CLOSE = re.compile(rb"</body\s*>", re.IGNORECASE)


def banner(view: View) -> str:
    """The error banner for a failed build, or "" when the last build succeeded."""
    if view.ok:
        return ""
    items = "".join(f"<li>{html.escape(p.format())}</li>" for p in view.problems)
    errors = sum(p.is_error for p in view.problems)
    count = f"{errors} error{'s' * (errors != 1)}" if view.problems else html.escape(view.message)
    return (
        '<section id="claimtrack-live-errors" role="alert" aria-labelledby="claimtrack-live-h">'
        f'<h2 id="claimtrack-live-h">claimtrack serve: the last edit broke the data ({count}); '
        "this is the last good build</h2>"
        + (f"<ul>{items}</ul>" if items else "")
        + "<p>Fix the files; this page reloads by itself.</p></section>"
    )


def inject(page: bytes, view: View, review_line: bool = True) -> bytes:
    """``page`` with the stylesheet and banner after <body>, and the line linking to the
    review page (once a check ran, unless ``review_line`` is False) and the reload script
    before </body>."""
    shown = view.review is not None and review_line
    style = '<link rel="stylesheet" href="/__claimtrack/live.css">' if shown or not view.ok else ""
    top = (style + banner(view)).encode("utf-8")
    script = f'<script src="/__claimtrack/live.js" data-version="{view.version}"></script>'
    # A page never waits for the worklist: while a build runs, the line has no count.
    line = count_line(view.review.items(wait=False)) if view.review and review_line else ""
    bottom = (line + script).encode("utf-8")
    opening = _BODY_OPEN.search(page)
    if opening is not None and top:
        page = page[: opening.end()] + top + page[opening.end() :]
    elif top:
        page = top + page
    closings = list(_BODY_CLOSE.finditer(page))
    if not closings:
        return page + bottom
    at = closings[-1].start()  # the last </body>
    return page[:at] + bottom + page[at:]


def error_page(view: View, title: str) -> bytes:
    body = banner(view) or "<p>The last build succeeded: there is nothing to fix.</p>"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title></head><body><main>"
        f"<h1>{html.escape(title)}</h1>{body}</main></body></html>"
    ).encode()


class LiveHandler(SimpleHTTPRequestHandler):
    """Serves ``directory`` (the site) and the /__claimtrack/ endpoints."""

    live: LiveState  # set on the subclass made by handler_for()
    hosts: HostCheck  # likewise
    # Seconds a connection may stay silent (before or while sending its request, or while
    # not reading the answer): one that never speaks would hold a thread forever otherwise.
    timeout = 10.0

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the terminal is for build results and problems, not for every request

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def parse_request(self) -> bool:
        """Refuse, before anything else, a request whose Host names another site."""
        if not super().parse_request():
            return False
        refusal = self.hosts.refuse(self.headers.get_all("Host") or [])
        if refusal is None:
            return True
        self.close_connection = True
        body = refusal.text.encode("utf-8")
        self._send(refusal.status, "text/plain; charset=utf-8", body, self.command == "HEAD")
        return False

    def do_GET(self) -> None:
        self._respond(head=False)

    def do_HEAD(self) -> None:
        self._respond(head=True)

    def _send(self, status: int, content_type: str, body: bytes, head: bool) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _respond(self, head: bool) -> None:
        parts = urlsplit(self.path)
        if parts.path.startswith(PREFIX):
            self._internal(parts.path[len(PREFIX) :], parse_qs(parts.query), head)
            return
        # Serving never waits for a build: a build replaces each file, or the whole folder,
        # with one rename, so a file read now is entirely old or entirely new.  The view is
        # taken first, so a page read during a build still reloads when the build ends.
        if self._file(parts, self.live.view(), head, last=False):
            return
        # Missing: a build may be adding it (a new page, or the folder between the two
        # renames of a full build).  Look again once no build is running.
        self.live.wait_idle(IDLE_WAIT_SECONDS)
        self._file(parts, self.live.view(), head, last=True)

    def _file(self, parts: SplitResult, view: View, head: bool, last: bool) -> bool:
        """Answer with the file at ``parts.path``; False if it is missing and not ``last``."""
        fs_path = self.translate_path(self.path)
        if os.path.isdir(fs_path):
            if not parts.path.endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header(
                    "Location", parts.path + "/" + ("?" + parts.query if parts.query else "")
                )
                self.send_header("Content-Length", "0")
                self.end_headers()
                return True
            fs_path = os.path.join(fs_path, "index.html")
        try:
            handle = open(fs_path, "rb")  # noqa: SIM115  (closed below, after answering)
        except OSError:
            if not last:
                return False
            self._page(HTTPStatus.NOT_FOUND, not_found_page(self.directory, parts.path), view, head)
            return True
        with handle:
            if fs_path.endswith((".html", ".htm")):
                self._send(
                    HTTPStatus.OK, "text/html; charset=utf-8", inject(handle.read(), view), head
                )
                return True
            size = os.fstat(handle.fileno()).st_size
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(fs_path))
            self.send_header("Content-Length", str(size))
            self.end_headers()
            if not head:
                self.copyfile(handle, self.wfile)
        return True

    def _page(self, status: int, path: Path, view: View, head: bool) -> None:
        try:
            page = path.read_bytes()
        except OSError:
            if not (Path(self.directory) / "index.html").is_file():
                status = HTTPStatus.SERVICE_UNAVAILABLE  # no good build yet
            page = error_page(view, "claimtrack serve" if view.ok else "The data has errors")
        self._send(status, "text/html; charset=utf-8", inject(page, view), head)

    def _internal(self, name: str, query: dict[str, list[str]], head: bool) -> None:
        if name == "live.js":
            self._send(HTTPStatus.OK, "text/javascript; charset=utf-8", LIVE_JS.encode(), head)
        elif name == "live.css":
            self._send(HTTPStatus.OK, "text/css; charset=utf-8", LIVE_CSS.encode(), head)
        elif name in ("poll", "status"):
            view = self.live.view()
            extra: dict[str, Any] = {}
            if name == "poll":
                try:
                    since = int(query.get("since", [""])[0])
                except ValueError:
                    since = -1
                waited = self.live.wait_change(since, POLL_SECONDS, MAX_POLLS)
                if waited is None:  # too many polls open: this page asks again later
                    extra["retry_after"] = POLL_RETRY_SECONDS
                view = waited if waited is not None else self.live.view()
            data = {
                "version": view.version,
                "ok": view.ok,
                "message": view.message,
                "problems": [p.to_json() for p in view.problems],
                **extra,
            }
            if name == "status":
                data |= {"building": self.live.building, "search": self.live.search()}
            body = json.dumps(data, ensure_ascii=False).encode("utf-8")
            self._send(HTTPStatus.OK, "application/json; charset=utf-8", body, head)
        elif name == "review":
            view = self.live.view()
            items = view.review.items(wait=True) if view.review is not None else None
            page = review_page(items, made=view.review is not None)
            self._send(
                HTTPStatus.OK,
                "text/html; charset=utf-8",
                inject(page, view, review_line=False),
                head,
            )
        elif name == "errors":
            view = self.live.view()
            title = "The data has errors" if not view.ok else "No errors"
            self._send(
                HTTPStatus.OK,
                "text/html; charset=utf-8",
                inject(error_page(view, title), view),
                head,
            )
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8", b"not found\n", head)


def not_found_page(directory: str | os.PathLike[str], url_path: str) -> Path:
    """The 404 page in the language of the missing address: a site language's pages are
    in its own folder (``/fr/…``), which alone of the site's first folders holds a
    404.html; any other address gets the main language's."""
    first = unquote(url_path).lstrip("/").partition("/")[0]
    if first and first not in (".", "..") and "\\" not in first:
        found = Path(directory) / first / "404.html"
        if found.is_file():
            return found
    return Path(directory) / "404.html"


def handler_for(live: LiveState, directory: Path, hosts: HostCheck) -> type[LiveHandler]:
    """A handler class serving ``directory`` with ``live`` to requests that pass ``hosts``.

    The server makes one handler per request.
    """

    class BoundLiveHandler(LiveHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs["directory"] = str(directory)
            super().__init__(*args, **kwargs)

    BoundLiveHandler.live = live
    BoundLiveHandler.hosts = hosts
    return BoundLiveHandler
