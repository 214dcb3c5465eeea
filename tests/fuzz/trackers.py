"""Valid trackers: a few sources with archived texts and claims of every kind and status.

Built like tests/fixtures/minimal and the models in src/claimtrack/records/, and
made to pass every rule of `claimtrack check` (quotes found in the archives,
histories in order, omissions disclosed by a later source, corroboration by two
origins).  A tracker is first plain data (``TrackerData``), so that mutations can
change a value before it is written; ``render`` then writes it as YAML files.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from claimtrack.check.text.textnorm import normalise

from .emit import PLAIN_SPECIALS, Draw, document

TODAY = dt.date(2026, 11, 30)
HEADERS = {
    "claims": "# yaml-language-server: $schema=../schema/claim.schema.json",
    "sources": "# yaml-language-server: $schema=../schema/source.schema.json",
    "tracker": "# yaml-language-server: $schema=schema/tracker.schema.json",
}

# Markup an attacker (or a careless paste) could put in any text field.
INJECTIONS = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    "javascript:alert(1)",
    "</script><script>alert(1)</script>",
    "<!--",
    "]]>",
    "{{ 7*7 }}",
    "{% raw %}",
    "&amp; &lt; &#x3c;",
    "<a href=javascript:alert(1)>x</a>",
)
INJECTION_URLS = (
    'https://example.org/"><script>alert(1)</script>',
    "https://example.org/'onmouseover='alert(1)",
    "https://example.org/?a=1&b=<i>",
    "http://例え.jp/パス",
)
SAMPLES = (
    "Acme",
    "Rocket 2 runs up to 3x faster",
    "« jusqu'à 3 fois plus rapide »",
    "推理速度提升 8 倍",
    "Ünïcödé — “quoted” ‘text’",
    "emoji 🚀 and 𝔘𝔫𝔦",
    "a: b",
    "- item",
    "# not a comment",
    "key: value # trailing",
    "multi\nline\ntext",
    "'single' and \"double\"",
    "@at %percent `tick`",
    "ends with colon:",
    "x" * 300,
    *sorted(PLAIN_SPECIALS),
    *INJECTIONS,
)
# Letters, marks, numbers, punctuation, symbols and the plain space: no control,
# format (bidi, zero-width), private, unassigned or separator other than " ".
_ALPHABET = st.characters(
    codec="utf-8",
    categories=("L", "M", "N", "P", "S"),
    include_characters=" ",
)
IDS = st.from_regex(r"[a-z][a-z0-9]{0,5}(-[a-z0-9]{1,3}){0,2}", fullmatch=True)
LANGUAGES = ("en", "en", "en-GB", "EN", "fr", "zh-Hant", "de-CH", "no", "pt-BR")
# The site's own language needs a catalog (missing-catalog); any tag of these languages has one.
SITE_LANGUAGES = ("en", "en-GB", "EN", "fr", "fr-CA", "zh-Hant", "zh-TW")


def texts(extra: tuple[str, ...] = ()) -> st.SearchStrategy[str]:
    """Non-blank text: the samples above, arbitrary letters, or both glued together."""
    free = st.text(_ALPHABET, min_size=1, max_size=24).filter(lambda s: s.strip() != "")
    sample = st.sampled_from(SAMPLES + extra)
    return st.one_of(sample, free, st.tuples(free, sample).map(" ".join))


@dataclass
class TrackerData:
    """Records as plain data, by folder and id, plus archived texts and settings."""

    settings: dict[str, Any]
    sources: dict[str, dict[str, Any]]
    claims: dict[str, dict[str, Any]]
    archives: dict[str, str]
    headers: bool = True
    extra: dict[str, bytes] = field(default_factory=dict)  # more files, written as they are


def _date(draw: Draw, lo: dt.date, hi: dt.date) -> dt.date:
    return draw(st.dates(min_value=lo, max_value=hi))


@st.composite
def tracker_data(draw: Draw, base_url: bool | None = None) -> TrackerData:
    text = texts()
    settings: dict[str, Any] = {}
    if draw(st.booleans()):
        settings["title"] = draw(text)
    if draw(st.booleans()):
        settings["description"] = draw(st.one_of(st.just(""), text))
    if base_url or (base_url is None and draw(st.booleans())):
        settings["base_url"] = draw(
            st.sampled_from(
                [
                    "https://example.org/claims/",
                    "http://localhost:8000",
                    'https://example.org/x"><img/src=x/onerror=alert(1)>',
                ]
            )
        )
    if draw(st.booleans()):
        settings["language"] = draw(st.sampled_from(SITE_LANGUAGES))

    source_ids = draw(st.lists(IDS, min_size=1, max_size=3, unique=True))
    sources: dict[str, dict[str, Any]] = {}
    for i, sid in enumerate(source_ids):
        record: dict[str, Any] = {"title": draw(text)}
        if draw(st.booleans()):
            record["publisher"] = draw(text)
        record["authors"] = draw(st.lists(text, max_size=2))
        if draw(st.booleans()):
            record["published"] = _date(draw, dt.date(2024, 1, 1), TODAY)
        if draw(st.booleans()):
            record["url"] = draw(st.sampled_from((*INJECTION_URLS, "https://example.org/a")))
        # Sources 0 and 1 derive from nothing, so that two origins exist for corroboration.
        record["language"] = "en" if i == 0 else draw(st.sampled_from(LANGUAGES))
        record["kind"] = draw(st.sampled_from(["primary", "report", "summary", "translation"]))
        if i >= 2:
            record["derived_from"] = draw(
                st.lists(st.sampled_from(source_ids[:i]), max_size=2, unique=True)
            )
        if draw(st.booleans()):
            record["notes"] = draw(st.one_of(st.just(""), text))
        sources[sid] = record
    archived = {sid for sid in source_ids if draw(st.booleans())}

    claim_ids = draw(st.lists(IDS, min_size=1, max_size=3, unique=True))
    claims = {cid: _claim(draw, cid, claim_ids, sources, text) for cid in claim_ids}
    archives: dict[str, str] = {}
    for sid in sorted(archived):
        quotes = [
            ev["quote"] for c in claims.values() for ev in c["evidence"] if ev["source"] == sid
        ]
        body = "\n".join([draw(text), *quotes, ""])
        if not all(normalise(q) in normalise(body) for q in quotes):
            continue  # an edge of Unicode normalisation: leave this source unarchived
        archives[sid] = body
        sources[sid]["snapshot"] = {
            "retrieved": _date(draw, dt.date(2025, 1, 1), TODAY),
            "sha256": hashlib.sha256(body.encode()).hexdigest(),
        }
    return TrackerData(settings, sources, claims, archives, headers=draw(st.booleans()))


def _claim(
    draw: Draw,
    cid: str,
    claim_ids: list[str],
    sources: dict[str, dict[str, Any]],
    text: st.SearchStrategy[str],
) -> dict[str, Any]:
    source_ids = list(sources)
    kind = draw(st.sampled_from(["figure", "fact", "quote", "assessment", "omission"]))
    claimant: dict[str, Any] = {"name": draw(text)}
    if draw(st.booleans()):
        claimant["role"] = draw(text)
    if draw(st.booleans()):
        claimant["organisation"] = draw(text)
    claim: dict[str, Any] = {"statement": draw(text), "claimant": claimant, "kind": kind}
    claim["topics"] = draw(st.lists(IDS, max_size=3, unique=True))
    if kind == "figure":
        quantity: dict[str, Any] = {
            "value": draw(
                st.one_of(
                    st.integers(-(10**6), 10**6),
                    st.floats(allow_nan=False, allow_infinity=False, width=32),
                )
            ),
            "unit": draw(text),
            "bound": draw(st.sampled_from(["exact", "up-to", "at-least", "about"])),
            "metric": draw(text),
        }
        if draw(st.booleans()):
            quantity["baseline"] = draw(text)
        quantity["conditions"] = draw(st.one_of(st.just(""), text))
        claim["quantity"] = quantity

    # Statuses first: they decide which sources the evidence must include.
    roots = [sid for sid in source_ids[:2] if not sources[sid].get("derived_from")]
    dated = [sid for sid in source_ids if sources[sid].get("published", TODAY) < TODAY]
    if kind == "omission":
        disclosed = bool(dated) and draw(st.booleans())
        statuses = ["undisclosed", "disclosed"] if disclosed else ["undisclosed"]
    else:
        plain = ["unverified", "verified", "misleading", "disputed", "false", "retracted"]
        if len(roots) >= 2:
            plain.append("corroborated")
        statuses = draw(st.lists(st.sampled_from(plain), min_size=1, max_size=3))
        if kind == "figure" and statuses[-1] in ("verified", "false"):
            # Only a measurement verifies or refutes a figure; these claims have none.
            statuses[-1] = "disputed"
    cited = draw(st.lists(st.sampled_from(source_ids), min_size=1, max_size=3))
    if statuses[-1] == "corroborated":
        cited = [*roots, *cited]

    evidence = []
    for sid in cited:
        item: dict[str, Any] = {"source": sid, "quote": draw(text)}
        english = sources[sid]["language"].lower().split("-")[0] == "en"
        if not english or draw(st.integers(0, 4)) == 0:
            item["translation"] = draw(text)
            item["translated_by"] = draw(st.sampled_from(["person", "machine"]))
        evidence.append(item)
    claim["evidence"] = evidence
    claim["status"] = statuses[-1]

    history: list[dict[str, Any]] = []
    if statuses[-1] == "disclosed":
        sid = draw(st.sampled_from(dated))
        published = sources[sid]["published"]
        first = published - dt.timedelta(days=draw(st.integers(1, 90)))
        dates = [first, _date(draw, published, TODAY)]
    else:
        dates = sorted(_date(draw, dt.date(2025, 1, 1), TODAY) for _ in statuses)
    for i, (day, status) in enumerate(zip(dates, statuses, strict=True)):
        entry: dict[str, Any] = {"date": day, "status": status, "note": draw(text)}
        refs = draw(st.lists(st.sampled_from(source_ids), max_size=2, unique=True))
        if status == "disclosed":
            refs = [sid, *[r for r in refs if r != sid]]
        if refs or draw(st.booleans()):
            entry["evidence"] = refs
        history.append(entry)
        del i
    claim["history"] = history
    claim["rationale"] = draw(text)
    others = [c for c in claim_ids if c != cid]
    if others and draw(st.booleans()):
        claim["related"] = draw(st.lists(st.sampled_from(others), max_size=2, unique=True))
    if draw(st.booleans()):
        claim["to_check"] = draw(st.lists(st.sampled_from(source_ids), max_size=2, unique=True))
    if draw(st.booleans()):
        claim["review_by"] = _date(draw, dt.date(2026, 1, 1), dt.date(2028, 12, 31))
    return claim


def render(draw: Draw, data: TrackerData) -> dict[str, bytes]:
    """The tracker's files by path relative to its root."""
    files: dict[str, bytes] = {}
    header = HEADERS if data.headers else {}
    if data.settings or draw(st.booleans()):
        files["tracker.yaml"] = document(draw, data.settings, header.get("tracker"))
    for folder, records in (("sources", data.sources), ("claims", data.claims)):
        for rid, record in records.items():
            files[f"{folder}/{rid}.yaml"] = document(draw, record, header.get(folder))
    for sid, body in data.archives.items():
        files[f"sources/{sid}.txt"] = body.encode("utf-8")
    files.update(data.extra)
    return files
