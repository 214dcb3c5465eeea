"""The registry of problem codes: docs/codes.md shows it, and every code has a test of its own."""

from __future__ import annotations

from pathlib import Path

from claimtrack.codes import CODES, Code

from .regen_docs import CODES_DOC, END, START, with_table

TESTS = Path(__file__).resolve().parent


def test_every_code_is_registered_once_with_a_summary() -> None:
    assert set(CODES) == set(Code)
    assert all(info.summary and "|" not in info.summary for info in CODES.values())


def test_the_docs_table_is_made_from_the_registry() -> None:
    text = CODES_DOC.read_text(encoding="utf-8")
    assert START in text and END in text, "docs/codes.md lost the markers around its table"
    assert text == with_table(text), (
        "the table is stale: run `.venv/bin/python -m tests.regen_docs`"
    )


def test_every_code_has_a_test_of_its_own() -> None:
    """A test names the code it expects: as "the-code", [the-code] or Code.THE_CODE."""
    sources = [
        p.read_text(encoding="utf-8")
        for p in TESTS.rglob("*.py")
        if p.name not in ("test_codes.py", "regen_docs.py")
    ]
    text = "\n".join(sources)
    untested = [
        code.value
        for code in Code
        if f'"{code.value}"' not in text
        and f"[{code.value}]" not in text
        and f"Code.{code.name}" not in text
    ]
    assert untested == [], f"codes without a test of their own: {untested}"
