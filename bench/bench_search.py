"""Measure full-text search on a synthetic tracker: indexing time, and per query in
Chromium the bytes transferred and the time to the first results.

    .venv/bin/python bench/bench_search.py                       # 10,000 claims
    .venv/bin/python bench/bench_search.py --claims 1000 --work /dev/shm/me
    .venv/bin/python bench/bench_search.py --root .              # the repository's own data

Indexing is timed on its own: the same build with and without --no-search, and
Pagefind's own share ("search" in the build's timings).  Each query is then run
in a fresh browser context (nothing cached: the first query a reader makes) and
again in the same context (the scripts and the wasm module cached, as for every
later query).  Bytes are counted by the server: response headers and bodies, as
served without compression (Pagefind's index chunks are gzip files already).
The time runs from the navigation to search/?q=... until the results are listed
(search.js sets data-search-done on <html>).  Chromium is Debian's, kept off the
network as tests/browser does.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from claimtrack.site import SiteBuilder, build_site
from claimtrack.site.publish.search import discard_index, make_index

QUERIES = ("batch size", "價格", "jusqu'à", "8 倍")
WARM_UP = "GPU"  # the other query, before a later one
TODAY = "2026-11-30"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
]


class _Counting(http.server.SimpleHTTPRequestHandler):
    sent: list[int]

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.sent.append(sum(len(b) for b in getattr(self, "_headers_buffer", [])))
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(65536):
            outputfile.write(chunk)
            self.sent.append(len(chunk))


def _serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, list[int]]:
    sent: list[int] = []
    handler = functools.partial(type("Handler", (_Counting,), {"sent": sent}), directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, sent


def _query(page: Any, url: str, sent: list[int], q: str) -> tuple[int, float, int]:
    """(bytes, seconds, results) of one search page load with the query ``q``."""
    before = sum(sent)
    started = time.perf_counter()
    page.goto(url + "search/index.html?q=" + quote(q))
    page.wait_for_selector("html[data-search-done]", timeout=60_000)
    seconds = time.perf_counter() - started
    found = int(page.get_attribute("html", "data-search-done") or 0)
    page.wait_for_load_state("networkidle")
    return sum(sent) - before, seconds, found


def measure_queries(site: Path, queries: tuple[str, ...]) -> list[tuple[str, str, int, float, int]]:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("Chromium is not installed (apt-get install -y chromium)")
    server, sent = _serve(site)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
            for q in queries:
                # No context.route() here: Playwright turns the HTTP cache off in a context with
                # routes, and "next query" measures the cache.  --host-resolver-rules (FLAGS)
                # keeps Chromium off every host but 127.0.0.1.
                context = browser.new_context()
                page = context.new_page()
                # Warm the browser's own start-up (not the site's files) on an empty page.
                page.goto(url + "claims.schema.json")
                rows.append((q, "first query", *_query(page, url, sent, q)))
                context.close()
                # A later query: the reader searched for something else first, so the
                # scripts, the wasm module and the page list are in the browser's cache.
                context = browser.new_context()
                page = context.new_page()
                _query(page, url, sent, WARM_UP)
                rows.append((q, "after another query", *_query(page, url, sent, q)))
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--root", type=Path, help="an existing tracker instead of a generated one")
    parser.add_argument("--work", type=Path, default=Path("bench/out"))
    parser.add_argument("--query", action="append", help=f"a query (default: {QUERIES})")
    parser.add_argument(
        "--queries-only", action="store_true", help="measure the queries on the last build"
    )
    args = parser.parse_args()
    work: Path = args.work
    work.mkdir(parents=True, exist_ok=True)
    root = args.root
    if root is None:
        root = work / f"t{args.claims}"
        if not (root / "tracker.yaml").is_file():
            make = Path(__file__).with_name("make_tracker.py")
            subprocess.run(
                [sys.executable, str(make), str(root), "--claims", str(args.claims)], check=True
            )
    import datetime as dt

    today = dt.date.fromisoformat(TODAY)
    site = work / "search-site"
    if args.queries_only:
        print_queries(site, tuple(args.query or QUERIES))
        return
    plain = build_site(root, work / "plain-site", today=today, search=False)
    builder = SiteBuilder(root, site, today, search=True)
    indexed = builder.build()
    # Pagefind alone, as serve runs it after edits: wall time and its own CPU time.
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    discard_index(make_index(site, builder.index.bundles, builder.index.children))
    alone = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    bundle = sum(f.stat().st_size for f in (site / "pagefind").rglob("*") if f.is_file())
    files = sum(1 for f in (site / "pagefind").rglob("*") if f.is_file())
    languages = ", ".join(
        f"/{b.prefix}: {b.language or '<html lang>'}" for b in builder.index.bundles
    )
    print(f"tracker: {root} ({plain.pages} pages), index languages: {languages}")
    print("| build | seconds |\n| --- | ---: |")
    print(f"| claimtrack build --no-search | {plain.seconds:.2f} |")
    print(f"| claimtrack build | {indexed.seconds:.2f} |")
    print(f"| of which Pagefind indexing | {indexed.timings['search']:.2f} |")
    print(f"| Pagefind alone, again (wall) | {alone:.2f} |")
    print(f"| Pagefind alone, again (CPU, user + system) | {cpu:.2f} |")
    print(f"\nsearch bundle: {files} files, {bundle / 1e6:.1f} MB on disk\n")
    print_queries(site, tuple(args.query or QUERIES))


def print_queries(site: Path, queries: tuple[str, ...]) -> None:
    rows = measure_queries(site, queries)
    print("| query | load | KB transferred | ms to first results | claims found |")
    print("| --- | --- | ---: | ---: | ---: |")
    for q, load, sent, seconds, found in rows:
        print(f"| `{q}` | {load} | {sent / 1000:.0f} | {seconds * 1000:.0f} | {found} |")


if __name__ == "__main__":
    main()
