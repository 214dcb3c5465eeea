"""A web page as a source: its main text for the archive, and what its own metadata says.

trafilatura and htmldate (and lxml under them) are imported inside the functions
that use them: they take a noticeable time to import, and only `claimtrack new
source --html/--url` needs them, never `check`, `build` or `serve`.

Nothing here guesses.  A fact the page's markup does not state is left out:
no date read from the running text or the address, no publisher made from the
host name, no language detected from the words.
"""

from __future__ import annotations

import codecs
import datetime as dt
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ..errors import ClaimtrackError
from ..load.files import MAX_BYTES
from ..records.values import canonical_tag, is_http_url
from ..textrules import first_illegal, has_visible
from .maintext import main_text

# The page's own declaration, as browsers look for it: in the first bytes.
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.I)
_SNIFF_BYTES = 4096


@dataclass(frozen=True, slots=True)
class PageFacts:
    """What the page's markup says about itself; None (or empty) where it says nothing."""

    title: str | None = None
    publisher: str | None = None
    authors: tuple[str, ...] = ()
    published: dt.date | None = None
    language: str | None = None
    url: str | None = None


def decode(raw: bytes, charset: str | None) -> str:
    """The page's text: the server's charset, else the page's own ``<meta charset>``, else
    UTF-8, else trafilatura's detection.  A charset that is not a text's character
    encoding (see ``text_codec``) counts as none, as an unknown one does."""
    declared = _META_CHARSET.search(raw[:_SNIFF_BYTES])
    for name in (charset, declared.group(1).decode("ascii") if declared else None):
        codec = text_codec(name)
        if codec is not None:
            return raw.decode(codec, "replace")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        from trafilatura.utils import decode_file

        return decode_file(raw)


# Python codecs that say they decode text but are no character encoding of a page: host
# name encodings, escape decoders, and one that always fails.
_NOT_CHARSETS = frozenset({"idna", "punycode", "undefined", "unicode-escape", "raw-unicode-escape"})


def text_codec(name: str | None) -> str | None:
    """The codec of a declared charset, or None: no such codec, or one that does not decode
    a page's characters (rot-13, base64, zlib, ... say so themselves: not a text encoding).

    Such a label is passed over as browsers pass over a label they do not know, rather than
    refused: the page's other declaration, UTF-8 or detection still read it, and a wrong
    label says nothing of the bytes.
    """
    if name is None:
        return None
    try:
        codec = codecs.lookup(name)
    except (LookupError, ValueError):  # ValueError: a name with a NUL in it
        return None
    if not codec._is_text_encoding or codec.name in _NOT_CHARSETS:
        return None
    return codec.name


def page_text(raw: bytes, charset: str | None, where: object) -> tuple[str, bytes]:
    """A saved or fetched page decoded, and its main text as an archived text's bytes: the
    one way a page becomes an archive (`new source --html/--url`, `recheck`).  Raises
    ClaimtrackError naming ``where`` when the page has no main text or too large a one."""
    html = decode(raw, charset)
    try:
        text = main_text(html).encode("utf-8")
    except ClaimtrackError as exc:
        raise ClaimtrackError(f"{where}: {exc}") from None
    if len(text) > MAX_BYTES:
        raise ClaimtrackError(
            f"{where}: the page's main text is {len(text)} bytes, more than the limit of "
            f"{MAX_BYTES} for an archived text"
        )
    return html, text


def page_facts(html: str, today: dt.date) -> PageFacts:
    """Title, publisher, authors, date, language and address from the page's own markup."""
    from htmldate import find_date
    from trafilatura import extract_metadata
    from trafilatura.utils import load_html

    tree = load_html(html)
    # Only what the page states about itself: trafilatura would also take an author from
    # a byline class anywhere in the body (a comment's author, say) and a title from <h1>.
    # Nor its <title>: trafilatura keeps a part of it, cut at the first separator (" : " of
    # French typography too), guessing that the rest is the site's name (_title).
    meta = extract_metadata(_metadata_only(tree), extensive=False)
    url = meta.url if meta.url and is_http_url(meta.url) else None
    publisher = _one_line(meta.sitename)
    if publisher is not None and url is not None and _is_host_name(publisher, url):
        publisher = None  # trafilatura's fallback when the page names no site: a guess
    # trafilatura drops a one-word author (a user name, it assumes): a Chinese name is one.
    stated = meta.author or _meta_author(tree)
    authors = tuple(
        name for part in (stated or "").split(";") if (name := _one_line(part)) is not None
    )
    # original_date: when it was published, not last changed.  Only the page's metadata
    # is searched: a date in the running text (htmldate looks there even without its
    # extensive search) may be any date the article mentions.
    found = find_date(
        _metadata_only(tree),
        extensive_search=False,
        original_date=True,
        outputformat="%Y-%m-%d",
        max_date=today.isoformat(),
    )
    published = dt.date.fromisoformat(found) if found else None
    if published is not None and published > today:
        published = None
    return PageFacts(
        title=_title(_one_line(meta.title) or _title_element(tree), publisher),
        publisher=publisher,
        authors=tuple(dict.fromkeys(authors)),
        published=published,
        language=_language(tree),
        url=url,
    )


