"""feed.xml (Atom, RFC 4287) of status changes, corrections, measurements and revisions.

Each site language has its feed, ``<prefix>feed.xml``, in its words and linking
its pages.  Entry ids are ``urn:uuid:`` UUID5s of ``<claim id>/history/<index>``
(or ``<claim id>/measurements/<index>`` for a measurement added to a figure):
the same entry keeps its id in every build and whatever the base URL, because
history only grows at its end.  An Atom id names one entry of one feed, so a
further language's entries have ids of their own (the same names after
``<tag>:``); the main feed's are those it had before the site had languages.
Every date comes from the data (history dates at midnight UTC), never from the
clock, so two builds give the same bytes.  The sitemap is sitemap.py's.
"""

from __future__ import annotations

import datetime as dt
import heapq
import itertools
import operator
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from itertools import compress, count

from ...i18n import Interface, english
from .. import addresses
from ..languages import SiteLanguage, of_site
from ..model.builders import figure_text
from ..model.localized import Localized, localized
from ..model.revisions import BOTH_WORDINGS, OLD_WORDING, REMOVAL_SUMMARIES
from ..model.views import ClaimView, EvidenceView, SiteModel
from .corrections import EntryWords, entry_words

ATOM = "http://www.w3.org/2005/Atom"
# A fixed namespace: ids must not depend on anything that may be edited later.
ENTRY_NAMESPACE = uuid.UUID("8f0c5a52-3b7e-5d0e-9a57-6c1a4f2b9e10")
# Feed readers want recent changes; the full record is claims.json.
MAX_ENTRIES = 200


def _uuid(name: str, lang: str) -> str:
    """``lang``: "" in the main language's feed, else the feed's language tag."""
    return f"urn:uuid:{uuid.uuid5(ENTRY_NAMESPACE, f'{lang}:{name}' if lang else name)}"


def entry_id(claim_id: str, index: int, lang: str = "") -> str:
    return _uuid(f"{claim_id}/history/{index}", lang)


def feed_id(title: str, lang: str = "") -> str:
    return _uuid(f"feed/{title}", lang)


def _stamp(day: dt.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attrs)
    if text is not None:
        element.text = text
    return element


def _serialise(root: ET.Element) -> bytes:
    ET.indent(root)
    data: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return data + b"\n"


def measurement_entry_id(claim_id: str, index: int, lang: str = "") -> str:
    return _uuid(f"{claim_id}/measurements/{index}", lang)


# A change is (claim, what, index): what is HISTORY (a status change), MEASURED (a
# measurement added to a figure) or REMOVED (a recheck found cited passages gone from a
# source: ClaimView.removals).
HISTORY, MEASURED, REMOVED = 0, 1, 2


def _date(change: tuple[ClaimView, int, int]) -> dt.date:
    claim, what, index = change
    if what == REMOVED:
        return claim.removals[index][1].removed
    if what == HISTORY or claim.measured is None:
        return claim.history[index].date
    return claim.measured.items[index].date


def _quotes(claim: ClaimView) -> list[EvidenceView]:
    """Every quote the claim's page shows: evidence, measurements', status changes'."""
    quotes = list(claim.evidence)
    if claim.measured is not None:
        quotes += (ev for m in claim.measured.items for ev in m.evidence)
    quotes += (ev for h in claim.history for ev in h.quotes)
    return quotes


def removal_entry_id(claim_id: str, source_id: str, revision: int, lang: str = "") -> str:
    """Revisions only grow at their end: the n-th revision of a source stays the n-th."""
    return _uuid(f"{claim_id}/revisions/{source_id}/{revision}", lang)


Change = tuple[ClaimView, int, int]


def change_keys(claim: ClaimView) -> list[tuple[tuple[int, str, int, int], Change]]:
    """A claim's changes, each with its place in the feed (sorted ascending: newest first;
    within a day by claim id, status changes before measurements, then latest first)."""
    cid = claim.summary.id
    found: list[tuple[tuple[int, str, int, int], Change]] = [
        ((-entry.date.toordinal(), cid, HISTORY, -entry.index), (claim, HISTORY, entry.index))
        for entry in claim.history
    ]
    if claim.measured is not None:
        found += (
            ((-m.date.toordinal(), cid, MEASURED, -row), (claim, MEASURED, row))
            for row, m in enumerate(claim.measured.items)
        )
    found += (
        ((-gone.removed.toordinal(), cid, REMOVED, -row), (claim, REMOVED, row))
        for row, (_, gone) in enumerate(claim.removals)
    )
    return found


