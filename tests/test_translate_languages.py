"""Language tags as the commands take them: in BCP 47's case whatever case they are typed
in, never a key `check` rejects nor a second block of one language (issue 25, defect 1);
and a text in a variant of a language needs no translation into it (defect 13)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from claimtrack.i18n import same_language
from claimtrack.records.values import canonical_tag
from claimtrack.web.page import page_facts

from .conftest import TODAY, Result

Run = Callable[..., Result]
Tracker = Callable[[str], Path]


def _translate(run_cli: Run, root: Path, *args: str) -> Result:
    return run_cli("translate", *args, "--root", root, "--today", TODAY)


def _files(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(root.rglob("*.yaml"))}


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("zh-hant", "zh-Hant"),
        ("ZH-HANT-tw", "zh-Hant-TW"),
        ("EN", "en"),
        ("pt-br", "pt-BR"),
        ("es-419", "es-419"),
        ("sr-latn-rs", "sr-Latn-RS"),
        ("de-CH-1996", "de-CH-1996"),
        ("fr", "fr"),
        ("fr_FR", None),
        ("english", None),
        ("en\n", None),
    ],
)
def test_a_tag_in_bcp47_s_case(typed: str, canonical: str | None) -> None:
    assert canonical_tag(typed) == canonical


def test_a_tag_typed_in_any_case_is_written_in_bcp47_s(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    declared = _translate(run_cli, root, "--tracker", "--language", "zh-hant")
    assert declared.code == 0, declared.output
    assert declared.out.startswith("tracker.yaml: zh-Hant: added title, description;")
    settings = (root / "tracker.yaml").read_text(encoding="utf-8")
    assert "\n  zh-Hant:\n" in settings and "zh-hant" not in settings
    claim = _translate(run_cli, root, "half", "--language", "ZH-HANT")
    assert claim.out.startswith("claims/half.yaml: zh-Hant: added statement"), claim.output
    assert "\n  zh-Hant:\n" in (root / "claims/half.yaml").read_text(encoding="utf-8")
    # Half done, `check` has empty values to say, and nothing against the keys' case.
    checked = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    codes = {p["code"] for p in json.loads(checked.out)}
    assert codes == {"empty-value"}, checked.out


def test_a_declared_key_in_other_capitals_is_renamed_first_never_doubled(
    run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    settings = root / "tracker.yaml"
    settings.write_text(
        settings.read_text(encoding="utf-8") + "  zh-hant:\n    title: 火箭二號\n"
        "    translated_by: machine\n",
        encoding="utf-8",
    )
    before = _files(root)
    rename = "tracker.yaml's translations: has it as 'zh-hant', which BCP 47 writes 'zh-Hant'"
    for args in (
        ("--tracker", "--language", "zh-Hant"),  # it would add a second block
        ("--tracker", "--language", "zh-hant"),  # the old key's spelling is read as zh-Hant
        ("half", "--language", "zh-hant"),
        ("half", "--language", "zh-Hant"),
    ):
        refused = _translate(run_cli, root, *args)
        assert refused.code == 2, (args, refused.output)
        assert rename in refused.err and "rename that key to zh-Hant" in refused.err
        assert "did you mean 'zh-hant'" not in refused.err  # a hint that would loop
    report = run_cli("translations", "--root", root, "--today", TODAY, "--language", "zh-hant")
    assert report.code == 2 and rename in report.err
    assert _files(root) == before
    # The hint followed: the key renamed, the language is translated under it.
    settings.write_text(
        settings.read_text(encoding="utf-8").replace("  zh-hant:", "  zh-Hant:"), encoding="utf-8"
    )
    done = _translate(run_cli, root, "half", "--language", "zh-hant")
    assert done.code == 0 and done.out.startswith("claims/half.yaml: zh-Hant: added")


def test_a_record_s_block_in_other_capitals_is_not_doubled(run_cli: Run, tracker: Tracker) -> None:
    root = tracker("translate")
    assert _translate(run_cli, root, "--tracker", "--language", "zh-Hant").code == 0
    half = root / "claims/half.yaml"
    half.write_text(
        half.read_text(encoding="utf-8").replace(
            "  # zh-Hant: to do\n", "  zh-hant:\n    translated_by: machine\n"
        ),
        encoding="utf-8",
    )
    comments = root / "claims/comments.yaml"
    quote = "    quote: It runs up to 3x faster than Rocket 1\n"
    comments.write_text(
        comments.read_text(encoding="utf-8").replace(
            quote, quote + "    translations: {zh-hant: {text: 快三倍, translated_by: machine}}\n"
        ),
        encoding="utf-8",
    )
    before = _files(root)
    refused = _translate(run_cli, root, "half", "--language", "zh-Hant")
    assert refused.code == 1
    assert refused.err == (
        "claimtrack: claims/half.yaml: translations: has 'zh-hant', which BCP 47 writes "
        "'zh-Hant'; rename that key to zh-Hant first (a second block of the language would "
        "be added)\n"
    )
    quotes = _translate(run_cli, root, "comments", "--language", "zh-Hant", "--quotes")
    assert quotes.code == 1 and "evidence/0's translations: has 'zh-hant'" in quotes.err
    assert _files(root) == before


def test_init_writes_the_language_in_bcp47_s_case(run_cli: Run, tmp_path: Path) -> None:
    for typed, written in (("zh-hant", "zh-Hant"), ("EN", "en"), ("fr-ca", "fr-CA")):
        root = tmp_path / typed
        assert run_cli("init", root, "--language", typed).code == 0
        settings = yaml.safe_load((root / "tracker.yaml").read_text(encoding="utf-8"))
        assert settings["language"] == written


def test_a_page_s_language_is_kept_in_bcp47_s_case() -> None:
    facts = page_facts('<html lang="zh-tw"><body><p>x</p></body></html>', dt.date(2026, 1, 1))
    assert facts.language == "zh-TW"  # its region as written: no script guessed


@pytest.mark.parametrize(
    ("text", "reader", "same"),
    [
        ("zh-TW", "zh-Hant", True),  # Taiwan writes Traditional Chinese (CLDR likely subtags)
        ("zh-HK", "zh-Hant", True),
        ("zh-CN", "zh-Hans", True),
        ("zh", "zh-Hans", True),
        ("fr-CA", "fr", True),
        ("en-GB", "en", True),
        ("ZH-tw", "zh-hant", True),
        ("zh-TW", "zh-CN", False),
        ("zh-Hant", "zh-Hans", False),
        ("zh", "zh-Hant", False),
        ("sr-Latn", "sr", False),  # Serbian is Cyrillic unless said otherwise
        ("fr", "en", False),
        ("qaa", "qaa", True),  # unknown to CLDR: compared as written
        ("qaa", "qab", False),
    ],
)
def test_a_text_in_a_variant_of_a_language_is_in_that_language(
    text: str, reader: str, same: bool
) -> None:
    assert same_language(text, reader) is same
    assert same_language(reader, text) is same


@pytest.mark.parametrize(("source", "target"), [("fr-CA", "fr"), ("zh-TW", "zh-Hant")])
def test_a_quote_in_a_variant_of_the_language_gets_no_translation_into_it(
    source: str, target: str, run_cli: Run, tracker: Tracker
) -> None:
    root = tracker("translate")
    if target != "fr":
        assert _translate(run_cli, root, "--tracker", "--language", target).code == 0
    report = root / "sources/fr-report.yaml"
    report.write_text(
        report.read_text(encoding="utf-8").replace("language: fr", f"language: {source}"),
        encoding="utf-8",
    )
    done = _translate(run_cli, root, "comments", "--language", target, "--quotes")
    assert done.code == 0, done.output
    # Lines 19 (acme-post, English) and 32 (bench-weekly): fr-report's quote (line 21) is
    # in the language already.
    assert "the quotes of lines 19, 32;" in done.out
    data = yaml.safe_load((root / "claims/comments.yaml").read_text(encoding="utf-8"))
    english, variant = data["evidence"]
    assert list(english["translations"]) == [target]
    assert "translations" not in variant
