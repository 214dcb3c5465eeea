"""Where a claim page's bytes go: each part of the page, and a few things that cut across.

    .venv/bin/python bench/make_tracker.py /dev/shm/t10k --claims 10000
    claimtrack build --no-search --root /dev/shm/t10k --out /dev/shm/site
    .venv/bin/python bench/page_bytes.py /dev/shm/site             # claims/*/index.html
    .venv/bin/python bench/page_bytes.py /dev/shm/site --lang fr    # fr/claims/*/index.html

Each line of a claim page falls in one part: the lines of <head> by what they say (the
share tags, JSON-LD, hreflang...), the lines of <body> by the element they are in (the
site header, the claim's head, each <section> by its heading's id, the embed offer, the
footer).  The page is written one element a line, so a line is the unit.  The table
gives each part in the page of median size, then the median of each part over every
claim page (so that column does not add up to the total).  Below it, things that cut
across the parts: markup against text, newlines, attributes by name, the links' "../"
and "index.html", and how often the claim's statement is written out.
"""

from __future__ import annotations

import argparse
import re
import statistics
from collections import Counter
from pathlib import Path

# (part, the line that opens it, the line that closes it) in <body>, in page order.
BODY_PARTS = [
    ("body: skip link, site header", re.compile(r'<a class="skip-link"'), "</header>"),
    ("body: language switcher", re.compile(r'<nav class="language-switcher"'), "</nav>"),
    ("body: breadcrumbs", re.compile(r'<nav class="crumbs"'), "</nav>"),
    ("body: search fields (hidden)", re.compile(r"<div hidden data-pagefind-ignore>"), "</div>"),
    ("body: claim head, status, dates", re.compile(r'<header class="claim-head">'), "</header>"),
    ("body: corrections", re.compile(r'<div class="corrections">'), "</div>"),
    ("body: revision chain", re.compile(r'<section[^>]*class="revision'), "</section>"),
    ("body: embed offer", re.compile(r'<details class="embed-offer">'), "</details>"),
    ("body: footer", re.compile(r'<footer class="site-footer">'), "</footer>"),
]
SECTION = re.compile(r'<section aria-labelledby="([a-z-]+)-h"')
HEAD_LINES = [
    ("head: title", re.compile(r"^<title>")),
    ("head: description", re.compile(r'^<meta name="description"')),
    ("head: canonical", re.compile(r'^<link rel="canonical"')),
    ("head: Open Graph, Twitter", re.compile(r'^<meta (property="og:|name="twitter:)')),
    ("head: hreflang alternates", re.compile(r"^<link rel=\"alternate\" hreflang=")),
    ("head: JSON-LD ClaimReview", re.compile(r'^<script type="application/ld\+json">')),
    ("head: oEmbed link", re.compile(r'type="application/json\+oembed"')),
    ("head: feed link", re.compile(r'type="application/atom\+xml"')),
    ("head: style, icon, charset, viewport", re.compile(r"^<(link|meta) ")),
]
TAG = re.compile(r"<[^>]*>")
ATTRIBUTE = re.compile(r'\s([a-z-]+)(?:="[^"]*")?(?=[\s>])')
STATEMENT = re.compile(r"<h1>(.*?)</h1>", re.S)


def parts_of(text: str) -> Counter[str]:
    """Bytes of each part of one page (UTF-8, newlines included)."""
    sizes: Counter[str] = Counter()
    lines = text.splitlines(keepends=True)
    in_head, closing, part = False, "", ""
    for line in lines:
        size = len(line.encode())
        stripped = line.strip()
        if closing:
            sizes[part] += size
            if stripped == closing:
                closing = ""
            continue
        if stripped == "<head>":
            in_head = True
        elif stripped == "</head>":
            in_head = False
        if in_head and stripped != "<head>":
            part = next((name for name, p in HEAD_LINES if p.search(stripped)), "head: other")
            sizes[part] += size
            continue
        if m := SECTION.match(stripped):
            part, closing = f"body: section {m.group(1)}", "</section>"
        elif found := next((p for p in BODY_PARTS if p[1].match(stripped)), None):
            part, closing = found[0], found[2]
        else:
            part = "body: blank lines" if not stripped else "page frame (doctype, html, main...)"
        sizes[part] += size
        if closing and stripped.endswith(closing) and not stripped.startswith(closing):
            closing = ""  # a part on one line
    return sizes


def across(text: str) -> Counter[str]:
    """Bytes spent on things that cut across the parts."""
    data = text.encode()
    out: Counter[str] = Counter()
    tags = TAG.findall(text)
    out["markup (tags and their attributes)"] = sum(len(t.encode()) for t in tags)
    out["newlines"] = data.count(b"\n")
    for tag in tags:
        if tag.startswith(("<script", "<!")):
            continue
        for name in ATTRIBUTE.findall(tag):
            value = re.search(rf'\s{name}="([^"]*)"', tag)
            out[f"attribute {name}="] += len(name) + 2 + (len(value.group(1)) + 2 if value else 0)
    out['"../" in links'] = len(re.findall(r'"(?:\.\./)+', text)) and sum(
        len(m) - 1 for m in re.findall(r'"(?:\.\./)+', text)
    )
    out['"index.html" in links'] = text.count('index.html"') * len("index.html")
    out["escaped characters (&#34; &lt; ...)"] = sum(len(m) for m in re.findall(r"&#?\w+;", text))
    if m := STATEMENT.search(text):
        statement = m.group(1)
        out["the statement, each time written"] = text.count(statement) * len(statement.encode())
        out["times the statement is written"] = text.count(statement)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--lang", default="", help="a language's folder, e.g. fr")
    args = parser.parse_args()
    folder = args.site / args.lang / "claims"
    pages = [p / "index.html" for p in sorted(folder.iterdir()) if (p / "embed").is_dir()]
    texts = {p: p.read_text(encoding="utf-8") for p in pages}
    by_size = sorted(pages, key=lambda p: (len(texts[p].encode()), p.name))
    typical = by_size[len(by_size) // 2]
    sizes = {p: parts_of(texts[p]) for p in pages}
    names = sorted({n for s in sizes.values() for n in s}, key=lambda n: -sizes[typical][n])
    total = len(texts[typical].encode())
    print(f"{len(pages)} claim pages in {folder}")
    print(f"median page: {typical.parent.name}, {total} bytes")
    median_total = statistics.median(len(t.encode()) for t in texts.values())
    print(f"median over all pages: {median_total:.0f} bytes\n")
    print(f"{'part':<40} {'median page':>12} {'share':>6} {'median of all':>14}")
    for name in names:
        own = sizes[typical][name]
        median = statistics.median(s[name] for s in sizes.values())
        print(f"{name:<40} {own:12d} {own / total:6.1%} {median:14.0f}")
    print(f"{'total':<40} {total:12d}\n")
    cuts = {p: across(texts[p]) for p in pages}
    print(f"{'across the parts':<40} {'median page':>12} {'share':>6} {'median of all':>14}")
    for name, own in cuts[typical].most_common():
        if own < 40 and not name.startswith("times"):
            continue
        median = statistics.median(c[name] for c in cuts.values())
        share = "" if name.startswith("times") else f"{own / total:6.1%}"
        print(f"{name:<40} {own:12d} {share:>6} {median:14.0f}")


if __name__ == "__main__":
    main()
