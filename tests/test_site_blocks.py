"""Translated blocks: the views carry each text's translations and states, and a page in a
further language shows each with its marks (current, stale, missing; machine, person),
its quotes in that language, and a page in the main language as it always was.

The fixture (tests/fixtures/blocks) is en + fr; each French text's state is written in
its record: made_from an earlier text's fingerprint is stale, no text is missing.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from claimtrack.check import Checker, run_checks
from claimtrack.i18n import interface
from claimtrack.load import Cache, Loader, load_tracker
from claimtrack.site import build_site
from claimtrack.site.html.fragments import claim_item, history_item
from claimtrack.site.html.templating import make_environment
from claimtrack.site.html.theme import Theme
from claimtrack.site.model.cache import ModelCache, build_model
from claimtrack.site.model.localized import Localized, Translated, block_lang, localized
from claimtrack.site.model.views import ClaimView, HistoryView, SiteModel, SourceView

from .conftest import FIXTURES
from .site_support import FIXTURE_TODAY

FIXTURE = FIXTURES / "blocks"
SPEED, PRICE = "claims/rocket-speed/index.html", "claims/rocket-price/index.html"


def model_of(root: Path = FIXTURE) -> SiteModel:
    analysis, _ = run_checks(load_tracker(root), FIXTURE_TODAY)
    return build_model(analysis)


def claim(model: SiteModel, cid: str) -> ClaimView:
    return next(c for c in model.claims if c.summary.id == cid)


def source(model: SiteModel, sid: str) -> SourceView:
    return next(s for s in model.sources if s.ref.id == sid)


def fr(value: Localized | None) -> Translated | None:
    assert value is not None
    return value.get("fr")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The fixture's site, built (without search), its pages by path."""
    out = tmp_path_factory.mktemp("blocks") / "site"
    build_site(FIXTURE, out, today=FIXTURE_TODAY, search=False)
    return {p.relative_to(out).as_posix(): p.read_text("utf-8") for p in out.rglob("*.html")}


@pytest.fixture
def fr_pages(built: dict[str, str]) -> dict[str, str]:
    return {path[3:]: html for path, html in built.items() if path.startswith("fr/")}


@pytest.fixture
def en_pages(built: dict[str, str]) -> dict[str, str]:
    return {path: html for path, html in built.items() if not path.startswith("fr/")}


def after(html: str, start: str, length: int = 400) -> str:
    """What the page has from ``start`` on (a start tag), a little way."""
    assert start in html, start
    return html[html.index(start) :][:length]


# -- the views -------------------------------------------------------------------------------
def test_each_text_carries_its_state_in_each_further_language() -> None:
    model = model_of()
    speed, price = claim(model, "rocket-speed"), claim(model, "rocket-price")
    assert fr(speed.summary.statement) == Translated(
        "fr", "Rocket 2 est jusqu'à 3 fois plus rapide que Rocket 1.", "current", "machine"
    )
    rationale = fr(speed.rationale)
    assert rationale is not None and (rationale.state, rationale.translated_by) == (
        "stale",
        "machine",
    )
    assert speed.quantity is not None
    assert fr(speed.quantity.conditions) == Translated("fr", None, "missing", None)
    assert fr(speed.history[0].note) == Translated(
        "fr", "Enregistré d'après l'annonce.", "current", "machine"
    )
    assert fr(price.summary.statement) == Translated(
        "fr", "Acme n'a pas annoncé le prix de Rocket 2.", "current", "person"
    )
    assert fr(price.rationale) == Translated("fr", None, "missing", None)
    # The originals, in the records' language; no entry for the main language itself.
    assert speed.rationale.original == "The vendor's own figure; nobody has measured it."
    assert speed.rationale.lang == "en" and speed.rationale.get("en") is None
    assert fr(model.settings.title) == Translated(
        "fr", "Les affirmations sur Rocket 2", "current", "person"
    )


def test_a_source_title_is_translated_only_where_a_translation_gives_it() -> None:
    model = model_of()
    acme, report, analysis = (source(model, s) for s in ("acme-post", "fr-report", "zh-analysis"))
    assert fr(acme.ref.title) == Translated("fr", "Acme annonce Rocket 2", "current", "person")
    notes = fr(acme.notes)
    assert notes is not None and notes.state == "current"
    # In its own language, untranslated: no entry, so no "missing" mark.
    assert report.ref.title == Localized("Rocket 2, trois fois plus rapide", "fr")
    assert fr(report.notes) == Translated("fr", None, "missing", None)
    stale = fr(analysis.notes)
    assert stale is not None and stale.state == "stale"
    assert analysis.ref.title.lang == "zh-Hant"


