"""Measurements of the synthetic tracker's figures (bench/make_tracker.py): a value, who
measured it and the sentence that reports it, in the measuring source's language.

The sentence is added to that source's archived text, so the measurement's evidence quotes
words that really stand there.  The value is drawn with the claim's status: within the
tolerance of the figure for a status that says it holds, far below it for false, both for
disputed; a vendor measuring its own product (same origin as the claim) leaves it
unverified, as check/measurements.py counts only independent measurements.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

LABS = (
    "OpenBench Lab",
    "Tokenmeter",
    "Inference Watch",
    "the Halden University HPC group",
    "LatencyLedger",
)
HARDWARE = ("8x H100", "8x B200", "4x MI355X", "GB200 NVL72", "1x L40S")
WORKLOADS = ("chat, 1k-token prompts", "RAG, 8k-token prompts", "code completion", "agent traces")
# {who} measured {value} {unit} for {product} on {hardware}: English, French, Chinese.
SENTENCES = (
    "In our tests, {who} measured {value} {unit} for {product} on {hardware}.",
    "Lors de nos tests, {who} a mesuré {value} {unit} pour {product} sur {hardware}.",
    "在我們的測試中，{who}在{hardware}上測得{product}為{value} {unit}。",
)
# Units a measurement may be reported in instead of the claim's, and the factor to it.
OTHER_UNITS = {"tokens/s": ("tokens/min", 60.0), "ms": ("s", 0.001)}


@dataclass(frozen=True)
class Measure:
    value: float
    unit: str
    who: str
    source: int  # the source whose archive reports it
    date: dt.date
    hardware: str
    workload: str
    output_tokens: int | None
    concurrency: int | None
    text: str = ""  # the conditions in plain words: a translatable field

    def sentence(self, lang: int, product: str) -> str:
        return SENTENCES[lang].format(
            who=self.who,
            value=shown(self.value, lang),
            unit=self.unit,
            product=product,
            hardware=self.hardware,
        )


def shown(value: float, lang: int) -> str:
    text = f"{value:g}" if value != int(value) else f"{int(value)}"
    return text.replace(".", ",") if lang == 1 else text


def factor(rng: random.Random, holds: bool) -> float:
    """A multiple of the claimed value: within half the default 10% tolerance below it
    when the figure holds (so every bound, up-to, at-least, about, exact, agrees), and
    25 to 50% short of it when it does not (so every bound is contradicted)."""
    return rng.uniform(0.96, 1.0) if holds else rng.uniform(0.5, 0.75)


def value_in(rng: random.Random, claimed: float, unit: str, holds: bool) -> tuple[float, str]:
    """The measured value and its unit; sometimes in a unit of the same dimension."""
    raw = claimed * factor(rng, holds)
    if unit in OTHER_UNITS and rng.random() < 0.25:
        other, times = OTHER_UNITS[unit]
        return round(raw * times, 4 if times < 1 else 0), other
    if unit == "x" or claimed < 10:
        # One decimal stays within 0.05 of the drawn value: at 1 or more, 5% at most,
        # so the ±10% band still holds; a claim below 1 keeps two decimals.
        return (round(raw, 2) if claimed < 1 else round(raw, 1)), unit
    return float(round(raw)), unit


def measure(
    rng: random.Random,
    claimed: float,
    unit: str,
    holds: bool,
    who: str,
    source: int,
    date: dt.date,
    text: str = "",
) -> Measure:
    value, shown_unit = value_in(rng, claimed, unit, holds)
    return Measure(
        value,
        shown_unit,
        who,
        source,
        date,
        rng.choice(HARDWARE),
        rng.choice(WORKLOADS),
        rng.choice((None, 256, 1000)),
        rng.choice((None, 1, 32)),
        text,
    )
