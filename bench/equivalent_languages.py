"""Hugo's equivalent of a tracker's site in every site language (issue 17's speed target).

    .venv/bin/python bench/equivalent_languages.py TRACKER OUT   # writes OUT/hugo-languages
    hugo --quiet --source OUT/hugo-languages --destination SITE

Hugo's multilingual mode, translation by content directory: `content/<tag>/` per site
language, the main one at the root of the site and the others under their own prefix
(`/fr/`, `/zh-hant/`: Hugo lowercases a language's key for its paths, as claimtrack
does).  Each language gets the pages bench/equivalent.py gives Hugo in one language
(claims, sources, the home page, the sections, the taxonomies 100 a page, the feed and
the sitemap), with the content claimtrack's page in that language shows: the translated
statement, rationale, conditions, history notes and source notes; each quote with its
translation into the language, else its English one; a missing translation as the
original with its `lang`; every translated block with `lang`, `data-translated-by` and
`data-translation` (Goldmark's block attributes) and a visible mark for a machine's,
a stale or a missing translation.  Every page has `<link rel="alternate" hreflang>` to
its translations whose statement is translated, an `x-default`, and a language switcher.

Which field is current, stale or missing comes from claimtrack's own
records/translated.py, over the records claimtrack loads: Hugo cannot know it, as it
cannot compute the claims citing a source (bench/equivalent.py computes those too).
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from equivalent import (
    CLAIM_OUTPUTS,
    EXTRA_WORDS,
    HUGO_CONFIG,
    HUGO_LAYOUTS,
    Record,
    _date,
    _md,
    _source_of,
    _write,
    about_markdown,
    archive_markdown,
    citing_markdown,
    dates_markdown,
    load,
    measurements_markdown,
    public_archives,
    quote_markdown,
    summary,
)

from claimtrack.load import load_tracker
from claimtrack.records import Claim, Source
from claimtrack.records.translated import (
    FieldState,
    claim_fields,
    field_name,
    history_keys,
    quote_state,
    source_fields,
    tracker_fields,
)

Link = Callable[..., str]
TEMPLATE_WORDS = ("sources", "latest", "topics", "claimants", "not_found")  # Hugo's i18n files

# The words the pages add around the records (equivalent.EXTRA_WORDS), per language.
EXTRA: dict[str, dict[str, Any]] = {
    "en": EXTRA_WORDS,
    "fr": {
        "meaning": {
            "unverified": "Pas encore vérifiée par des preuves indépendantes.",
            "verified": "Des preuves indépendantes la confirment.",
            "corroborated": "Deux origines indépendantes la soutiennent.",
            "disputed": "Des preuves crédibles se contredisent.",
            "false": "Des preuves indépendantes la contredisent.",
            "misleading": "Vraie à la lettre, trompeuse telle qu’énoncée.",
            "retracted": "Son auteur l’a retirée.",
            "undisclosed": "L’information n’a pas été donnée.",
            "disclosed": "L’information a été donnée plus tard.",
        },
        "last_changed": "Dernière modification",
        "first_recorded": "première inscription",
        "review_by": "à revoir avant le",
        "in_context": "Dans la copie archivée",
        "found": "Trouvée dans la copie archivée",
        "measured": "Annoncé et mesuré",
        "no_measurement": "Aucune mesure indépendante enregistrée.",
        "measured_by": "mesuré par",
        "about": "À propos de cette affirmation",
        "record": "Fiche",
        "waiting": "Affirmations en attente de cette source",
        "archive": "Copie archivée",
    },
    "zh-Hant": {
        "meaning": {
            "unverified": "尚未以獨立證據查核。",
            "verified": "獨立證據證實了它。",
            "corroborated": "兩個獨立來源支持它。",
            "disputed": "可信的證據互相矛盾。",
            "false": "獨立證據與它相反。",
            "misleading": "字面上正確，但說法具誤導性。",
            "retracted": "提出者已撤回。",
            "undisclosed": "未公開此資訊。",
            "disclosed": "此資訊後來已公開。",
        },
        "last_changed": "最近變更",
        "first_recorded": "首次記錄",
        "review_by": "下次複查",
        "in_context": "存檔副本中",
        "found": "已在存檔副本中找到",
        "measured": "宣稱與實測",
        "no_measurement": "尚無獨立實測紀錄。",
        "measured_by": "實測者",
        "about": "關於此說法",
        "record": "紀錄",
        "waiting": "待以此來源查核的說法",
        "archive": "存檔副本",
    },
}

# The words of the pages (Hugo's i18n files and the Markdown's own), per language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "name": "English",
        "claims": "Claims",
        "sources": "Sources",
        "latest": "Latest changes",
        "topics": "Topics",
        "claimants": "Claimants",
        "not_found": "Not found",
        "claimed_by": "claimed by",
        "unknown": "unknown",
        "figure": "Figure",
        "against": "against",
        "no_baseline": "no baseline",
        "conditions": "conditions",
        "not_stated": "not stated",
        "evidence": "Evidence",
        "translation": "Translation",
        "history": "History",
        "columns": "| date | status | note | evidence |",
        "rationale": "Rationale",
        "related": "Related",
        "publisher": "Publisher",
        "authors": "Authors",
        "published": "Published",
        "language": "Language",
        "kind": "kind",
        "address": "Address",
        "archived": "Archived copy: retrieved {date}, SHA-256",
        "not_archived": "Archived copy: none",
        "produced": "How it was produced",
        "derived": "Derived from",
        "citing": "Claims citing it",
        "machine": "machine translation",
        "stale": "the original has changed since",
        "missing": "not translated yet",
    },
    "fr": {
        "name": "Français",
        "claims": "Affirmations",
        "sources": "Sources",
        "latest": "Dernières modifications",
        "topics": "Thèmes",
        "claimants": "Auteurs des affirmations",
        "not_found": "Page introuvable",
        "claimed_by": "affirmé par",
        "unknown": "inconnu",
        "figure": "Chiffre",
        "against": "par rapport à",
        "no_baseline": "aucune référence",
        "conditions": "conditions",
        "not_stated": "non précisées",
        "evidence": "Preuves",
        "translation": "Traduction",
        "history": "Historique",
        "columns": "| date | statut | note | preuves |",
        "rationale": "Justification",
        "related": "Affirmations liées",
        "publisher": "Éditeur",
        "authors": "Auteurs",
        "published": "Publié le",
        "language": "Langue",
        "kind": "type",
        "address": "Adresse",
        "archived": "Copie archivée\u00a0: récupérée le {date}, SHA-256",
        "not_archived": "Copie archivée\u00a0: aucune",
        "produced": "Comment elle a été produite",
        "derived": "Dérivée de",
        "citing": "Affirmations qui la citent",
        "machine": "traduction automatique",
        "stale": "l’original a changé depuis",
        "missing": "pas encore traduit",
    },
    "zh-Hant": {
        "name": "繁體中文",
        "claims": "說法",
        "sources": "來源",
        "latest": "最近更新",
        "topics": "主題",
        "claimants": "提出者",
        "not_found": "找不到網頁",
        "claimed_by": "提出者：",
        "unknown": "不明",
        "figure": "數字",
        "against": "比較基準",
        "no_baseline": "無基準",
        "conditions": "條件",
        "not_stated": "未說明",
        "evidence": "佐證",
        "translation": "翻譯",
        "history": "歷程",
        "columns": "| 日期 | 狀態 | 說明 | 佐證 |",
        "rationale": "判定理由",
        "related": "相關說法",
        "publisher": "發行者",
        "authors": "作者",
        "published": "發布日期",
        "language": "語言",
        "kind": "類型",
        "address": "網址",
        "archived": "存檔副本：擷取於 {date}，SHA-256",
        "not_archived": "存檔副本：無",
        "produced": "產生方式",
        "derived": "衍生自",
        "citing": "引用此來源的說法",
        "machine": "機器翻譯",
        "stale": "原文此後已有更動",
        "missing": "尚未翻譯",
    },
}


class Page:
    """The translated blocks of one record's page in one language."""

    def __init__(
        self, tag: str, main: str, fields: list[FieldState], original: str, words: dict[str, str]
    ) -> None:
        self.tag, self.main, self.words = tag, main, words
        self.fields = {field_name(f.path): f for f in fields}
        self.original = original  # the relref of the page in the main language

    def state(self, name: str) -> FieldState | None:
        return None if self.tag == self.main else self.fields.get(name)

    def text(self, name: str, original: object) -> str:
        """The field's words in this language, or the original's, with its marks inline."""
        f = self.state(name)
        if f is None:
            return _md(original)
        if f.text is None:
            return f"{_md(original)} *({self.words['missing']})*"
        return _md(f.text) + self.marks(f)

    def marks(self, f: FieldState) -> str:
        marks = []
        if f.translated_by == "machine":
            marks.append(f" *({self.words['machine']})*")
        if f.state == "stale":
            marks.append(f" *([{self.words['stale']}]({self.original}))*")
        return "".join(marks)

    def block(self, name: str, original: object) -> str:
        """A paragraph with its language and translation's state as block attributes."""
        f = self.state(name)
        if f is None:
            return f"{_md(original)}\n\n"
        if f.text is None:
            attrs = f'lang="{self.main}" data-translation="missing"'
        else:
            attrs = (
                f'lang="{self.tag}" data-translated-by="{f.translated_by}" '
                f'data-translation="{f.state}"'
            )
        return f"{self.text(name, original)}\n{{{attrs}}}\n\n"


