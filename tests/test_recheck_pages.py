"""`claimtrack recheck` against servers and pages that misbehave (tests/page_server.py, on
127.0.0.1): slow, cut off, redirecting where no fetch may go, on an address that is not
public; a charset that is no text encoding, a cited sentence the page hides, a page too
large to extract.  Each is judged by its outcome and reason, as the report gives them."""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from claimtrack.web import connect, fetch
from claimtrack.web.maintext import MAX_ELEMENTS

from .conftest import Result
from .page_server import LOCAL, PageServer, Response, page, serving
from .test_recheck import ACME, DAY, SPEED, SPEED_QUOTE, files, gone_quotes, one, recheck_root

Runner = Callable[..., Result]
REFUSED = "which is not fetched without --allow-private-addresses"


@pytest.fixture
def server() -> Iterator[PageServer]:
    with serving() as pages:
        yield pages


@pytest.fixture
def root(tmp_path: Path, server: PageServer) -> Path:
    return recheck_root(tmp_path, server)


def pieces(data: bytes, count: int) -> tuple[bytes, ...]:
    size = -(-len(data) // count)
    return tuple(data[i : i + size] for i in range(0, len(data), size))


# -- the deadline covers the whole fetch -------------------------------------------------


@pytest.mark.parametrize(
    "slow",
    [
        # Status line, headers and page a byte at a time: 0.05 s apart, each read is quick,
        # and the whole answer would take some 20 s.
        Response(body=page(*ACME), pause=0.05),
        # The headers at once, then the page in ten chunks 0.3 s apart.
        Response(chunks=pieces(page(*ACME), 10), pause=0.3),
    ],
    ids=["a byte at a time", "slow chunks"],
)
def test_a_slow_server_ends_at_the_deadline(
    run_cli: Runner, root: Path, server: PageServer, slow: Response
) -> None:
    server.routes["/acme"] = slow
    before = files(root)
    code, found = one(run_cli, root, "acme-post", "--timeout", "1", "--save")
    assert (code, found["outcome"], found["reason"]) == (0, "unreachable", "no answer within 1 s")
    assert files(root) == before


def test_a_chunked_page_in_time_is_read(run_cli: Runner, root: Path, server: PageServer) -> None:
    server.routes["/acme"] = Response(chunks=pieces(page(*ACME), 10))
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"]) == (0, "unchanged")


# -- a page cut off ----------------------------------------------------------------------


def test_a_page_shorter_than_its_length_is_unreachable(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    body = page(*ACME)
    cut = body.index(b"not announced")  # what came would read as a changed page
    server.routes["/acme"] = Response(body=body, cut=cut)
    before = files(root)
    code, found = one(run_cli, root, "acme-post", "--save")
    assert (code, found["outcome"]) == (0, "unreachable")
    assert found["reason"] == (
        f"the connection closed after {cut} of the {len(body)} bytes the server announced"
    )
    assert files(root) == before


def test_a_chunked_page_cut_off_is_unreachable(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    chunks = pieces(page(*ACME), 4)
    server.routes["/acme"] = Response(chunks=chunks, cut=3)  # nor the last, empty chunk
    before = files(root)
    code, found = one(run_cli, root, "acme-post", "--save")
    assert (code, found["outcome"]) == (0, "unreachable")
    sent = sum(map(len, chunks[:3]))
    assert found["reason"] == (
        f"the connection closed after {sent} bytes, before the end of the page"
    )
    assert files(root) == before


# -- where a redirect may lead -----------------------------------------------------------


@pytest.mark.parametrize(
    "target",
    ["file:///etc/passwd", "data:text/html,<p>Rocket</p>", "javascript:alert(1)", "gopher://x/"],
)
def test_a_redirect_to_another_scheme_is_refused(
    run_cli: Runner, root: Path, server: PageServer, target: str
) -> None:
    server.routes["/acme"] = Response(302, location=target)
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"]) == (0, "refused")
    scheme = target.split(":")[0]
    assert found["reason"] == (
        f"redirected to {target}: the {scheme}: scheme is not fetched, only http(s)"
    )


# -- addresses that are not public ------------------------------------------------------


def test_a_page_on_a_loopback_address_is_refused(run_cli: Runner, root: Path) -> None:
    """The test server's own address, without the option that allows it."""
    result = run_cli("recheck", "acme-post", "--root", root, "--today", DAY, "--format", "json")
    assert result.code == 0, result.output
    (found,) = json.loads(result.out)
    assert (found["outcome"], found["reason"]) == (
        "refused",
        f"127.0.0.1, a loopback address, {REFUSED}",
    )


@pytest.fixture
def public_server(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """127.0.0.1 taken for a public address (the test server must be reached), every other
    address judged as ever; and host names of the test's own (``names``: name to address),
    answered without a DNS query."""
    loopback = ipaddress.ip_address("127.0.0.1")
    real_kind, real_lookup = connect.refused_kind, socket.getaddrinfo

    def kind(address: connect.Address) -> str | None:
        return None if address == loopback else real_kind(address)

    names: dict[str, str] = {}

    def lookup(host: str, port: int, *args: Any, **kwargs: Any) -> Any:
        if host in names:
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (names[host], port))]
        return real_lookup(host, port, *args, **kwargs)

    monkeypatch.setattr(fetch, "refused_kind", kind)
    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    return names


@pytest.mark.parametrize(
    ("target", "said"),
    [
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254, a link-local address"),
        ("http://metadata.test/", "metadata.test is at 169.254.169.254, a link-local address"),
        ("http://127.0.0.2:8080/", "127.0.0.2, a loopback address"),
        ("http://10.1.2.3/", "10.1.2.3, a private address"),
        ("http://[::ffff:10.1.2.3]/", "::ffff:10.1.2.3, a private address"),
        ("http://[::1]/", "::1, a loopback address"),
        ("http://100.100.100.200/", "100.100.100.200, not a public address"),
    ],
)
def test_a_redirect_to_an_address_that_is_not_public_is_refused(
    run_cli: Runner,
    root: Path,
    server: PageServer,
    public_server: dict[str, str],
    target: str,
    said: str,
) -> None:
    public_server["metadata.test"] = "169.254.169.254"
    server.routes["/acme"] = Response(302, location=target)
    result = run_cli(
        "recheck", "acme-post", "--timeout", "2", "--root", root, "--today", DAY, "--format", "json"
    )
    (found,) = json.loads(result.out)
    assert (result.code, found["outcome"]) == (0, "refused")
    assert found["reason"] == f"redirected to {target}: {said}, {REFUSED}"


def test_the_connection_goes_to_the_address_checked(
    run_cli: Runner,
    root: Path,
    server: PageServer,
    public_server: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS rebinding: a name that answers a public address to the check and a private one
    to a second look-up.  There is no second look-up: the connection goes to the first."""
    asked: list[str] = []
    lookup = socket.getaddrinfo

    def rebinding(host: str, port: int, *args: Any, **kwargs: Any) -> Any:
        if host == "rebind.test":
            asked.append(host)
            address = "127.0.0.1" if len(asked) == 1 else "169.254.169.254"
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]
        return lookup(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    port = server.base.rsplit(":", 1)[1]
    server.routes["/acme"] = Response(302, location=f"http://rebind.test:{port}/news/acme")
    server.routes["/news/acme"] = Response(body=page(*ACME))
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"]) == (1, "moved")
    assert found["final_url"] == f"http://rebind.test:{port}/news/acme"
    assert asked == ["rebind.test"]


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("8.8.8.8", None),
        ("2001:4860:4860::8888", None),
        ("127.0.0.1", "a loopback address"),
        ("0.0.0.0", "an unspecified address"),
        ("::", "an unspecified address"),
        ("169.254.169.254", "a link-local address"),
        ("fe80::1", "a link-local address"),
        ("192.168.1.1", "a private address"),
        ("fd00::1", "a private address"),
        ("224.0.0.1", "a multicast address"),
        ("ff02::1", "a multicast address"),
        ("240.0.0.1", "a reserved address"),
        ("100.64.0.1", "not a public address"),
        ("::ffff:127.0.0.1", "a loopback address"),  # IPv4-mapped
        ("2002:a9fe:a9fe::1", "a link-local address"),  # 6to4 of 169.254.169.254
        ("64:ff9b::a9fe:a9fe", "a link-local address"),  # NAT64 of 169.254.169.254
    ],
)
def test_which_addresses_are_refused(address: str, kind: str | None) -> None:
    assert connect.refused_kind(ipaddress.ip_address(address)) == kind


# -- what the page says of itself --------------------------------------------------------


NOT_TEXT = ["rot-13", "base64", "zlib", "hex", "uu", "bz2", "quopri", "idna", "punycode"]


@pytest.mark.parametrize("charset", [*NOT_TEXT, "undefined", "unicode-escape"])
def test_a_charset_that_is_no_text_encoding_is_passed_over(
    run_cli: Runner, root: Path, server: PageServer, charset: str
) -> None:
    """Said by the server: the page's own <meta charset=utf-8> is read instead; said by the
    page alone: UTF-8 is."""
    kind = f"text/html; charset={charset}"
    server.routes["/acme"] = Response(body=page(*ACME), content_type=kind)
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"]) == (0, "unchanged")
    declared = page(*ACME).replace(b"charset=utf-8", f"charset={charset}".encode())
    server.routes["/acme"] = Response(body=declared, content_type="text/html")
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"]) == (0, "unchanged")


@pytest.mark.parametrize(
    "hidden",
    [
        "<span hidden>{}</span>",
        "<template>{}</template>",
        "<del>{}</del>",
        "<s>{}</s>",
        '<span style="color: red; DISPLAY : none">{}</span>',
        '<span style="visibility:hidden">{}</span>',
    ],
)
def test_a_sentence_the_page_hides_is_gone(
    run_cli: Runner, root: Path, server: PageServer, hidden: str
) -> None:
    shown = ACME[0].replace(SPEED, hidden.format(SPEED))
    server.routes["/acme"] = Response(body=page(shown, ACME[1]))
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"], found["removed"]) == (1, "changed", [SPEED])
    assert gone_quotes(found) == [SPEED_QUOTE]


def test_a_sentence_a_reader_can_find_is_there(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    """hidden=until-found: a collapsed section a reader opens, or finds by searching."""
    shown = ACME[0].replace(SPEED, f'<span hidden="until-found">{SPEED}</span>')
    server.routes["/acme"] = Response(body=page(shown, ACME[1]))
    code, found = one(run_cli, root, "acme-post")
    assert (code, found["outcome"]) == (0, "unchanged")


def test_a_page_of_too_many_elements_is_refused(
    run_cli: Runner, root: Path, server: PageServer
) -> None:
    lines = [f"Line {n}." for n in range(MAX_ELEMENTS)]
    body = page(*ACME, *lines)
    server.routes["/acme"] = Response(body=body)
    code, found = one(run_cli, root, "acme-post", "--save")
    assert (code, found["outcome"]) == (0, "refused")
    assert str(found["reason"]).endswith(
        f"elements, more than the {MAX_ELEMENTS} whose main text is extracted; "
        "save the text yourself and use --text FILE"
    )
    assert found["saved"] == []


def test_the_option_is_passed_on(run_cli: Runner, root: Path, server: PageServer) -> None:
    """With the option, the same page is fetched (every other test here gives it)."""
    result = run_cli(
        "recheck", "acme-post", LOCAL, "--root", root, "--today", DAY, "--format", "json"
    )
    assert json.loads(result.out)[0]["outcome"] == "unchanged"
