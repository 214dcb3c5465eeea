"""Fetch one web page for `claimtrack new source --url` and `claimtrack recheck`: http(s)
only, bounded in time and size, and every failure a usage error that names the address and
the reason (``FetchFailed``: also what kind of failure, which recheck reports as the page's
outcome).

urllib (the standard library) does all that is needed for one GET; a new HTTP
dependency would add nothing but weight.
"""

from __future__ import annotations

import http.client
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import IO, Literal
from urllib.parse import urlsplit

from .._version import __version__
from ..errors import UsageError
from ..records.values import is_http_url

MAX_REDIRECTS = 5
HTML_TYPES = ("text/html", "application/xhtml+xml")
_SCHEMES = ("http", "https")
_CHUNK = 1 << 16


@dataclass(frozen=True, slots=True)
class Fetched:
    url: str  # where the page was found, after redirects
    body: bytes  # as the server sent it
    charset: str | None  # from the Content-Type header
    redirected: bool = False  # whether the server sent the request on to another address


# How a fetch failed: the page is gone (HTTP 404, 410); the server could not be had now
# (a time-out, a refused connection, HTTP 5xx or another error status, a redirect loop);
# or what it sent is refused (not HTML, too large, a redirect to a scheme not allowed).
Failure = Literal["gone", "unreachable", "refused"]
GONE_STATUSES = (404, 410)


class FetchFailed(UsageError):
    """A page that could not be had: ``failure`` says how, ``reason`` why (without the
    address, which the message names)."""

    def __init__(self, url: str, failure: Failure, reason: str) -> None:
        super().__init__(f"--url {url}: {reason}")
        self.failure: Failure = failure
        self.reason = reason


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Follows at most MAX_REDIRECTS redirects, and only to http(s) addresses."""

    max_redirections = MAX_REDIRECTS

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        if urlsplit(newurl).scheme.lower() not in _SCHEMES:
            raise _Failed(f"redirected to {newurl}, which is not an http(s) address")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class _Failed(Exception):
    """A reason to stop, raised inside urllib's handlers; fetch() names the address."""

    def __init__(self, reason: str, failure: Failure = "refused") -> None:
        super().__init__(reason)
        self.failure: Failure = failure


def check_url(url: str) -> None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  (reading it checks it: a number, 0 to 65535)
    except ValueError as exc:
        raise UsageError(f"--url {url}: not a valid address ({exc})") from None
    if parts.scheme.lower() not in _SCHEMES:
        raise UsageError(f"--url {url}: only http:// and https:// addresses can be fetched")
    if not parts.hostname or not is_http_url(url):
        raise UsageError(f"--url {url}: not a valid http(s) address")


def fetch(url: str, timeout: float, limit: int) -> Fetched:
    """GET ``url``: at most ``limit`` bytes, within ``timeout`` seconds in all.  Raises
    FetchFailed (a UsageError) when the page cannot be had."""
    try:
        check_url(url)
    except UsageError as exc:
        raise FetchFailed(url, "refused", str(exc).removeprefix(f"--url {url}: ")) from None
    try:
        return _get(url, timeout, limit)
    except _Failed as exc:
        raise FetchFailed(url, exc.failure, str(exc)) from None
    except urllib.error.HTTPError as exc:
        failure: Failure = "gone" if exc.code in GONE_STATUSES else "unreachable"
        if 300 <= exc.code < 400:
            reason = f"more than {MAX_REDIRECTS} redirects (HTTP {exc.code})"
        else:
            reason = f"the server answered HTTP {exc.code} {exc.reason}"
        raise FetchFailed(url, failure, reason) from None
    except urllib.error.URLError as exc:
        raise FetchFailed(url, "unreachable", _why(exc.reason, url, timeout)) from None
    except (OSError, http.client.HTTPException) as exc:
        raise FetchFailed(url, "unreachable", _why(exc, url, timeout)) from None


def _get(url: str, timeout: float, limit: int) -> Fetched:
    deadline = time.monotonic() + timeout
    opener = urllib.request.build_opener(_Redirects)
    request = urllib.request.Request(
        url,
        headers={
            "User-Agent": f"claimtrack/{__version__} (archiving a source)",
            "Accept": "text/html, application/xhtml+xml;q=0.9",
        },
    )
    with opener.open(request, timeout=timeout) as response:
        headers = response.headers
        kind = headers.get_content_type() if headers.get("Content-Type") else None
        if kind is not None and kind not in HTML_TYPES:
            raise _Failed(f"the server sent {kind}, not an HTML page")
        length = headers.get("Content-Length", "")
        if length.isdigit() and int(length) > limit:
            raise _Failed(f"the page is {length} bytes, more than the limit of {limit}")
        parts, total = [], 0
        while total <= limit:
            if time.monotonic() > deadline:
                raise _Failed(f"the page did not arrive within {timeout:g} s", "unreachable")
            chunk = response.read(min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
        if total > limit:
            raise _Failed(f"the page is more than the limit of {limit} bytes")
        final = response.geturl()
        return Fetched(final, b"".join(parts), headers.get_content_charset(), final != url)


def _why(reason: object, url: str, timeout: float) -> str:
    host = urlsplit(url).hostname
    if isinstance(reason, socket.gaierror):
        return f"cannot find the host {host} ({reason.strerror or reason})"
    if isinstance(reason, ConnectionRefusedError):
        return f"{host} refused the connection"
    if isinstance(reason, TimeoutError):
        return f"no answer within {timeout:g} s"
    if isinstance(reason, OSError) and reason.strerror:
        return f"the connection failed ({reason.strerror})"
    return f"the connection failed ({reason})"
