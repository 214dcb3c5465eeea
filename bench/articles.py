"""Articles for the synthetic tracker: facts drawn from bench/corpus.py and the
archived texts that state them, in English, French and Traditional Chinese."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import corpus as C
import sentences as S


@dataclass
class Fact:
    """One statement an article can make: a template and its slot values."""

    bank: str  # figure | fact | saying
    template: int
    slots: dict[str, int]
    rendered: dict[int, str] = field(default_factory=dict)

    def text(self, lang: int) -> str:
        if lang not in self.rendered:
            self.rendered[lang] = render(self, lang)
        return self.rendered[lang]


def number(name: str, value: int, lang: int) -> str:
    if name == "price":
        whole = f"{value / 100:.2f}"
        return whole.replace(".", ",") if lang == 1 else whole
    return f"{value:,}".replace(",", " ") if lang == 1 else f"{value:,}"


def render(fact: Fact, lang: int) -> str:
    s = fact.slots
    execs = C.EXECS[s["exec"]]
    values = {
        "product": C.PRODUCTS[s["product"]],
        "company": C.COMPANIES[s["company"]],
        "company2": C.COMPANIES[s["company2"]],
        "gpu": C.GPUS[s["gpu"]],
        "exec": execs[0],
        "org": execs[1],
        "role": execs[2][lang],
        "where": C.WHERE[s["where"]][lang],
        "month": C.MONTHS[s["month"]][lang],
    }
    for name in ("n", "tps", "price", "pct", "ms", "count", "ctx"):
        values[name] = number(name, s[name], lang)
    if fact.bank == "figure":
        template = S.FIGURES[fact.template][1][lang]
    elif fact.bank == "fact":
        template = S.FACTS[fact.template][lang]
    else:
        template = S.SAYINGS[fact.template][lang]
    return template.format(**values)


def new_fact(rng: random.Random, bank: str) -> Fact:
    size = {"figure": len(S.FIGURES), "fact": len(S.FACTS), "saying": len(S.SAYINGS)}[bank]
    company = rng.randrange(len(C.COMPANIES))
    slots = {
        "product": rng.randrange(len(C.PRODUCTS)),
        "company": company,
        "company2": (company + rng.randrange(1, len(C.COMPANIES))) % len(C.COMPANIES),
        "gpu": rng.randrange(len(C.GPUS)),
        "exec": rng.randrange(len(C.EXECS)),
        "where": rng.randrange(len(C.WHERE)),
        "month": rng.randrange(12),
        "n": rng.randint(2, 12),
        "tps": rng.randrange(150, 4000, 10),
        "price": rng.choice((15, 40, 60, 125, 250, 300, 500, 800, 1000, 1500, 2500)),
        "pct": rng.randrange(5, 86),
        "ms": rng.randrange(40, 950, 5),
        "count": rng.choice((8, 64, 256, 1024, 4608, 10000, 32768, 100000)),
        "ctx": rng.choice((128, 200, 256, 512, 1000, 2000)),
    }
    return Fact(bank, rng.randrange(size), slots)


def archive_text(title: str, sentences: list[str], lang: int, rng: random.Random) -> bytes:
    joiner = "" if lang == 2 else " "
    paragraphs, i = [title], 0
    while i < len(sentences):
        step = rng.randint(2, 5)
        paragraphs.append(joiner.join(sentences[i : i + step]))
        i += step
    return ("\n\n".join(paragraphs) + "\n").encode("utf-8")
