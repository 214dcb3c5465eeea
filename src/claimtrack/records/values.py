"""The values of records: ids, text, language tags, addresses, dates, numbers, short forms.

Each is a type (pydantic Annotated) with the one rule that says what it accepts; the
commands use the same rules for their arguments (``--today``, ids).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Annotated
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BeforeValidator,
    GetCoreSchemaHandler,
    StringConstraints,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError, core_schema

# The id and date rules are plain text rules (textrules): the command line parses --today
# and lists the tracker's files without importing pydantic.  Re-exported: their home here.
from ..textrules import (
    DATE_PATTERN,
    DECIMAL,
    ID_MAX,
    ID_PATTERN,
    ID_RULE,
    VISIBLE_PATTERN,
    is_record_id,
    parse_date,
)

__all__ = ["DATE_PATTERN", "ID_MAX", "ID_PATTERN", "ID_RULE", "is_record_id", "parse_date"]


# BCP 47 language tag: language, optional script, optional region, variants.
LANG_PATTERN = (
    r"^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?"
    r"(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$"
)
SHA256_PATTERN = r"^[0-9a-f]{64}$"

RecordId = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=ID_MAX)]
# A required text: something to read, not only white space or invisible characters.
# The check is a pattern so that it runs inside pydantic-core: a Python validator
# on every text of 10,000 claims would cost more than all the other checks.
# Editors get the plain-space version of the rule.
Text = Annotated[
    str,
    StringConstraints(pattern=VISIBLE_PATTERN),
    WithJsonSchema({"type": "string", "minLength": 1, "pattern": r"\S"}),
]
LanguageTag = Annotated[str, StringConstraints(pattern=LANG_PATTERN)]
Topic = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=60)]


# A port as an address writes one: at most five ASCII digits (urllib would take "٣" or
# "1_0" as digits, or say nothing of 99999 until the address is used).
_PORT = re.compile(r"[0-9]{1,5}")
_URL_EXAMPLE = "as https://example.com/page"


def url_problem(value: str) -> tuple[str, str] | None:
    """What makes ``value`` no http(s) address a browser could open (the message and a
    hint), or None: the one ``url`` rule, for records and for the addresses commands take."""
    try:
        parts = urlsplit(value)
        host = parts.hostname
    except ValueError:  # "http://[::1/", "http://[zz]/"
        return (
            "the host in brackets is not an IPv6 address",
            "write an IPv6 address in brackets, as http://[2001:db8::1]/, or the host's name",
        )
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in value):
        return (
            "must be an absolute http:// or https:// URL",
            f"write the whole address, {_URL_EXAMPLE}",
        )
    if not host:
        return "the address has no host", f"write the host's name after //, {_URL_EXAMPLE}"
    # The port: what follows the last ':' after the host ("[::1]:80": after the bracket).
    after_host = parts.netloc.rpartition("@")[2].rpartition("]")[2]
    port = after_host.partition(":")[2] if ":" in after_host else ""
    if port and not (_PORT.fullmatch(port) and 1 <= int(port) <= 65535):
        return (
            "the port must be a whole number from 1 to 65535",
            f"leave the port out unless the address has one, {_URL_EXAMPLE}",
        )
    return None


def _http_url(value: str) -> str:
    problem = url_problem(value)
    if problem is not None:
        # The hint goes in the context, where load/validation finds it; the message names
        # no part of the address, which a template would read as a placeholder ({x}).
        raise PydanticCustomError("http_url", problem[0], {"hint": problem[1]})
    return value


def is_http_url(value: str) -> bool:
    """The ``url`` rule as a test: an absolute http(s) address a browser could open."""
    return url_problem(value) is None


HttpUrl = Annotated[str, AfterValidator(_http_url)]


class _IsoDateSchema:
    """Text of the form YYYY-MM-DD, then a day that exists: both steps in pydantic-core.

    pydantic's own date takes a Unix time (1764460800) or a midnight date-time
    too.  A Python validator would do, but it costs twice the time of the
    date itself on every date of every record.
    """

    def __get_pydantic_core_schema__(
        self, source: object, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.chain_schema(
            [
                core_schema.custom_error_schema(
                    core_schema.str_schema(strict=True, pattern=DATE_PATTERN),
                    custom_error_type="iso_date",
                    custom_error_message="expected a date written YYYY-MM-DD",
                ),
                core_schema.custom_error_schema(
                    core_schema.date_schema(),
                    custom_error_type="iso_date",
                    custom_error_message="no such day in the calendar",
                ),
            ]
        )


IsoDate = Annotated[dt.date, _IsoDateSchema(), WithJsonSchema({"type": "string", "format": "date"})]

# A number as YAML 1.2 writes one (textrules.DECIMAL).  The loader keeps numbers as text;
# pydantic alone would also take 1_000, " 3 ", true (as 1), nan and inf.
_NOT_FINITE = re.compile(r"[-+]?\.?(?:nan|inf|infinity)", re.IGNORECASE)
_FLOAT_MAX = 1.7976931348623157e308


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    return "a mapping" if isinstance(value, dict) else f"a {type(value).__name__}"


def _finite_number(value: object) -> float:
    number: float
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise PydanticCustomError("float_type", f"expected a number, not {_kind(value)}")
    if isinstance(value, str):
        if DECIMAL.fullmatch(value):
            number = float(value)
        elif _NOT_FINITE.fullmatch(value):
            number = math.nan
        else:
            raise PydanticCustomError(
                "float_parsing", f"expected a number such as 8 or 2.5, not {value!r}"
            )
    else:
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
    if not math.isfinite(number):
        raise PydanticCustomError("finite_number", f"must be a finite number, not {value}")
    return number


# The schema's bounds make an editor flag .inf and 1e400; nothing in JSON Schema refuses NaN.
FiniteNumber = Annotated[
    float,
    BeforeValidator(_finite_number),
    WithJsonSchema({"type": "number", "minimum": -_FLOAT_MAX, "maximum": _FLOAT_MAX}),
]


def _positive_int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise PydanticCustomError("int_type", f"expected a whole number, not {_kind(value)}")
    if isinstance(value, str):
        if not _WHOLE.fullmatch(value):
            raise PydanticCustomError(
                "int_parsing", f"expected a whole number such as 512, not {value!r}"
            )
        value = int(value)
    if value < 1:
        raise PydanticCustomError("greater_than", f"must be 1 or more, not {value}")
    return value


_WHOLE = re.compile(r"\+?[0-9]{1,18}")
PositiveInt = Annotated[
    int,
    BeforeValidator(_positive_int),
    WithJsonSchema({"type": "integer", "minimum": 1}),
]


def _tolerance(value: object) -> float:
    number = _finite_number(value)
    if not 0 <= number < 1:
        raise PydanticCustomError(
            "tolerance_range", f"a fraction from 0 to below 1 (0.1 is 10%), not {value}"
        )
    return number


DEFAULT_TOLERANCE = 0.1
Tolerance = Annotated[
    float,
    BeforeValidator(_tolerance),
    WithJsonSchema({"type": "number", "minimum": 0, "exclusiveMaximum": 1}),
]


def text_as_mapping(value: object) -> object:
    """Text as the mapping ``{"text": ...}``, a mapping (or anything else) as it is.

    For a field whose mapping has a ``text`` that is often all there is to say
    (``conditions: chat workload``): the record then holds the mapping alone.
    """
    if isinstance(value, str):
        return {"text": value}
    if isinstance(value, (list, bool)):
        # Said here, as pydantic would only say "expected a mapping".
        raise PydanticCustomError(
            "text_or_mapping_type", f"expected text or a mapping of fields, not {_kind(value)}"
        )
    return value


_LANGUAGE_TAG = re.compile(LANG_PATTERN)


def canonical_tag(tag: str) -> str | None:
    """``tag`` in the case BCP 47 writes it (RFC 5646, 2.1.1): the language in lower case,
    a script in title case, a region in upper case, variants in lower case (``zh-hant``
    is ``zh-Hant``, ``EN`` is ``en``, ``pt-br`` is ``pt-BR``); None when it is no tag
    (LANG_PATTERN).  BCP 47 tags compare without case, a YAML key does not (a record's
    ``zh-hant:`` is not tracker.yaml's ``zh-Hant:``): every tag a command is given is
    written this one way."""
    if not _LANGUAGE_TAG.fullmatch(tag):
        return None
    first, *rest = tag.split("-")
    subtags = [first.lower()]
    for sub in rest:
        # By LANG_PATTERN's shape, four letters are the script and two the region.
        if len(sub) == 4 and sub.isalpha():
            subtags.append(sub.title())
        elif len(sub) == 2:
            subtags.append(sub.upper())
        else:
            subtags.append(sub.lower())
    return "-".join(subtags)
