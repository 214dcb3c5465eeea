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

``--ways`` measures three ways of making the same indexes from a built site, each
index written to a folder of its own (CPU time: Pagefind's and this process's):

- ``cli``: what the build runs, Pagefind's binary over the claim pages on disk;
- ``pages``: the same binary as a service (``pagefind_extended --service``, what the
  ``pagefind`` package's Python API talks to), sent each claim page's bytes from memory
  (AddFile), so that nothing is read again from disk;
- ``records``: the service sent one record per claim (AddRecord: url, content,
  language, meta, filters), with the very text, meta and filters Pagefind took from the
  page (read from the ``cli`` index): the least a record could cost, whatever made it.

``--shards 1,4,8`` builds the site once per number of search shards (one index per
language, then the shards: site/publish/pagefind_run.py) and measures each one's queries
the same way: the first query's bytes and time against one index and against the shards,
side by side, with Pagefind's own time and the build's peak memory for each.

The service is spoken to directly (``Service`` below), not through
``pagefind.index.PagefindIndex``: that client reads one response per 0.1 s
(``PagefindService._wait_for_responses`` sleeps before each), 1,000 s for 10,000 pages.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import http.server
import json
import os
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from claimtrack.process.children import Children
from claimtrack.site import SiteBuilder, build_site
from claimtrack.site.publish.index_inputs import claim_pages
from claimtrack.site.publish.pagefind_run import (
    FOLDER,
    Bundle,
    executable,
    make_index,
    shards,
)
from claimtrack.site.publish.swap import remove_marked

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


class Service:
    """Pagefind's binary as a service: base64 JSON messages, each ended by a comma, as
    pagefind/service/__init__.py sends them; requests written by a thread while the
    responses are read, so that neither pipe fills."""

    def __init__(self, cwd: Path) -> None:
        self._proc = subprocess.Popen(
            [str(executable()), "--service"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd
        )
        self._pending = b""
        self._id = 0

    def _send(self, payload: dict[str, Any]) -> None:
        assert self._proc.stdin is not None
        self._id += 1
        message = {"message_id": self._id, "payload": payload}
        self._proc.stdin.write(base64.b64encode(json.dumps(message).encode()) + b",")

    def _receive(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        while (end := self._pending.find(b",")) < 0:
            more = os.read(self._proc.stdout.fileno(), 1 << 20)
            if not more:
                raise RuntimeError("Pagefind's service ended")
            self._pending += more
        message, self._pending = self._pending[:end], self._pending[end + 1 :]
        try:
            payload: dict[str, Any] = json.loads(base64.b64decode(message))["payload"]
        except ValueError:
            raise RuntimeError(f"Pagefind's service said {message[:200]!r}") from None
        if payload["type"] == "Error":
            raise RuntimeError(payload["message"])
        return payload

    def index(self, requests: list[dict[str, Any]], output: Path, language: str | None) -> None:
        """One index of ``requests`` (AddFile or AddRecord payloads) written to ``output``."""
        assert self._proc.stdin is not None
        config = None if language is None else {"force_language": language}
        self._send({"type": "NewIndex", "config": config})
        self._proc.stdin.flush()
        index = self._receive()["index_id"]

        def send_all() -> None:
            for request in requests:
                self._send({**request, "index_id": index})
            assert self._proc.stdin is not None
            self._proc.stdin.flush()

        sender = threading.Thread(target=send_all)
        sender.start()
        for _ in requests:
            self._receive()
        sender.join()
        # GetFiles, not WriteFiles: Pagefind writes through tokio's files without flushing
        # them, so WriteFiles answers (and the service can end at the end of its input)
        # before the bytes are on disk (an empty pagefind-entry.json, 1 run in 15).  Asked
        # for the files, it answers with their bytes, written here in full.
        self._send({"type": "GetFiles", "index_id": index})
        self._proc.stdin.flush()
        for file in self._receive()["files"]:
            path = output / file["path"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(base64.b64decode(file["content"]))
        self._send({"type": "DeleteIndex", "index_id": index})
        self._proc.stdin.flush()
        self._receive()

    def close(self) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.close()
        self._proc.wait()


def _bundles(folder: Path) -> list[Path]:
    """The Pagefind bundles in ``folder``: itself, or each of its search shards."""
    if (folder / "pagefind-entry.json").is_file():
        return [folder]
    return sorted(p.parent for p in folder.glob("*/pagefind-entry.json"))


def fragments(folder: Path) -> list[dict[str, Any]]:
    """Each page of an index (or of a language's shards) as Pagefind took it (url,
    content, meta, filters)."""
    prefix = len(b"pagefind_dcd")
    return [
        json.loads(gzip.decompress(f.read_bytes())[prefix:])
        for bundle in _bundles(folder)
        for f in sorted((bundle / "fragment").glob("*.pf_fragment"))
    ]


def page_requests(site: Path, prefix: str) -> list[dict[str, Any]]:
    """AddFile of each claim page, its bytes read here (in a build: from memory)."""
    return [
        {
            "type": "AddFile",
            "file_path": path,
            "url": None,
            "file_contents": (site / path).read_text(),
        }
        for path in claim_pages(site, prefix)
    ]


def record_requests(cli_index: Path) -> list[dict[str, Any]]:
    """AddRecord of each claim, with what Pagefind took from its page (``cli_index``)."""
    entry = _bundles(cli_index)[0] / "pagefind-entry.json"
    (language,) = json.loads(entry.read_text())["languages"]
    return [
        {
            "type": "AddRecord",
            "url": f["url"],
            # Pagefind marks the word breaks it found (U+200B); it finds them again.
            "content": f["content"].replace("\u200b", ""),
            "language": language,
            "meta": f["meta"],
            "filters": f["filters"],
            "sort": None,
        }
        for f in fragments(cli_index)
    ]


def index_ways(site: Path, bundle: Bundle, into: Path) -> dict[str, tuple[float, float]]:
    """Each way's index of ``bundle``'s pages, in ``into/<way>/<prefix>pagefind``: its
    (wall, CPU) seconds; the requests are made before the clock starts."""
    times: dict[str, tuple[float, float]] = {}
    shutil.rmtree(into, ignore_errors=True)
    cli = into / "cli"
    cli.mkdir(parents=True)
    for way in ("cli", "pages", "records"):
        if way == "cli":
            requests: list[dict[str, Any]] = []
        else:
            requests = (
                page_requests(site, bundle.prefix)
                if way == "pages"
                else record_requests(cli / bundle.prefix / FOLDER)
            )
        output = into / way / bundle.prefix / FOLDER
        before, started = _cpu(), time.perf_counter()
        if way == "cli":
            made = make_index(site, shards((bundle,)), Children())  # beside the site
            output.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(made / bundle.prefix / FOLDER, output)
            remove_marked(made)
        else:
            service = Service(site)
            try:
                service.index(requests, output, bundle.language)
            finally:
                service.close()
        times[way] = (time.perf_counter() - started, _cpu() - before)
    return times


def _cpu() -> float:
    children, me = (
        resource.getrusage(resource.RUSAGE_CHILDREN),
        resource.getrusage(resource.RUSAGE_SELF),
    )
    return children.ru_utime + children.ru_stime + me.ru_utime + me.ru_stime


def print_ways(site: Path, indexes: tuple[Bundle, ...], work: Path) -> None:
    print("| index | way | wall s | CPU s |\n| --- | --- | ---: | ---: |")
    for bundle in indexes:
        for way, (wall, cpu) in index_ways(site, bundle, work / "ways").items():
            print(f"| /{bundle.prefix} | {way} | {wall:.2f} | {cpu:.2f} |")


def measure_warm(root: Path, site: Path, today: Any) -> None:
    """The search step (SearchIndex.fill) of three builds, each by a new builder with the
    cache on disk as a new `claimtrack build` has it: cold, again with nothing changed,
    and again after one claim's statement changed.  Wall and CPU seconds (this process
    and Pagefind), and the Pagefind runs."""
    from claimtrack.load import Cache
    from claimtrack.site.publish.search import SearchIndex

    shutil.rmtree(site, ignore_errors=True)
    cache = Cache.open(root)
    if cache.folder is not None:
        shutil.rmtree(cache.folder, ignore_errors=True)
    spent: list[tuple[float, float]] = []
    real = SearchIndex.fill

    def timed(self: SearchIndex, *args: Any, **kwargs: Any) -> bool:
        before, started = _cpu(), time.perf_counter()
        try:
            return real(self, *args, **kwargs)
        finally:
            spent.append((time.perf_counter() - started, _cpu() - before))

    SearchIndex.fill = timed  # type: ignore[method-assign]
    print("| build | search wall s | search CPU s | Pagefind runs | build wall s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    claim = sorted((root / "claims").glob("*.yaml"))[0]
    original = claim.read_text(encoding="utf-8")
    try:
        for name in ("cold", "again, nothing changed", "again, one statement changed"):
            if name.endswith("statement changed"):
                claim.write_text(original.replace("statement: ", "statement: Zanzibarish ", 1))
            builder = SiteBuilder(root, site, today, Cache.open(root), search=True)
            result = builder.build()
            wall, cpu = spent[-1]
            print(
                f"| {name} | {wall:.2f} | {cpu:.2f} | {builder.index.runs} | {result.seconds:.2f} |"
            )
    finally:
        claim.write_text(original, encoding="utf-8")
        SearchIndex.fill = real  # type: ignore[method-assign]


def measure_shards(root: Path, work: Path, counts: list[int], queries: tuple[str, ...]) -> None:
    """The queries against the site built with each number of shards (``counts``)."""
    import datetime as dt

    from claimtrack.site import addresses

    table: dict[tuple[str, str], dict[int, tuple[int, float, int]]] = {}
    made: dict[int, float] = {}
    for count in counts:
        # Read at each call (the planner's and the indexer's): exactly ``count`` shards,
        # however many claims (addresses.shard_count doubles past SHARD_CLAIMS a shard).
        addresses.SEARCH_SHARDS, addresses.SHARD_CLAIMS = count, sys.maxsize
        site = work / f"shards-{count}"
        shutil.rmtree(site, ignore_errors=True)
        built = build_site(root, site, today=dt.date.fromisoformat(TODAY), search=True)
        made[count] = built.timings["search"]
        for q, load, sent, seconds, found in measure_queries(site, queries):
            table.setdefault((q, load), {})[count] = (sent, seconds, found)
    print("| shards | Pagefind s (cold) |\n| ---: | ---: |")
    for count in counts:
        print(f"| {count} | {made[count]:.1f} |")
    base = counts[0]
    head = " | ".join(f"{c}: KB, ms, found" for c in counts)
    print(f"\n| query | load | {head} | KB ratio to {base} |")
    print("| --- | --- |" + " ---: |" * (len(counts) + 1))
    for (q, load), by in table.items():
        cells = " | ".join(
            f"{by[c][0] / 1000:.0f}, {by[c][1] * 1000:.0f}, {by[c][2]}" for c in counts
        )
        ratios = ", ".join(f"{by[c][0] / by[base][0]:.2f}" for c in counts[1:])
        print(f"| `{q}` | {load} | {cells} | {ratios} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--root", type=Path, help="an existing tracker instead of a generated one")
    parser.add_argument("--work", type=Path, default=Path("bench/out"))
    parser.add_argument("--query", action="append", help=f"a query (default: {QUERIES})")
    parser.add_argument(
        "--queries-only", action="store_true", help="measure the queries on the last build"
    )
    parser.add_argument(
        "--warm",
        action="store_true",
        help="measure the search step of a cold build, and of two builds again after it",
    )
    parser.add_argument(
        "--ways",
        action="store_true",
        help="measure the three ways of indexing on the last build (cli, pages, records)",
    )
    parser.add_argument(
        "--shards",
        help="numbers of search shards to compare, e.g. 1,4 (one index, then four shards)",
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
    if args.shards:
        counts = [int(c) for c in args.shards.split(",")]
        measure_shards(root, work, counts, tuple(args.query or QUERIES))
        return
    if args.queries_only:
        print_queries(site, tuple(args.query or QUERIES))
        return
    if args.warm:
        measure_warm(root, site, today)
        return
    if args.ways:
        builder = SiteBuilder(root, site, today, search=True)
        builder.build()
        print_ways(site, builder.index.bundles, work)
        return
    plain = build_site(root, work / "plain-site", today=today, search=False)
    builder = SiteBuilder(root, site, today, search=True)
    indexed = builder.build()
    # Pagefind alone, as serve runs it after edits: wall time and its own CPU time.
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    remove_marked(make_index(site, shards(builder.index.bundles), builder.index.children))
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
