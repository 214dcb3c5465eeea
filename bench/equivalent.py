"""Turn a tracker into a Hugo site and a Pelican site with the same pages, to compare builds.

    .venv/bin/python bench/equivalent.py TRACKER OUT     # writes OUT/hugo and OUT/pelican
    hugo --quiet --source OUT/hugo --destination SITE
    pelican OUT/pelican/content -o SITE -s OUT/pelican/pelicanconf.py

Each generator gets one page per claim (statement, status, claimant, figure,
quotes beside their translations with a link to their source, history,
rationale, related claims), one page per source (facts, derivation, the claims
citing it), a home page listing every claim by status, a list page per
section, an Atom/RSS feed of 200 entries and, for Hugo, a sitemap: what
`claimtrack build` writes, in a minimal theme written here (no theme download,
nothing fetched).  The body of each page is Markdown, as their users write it.
The reverse links (claims citing a source) are computed here, since neither
generator can do it in a template at a fair cost.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Record = dict[str, Any]


def load(root: Path) -> tuple[Record, dict[str, Record], dict[str, Record]]:
    def records(folder: str) -> dict[str, Record]:
        return {
            path.stem: yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)
            for path in sorted((root / folder).glob("*.yaml"))
        }

    tracker = yaml.load((root / "tracker.yaml").read_text(encoding="utf-8"), Loader=Loader)
    claims, sources = records("claims"), records("sources")
    for source in sources.values():
        source["cited_by"] = []
    for cid, claim in claims.items():
        for sid in dict.fromkeys(ev["source"] for ev in claim["evidence"]):
            if sid in sources:
                sources[sid]["cited_by"].append(cid)
    return tracker, claims, sources


def _date(claim: Record) -> str:
    return str(claim["history"][-1]["date"])


def _md(text: object) -> str:
    """Text as Markdown that shows it as it is."""
    out = str(text)
    for char in "\\`*_[]<>#|":
        out = out.replace(char, "\\" + char)
    return out


def claim_markdown(claim: Record, link: str) -> Iterator[str]:
    """The page body; `link` formats a link to another page from (section, id)."""
    yield f"**{claim['status']}** · {claim['kind']} · claimed by {_md(claim['claimant']['name'])}"
    role = claim["claimant"].get("role")
    if role:
        yield f" ({_md(role)}, {_md(claim['claimant'].get('organisation') or 'unknown')})"
    yield "\n\n"
    quantity = claim.get("quantity")
    if quantity:
        yield (
            f"Figure: {quantity['bound']} {quantity['value']} {_md(quantity['unit'])} of "
            f"{_md(quantity['metric'])}, against {_md(quantity.get('baseline') or 'no baseline')}"
            f"; conditions: {_md(quantity.get('conditions') or 'not stated')}.\n\n"
        )
    yield "## Evidence\n\n"
    for ev in claim["evidence"]:
        yield f"> {_md(ev['quote'])}\n\n"
        if ev.get("translation"):
            yield f"Translation ({ev.get('translated_by')}): {_md(ev['translation'])}\n\n"
        yield f"— {link('sources', ev['source'])}\n\n"
    yield "## History\n\n| date | status | note | evidence |\n| --- | --- | --- | --- |\n"
    for entry in claim["history"]:
        cited = ", ".join(link("sources", sid) for sid in entry.get("evidence") or [])
        yield f"| {entry['date']} | {entry['status']} | {_md(entry['note'])} | {cited} |\n"
    yield f"\n## Rationale\n\n{_md(claim['rationale'])}\n\n"
    if claim.get("related"):
        yield "## Related\n\n" + "".join(f"- {link('claims', c)}\n" for c in claim["related"])


def source_markdown(source: Record, link: str) -> Iterator[str]:
    yield f"Publisher: {_md(source.get('publisher') or 'unknown')}  \n"
    yield f"Authors: {_md(', '.join(source.get('authors') or []) or 'unknown')}  \n"
    yield f"Published: {source.get('published') or 'unknown'}  \n"
    yield f"Language: {source['language']} · kind: {source['kind']}  \n"
    yield f"Address: {_md(source.get('url') or 'unknown')}  \n"
    snapshot = source.get("snapshot")
    if snapshot:
        yield f"Archived copy: retrieved {snapshot['retrieved']}, SHA-256 `{snapshot['sha256']}`\n\n"
    else:
        yield "Archived copy: none\n\n"
    yield f"## How it was produced\n\n{_md(source.get('notes') or 'unknown')}\n\n"
    yield "## Derived from\n\n"
    yield "".join(f"- {link('sources', p)}\n" for p in source.get("derived_from") or []) or "-\n"
    yield f"\n## Claims citing it ({len(source['cited_by'])})\n\n"
    yield "".join(f"- {link('claims', c)}\n" for c in source["cited_by"])


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def hugo_site(root: Path, dest: Path) -> int:
    tracker, claims, sources = load(root)
    _write(dest / "hugo.toml", HUGO_CONFIG.format(title=json.dumps(tracker["title"])))
    for name, text in HUGO_LAYOUTS.items():
        _write(dest / "layouts" / name, text)

    def link(section: str, rid: str) -> str:
        return f'[{rid}]({{{{< relref "/{section}/{rid}" >}}}})'

    _write(dest / "content" / "claims" / "_index.md", '{"title": "Claims"}\n')
    _write(dest / "content" / "sources" / "_index.md", '{"title": "Sources"}\n')
    for cid, claim in claims.items():
        front = {
            "title": claim["statement"],
            "date": _date(claim),
            "status": [claim["status"]],
            "kinds": [claim["kind"]],
            "topics": claim.get("topics") or [],
            "claimants": [claim["claimant"]["name"]],
        }
        body = "".join(claim_markdown(claim, link))
        _write(dest / "content" / "claims" / f"{cid}.md", json.dumps(front) + "\n\n" + body)
    for sid, source in sources.items():
        front = {"title": source["title"], "language": source["language"]}
        body = "".join(source_markdown(source, link))
        _write(dest / "content" / "sources" / f"{sid}.md", json.dumps(front) + "\n\n" + body)
    return len(claims) + len(sources)


def pelican_site(root: Path, dest: Path) -> int:
    tracker, claims, sources = load(root)
    _write(dest / "pelicanconf.py", PELICAN_CONFIG.format(title=repr(tracker["title"])))
    for name, text in PELICAN_TEMPLATES.items():
        _write(dest / "theme" / "templates" / name, text)

    def link(section: str, rid: str) -> str:
        return f"[{rid}]({{filename}}/{section}/{rid}.md)"

    def header(title: str, date: str, category: str, slug: str, **extra: str) -> str:
        lines = [f"Title: {title}", f"Date: {date}", f"Category: {category}", f"Slug: {slug}"]
        lines += [f"{key.capitalize()}: {value}" for key, value in extra.items()]
        return "\n".join(lines) + "\n\n"

    for cid, claim in claims.items():
        head = header(claim["statement"], _date(claim), "claims", cid, verdict=claim["status"])
        body = "".join(claim_markdown(claim, link))
        _write(dest / "content" / "claims" / f"{cid}.md", head + body)
    for sid, source in sources.items():
        published = str(source.get("published") or "2026-01-01")
        head = header(source["title"], published, "sources", sid, verdict="source")
        body = "".join(source_markdown(source, link))
        _write(dest / "content" / "sources" / f"{sid}.md", head + body)
    return len(claims) + len(sources)


HUGO_CONFIG = """\
baseURL = "https://claims.example.org/"
title = {title}
languageCode = "en"
enableRobotsTXT = false
# The listings claimtrack builds (issue 12): every claim, and the claims of each status,
# kind, topic and claimant, 100 a page, with a page of each family's members.
[taxonomies]
state = "status"
kind = "kinds"
topic = "topics"
claimant = "claimants"
[pagination]
pagerSize = 100
[outputs]
home = ["html", "rss"]
section = ["html"]
page = ["html"]
taxonomy = ["html"]
term = ["html"]
[services.rss]
limit = 200
"""

_HUGO_BASE = """\
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title></head>
<body><header><a href="{{ "/" | relURL }}">{{ site.Title }}</a> ·
<a href="{{ "/sources/" | relURL }}">Sources</a></header>
<main>{{ block "main" . }}{{ end }}</main></body></html>
"""

HUGO_LAYOUTS = {
    "baseof.html": _HUGO_BASE,
    "home.html": """\
{{ define "main" }}<h1>{{ site.Title }}</h1>
{{ range site.Taxonomies.status.ByCount }}
<h2><a href="{{ .Page.RelPermalink }}">{{ .Name }}</a> ({{ .Count }})</h2>{{ end }}
<h2>Latest changes</h2><ul>
{{ range first 20 (where site.RegularPages "Section" "claims").ByDate.Reverse }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
<h2>Topics</h2><ul>{{ range first 20 site.Taxonomies.topics.ByCount }}
<li><a href="{{ .Page.RelPermalink }}">{{ .Name }}</a> ({{ .Count }})</li>{{ end }}</ul>
<h2>Claimants</h2><ul>{{ range first 20 site.Taxonomies.claimants.ByCount }}
<li><a href="{{ .Page.RelPermalink }}">{{ .Name }}</a> ({{ .Count }})</li>{{ end }}</ul>
{{ end }}
""",
    "list.html": """\
{{ define "main" }}<h1>{{ .Title }}</h1><ul>
{{ range (.Paginate .Pages).Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>
{{ .Params.kinds }} {{ range .Params.topics }}<span>{{ . }}</span> {{ end }}</li>{{ end }}</ul>
{{ template "_internal/pagination.html" . }}{{ end }}
""",
    "taxonomy.html": """\
{{ define "main" }}<h1>{{ .Title }}</h1><ul>
{{ range .Data.Terms.ByCount }}<li><a href="{{ .Page.RelPermalink }}">{{ .Name }}</a> ({{ .Count }})</li>{{ end }}</ul>{{ end }}
""",
    "term.html": """\
{{ define "main" }}<h1>{{ .Title }}</h1><ul>
{{ range (.Paginate .Pages).Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a>
{{ .Params.kinds }} {{ range .Params.topics }}<span>{{ . }}</span> {{ end }}</li>{{ end }}</ul>
{{ template "_internal/pagination.html" . }}{{ end }}
""",
    "single.html": """\
{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
""",
    "404.html": """\
{{ define "main" }}<h1>Not found</h1>{{ end }}
""",
}

PELICAN_CONFIG = """\
SITENAME = {title}
SITEURL = ""
PATH = "content"
THEME = "theme"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
PLUGINS = []
DIRECT_TEMPLATES = ["index"]
DEFAULT_PAGINATION = False
ARTICLE_URL = "{{category}}/{{slug}}/"
ARTICLE_SAVE_AS = "{{category}}/{{slug}}/index.html"
CATEGORY_URL = "{{slug}}/"
CATEGORY_SAVE_AS = "{{slug}}/index.html"
TAG_SAVE_AS = AUTHOR_SAVE_AS = ""
TAGS_SAVE_AS = AUTHORS_SAVE_AS = CATEGORIES_SAVE_AS = ARCHIVES_SAVE_AS = ""
FEED_DOMAIN = "https://claims.example.org"
FEED_ALL_ATOM = "feed.xml"
FEED_MAX_ITEMS = 200
CATEGORY_FEED_ATOM = AUTHOR_FEED_ATOM = AUTHOR_FEED_RSS = TRANSLATION_FEED_ATOM = None
STATIC_PATHS = []
CACHE_CONTENT = False
LOAD_CONTENT_CACHE = False
RELATIVE_URLS = True
"""

_PELICAN_BASE = """\
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{% block title %}{{ SITENAME }}{% endblock %}</title></head>
<body><header><a href="{{ SITEURL }}/index.html">{{ SITENAME }}</a> ·
<a href="{{ SITEURL }}/sources/index.html">Sources</a></header>
<main>{% block main %}{% endblock %}</main></body></html>
"""

PELICAN_TEMPLATES = {
    "base.html": _PELICAN_BASE,
    "index.html": """\
{% extends "base.html" %}{% block main %}<h1>{{ SITENAME }}</h1>
{% for verdict, items in articles|selectattr("category.name", "equalto", "claims")|groupby("verdict") %}
<h2>{{ verdict }} ({{ items|length }})</h2><ul>
{% for a in items %}<li><a href="{{ SITEURL }}/{{ a.url }}">{{ a.title }}</a></li>{% endfor %}
</ul>{% endfor %}{% endblock %}
""",
    "category.html": """\
{% extends "base.html" %}{% block main %}<h1>{{ category }}</h1><ul>
{% for a in articles %}<li><a href="{{ SITEURL }}/{{ a.url }}">{{ a.title }}</a></li>{% endfor %}
</ul>{% endblock %}
""",
    "article.html": """\
{% extends "base.html" %}{% block title %}{{ article.title|striptags }}{% endblock %}
{% block main %}<article><h1>{{ article.title }}</h1>{{ article.content }}</article>{% endblock %}
""",
    "page.html": """\
{% extends "base.html" %}{% block main %}{{ page.content }}{% endblock %}
""",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tracker", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    for name, make in (("hugo", hugo_site), ("pelican", pelican_site)):
        dest = args.out / name
        if dest.exists():
            shutil.rmtree(dest)
        pages = make(args.tracker, dest)
        print(f"{name}: {pages} pages in {dest}")


if __name__ == "__main__":
    main()
