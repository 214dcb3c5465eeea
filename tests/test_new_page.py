"""`claimtrack new source ID --html FILE | --url URL`: a web page in, its main text archived,
the page kept, and what its metadata states pre-filled.  Pages are served from 127.0.0.1
by the test itself: no network."""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml

from .conftest import FIXTURES, TODAY, Result
from .page_server import LOCAL

Run = Callable[..., Result]
PAGES = FIXTURES / "pages"
CHECK_IT = "# from the page's metadata: check it"
BIG = 5 * 1024 * 1024 + 1


def _new(run_cli: Run, root: Path, *args: str | Path) -> Result:
    return run_cli("new", "source", *args, LOCAL, "--root", root, "--today", TODAY)


def line(text: str, key: str) -> str:
    return next(ln for ln in text.splitlines() if ln.startswith(f"{key}:"))


def fill_kind(root: Path, sid: str) -> None:
    path = root / "sources" / f"{sid}.yaml"
    path.write_text(path.read_text().replace("\nkind:\n", "\nkind: report\n"))


CASES = {
    "en-acme-blog": (
        [
            "In our own tests, Rocket 2 runs up to 3x faster than Rocket 1 on the same models.",
            "We have not yet announced its price.",
        ],
        [
            "cookies",
            "Careers at Acme",
            "rocketfan42",
            "Benchmarks or it did not happen",
            "All rights reserved",
        ],
        {
            "title": "Acme Rocket 2 Runs Up to 3x Faster",
            "publisher": "Acme Blog",
            "authors": ["Jane Doe"],
            "published": "2026-10-01",
            "url": "https://blog.acme.example/2026/10/rocket-2-faster/",
            "language": "en-US",
        },
    ),
    "zh-hant-analysis": (
        [
            "Acme 於十月一日發表了第二代推論加速器 Rocket 2，並宣稱其速度比 Rocket 1 快達三倍。",
            "我們已向 Acme 詢問測試條件，截至發稿時尚未獲得回覆。",
        ],
        ["Cookie", "最新新聞", "等實測吧", "希望不要太貴", "版權所有"],
        {
            "title": "Rocket 2 速度提升三倍？深入分析",
            "publisher": "科技觀察",
            "authors": ["王小明"],
            "published": "2026-10-02",
            "url": "https://tech.example.tw/articles/rocket-2-analysis",
            "language": "zh-Hant",
        },
    ),
    "fr-resume": (
        [
            "Selon l'entreprise, Rocket 2 est jusqu'à trois fois plus rapide que Rocket 1.",
            "Aucun test indépendant n'a encore été publié.",
        ],
        ["cookies", "Nous contacter", "Encore un chiffre marketing", "Claire", "Mentions légales"],
        {
            "title": "Rocket 2 : trois fois plus rapide, selon Acme",
            "publisher": "Le Fil Tech",
            "authors": None,  # the page names none
            "published": "2026-10-04",
            "url": "https://lefiltech.example.fr/rocket-2-trois-fois-plus-rapide",
            "language": "fr",
        },
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_saved_page_becomes_a_source(
    run_cli: Run, tracker: Callable[[str], Path], name: str
) -> None:
    kept, stripped, facts = CASES[name]
    root = tracker("minimal")
    page = PAGES / f"{name}.html"
    result = _new(run_cli, root, "page", "--html", page)
    assert result.code == 0, result.output
    raw = page.read_bytes()
    assert (root / "sources/page.html").read_bytes() == raw
    text = (root / "sources/page.txt").read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text
    for sentence in kept:
        assert sentence in text
    for boilerplate in stripped:
        assert boilerplate not in text
    record = (root / "sources/page.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(record)
    for key, value in facts.items():
        if value is None:
            assert line(record, key) == f"{key}: []", key
            continue
        assert line(record, key).endswith(f"  {CHECK_IT}"), key
        assert str(data[key]) == value if key != "authors" else data[key] == value
    assert data["snapshot"]["sha256"] == hashlib.sha256(text.encode()).hexdigest()
    assert data["snapshot"]["html_sha256"] == hashlib.sha256(raw).hexdigest()
    assert data["kind"] is None  # the editor's choice, as with --text
    fill_kind(root, "page")
    checked = run_cli("check", "--root", root, "--today", TODAY)
    assert checked.code == 0, checked.output


def test_extraction_is_deterministic(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    for sid in ("page", "again"):
        assert _new(run_cli, root, sid, "--html", PAGES / "fr-resume.html").code == 0
    first, second = (root / f"sources/{sid}.txt" for sid in ("page", "again"))
    assert first.read_bytes() == second.read_bytes()


def test_a_page_that_states_nothing_leaves_every_field_unknown(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    page = tmp_path / "bare.html"
    sentence = "Rocket 2 was shown to the press on a Tuesday, and nobody measured anything."
    page.write_text(f"<html><body><article><p>{sentence} " * 3 + "</p></article></body></html>")
    assert _new(run_cli, root, "bare", "--html", page).code == 0
    record = (root / "sources/bare.yaml").read_text()
    assert CHECK_IT not in record
    for key in ("title", "publisher", "published", "url", "language"):
        assert line(record, key) == f"{key}:"
    assert line(record, "authors") == "authors: []"


def test_the_archive_holds_no_character_a_text_archive_may_not(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    page = tmp_path / "odd.html"
    sentence = "Rocket 2 ships in the first quarter, the company said in its statement."
    page.write_bytes(
        f"<html lang=en><body><article><p>Odd\x01 bytes\x7f here\ufffe.\r\n{sentence}</p>"
        f"<p>{sentence}</p></article></body></html>".encode()
    )
    assert _new(run_cli, root, "odd", "--html", page).code == 0
    text = (root / "sources/odd.txt").read_text(encoding="utf-8")
    assert "Odd bytes here." in text and sentence in text
    assert not any(c in text for c in "\x01\x7f\ufffe\r")
    fill_kind(root, "odd")
    path = root / "sources/odd.yaml"
    path.write_text(path.read_text().replace("\ntitle:\n", "\ntitle: Odd\n"))
    assert run_cli("check", "--root", root, "--today", TODAY).code == 0


def test_a_page_without_main_text_is_refused(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    page = tmp_path / "empty.html"
    page.write_text(
        "<html><head><title>Nothing</title></head><body><script>go()</script></body></html>"
    )
    result = _new(run_cli, root, "empty", "--html", page)
    assert result.code == 1 and "no main text found in the page" in result.err
    assert not list((root / "sources").glob("empty.*"))


def test_existing_files_are_never_overwritten(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    (root / "sources/page.html").write_bytes(b"mine")
    result = _new(run_cli, root, "page", "--html", PAGES / "fr-resume.html")
    assert result.code == 1 and "sources/page.html already exists" in result.err
    assert (root / "sources/page.html").read_bytes() == b"mine"
    assert not (root / "sources/page.yaml").exists() and not (root / "sources/page.txt").exists()


def test_a_page_saved_into_sources_is_used_in_place(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    page = root / "sources/page.html"
    page.write_bytes((PAGES / "fr-resume.html").read_bytes())
    stamp = page.stat().st_mtime_ns
    result = _new(run_cli, root, "page", "--html", page)
    assert result.code == 0, result.output
    assert "wrote sources/page.yaml and sources/page.txt" in result.out
    assert page.stat().st_mtime_ns == stamp  # read, not written again
    fill_kind(root, "page")
    assert run_cli("check", "--root", root, "--today", TODAY).code == 0


def test_a_page_in_its_legacy_charset(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    """No server to say the charset: the page's own <meta> declaration is read."""
    root = tracker("minimal")
    page = tmp_path / "big5.html"
    sentence = "Acme 宣稱 Rocket 2 的速度比 Rocket 1 快達三倍，但沒有公布測試條件。"
    page.write_bytes(
        (
            '<html lang="zh-Hant"><head><meta http-equiv="Content-Type" '
            'content="text/html; charset=big5"><title>分析</title></head>'
            f"<body><article><p>{sentence}</p><p>{sentence}</p></article></body></html>"
        ).encode("big5")
    )
    assert _new(run_cli, root, "zh", "--html", page).code == 0
    assert sentence in (root / "sources/zh.txt").read_text(encoding="utf-8")
    assert (root / "sources/zh.html").read_bytes() == page.read_bytes()


def test_a_failed_write_leaves_no_partial_source(
    run_cli: Run, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from claimtrack.edit import transaction

    real = transaction.atomic_write_bytes

    def failing(path: Path, data: bytes, **kwargs: bool) -> None:
        if path.suffix == ".yaml":
            raise OSError(28, "No space left on device")
        real(path, data, **kwargs)

    monkeypatch.setattr(transaction, "atomic_write_bytes", failing)
    root = tracker("minimal")
    result = _new(run_cli, root, "page", "--html", PAGES / "fr-resume.html")
    assert result.code == 1 and "No space left on device" in result.err, result.output
    assert "nothing was written" in result.err
    assert not list((root / "sources").glob("page.*"))
    assert not (root / ".claimtrack-journal").exists()


def test_html_url_and_text_exclude_each_other(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    page = PAGES / "fr-resume.html"
    result = _new(run_cli, root, "page", "--html", page, "--url", "http://127.0.0.1:9/")
    assert result.code == 2 and "not allowed with argument" in result.err
    assert _new(run_cli, root, "page", "--html", page, "--text", page).code == 2
    assert not list((root / "sources").glob("page.*"))


def test_a_missing_html_file(run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path) -> None:
    result = _new(run_cli, tracker("minimal"), "page", "--html", tmp_path / "nope.html")
    assert result.code == 1 and "--html" in result.err and "no such file" in result.err


FR_TEXT = "Selon l'entreprise, GPT-6 est jusqu'à trois fois plus rapide que GPT-5 sur ses tests."


def fr_page(head: str, *paragraphs: str) -> str:
    body = "".join(f"<p>{p}</p>" for p in (*paragraphs, FR_TEXT))
    return (
        f"<html lang=fr><head><meta charset=utf-8>{head}</head>"
        f"<body><article>{body}</article></body></html>"
    )


@pytest.mark.parametrize(
    "head",
    [
        "<title>GPT-6 : ce qui change</title>",
        "<title>GPT-6\u00a0: ce qui change</title>",
        '<meta property="og:title" content="GPT-6 : ce qui change">',
        # The site's name goes, when the page names its site so; the title's colon stays.
        '<title>GPT-6 : ce qui change | Le Monde</title><meta property="og:site_name" '
        'content="Le Monde">',
        '<title>le monde - GPT-6 : ce qui change</title><meta property="og:site_name" '
        'content="Le Monde">',
    ],
)
def test_a_french_title_is_not_cut_at_its_colon(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path, head: str
) -> None:
    root = tracker("minimal")
    saved = tmp_path / "fr.html"
    saved.write_text(fr_page(head), encoding="utf-8")
    assert _new(run_cli, root, "fr", "--html", saved).code == 0
    record = yaml.safe_load((root / "sources/fr.yaml").read_text(encoding="utf-8"))
    assert record["title"] == "GPT-6 : ce qui change"


def test_a_title_is_cut_only_at_the_site_name_the_page_gives(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    """Without og:site_name, " - Le Monde" may be a part of the title: it is kept, for the
    editor to judge (the line says to check it)."""
    root = tracker("minimal")
    saved = tmp_path / "fr.html"
    saved.write_text(fr_page("<title>GPT-6 : ce qui change - Le Monde</title>"))
    assert _new(run_cli, root, "fr", "--html", saved).code == 0
    record = yaml.safe_load((root / "sources/fr.yaml").read_text(encoding="utf-8"))
    assert record["title"] == "GPT-6 : ce qui change - Le Monde"


def test_the_archive_keeps_the_pages_spaces(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    """No-break spaces (French typography, figures) stay what they are; a quote written with
    plain spaces is found in them all the same."""
    from claimtrack.check.text.textnorm import normalise, quote_in

    root = tracker("minimal")
    typeset = "Prix\u00a0: 3\u202f000\u00a0€, «\u202fsans engagement\u202f»\u00a0!"
    saved = tmp_path / "fr.html"
    # A line of nothing but a no-break space is no line of the text, as ever.
    saved.write_text(fr_page("<title>Prix</title>", typeset, "&nbsp;"), encoding="utf-8")
    assert _new(run_cli, root, "fr", "--html", saved).code == 0
    text = (root / "sources/fr.txt").read_text(encoding="utf-8")
    assert text == f"{typeset}\n{FR_TEXT}\n"
    assert quote_in('Prix : 3 000 €, " sans engagement " !', normalise(text))
    fill_kind(root, "fr")
    assert run_cli("check", "--root", root, "--today", TODAY).code == 0


@pytest.mark.parametrize(
    "hidden",
    [
        "<span hidden>{}</span>",
        "<template><p>{}</p></template>",
        "<del>{}</del>",
        "<s>{}</s>",
        "<strike>{}</strike>",
        '<span style="display:none">{}</span>',
        '<div style="visibility: hidden"><p>{}</p></div>',
    ],
)
def test_what_a_reader_does_not_see_is_not_archived(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path, hidden: str
) -> None:
    root = tracker("minimal")
    secret = "GPT-6 est dix fois plus rapide que GPT-5, affirme un document interne."
    saved = tmp_path / "fr.html"
    shown = f"Le texte visible de l'article {hidden.format(secret)} continue ici sans lui."
    saved.write_text(fr_page("<title>T</title>", shown), encoding="utf-8")
    assert _new(run_cli, root, "fr", "--html", saved).code == 0
    text = (root / "sources/fr.txt").read_text(encoding="utf-8")
    assert "Le texte visible de l'article" in text and "continue ici sans lui." in text
    assert "dix fois" not in text


# -- --url, against a server on 127.0.0.1 ------------------------------------------


class Server:
    def __init__(self) -> None:
        self.release = threading.Event()  # lets the never-answering handler go
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                page = (PAGES / "en-acme-blog.html").read_bytes()
                routes: dict[str, Callable[[], None]] = {
                    "/page": lambda: self.send(200, page, "text/html; charset=utf-8"),
                    "/latin1": lambda: self.send(
                        200,
                        "<html lang=fr><body><article><p>"
                        + "Le débit annoncé est très élevé, selon le communiqué. " * 4
                        + "</p></article></body></html>",
                        "text/html; charset=iso-8859-1",
                    ),
                    "/moved": lambda: self.send(302, b"", "text/html", Location="/page"),
                    "/loop": lambda: self.send(302, b"", "text/html", Location="/loop"),
                    "/to-ftp": lambda: self.send(
                        302, b"", "text/html", Location="ftp://127.0.0.1/x"
                    ),
                    "/json": lambda: self.send(200, b"{}", "application/json"),
                    "/big": lambda: self.send(200, b"<p>" + b"x" * BIG, "text/html"),
                    "/hang": lambda: server.release.wait(10) and None,
                    "/stall": self.stall,
                    "/untyped": self.untyped,
                }
                routes.get(self.path, lambda: self.send(404, b"gone", "text/html"))()

            def send(self, code: int, body: bytes | str, kind: str, **headers: str) -> None:
                data = body.encode("iso-8859-1") if isinstance(body, str) else body
                self.send_response(code)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                # the client may stop reading at its limit
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(data)

            def stall(self) -> None:
                """Headers and half the page, then nothing until the test ends."""
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", "1000")
                self.end_headers()
                self.wfile.write(b"<html><body><p>" + b"x" * 485)
                self.wfile.flush()
                server.release.wait(10)

            def untyped(self) -> None:
                """A page without a Content-Type: read as HTML."""
                body = (PAGES / "fr-resume.html").read_bytes()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    for name in (
        "http_proxy",
        "https_proxy",
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
    ):
        monkeypatch.delenv(name, raising=False)
    running = Server()
    yield running
    running.close()


def test_url_fetches_the_page(run_cli: Run, tracker: Callable[[str], Path], server: Server) -> None:
    root = tracker("minimal")
    result = _new(run_cli, root, "blog", "--url", f"{server.base}/page")
    assert result.code == 0, result.output
    assert (root / "sources/blog.html").read_bytes() == (PAGES / "en-acme-blog.html").read_bytes()
    assert "runs up to 3x faster than Rocket 1" in (root / "sources/blog.txt").read_text()
    record = (root / "sources/blog.yaml").read_text()
    # The address fetched is a fact; the page's own canonical address is named beside it.
    assert line(record, "url") == (
        f"url: {server.base}/page  # fetched from here; the page's metadata names "
        "https://blog.acme.example/2026/10/rocket-2-faster/ as its address: check it"
    )
    assert line(record, "title").endswith(CHECK_IT)
    fill_kind(root, "blog")
    assert run_cli("check", "--root", root, "--today", TODAY).code == 0


def test_url_follows_a_redirect(
    run_cli: Run, tracker: Callable[[str], Path], server: Server
) -> None:
    root = tracker("minimal")
    assert _new(run_cli, root, "blog", "--url", f"{server.base}/moved").code == 0
    assert line((root / "sources/blog.yaml").read_text(), "url").startswith(
        f"url: {server.base}/page  # fetched from here"
    )


def test_url_reads_the_charset_of_the_headers(
    run_cli: Run, tracker: Callable[[str], Path], server: Server
) -> None:
    root = tracker("minimal")
    assert _new(run_cli, root, "fr", "--url", f"{server.base}/latin1").code == 0
    assert "Le débit annoncé est très élevé" in (root / "sources/fr.txt").read_text()
    assert line((root / "sources/fr.yaml").read_text(), "language") == f"language: fr  {CHECK_IT}"


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/missing", "the server answered HTTP 404 Not Found"),
        ("/json", "the server sent application/json, not an HTML page"),
        ("/big", f"bytes, more than the limit of {BIG - 1}"),
        ("/loop", "more than 5 redirects (HTTP 302)"),
        (
            "/to-ftp",
            "redirected to ftp://127.0.0.1/x: the ftp: scheme is not fetched, only http(s)",
        ),
    ],
)
def test_url_failures_are_usage_errors(
    run_cli: Run, tracker: Callable[[str], Path], server: Server, path: str, reason: str
) -> None:
    root = tracker("minimal")
    result = _new(run_cli, root, "page", "--url", f"{server.base}{path}")
    assert result.code == 2, result.output
    assert f"--url {server.base}{path}: " in result.err and reason in result.err
    assert "Traceback" not in result.output
    assert not list((root / "sources").glob("page.*"))


def test_url_gives_up_after_the_timeout(
    run_cli: Run, tracker: Callable[[str], Path], server: Server
) -> None:
    root = tracker("minimal")
    result = _new(run_cli, root, "page", "--url", f"{server.base}/hang", "--timeout", "0.2")
    assert result.code == 2 and "no answer within 0.2 s" in result.err
    assert not list((root / "sources").glob("page.*"))


def test_url_gives_up_on_a_page_that_stops_half_way(
    run_cli: Run, tracker: Callable[[str], Path], server: Server
) -> None:
    root = tracker("minimal")
    result = _new(run_cli, root, "page", "--url", f"{server.base}/stall", "--timeout", "0.2")
    assert result.code == 2 and "no answer within 0.2 s" in result.err
    assert not list((root / "sources").glob("page.*"))


def test_url_reads_a_page_sent_without_a_content_type(
    run_cli: Run, tracker: Callable[[str], Path], server: Server
) -> None:
    root = tracker("minimal")
    assert _new(run_cli, root, "fr", "--url", f"{server.base}/untyped").code == 0
    assert "Aucun test indépendant" in (root / "sources/fr.txt").read_text()


@pytest.mark.parametrize("value", ["0", "-1", "nan", "soon", "3601"])
def test_timeout_must_be_a_number_of_seconds(
    run_cli: Run, tracker: Callable[[str], Path], value: str
) -> None:
    result = _new(
        run_cli, tracker("minimal"), "p", "--url", "http://127.0.0.1:9/", "--timeout", value
    )
    assert result.code == 2 and "is not a number of seconds" in result.err


def test_url_to_a_refused_port(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    with socket.socket() as closed:  # bound, never listening: connecting is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        result = _new(run_cli, tracker("minimal"), "page", "--url", f"http://127.0.0.1:{port}/")
    assert result.code == 2 and "127.0.0.1 refused the connection" in result.err


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://127.0.0.1/x", "127.0.0.1/page"])
def test_url_schemes_other_than_http_are_refused(
    run_cli: Run, tracker: Callable[[str], Path], url: str
) -> None:
    result = _new(run_cli, tracker("minimal"), "page", "--url", url)
    assert result.code == 2
    assert f"--url {url}: only http:// and https:// addresses can be fetched" in result.err


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://[::1/", "not a valid address (Invalid IPv6 URL)"),
        ("http://127.0.0.1:99999/", "not a valid address (Port out of range 0-65535)"),
        ("http://127.0.0.1:abc/", "not a valid address"),
        ("http://exa mple.com/", "not a valid http(s) address"),
        ("http:///page", "not a valid http(s) address"),
    ],
)
def test_url_that_is_not_an_address(
    run_cli: Run, tracker: Callable[[str], Path], url: str, reason: str
) -> None:
    result = _new(run_cli, tracker("minimal"), "page", "--url", url)
    assert result.code == 2 and f"--url {url}: {reason}" in result.err, result.output


def test_url_on_a_private_address_is_refused(
    run_cli: Run, tracker: Callable[[str], Path], server: Server
) -> None:
    """The test server's address, 127.0.0.1, without --allow-private-addresses (which every
    other test here gives)."""
    root = tracker("minimal")
    url = f"{server.base}/page"
    result = run_cli("new", "source", "page", "--url", url, "--root", root, "--today", TODAY)
    assert result.code == 2
    assert f"--url {url}: 127.0.0.1, a loopback address, which is not fetched without " in (
        result.err
    )
    assert not list((root / "sources").glob("page.*"))


def test_a_host_that_does_not_resolve(
    run_cli: Run, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_such_host(*args: object, **kwargs: object) -> object:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)  # no DNS query leaves the machine
    result = _new(run_cli, tracker("minimal"), "page", "--url", "http://no-such-host.invalid/")
    assert result.code == 2
    assert "cannot find the host no-such-host.invalid" in result.err


# -- what the metadata may and may not give ------------------------------------------


def test_facts_the_page_does_not_state_well_are_left_out() -> None:
    import datetime as dt

    from claimtrack.web.page import page_facts

    html = (
        '<html lang="zh_TW"><head><title>T</title>'
        '<meta property="article:published_time" content="2027-03-01">'
        '<link rel="canonical" href="javascript:alert(1)"></head>'
        "<body><p>2026-01-05 was mentioned in the text.</p></body></html>"
    )
    facts = page_facts(html, dt.date.fromisoformat(TODAY))
    assert facts.language == "zh-TW"  # kept as written, "_" read as "-"; no script guessed
    assert facts.published is None  # after --today; and never a date from the running text
    assert facts.url is None  # not an http(s) address
    body_only = page_facts(
        "<html><body><h1>A heading, not a title</h1><article><p>Text.</p></article>"
        '<div class="comments"><p>Posted by <span class="author">Rocket Fan</span></p></div>'
        "</body></html>",
        dt.date.fromisoformat(TODAY),
    )
    assert body_only.title is None and body_only.authors == ()  # the body states no metadata
    xhtml = page_facts(
        '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
        'xml:lang="fr"><body><p>x</p></body></html>',
        dt.date.fromisoformat(TODAY),
    )
    assert xhtml.language == "fr"
    invalid = page_facts('<html lang="english!"><body><p>x</p></body></html>', dt.date(2026, 1, 1))
    assert invalid.language is None


def test_check_does_not_import_the_page_libraries() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from claimtrack.cli import main; "
        f"rc = main(['check', '--root', {str(FIXTURES / 'minimal')!r}, '--today', {TODAY!r}]); "
        "assert rc == 0, rc; "
        "loaded = [m for m in ('trafilatura', 'htmldate', 'lxml') if m in sys.modules]; "
        "assert not loaded, loaded"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
