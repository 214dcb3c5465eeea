"""Turn a tracker into a Hugo site and a Pelican site with the same pages, to compare builds.

    .venv/bin/python bench/equivalent.py TRACKER OUT     # writes OUT/hugo and OUT/pelican
    hugo --quiet --source OUT/hugo --destination SITE
    pelican OUT/pelican/content -o SITE -s OUT/pelican/pelicanconf.py

Each generator gets one page per claim, one per source and one per public archive,
with what claimtrack's pages show: on a claim's page the statement, status with its
meaning, dates (last changed, first recorded, review by), claimant, figure, its
measurements (value, conditions, who measured it, when, their quotes), each quote
beside its translations and in its context in the archived copy (the sentence before
and after), with a link to its source by title, the history with its quoted evidence,
rationale, the record's facts, and related claims summarised (status, statement,
kind, claimant, date); on a source's page its facts, derivation and the claims citing
it and waiting on it, summarised; on an archive's page the whole archived text.  Then a
home page listing every claim by status, a list page per section, an Atom/RSS feed of
200 entries and, for Hugo, a sitemap: what `claimtrack build` writes, in a minimal
theme written here (no theme download, nothing fetched).  The body of each page is
Markdown, as their users write it.  What neither generator can compute in a template
at a fair cost is computed here: the reverse links (claims citing a source, claims
waiting on it) and each quote's context, found by claimtrack's own
check/text/quotecontext.py in the archived copy.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from claimtrack.check.text.quotecontext import ArchiveText, quote_context
from claimtrack.check.text.textnorm import normalise

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Record = dict[str, Any]
Link = Callable[..., str]  # (section, id, text=None) -> a Markdown link to that page

# The words the pages add around the records (equivalent_languages.WORDS has them in the
# other site languages).
EXTRA_WORDS = {
    "meaning": {
        "unverified": "Not yet checked against independent evidence.",
        "verified": "Independent evidence confirms it.",
        "corroborated": "Two independent origins support it.",
        "disputed": "Credible evidence conflicts.",
        "false": "Independent evidence contradicts it.",
        "misleading": "True in the letter, misleading as stated.",
        "retracted": "The claimant withdrew it.",
        "undisclosed": "The information was not given.",
        "disclosed": "The information was given later.",
    },
    "last_changed": "Last changed",
    "first_recorded": "first recorded",
    "review_by": "next review by",
    "in_context": "In the archived copy",
    "found": "Found in the archived copy",
    "measured": "Claimed versus measured",
    "no_measurement": "No independent measurement recorded.",
    "measured_by": "measured by",
    "about": "About this claim",
    "record": "Record",
    "waiting": "Claims waiting on this source",
    "archive": "Archived copy",
}


def load(root: Path) -> tuple[Record, dict[str, Record], dict[str, Record]]:
    def records(folder: str) -> dict[str, Record]:
        return {
            path.stem: yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)
            for path in sorted((root / folder).glob("*.yaml"))
        }

    tracker = yaml.load((root / "tracker.yaml").read_text(encoding="utf-8"), Loader=Loader)
    claims, sources = records("claims"), records("sources")
    for source in sources.values():
        source["cited_by"], source["waiting"] = [], []
    archives: dict[str, ArchiveText | None] = {}

    def archive(sid: str) -> ArchiveText | None:
        if sid not in archives:
            path = root / "sources" / f"{sid}.txt"
            text = path.read_text(encoding="utf-8") if path.is_file() else None
            # Its sentences split in the source's language, as the site splits them.
            language = sources[sid]["language"] if sid in sources else "en"
            archives[sid] = None if text is None else ArchiveText(text, normalise(text), language)
            if text is not None and sid in sources:
                sources[sid]["archive_text"] = text
        return archives[sid]

    for cid, claim in claims.items():
        for ev in quote_items(claim):
            found = archive(ev["source"])
            ev["context"] = None if found is None else quote_context(ev["quote"], found)
        cited = [ev["source"] for ev in claim["evidence"]]
        cited += [ev["source"] for m in claim.get("measurements") or [] for ev in m["evidence"]]
        cited += [_source_of(e) for entry in claim["history"] for e in entry.get("evidence") or []]
        for sid in dict.fromkeys(cited):
            if sid in sources:
                sources[sid]["cited_by"].append(cid)
        for sid in claim.get("to_check") or []:
            if sid in sources:
                sources[sid]["waiting"].append(cid)
    return tracker, claims, sources


def _source_of(item: str | Record) -> str:
    """A history evidence item: a source id, or a quote of the source."""
    return item if isinstance(item, str) else str(item["source"])


def quote_items(claim: Record) -> Iterator[Record]:
    """Every quote of a claim: its evidence, its measurements' and its history's."""
    yield from claim["evidence"]
    for m in claim.get("measurements") or []:
        yield from m["evidence"]
    for entry in claim["history"]:
        yield from (e for e in entry.get("evidence") or [] if not isinstance(e, str))


def summary(claims: Mapping[str, Record], cid: str, link: Link, statement: str = "") -> str:
    """A claim as claimtrack lists it on another page: status, statement, kind, claimant,
    date."""
    claim = claims.get(cid)
    if claim is None:
        return f"- {link('claims', cid)}\n"
    text = _md(statement or claim["statement"])
    return (
        f"- **{claim['status']}** {link('claims', cid, text)}  \n"
        f"  {claim['kind']} · {_md(claim['claimant']['name'])} · {_date(claim)}\n"
    )


def quote_markdown(ev: Record, link: Link, titles: Mapping[str, str], w: Mapping[str, Any]) -> str:
    """A quote with its context in the archived copy and its source by title (the
    translations are the caller's)."""
    parts = [f"> {_md(ev['quote'])}\n\n"]
    context = ev.get("context")
    if context is not None:
        parts.append(
            f"{w['in_context']}: {_md(context.before)} **{_md(context.passage)}** "
            f"{_md(context.after)}\n\n"
        )
    sid = ev["source"]
    mark = f" · ✓ {w['found']}" if context is not None else ""
    parts.append(f"— {link('sources', sid, _md(titles.get(sid, sid)))}{mark}\n\n")
    return "".join(parts)


def dates_markdown(claim: Record, w: Mapping[str, Any]) -> str:
    status = claim["status"]
    line = (
        f"{w['meaning'].get(status, '')}  \n{w['last_changed']} {_date(claim)} · "
        f"{w['first_recorded']} {claim['history'][0]['date']}"
    )
    if claim.get("review_by"):
        line += f" · {w['review_by']} {claim['review_by']}"
    return line + "\n\n"


def measurements_markdown(
    claim: Record, link: Link, titles: Mapping[str, str], w: Mapping[str, Any]
) -> Iterator[str]:
    if not claim.get("quantity"):
        return
    yield f"## {w['measured']}\n\n"
    measurements = claim.get("measurements") or []
    if not measurements:
        yield f"{w['no_measurement']}\n\n"
    for m in measurements:
        conditions = m.get("conditions") or {}
        if isinstance(conditions, str):
            conditions = {"text": conditions}
        facts = " · ".join(f"{k}: {_md(v)}" for k, v in conditions.items() if v)
        yield (
            f"**{m['value']} {_md(m['unit'])}** {_md(m.get('metric') or '')} · "
            f"{w['measured_by']} {_md(m['measured_by'])} · {m['date']}"
            f"{' · ' + facts if facts else ''}\n\n"
        )
        for ev in m["evidence"]:
            yield quote_markdown(ev, link, titles, w)


def about_markdown(claim: Record, cid: str, w: Mapping[str, Any]) -> str:
    who = claim["claimant"]
    topics = ", ".join(claim.get("topics") or [])
    return (
        f"## {w['about']}\n\n{_md(who['name'])} · {claim['kind']} · {_md(topics)} · "
        f"{w['record']} claims/{cid}.yaml\n\n"
    )


def _date(claim: Record) -> str:
    return str(claim["history"][-1]["date"])


def _md(text: object) -> str:
    """Text as Markdown that shows it as it is."""
    out = str(text)
    for char in "\\`*_[]<>#|":
        out = out.replace(char, "\\" + char)
    return out


def claim_markdown(
    claim: Record, cid: str, claims: Mapping[str, Record], titles: Mapping[str, str], link: Link
) -> Iterator[str]:
    """The page body; ``link`` formats a link to another page from (section, id, text)."""
    w = EXTRA_WORDS
    yield f"**{claim['status']}** · {claim['kind']} · claimed by {_md(claim['claimant']['name'])}"
    role = claim["claimant"].get("role")
    if role:
        yield f" ({_md(role)}, {_md(claim['claimant'].get('organisation') or 'unknown')})"
    yield "\n\n" + dates_markdown(claim, w)
    quantity = claim.get("quantity")
    if quantity:
        yield (
            f"Figure: {quantity['bound']} {quantity['value']} {_md(quantity['unit'])} of "
            f"{_md(quantity['metric'])}, against {_md(quantity.get('baseline') or 'no baseline')}"
            f"; conditions: {_md(quantity.get('conditions') or 'not stated')}.\n\n"
        )
    yield from measurements_markdown(claim, link, titles, w)
    yield "## Evidence\n\n"
    for ev in claim["evidence"]:
        yield f"> {_md(ev['quote'])}\n\n"
        if ev.get("translation"):
            yield f"Translation ({ev.get('translated_by')}): {_md(ev['translation'])}\n\n"
        yield quote_markdown(ev, link, titles, w).split("\n\n", 1)[1]
    yield "## History\n\n| date | status | note | evidence |\n| --- | --- | --- | --- |\n"
    quoted: list[Record] = []
    for entry in claim["history"]:
        items = entry.get("evidence") or []
        quoted += [e for e in items if not isinstance(e, str)]
        cited = ", ".join(
            link("sources", sid, _md(titles.get(sid, sid)))
            for sid in dict.fromkeys(_source_of(e) for e in items)
        )
        yield f"| {entry['date']} | {entry['status']} | {_md(entry['note'])} | {cited} |\n"
    yield "\n" + "".join(quote_markdown(ev, link, titles, w) for ev in quoted)
    yield f"## Rationale\n\n{_md(claim['rationale'])}\n\n"
    yield about_markdown(claim, cid, w)
    if claim.get("related"):
        yield "## Related\n\n" + "".join(summary(claims, c, link) for c in claim["related"])


def source_markdown(source: Record, claims: Mapping[str, Record], link: Link) -> Iterator[str]:
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
    yield from citing_markdown(source, claims, link, EXTRA_WORDS, "Claims citing it")


def citing_markdown(
    source: Record, claims: Mapping[str, Record], link: Link, w: Mapping[str, Any], citing: str
) -> Iterator[str]:
    yield f"\n## {citing} ({len(source['cited_by'])})\n\n"
    yield "".join(summary(claims, c, link) for c in source["cited_by"])
    if source["waiting"]:
        yield f"\n## {w['waiting']} ({len(source['waiting'])})\n\n"
        yield "".join(summary(claims, c, link) for c in source["waiting"])


def archive_markdown(source: Record) -> str:
    """A public archive's page: the whole archived text, paragraph by paragraph."""
    text = source.get("archive_text") or ""
    return "".join(f"{_md(par.strip())}\n\n" for par in text.split("\n\n") if par.strip())


def public_archives(sources: Mapping[str, Record]) -> dict[str, Record]:
    """The sources whose archive page claimtrack builds: archive_public and a copy."""
    return {
        sid: s for sid, s in sources.items() if s.get("archive_public") and s.get("archive_text")
    }


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def hugo_site(root: Path, dest: Path) -> int:
    tracker, claims, sources = load(root)
    titles = {sid: str(s["title"]) for sid, s in sources.items()}
    _write(dest / "hugo.toml", HUGO_CONFIG.format(title=json.dumps(tracker["title"])))
    for name, text in HUGO_LAYOUTS.items():
        _write(dest / "layouts" / name, text)

    def link(section: str, rid: str, text: str | None = None) -> str:
        return f'[{text or rid}]({{{{< relref "/{section}/{rid}" >}}}})'

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
            "outputs": CLAIM_OUTPUTS,
        }
        body = "".join(claim_markdown(claim, cid, claims, titles, link))
        _write(dest / "content" / "claims" / f"{cid}.md", json.dumps(front) + "\n\n" + body)
    for sid, source in sources.items():
        front = {"title": source["title"], "language": source["language"]}
        body = "".join(source_markdown(source, claims, link))
        _write(dest / "content" / "sources" / f"{sid}.md", json.dumps(front) + "\n\n" + body)
    archives = public_archives(sources)
    for sid, source in archives.items():
        # At claimtrack's address of the archive page, beside the source's own page.
        front = {"title": f"{EXTRA_WORDS['archive']}: {source['title']}"}
        front["url"] = f"/sources/{sid}/archive/"
        body = archive_markdown(source)
        _write(dest / "content" / "archives" / f"{sid}.md", json.dumps(front) + "\n\n" + body)
    return len(claims) + len(sources) + len(archives)


