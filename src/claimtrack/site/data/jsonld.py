"""schema.org ClaimReview for each claim page, built only from recorded data.

Nothing is invented: a source without a recorded address gets no ``url``, a
review gets a ``url`` (and its author one) only when tracker.yaml sets ``base_url``,
and dates come from the records, never from the build.

What Google documents (https://developers.google.com/search/docs/appearance/structured-data/factcheck):
``claimReviewed``, ``reviewRating`` with its ``alternateName`` and ``url`` are required;
``author``, ``datePublished`` and ``itemReviewed`` (a Claim with ``author``,
``datePublished``, ``appearance``) recommended, as are ``ratingValue``, ``bestRating``
and ``worstRating``.  Google retired the rich result in 2025; Fact Check Explorer and
other fact-check tools still read the markup.

Rating (``reviewRating``): ``alternateName`` is the status label as the page shows it
(the interface's word, ``ui.gettext``, in the page's language): "the truthfulness rating
as a human-readable short word or phrase", as Google's Fact Check Tools API describes the
field it reads it into, and "the textual value is currently the only value shown".
``ratingValue`` is a place on a scale: schema.org's Rating is "an evaluation on a
numeric scale" (https://schema.org/Rating), and Google reads it as "the closer the
numeric rating is to bestRating, the more true it is; the closer this value is to
worstRating, the more false it is".  So it is given, on a 1–5 scale (``worstRating`` 1,
``bestRating`` 5), only for the statuses that say how true a claim was found:

    1 False · 2 Misleading · 3 Disputed · 4 Corroborated · 5 Verified

Disputed is the middle: the evidence points both ways.  Unverified has no place on that
scale: nobody has checked the claim yet, and a 3 would say it was found half true
(Google's example scale gives 3 to "Half true").  Undisclosed and Disclosed (whether
information was published) and Retracted (the claimant withdrew it) say nothing of how
true a claim is.  These carry ``alternateName`` alone: the one rating property Google
requires, and the only one it shows.

Each language's claim page has its review in that language (``inLanguage``), its texts
as that page shows them: ``claimReviewed`` is the statement as the page's heading shows
it (its translation when current or stale, else the original, not translated yet);
``ratingExplanation`` the rationale's translation only while it is current, else the
original: a rationale translated before a status change may argue for the old status,
and where the page marks it "the original has changed", the data can carry no mark.
A machine translation is used as the page uses it: schema.org has no property that says
a text was translated by a machine (``translator`` is a Person or Organization), so the
mark stays where readers and machines find it: the page the review's ``url`` names,
and ``claims.json``, which gives each translation's ``translated_by`` and state.

``itemReviewed.datePublished`` is the date the claim was made: the timeline's "claim
made" (ClaimView.made: the earliest ``published`` of the sources it quotes), absent when
none of them gives a date.  Each ``appearance`` is a cited source, with its ``url``
when the record has one.

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

from ...i18n import Interface
from ...records import Status
from .. import addresses
from ..languages import SiteLanguage
from ..model.claim.chains import ChainEntry
from ..model.localized import Localized, localized
from ..model.views import ClaimSummary, ClaimView, SiteSettings, SourceView

RATING_VALUES: dict[Status, int] = {
    Status.FALSE: 1,
    Status.MISLEADING: 2,
    Status.DISPUTED: 3,
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


def _reviewer(settings: SiteSettings, tag: str) -> dict[str, Any]:
    """The tracker, named as the page names it; its address is the site's (base_url)."""
    reviewer: dict[str, Any] = {"@type": "Organization", "name": localized(settings.title, tag)}
    if settings.base_url is not None:
        reviewer["url"] = settings.base_url
    return reviewer


def claim_review(
    claim: ClaimView,
    sources: dict[str, SourceView],
    settings: SiteSettings,
    lang: SiteLanguage,
    ui: Interface,
) -> dict[str, Any]:
    """The review on ``lang``'s page of the claim; ``ui``: that page's words."""
    tag = lang.tag
    summary = claim.summary
    status = Status(summary.status.value)
    # The label as the page's badge shows it (html/fragments.badge).
    rating: dict[str, Any] = {"@type": "Rating", "alternateName": ui.gettext(summary.status.label)}
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
    if claim.made is not None:  # the timeline's "claim made"; never a date nobody published
        item["datePublished"] = claim.made.date.isoformat()
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
        "author": _reviewer(settings, tag),
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
