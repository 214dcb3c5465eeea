"""Names in the reader's language (issue 27): a claimant said inside a sentence of a claim
page ("claimed by …", « selon … », 「…的說法」, 「由…指出」), a figure's metric and baseline
and a source's publisher, each translated where its record says so, else in its own
language (``lang``) marked "Not translated yet" as every missing field is.

Built from tests/fixtures/three-languages, whose claims' claimants are not translated; here
rocket-speed's are, into both further languages, and rocket-price's stay as they are.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from claimtrack.records.translations import fingerprint

from .conftest import FIXTURES
from .site_support import build

ACME, SPEED, ROCKET_1 = fingerprint("Acme"), fingerprint("speed"), fingerprint("Rocket 1")
# rocket-speed's translations: its names in Chinese (current) and French (the name stale,
# the baseline left to do).
SPEED_TRANSLATIONS = f"""\
translations:
  fr:
    translated_by: person
    statement: Rocket 2 est jusqu'à 3 fois plus rapide que Rocket 1.
    claimant: {{name: la société Acme}}
    quantity: {{metric: vitesse}}
    made_from:
      statement: de32ac508966
      claimant: {{name: 0000000000ff}}
      quantity: {{metric: {SPEED}}}
  zh-Hant:
    translated_by: machine
    statement: Rocket 2 比 Rocket 1 快至多 3 倍。
    claimant: {{name: 艾克米公司}}
    quantity: {{metric: 速度, baseline: Rocket 1 火箭}}
    made_from:
      statement: de32ac508966
      claimant: {{name: {ACME}}}
      quantity: {{metric: {SPEED}, baseline: {ROCKET_1}}}
"""
KICKER = re.compile(r'<p class="kicker">(.*?)</p>')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("names")
    root = tmp / "three-languages"
    shutil.copytree(FIXTURES / "three-languages", root)
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    top = text.index("\ntranslations:\n") + 1  # the record's own, after the quotes'
    path.write_text(text[:top] + SPEED_TRANSLATIONS, encoding="utf-8")
    result = build(root, tmp / "site")
    return result.out


def kicker(site: Path, prefix: str, claim: str) -> str:
    html = (site / prefix / "claims" / claim / "index.html").read_text(encoding="utf-8")
    found = KICKER.search(html)
    assert found is not None
    return found.group(1)


def test_a_translated_claimant_is_said_in_the_page_s_language(site: Path) -> None:
    zh = kicker(site, "zh-hant", "rocket-speed")
    assert zh.endswith(
        '<span lang="zh-Hant" data-translated-by="machine" data-translation="current">'
        "艾克米公司</span>的說法"
    ), zh
    # A name's machine translation is not marked inside the sentence: the page says so.
    assert "translation-mark" not in zh
    fr = kicker(site, "fr", "rocket-speed")
    assert fr.startswith("Chiffre · selon ")
    assert (
        '<span lang="fr" data-translated-by="person" data-translation="stale">la société Acme'
        "</span>"
    ) in fr
    # Stale: marked so, with the way to the original.
    assert 'class="mark-stale"' in fr and 'href="../../../claims/rocket-speed/index.html"' in fr
    # The English page says the name as the record has it, with no mark.
    assert kicker(site, "", "rocket-speed") == "Figure · claimed by Acme"


def test_an_untranslated_claimant_keeps_its_own_language_and_is_marked(site: Path) -> None:
    zh = kicker(site, "zh-hant", "rocket-price")
    assert zh == (
        '資訊缺漏 · 由<span lang="en" data-translation="missing">Acme</span> '
        '<span class="translation-mark" data-pagefind-ignore><span class="mark-missing">'
        "尚未翻譯</span></span>指出"
    ), zh
    fr = kicker(site, "fr", "rocket-price")
    assert '<span lang="en" data-translation="missing">Acme</span>' in fr
    assert '<span class="mark-missing">Pas encore traduit</span>' in fr


def test_the_metric_and_baseline_are_translated_or_marked(site: Path) -> None:
    zh = (site / "zh-hant/claims/rocket-speed/index.html").read_text(encoding="utf-8")
    assert 'data-translation="current">速度</span>' in zh
    assert 'data-translation="current">Rocket 1 火箭</span>' in zh
    fr = (site / "fr/claims/rocket-speed/index.html").read_text(encoding="utf-8")
    assert 'data-translation="current">vitesse</span>' in fr
    baseline = fr[fr.index("<dt>Point de comparaison</dt>") :].split("</div>")[0]
    assert '<span lang="en" data-translation="missing">Rocket 1</span>' in baseline
    assert "Pas encore traduit" in baseline


def test_lists_name_the_claimant_in_the_page_s_language(site: Path) -> None:
    index = (site / "zh-hant/index.html").read_text(encoding="utf-8")
    assert (
        '數據 · <span lang="zh-Hant" data-translated-by="machine" data-translation="current">'
        in index
    )
    assert "艾克米公司</span>" in index
    # In a list, no mark: the claim's page has it.
    assert '資訊缺漏 · <span lang="en" data-translation="missing">Acme</span> ·' in index
    # The filter's value stays the records' own, in every language.
    figures = (site / "zh-hant/kinds/figure/index.html").read_text(encoding="utf-8")
    assert 'data-claimant="Acme"' in figures


def test_a_translated_title_keeps_the_original_beside_it_and_the_publisher_is_a_name(
    site: Path,
) -> None:
    fr = (site / "fr/sources/acme-post/index.html").read_text(encoding="utf-8")
    assert '<h1 lang="fr" data-translated-by="person" data-translation="current">' in fr
    assert (
        '<p class="original-title">Titre original\u00a0: '
        '<span class="original" lang="en">Acme announces Rocket 2</span></p>'
    ) in fr
    publisher = fr[fr.index("<dt>Éditeur</dt>") :].split("</div>")[0]
    assert '<span lang="en" data-translation="missing">Acme</span>' in publisher
    assert "Pas encore traduit" in publisher
    # Untranslated, the title stands alone in its own language.
    zh = (site / "zh-hant/sources/acme-post/index.html").read_text(encoding="utf-8")
    assert '<h1 lang="en">Acme announces Rocket 2</h1>' in zh
    assert "original-title" not in zh


def test_a_claimant_s_listing_is_named_as_their_latest_translated_claim_names_them(
    site: Path,
) -> None:
    zh = (site / "zh-hant/claimants/acme/index.html").read_text(encoding="utf-8")
    # rocket-engine, the latest, has no translation: rocket-speed's names the listing.
    assert "<title>艾克米公司" in zh
    assert (
        '<h1><span lang="zh-Hant" data-translated-by="machine" data-translation="current">'
        "艾克米公司</span></h1>"
    ) in zh
    overview = (site / "zh-hant/index.html").read_text(encoding="utf-8")
    assert 'href="claimants/acme/index.html"><span lang="zh-Hant"' in overview