def hugo_legacy_site(dest: Path, modern: Path) -> None:
    """The site ``hugo_site`` (or ``hugo_languages_site``) wrote at ``modern``, for a Hugo
    older than 0.146 such as Debian's (0.111): the templates under ``layouts/_default/`` and
    the home page's as ``index.html`` (the template system before 0.146), ``paginate`` in
    place of ``[pagination]`` (0.128), a language's ``languageCode`` and ``languageName``
    in place of ``locale`` and ``label`` (0.158), and in the templates what those Hugos
    call them; the same content, read from ``modern``, not copied."""
    config = (modern / "hugo.toml").read_text("utf-8").replace(PAGINATION, "")
    for new, old in _LEGACY_CONFIG:
        config = config.replace(old, new)
    content = os.path.relpath(modern / "content", dest)
    config = config.replace('contentDir = "content/', f'contentDir = "{content}/')
    # Top-level keys first: in TOML a key after a table's header is that table's.
    head = "paginate = 100\n"
    if "[languages." not in config:
        head = f"contentDir = {json.dumps(content)}\n{head}"
    _write(dest / "hugo.toml", head + config)
    for template in sorted((modern / "layouts").iterdir()):
        text = template.read_text("utf-8")
        for new, old in _LEGACY_TEMPLATES:
            text = text.replace(old, new)
        legacy = {"home.html": "index.html", "404.html": "404.html"}.get(template.name)
        _write(dest / "layouts" / (legacy or f"_default/{template.name}"), text)
    if (modern / "i18n").is_dir():
        shutil.copytree(modern / "i18n", dest / "i18n", dirs_exist_ok=True)


