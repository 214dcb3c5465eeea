"""schema.org ClaimReview for each claim page, built only from recorded data.

Nothing is invented: a source without a recorded address gets no ``url``, a
review gets a ``url`` only when tracker.yaml sets ``base_url``, and dates come
from the history, never from the build.

Rating scale (``reviewRating``): ``alternateName`` is always the status label.
``ratingValue`` is given on a 1–5 scale (``worstRating`` 1, ``bestRating`` 5)
only for statuses that judge how true a claim is:

    1 False · 2 Misleading · 3 Disputed · 3 Unverified · 4 Corroborated · 5 Verified

Retracted, Undisclosed and Disclosed say nothing about truth (a withdrawal, or
whether information was published), so they carry no ``ratingValue``.

Each language's claim page has its review in that language (``inLanguage``):
``claimReviewed`` is the statement as that page shows it (the translation when
current or stale, else the original).  ``ratingExplanation`` is the rationale's
translation only while it is current: unlike the page, the data carries no mark,
and a rationale translated before a status change may say the opposite of it.

A claim that revises an earlier one of its claimant's (``revises:``) says so in its
``itemReviewed``: schema.org defines no relation between claims ("At this time,
Schema.org does not define any types of relationship between claims", on
https://schema.org/Claim), so the Claim takes CreativeWork's ``isBasedOn``, "a resource
from which this work is derived or from which it is a modification or adaptation"
(https://schema.org/isBasedOn): the revised claim is a modification of the earlier one.
That is a Claim too, with its statement as the page shows it (``text``) and, when its
sources give one, the date it was first published.  ``isPartOf`` would say the new claim
is a part of the old, and ``sameAs`` that both are one claim: neither is true.  The
earlier claim's review says nothing of it: schema.org has no inverse of ``isBasedOn``.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from ...records import Status
from .. import addresses
from ..languages import SiteLanguage, of_site
from ..model.claim.chains import ChainEntry
from ..model.localized import Localized, localized
from ..model.views import ClaimSummary, ClaimView, SiteSettings, SourceView

RATING_VALUES: dict[Status, int] = {
    Status.FALSE: 1,
    Status.MISLEADING: 2,
    Status.DISPUTED: 3,
    Status.UNVERIFIED: 3,
    Status.CORROBORATED: 4,
    Status.VERIFIED: 5,
}
WORST_RATING = 1
BEST_RATING = 5


def _appearance(source: SourceView) -> dict[str, Any]:
    work: dict[str, Any] = {"@type": "CreativeWork", "headline": source.ref.title.original}
    work["inLanguage"] = source.ref.language
    if source.publisher:
        work["publisher"] = {"@type": "Organization", "name": source.publisher.original}
    if source.authors:
        work["author"] = [{"@type": "Person", "name": name} for name in source.authors]
    if source.published:
        work["datePublished"] = source.published.isoformat()
    if source.url:
        work["url"] = source.url
    return work


def _earlier(entry: ChainEntry[ClaimSummary], tag: str) -> dict[str, Any]:
    """The claim a claim revises, as the Claim its ``isBasedOn`` names."""
    work: dict[str, Any] = {"@type": "Claim", "text": localized(entry.claim.statement, tag)}
    if entry.when.published:
        work["datePublished"] = entry.when.date.isoformat()
    return work


def _current(text: Localized, tag: str) -> str:
    t = text.get(tag)
    return t.text if t is not None and t.state == "current" and t.text else text.original


def claim_review(
    claim: ClaimView,
    sources: dict[str, SourceView],
    settings: SiteSettings,
    lang: SiteLanguage | None = None,
) -> dict[str, Any]:
    """The review on ``lang``'s page of the claim (the main language's unless given)."""
    lang = lang or of_site(settings)[0]
    tag = lang.tag
    summary = claim.summary
    status = Status(summary.status.value)
    rating: dict[str, Any] = {"@type": "Rating", "alternateName": summary.status.label}
    if status in RATING_VALUES:
        rating.update(
            ratingValue=RATING_VALUES[status], worstRating=WORST_RATING, bestRating=BEST_RATING
        )
    rating["ratingExplanation"] = _current(claim.rationale, tag)
    c = claim.claimant
    author: dict[str, Any]
    if c.is_person:
        author = {"@type": "Person", "name": c.name}
        if c.role:
            author["jobTitle"] = c.role
        if c.organisation:
            author["affiliation"] = {"@type": "Organization", "name": c.organisation}
    else:
        author = {"@type": "Organization", "name": c.name}
    item: dict[str, Any] = {"@type": "Claim", "author": author}
    appearances = [_appearance(sources[ref.id]) for ref in claim.sources if ref.id in sources]
    if appearances:
        item["appearance"] = appearances
    earlier = claim.chain.replaces if claim.chain is not None else ()
    if earlier:
        item["isBasedOn"] = _earlier(earlier[0], tag)
    review: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "ClaimReview",
        "claimReviewed": localized(summary.statement, tag),
        "reviewRating": rating,
        "itemReviewed": item,
        "author": {"@type": "Organization", "name": localized(settings.title, tag)},
        # The review as it stands was published with its last status change.
        "datePublished": summary.last_changed.isoformat(),
        "inLanguage": tag,
    }
    url = settings.absolute(lang.prefix + addresses.claim_folder(summary.id))
    if url is not None:
        review["url"] = url
    return review


def script_json(data: object) -> str:
    """JSON safe inside <script>: nothing in it can close the element or open a tag or comment.

    "</" becomes "<\\/" and every other "<" becomes "\\u003c" ("<script", "<!--"); both are
    JSON escapes, so the text still parses to the same data.
    """
    # orjson writes what json.dumps(ensure_ascii=False, separators=(",", ":")) writes for
    # these values (strings, ints, lists, dicts), several times faster: 10,000 pages call it.
    text = orjson.dumps(data).decode("utf-8")
    if "<" not in text:  # the common case, without a regular expression pass
        return text
    return _OPENING.sub(r"\\u003c", text).replace("</", "<\\/")


_OPENING = re.compile(r"<(?!/)")