def _metadata_only(tree: Any) -> str:
    """The page reduced to what states facts about it: the ``<meta>`` and ``<link>``
    elements of its head and its JSON-LD; not a word of its text."""
    from lxml import etree  # type: ignore[import-untyped]

    if tree is None:
        return "<html></html>"
    kept = tree.xpath("//head/meta | //head/link | //script[@type='application/ld+json']")
    parts = [etree.tostring(element, encoding="unicode", with_tail=False) for element in kept]
    return f"<html><head>{''.join(parts)}</head><body></body></html>"


def _title_element(tree: Any) -> str | None:
    found = tree.find(".//head//title") if tree is not None else None
    return _one_line(found.text_content()) if found is not None else None


# What stands between a title and the site's name in a <title>: "Title | Site".
_SEPARATORS = "|–—-·•:/»«~*"


def _title(title: str | None, site: str | None) -> str | None:
    """``title`` without the site's name before or after it, with a separator between,
    when that name is the one the page gives its site (``site``: og:site_name or its
    JSON-LD publisher).  A title is never cut anywhere else: "GPT-6 : ce qui change" is
    one title, whatever a colon or a dash in it may look like."""
    if title is None or site is None:
        return title
    for sep in _SEPARATORS:
        head, tail = f"{site} {sep} ", f" {sep} {site}"
        for rest, name in (
            (title[len(head) :], title[: len(head)]),
            (title[: -len(tail)], title[-len(tail) :]),
        ):
            if name.casefold() in (head.casefold(), tail.casefold()) and has_visible(rest):
                return rest.strip()
    return title


def _one_line(value: str | None) -> str | None:
    """A metadata value as one line of text a record may hold, or None."""
    if value is None:
        return None
    text = " ".join(value.split())
    if not has_visible(text) or first_illegal(text) is not None:
        return None
    return text


def _meta_author(tree: Any) -> str | None:
    if tree is None:
        return None
    found = tree.xpath("//head/meta[@name='author']/@content")
    return str(found[0]) if found else None


def _is_host_name(name: str, url: str) -> bool:
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    return name.lower().removeprefix("www.") == host


def _language(tree: Any) -> str | None:
    """``<html lang>`` (or ``xml:lang``, or a Content-Language meta), when it is BCP 47.

    Kept as written (``zh-TW`` stays ``zh-TW``: the page does not say which script),
    with ``_`` read as ``-`` (``fr_FR``), in BCP 47's case (``zh-tw``: ``zh-TW``).
    """
    if tree is None:
        return None
    root = tree.getroottree().getroot()
    candidates = [
        root.get("lang"),
        root.get("{http://www.w3.org/XML/1998/namespace}lang"),
        root.get("xml:lang"),  # XHTML, as the HTML parser names it
        *root.xpath(
            "//meta[translate(@http-equiv, 'CONTENTLAGU', 'contentlagu')"
            "='content-language']/@content"
        ),
    ]
    for value in candidates:
        tag = str(value).strip().replace("_", "-") if value else ""
        if (canonical := canonical_tag(tag)) is not None:
            return canonical
    return None


METADATA = "  # from the page's metadata: check it"
# The skeleton's values for these fields when nothing is known: what `new source` writes
# without a page.
UNKNOWN = {
    "title": "",
    "publisher": "",
    "authors": "[]",
    "published": "",
    "url": "",
    "language": "",
}


def skeleton_values(facts: PageFacts, fetched: str | None = None) -> dict[str, str]:
    """The source skeleton's ``{{field}}`` values: each fact the page states, commented as
    such; a field it does not state stays as the plain skeleton leaves it.

    ``fetched``: the address the page was fetched from (after redirects).  It is what
    `url:` gets, being a fact rather than the page's claim about itself; a different
    canonical address in the page's metadata is named in the comment.
    """
    from ..edit.scalars import scalar

    values = dict(UNKNOWN)
    texts = {
        "title": facts.title,
        "publisher": facts.publisher,
        "language": facts.language,
        "url": facts.url,
    }
    for name, value in texts.items():
        if value is not None:
            values[name] = f" {scalar(value, 'plain', flow=False)}{METADATA}"
    if facts.published is not None:  # a date field: written plain, as snapshot.retrieved is
        values["published"] = f" {facts.published.isoformat()}{METADATA}"
    if facts.authors:
        names = ", ".join(scalar(name, "plain", flow=True) for name in facts.authors)
        values["authors"] = f"[{names}]{METADATA}"
    if fetched is not None and is_http_url(fetched):
        also = (
            f"; the page's metadata names {facts.url} as its address"
            if facts.url is not None and facts.url != fetched
            else ""
        )
        values["url"] = (
            f" {scalar(fetched, 'plain', flow=False)}  # fetched from here{also}: check it"
        )
    return values
