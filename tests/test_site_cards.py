"""Share cards and the tags that point to them (issue 27 §1), read by real consumers: Pillow
opens every card, lxml reads every page's Open Graph and Twitter tags."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from lxml import html
from PIL import Image

from claimtrack.codes import Code
from claimtrack.i18n import og_locale
from claimtrack.records.settings import TrackerSettings
from claimtrack.site import SiteBuilder
from claimtrack.site.cards import draw, fonts, wrap
from claimtrack.site.cards.palette import page_colours, status_colours
from claimtrack.site.html.theme import package_files
from claimtrack.site.model.builders import CARDS_AUTO_LIMIT, site_settings

from .conftest import FIXTURES, TODAY, Result, SiteOf
from .site_support import FIXTURE_TODAY, build

LANGUAGES = {"": "en", "fr/": "fr", "zh-hant/": "zh-Hant"}
BASE = "https://claims.example.org/rechecked/"


@pytest.fixture(scope="module")
def revisions_site(site_of: SiteOf) -> Path:
    """The three-language fixture, with a base URL."""
    return site_of(FIXTURES / "revisions", FIXTURE_TODAY)


@pytest.fixture(scope="module")
def minimal_site(site_of: SiteOf) -> Path:
    """One language, without a base URL."""
    return site_of(FIXTURES / "minimal", FIXTURE_TODAY)


def _meta(page: Path) -> list[tuple[str, str]]:
    """Every (property or name, content) of the page's <meta> tags, in order."""
    tree = html.fromstring(page.read_bytes())
    return [
        (m.get("property") or m.get("name") or "", m.get("content") or "")
        for m in tree.iterfind(".//head/meta")
        if m.get("content") is not None
    ]


def _pages(site: Path) -> Iterator[Path]:
    """Every page a reader may share: not Pagefind's, nor a claim's embeddable card (shown
    inside another site's article, never indexed, and never shared by itself)."""
    for page in sorted(site.rglob("*.html")):
        parts = page.relative_to(site).parts
        if "pagefind" not in parts and "embed" not in parts:
            yield page


def test_every_card_is_a_1200x630_png(revisions_site: Path) -> None:
    claims = sorted(p.stem for p in (FIXTURES / "revisions" / "claims").glob("*.yaml"))
    cards = sorted(revisions_site.rglob("*.png"))
    expected = {
        revisions_site / prefix / name
        for prefix in LANGUAGES
        for name in ("card.png", *(f"claims/{c}/card.png" for c in claims))
    }
    assert set(cards) == expected
    for card in cards:
        with Image.open(card) as image:
            image.load()
            assert (image.format, image.size) == ("PNG", (1200, 630)), card


def test_every_page_has_its_share_tags_absolute_with_a_base_url(revisions_site: Path) -> None:
    for page in _pages(revisions_site):
        rel = page.relative_to(revisions_site).as_posix()
        prefix = next(p for p in sorted(LANGUAGES, key=len, reverse=True) if rel.startswith(p))
        tags = dict(_meta(page))
        assert tags["og:locale"] == og_locale(LANGUAGES[prefix]), rel
        assert tags["og:site_name"] and tags["og:title"], rel
        assert tags["twitter:card"] == "summary_large_image", rel
        inside = rel[len(prefix) :]
        article = inside.startswith(("claims/", "sources/")) and inside.count("/") == 2
        assert tags["og:type"] == ("article" if article else "website"), rel
        claim = inside.startswith("claims/") and inside.count("/") == 2
        card = inside.replace("index.html", "card.png") if claim else "card.png"
        assert tags["og:image"] == BASE + prefix + card, rel
        assert (revisions_site / prefix / card).is_file()
        if rel.endswith("404.html"):
            assert "og:url" not in tags  # shown at any missing address: it has none
        else:
            assert tags["og:url"] == BASE + rel.removesuffix("index.html"), rel