def claim_markdown(
    claim: Record,
    model: Claim,
    page: Page,
    link: Link,
    languages: dict[str, str],
    context: tuple[str, Mapping[str, Record], Mapping[str, str]],
) -> Iterator[str]:
    """bench/equivalent.claim_markdown's page, in the page's language; ``context``: the
    claim's id, every claim and the sources' titles."""
    cid, claims, titles = context
    w, tag, extra = page.words, page.tag, EXTRA[page.tag]
    who = claim["claimant"]
    yield f"**{claim['status']}** · {claim['kind']} · {w['claimed_by']} {_md(who['name'])}"
    if who.get("role"):
        yield f" ({_md(who['role'])}, {_md(who.get('organisation') or w['unknown'])})"
    yield "\n\n" + dates_markdown(claim, extra)
    quantity = claim.get("quantity")
    if quantity:
        conditions = quantity.get("conditions")
        shown = page.text("conditions", conditions) if conditions else w["not_stated"]
        yield (
            f"{w['figure']}: {quantity['bound']} {quantity['value']} {_md(quantity['unit'])} · "
            f"{_md(quantity['metric'])} · {w['against']} "
            f"{_md(quantity.get('baseline') or w['no_baseline'])} · {w['conditions']}: {shown}\n\n"
        )
    yield from measurements_markdown(claim, link, titles, extra)
    yield f"## {w['evidence']}\n\n"
    for ev, evidence in zip(claim["evidence"], model.evidence, strict=True):
        yield f"> {_md(ev['quote'])}\n\n"
        own = languages.get(ev["source"], page.main)
        quote = None if tag == page.main else quote_state(evidence, tag)
        if own == tag:
            pass  # a quote in the page's language stands alone
        elif quote is not None:
            yield f"{w['translation']} ({quote.translated_by}): {_md(quote.text)}"
            yield page.marks(quote)
            yield f'\n{{lang="{tag}" data-translation="{quote.state}"}}\n\n'
        elif ev.get("translation"):
            yield f"{w['translation']} ({ev.get('translated_by')}): {_md(ev['translation'])}"
            yield '\n{lang="en"}\n\n'
        yield quote_markdown(ev, link, titles, extra).split("\n\n", 1)[1]
    yield f"## {w['history']}\n\n{w['columns']}\n| --- | --- | --- | --- |\n"
    quoted: list[Record] = []
    for key, entry in zip(history_keys(model), claim["history"], strict=True):
        items = entry.get("evidence") or []
        quoted += [e for e in items if not isinstance(e, str)]
        cited = ", ".join(
            link("sources", sid, _md(titles.get(sid, sid)))
            for sid in dict.fromkeys(_source_of(e) for e in items)
        )
        note = page.text(f"history/{key}", entry["note"])
        yield f"| {entry['date']} | {entry['status']} | {note} | {cited} |\n"
    yield "\n" + "".join(quote_markdown(ev, link, titles, extra) for ev in quoted)
    yield f"## {w['rationale']}\n\n{page.block('rationale', claim['rationale'])}"
    yield about_markdown(claim, cid, extra)
    if claim.get("related"):
        # Related claims by their original statement: a simplification (claimtrack shows
        # each in the page's language), a few words a claim.
        yield f"## {w['related']}\n\n" + "".join(summary(claims, c, link) for c in claim["related"])


