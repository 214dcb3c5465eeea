"""The translation part of the records: fingerprints, entry keys and field states."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from pydantic import ValidationError

from claimtrack.records import Claim, Source, TrackerSettings
from claimtrack.records.translated import (
    claim_fields,
    history_keys,
    quote_state,
    source_fields,
    tracker_fields,
)
from claimtrack.records.translations import entry_keys, fingerprint


def claim(**extra: Any) -> Claim:
    data: dict[str, Any] = {
        "statement": "Up to 8x faster token generation.",
        "claimant": {"name": "NVIDIA"},
        "kind": "figure",
        "quantity": {"value": 8, "unit": "x", "bound": "up-to", "metric": "speed"},
        "evidence": [{"source": "blog", "quote": "up to 8x faster"}],
        "status": "unverified",
        "history": [
            {"date": "2026-10-01", "status": "unverified", "note": "Recorded."},
            {"date": "2026-10-01", "status": "unverified", "note": "Second look."},
        ],
        "rationale": "A vendor's own figure.",
    }
    data.update(extra)
    return Claim.model_validate(data)


def test_a_fingerprint_ignores_wrapping_and_unicode_form_but_not_words() -> None:
    text = "Up to 8x faster\ntoken   generation."
    assert fingerprint(text) == fingerprint(" Up to 8x faster token generation. ")
    assert fingerprint("café") == fingerprint("cafe\u0301")
    assert fingerprint(text) != fingerprint("Up to 6x faster token generation.")
    assert len(fingerprint(text)) == 12


def test_entry_keys_number_a_date_s_later_entries_and_never_shift_earlier_ones() -> None:
    d1, d2 = dt.date(2026, 10, 1), dt.date(2026, 10, 5)
    assert entry_keys([d1, d1, d2, d1]) == [
        "2026-10-01",
        "2026-10-01#2",
        "2026-10-05",
        "2026-10-01#3",
    ]
    # An entry added at the end leaves every key before it as it was.
    assert entry_keys([d1, d1, d2]) == entry_keys([d1, d1, d2, d2])[:3]
    assert history_keys(claim()) == ["2026-10-01", "2026-10-01#2"]


def test_a_claim_s_fields_are_current_stale_missing_or_orphan() -> None:
    c = claim()
    done = claim(
        translations={
            "fr": {
                "translated_by": "machine",
                "statement": "Génération de jetons jusqu'à 8x plus rapide.",
                "rationale": "Un chiffre du fabricant.",
                "history": {"2026-10-01": "Enregistré.", "2027-01-01": "Rien."},
                "made_from": {
                    "statement": fingerprint(c.statement),
                    "rationale": fingerprint("An older rationale."),
                    "history": {"2026-10-01": fingerprint("Recorded.")},
                },
            }
        }
    )
    states = {f.path: f.state for f in claim_fields(done, "fr")}
    assert states == {
        ("statement",): "current",
        ("claimant", "name"): "missing",
        ("quantity", "metric"): "missing",
        ("history", "2026-10-01"): "current",
        ("history", "2026-10-01#2"): "missing",
        ("rationale",): "stale",
        ("history", "2027-01-01"): "orphan",
    }
    # The empty conditions need no translation; in another language all is missing.
    assert {f.state for f in claim_fields(done, "zh-Hant")} == {"missing"}
    assert all(f.translated_by is not None for f in claim_fields(done, "fr"))


def test_a_claimant_s_and_a_quantity_s_words_are_current_stale_missing_or_orphan() -> None:
    person = {"name": "Philippe Tillet", "role": "Head of inference", "organisation": "OpenAI"}
    quantity = {
        "value": 8,
        "unit": "x",
        "bound": "up-to",
        "metric": "speed",
        "baseline": "Standard",
    }
    c = claim(claimant=person, quantity=quantity)
    done = claim(
        claimant=person,
        quantity={**quantity, "baseline": "Standard mode"},
        translations={
            "zh-Hant": {
                "translated_by": "person",
                "claimant": {"name": "Philippe Tillet", "role": "推論負責人"},
                "quantity": {"metric": "速度", "baseline": "標準模式"},
                "made_from": {
                    "claimant": {
                        "name": fingerprint(c.claimant.name),
                        "role": fingerprint("Head of inference"),
                    },
                    "quantity": {
                        "metric": fingerprint("speed"),
                        "baseline": fingerprint("Standard"),
                    },
                },
            }
        },
    )
    fields = {f.path: f for f in claim_fields(done, "zh-Hant")}
    assert {path: f.state for path, f in fields.items() if path[0] in ("claimant", "quantity")} == {
        ("claimant", "name"): "current",
        ("claimant", "role"): "current",
        ("claimant", "organisation"): "missing",
        ("quantity", "metric"): "current",
        ("quantity", "baseline"): "stale",  # its original changed since
    }
    assert fields[("claimant", "role")].text == "推論負責人"
    # A role translated for a claimant who has none has no original: an orphan.
    orphan = claim(translations={"fr": {"translated_by": "person", "claimant": {"role": "PDG"}}})
    assert {f.path: f.state for f in claim_fields(orphan, "fr")}[("claimant", "role")] == "orphan"


def test_a_source_s_publisher_is_translated_like_its_notes() -> None:
    source = Source.model_validate(
        {
            "title": "Résumé",
            "publisher": "Le Fil IA",
            "language": "fr",
            "kind": "summary",
            "translations": {
                "zh-Hant": {
                    "translated_by": "machine",
                    "publisher": "Le Fil IA",
                    "made_from": {"publisher": fingerprint("Le Fil IA")},
                }
            },
        }
    )
    assert {f.path: f.state for f in source_fields(source, "zh-Hant")} == {
        ("publisher",): "current"
    }
    assert {f.path: f.state for f in source_fields(source, "fr")} == {("publisher",): "missing"}


def test_a_translation_without_translated_by_or_with_blank_text_is_invalid() -> None:
    with pytest.raises(ValidationError, match="translated_by"):
        claim(translations={"fr": {"statement": "x"}})
    with pytest.raises(ValidationError, match="statement"):
        claim(translations={"fr": {"translated_by": "person", "statement": " \u200b "}})
    with pytest.raises(ValidationError):
        claim(translations={"fr": {"translated_by": "person", "history": {"1 Oct": "x"}}})


def test_a_quote_translation_is_stale_once_the_quote_changed() -> None:
    made = {"text": "jusqu'à 8x", "translated_by": "machine", "made_from": fingerprint("up to 8x")}
    c = claim(
        evidence=[{"source": "blog", "quote": "up to 8x faster", "translations": {"fr": made}}]
    )
    state = quote_state(c.evidence[0], "fr")
    assert state is not None and state.state == "stale"
    assert quote_state(c.evidence[0], "zh-Hant") is None


def test_a_source_s_title_is_translated_only_when_written() -> None:
    source = Source.model_validate(
        {"title": "原文", "language": "zh-Hant", "kind": "report", "notes": "Read in full."}
    )
    assert [f.path for f in source_fields(source, "fr")] == [("notes",)]


def test_the_site_languages_are_the_main_one_then_the_translations_in_order() -> None:
    settings = TrackerSettings.model_validate(
        {
            "language": "en",
            "translations": {
                "zh-Hant": {"translated_by": "machine", "title": "追蹤"},
                "fr": {"translated_by": "person"},
            },
        }
    )
    assert settings.site_languages == ("en", "zh-Hant", "fr")
    assert [f.state for f in tracker_fields(settings, "zh-Hant")] == ["stale"]