def test_locale_alternates_are_reciprocal(revisions_site: Path) -> None:
    """A version that names another language's version is named by it, in every page."""
    by_locale = {og_locale(tag): prefix for prefix, tag in LANGUAGES.items()}
    seen = 0
    for page in _pages(revisions_site):
        rel = page.relative_to(revisions_site).as_posix()
        prefix = next(p for p in sorted(LANGUAGES, key=len, reverse=True) if rel.startswith(p))
        inside = rel[len(prefix) :]
        tags = _meta(page)
        own = dict(tags)["og:locale"]
        for name, locale in tags:
            if name != "og:locale:alternate":
                continue
            assert locale != own
            other = revisions_site / by_locale[locale] / inside
            assert ("og:locale:alternate", own) in _meta(other), (rel, locale)
            seen += 1
    assert seen > 0


def test_a_claim_shares_its_statement_in_the_pages_language(revisions_site: Path) -> None:
    page = revisions_site / "fr/claims/rocket-speed/index.html"
    tags = dict(_meta(page))
    heading = html.fromstring(page.read_bytes()).findtext(".//title")
    assert heading is not None and heading.startswith(tags["og:title"])
    assert tags["og:description"].startswith("Non vérifié")


def test_without_a_base_url_no_url_nor_image(minimal_site: Path) -> None:
    for page in _pages(minimal_site):
        tags = dict(_meta(page))
        assert "og:url" not in tags and "og:image" not in tags
        assert tags["twitter:card"] == "summary"
        assert tags["og:locale"] == "en_US"
        assert "og:locale:alternate" not in tags  # one language
    # The cards are drawn all the same: the links are what needs the base URL.
    assert (minimal_site / "card.png").is_file()