def source_markdown(
    source: Record, page: Page, link: Link, claims: Mapping[str, Record]
) -> Iterator[str]:
    w = page.words
    yield f"{w['publisher']}: {_md(source.get('publisher') or w['unknown'])}  \n"
    yield f"{w['authors']}: {_md(', '.join(source.get('authors') or []) or w['unknown'])}  \n"
    yield f"{w['published']}: {source.get('published') or w['unknown']}  \n"
    yield f"{w['language']}: {source['language']} · {w['kind']}: {source['kind']}  \n"
    yield f"{w['address']}: {_md(source.get('url') or w['unknown'])}  \n"
    snapshot = source.get("snapshot")
    if snapshot:
        archived = w["archived"].format(date=snapshot["retrieved"])
        yield f"{archived} `{snapshot['sha256']}`\n\n"
    else:
        yield f"{w['not_archived']}\n\n"
    notes = source.get("notes")
    yield f"## {w['produced']}\n\n"
    yield page.block("notes", notes) if notes else f"{w['unknown']}\n\n"
    yield f"## {w['derived']}\n\n"
    yield "".join(f"- {link('sources', p)}\n" for p in source.get("derived_from") or []) or "-\n"
    yield from citing_markdown(source, claims, link, EXTRA[page.tag], w["citing"])


