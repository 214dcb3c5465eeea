"""Fetch one web page for `claimtrack new source --url` and `claimtrack recheck`: http(s)
only, within one deadline and a size limit, from public addresses only (unless allowed),
and every failure a usage error that names the address and the reason (``FetchFailed``:
also what kind of failure, which recheck reports as the page's outcome).

http.client (the standard library) makes the one GET, and the redirects are followed
here: each step is checked before it is taken (its scheme, its addresses: connect.py),
which urllib's opener does not let a caller do.  Proxies are not used: a proxy would
resolve and reach the host itself, past the address check.
"""

from __future__ import annotations

import http.client
import socket
from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote, urljoin, urlsplit

from .._version import __version__
from ..errors import UsageError
from ..records.values import is_http_url
from .connect import (
    Deadline,
    PinnedConnection,
    address_of,
    is_address,
    refused_kind,
    resolve,
)

MAX_REDIRECTS = 5
HTML_TYPES = ("text/html", "application/xhtml+xml")
REDIRECTS = (301, 302, 303, 307, 308)
_SCHEMES = ("http", "https")
_CHUNK = 1 << 16
# What may stand unescaped in a request's target: every printable ASCII character but
# those a URL may not hold; what is escaped already stays so.
_TARGET_SAFE = "!#$%&'()*+,/:;=?@[]~"
ALLOW_OPTION = "--allow-private-addresses"


@dataclass(frozen=True, slots=True)
class Fetched:
    url: str  # where the page was found, after redirects
    body: bytes  # as the server sent it
    charset: str | None  # from the Content-Type header
    redirected: bool = False  # whether the server sent the request on to another address


# How a fetch failed: the page is gone (HTTP 404, 410); the server could not be had now
# (a time-out, a refused connection, a page cut off, HTTP 5xx or another error status, a
# redirect loop); or what it sent is refused (not HTML, too large, a redirect to a scheme
# not allowed, an address that is not public).
Failure = Literal["gone", "unreachable", "refused"]
GONE_STATUSES = (404, 410)


class FetchFailed(UsageError):
    """A page that could not be had: ``failure`` says how, ``reason`` why (without the
    address, which the message names)."""

    def __init__(self, url: str, failure: Failure, reason: str) -> None:
        super().__init__(f"--url {url}: {reason}")
        self.failure: Failure = failure
        self.reason = reason


class _Failed(Exception):
    """A reason to stop; fetch() names the address."""

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


def fetch(url: str, timeout: float, limit: int, allow_private: bool = False) -> Fetched:
    """GET ``url``: at most ``limit`` bytes, everything (look-ups, connections, redirects,
    the page to its last byte) within ``timeout`` seconds.  ``allow_private``: addresses that
    are not public may be reached too.  Raises FetchFailed (a UsageError) when the page
    cannot be had."""
    try:
        check_url(url)
    except UsageError as exc:
        raise FetchFailed(url, "refused", str(exc).removeprefix(f"--url {url}: ")) from None
    deadline = Deadline(timeout)
    host = urlsplit(url).hostname
    try:
        return _follow(url, deadline, limit, allow_private)
    except _Failed as exc:
        raise FetchFailed(url, exc.failure, str(exc)) from None
    except (OSError, http.client.HTTPException, UnicodeError) as exc:
        # Every wait is bounded by the deadline: a time-out is the deadline's.
        timed_out = deadline.passed or isinstance(exc, TimeoutError)
        reason = f"no answer within {timeout:g} s" if timed_out else _why(exc, host)
        raise FetchFailed(url, "unreachable", reason) from None


def _follow(url: str, deadline: Deadline, limit: int, allow_private: bool) -> Fetched:
    """The page at ``url``, each redirect checked before it is followed."""
    current = url
    for hop in range(MAX_REDIRECTS + 1):
        connection, response = _get(current, deadline, allow_private, redirected=hop > 0)
        try:
            status = response.status
            location = response.getheader("Location")
            if status in REDIRECTS and location:
                if hop == MAX_REDIRECTS:
                    raise _Failed(
                        f"more than {MAX_REDIRECTS} redirects (HTTP {status})", "unreachable"
                    )
                current = _next_address(current, location)
                continue
            if status in GONE_STATUSES:
                raise _Failed(f"the server answered HTTP {status} {response.reason}", "gone")
            if not 200 <= status < 300:
                raise _Failed(f"the server answered HTTP {status} {response.reason}", "unreachable")
            body = _body(response, limit)
            return Fetched(current, body, response.msg.get_content_charset(), current != url)
        finally:
            connection.close()
    raise AssertionError("unreachable: the loop returns or raises")


