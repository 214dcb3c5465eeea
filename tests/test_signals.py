"""Signals of a checkable statement, per language (claimtrack coverage ranks by them)."""

from __future__ import annotations

import pytest

from claimtrack.check.coverage.signals import score, signals

NAMES = frozenset({"NVIDIA", "OpenAI"})

CASES = [
    # English
    (
        "Ultrafast is up to 8x faster than Standard.",
        {"multiplier", "bound", "number", "comparative", "named"},
    ),
    ("It grew 40% in 2025.", {"number", "date"}),
    ("NVIDIA did not disclose the price.", {"undisclosed", "named"}),
    ("The fastest mode ships on October 20.", {"comparative", "date", "number"}),
    ("It runs on GPT-6 and v6.1 today.", {"named"}),
    ("It is good.", set()),
    # French
    (
        "Il génère des jetons jusqu'à 8 fois plus vite que le mode Standard.",
        {"multiplier", "bound", "number", "comparative", "named"},
    ),
    ("La société ne précise pas le prix.", {"undisclosed"}),
    ("Le prix n'a pas été communiqué.", {"undisclosed"}),
    ("Aucun chiffre sur le débit.", {"undisclosed"}),
    ("C'est le plus rapide.", {"comparative"}),
    ("Le salon se tient le 20 octobre.", {"number", "date"}),
    # Traditional Chinese: no spaces, full-width digits, Chinese numerals
    (
        "模式的token生成速度最高可達Astra標準模式的8倍。",
        {"multiplier", "bound", "number", "named"},
    ),
    ("生成速度提升八倍。", {"multiplier"}),
    ("速度是原來的８倍。", {"multiplier", "number"}),
    ("原文沒有公佈具體價格。", {"undisclosed"}),
    ("價格未披露。", {"undisclosed"}),
    ("2026年10月1日，NVIDIA釋出文章。", {"number", "date", "named"}),
    ("響應更快，使用者體驗更流暢。", {"comparative"}),
    ("推理最佳化持續進行。", set()),
    ("價格超過預期。", {"bound"}),
    ("由OpenAI提供。", {"named"}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_signals_per_language(text: str, expected: set[str]) -> None:
    assert {s.name for s in signals(text, NAMES)} == expected


def test_strongest_first_and_score_is_the_sum_of_weights() -> None:
    found = signals("NVIDIA did not disclose the 8x figure.", NAMES)
    assert [s.name for s in found] == ["undisclosed", "multiplier", "number", "named"]
    assert score(found) == 5 + 4 + 3 + 1


def test_a_name_from_the_records_counts_at_the_start_of_a_sentence() -> None:
    # Capitalised words count only after the first word; known names count anywhere.
    assert signals("Acme ships it.") == ()
    assert [s.name for s in signals("Acme ships it.", frozenset({"Acme"}))] == ["named"]
