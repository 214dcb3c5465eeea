"""Regenerate the README's table of problem codes from the registry (src/claimtrack/codes.py).

    .venv/bin/python -m tests.regen_readme

tests/test_codes.py fails while the README's table differs from the registry.
"""

from __future__ import annotations

from pathlib import Path

from claimtrack.codes import markdown_table

README = Path(__file__).resolve().parent.parent / "README.md"
START = "<!-- problem codes: generated from src/claimtrack/codes.py by tests/regen_readme.py -->\n"
END = "<!-- end of problem codes -->\n"


def with_table(text: str) -> str:
    """``text`` (the README) with the table between the markers made anew."""
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    return before + START + markdown_table() + END + after


def main() -> None:
    README.write_text(with_table(README.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote the table of codes into {README}")


if __name__ == "__main__":
    main()
