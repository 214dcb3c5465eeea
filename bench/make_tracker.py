"""Write a realistic synthetic tracker of N claims and N/5 sources for benchmarks.

    .venv/bin/python bench/make_tracker.py bench/out/t10000 --claims 10000
    .venv/bin/python bench/make_tracker.py bench/out/t10000-3 --claims 10000 --languages zh-Hant,fr

Shaped like a real tracker, not like toy files: archived texts of about 2.8 KB
of English, French and Traditional-Chinese prose about AI-product launches
(bench/corpus.py), claims of 1 to 3 verbatim quotes (1.8 on average) with
English translations, every kind and every status under the rules `claimtrack
check` enforces (two independent origins for corroborated, a later source for
disclosed, quantities on figures, sorted histories), measurements on about 30% of
the figures (bench/measured.py: the status drawn with them, each measurement's sentence
added to its source's archive, in that source's language), sources without archive,
unknown publishers and dates, derived reports, related claims, claimants with
roles.  Deterministic for a given N; judge it as of 2026-11-30 (--today).  It
passes `check` with warnings only: quote-unchecked (sources kept without an
archived copy) and stale (a few claims past review_by).

With ``languages`` (``make(root, n, languages=("zh-Hant", "fr"))``, --languages) the site
is published in those languages too: tracker.yaml's `translations:`, and every claim,
source and about half the quotes translated into each (bench/make_translations.py: about
85% of fields current, 10% stale, 5% missing, so `check` adds translation-stale warnings).
The records are otherwise the same, byte for byte, as without.
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import hashlib
import random
import re
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import corpus as C
import sentences as S
from articles import Fact, archive_text, new_fact
from corpus_translated import TITLES
from make_translations import Piece, Translator, omission, piece, quantity_words, same_name
from measured import LABS, Measure, measure
from yamlemit import Writer

LANGS = ("en", "fr", "zh-Hant")
TODAY = dt.date(2026, 11, 30)
FIRST = dt.date(2026, 2, 1)
OMISSION_FACTS = frozenset({3, 8, 9, 13, 14, 19})  # FACTS that say something was not given
OMISSIONS = (
    "The price of {product} was not disclosed.",
    "The number of GPUs serving {product} was not disclosed.",
    "The conditions behind the speed figure for {product} were not disclosed.",
    "The batch size behind {company}'s measurements of {product} was not disclosed.",
    "The energy used per token by {product} was not disclosed.",
    "When {product} reaches free users was not disclosed.",
)
CONDITIONS = (
    "batch size 1, 1,000 output tokens",
    "prompts under 2,000 tokens",
    "measured on GB200 NVL72 racks",
    "preview period only",
    "API only, not the consumer app",
)
SOURCE_NOTES = (
    "",
    "Written by AI agents, sources checked by a second model, published without prior human reading.",
    "The vendor's own announcement.",
    "Translated from the original post; the figures are copied, not re-measured.",
    "Archived the day it was read. The page has changed since; this copy is what we quoted.",
)
KINDS = ("figure", "fact", "quote", "assessment", "omission")
KIND_WEIGHTS = (30, 25, 12, 15, 18)
FINALS = ("unverified", "corroborated", "verified", "misleading", "disputed", "false", "retracted")
FINAL_WEIGHTS = (30, 12, 12, 13, 13, 10, 10)
# A status a claim often passed through before its last one.
BEFORE = {
    "false": "disputed",
    "verified": "corroborated",
    "misleading": "verified",
    "retracted": "verified",
    "disputed": "corroborated",
    "corroborated": "disputed",
}


@dataclass
class Src:
    sid: str
    lang: int
    kind: str
    parents: list[int]
    published: dt.date | None
    facts: list[int]
    archived: bool
    origins: frozenset[int] = frozenset()


def _days(rng: random.Random, start: dt.date, low: int, high: int) -> dt.date:
    return min(start + dt.timedelta(days=rng.randint(low, high)), TODAY)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass
class Draft:
    """A claim's YAML text before its related claims' ids are known."""

    cid: str
    head: str
    related: list[int]
    tail: str


class Generator:
    def __init__(self, claims: int, languages: Sequence[str] = ()) -> None:
        self.n = claims
        self.rng = random.Random(claims)
        self.facts: list[Fact] = []
        self.sources: list[Src] = []
        self.holders: list[list[int]] = []  # sources quoting each fact
        self.texts: dict[int, bytes] = {}
        self.figures = self.measured = 0  # figure claims so far, and those measured
        # Sentences that measurements add to a source's archive (claims are drawn first).
        self.reported: dict[int, list[str]] = {}
        self.titles: dict[int, str] = {}
        self.title_pieces: dict[int, Piece] = {}  # the title in every language
        # With its own random generator: the records are the same with or without it.
        self.tr = Translator(claims, languages, " (claims)") if languages else None
        # The sources' translations from a stream of their own: the sources are written
        # after the claims (whose measurements add to their archives), and their
        # translations stay those drawn when they came first.
        self.tr_sources = Translator(claims, languages) if languages else None

    def fact(self, bank: str) -> int:
        self.facts.append(new_fact(self.rng, bank))
        self.holders.append([])
        return len(self.facts) - 1

    def make_sources(self) -> None:
        rng = self.rng
        count = max(5, self.n // 5)
        primaries = max(2, count // 10)
        pools: list[list[int]] = []
        for _ in range(primaries):
            pool = [self.fact("figure") for _ in range(12)]
            pool += [self.fact("fact") for _ in range(10)]
            pool += [self.fact("saying") for _ in range(3)]
            pools.append(pool)
        span = (TODAY - FIRST).days - 10
        for s in range(count):
            primary = s < primaries
            if primary:
                lang = rng.choices((0, 1, 2), (8, 1, 1))[0]
                kind = "documentation" if s % 7 == 6 else "primary"
                # Its own facts, plus a few that the previous primary also states:
                # an independent origin for them, so claims can be corroborated.
                facts = pools[s] + pools[s - 1][-4:]
                published: dt.date | None = FIRST + dt.timedelta(days=rng.randrange(span))
                parents: list[int] = []
            else:
                lang = rng.choices((0, 1, 2), (4, 3, 3))[0]
                kind = rng.choices(("report", "summary", "translation"), (5, 3, 2))[0]
                parents = [rng.randrange(primaries)]
                if rng.random() < 0.05:
                    parents.append((parents[0] + 1) % primaries)
                parent_facts = [f for p in parents for f in self.sources[p].facts]
                facts = rng.sample(parent_facts, min(len(parent_facts), rng.randint(6, 16)))
                base = max(self.sources[p].published or FIRST for p in parents)
                published = None if rng.random() < 0.07 else _days(rng, base, 0, 25)
            archived = primary or rng.random() >= 0.05
            src = Src(
                f"{LANGS[lang].lower()}-{kind}-{s}", lang, kind, parents, published, facts, archived
            )
            src.origins = (
                frozenset({s})
                if not parents
                else frozenset().union(*(self.sources[p].origins for p in parents))
            )
            self.sources.append(src)
            for f in facts:
                self.holders[f].append(s)
            self.texts[s] = self.article(s)

    def article(self, s: int) -> bytes:
        rng, src = self.rng, self.sources[s]
        lang_key = LANGS[src.lang]
        fact = self.facts[src.facts[0]]
        template = rng.choice(C.TITLES[lang_key])
        slots = {
            "company": C.COMPANIES[fact.slots["company"]],
            "product": C.PRODUCTS[fact.slots["product"]],
            "gpu": C.GPUS[fact.slots["gpu"]],
        }
        title = template.format(**slots)
        self.titles[s] = title
        texts = TITLES[C.TITLES[lang_key].index(template)]
        self.title_pieces[s] = (
            texts[0].format(**slots),
            texts[1].format(**slots),
            texts[2].format(**slots),
        )
        target = min(6000, max(900, int(rng.gauss(2700, 800))))
        sentences: list[str] = []
        size = len(title.encode())
        facts = list(src.facts)
        while size < target or facts:
            if facts and (rng.random() < 0.7 or size >= target):
                sentence = self.facts[facts.pop(0)].text(src.lang)
            else:
                sentence = rng.choice(S.FILLER)[src.lang]
            sentences.append(sentence)
            size += len(sentence.encode()) + 1
        return archive_text(title, sentences, src.lang, rng)

    def write_sources(self, folder: Path) -> None:
        rng = self.rng
        for s, src in enumerate(self.sources):
            w = Writer("../schema/source.schema.json")
            w.key(0, "title", self.titles[s])
            lang_key = LANGS[src.lang]
            company = C.COMPANIES[self.facts[src.facts[0]].slots["company"]]
            publisher: str | None = None
            if src.parents == []:
                publisher = company
                w.key(0, "publisher", company)
            elif rng.random() < 0.08:
                w.comment(0, "publisher: unknown, left out")
            else:
                publisher = rng.choice(C.PUBLISHERS[lang_key])
                w.key(0, "publisher", publisher)
            w.items(0, "authors", rng.sample(C.AUTHORS, rng.choice((0, 1, 1, 2))), flow=False)
            if src.published is None:
                w.comment(0, "published: unknown, so left out (never invent a date)")
            else:
                w.key(0, "published", src.published)
            if rng.random() < 0.5:
                w.key(
                    0,
                    "url",
                    f"https://{_slug(company)}.example.com/news/{_slug(self.titles[s])}-{s}",
                )
            w.key(0, "language", lang_key)
            w.key(0, "kind", src.kind)
            w.items(0, "derived_from", [self.sources[p].sid for p in src.parents], flow=False)
            notes = rng.choice(SOURCE_NOTES)
            w.key(0, "notes", notes)
            if src.archived:
                raw = self.texts[s]
                if s in self.reported:
                    joiner = "" if src.lang == 2 else " "
                    raw = raw.rstrip(b"\n") + f"\n\n{joiner.join(self.reported[s])}\n".encode()
                (folder / f"{src.sid}.txt").write_bytes(raw)
                w.open(0, "snapshot")
                retrieved = _days(rng, src.published or FIRST, 0, 30)
                w.key(1, "retrieved", retrieved)
                w.key(1, "sha256", hashlib.sha256(raw).hexdigest())
            if self.tr_sources is not None:
                self.tr_sources.source(
                    w,
                    piece(notes) if notes else None,
                    self.title_pieces[s],
                    src.lang,
                    same_name(publisher) if publisher else None,
                )
            (folder / f"{src.sid}.yaml").write_text(w.text(), encoding="utf-8")

    def write_claims(self, folder: Path) -> None:
        by_date = sorted((src.published, s) for s, src in enumerate(self.sources) if src.published)
        dates = [d for d, _ in by_date]
        drafts = [self.claim(i, by_date, dates) for i in range(self.n)]
        # An id names the claim's product and kind, known only once it is drawn: related
        # claims are filled in when every id is known.
        ids = [draft.cid for draft in drafts]
        for draft in drafts:
            middle = ""
            if draft.related:
                middle = f"related: [{', '.join(ids[j] for j in draft.related)}]\n"
            text = draft.head + middle + draft.tail
            (folder / f"{draft.cid}.yaml").write_text(text, encoding="utf-8")

    def claim(self, i: int, by_date: list[tuple[dt.date, int]], dates: list[dt.date]) -> Draft:
        rng = self.rng
        anchor = i % len(self.sources)
        kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
        status = rng.choices(FINALS, FINAL_WEIGHTS)[0]
        own = self.sources[anchor].facts
        if kind == "omission":
            status = "disclosed" if rng.random() < 0.4 else "undisclosed"
        if status == "corroborated":
            mine = self.sources[anchor].origins
            several = [
                f for f in own if any(self.sources[h].origins - mine for h in self.holders[f])
            ]
            if several:
                f = rng.choice(several)
                kind = {"figure": "figure", "fact": "fact", "saying": "quote"}[self.facts[f].bank]
            else:
                status = "verified"
        if status != "corroborated":
            wanted = {"figure": ("figure",), "quote": ("saying",)}.get(kind, ("fact", "figure"))
            choices = [f for f in own if self.facts[f].bank in wanted]
            if kind == "omission":
                choices = [
                    f
                    for f in own
                    if self.facts[f].bank == "fact" and self.facts[f].template in OMISSION_FACTS
                ] or choices
            if not choices:
                choices, kind = (
                    own,
                    {"figure": "figure", "fact": "fact", "saying": "quote"}[
                        self.facts[own[0]].bank
                    ],
                )
                choices = [own[0]]
            f = rng.choice(choices)
        fact = self.facts[f]
        quoted = [anchor]
        others = [h for h in self.holders[f] if h != anchor]
        if status == "corroborated":
            quoted.append(rng.choice([h for h in others if self.sources[h].origins - mine]))
        else:
            k = rng.choices((1, 2, 3), (4, 4, 2))[0]
            quoted += rng.sample(others, min(len(others), k - 1))
        evidence = [(h, f) for h in quoted]
        recorded = _days(rng, max([self.sources[h].published or FIRST for h in quoted]), 0, 20)
        recorded = min(recorded, TODAY - dt.timedelta(days=45))
        history: list[tuple[dt.date, str, list[int]]] = []
        if kind == "omission":
            history.append((recorded, "undisclosed", quoted[:1]))
            later = bisect.bisect_right(dates, recorded)
            if status == "disclosed" and later < len(dates):
                published, disc = by_date[rng.randrange(later, len(dates))]
                if len(evidence) == 3:
                    evidence.pop()
                told = self.sources[disc].facts
                figures = [g for g in told if self.facts[g].bank == "figure"]
                evidence.append((disc, rng.choice(figures or told)))
                history.append((_days(rng, published, 0, 10), "disclosed", [disc]))
            else:
                status = "undisclosed"
        else:
            history.append((recorded, "unverified", quoted if rng.random() < 0.7 else []))
            if status != "unverified":
                when = recorded
                if status in BEFORE and rng.random() < 0.3:
                    when = _days(rng, when, 3, 30)
                    history.append((when, BEFORE[status], rng.sample(quoted, 1)))
                history.append((_days(rng, when, 3, 40), status, quoted))
        measures: list[Measure] = []
        if kind == "figure":
            status, measures = self.measures(fact, status, quoted, history, by_date, dates)
            self.figures += 1
            self.measured += bool(measures)
        return self.claim_yaml(i, kind, status, fact, evidence, history, measures)

    def measures(
        self,
        fact: Fact,
        status: str,
        quoted: list[int],
        history: list[tuple[dt.date, str, list[int]]],
        by_date: list[tuple[dt.date, int]],
        dates: list[dt.date],
    ) -> tuple[str, list[Measure]]:
        """A figure's status and its measurements, drawn together so that check's rules
        (check/rules/figures.py) hold: verified and false need independent measurements
        that agree or disagree, disputed gets one of each, and some unverified figures a
        vendor's own (not independent) measurement.  Without an independent source
        published between the claim and its last status, verified and false become
        disputed, as before measurements."""
        rng = self.rng
        spec = S.FIGURES[fact.template][0]
        raw = fact.slots[spec[0]]
        claimed = raw / 100 if spec[0] == "price" else float(raw)
        product = C.PRODUCTS[fact.slots["product"]]
        # Verified and false figures are always measured; the others only while fewer than
        # 30% of the figures so far are (the share the issue asks for, whatever N).
        wanting = self.measured < 0.3 * (self.figures + 1)
        if status == "unverified" and wanting and rng.random() < 0.5:
            anchor = quoted[0]
            if not self.sources[anchor].archived:
                return status, []
            company = C.COMPANIES[fact.slots["company"]]
            # Measured when it was announced: the claim's earliest evidence.
            made = min((p for h in quoted if (p := self.sources[h].published)), default=FIRST)
            own = measure(rng, claimed, spec[1], True, company, anchor, made, self.condition())
            self.report(own, product)
            return status, [own]
        wanted = {"verified": 2, "false": 2, "disputed": 2}.get(status, 0)
        if status == "disputed" and not wanting:
            wanted = 0
        if not wanted:
            return self.unmeasured(status, history), []
        mine = frozenset().union(*(self.sources[h].origins for h in quoted))
        made = min((p for h in quoted if (p := self.sources[h].published)), default=FIRST)
        last = history[-1][0]
        low, high = bisect.bisect_left(dates, made), bisect.bisect_right(dates, last)
        found: list[int] = []
        for _ in range(12):
            if high <= low or len(found) == wanted:
                break
            s = by_date[rng.randrange(low, high)][1]
            src = self.sources[s]
            if src.archived and not src.origins & mine and s not in found:
                found.append(s)
        if status == "disputed" and len(found) < 2:
            return status, []
        if not found:
            return self.unmeasured(status, history), []
        found = found[: rng.choice((1, 2))] if status != "disputed" else found
        holds = [status == "verified"] * len(found) if status != "disputed" else [True, False]
        labs = rng.sample(LABS, len(found))
        out = []
        for s, ok, who in zip(found, holds, labs, strict=True):
            published = self.sources[s].published or made
            m = measure(rng, claimed, spec[1], ok, who, s, published, self.condition())
            self.report(m, product)
            out.append(m)
        # The status change cites the measuring sources too.
        when, entry, cited = history[-1]
        history[-1] = (when, entry, cited + [s for s in found if s not in cited])
        return status, out

    def condition(self) -> str:
        """A measurement's conditions in plain words, for three in four of them."""
        return self.rng.choice(CONDITIONS) if self.rng.random() < 0.75 else ""

    @staticmethod
    def unmeasured(status: str, history: list[tuple[dt.date, str, list[int]]]) -> str:
        """Without a measurement a figure is neither verified nor false: disputed, its last
        history entry made to say so (and a disputed one before it dropped)."""
        if status not in ("verified", "false"):
            return status
        when, _, cited = history.pop()
        if history[-1][1] == "disputed":
            history.pop()
        history.append((when, "disputed", cited))
        return "disputed"

    def report(self, m: Measure, product: str) -> None:
        self.reported.setdefault(m.source, []).append(
            m.sentence(self.sources[m.source].lang, product)
        )

    def claim_yaml(
        self,
        i: int,
        kind: str,
        status: str,
        fact: Fact,
        evidence: list[tuple[int, int]],
        history: list[tuple[dt.date, str, list[int]]],
        measures: Sequence[Measure] = (),
    ) -> Draft:
        rng = self.rng
        slots = fact.slots
        product = C.PRODUCTS[slots["product"]]
        company = C.COMPANIES[slots["company"]]
        # Each text as its sentences in every language, for its translations.
        said: Piece = (fact.text(0), fact.text(1), fact.text(2))
        if kind == "omission" and fact.bank == "fact" and fact.template in OMISSION_FACTS:
            parts = [said]
        elif kind == "omission":
            parts = [omission(rng.choice(OMISSIONS), product=product, company=company)]
        else:
            parts = [said]
            for _ in range(rng.choice((0, 0, 1, 2))):
                parts.append(piece(rng.choice(C.STATEMENT_TAILS)))
        statement = " ".join(p[0] for p in parts)
        cid = f"{_slug(product)}-{kind}-{i}"
        w = Writer("../schema/claim.schema.json")
        w.key(0, "statement", statement)
        w.open(0, "claimant")
        name, org, roles = C.EXECS[slots["exec"]]
        # The claimant's and the quantity's words in the three languages, for translations.
        names: list[tuple[tuple[str, str], Piece]] = []
        if kind == "quote" or rng.random() < 0.2:
            w.key(1, "name", name)
            w.key(1, "role", roles[0])
            w.key(1, "organisation", org)
            names += [
                (("claimant", "name"), same_name(name)),
                (("claimant", "role"), roles),
                (("claimant", "organisation"), same_name(org)),
            ]
        else:
            w.key(1, "name", company)
            names.append((("claimant", "name"), same_name(company)))
        w.key(0, "kind", kind)
        topics = sorted(set(rng.sample(C.TOPICS, rng.randint(1, 3))))
        w.items(0, "topics", topics, flow=True)
        conditions = ""
        if kind == "figure":
            spec = S.FIGURES[fact.template][0]
            raw = slots[spec[0]]
            w.open(0, "quantity")
            w.key(1, "value", raw / 100 if spec[0] == "price" else raw)
            w.key(1, "unit", spec[1])
            w.key(1, "bound", rng.choice(("exact", "up-to", "up-to", "about", "at-least")))
            w.key(1, "metric", spec[2])
            w.key(1, "baseline", spec[3])
            names.append((("quantity", "metric"), quantity_words(spec[2])))
            if spec[3]:
                names.append((("quantity", "baseline"), quantity_words(spec[3])))
            conditions = rng.choice(CONDITIONS) if rng.random() < 0.5 else ""
            w.key(1, "conditions", conditions)
        w.open(0, "evidence")
        for s, f in evidence:
            src = self.sources[s]
            w.key(1, "source", src.sid, first="- ")
            quoted = self.facts[f]
            w.key(2, "quote", quoted.text(src.lang))
            if src.lang:
                w.key(2, "translation", quoted.text(0))
                w.key(2, "translated_by", "machine" if rng.random() < 0.6 else "person")
            if self.tr is not None:
                self.tr.quote(w, 2, (quoted.text(0), quoted.text(1), quoted.text(2)), src.lang)
        if measures:
            self.measurements_yaml(w, measures, product)
        w.key(0, "status", status)
        w.open(0, "history")
        notes: list[tuple[dt.date, list[Piece]]] = []
        for date, entry, cited in history:
            w.key(1, "date", date, first="- ")
            w.key(2, "status", entry)
            note = [piece(n) for n in rng.sample(C.NOTES[entry], rng.randint(1, 2))]
            notes.append((date, note))
            w.key(2, "note", " ".join(p[0] for p in note))
            w.items(2, "evidence", [self.sources[s].sid for s in cited], flow=False)
        reasons = C.RATIONALES[status]
        rationale = [piece(r) for r in rng.sample(reasons, min(len(reasons), rng.randint(1, 3)))]
        w.key(0, "rationale", " ".join(p[0] for p in rationale))
        related = [
            j for j in rng.sample(range(self.n), min(self.n, rng.choice((0, 1, 1, 2, 3)))) if j != i
        ]
        head = w.text()
        w.lines = []
        if rng.random() < 0.05:
            w.items(0, "to_check", [self.sources[rng.randrange(len(self.sources))].sid], flow=False)
        stale = rng.random() < 0.01
        review = TODAY + dt.timedelta(days=rng.randint(30, 400))
        w.key(0, "review_by", dt.date(2026, 9, 30) if stale else review)
        if self.tr is not None:
            measured = [(m.date, piece(m.text) if m.text else None) for m in measures]
            self.tr.claim(
                w,
                parts,
                piece(conditions) if conditions else None,
                notes,
                rationale,
                measured,
                names,
            )
        return Draft(cid, head, related, w.text())

    def measurements_yaml(self, w: Writer, measures: Sequence[Measure], product: str) -> None:
        w.open(0, "measurements")
        for m in measures:
            w.key(1, "value", m.value, first="- ")
            w.key(2, "unit", m.unit)
            w.open(2, "conditions")
            if m.text:
                w.key(3, "text", m.text)
            w.key(3, "workload", m.workload)
            if m.output_tokens:
                w.key(3, "output_tokens", m.output_tokens)
            if m.concurrency:
                w.key(3, "concurrency", m.concurrency)
            w.key(3, "hardware", m.hardware)
            w.key(2, "measured_by", m.who)
            w.key(2, "date", m.date)
            w.open(2, "evidence")
            src = self.sources[m.source]
            w.key(2, "source", src.sid, first="- ")
            w.key(3, "quote", m.sentence(src.lang, product))
            if src.lang:
                w.key(3, "translation", m.sentence(0, product))
                w.key(3, "translated_by", "person")
            if self.tr is not None:
                said = (m.sentence(0, product), m.sentence(1, product), m.sentence(2, product))
                self.tr.quote(w, 3, said, src.lang)


