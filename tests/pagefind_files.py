"""What a Pagefind bundle holds, read from Pagefind's own files (no browser): its pages'
URLs and the words it indexed on each page.

A bundle's files are gzip'd, start with the signature ``pagefind_dcd`` and hold CBOR:
``pagefind.<hash>.pf_meta`` lists the pages (``[hash, word count]``, in page-number
order) and the index chunks; each ``index/*.pf_index`` chunk lists ``[word, [[page
number, positions, ...], ...], ...]``, each page number as the difference from the one
before it; each ``fragment/<hash>.pf_fragment`` is a page's
JSON (its ``url``).  CBOR is read by the few lines below (only the types Pagefind writes).

A language's ``pagefind/`` holds one bundle per search shard (``pagefind/<n>/``): each
function below takes that folder, or one shard's, and reads every bundle in it.
"""

from __future__ import annotations

import gzip
import json
import struct
from pathlib import Path
from typing import Any

SIGNATURE = b"pagefind_dcd"


def _payload(path: Path) -> bytes:
    data = gzip.decompress(path.read_bytes())
    assert data.startswith(SIGNATURE), path
    return data[len(SIGNATURE) :]


def cbor(data: bytes) -> Any:
    value, end = _item(data, 0)
    assert end == len(data)
    return value


def _item(d: bytes, i: int) -> tuple[Any, int]:
    major, info = d[i] >> 5, d[i] & 31
    i += 1
    if info < 24:
        n = info
    else:
        size = 1 << (info - 24)  # 24..27: a 1, 2, 4 or 8-byte argument
        if major == 7:
            return struct.unpack({2: ">e", 4: ">f", 8: ">d"}[size], d[i : i + size])[0], i + size
        n = int.from_bytes(d[i : i + size], "big")
        i += size
    if major == 0:
        return n, i
    if major == 1:
        return -1 - n, i
    if major in (2, 3):
        raw = d[i : i + n]
        return (raw if major == 2 else raw.decode("utf-8")), i + n
    if major == 4:
        items = []
        for _ in range(n):
            v, i = _item(d, i)
            items.append(v)
        return items, i
    if major == 5:
        mapping = {}
        for _ in range(n):
            k, i = _item(d, i)
            mapping[k], i = _item(d, i)
        return mapping, i
    return {20: False, 21: True, 22: None}[n], i


def shards(folder: Path) -> list[Path]:
    """The bundles in ``folder``: itself if it is one, else its shards' (none if missing)."""
    if (folder / "pagefind-entry.json").is_file():
        return [folder]
    found = folder.glob("*/pagefind-entry.json") if folder.is_dir() else []
    return sorted((p.parent for p in found), key=lambda p: int(p.name))


def entry(bundle: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((bundle / "pagefind-entry.json").read_text("utf-8"))
    return found


def languages(folder: Path) -> set[str]:
    """The languages the bundles in ``folder`` are indexed in."""
    return {lang for b in shards(folder) for lang in entry(b)["languages"]}


def urls(folder: Path) -> list[str]:
    """The URLs of the pages the bundles hold, sorted."""
    return sorted(
        json.loads(_payload(f))["url"]
        for bundle in shards(folder)
        for f in (bundle / "fragment").glob("*.pf_fragment")
    )


def words(folder: Path) -> dict[str, set[str]]:
    """Each word the bundles indexed, and the URLs of the pages it is on."""
    out: dict[str, set[str]] = {}
    for bundle in shards(folder):
        for word, pages in _words(bundle).items():
            out.setdefault(word, set()).update(pages)
    return out


def _words(bundle: Path) -> dict[str, set[str]]:
    (language,) = entry(bundle)["languages"].values()
    meta = cbor(_payload(bundle / f"pagefind.{language['hash']}.pf_meta"))
    page_urls = [
        json.loads(_payload(bundle / "fragment" / f"{page_hash}.pf_fragment"))["url"]
        for page_hash, _count in meta[1]
    ]
    out: dict[str, set[str]] = {}
    for chunk in sorted((bundle / "index").glob("*.pf_index")):
        for word, pages, *_rest in cbor(_payload(chunk))[0]:
            number = 0
            for page in pages:
                number += page[0]
                out.setdefault(word, set()).add(page_urls[number])
    return out


def chunk_words(bundle: Path) -> list[set[str]]:
    """The words of each of a bundle's index chunks, in the order of the words."""
    chunks = [
        {word for word, *_ in cbor(_payload(f))[0]} for f in (bundle / "index").glob("*.pf_index")
    ]
    return sorted(chunks, key=lambda words: min(w.encode() for w in words))


def pages_with(bundle: Path, *wanted: str) -> set[str]:
    """The URLs of the pages on which the bundle indexed every one of ``wanted``."""
    indexed = words(bundle)
    found = [indexed.get(w, set()) for w in wanted]
    return set.intersection(*found) if found else set()
