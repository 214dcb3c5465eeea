"""Page weights of a built site in Chromium: the three largest HTML pages and the entry pages.

    .venv/bin/python bench/bench_pages.py SITE_FOLDER

Serves the folder on 127.0.0.1 (the browser reaches no other host) and prints a Markdown
table of the bytes each page load received (the HTML, and everything it loaded; files
already loaded by an earlier page of the same browser context are cached).
"""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    site = Path(sys.argv[1])
    handler = functools.partial(Quiet, directory=str(site))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_port}/"
    pages = sorted(site.rglob("*.html"), key=lambda p: p.stat().st_size)
    chosen = [p.relative_to(site).as_posix() for p in pages[-3:]]
    chosen += ["index.html", "claims/index.html", "sources/index.html"]
    args = [
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
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=args)
        ctx = browser.new_context()
        ctx.route(lambda url: not url.startswith(base), lambda r: r.abort("blockedbyclient"))
        largest = pages[-1].stat().st_size / 1000
        print(f"{len(pages)} HTML pages; largest on disk {largest:.1f} KB")
        print("| page | HTML bytes received in Chromium | all bytes of the page load |")
        print("| --- | ---: | ---: |")
        for rel in chosen:
            page = ctx.new_page()
            sizes: dict[str, int] = {}
            page.on("response", lambda r, sizes=sizes: sizes.__setitem__(r.url, len(r.body())))
            page.goto(base + rel, wait_until="networkidle")
            doc = sizes.get(base + rel, 0)
            print(f"| `{rel}` | {doc / 1000:.1f} KB | {sum(sizes.values()) / 1000:.1f} KB |")
            page.close()
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
