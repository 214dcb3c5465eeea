"""The connection of one fetch: one deadline over all of it, the host resolved once and each
of its addresses checked, and the connection made to an address that was checked.

- One deadline (``Deadline``) bounds the whole fetch: the name look-up, each connection,
  the TLS handshake and every read of every answer, redirects included.  A socket's own
  time-out bounds one read only: a server that sends a byte a second would hold a fetch
  for as long as it liked.  Every read here waits at most until the deadline.
- An address that is not public (loopback, private, link-local such as the cloud metadata
  endpoint 169.254.169.254, multicast, reserved, unspecified, shared, and the IPv6 forms
  that carry such an IPv4 address) is refused unless the caller allows them: a source page
  that redirects to one would otherwise be fetched, and `recheck --save` would archive and
  publish what it returns.
- The connection goes to the addresses that were checked (pinned), never to those of a
  second look-up, which a name's owner could change in between (DNS rebinding).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import threading
import time
from typing import Any

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
# What a connection is made to: the address family and the socket address, as getaddrinfo
# gives them.
Target = tuple[socket.AddressFamily, tuple[Any, ...]]
# The IPv6 prefix of NAT64 (RFC 6052): its addresses carry an IPv4 address in their last
# 32 bits, which the translator connects to.
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


class Deadline:
    """When a fetch must end: ``left()`` is the time still allowed, and raises TimeoutError
    once there is none."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._at = time.monotonic() + seconds

    @property
    def passed(self) -> bool:
        return time.monotonic() >= self._at

    def left(self) -> float:
        left = self._at - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no answer within {self.seconds:g} s")
        return left


def refused_kind(address: Address) -> str | None:
    """Why a fetch does not reach ``address`` ("a loopback address", ...), None when it is a
    public address.  An IPv6 address that carries an IPv4 one (IPv4-mapped, 6to4, Teredo,
    NAT64) is judged by the IPv4 address too."""
    if isinstance(address, ipaddress.IPv6Address):
        carried = [address.ipv4_mapped, address.sixtofour]
        if address.teredo is not None:
            carried.extend(address.teredo)
        if address in _NAT64:
            carried.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
        for inner in carried:
            if inner is not None and (kind := refused_kind(inner)) is not None:
                return kind
    kinds = (
        ("an unspecified address", address.is_unspecified),
        ("a loopback address", address.is_loopback),
        ("a link-local address", address.is_link_local),
        ("a multicast address", address.is_multicast),
        ("a reserved address", address.is_reserved),
        ("a private address", address.is_private),
        # The rest that is not global: shared address space (100.64.0.0/10), and the like.
        ("not a public address", not address.is_global),
    )
    return next((kind for kind, found in kinds if found), None)


def is_address(host: str) -> bool:
    """Whether ``host`` is an IP address rather than a name."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def resolve(host: str, port: int, deadline: Deadline) -> list[Target]:
    """The addresses of ``host``, each once, looked up before the deadline.

    getaddrinfo cannot be given a time-out: it runs in a thread of its own, and a look-up
    still running at the deadline is left to end by itself (a daemon thread).
    """
    found: list[Any] = []

    def look_up() -> None:
        try:
            found.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except (OSError, UnicodeError) as exc:  # UnicodeError: a name IDNA refuses
            found.append(exc)

    if is_address(host):
        look_up()  # no query: the address is given
    else:
        thread = threading.Thread(target=look_up, name=f"resolve {host}", daemon=True)
        thread.start()
        thread.join(deadline.left())
        if not found:
            raise TimeoutError(f"no answer within {deadline.seconds:g} s")
    if isinstance(found[0], BaseException):
        raise found[0]
    targets: dict[tuple[Any, ...], Target] = {}
    for family, _, _, _, sockaddr in found[0]:
        targets.setdefault(sockaddr, (family, sockaddr))
    if not targets:
        raise socket.gaierror(socket.EAI_NONAME, "no address")
    return list(targets.values())


def address_of(target: Target) -> Address:
    return ipaddress.ip_address(str(target[1][0]))


class _Socket(socket.socket):
    """A TCP socket whose every read waits at most until the deadline."""

    deadline: Deadline | None = None

    def recv_into(self, buffer: Any, nbytes: int = 0, flags: int = 0) -> int:
        if self.deadline is not None:
            self.settimeout(self.deadline.left())
        return super().recv_into(buffer, nbytes, flags)


class _TlsSocket(ssl.SSLSocket):
    """The same over TLS (what SSLContext.wrap_socket makes, through sslsocket_class)."""

    deadline: Deadline | None = None

    def recv_into(self, buffer: Any, nbytes: int | None = None, flags: int = 0) -> int:
        if self.deadline is not None:
            self.settimeout(self.deadline.left())
        return super().recv_into(buffer, nbytes, flags)


def _tls_context() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.sslsocket_class = _TlsSocket
    return context


class PinnedConnection(http.client.HTTPConnection):
    """An HTTP(S) connection to ``host`` made to one of ``targets`` (the addresses checked),
    every step of it before ``deadline``.  The host name still goes in the Host header and,
    over TLS, in SNI and the certificate check."""

    def __init__(
        self, host: str, port: int, targets: list[Target], deadline: Deadline, tls: bool
    ) -> None:
        super().__init__(host, port)
        self.default_port = 443 if tls else 80  # the Host header names no default port
        self._targets = targets
        self._deadline = deadline
        self._tls = tls

    def connect(self) -> None:
        error: OSError | None = None
        for family, sockaddr in self._targets:
            sock = _Socket(family, socket.SOCK_STREAM)
            try:
                sock.settimeout(self._deadline.left())
                sock.connect(sockaddr)
            except OSError as exc:
                sock.close()
                if isinstance(exc, TimeoutError):
                    raise
                error = exc
                continue
            break
        else:
            assert error is not None  # resolve() gives at least one address
            raise error
        sock.deadline = self._deadline
        if not self._tls:
            self.sock = sock
            return
        try:
            # The handshake as a whole is bounded by the socket's time-out (the ssl module
            # keeps one deadline across it), set to what is left.
            sock.settimeout(self._deadline.left())
            tls = _tls_context().wrap_socket(sock, server_hostname=self.host)
        except BaseException:
            sock.close()
            raise
        assert isinstance(tls, _TlsSocket)
        tls.deadline = self._deadline
        self.sock = tls