def test_quotes_carry_their_language_and_their_translations() -> None:
    speed, price = claim(model_of(), "rocket-speed"), claim(model_of(), "rocket-price")
    acme, report, analysis = speed.evidence
    assert (acme.lang, report.lang, analysis.lang) == ("en", "fr", "zh-Hant")
    assert acme.translations == (
        Translated("fr", "Il va jusqu'à 3 fois plus vite que Rocket 1", "current", "machine"),
    )
    assert report.translations == () and analysis.translations == ()
    assert analysis.translation == "Acme says Rocket 2 is up to 3 times faster."
    assert [t.state for t in price.evidence[0].translations] == ["stale"]


def test_localized_gives_the_translation_when_current_or_stale_else_the_original() -> None:
    speed = claim(model_of(), "rocket-speed")
    assert localized(speed.summary.statement, "fr").startswith("Rocket 2 est jusqu'à")
    assert (
        localized(speed.rationale, "fr") == "Le chiffre du fabricant\u202f; personne ne l'a mesuré."
    )
    assert speed.quantity is not None and speed.quantity.conditions is not None
    assert localized(speed.quantity.conditions, "fr") == "On the vendor's own benchmark."
    assert localized(speed.rationale, "en") == speed.rationale.original
    assert localized(speed.rationale, "de") == speed.rationale.original  # not a site language
    assert block_lang(speed.rationale, "fr") == "fr"
    assert block_lang(speed.quantity.conditions, "fr") == "en"
    assert block_lang(speed.rationale, "en") == "en"


def test_a_tracker_without_translations_has_texts_without_entries() -> None:
    model = model_of(FIXTURES / "minimal")
    for view in model.claims:
        assert view.summary.statement.translations == () and view.rationale.translations == ()
        assert all(h.note.translations == () for h in view.history)
    assert all(s.notes.translations == () and s.ref.title.translations == () for s in model.sources)


# -- the marks -------------------------------------------------------------------------------
def test_a_current_machine_translation_is_marked_as_a_machine_s(fr_pages: dict[str, str]) -> None:
    h1 = after(
        fr_pages[SPEED], '<h1 lang="fr" data-translated-by="machine" data-translation="current">'
    )
    assert h1.split("\n")[:2] == [
        '<h1 lang="fr" data-translated-by="machine" data-translation="current">'
        "Rocket 2 est jusqu&#39;à 3 fois plus rapide que Rocket 1.</h1>",
        '<p class="translation-mark" data-pagefind-ignore><span class="mark-machine">'
        "Traduction automatique</span></p>",
    ]


def test_a_person_s_translation_carries_who_made_it_and_no_machine_mark(
    fr_pages: dict[str, str],
) -> None:
    h1 = after(
        fr_pages[PRICE], '<h1 lang="fr" data-translated-by="person" data-translation="current">'
    )
    assert h1.split("\n")[:2] == [
        '<h1 lang="fr" data-translated-by="person" data-translation="current">'
        "Acme n&#39;a pas annoncé le prix de Rocket 2.</h1>",
        '<div class="verdict verdict-undisclosed">',  # no mark between
    ]


def test_a_stale_translation_says_so_and_links_to_the_original(fr_pages: dict[str, str]) -> None:
    p = after(fr_pages[SPEED], '<p class="rationale" lang="fr"', 1000)
    assert p.split("\n")[:2] == [
        '<p class="rationale" lang="fr" data-translated-by="machine" data-translation="stale">'
        "Le chiffre du fabricant\u202f; personne ne l&#39;a mesuré.</p>",
        '<p class="translation-mark" data-pagefind-ignore>'
        '<span class="mark-machine">Traduction automatique</span><span class="mark-sep"> · </span>'
        '<span class="mark-stale">L’original a changé depuis cette traduction. '
        '<a href="../../../claims/rocket-speed/index.html">Voir l’original</a></span></p>',
    ]


def test_a_missing_translation_shows_the_original_in_its_language_marked(
    fr_pages: dict[str, str],
) -> None:
    html = fr_pages[SPEED]
    assert (
        '<dd><span lang="en" data-translation="missing">On the vendor&#39;s own benchmark.</span> '
        '<span class="translation-mark" data-pagefind-ignore><span class="mark-missing">'
        "Pas encore traduit</span></span></dd>"
    ) in html
    price = fr_pages[PRICE]
    assert (
        '<p class="rationale" lang="en" data-translation="missing">The announcement gives no price.</p>\n'
        '<p class="translation-mark" data-pagefind-ignore><span class="mark-missing">Pas encore traduit'
    ) in price