def _tracker_with(tmp_path: Path, name: str, extra: str) -> Path:
    root = tmp_path / name
    shutil.copytree(FIXTURES / name, root)
    settings = root / "tracker.yaml"
    settings.write_text(settings.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return root


def test_cards_false_draws_none_and_names_none(tmp_path: Path) -> None:
    root = _tracker_with(tmp_path, "revisions", "cards: false\n")
    build(root, tmp_path / "site")
    assert not list((tmp_path / "site").rglob("*.png"))
    tags = dict(_meta(tmp_path / "site/claims/rocket-speed/index.html"))
    assert "og:image" not in tags and tags["twitter:card"] == "summary"


def test_a_build_that_draws_no_card_never_loads_pillow(tmp_path: Path) -> None:
    """Pillow (and FreeType) load when a card is planned or drawn, not with the build."""
    for name, extra in (("off", "cards: false\n"), ("on", "")):
        root = _tracker_with(tmp_path / name, "revisions", extra)
        args = ["build", "--root", str(root), "--out", str(tmp_path / name / "site")]
        code = (
            "import contextlib, io, sys\n"
            "from claimtrack.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            f"    assert main({[*args, '--today', TODAY, '--no-search']!r}) == 0\n"
            "print(sorted(m for m in sys.modules if m == 'PIL' or m.startswith('PIL.')))"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        loaded = ast.literal_eval(done.stdout.strip())
        assert (loaded == []) == (name == "off"), (name, loaded)


def test_cards_auto_is_on_under_the_limit() -> None:
    settings = TrackerSettings()
    assert site_settings(settings, claims=CARDS_AUTO_LIMIT - 1).cards
    assert not site_settings(settings, claims=CARDS_AUTO_LIMIT).cards
    forced = TrackerSettings(cards=True)
    assert site_settings(forced, claims=CARDS_AUTO_LIMIT * 5).cards


def test_og_locale_follows_cldr_likely_subtags() -> None:
    assert [og_locale(t) for t in ("en", "fr", "zh-Hant", "zh-Hans", "fr-CA")] == [
        "en_US",
        "fr_FR",
        "zh_TW",
        "zh_CN",
        "fr_CA",
    ]


def _latin_font() -> Path:
    """A font without Chinese glyphs, as fontconfig finds one for English."""
    found = fonts.fontconfig_font("en")
    assert found is not None, "the tests need fontconfig and a Latin font (DejaVu)"
    font = fonts.font_file(*found)
    assert font is not None and not fonts.covers(font, "說法"), found
    return Path(found[0])


def test_a_font_without_the_glyphs_is_told_apart() -> None:
    latin = fonts.font_file(str(_latin_font()), 0)
    assert latin is not None
    assert fonts.covers(latin, "Up to 8x faster, jusqu’à « 8 fois »")
    assert not fonts.covers(latin, "最高 8 倍")
    assert fonts.covers(latin, "a\u200bb\u00a0c")  # spaces and format characters need none


def test_without_a_font_for_the_text_a_card_shows_its_status_alone(tmp_path: Path) -> None:
    """card_fonts names a Latin-only font for every language: the Chinese cards fall back
    to their status (two claims of the same status: the same picture, so no text), and the
    build warns once, at zh-Hant's entry, with the setting in its hint."""
    root = _tracker_with(tmp_path, "revisions", "")
    shutil.copy(_latin_font(), root / "latin.ttf")
    settings = root / "tracker.yaml"
    settings.write_text(
        settings.read_text(encoding="utf-8")
        + "card_fonts:\n  en: latin.ttf\n  fr: latin.ttf\n  zh-Hant: latin.ttf\n",
        encoding="utf-8",
    )
    result = build(root, tmp_path / "site")
    missing = [w for w in result.warnings if w.code == Code.CARD_FONT_MISSING]
    assert len(missing) == 1, result.warnings
    lines = settings.read_text(encoding="utf-8").splitlines()
    assert (missing[0].path, lines[missing[0].line - 1].strip()) == (
        "tracker.yaml",
        "zh-Hant: latin.ttf",
    )
    assert "card_fonts" in (missing[0].hint or "") and "zh-Hant" in missing[0].message
    site = tmp_path / "site"
    zh = {
        claim: (site / f"zh-hant/claims/{claim}/card.png").read_bytes()
        for claim in ("rocket-speed", "rocket-fuel")
    }
    with Image.open(site / "zh-hant/claims/rocket-speed/card.png") as image:
        assert image.size == (1200, 630)
        colours = image.convert("RGB").getcolors(maxcolors=4096)
    assert colours is not None and len(colours) < 64  # shapes and their edges, no glyphs
    # Both unverified (the fixture's records): no text, so the same picture.
    assert zh["rocket-speed"] == zh["rocket-fuel"]
    rocket_announced = (site / "zh-hant/claims/rocket-announced/card.png").read_bytes()
    assert rocket_announced != zh["rocket-speed"]  # verified: its own colours and symbol
    # The French and English cards have their glyphs: drawn with text, unlike the others.
    assert (site / "claims/rocket-speed/card.png").read_bytes() != zh["rocket-speed"]


def test_the_same_records_give_the_same_bytes(tmp_path: Path, revisions_site: Path) -> None:
    """Built again in another process (another hash seed, fonts opened afresh), without a
    cache: every card drawn anew, the same bytes."""
    again = tmp_path / "again"
    code = "import sys; from claimtrack.cli import main; sys.exit(main(sys.argv[1:]))"
    command = ["build", "--root", str(FIXTURES / "revisions"), "--out", str(again)]
    command += ["--today", TODAY, "--no-search", "--no-cache"]
    done = subprocess.run(
        [sys.executable, "-c", code, *command],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "1234"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    cards = sorted(p.relative_to(revisions_site) for p in revisions_site.rglob("*.png"))
    assert cards
    for card in cards:
        assert (again / card).read_bytes() == (revisions_site / card).read_bytes(), card


def test_a_warm_build_draws_only_the_changed_card(tmp_path: Path) -> None:
    root = tmp_path / "revisions"
    shutil.copytree(FIXTURES / "revisions", root)
    out = tmp_path / "site"
    builder = SiteBuilder(root, out, FIXTURE_TODAY)
    builder.build()
    other = out / "claims/rocket-fuel/card.png"
    before = (other.stat().st_ino, other.stat().st_mtime_ns)
    edited = out / "claims/rocket-speed/card.png"
    old = edited.read_bytes()
    claim = root / "claims/rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    statement = next(line for line in text.splitlines() if line.startswith("statement:"))
    claim.write_text(text.replace(statement, statement.rstrip(".") + " in 2027."), encoding="utf-8")
    result = builder.build()
    assert not result.full
    assert edited.read_bytes() != old
    assert (other.stat().st_ino, other.stat().st_mtime_ns) == before


STATEMENT_ZH = (
    "NVIDIA 表示，GPT-6 Astra Ultrafast 在 Blackwell 系統上的權杖生成速度最高可比上一代快"
    "八倍，並且能夠以更低的成本為更多使用者提供服務。"
)


def test_chinese_breaks_only_between_budoux_phrases() -> None:
    import budoux

    units = wrap.phrases(STATEMENT_ZH, "zh-Hant")
    assert "".join(units) == STATEMENT_ZH
    # Every place it may break is one of BudouX's, or a space: never inside a phrase.
    model = budoux.load_default_traditional_chinese_parser().parse(STATEMENT_ZH)
    allowed = {sum(map(len, model[:i])) for i in range(len(model) + 1)}
    at = 0
    for unit in units[:-1]:
        at += len(unit)
        assert at in allowed or STATEMENT_ZH[at - 1].isspace(), unit
    assert "Ultrafast " in units and "GPT-6 " in units  # Latin words whole
    # Eighteen characters to a line, two lines: cut after a whole phrase, with an ellipsis.
    lines, cut = wrap.fill(units, 18, len, 2)
    assert cut and lines[-1].endswith(wrap.ELLIPSIS) and len(lines) == 2
    assert all(len(line) <= 18 for line in lines)
    shown = "".join(lines).removesuffix(wrap.ELLIPSIS).replace(" ", "")
    assert STATEMENT_ZH.replace(" ", "").startswith(shown)
    end = next(
        p for p in range(len(STATEMENT_ZH) + 1) if STATEMENT_ZH[:p].replace(" ", "") == shown
    )
    assert end in allowed or STATEMENT_ZH[end] == " "
    whole, cut = wrap.fill(units, 18, len, 20)
    assert not cut and "".join(whole).replace(" ", "") == STATEMENT_ZH.replace(" ", "")


def test_a_drawn_card_is_the_same_bytes_twice() -> None:
    static = package_files("static")
    found = fonts.fontconfig_font("en")
    assert found is not None
    card = draw.Card(
        "en",
        "en",
        "Up to 8x faster token generation",
        "Unverified",
        status_colours(static)["unverified"],
        "up to 8x",
        "A tracker",
        page_colours(static),
        fonts.font_file(*found),
        draw.drawn_by(),
    )
    first = draw.draw(card)
    assert draw.draw(card) == first
    assert first.startswith(b"\x89PNG") and b"tIME" not in first and b"tEXt" not in first


def test_a_font_put_where_card_fonts_names_it_is_not_missed_by_a_replay(
    run_cli: Callable[..., Result], tracker: Callable[[str], Path]
) -> None:
    """build run again with nothing changed replays its output (load/manifest.py); the font
    file a card-font-missing warning asked for is an input: once it is there, the next
    build draws the cards with text instead of replaying the warning."""
    from .test_warm import _age

    root = tracker("minimal")
    settings = root / "tracker.yaml"
    settings.write_text(
        settings.read_text(encoding="utf-8") + "card_fonts:\n  en: fonts/card.ttf\n",
        encoding="utf-8",
    )
    _age(root)
    out = root.parent / "out"
    options = ("--root", root, "--out", out, "--today", TODAY, "--no-search")
    first = run_cli("build", *options)
    assert first.code == 0 and "[card-font-missing]" in first.err, first.err
    fallback = (out / "card.png").read_bytes()
    assert run_cli("build", *options).out.startswith("Nothing changed")  # a replay
    (root / "fonts").mkdir()
    (root / "fonts/card.ttf").symlink_to(_latin_font())
    again = run_cli("build", *options)
    assert not again.out.startswith("Nothing changed") and "card-font-missing" not in again.err
    assert (out / "card.png").read_bytes() != fallback
