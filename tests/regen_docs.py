"""Regenerate the generated parts of the docs: the table of problem codes in docs/codes.md,
made from the registry (src/claimtrack/codes.py).

    .venv/bin/python -m tests.regen_docs

tests/test_codes.py fails while the table in docs/codes.md differs from the registry.
"""

from __future__ import annotations

from pathlib import Path

from claimtrack.codes import markdown_table

CODES_DOC = Path(__file__).resolve().parent.parent / "docs" / "codes.md"
START = "<!-- problem codes: generated from src/claimtrack/codes.py by tests/regen_docs.py -->\n"
END = "<!-- end of problem codes -->\n"


def with_table(text: str) -> str:
    """``text`` (docs/codes.md) with the table between the markers made anew."""
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    return before + START + markdown_table() + END + after


def main() -> None:
    CODES_DOC.write_text(with_table(CODES_DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote the table of codes into {CODES_DOC}")


if __name__ == "__main__":
    main()
