"""A small YAML writer for the synthetic tracker: text as a person would type it.

yaml.safe_dump takes about as long as the whole benchmark it feeds at 100,000
claims, and writes every long string in one style.  This writes plain scalars
where YAML reads them back unchanged, double quotes (JSON escaping is valid
YAML) where it would not, and folded blocks (``>-``) for long prose.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import textwrap
from collections.abc import Sequence

# Plain when it cannot be read as anything but this text (YAML 1.1 and 1.2 alike).
_PLAIN = re.compile(r"^[A-Za-z\u00c0-\uffff][^\n\t]*$")
_RESERVED = frozenset({"true", "false", "null", "yes", "no", "on", "off", "y", "n"})
WRAP = 88

Value = str | int | float | dt.date | None


def scalar(value: Value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | dt.date):
        return str(value)
    text = value
    if (
        _PLAIN.match(text)
        and ": " not in text
        and " #" not in text
        and not text.endswith((":", " "))
        and text.lower() not in _RESERVED
    ):
        return text
    return json.dumps(text, ensure_ascii=False)


class Writer:
    """Lines of one YAML document; indentation is two spaces per level."""

    def __init__(self, schema: str) -> None:
        self.lines = [f"# yaml-language-server: $schema={schema}"]

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def comment(self, indent: int, text: str) -> None:
        self.lines.append(f"{'  ' * indent}# {text}")

    def key(self, indent: int, name: str, value: Value, *, first: str = "") -> None:
        """`name: value`; `first` is the list dash that starts an item ("- ")."""
        pad = "  " * indent + first
        if isinstance(value, str) and len(value) > WRAP and "\n" not in value:
            self.prose(pad, name, value, indent + (1 if first else 0))
            return
        rendered = scalar(value)
        self.lines.append(f"{pad}{name}: {rendered}" if rendered else f"{pad}{name}:")

    def prose(self, pad: str, name: str, value: str, indent: int) -> None:
        # Folding joins lines with one space: only text with single spaces survives it.
        if "  " in value or value != value.strip():
            self.lines.append(f"{pad}{name}: {json.dumps(value, ensure_ascii=False)}")
            return
        self.lines.append(f"{pad}{name}: >-")
        inner = "  " * (indent + 1)
        self.lines.extend(
            inner + line
            for line in textwrap.wrap(
                value, WRAP - len(inner), break_long_words=False, break_on_hyphens=False
            )
        )

    def open(self, indent: int, name: str, *, first: str = "") -> None:
        self.lines.append(f"{'  ' * indent}{first}{name}:")

    def items(self, indent: int, name: str, values: Sequence[Value], *, flow: bool) -> None:
        if not values:
            self.lines.append(f"{'  ' * indent}{name}: []")
        elif flow:
            self.lines.append(f"{'  ' * indent}{name}: [{', '.join(map(scalar, values))}]")
        else:
            self.open(indent, name)
            self.lines.extend(f"{'  ' * (indent + 1)}- {scalar(v)}" for v in values)