# A change with its place in the feed (change_keys).
Keyed = tuple[tuple[int, str, int, int], Change]
_PLACE = operator.itemgetter(0)


def latest_changes(each: Iterable[list[Keyed]]) -> list[Change]:
    """The MAX_ENTRIES newest of every claim's changes (``change_keys``), in feed order: a
    total, stable order."""
    return [change for _, change in newest(list(each))]


def newest(
    each: Sequence[list[Keyed]], last: tuple[Sequence[list[Keyed]], list[Keyed]] = ((), [])
) -> list[Keyed]:
    """The MAX_ENTRIES first of every claim's keyed changes, in feed order.  ``last``: the
    lists and the result of the call before; while the claims are as many, only the lists
    that are other objects (the claims an edit changed) are looked at.  Their old changes
    leave the last result, their new ones join it, and the first MAX_ENTRIES of those are
    the answer when the last of them comes no later than the last result's last: every
    change left out of that result comes later still (keys are unique)."""
    before, top = last
    if len(before) == len(each) and len(top) == MAX_ENTRIES:
        moved = list(compress(count(), map(operator.is_not, before, each)))
        ids = {key[1] for i in moved for lst in (before[i], each[i]) for key, _ in lst}
        candidates = [kc for kc in top if kc[0][1] not in ids]
        candidates += (kc for i in moved for kc in each[i])
        if len(candidates) >= MAX_ENTRIES:
            chosen = heapq.nsmallest(MAX_ENTRIES, candidates, key=_PLACE)
            if chosen[-1][0] <= top[-1][0]:
                return chosen
    return heapq.nsmallest(MAX_ENTRIES, itertools.chain.from_iterable(each), key=_PLACE)


def newest_of_views(claims: Sequence[ClaimView]) -> list[Keyed]:
    """What ``newest`` gives for every claim's changes, looking at the claims newest first by
    the date their latest change can carry (ClaimView.newest_change): once MAX_ENTRIES are
    found, a claim whose newest change is older than the last of them has none to place,
    nor has any claim after it, and its view's fields are never made (a build in a new
    process that renders few pages)."""
    found: list[Keyed] = []
    cutoff: int | None = None  # the last chosen change's day, once MAX_ENTRIES are found
    for claim in sorted(claims, key=_NEWEST_CHANGE, reverse=True):
        if cutoff is not None and claim.newest_change.toordinal() < cutoff:
            break
        found += change_keys(claim)
        if len(found) >= MAX_ENTRIES:
            found = heapq.nsmallest(MAX_ENTRIES, found, key=_PLACE)
            cutoff = -found[-1][0][0]
    return heapq.nsmallest(MAX_ENTRIES, found, key=_PLACE)


_NEWEST_CHANGE = operator.attrgetter("newest_change")


def _changes(claims: tuple[ClaimView, ...]) -> list[Change]:
    return latest_changes(change_keys(claim) for claim in claims)


def _measurement_entry(
    feed: ET.Element, claim: ClaimView, row: int, href: str, ui: Interface, tag: str, ids: str
) -> None:
    """``tag``: the feed's language; ``ids``: what its ids are made with ("" in the main
    language's feed)."""
    if claim.measured is None:  # _changes lists measurements of measured claims only
        return
    m = claim.measured.items[row]
    summary = claim.summary
    shown = f"{m.amount} ({m.in_claim_unit})" if m.in_claim_unit else m.amount
    _ = ui.gettext
    independent = _("independent") if m.independent else _("not independent of the claim's sources")
    item = _sub(feed, "entry")
    statement = localized(summary.statement, tag)
    said = {"amount": shown, "who": m.measured_by, "statement": statement}
    _sub(item, "title", _("Measured %(amount)s by %(who)s: %(statement)s") % said)
    _sub(item, "id", measurement_entry_id(summary.id, m.index, ids))
    _sub(item, "link", rel="alternate", type="text/html", href=href)
    _sub(item, "updated", _stamp(m.date))
    _sub(item, "category", term="measurement", label=_("Measurement"))
    # The claimed figure and the agreement in the feed's language, as the claim page has them.
    claimed = figure_text(ui, claim.quantity) if claim.quantity else claim.measured.claimed
    _sub(
        item,
        "summary",
        _(
            "%(who)s measured %(amount)s against the claimed %(claimed)s (%(independent)s; agreement: %(agreement)s)."
        )
        % {**said, "claimed": claimed, "independent": independent, "agreement": _(m.agreement)},
    )