def test_lists_sources_and_the_index_mark_their_texts_too(fr_pages: dict[str, str]) -> None:
    index = fr_pages["index.html"]
    assert (
        '<h1 lang="fr" data-translated-by="person" data-translation="current">'
        "Les affirmations sur Rocket 2</h1>"
    ) in index
    assert (
        '<a class="statement" href="claims/rocket-price/index.html" lang="fr" '
        'data-translated-by="person" data-translation="current">'
    ) in index
    acme = fr_pages["sources/acme-post/index.html"]
    assert (
        '<h1 lang="fr" data-translated-by="person" data-translation="current">Acme annonce Rocket 2</h1>'
    ) in acme
    assert (
        '<p lang="fr" data-translated-by="person" data-translation="current">L&#39;annonce' in acme
    )
    report = fr_pages["sources/fr-report/index.html"]
    assert '<h1 lang="fr">Rocket 2, trois fois plus rapide</h1>' in report  # its own language
    assert 'lang="en" data-translation="missing">A French report of the Acme post' in report
    analysis = fr_pages["sources/zh-analysis/index.html"]
    assert '<h1 lang="zh-Hant">Rocket 2 分析</h1>' in analysis
    assert (
        'data-translated-by="machine" data-translation="stale">Une analyse taïwanaise' in analysis
    )
    # A link to a source carries its title's language and state, its page the marks.
    assert (
        '<a href="../../sources/acme-post/index.html" lang="fr" data-translated-by="person" '
        'data-translation="current">Acme annonce Rocket 2</a>'
    ) in fr_pages[SPEED]


# -- quotes ----------------------------------------------------------------------------------
def _evidence(html: str) -> list[str]:
    return re.findall(r'<li class="evidence[^"]*">.*?</li>', html, re.S)


def test_a_quote_in_the_page_s_language_stands_alone(fr_pages: dict[str, str]) -> None:
    report = _evidence(fr_pages[SPEED])[1]
    assert report.startswith('<li class="evidence">')
    assert '<blockquote lang="fr"><p>« jusqu&#39;à 3 fois plus rapide »</p>' in report
    assert "up to 3 times faster" not in report and 'lang="en"' not in report


def test_a_quote_shows_its_translation_into_the_page_s_language(fr_pages: dict[str, str]) -> None:
    acme = _evidence(fr_pages[SPEED])[0]
    assert '<blockquote lang="en"><p>It runs up to 3x faster than Rocket 1</p>' in acme  # the words
    assert (
        '<figcaption class="quote-label">Traduction automatique</figcaption>\n'
        '<blockquote lang="fr" data-translated-by="machine" data-translation="current">'
        "<p>Il va jusqu&#39;à 3 fois plus vite que Rocket 1</p></blockquote>\n</figure>"
    ) in acme
    stale = _evidence(fr_pages[PRICE])[0]
    assert 'data-translated-by="person" data-translation="stale"><p>Le prix n&#39;a pas' in stale
    assert '<span class="mark-stale">L’original a changé depuis cette traduction.</span>' in stale
    assert "Traduit par une personne" in stale


def test_without_one_a_quote_falls_back_to_its_english_translation(
    fr_pages: dict[str, str],
) -> None:
    analysis = _evidence(fr_pages[SPEED])[2]
    assert '<blockquote lang="zh-Hant"><p>Acme 表示 Rocket 2 最高快 3 倍。</p>' in analysis
    assert (
        '<figcaption class="quote-label">Anglais, traduction automatique</figcaption>\n'
        '<blockquote lang="en"><p>Acme says Rocket 2 is up to 3 times faster.</p>'
    ) in analysis


@pytest.mark.parametrize("path", [SPEED, PRICE, "index.html", "sources/acme-post/index.html"])
def test_in_the_main_language_nothing_is_marked(path: str, en_pages: dict[str, str]) -> None:
    """The main language's pages are as they were: no translated text, no mark."""
    html = en_pages[path]
    assert "data-translation" not in html and "translation-mark" not in html
    assert 'lang="fr" data-translated-by' not in html


def test_the_main_language_keeps_the_english_translation_of_a_quote(
    en_pages: dict[str, str],
) -> None:
    report, analysis = _evidence(en_pages[SPEED])[1:]
    assert '<blockquote lang="en"><p>&#34;up to 3 times faster&#34;</p>' in report
    assert "Il va jusqu" not in en_pages[SPEED]
    assert '<blockquote lang="en"><p>Acme says Rocket 2' in analysis


