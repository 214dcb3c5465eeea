"""Deep links into a source's page (URL text fragments), and quotes in context on the
claim page and in claims.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimtrack.check import analysis
from claimtrack.check.analysis import Analysis
from claimtrack.check.text.quotecontext import ArchiveText, QuoteContext
from claimtrack.codes import Code
from claimtrack.load import Loader
from claimtrack.load.cache import Cache
from claimtrack.process import batch
from claimtrack.site import SiteBuilder, build_site
from claimtrack.site.model.textfragment import encode, text_fragment_url

from .site_support import FIXTURE_TODAY, build, minimal_copy, pages_of

URL = "https://acme.example/rocket-2"


def test_encoding_escapes_the_syntax_characters_and_non_ascii() -> None:
    assert encode("state-of-the-art, fast & cheap") == (
        "state%2Dof%2Dthe%2Dart%2C%20fast%20%26%20cheap"
    )
    assert encode("jusqu’à «3»") == "jusqu%E2%80%99%C3%A0%20%C2%AB3%C2%BB"
    assert encode("a_b.c~d") == "a_b.c~d"


def test_short_quote_whole_and_existing_fragment_replaced() -> None:
    assert text_fragment_url(URL + "#top", "It runs\nfast") == URL + "#:~:text=It%20runs%20fast"


def test_long_quote_by_its_first_and_last_words() -> None:
    quote = (
        "Rocket 2 runs up to three times faster than Rocket 1 on every workload we measured today."
    )
    assert len(quote) > 80
    assert text_fragment_url(URL, quote) == (
        URL + "#:~:text=Rocket%202%20runs%20up,workload%20we%20measured%20today."
    )


def test_long_quote_without_spaces_by_characters() -> None:
    quote = "火" * 50 + "箭" * 50
    assert text_fragment_url(URL, quote) == (
        URL + "#:~:text=" + encode("火" * 12) + "," + encode("箭" * 12)
    )


def test_prefix_and_suffix_tell_an_ambiguous_passage_apart() -> None:
    url = text_fragment_url(URL, "fast", "So then: Acme is-it ", ", and so on.")
    assert url == URL + "#:~:text=then%3A%20Acme%20is%2Dit-,fast,-%2C%20and%20so"


def _site_with_url(tmp_path: Path) -> Path:
    root = minimal_copy(tmp_path)
    source = root / "sources" / "acme-post.yaml"
    source.write_text(source.read_text() + f"url: {URL}\n")
    claim = root / "claims" / "rocket-price.yaml"
    claim.write_text(
        claim.read_text().replace(
            "    quote: The price was not announced.\n",
            "    quote: The price was not announced.\n  - source: acme-post\n    quote: Acme\n",
        )
    )
    out = tmp_path / "site"
    result = build(root, out)
    # No problem of the records (the build's own base-url-missing aside: no base_url here).
    assert [p.code for p in result.warnings] == [Code.BASE_URL_MISSING]
    return out


def test_claims_json_and_page_carry_context_and_deep_links(tmp_path: Path) -> None:
    out = _site_with_url(tmp_path)
    lines = (out / "claims.json").read_text().splitlines()[1:-1]
    claims = {c["id"]: c for c in (json.loads(line.rstrip(",")) for line in lines)}
    price = claims["rocket-price"]["evidence"]
    assert price[0]["context_before"] == "It runs up to 3x faster than Rocket 1, says Acme.\n"
    assert price[0]["context_after"] == ""
    assert price[0]["occurrences"] == 1
    assert price[0]["text_fragment_url"] == URL + "#:~:text=The%20price%20was%20not%20announced."
    # "Acme" occurs twice: the first is shown, the link names the words after it.
    assert price[1]["occurrences"] == 2
    assert price[1]["context_before"] == ""
    assert price[1]["text_fragment_url"] == URL + "#:~:text=Acme,-announces%20the%20Rocket"
    speed = claims["rocket-speed"]["evidence"]
    # A source without a url has no link; its quote still has its context.
    assert speed[1]["text_fragment_url"] is None
    assert speed[1]["context_after"] == " que Rocket 1."

    page = (out / "claims" / "rocket-price" / "index.html").read_text()
    assert "<mark>The price was not announced.</mark>" in page
    assert "(first of 2 occurrences)" in page
    assert f'<a class="deep-link" href="{URL}#:~:text=Acme,-announces%20the%20Rocket">' in page
    assert "Find this passage in the original" in page
    speed_page = (out / "claims" / "rocket-speed" / "index.html").read_text()
    assert "<mark>« jusqu&#39;à 3 fois plus rapide »</mark> que Rocket 1." in speed_page
    assert speed_page.count("deep-link") == 1  # acme-post's quote; fr-report has no url


@pytest.fixture
def context_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The quotes whose context the analysis works out, in order."""
    calls: list[str] = []
    real = analysis.quote_context

    def counted(quote: str, archive: ArchiveText) -> QuoteContext | None:
        calls.append(quote)
        return real(quote, archive)

    monkeypatch.setattr(analysis, "quote_context", counted)
    return calls


def test_contexts_found_once_per_archive_and_quote(
    tmp_path: Path, context_calls: list[str]
) -> None:
    calls = context_calls
    root = minimal_copy(tmp_path)
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    assert sorted(calls) == sorted(
        [
            "The price was not announced.",
            "It runs up to 3x faster than Rocket 1",
            "« jusqu'à 3 fois plus rapide »",
        ]
    )
    calls.clear()
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("nobody has measured it", "nobody measured it"))
    assert site.build().rendered == 1
    # The edited claim's view is made again, but its quotes' contexts are known.
    assert calls == []
    page = (tmp_path / "site" / "claims" / "rocket-speed" / "index.html").read_text()
    assert "<mark>It runs up to 3x faster than Rocket 1</mark>" in page


def test_contexts_kept_on_disk_for_the_next_run(tmp_path: Path, context_calls: list[str]) -> None:
    calls = context_calls
    root = minimal_copy(tmp_path)
    build_site(root, tmp_path / "one", today=FIXTURE_TODAY, cache=Cache.open(root))
    assert len(calls) == 3
    calls.clear()
    build_site(root, tmp_path / "two", today=FIXTURE_TODAY, cache=Cache.open(root))
    assert calls == []
    assert pages_of(tmp_path / "one") == pages_of(tmp_path / "two")


def test_contexts_found_with_the_quotes_on_two_cores_equal_those_found_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A site build finds quotes in context in find_quotes' two processes; a claim page that
    asks first (no build) finds them lazily.  Both ways give the same contexts."""
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 1)
    monkeypatch.setattr(batch, "cores", lambda: 2)
    root = minimal_copy(tmp_path)
    tracker = Loader(root).load()
    eager = Analysis(tracker, FIXTURE_TODAY, contexts=True)
    eager.find_quotes()
    lazy = Analysis(tracker, FIXTURE_TODAY)
    lazy.find_quotes()
    quotes = [(ev.source, ev.quote) for c in tracker.claims.values() for ev in c.record.evidence]
    found = [eager.quote_context(s, q) for s, q in quotes]
    assert [f for f in found if f is not None]
    assert found == [lazy.quote_context(s, q) for s, q in quotes]
    # The eager analysis had them all in its cache before any page asked.
    for source, quote in quotes:
        archive = tracker.archives.get(source)
        if archive is not None:
            language = tracker.sources[source].record.language
            assert eager.store.context(archive.sha256, language, quote)[0]