def _next_address(current: str, location: str) -> str:
    """Where a redirect leads, refused unless it is an http(s) address."""
    target = urljoin(current, location.strip())
    scheme = urlsplit(target).scheme.lower() if ":" in target else ""
    shown = target if len(target) <= 200 else target[:200] + "…"
    if scheme not in _SCHEMES:
        raise _Failed(f"redirected to {shown}: the {scheme}: scheme is not fetched, only http(s)")
    try:
        check_url(target)
    except UsageError:
        raise _Failed(f"redirected to {shown}, which is not a valid http(s) address") from None
    return target


def _get(
    url: str, deadline: Deadline, allow_private: bool, redirected: bool
) -> tuple[PinnedConnection, http.client.HTTPResponse]:
    """The answer's status and headers for a GET of ``url``, from an address checked."""
    parts = urlsplit(url)
    host = parts.hostname
    assert host is not None  # check_url
    tls = parts.scheme.lower() == "https"
    port = parts.port or (443 if tls else 80)
    targets = resolve(host, port, deadline)
    if not allow_private:
        for target in targets:
            address = address_of(target)
            kind = refused_kind(address)
            if kind is not None:
                said = host if is_address(host) else f"{host} is at {address}"
                where = f"redirected to {url}: " if redirected else ""
                raise _Failed(f"{where}{said}, {kind}, which is not fetched without {ALLOW_OPTION}")
    connection = PinnedConnection(host, port, targets, deadline, tls)
    path = quote(parts.path or "/", safe=_TARGET_SAFE)
    if parts.query:
        path += "?" + quote(parts.query, safe=_TARGET_SAFE)
    try:
        connection.request(
            "GET",
            path,
            headers={
                "User-Agent": f"claimtrack/{__version__} (archiving a source)",
                "Accept": "text/html, application/xhtml+xml;q=0.9",
                "Connection": "close",
            },
        )
        return connection, connection.getresponse()
    except BaseException:
        connection.close()
        raise


def _body(response: http.client.HTTPResponse, limit: int) -> bytes:
    """The page, refused unless it is HTML and within ``limit``; a page cut off (fewer bytes
    than its Content-Length, a chunked body without its end) is unreachable."""
    headers = response.msg
    kind = headers.get_content_type() if headers.get("Content-Type") else None
    if kind is not None and kind not in HTML_TYPES:
        raise _Failed(f"the server sent {kind}, not an HTML page")
    length = headers.get("Content-Length", "")
    if length.isdigit() and int(length) > limit:
        raise _Failed(f"the page is {length} bytes, more than the limit of {limit}")
    parts, total = [], 0
    try:
        while total <= limit:
            # read1: what has arrived, at most this much; read() would wait for all of it.
            chunk = response.read1(min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            parts.append(chunk)
            total += len(chunk)
    except http.client.IncompleteRead:
        raise _Failed(
            f"the connection closed after {total} bytes, before the end of the page",
            "unreachable",
        ) from None
    if total > limit:
        raise _Failed(f"the page is more than the limit of {limit} bytes")
    if response.length:  # what the Content-Length promised and did not come
        raise _Failed(
            f"the connection closed after {total} of the {total + response.length} bytes "
            "the server announced",
            "unreachable",
        )
    return b"".join(parts)


def _why(reason: BaseException, host: str | None) -> str:
    if isinstance(reason, socket.gaierror):
        return f"cannot find the host {host} ({reason.strerror or reason})"
    if isinstance(reason, ConnectionRefusedError):
        return f"{host} refused the connection"
    if isinstance(reason, OSError) and reason.strerror:
        return f"the connection failed ({reason.strerror})"
    return f"the connection failed ({reason or type(reason).__name__})"