# -- reuse -----------------------------------------------------------------------------------
def test_a_translation_edit_makes_only_that_claim_s_views_again(tmp_path: Path) -> None:
    root = tmp_path / "blocks"
    shutil.copytree(FIXTURE, root)
    loader, checker, cache = Loader(root, Cache.disabled()), Checker(Cache.disabled()), ModelCache()

    def build(changed: list[str] | None) -> SiteModel:
        analysis, _ = checker.run(loader.load(changed), FIXTURE_TODAY)
        return cache.build(analysis, checker.impact if changed is not None else None)

    before = build(None)
    path = root / "claims/rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("personne ne l'a mesuré", "nul ne l'a mesuré"), encoding="utf-8")
    after = build(["claims/rocket-speed.yaml"])

    speed_before, speed_after = claim(before, "rocket-speed"), claim(after, "rocket-speed")
    assert speed_after is not speed_before
    assert (
        localized(speed_after.rationale, "fr")
        == "Le chiffre du fabricant\u202f; nul ne l'a mesuré."
    )
    # Its statement did not change: the summary every list shows is the same object.
    assert speed_after.summary is speed_before.summary
    assert claim(after, "rocket-price") is claim(before, "rocket-price")
    assert all(a is b for a, b in zip(after.sources, before.sources, strict=True))
    assert after.settings is before.settings and after.index is before.index


# -- measurements and the timeline's quotes --------------------------------------------------
def test_a_measurement_s_conditions_are_translated_by_its_date(tmp_path: Path) -> None:
    root = tmp_path / "measured"
    shutil.copytree(FIXTURES / "measured", root)
    with (root / "tracker.yaml").open("a", encoding="utf-8") as tracker:
        tracker.write("translations:\n  fr: {translated_by: machine}\n")
    with (root / "claims/zephyr-turbo-4x.yaml").open("a", encoding="utf-8") as claim_file:
        claim_file.write(
            "translations:\n  fr:\n    translated_by: person\n"
            "    measurements: {2026-09-20: Charge de discussion sous forte demande.}\n"
            "    made_from: {measurements: {2026-09-20: ceb8ba7de348}}\n"
        )
    (view,) = model_of(root).claims
    assert view.measured is not None
    by_date = {m.date.isoformat(): m.conditions for m in view.measured.items}
    assert fr(by_date["2026-09-20"]) == Translated(
        "fr", "Charge de discussion sous forte demande.", "current", "person"
    )
    assert fr(by_date["2026-09-03"]) == Translated("fr", None, "missing", None)


def test_a_status_change_s_quote_follows_the_page_s_language() -> None:
    speed = claim(model_of(), "rocket-speed")
    acme, report, analysis = speed.evidence
    entry = HistoryView(
        0,
        speed.history[0].date,
        speed.summary.status,
        speed.history[0].note,
        (),
        True,
        (acme, report, analysis),
    )
    ui = interface("fr")
    assert ui is not None
    env, _ = make_environment(Theme({}, {}), ui)
    html = str(history_item(env, entry, "", "../../claims/rocket-speed/index.html"))
    quotes = re.findall(r'<figure class="timeline-quote">.*?</figure>', html, re.S)
    assert (
        '<blockquote lang="fr" data-translated-by="machine" data-translation="current" class="timeline-translation"><p>Il va jusqu'
        in quotes[0]
    )
    assert "timeline-translation" not in quotes[1]  # in French already
    assert '<blockquote lang="en" class="timeline-translation"><p>Acme says Rocket 2' in quotes[2]
    assert '<p lang="fr" data-translated-by="machine" data-translation="current">Enregistré' in html


def test_a_stale_statement_in_a_list_links_to_the_claim_in_the_main_language() -> None:
    price = claim(model_of(), "rocket-price").summary
    stale = replace(
        price,
        statement=Localized(
            price.statement.original,
            "en",
            (Translated("fr", "Un ancien texte", "stale", "person"),),
        ),
    )
    ui = interface("fr")
    assert ui is not None
    env, _ = make_environment(Theme({}, {}), ui)
    html = str(claim_item(env, stale, "../", "../../"))
    assert (
        '<a class="statement" href="../claims/rocket-price/index.html" lang="fr" '
        'data-translated-by="person" data-translation="stale">Un ancien texte</a> '
        '<span class="translation-mark" data-pagefind-ignore><span class="mark-stale">'
        "L’original a changé depuis cette traduction. "
        '<a href="../../claims/rocket-price/index.html">Voir l’original</a></span></span>'
    ) in html
