"""Units of measurements: is a measured value comparable with the claimed one, and what is it
in the claim's unit?

Conversions are pint's (tokens/s and tokens/min, ms and s), never a table of our own.
pint takes a noticeable part of a second to import and to build its registry, so both
happen only when a tracker compares two differently written units, once per process, and
the check store (check/store.py) keeps its answers between runs.
The ratio unit ``x`` (a multiple, "8x faster") is not a physical unit: it compares only
with itself.
"""

from __future__ import annotations

import re
import tokenize
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pint import UnitRegistry

RATIO_UNITS = frozenset({"x", "×"})
# What a unit may be written as before pint reads it: words (tokens, s, %, µs) joined by
# "/", "*", "·", "per" or spaces, with whole powers.  pint's parser raises a dozen kinds
# of exception on other text ("2**", "s)", "1/0"); this keeps it to its own.
_UNIT_TEXT = re.compile(
    r"\s*[A-Za-z_%µμ°]+(?:\s*(?:\^|\*\*)\s*-?[0-9]+)?"
    r"(?:\s*(?:/|\*|·|\s)\s*[A-Za-z_%µμ°]+(?:\s*(?:\^|\*\*)\s*-?[0-9]+)?)*\s*"
)

_registry: UnitRegistry[Any] | None = None


def registry() -> UnitRegistry[Any]:
    """The one unit registry, made on first use: pint's units and ``token``."""
    global _registry
    if _registry is None:
        from pint import UnitRegistry

        made: UnitRegistry[Any] = UnitRegistry()
        # A token is a count of its own kind: tokens/s converts to tokens/min, not to 1/s.
        made.define("token = [token] = tok")
        _registry = made
    return _registry


def pint_version() -> str:
    """pint's version, without importing it: another version may convert otherwise."""
    # importlib.metadata, here: 9 ms of imports (email, zipfile, csv) that a run asking no
    # conversion (most runs with a cache: check/store.Results) never pays.
    from importlib import metadata

    return metadata.version("pint")


def same_unit(a: str, b: str) -> bool:
    return a.strip() == b.strip()


def converted(value: float, unit: str, target: str) -> float | None:
    """``value`` in ``unit`` expressed in ``target``; None when the two cannot be compared
    (not units pint knows, of different dimensions, or a ratio with anything but itself)."""
    if same_unit(unit, target):
        return value
    if unit.strip() in RATIO_UNITS or target.strip() in RATIO_UNITS:
        return None
    if not (_UNIT_TEXT.fullmatch(unit) and _UNIT_TEXT.fullmatch(target)):
        return None
    from pint.errors import PintError

    units = registry()
    try:
        magnitude = units.Quantity(value, unit).to(target).magnitude
    except (PintError, ValueError, ArithmeticError, AssertionError, tokenize.TokenError):
        return None
    return float(magnitude)