def make(folder: Path, claims: int, languages: Sequence[str] = ()) -> None:
    """Write the tracker; ``languages``: further site languages (zh-Hant, fr), with a
    translation of every record into each (bench/make_translations.py)."""
    if folder.exists():
        shutil.rmtree(folder)
    (folder / "claims").mkdir(parents=True)
    (folder / "sources").mkdir()
    gen = Generator(claims, languages)
    (folder / "tracker.yaml").write_text(
        "# yaml-language-server: $schema=schema/tracker.schema.json\n"
        f"title: Launch claims of autumn 2026 ({claims:,} claims)\n"
        "description: >-\n"
        "  What the AI providers and their hardware partners claimed about speed, prices,\n"
        "  GPUs and availability, in whose words, and how far each claim has been checked.\n"
        "base_url: https://claims.example.org/\n"
        "language: en\n" + (gen.tr_sources.tracker(claims) if gen.tr_sources else ""),
        encoding="utf-8",
    )
    gen.make_sources()
    # Claims first: their measurements add sentences to the archives the sources hash.
    gen.write_claims(folder / "claims")
    gen.write_sources(folder / "sources")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument(
        "--languages",
        default="",
        help="further site languages, comma-separated (zh-Hant,fr): each record translated",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    make(args.folder, args.claims, [tag for tag in args.languages.split(",") if tag])
    print(f"wrote {args.claims} claims into {args.folder} in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