def _front(title: str, f: FieldState | None, **params: object) -> str:
    """JSON front matter; a title's translation state is the h1's attributes."""
    front: dict[str, object] = {"title": title, **params}
    if f is not None:
        front["translation"] = "missing" if f.text is None else f.state
        front["translated_by"] = f.translated_by
    return json.dumps(front, ensure_ascii=False) + "\n\n"


def _config(tags: tuple[str, ...], titles: dict[str, str]) -> str:
    """bench/equivalent.py's configuration with the languages (top-level keys first: in
    TOML a key after a table's header is that table's)."""
    lines = [
        f'defaultContentLanguage = "{tags[0]}"',
        "defaultContentLanguageInSubdir = false",
        # No /en/ page redirecting to /: claimtrack writes none.
        "disableDefaultSiteRedirect = true",
        HUGO_CONFIG.replace('languageCode = "en"\n', "")
        .format(title=json.dumps(titles[tags[0]], ensure_ascii=False))
        .rstrip("\n"),
        "[markup.goldmark.parser.attribute]",
        "block = true",
    ]
    for weight, tag in enumerate(tags, 1):
        lines += [
            f"[languages.{tag}]",
            f'contentDir = "content/{tag}"',
            f'locale = "{tag}"',
            f"label = {json.dumps(WORDS[tag]['name'], ensure_ascii=False)}",
            f"title = {json.dumps(titles[tag], ensure_ascii=False)}",
            f"weight = {weight}",
        ]
    return "\n".join(lines) + "\n"


