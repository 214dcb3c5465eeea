"""Which ``Host`` headers `claimtrack serve` answers: a defence against DNS rebinding.

A web page on another site can point its own name at 127.0.0.1 and then read
whatever answers there as if it were its own (the draft site, the status JSON).
Its requests still carry its own name in ``Host``, so the server answers only
the loopback names and the names it was told to listen on, with its own port.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from http import HTTPStatus

LOOPBACK = ("localhost", "127.0.0.1", "::1")
DEFAULT_PORT = 80  # what a Host header without a port means for http://


def normalize(name: str) -> str:
    """``name`` as compared: lower case, no brackets or trailing dot, an IP address compressed."""
    name = name.strip().lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    if name.endswith("."):
        name = name[:-1]  # "localhost." is an absolute name for "localhost"
    try:
        return ipaddress.ip_address(name).compressed
    except ValueError:
        return name


def _split(value: str) -> tuple[str, int] | None:
    """(name, port) of a Host header value, or None when it is not one."""
    value = value.strip()
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:] if rest else None
    else:
        name, colon, port_text_or_empty = value.partition(":")
        if ":" in port_text_or_empty:
            return None  # an IPv6 address must be in brackets
        port_text = port_text_or_empty if colon else None
    if not name:
        return None
    if port_text is None:
        return name, DEFAULT_PORT
    if not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5:
        return None
    return name, int(port_text)


@dataclass(frozen=True)
class Refusal:
    status: HTTPStatus
    text: str  # a short plain-text body


@dataclass(frozen=True)
class HostCheck:
    """The names and port a request's ``Host`` header must name."""

    names: frozenset[str]
    port: int

    @classmethod
    def for_server(cls, host: str, bound: str, port: int) -> HostCheck:
        """The loopback names plus ``--host`` and the address it was bound to, on ``port``."""
        return cls(frozenset(normalize(n) for n in (*LOOPBACK, host, bound)), port)

    def refuse(self, values: list[str]) -> Refusal | None:
        """Why a request with these ``Host`` header values is not answered, or None."""
        if len(values) != 1:
            what = "no Host header" if not values else "more than one Host header"
            return Refusal(HTTPStatus.BAD_REQUEST, f"claimtrack serve: {what}\n")
        split = _split(values[0])
        if split is None:
            return Refusal(HTTPStatus.BAD_REQUEST, "claimtrack serve: a malformed Host header\n")
        name, port = split
        if normalize(name) not in self.names or port != self.port:
            return Refusal(
                HTTPStatus.MISDIRECTED_REQUEST,
                "claimtrack serve answers only http://localhost:"
                f"{self.port}/ and the --host it was given\n",
            )
        return None