# (what Hugo 0.111 reads, what the newest reads), in this order.
_LEGACY_CONFIG = (("\nlanguageCode = ", "\nlocale = "), ("\nlanguageName = ", "\nlabel = "))
_LEGACY_TEMPLATES = (
    ("site.LanguageCode", "site.Language.Locale"),
    (".Site.LanguageCode", ".Language.Locale"),  # a translation's, by its own site
    (".Language.LanguageName", ".Language.Label"),
    ("(eq .Language.Weight 1)", ".Language.IsDefault"),
)


def pelican_site(root: Path, dest: Path) -> int:
    tracker, claims, sources = load(root)
    _write(dest / "pelicanconf.py", PELICAN_CONFIG.format(title=repr(tracker["title"])))
    for name, text in PELICAN_TEMPLATES.items():
        _write(dest / "theme" / "templates" / name, text)

    titles = {sid: str(s["title"]) for sid, s in sources.items()}

    def link(section: str, rid: str, text: str | None = None) -> str:
        return f"[{text or rid}]({{filename}}/{section}/{rid}.md)"

    def header(title: str, date: str, category: str, slug: str, **extra: str) -> str:
        lines = [f"Title: {title}", f"Date: {date}", f"Category: {category}", f"Slug: {slug}"]
        lines += [f"{key.capitalize()}: {value}" for key, value in extra.items()]
        return "\n".join(lines) + "\n\n"

    for cid, claim in claims.items():
        head = header(claim["statement"], _date(claim), "claims", cid, verdict=claim["status"])
        body = "".join(claim_markdown(claim, cid, claims, titles, link))
        _write(dest / "content" / "claims" / f"{cid}.md", head + body)
    for sid, source in sources.items():
        published = str(source.get("published") or "2026-01-01")
        head = header(source["title"], published, "sources", sid, verdict="source")
        body = "".join(source_markdown(source, claims, link))
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
# A claim's embeddable card and oEmbed file (issue 27), beside its page: claimtrack writes
# claims/<id>/embed/index.html and claims/<id>/oembed.json, Hugo claims/<id>/embed.html
# and claims/<id>/oembed.json (CLAIM_OUTPUTS, in each claim's front matter).
[outputFormats.embed]
mediaType = "text/html"
baseName = "embed"
isHTML = true
[outputFormats.oembed]
mediaType = "application/json"
baseName = "oembed"
isPlainText = true
notAlternative = true
"""
# Hugo's paging since 0.128 (hugo_legacy_site writes the older key).
PAGINATION = "[pagination]\npagerSize = 100\n"
assert PAGINATION in HUGO_CONFIG
CLAIM_OUTPUTS = ["html", "embed", "oembed"]

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
    # A claim's embeddable card: a page of its own, no site header, its CSS inline, noindex.
    "single.embed.html": """\
<!DOCTYPE html>
<html lang="{{ site.Language.Lang }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{ .Title }} · {{ site.Title }}</title>
<style>body{margin:0;font:16px/1.4 sans-serif}.card{border:1px solid #ccc;padding:1em}</style>
</head><body><div class="card"><p>{{ site.Title }}</p>
<p><strong>{{ delimit .Params.status ", " }}</strong> {{ .Date.Format "2006-01-02" }}</p>
<p>{{ .Title }}</p><p><a href="{{ .Permalink }}" target="_blank">{{ .Title }}</a></p>
</div></body></html>
""",
    "single.oembed.json": """\
{{- $src := printf "%sembed.html" .Permalink -}}
{{- $html := printf `<iframe src=%q title=%q width="560" height="360"></iframe>` $src .Title -}}
{{- dict "version" "1.0" "type" "rich" "html" $html "width" 560 "height" 360 "title" .Title "provider_name" site.Title "provider_url" site.BaseURL | jsonify }}
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
    hugo_legacy_site(args.out / "hugo-legacy", args.out / "hugo")
    print(f"hugo-legacy: the same, for Hugo before 0.146, in {args.out / 'hugo-legacy'}")


if __name__ == "__main__":
    main()