def hugo_languages_site(root: Path, dest: Path) -> int:
    """Write Hugo's multilingual site; returns the number of records' pages (all languages)."""
    tracker, claims, sources = load(root)
    loaded = load_tracker(root)
    settings = loaded.settings
    tags = settings.site_languages
    titles = {tags[0]: tracker["title"]}
    for tag in tags[1:]:
        title = {f.path: f for f in tracker_fields(settings, tag)}.get(("title",))
        titles[tag] = title.text if title is not None and title.text else tracker["title"]
    _write(dest / "hugo.toml", _config(tags, titles))
    for name, text in LAYOUTS.items():
        _write(dest / "layouts" / name, text)
    for tag in tags:
        words = {key: WORDS[tag][key] for key in TEMPLATE_WORDS}
        _write(
            dest / "i18n" / f"{tag}.toml",
            "".join(f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in words.items()),
        )
    languages = {sid: source["language"] for sid, source in sources.items()}

    titles = {sid: str(s["title"]) for sid, s in sources.items()}

    def link(section: str, rid: str, text: str | None = None) -> str:
        return f'[{text or rid}]({{{{< relref "/{section}/{rid}" >}}}})'

    def original(section: str, rid: str) -> str:
        return f'{{{{< relref path="/{section}/{rid}" lang="{tags[0]}" >}}}}'

    pages = 0
    for tag in tags:
        words = WORDS[tag]
        content = dest / "content" / tag
        _write(content / "claims" / "_index.md", json.dumps({"title": words["claims"]}) + "\n")
        _write(content / "sources" / "_index.md", json.dumps({"title": words["sources"]}) + "\n")
        for cid, claim in claims.items():
            model = loaded.claims[cid].record
            page = Page(tag, tags[0], claim_fields(model, tag), original("claims", cid), words)
            statement = page.state("statement")
            front = _front(
                statement.text if statement and statement.text else claim["statement"],
                statement,
                date=_date(claim),
                status=[claim["status"]],
                kinds=[claim["kind"]],
                topics=claim.get("topics") or [],
                claimants=[claim["claimant"]["name"]],
                untranslated=statement is not None and statement.text is None,
                outputs=CLAIM_OUTPUTS,
            )
            body = "".join(
                claim_markdown(claim, model, page, link, languages, (cid, claims, titles))
            )
            _write(content / "claims" / f"{cid}.md", front + body)
        for sid, source in sources.items():
            model_source: Source = loaded.sources[sid].record
            page = Page(
                tag, tags[0], source_fields(model_source, tag), original("sources", sid), words
            )
            title = page.state("title")
            front = _front(
                title.text if title and title.text else source["title"],
                title,
                language=source["language"],
            )
            _write(
                content / "sources" / f"{sid}.md",
                front + "".join(source_markdown(source, page, link, claims)),
            )
        archives = public_archives(sources)
        for sid, source in archives.items():
            front_matter = {"title": f"{EXTRA[tag]['archive']}: {source['title']}"}
            front_matter["url"] = f"/sources/{sid}/archive/"  # under the language's prefix
            _write(
                content / "archives" / f"{sid}.md",
                json.dumps(front_matter, ensure_ascii=False) + "\n\n" + archive_markdown(source),
            )
        pages += len(claims) + len(sources) + len(archives)
    return pages


_BASE = """\
<!DOCTYPE html>
<html lang="{{ site.Language.Locale }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
{{ range .AllTranslations }}{{ if not .Params.untranslated }}<link rel="alternate" hreflang="{{ .Language.Locale }}" href="{{ .Permalink }}">
{{ end }}{{ if .Language.IsDefault }}<link rel="alternate" hreflang="x-default" href="{{ .Permalink }}">
{{ end }}{{ end }}</head>
<body><header><a href="{{ "/" | relLangURL }}">{{ site.Title }}</a> ·
<a href="{{ "/sources/" | relLangURL }}">{{ i18n "sources" }}</a>
<nav>{{ range .Translations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.Locale }}" lang="{{ .Language.Locale }}">{{ .Language.Label }}</a> {{ end }}</nav></header>
<main>{{ block "main" . }}{{ end }}</main></body></html>
"""

LAYOUTS = {
    **HUGO_LAYOUTS,
    "baseof.html": _BASE,
    "home.html": HUGO_LAYOUTS["home.html"]
    .replace("Latest changes", '{{ i18n "latest" }}')
    .replace("<h2>Topics</h2>", '<h2>{{ i18n "topics" }}</h2>')
    .replace("<h2>Claimants</h2>", '<h2>{{ i18n "claimants" }}</h2>'),
    "single.html": """\
{{ define "main" }}<article><h1{{ with .Params.translation }} data-translation="{{ . }}"{{ end }}\
{{ with .Params.translated_by }} data-translated-by="{{ . }}"{{ end }}>{{ .Title }}</h1>\
{{ .Content }}</article>{{ end }}
""",
    "404.html": """\
{{ define "main" }}<h1>{{ i18n "not_found" }}</h1>{{ end }}
""",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tracker", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args()
    dest = args.out / "hugo-languages"
    if dest.exists():
        shutil.rmtree(dest)
    pages = hugo_languages_site(args.tracker, dest)
    print(f"hugo in every site language: {pages} pages in {dest}")


if __name__ == "__main__":
    main()
