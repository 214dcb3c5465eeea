"""Every page of the built site loads cleanly and is readable at phone and desktop widths.

One pass over the site (a page load costs ~80 ms here, so every page is loaded once): each
page is measured at the window's current width, then resized to the other width and measured
again.
"""

from __future__ import annotations

import os
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Request, Response
from support import is_local

pytestmark = pytest.mark.browser

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
# Set CLAIMTRACK_SCREENSHOTS=DIR to save first-screen screenshots of a few pages at both widths.
SCREENSHOTS = os.environ.get("CLAIMTRACK_SCREENSHOTS")

MEASURE = """() => {
  const doc = document.documentElement, w = window.innerWidth;
  const h1 = document.querySelector('h1');
  const box = h1 && h1.getBoundingClientRect();
  const style = h1 && getComputedStyle(h1);
  const viewport = document.querySelector('meta[name="viewport"]');
  const describe = el => {
    const cls = typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return '<' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + cls + '>';
  };
  const wide = doc.scrollWidth <= w ? [] : [...document.querySelectorAll('body *')]
    .map(el => [el, el.getBoundingClientRect().right])
    .filter(([, right]) => right > w + 0.5)
    .sort((a, b) => b[1] - a[1]).slice(0, 3)
    .map(([el, right]) => describe(el) + ' to ' + Math.round(right) + 'px');
  return {
    scrollWidth: doc.scrollWidth, innerWidth: w, innerHeight: window.innerHeight,
    viewport: viewport ? viewport.content : null, wide: wide,
    h1: h1 ? {
      text: h1.innerText.trim(), left: box.left, right: box.right, top: box.top,
      shown: box.width > 0 && box.height > 0 && style.visibility !== 'hidden'
        && style.display !== 'none' && parseFloat(style.opacity) > 0,
    } : null,
  };
}"""


@dataclass
class Visit:
    status: int | None = None
    problems: list[str] = field(default_factory=list)  # console errors, failed requests
    layout: dict[str, dict[str, Any]] = field(default_factory=dict)  # width name -> MEASURE


def _representative(html_pages: list[str]) -> set[str]:
    """The index, the sources index, the first claim page, the first source page and the
    first archive page."""
    picks = {"index.html", "sources/index.html"}
    for prefix in ("claims/", "sources/"):
        picks.update([p for p in html_pages if p.startswith(prefix) and p.count("/") == 2][:1])
    picks.update([p for p in html_pages if p.endswith("/archive/index.html")][:1])
    return picks


@pytest.fixture(scope="module")
def visits(
    browser: Browser, browser_context_args: dict[str, Any], base_url: str, html_pages: list[str]
) -> dict[str, Visit]:
    """Load every page once; record what went wrong and measure it at both widths."""
    width, height = WIDTHS["desktop"]
    ctx = browser.new_context(**browser_context_args, viewport={"width": width, "height": height})
    ctx.route(lambda url: not is_local(url), lambda route: route.abort("blockedbyclient"))
    page = ctx.new_page()
    results: dict[str, Visit] = {}
    current = Visit()
    pending: set[Request] = set()
    cut_off: dict[str, Visit] = {}

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            current.problems.append(f"console error: {msg.text} (at {msg.location['url']})")

    def on_failed(request: Request) -> None:
        pending.discard(request)
        if request.failure == "net::ERR_ABORTED" and is_local(request.url):
            cut_off[request.url] = current  # cancelled by the next navigation: fetched below
        else:
            current.problems.append(f"request failed: {request.url} ({request.failure})")

    def on_response(response: Response) -> None:
        if response.status >= 400:
            current.problems.append(f"HTTP {response.status} for {response.url}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: current.problems.append(f"uncaught exception: {exc}"))
    page.on("request", lambda request: pending.add(request))
    page.on("requestfinished", lambda request: pending.discard(request))
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    shots = Path(SCREENSHOTS) if SCREENSHOTS else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    try:
        for rel in html_pages:
            current = results[rel] = Visit()
            response = page.goto(base_url + rel, wait_until="load")
            current.status = response.status if response else None
            # Let late requests (the favicon) finish before leaving, so none is cut off.
            deadline = time.monotonic() + 5
            while pending and time.monotonic() < deadline:
                page.wait_for_timeout(10)
            # Measure at the current width first, then resize (one resize per page).
            names = sorted(WIDTHS, key=lambda n: WIDTHS[n][0] != page.viewport_size["width"])
            for name in names:
                w, h = WIDTHS[name]
                if page.viewport_size["width"] != w:
                    page.set_viewport_size({"width": w, "height": h})
                current.layout[name] = page.evaluate(MEASURE)
                if shots and rel in _representative(html_pages):
                    slug = rel.removesuffix("index.html").strip("/").replace("/", "-") or "index"
                    page.screenshot(path=shots / f"{slug}-{name}.png")
    finally:
        ctx.close()
    # A request the browser started late (the favicon) and then cancelled by moving on to
    # the next page never got its answer: make sure the file is there.
    for url, visit in cut_off.items():
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                answer.read()
        except (OSError, ValueError) as exc:
            visit.problems.append(f"request failed: {url} ({exc})")
    return results


def test_every_page_loads_without_errors(visits: dict[str, Visit]) -> None:
    problems = [
        f"{rel}: {problem}"
        for rel, visit in visits.items()
        for problem in ([f"HTTP {visit.status}"] if visit.status != 200 else []) + visit.problems
    ]
    assert not problems, f"{len(problems)} problem(s) loading the site:\n" + "\n".join(problems)


@pytest.mark.parametrize("width_name", list(WIDTHS))
def test_pages_are_readable_at_phone_and_desktop_width(
    visits: dict[str, Visit], width_name: str
) -> None:
    problems = []
    for rel, visit in visits.items():
        m = visit.layout[width_name]
        if m["scrollWidth"] > m["innerWidth"]:
            problems.append(
                f"{rel}: horizontal overflow: {m['scrollWidth']}px wide in a {m['innerWidth']}px"
                f" window; widest: {', '.join(m['wide'])}"
            )
        if not m["viewport"] or "width=device-width" not in m["viewport"].replace(" ", ""):
            problems.append(f"{rel}: no <meta name=viewport content=width=device-width>")
        h1 = m["h1"]
        if h1 is None:
            problems.append(f"{rel}: no <h1> main heading")
        elif not h1["shown"] or not h1["text"]:
            problems.append(f"{rel}: the main heading <h1> is not visible")
        elif h1["left"] < 0 or h1["right"] > m["innerWidth"] + 1 or h1["top"] >= m["innerHeight"]:
            problems.append(f"{rel}: the main heading is not on the first screen: {h1}")
    width, height = WIDTHS[width_name]
    assert not problems, f"at {width}x{height}:\n" + "\n".join(problems)