def _removal_entry(
    feed: ET.Element, claim: ClaimView, row: int, href: str, ui: Interface, tag: str, ids: str
) -> None:
    source, gone = claim.removals[row]
    _ = ui.gettext
    summary = claim.summary
    said = {
        "statement": localized(summary.statement, tag),
        "source": localized(source.title, tag),
        "kept": ui.date(gone.kept),
        "removed": ui.date(gone.removed),
        "archived": ui.date(gone.archived),
    }
    item = _sub(feed, "entry")
    _sub(item, "title", _("A cited passage left its source: %(statement)s") % said)
    _sub(item, "id", removal_entry_id(summary.id, source.id, gone.revision, ids))
    _sub(item, "link", rel="alternate", type="text/html", href=href)
    _sub(item, "updated", _stamp(gone.removed))
    _sub(item, "category", term="revision", label=_("Source rechecked"))
    text = _(REMOVAL_SUMMARIES[gone.gone, gone.kept == gone.removed]) % said
    # Both wordings, in the source's language (each once: two quotes may share a sentence).
    changes = [
        c
        for ev in _quotes(claim)
        if ev.source.id == source.id and ev.removal == gone and ev.replacement
        if (c := ev.replacement.change) is not None
    ]
    for c in dict.fromkeys(changes):
        words = {"before": c.wording, "after": c.replaced_by}
        text += " " + (_(BOTH_WORDINGS if c.replaced_by else OLD_WORDING) % words)
    _sub(item, "summary", text)


def atom_feed(
    model: SiteModel,
    ui: Interface | None = None,
    lang: SiteLanguage | None = None,
    changes: list[Change] | None = None,
) -> bytes:
    """The feed of ``lang`` (the main language's unless given) is read by people, in the
    language its ``xml:lang`` declares: its words are translated and the records' texts
    are in it where translated (a stale translation too, as its pages show it); the
    category's ``term`` stays the status value for programs.  ``changes``: the entries,
    ``latest_changes`` of the model's claims (made once for every language's feed)."""
    ui = ui or english()
    _ = ui.gettext
    settings = model.settings
    lang = lang or of_site(settings)[0]
    tag, prefix = lang.tag, lang.prefix
    ids = "" if lang.main else tag  # the main feed's ids are those it always had

    def text(value: Localized) -> str:
        return localized(value, tag)

    feed = ET.Element("feed", {"xmlns": ATOM, "xml:lang": tag})
    title = text(settings.title)
    _sub(feed, "title", _("%(title)s: status changes") % {"title": title})
    if settings.description:
        _sub(feed, "subtitle", text(settings.description))
    home = settings.absolute(prefix) or addresses.INDEX
    self_href = settings.absolute(prefix + addresses.FEED) or addresses.FEED
    _sub(feed, "id", settings.absolute(prefix + addresses.FEED) or feed_id(title, ids))
    _sub(feed, "link", rel="alternate", type="text/html", href=home)
    _sub(feed, "link", rel="self", type="application/atom+xml", href=self_href)
    if changes is None:
        changes = _changes(model.claims)
    newest = _date(changes[0]) if changes else dt.date(1970, 1, 1)
    _sub(feed, "updated", _stamp(newest))
    author = _sub(feed, "author")
    _sub(author, "name", title)
    _sub(feed, "generator", "claimtrack")
    for claim, what, index in changes:
        summary = claim.summary
        # Relative to the feed, which is at its language's root, like its pages.
        href = settings.absolute(prefix + addresses.claim_folder(summary.id)) or (
            addresses.claim_page(summary.id)
        )
        if what == MEASURED:
            _measurement_entry(feed, claim, index, href, ui, tag, ids)
            continue
        if what == REMOVED:
            _removal_entry(feed, claim, index, href, ui, tag, ids)
            continue
        entry = claim.history[index]
        item = _sub(feed, "entry")
        label = ui.gettext(entry.status.label)
        said = {"status": label.lower(), "statement": text(summary.statement)}
        if entry.correction is not None:  # the status is kept: it says what it put right
            w = entry_words(ui, entry.correction, said["statement"], text(entry.note))
        else:
            new = _("Recorded as %(status)s: %(statement)s") if index == 0 else None
            w = EntryWords(
                (new or _("Now %(status)s: %(statement)s")) % said,
                entry.status.value,
                label,
                _("%(status)s: %(statement)s") % {"status": label, "statement": text(entry.note)},
            )
        _sub(item, "title", w.title)
        _sub(item, "id", entry_id(summary.id, index, ids))
        _sub(item, "link", rel="alternate", type="text/html", href=href)
        _sub(item, "updated", _stamp(entry.date))
        _sub(item, "category", term=w.term, label=w.label)
        _sub(item, "summary", w.summary)
    return _serialise(feed)
